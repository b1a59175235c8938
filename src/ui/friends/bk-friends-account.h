/* bk-friends-account.h: the app's account (bk-account.h) as a table with friends asks for
 * it: its client once online, or, when no account is saved yet, Preferences on its Friends
 * page with a line saying why, and the client once the person has signed in there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-xmpp-client.h"

G_BEGIN_DECLS

/* Connects bk_account_get_default(). With no account (BK_ACCOUNT_ERROR_NO_ACCOUNT) and
 * @show_page, shows Preferences over @parent on the page "friends" and waits for the person
 * to sign in; closing Preferences first ends with that NO_ACCOUNT error. */
void          bk_friends_account_connect_async  (GtkWindow           *parent,
                                                 gboolean             show_page,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
/* The connected client (transfer full), or the account's error in a person's words. */
BkXmppClient *bk_friends_account_connect_finish (GAsyncResult        *result,
                                                 GError             **error);

G_END_DECLS
