/* bk-friends.c: see bk-friends.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-account.h"
#include "bk-friends.h"
#include "bk-lobby.h"
#include "bk-settings.h"

/* What a table waits for while the account connects. */
typedef struct {
  BkWindow *window;
  char     *game_id;  /* the host's game, or NULL */
  char     *uri;      /* the guest's invitation, or NULL */
  char     *room;
  char     *password;
} Asked;

static void
asked_free (Asked *asked)
{
  g_object_unref (asked->window);
  g_free (asked->game_id);
  g_free (asked->uri);
  g_free (asked->room);
  g_free (asked->password);
  g_free (asked);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Asked, asked_free)

static void
open_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (Asked) asked = data;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) link = NULL;
  BkRules rules;

  if (client == NULL)
    {
      bk_window_show_toast (asked->window, error->message);
      return;
    }
  bk_settings_get_rules_for (settings, asked->game_id, &rules);
  game = bk_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int ());
  link = bk_friends_link_new_host (client, game);
  gtk_window_present (GTK_WINDOW (bk_lobby_new (asked->window, link)));
  bk_friends_link_connect (link);
}

void
bk_friends_open_table (BkWindow   *window,
                       const char *game_id)
{
  Asked *asked;

  g_return_if_fail (BK_IS_WINDOW (window) && game_id != NULL);

  asked = g_new0 (Asked, 1);
  asked->window = g_object_ref (window);
  asked->game_id = g_strdup (game_id);
  bk_friends_account_connect_async (GTK_WINDOW (window), TRUE, open_connected_cb, asked);
}

static void
join_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr (Asked) asked = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_connect_finish (result, &error);
  g_autoptr (BkFriendsLink) link = NULL;
  BkLobby *lobby;

  if (client == NULL)
    {
      /* the lobby keeps the link, says why and offers the account's page */
      lobby = bk_lobby_new (asked->window, NULL);
      bk_lobby_set_account_error (lobby, asked->uri, error);
      gtk_window_present (GTK_WINDOW (lobby));
      return;
    }
  link = bk_friends_link_new_guest (client, asked->room, asked->password);
  gtk_window_present (GTK_WINDOW (bk_lobby_new (asked->window, link)));
  bk_friends_link_connect (link);
}

void
bk_friends_join_table (BkWindow   *window,
                       const char *uri)
{
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  Asked *asked;

  g_return_if_fail (BK_IS_WINDOW (window));

  if (uri == NULL)
    {
      gtk_window_present (GTK_WINDOW (bk_lobby_new (window, NULL)));
      return;
    }
  if (!bk_friends_parse_invitation (uri, &room, &password))
    {
      bk_window_show_toast (window, _("This is no invitation link: it begins with xmpp:"));
      return;
    }
  asked = g_new0 (Asked, 1);
  asked->window = g_object_ref (window);
  asked->uri = g_strdup (uri);
  asked->room = g_steal_pointer (&room);
  asked->password = g_steal_pointer (&password);
  bk_friends_account_connect_async (GTK_WINDOW (window), TRUE, join_connected_cb, asked);
}
