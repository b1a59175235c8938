/* bk-friends-kept.c: at the start, the table the host kept for later (hostquit, issue 24)
 * opens again only when the host says so: a question over the window, Reopen, Close the
 * Table or Later. Until the host answers, and after Later, the guests are told what is
 * true: the table waits for its host (the guests' ::host-away). Close takes the table up
 * in its room only to tell them it is over, then leaves; Later asks again at the next
 * start. See bk-friends.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-account.h"
#include "bk-friends-link.h"
#include "bk-friends.h"
#include "bk-lobby.h"

#define CLOSING "bk-friends-kept-closing"

/* The kept table, or NULL (with a line in the log) when there is none to take up. */
static GKeyFile *
load_kept (void)
{
  g_autofree char *path = bk_friends_dup_resume_path ();
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error))
    {
      g_message ("The kept table cannot be read: %s", error->message);
      return NULL;
    }
  return g_steal_pointer (&file);
}

/* The link of the kept table on @client, or NULL (said in the log). */
static BkFriendsLink *
resume_link (BkXmppClient *client)
{
  g_autoptr (GKeyFile) file = load_kept ();
  g_autoptr (GError) error = NULL;
  BkFriendsLink *link;

  if (file == NULL)
    return NULL;
  link = bk_friends_link_new_resumed (client, file, &error);
  if (link == NULL)
    g_message ("The kept table is not a table to take up again: %s", error->message);
  return link;
}

static void
reopen_connected_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  g_autoptr (BkWindow) window = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autoptr (BkFriendsLink) link = NULL;

  if (client == NULL)
    {
      /* the table stays kept: the next start asks again */
      bk_window_show_toast (window, error->message);
      return;
    }
  if ((link = resume_link (client)) == NULL)
    return;
  bk_window_show_toast (window, _("Your table with friends is open again"));
  bk_lobby_present (bk_lobby_new (window, link));
  bk_friends_link_connect (link);
}

static gboolean
drop_link_cb (gpointer link)
{
  g_object_unref (link);
  return G_SOURCE_REMOVE;
}

/* The table is up in its room again: it says it is over, and the room is left once that
 * has gone out (the link goes at the next idle). */
static void
closing_changed_cb (BkFriendsLink *link,
                    BkWindow      *window)
{
  BkFriendsTable *table = bk_friends_link_get_table (link);

  if (table == NULL)
    return;
  g_signal_handlers_disconnect_by_func (link, closing_changed_cb, window);
  bk_friends_table_close (table);
  bk_window_show_toast (window, _("Your table with friends is closed"));
  g_idle_add_full (G_PRIORITY_LOW, drop_link_cb, g_object_ref (link), NULL);
  g_object_set_data (G_OBJECT (window), CLOSING, NULL);
}

static void
close_connected_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  g_autoptr (BkWindow) window = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  BkFriendsLink *link;

  if (client == NULL)
    {
      bk_window_show_toast (window, error->message);
      return;
    }
  if ((link = resume_link (client)) == NULL)
    return;
  /* the window holds it while it closes */
  g_object_set_data_full (G_OBJECT (window), CLOSING, link, g_object_unref);
  g_signal_connect_object (link, "changed", G_CALLBACK (closing_changed_cb), window, 0);
  bk_friends_link_connect (link);
}

static void
kept_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  BkWindow         *window)
{
  /* the person asked for it: without an account Preferences opens on its Friends page */
  if (g_str_equal (response, "reopen"))
    bk_friends_account_connect_async (GTK_WINDOW (window), TRUE, reopen_connected_cb,
                                      g_object_ref (window));
  else if (g_str_equal (response, "close"))
    bk_friends_account_connect_async (GTK_WINDOW (window), TRUE, close_connected_cb,
                                      g_object_ref (window));
}

void
bk_friends_reopen_table (BkWindow *window)
{
  g_autoptr (GKeyFile) file = NULL;
  AdwMessageDialog *dialog;

  g_return_if_fail (BK_IS_WINDOW (window));

  if ((file = load_kept ()) == NULL)
    return;
  dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (window), _("Reopen Your Table?"),
                            _("You kept your table with friends for later. Until you reopen "
                              "it, your friends see that the table waits for you; closing "
                              "it tells them it is over. Later asks again at the next "
                              "start.")));
  adw_message_dialog_add_responses (dialog, "later", _("_Later"),
                                    "close", _("C_lose the Table"),
                                    "reopen", _("_Reopen"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "close", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "reopen", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "reopen");
  adw_message_dialog_set_close_response (dialog, "later");
  g_signal_connect_object (dialog, "response", G_CALLBACK (kept_response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
