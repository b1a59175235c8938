/* bk-new-session-dialog.h: "Start a new session?", before the current one is lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_NEW_SESSION_DIALOG (bk_new_session_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkNewSessionDialog, bk_new_session_dialog, BK, NEW_SESSION_DIALOG,
                      AdwMessageDialog)

BkNewSessionDialog *bk_new_session_dialog_new (GtkWindow *parent);

G_END_DECLS
