/* bk-bollen-history.h: the hands of the current Bollen, with the cards the person held.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-card-theme.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_BOLLEN_HISTORY (bk_bollen_history_get_type ())

G_DECLARE_FINAL_TYPE (BkBollenHistory, bk_bollen_history, BK, BOLLEN_HISTORY, AdwMessageDialog)

GtkWidget   *bk_bollen_history_new      (GtkWindow       *parent,
                                         BkGame          *game,
                                         BkCardTheme     *theme,
                                         GArray          *results);
char        *bk_bollen_history_dup_text (BkBollenHistory *self);

G_END_DECLS
