/* bk-new-session-dialog.h: "Start a new session?": which game, in which form and with the
 * form's options (the games' views say them), before the current session is lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_NEW_SESSION_DIALOG (bk_new_session_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkNewSessionDialog, bk_new_session_dialog, BK, NEW_SESSION_DIALOG,
                      AdwMessageDialog)

BkNewSessionDialog *bk_new_session_dialog_new      (GtkWindow          *parent);
BkNewSessionDialog *bk_new_session_dialog_new_for  (GtkWindow          *parent,
                                                    const char         *current_game);
const char         *bk_new_session_dialog_get_game (BkNewSessionDialog *self);
void                bk_new_session_dialog_set_game (BkNewSessionDialog *self,
                                                    const char         *game);
void                bk_new_session_dialog_apply    (BkNewSessionDialog *self);
void                bk_new_session_dialog_close_over (GtkWindow        *parent);

G_END_DECLS
