/* bk-herzla-broken-dialog.h: a Beddl or Mord broken before the hand's end (H4.3, H4.4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_BROKEN_DIALOG (bk_herzla_broken_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaBrokenDialog, bk_herzla_broken_dialog, BK, HERZLA_BROKEN_DIALOG,
                      AdwMessageDialog)

char             *bk_herzla_dup_broken_text   (BkGame             *game,
                                               BkSeat              taker,
                                               const char * const *names);
AdwMessageDialog *bk_herzla_broken_dialog_new (GtkWindow          *parent,
                                               BkGame             *game,
                                               const char         *text);

G_END_DECLS
