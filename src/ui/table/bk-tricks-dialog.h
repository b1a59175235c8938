/* bk-tricks-dialog.h: the tricks of this hand the person may look at, as small cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-card-theme.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_TRICKS_DIALOG (bk_tricks_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkTricksDialog, bk_tricks_dialog, BK, TRICKS_DIALOG, AdwMessageDialog)

GtkWidget   *bk_tricks_dialog_new      (GtkWindow          *parent,
                                        BkGame             *game,
                                        BkCardTheme        *theme,
                                        const char * const *names);
char        *bk_tricks_dialog_dup_text (BkTricksDialog     *self);
void         bk_tricks_dialog_keep_last_trick (AdwMessageDialog   *dialog,
                                               BkGame             *game,
                                               BkCardTheme        *theme,
                                               const char * const *names);

G_END_DECLS
