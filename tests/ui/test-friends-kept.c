/* test-friends-kept.c: the table a host kept for later, over a real server (Prosody on
 * loopback, the net suite's fixture; the account's password in a real keyring), answered
 * at the host's next start (issue 24): while the host is gone and until it answers, the
 * seated guest is told the host is away; Later leaves it so; Close the Table takes the
 * table up in its room only to tell the guest it is over (the guest's table ends) and
 * removes what was kept. With BK_SHOTS_DIR=DIR, the host's window with the question.
 * /friends-kept/guest-domain (issue 32): a table whose link lets guests without an account
 * in (its guest domain) is reopened with the same link, the guest domain in it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bk-friends-link.h"
#include "bk-friends.h"
#include "bk-lobby.h"
#include "friends-test-server.h"
#include "shots-common.h"

static gboolean
connected (gpointer account)
{
  return bk_account_get_state (account) == BK_ACCOUNT_STATE_CONNECTED;
}

static gboolean
dealt (gpointer link)
{
  BkFriendsTable *table = bk_friends_link_get_table (link);

  return table && bk_friends_table_get_guest (table) &&
         bk_table_guest_get_game (bk_friends_table_get_guest (table)) != NULL;
}

static gboolean
host_away (gpointer seat)
{
  return bk_table_guest_is_host_away (seat);
}

static gboolean
guest_finished (gpointer seat)
{
  return bk_table_guest_is_finished (seat);
}

static gboolean
not_kept (gpointer data)
{
  g_autofree char *path = bk_friends_dup_resume_path ();

  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
shoot (BkWindow   *window,
       const char *name)
{
  const char *dir = g_getenv ("BK_SHOTS_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  shots_settle (window);
  g_assert_true (shots_render (window, gtk_widget_get_width (GTK_WIDGET (window)),
                               gtk_widget_get_height (GTK_WIDGET (window)), path, &error));
  g_assert_no_error (error);
}

static void
test_close_kept (void)
{
  const char *users[] = { "alice:pw", "bob:pw", NULL };
  const char *heading = _("Reopen Your Table?");
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkXmppClient) bob = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (BkFriendsLink) guest = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  BkTableGuest *seat;
  AdwMessageDialog *dialog;
  BkWindow *window;
  BkRules rules;

  g_assert_no_error (error);

  /* the host's account, signed in as the Friends page does */
  friends_test_sign_in_host (server);
  g_assert_true (friends_test_spin_until (connected, bk_account_get_default ()));

  /* a table, a guest at it, the first hand dealt */
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  host = bk_friends_link_new_host (bk_account_get_client (bk_account_get_default ()), game);
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));
  g_assert_true (bk_friends_parse_invitation (bk_friends_link_get_invitation (host), &room,
                                              &password));
  bob = friends_test_client_for (server, "bob");
  guest = bk_friends_link_new_guest (bob, room, password);
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  bk_friends_link_sit (guest, 1);
  g_assert_true (friends_test_spin_until (friends_test_guest_seated, host));
  g_assert_true (bk_friends_table_start (bk_friends_link_get_table (host), "heuristic", &error));
  g_assert_no_error (error);
  g_assert_true (friends_test_spin_until (dealt, guest));
  seat = bk_friends_table_get_guest (bk_friends_link_get_table (guest));

  /* the host's app goes with its table kept (the logout's way): the guest waits for it */
  g_clear_object (&host);
  g_assert_false (not_kept (NULL));
  g_assert_true (friends_test_spin_until (host_away, seat));

  /* the next start asks, and nothing reopens meanwhile: the guest still waits */
  window = shots_open_window (1280, 800);
  bk_friends_reopen_table (window);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  shoot (window, "kept-asked-host.png");
  shots_spin (G_USEC_PER_SEC);
  g_assert_true (bk_table_guest_is_host_away (seat));
  g_assert_false (bk_table_guest_is_finished (seat));

  /* Later: kept, the guest waits on */
  friends_test_answer (dialog, "later");
  shots_spin (G_USEC_PER_SEC);
  g_assert_null (friends_test_find_dialog (heading));
  g_assert_false (not_kept (NULL));
  g_assert_true (bk_table_guest_is_host_away (seat));
  g_assert_false (bk_table_guest_is_finished (seat));

  /* asked again: Close the Table tells the guest the table is over, and nothing is kept */
  bk_friends_reopen_table (window);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  friends_test_answer (dialog, "close");
  g_assert_true (friends_test_spin_until (guest_finished, seat));
  g_assert_true (friends_test_spin_until (not_kept, NULL));
  shots_close_window (window);
}

