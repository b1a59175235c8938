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

void
bk_friends_open_table (BkWindow   *window,
                       const char *game_id)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = bk_friends_account_new_client (&error);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) link = NULL;
  BkRules rules;

  g_return_if_fail (BK_IS_WINDOW (window) && game_id != NULL);

  if (client == NULL)
    {
      bk_window_show_toast (window, error->message);
      return;
    }
  bk_settings_get_rules_for (settings, game_id, &rules);
  game = bk_game_new (&rules, ((guint64) g_random_int () << 32) | g_random_int ());
  link = bk_friends_link_new_host (client, game);
  gtk_window_present (GTK_WINDOW (bk_lobby_new (window, link)));
  bk_friends_link_connect (link);
}

void
bk_friends_join_table (BkWindow   *window,
                       const char *uri)
{
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppClient) client = NULL;
  g_autoptr (BkFriendsLink) link = NULL;

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
  client = bk_friends_account_new_client (&error);
  if (client == NULL)
    {
      bk_window_show_toast (window, error->message);
      return;
    }
  link = bk_friends_link_new_guest (client, room, password);
  gtk_window_present (GTK_WINDOW (bk_lobby_new (window, link)));
  bk_friends_link_connect (link);
}
