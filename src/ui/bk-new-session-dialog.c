/* bk-new-session-dialog.c: the confirmation before a new session wipes the coasters;
 * responds "new" or "cancel" (the default).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-new-session-dialog.h"

struct _BkNewSessionDialog
{
  AdwMessageDialog parent_instance;
};

G_DEFINE_FINAL_TYPE (BkNewSessionDialog, bk_new_session_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_new_session_dialog_class_init (BkNewSessionDialogClass *klass)
{
}

static void
bk_new_session_dialog_init (BkNewSessionDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);

  adw_message_dialog_set_heading (dialog, _("Start a New Session?"));
  adw_message_dialog_set_body (dialog, _("The coasters are wiped and seats are drawn again. "
                                         "The current session is lost."));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "new", _("_New Session"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "new", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
}

BkNewSessionDialog *
bk_new_session_dialog_new (GtkWindow *parent)
{
  return g_object_new (BK_TYPE_NEW_SESSION_DIALOG, "transient-for", parent, NULL);
}