/* The lobby shown with its link, or NULL. */
static BkLobby *
shown_lobby (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (BK_IS_LOBBY (window) && gtk_widget_get_visible (window) &&
          bk_friends_link_get_invitation (bk_lobby_get_link (BK_LOBBY (window))))
        return BK_LOBBY (window);
    }
  return NULL;
}

static gboolean
has_shown_lobby (gpointer data)
{
  return shown_lobby () != NULL;
}

static gboolean
has_table (gpointer link)
{
  return bk_friends_link_get_table (link) != NULL;
}

/* Issue 32: the kept table keeps its guest domain; the reopened table's link lets the same
 * guests in (before, it came back without guests=). */
static void
test_reopen_guest_domain (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autofree char *invitation = NULL;
  g_autofree char *guests = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autofree char *parsed_guests = NULL;
  AdwMessageDialog *dialog;
  BkFriendsLink *reopened;
  BkWindow *window;
  BkLobby *lobby;
  BkRules rules;

  g_assert_no_error (error);
  friends_test_sign_in_host (server);
  g_assert_true (friends_test_spin_until (connected, bk_account_get_default ()));

  /* a table for guests of the fixture's anonymous domain */
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  host = bk_friends_link_new_host_for_guests (bk_account_get_client (bk_account_get_default ()),
                                              game, bk_prosody_get_guest_domain (server));
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));
  invitation = g_strdup (bk_friends_link_get_invitation (host));
  guests = g_strdup_printf (";guests=%s", bk_prosody_get_guest_domain (server));
  g_test_message ("%s", invitation);
  g_assert_true (g_str_has_suffix (invitation, guests));

  /* kept, and reopened at the next start: the same link, guests and all */
  g_clear_object (&host);
  g_assert_false (not_kept (NULL));
  window = shots_open_window (1280, 800);
  bk_friends_reopen_table (window);
  dialog = friends_test_find_dialog (_("Reopen Your Table?"));
  g_assert_nonnull (dialog);
  friends_test_answer (dialog, "reopen");
  g_assert_true (friends_test_spin_until (has_shown_lobby, NULL));
  lobby = shown_lobby ();
  reopened = bk_lobby_get_link (lobby);
  g_test_message ("%s", bk_lobby_get_shown_link (lobby));
  g_assert_cmpstr (bk_friends_link_get_invitation (reopened), ==, invitation);
  g_assert_cmpstr (bk_friends_link_get_guests (reopened), ==,
                   bk_prosody_get_guest_domain (server));
  g_assert_true (g_str_has_prefix (bk_lobby_get_shown_link (lobby), "bierkopf:xmpp:"));
  g_assert_true (bk_friends_parse_link (bk_lobby_get_shown_link (lobby), &room, &password,
                                        &parsed_guests));
  g_assert_cmpstr (parsed_guests, ==, bk_prosody_get_guest_domain (server));

  /* kept again as it is now, with its guests: the file says so */
  g_assert_true (friends_test_spin_until (has_table, reopened));
  {
    g_autofree char *path = bk_friends_dup_resume_path ();
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *kept = NULL;

    g_assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error));
    g_assert_no_error (error);
    kept = bk_friends_table_dup_kept_guest_domain (file);
    g_assert_cmpstr (kept, ==, bk_prosody_get_guest_domain (server));
  }
  bk_friends_table_close (bk_friends_link_get_table (reopened));
  g_assert_true (not_kept (NULL));
  shots_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/friends-kept/close", test_close_kept);
  g_test_add_func ("/friends-kept/guest-domain", test_reopen_guest_domain);
  return friends_test_run ();
}
