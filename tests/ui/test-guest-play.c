/* test-guest-play.c: a person without an account joins a friend's table by the link alone
 * (issue 32), over a real server: Prosody on loopback with its anonymous VirtualHost
 * guest.localhost beside the MUC (the net suite's fixture), the host's window and the
 * guest's in one process. The app has no account and an empty keyring (a private one); the
 * host's table runs on a client of its own (alice). The guest's person opens the clickable
 * link (bierkopf:xmpp:…;guests=guest.localhost), types a name in the one dialog and presses
 * Join: three actions. The app logs in anonymously, sits the person at a free chair under
 * that name, the host starts, and both windows play a whole hand, each verifying it. No
 * account is made. A link whose guest domain gives no anonymous login says so plainly, and
 * the dialog stays for another try. A guest whose app is gone mid-hand (window, table and
 * login; only the token it kept in its data folder is left) opens the link again while its
 * name lingers in the room: it joins as "Vroni (2)", a new anonymous JID, takes its chair
 * back with the kept token, and the hand ends verified on both sides.
 *
 * The host's side (/guest-play/host-link): the lobby's own link carries the guest domain set
 * in the lobby or found beside the account's, a guest comes by it; a domain without guest
 * logins gives the link without guests and says who can come. /guest-play/account-invitation:
 * Invite with a New Account shows the table's link with the server's invitation in it.
 * /guest-play/account-link: that link makes a fresh app's account, its person plays a hand,
 * the spent link is refused. /guest-play/guest-refused: a guest login the server refuses.
 *
 * With BK_SHOTS_DIR=DIR, pictures of the guest's window go there. With BK_GUEST_RUNS=N, the
 * way from the link to the chair is also timed N times (a benchmark, `meson test --benchmark
 * guest-join-time`: the median and p90 go to the TAP log).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-account.h"
#include "bk-bierkopf-game.h"
#include "bk-friends-guest.h"
#include "bk-friends-link.h"
#include "bk-friends.h"
#include "bk-guest-join.h"
#include "bk-lobby.h"
#include "bk-secret-store.h"
#include "bk-table-invitation.h"
#include "bk-window-test.h"
#include "bk-xmpp-invitation.h"
#include "friends-test-server.h"
#include "shots-common.h"

#define WIDTH 1100
#define HEIGHT 760
#define NAME "Vroni"

static BkWindow *windows[2];
static guint verified[2];

/* With BK_SHOTS_DIR=DIR, @window and the windows above it as DIR/@name. */
static void
shot (BkWindow   *window,
      const char *name)
{
  const char *dir = g_getenv ("BK_SHOTS_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  shots_spin (300000);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (shots_render (window, WIDTH, HEIGHT, path, &error));
  g_assert_no_error (error);
  g_test_message ("%s", path);
}

static gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (window))
        return window;
    }
  return NULL;
}

static gboolean
has_guest_join (gpointer data)
{
  return find_toplevel (BK_TYPE_GUEST_JOIN) != NULL;
}

static gboolean
has_problem (gpointer dialog)
{
  return bk_guest_join_get_problem (dialog) != NULL;
}

/* The guest's window has its table: the person sits. */
static gboolean
guest_seated (gpointer window)
{
  BkFriendsLink *link = g_object_get_data (window, "bk-friends-link");

  return link && bk_friends_link_get_table (link) != NULL && !has_guest_join (NULL);
}

/* The host's table shows @nick at a chair. */
static gboolean
host_sees (BkFriendsLink *host,
           const char    *nick)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (host);

  for (guint c = 0; seats && c < seats->n_seats; c++)
    if (g_strcmp0 (seats->seats[c].nick, nick) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
host_sees_guest (gpointer host)
{
  return host_sees (host, NAME);
}

/* The person's three actions: the link opened (as a click runs `bierkopf LINK`, which
 * comes to bk_friends_join_table()), a name typed, Join. */
static BkGuestJoin *
open_type_join (BkWindow   *window,
                const char *link)
{
  BkGuestJoin *dialog;
  GtkWidget *focus;

  bk_friends_join_table (window, link);
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = find_toplevel (BK_TYPE_GUEST_JOIN);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_EDITABLE (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), NAME);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  return dialog;
}

static void
verified_cb (BkFriendsTable *table,
             guint           hand,
             gboolean        ok,
             const char     *message,
             gpointer        index)
{
  g_test_message ("chair %u, hand %u: %s", bk_friends_table_get_chair (table), hand, message);
  g_assert_true (ok);
  verified[GPOINTER_TO_UINT (index)]++;
}

static gboolean
both_at_table (gpointer data)
{
  return bk_window_is_at_table (windows[0]) && bk_window_is_at_table (windows[1]) &&
         shots_find_dialog (windows[0]) == NULL && shots_find_dialog (windows[1]) == NULL;
}

static gboolean
hand_over (BkWindow *window)
{
  AdwMessageDialog *dialog = bk_window_get_dialog (window);

  return dialog && adw_message_dialog_has_response (dialog, "next");
}

static guint guest_cards;  /* cards the guest's window played */

/* Each person plays: the default answer to every question, the first legal card. */
static void
play_step (void)
{
  for (guint i = 0; i < 2; i++)
    {
      if (hand_over (windows[i]))
        continue;
      if (bk_window_is_settled (windows[i]) && bk_window_get_dialog (windows[i]) == NULL &&
          bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (windows[i]), BK_SEAT_S))
        gtk_widget_activate_action (GTK_WIDGET (windows[i]), "win.no-retour", NULL);
      else if (shots_person_due (windows[i]))
        {
          AdwMessageDialog *dialog = bk_window_get_dialog (windows[i]);

          if (dialog)
            shots_answer (GTK_WINDOW (dialog), NULL);
          else
            {
              shots_play_first_legal (windows[i]);
              guest_cards += i;
            }
        }
    }
}

/* The guest's window has played two cards of the hand: mid-hand. */
static gboolean
guest_mid_hand (gpointer data)
{
  play_step ();
  return guest_cards >= 2;
}

static gboolean
both_over (gpointer data)
{
  play_step ();
  return hand_over (windows[0]) && hand_over (windows[1]) && verified[0] == 1 &&
         verified[1] == 1;
}

static BkFriendsLink *
open_host_table (BkProsody *server,
                 BkWindow  *window)
{
  g_autoptr (BkXmppClient) alice = friends_test_client_for (server, "alice");
  g_autoptr (BkGame) game = NULL;
  BkFriendsLink *host;
  BkLobby *lobby;
  BkRules rules;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  host = bk_friends_link_new_host (alice, game);
  lobby = bk_lobby_new (window, host);
  gtk_window_present (GTK_WINDOW (lobby));
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));
  return host;
}

/* The guests' server is the test's Prosody on loopback, its certificate trusted as a
 * person trusts one on the account's page. */
static void
trust_server (BkProsody *server)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *fingerprint =
    friends_test_certificate_fingerprint (bk_prosody_get_cafile (server));
  g_autofree char *key = g_ascii_strdown (bk_prosody_get_server (server), -1);

  g_settings_set_value (friends, "trusted-certificates",
                        g_variant_new_parsed ("{%s: %s}", key, fingerprint));
  bk_friends_guest_set_server (bk_prosody_get_server (server));
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* BK_GUEST_RUNS times, each at a new table (a chair left stays its guest's for a while):
 * from the link opened to the chair taken. */
static void
time_runs (BkProsody *server)
{
  guint runs = (guint) g_ascii_strtoull (g_getenv ("BK_GUEST_RUNS"), NULL, 10);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < runs; i++)
    {
      BkWindow *host_window = shots_open_window (WIDTH, HEIGHT);
      BkWindow *window = shots_open_window (WIDTH, HEIGHT);
      g_autoptr (BkFriendsLink) host = open_host_table (server, host_window);
      g_autofree char *link = g_strdup_printf ("bierkopf:%s;guests=%s",
                                               bk_friends_link_get_invitation (host),
                                               bk_prosody_get_guest_domain (server));
      gint64 start = g_get_monotonic_time (), took;

      open_type_join (window, link);
      g_assert_true (friends_test_spin_until (guest_seated, window));
      took = g_get_monotonic_time () - start;
      g_array_append_val (times, took);
      g_assert_true (friends_test_spin_until (host_sees_guest, host));
      shots_close_window (window);
      shots_close_window (host_window);
    }
  g_array_sort (times, compare_times);
  g_test_message ("link to chair, %u runs: median %.0f ms, p90 %.0f ms", runs,
                  g_array_index (times, gint64, runs / 2) / 1000.0,
                  g_array_index (times, gint64, MIN (runs - 1, (runs * 9 + 9) / 10 - 1)) /
                  1000.0);
}

static void
test_guest_plays (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *link = NULL;
  g_autofree char *no_guests = NULL;
  g_autofree char *address = NULL;
  BkFriendsLink *guest;
  BkGuestJoin *dialog;

  g_assert_no_error (error);
  g_assert_nonnull (bk_prosody_get_guest_domain (server));
  trust_server (server);
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  host = open_host_table (server, windows[0]);

  /* a guest domain that gives no anonymous login (the accounts' own): said plainly, the
   * dialog stays for another try */
  link = g_strdup_printf ("bierkopf:%s;guests=%s", bk_friends_link_get_invitation (host),
                          bk_prosody_get_domain (server));
  dialog = open_type_join (windows[1], link);
  g_assert_true (friends_test_spin_until (has_problem, dialog));
  no_guests = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NO_GUESTS, NULL);
  g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==, no_guests);
  shot (windows[1], "guest-no-guests.png");
  g_assert_false (host_sees_guest (host));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the link with the guest domain: open it, type a name, Join */
  g_free (link);
  link = g_strdup_printf ("bierkopf:%s;guests=%s", bk_friends_link_get_invitation (host),
                          bk_prosody_get_guest_domain (server));
  open_type_join (windows[1], link);
  g_assert_true (friends_test_spin_until (guest_seated, windows[1]));
  g_assert_true (friends_test_spin_until (host_sees_guest, host));
  guest = g_object_get_data (G_OBJECT (windows[1]), "bk-friends-link");
  g_assert_cmpstr (bk_friends_link_get_nick (guest), ==, NAME);
  g_assert_nonnull (find_toplevel (BK_TYPE_LOBBY));
  /* seated: the lobby waits with the person for the host (not "pick a free chair") */
  g_assert_cmpstr (bk_friends_link_get_status (guest), ==, _("Waiting for the host to start"));
  shot (windows[1], "guest-seated.png");
  shot (windows[0], "host-sees-guest.png");
  /* no account was made */
  address = g_settings_get_string (friends, "address");
  g_assert_cmpstr (address, ==, "");
  g_assert_cmpint (bk_account_get_state (bk_account_get_default ()), ==, BK_ACCOUNT_STATE_NONE);

  /* the host starts; both windows play a whole hand and verify it */
  g_signal_connect (bk_friends_link_get_table (host), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (0));
  g_signal_connect (bk_friends_link_get_table (guest), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (1));
  g_assert_true (bk_friends_table_start (bk_friends_link_get_table (host), "heuristic",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (friends_test_spin_until (both_at_table, NULL));
  shot (windows[1], "guest-at-table.png");
  g_assert_true (friends_test_spin_until (both_over, NULL));
  shots_close_window (windows[1]);
  shots_close_window (windows[0]);
}

static void
lingering_joined_cb (BkXmppClient *client,
                     const char   *room,
                     const char   *nick,
                     gboolean     *joined)
{
  *joined = TRUE;
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

/* What the server keeps of a guest killed without goodbye (Prosody holds such a session a
 * while): an occupant of the room under the guest's name, on an anonymous login of its
 * own. */
static BkXmppClient *
linger_as_guest (BkProsody  *server,
                 const char *link)
{
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autofree char *guests = NULL;
  BkXmppClient *client;
  gboolean joined = FALSE;

  g_assert_true (bk_friends_parse_link (link, &room, &password, &guests));
  client = bk_xmpp_client_new (guests, NULL, bk_prosody_get_server (server),
                               bk_prosody_get_cafile (server));
  g_signal_connect (client, "room-joined", G_CALLBACK (lingering_joined_cb), &joined);
  bk_xmpp_client_join_room (client, room, NAME, password);
  bk_xmpp_client_connect (client);
  g_assert_true (friends_test_spin_until (is_true, &joined));
  g_signal_handlers_disconnect_by_func (client, lingering_joined_cb, &joined);
  return client;
}

static char *
dup_keep_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "bierkopf", "guest-chair.keep", NULL);
}

/* A chair taken back while its hand is in play: the first lobby made on the link can find
 * the table's hand there already, and the table shows it in the window (its "shown")
 * inside bk_lobby_new(), before the lobby's maker presents it. The lobby's close did
 * nothing then (a window not yet shown), and the lobby was shown over the hand in play.
 * Whether the hand comes first is the network's race; here the table says "shown" in that
 * moment itself. The lobby knows it is done, and bk_lobby_present() lets it go instead of
 * showing it. */
static void
lobby_on_hand_in_play (BkWindow      *window,
                       BkFriendsLink *link)
{
  BkFriendsTable *table = bk_friends_link_get_table (link);
  BkLobby *lobby;
  gpointer alive;

  /* as the first lobby on this link (the link's own lobby has gone) */
  g_object_set_data (G_OBJECT (table), "bk-lobby", NULL);
  lobby = bk_lobby_new (window, link);
  alive = lobby;
  g_object_add_weak_pointer (G_OBJECT (lobby), &alive);
  g_assert_false (bk_lobby_is_done (lobby));
  g_signal_emit_by_name (table, "shown");
  g_assert_nonnull (alive);
  g_assert_true (bk_lobby_is_done (lobby));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (lobby)));
  bk_lobby_present (lobby);
  g_assert_null (alive);
  g_assert_true (bk_window_is_at_table (window));
}

/* Issue 32, item 2: the guest's app is gone mid-hand (its window, its table, its login:
 * nothing of it is left in the process but the chair's token it kept in its data folder);
 * the person opens the same link again, and the new anonymous login (another JID) takes
 * the chair back with the kept token; the hand goes on and both verify it. */
static void
test_guest_comes_back (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkFriendsLink) host = NULL;
  g_autofree char *link = NULL;
  g_autofree char *path = dup_keep_path ();
  g_autofree char *kept = NULL;
  g_autoptr (BkXmppClient) lingering = NULL;
  BkFriendsLink *guest;
  GStatBuf info;

  g_assert_no_error (error);
  trust_server (server);
  g_unlink (path);
  verified[0] = verified[1] = 0;
  guest_cards = 0;
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  host = open_host_table (server, windows[0]);
  link = g_strdup_printf ("bierkopf:%s;guests=%s", bk_friends_link_get_invitation (host),
                          bk_prosody_get_guest_domain (server));
  open_type_join (windows[1], link);
  g_assert_true (friends_test_spin_until (guest_seated, windows[1]));
  g_assert_true (friends_test_spin_until (host_sees_guest, host));
  g_signal_connect (bk_friends_link_get_table (host), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (0));
  g_assert_true (bk_friends_table_start (bk_friends_link_get_table (host), "heuristic",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (friends_test_spin_until (both_at_table, NULL));
  g_assert_true (friends_test_spin_until (guest_mid_hand, NULL));

  /* the token came to the guest alone and is kept: its owner's file, never the room's */
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_nonnull (strstr (kept, "token="));
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);

  /* the guest's app is gone mid-hand; its name lingers in the room */
  shots_close_window (windows[1]);
  lingering = linger_as_guest (server, link);
  windows[1] = shots_open_window (WIDTH, HEIGHT);

  /* the same person opens the same link again: the chair is his again, under a new
   * anonymous JID */
  open_type_join (windows[1], link);
  g_assert_true (friends_test_spin_until (guest_seated, windows[1]));
  guest = g_object_get_data (G_OBJECT (windows[1]), "bk-friends-link");
  /* the name taken: the person comes in under it with a suffix rather than not at all */
  g_assert_cmpstr (bk_friends_link_get_nick (guest), ==, NAME " (2)");
  g_signal_connect (bk_friends_link_get_table (guest), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (1));
  g_assert_true (friends_test_spin_until (both_at_table, NULL));
  g_assert_true (friends_test_spin_until (both_over, NULL));
  lobby_on_hand_in_play (windows[1], guest);
  shots_close_window (windows[1]);
  shots_close_window (windows[0]);
  bk_xmpp_client_disconnect (lingering);
}

/* The first @type under @root whose title is @title. */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
        return child;
      if ((found = find_widget (child, type, title)))
        return found;
    }
  return NULL;
}

/* A shown label under @root that says @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child) &&
          g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0)
        return child;
      if ((found = find_label (child, text)))
        return found;
    }
  return NULL;
}

static gboolean
has_lobby_link (gpointer data)
{
  BkLobby *lobby = find_toplevel (BK_TYPE_LOBBY);

  return lobby && bk_lobby_get_link (lobby) && bk_lobby_get_shown_link (lobby);
}

/* The host's own lobby, as Play with Friends opens it for the signed-in account. */
static BkLobby *
open_lobby (BkWindow *window)
{
  bk_friends_open_table (window, "bierkopf");
  g_assert_true (friends_test_spin_until (has_lobby_link, NULL));
  return find_toplevel (BK_TYPE_LOBBY);
}

/* Issue 32, the host's side: the lobby's link carries the guest domain set in the lobby
 * (GSettings) or found beside the account's (guest.localhost), in its clickable form, and a
 * person without an account comes by it alone; with no guest logins there, the link is as
 * before and the lobby says who can come. */
static void
test_host_link (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *guests = NULL;
  g_autofree char *said = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autofree char *parsed_guests = NULL;
  BkFriendsLink *host;
  BkLobby *lobby;
  BkGuestJoin *dialog;
  GtkWidget *focus;
  const char *shown;

  g_assert_no_error (error);
  trust_server (server);
  friends_test_sign_in_host (server);
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  g_settings_set_string (friends, "guest-domain", bk_prosody_get_guest_domain (server));

  lobby = open_lobby (windows[0]);
  host = bk_lobby_get_link (lobby);
  shown = bk_lobby_get_shown_link (lobby);
  g_test_message ("%s", shown);
  guests = g_strdup_printf (";guests=%s;", bk_prosody_get_guest_domain (server));
  g_assert_true (g_str_has_prefix (shown, "bierkopf:xmpp:"));
  /* the guest domain, then whose table and which game (docs/network.md 2) */
  g_assert_nonnull (strstr (shown, guests));
  g_assert_true (g_str_has_suffix (shown, ";game=bierkopf"));
  g_assert_true (bk_friends_parse_link (shown, &room, &password, &parsed_guests));
  g_assert_cmpstr (parsed_guests, ==, bk_prosody_get_guest_domain (server));
  said = g_strdup_printf (_("Anyone with the link can come, without an account (as a guest "
                            "of %s)"), bk_prosody_get_guest_domain (server));
  g_assert_cmpstr (bk_lobby_get_who_may_come (lobby), ==, said);
  shot (windows[0], "host-guest-link.png");
  /* a person without an account comes by it (this process has the host's account: the
   * join dialog the link opens for one without, with the link's own words) */
  dialog = bk_friends_join_as_guest (windows[1], room, password, parsed_guests);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_EDITABLE (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), NAME);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  g_assert_true (friends_test_spin_until (guest_seated, windows[1]));
  g_assert_true (friends_test_spin_until (host_sees_guest, host));
  shots_close_window (windows[1]);
  shots_close_window (windows[0]);

  /* none set: the one beside the account's domain, found by a login there */
  g_settings_set_string (friends, "guest-domain", "");
  windows[0] = shots_open_window (WIDTH, HEIGHT);
  lobby = open_lobby (windows[0]);
  g_assert_nonnull (strstr (bk_lobby_get_shown_link (lobby), guests));
  g_assert_cmpstr (bk_lobby_get_who_may_come (lobby), ==, said);
  shots_close_window (windows[0]);

  /* a guest domain that gives no anonymous login (the accounts' own): the link as before,
   * and said plainly */
  g_settings_set_string (friends, "guest-domain", bk_prosody_get_domain (server));
  windows[0] = shots_open_window (WIDTH, HEIGHT);
  lobby = open_lobby (windows[0]);
  shown = bk_lobby_get_shown_link (lobby);
  g_assert_true (g_str_has_prefix (shown, "xmpp:"));
  g_assert_null (strstr (shown, "guests="));
  g_assert_cmpstr (bk_lobby_get_who_may_come (lobby), ==,
                   _("Only people with an XMPP account can come: to let others in, enter a "
                     "guest domain for your next table"));
  shots_close_window (windows[0]);
}

static gboolean
has_account_link (gpointer lobby)
{
  return bk_lobby_get_account_link (lobby) != NULL;
}

/* Issue 32 item 3, the host's side: Invite with a New Account asks the host's server
 * (Prosody's mod_invites) for an invitation that makes an account, and the lobby shows it. */
static void
test_account_invitation (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autofree char *snippet = g_build_filename (BK_NET_TEST_SRCDIR, "prosody-invites.cfg.lua",
                                               NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_auto (BkTableInvitation) parsed = { 0 };
  BkLobby *lobby;

  g_setenv ("BK_PROSODY_EXTRA_CONFIG", snippet, TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  g_unsetenv ("BK_PROSODY_EXTRA_CONFIG");
  g_assert_no_error (error);
  trust_server (server);
  friends_test_sign_in_host (server);
  g_settings_set_string (friends, "guest-domain", "");
  windows[0] = shots_open_window (WIDTH, HEIGHT);
  lobby = open_lobby (windows[0]);
  g_assert_null (bk_lobby_get_account_link (lobby));
  g_signal_emit_by_name (find_widget (GTK_WIDGET (lobby), ADW_TYPE_ACTION_ROW,
                                      _("Invite with a _New Account")), "activated");
  g_assert_true (friends_test_spin_until (has_account_link, lobby));
  g_test_message ("%s", bk_lobby_get_account_link (lobby));
  /* one link: the table's, with the invitation in it */
  g_assert_true (bk_table_invitation_parse (bk_lobby_get_account_link (lobby), &parsed,
                                            &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (bk_lobby_get_account_link (lobby) + strlen ("bierkopf:"),
                                  bk_friends_link_get_invitation (bk_lobby_get_link (lobby))));
  g_assert_cmpstr (parsed.account, ==, bk_prosody_get_domain (server));
  g_assert_nonnull (parsed.token);
  shot (windows[0], "host-account-link.png");
  shots_close_window (windows[0]);
}

typedef struct {
  gboolean  done;
  char     *password;
} Lookup;

static void
looked_up_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Lookup *lookup = data;
  g_autoptr (GError) error = NULL;

  lookup->password = bk_secret_store_lookup_finish (result, &error);
  g_assert_no_error (error);
  lookup->done = TRUE;
}

static gboolean
is_looked_up (gpointer lookup)
{
  return ((Lookup *) lookup)->done;
}

/* What the tests' keyring keeps for @address, or NULL. */
static char *
keyring_lookup (const char *address)
{
  Lookup lookup = { 0 };

  bk_secret_store_lookup_async (address, NULL, looked_up_cb, &lookup);
  g_assert_true (friends_test_spin_until (is_looked_up, &lookup));
  return lookup.password;
}

static gboolean
is_kept (gpointer address)
{
  g_autofree char *password = keyring_lookup (address);

  return password != NULL;
}

static gboolean
host_sees_account (gpointer host)
{
  return host_sees (host, "vroni");
}

/* Issue 32 item 3, both sides over Prosody with mod_invites: the host's lobby makes ONE link
 * (the table's, with whose table, the game and the server's invitation); a fresh app with no
 * account and an empty keyring opens it, the dialog says so, the person types a name and
 * Joins: the account is made on the host's server, its password goes to the keyring, it
 * signs in, the person sits and plays a hand with the host to the end, both verify it. The
 * same link opened again in an app without an account: the token is spent, the dialog says
 * what to do and stays, no account is kept, nobody new comes to the table. */
static void
test_account_link (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autofree char *snippet = g_build_filename (BK_NET_TEST_SRCDIR, "prosody-invites.cfg.lua",
                                               NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_auto (BkTableInvitation) parsed = { 0 };
  g_autofree char *link = NULL;
  g_autofree char *address = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *spent = NULL;
  g_autofree char *about = NULL;
  BkAccount *account = bk_account_get_default ();
  BkFriendsLink *guest;
  BkLobby *lobby;
  BkGuestJoin *dialog;
  GtkWidget *focus;
  guint seated = 0;
  gint64 start;

  g_setenv ("BK_PROSODY_EXTRA_CONFIG", snippet, TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  g_unsetenv ("BK_PROSODY_EXTRA_CONFIG");
  g_assert_no_error (error);
  trust_server (server);
  /* a fresh app: no account, nothing in the keyring */
  bk_account_sign_out (account);
  g_assert_null (bk_account_get_address (account));
  verified[0] = verified[1] = 0;
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);

  /* the host: Invite with a New Account gives the one link */
  host = open_host_table (server, windows[0]);
  lobby = find_toplevel (BK_TYPE_LOBBY);
  g_signal_emit_by_name (find_widget (GTK_WIDGET (lobby), ADW_TYPE_ACTION_ROW,
                                      _("Invite with a _New Account")), "activated");
  g_assert_true (friends_test_spin_until (has_account_link, lobby));
  link = g_strdup (bk_lobby_get_account_link (lobby));
  g_test_message ("%s (%zu bytes)", link, strlen (link));
  g_assert_true (g_str_has_prefix (link, "bierkopf:xmpp:"));
  /* short enough to paste in a chat */
  g_assert_cmpuint (strlen (link), <, 300);
  g_assert_true (bk_table_invitation_parse (link, &parsed, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (parsed.account, ==, bk_prosody_get_domain (server));
  g_assert_nonnull (parsed.token);
  g_assert_cmpstr (parsed.host, ==, bk_friends_link_get_nick (host));
  g_assert_cmpstr (parsed.game, ==, "bierkopf");
  shot (windows[0], "host-account-link.png");

  /* the friend: open the link, type a name, Join */
  bk_friends_join_table (windows[1], link);
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = find_toplevel (BK_TYPE_GUEST_JOIN);
  about = g_strdup_printf (_("Join makes you an account on %s with this name. Its password "
                             "is kept in your keyring."), bk_prosody_get_domain (server));
  g_assert_nonnull (find_label (GTK_WIDGET (dialog), about));
  shot (windows[1], "account-join.png");
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_EDITABLE (focus));
  /* a name taken on the server: said, the dialog stays, nothing kept; another name then */
  gtk_editable_set_text (GTK_EDITABLE (focus), "alice");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  g_assert_true (friends_test_spin_until (has_problem, dialog));
  g_test_message ("%s", bk_guest_join_get_problem (dialog));
  g_assert_true (g_str_has_prefix (bk_guest_join_get_problem (dialog),
                                   _("This name is taken on this server: choose another one")));
  g_assert_true (find_toplevel (BK_TYPE_GUEST_JOIN) == (gpointer) dialog);
  g_assert_null (bk_account_get_address (account));
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_EDITABLE (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), "vroni");
  start = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  g_assert_true (friends_test_spin_until (guest_seated, windows[1]));
  /* a figure, not a test: the account made, signed in and the chair taken */
  g_test_message ("Join to the chair with a new account: %.0f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_true (friends_test_spin_until (host_sees_account, host));

  /* the account is made, kept and signed in */
  address = g_strdup_printf ("vroni@%s", bk_prosody_get_domain (server));
  g_assert_cmpstr (bk_account_get_address (account), ==, address);
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_true (friends_test_spin_until (is_kept, address));
  kept = g_settings_get_string (friends, "address");
  g_assert_cmpstr (kept, ==, address);
  guest = g_object_get_data (G_OBJECT (windows[1]), "bk-friends-link");
  g_assert_cmpstr (bk_friends_link_get_nick (guest), ==, "vroni");

  /* the host starts; both play the hand to its end and verify it */
  g_signal_connect (bk_friends_link_get_table (host), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (0));
  g_signal_connect (bk_friends_link_get_table (guest), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (1));
  g_assert_true (bk_friends_table_start (bk_friends_link_get_table (host), "heuristic",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (friends_test_spin_until (both_at_table, NULL));
  g_assert_true (friends_test_spin_until (both_over, NULL));

  /* the same link in an app without an account: spent, said, nothing changes */
  shots_close_window (windows[1]);
  bk_account_sign_out (account);
  for (guint c = 0; c < bk_friends_link_get_seats (host)->n_seats; c++)
    seated += bk_friends_link_get_seats (host)->seats[c].nick != NULL;
  windows[1] = shots_open_window (WIDTH, HEIGHT);
  bk_friends_join_table (windows[1], link);
  g_assert_true (friends_test_spin_until (has_guest_join, NULL));
  dialog = find_toplevel (BK_TYPE_GUEST_JOIN);
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  gtk_editable_set_text (GTK_EDITABLE (focus), "sepp");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "guest.join", NULL));
  g_assert_true (friends_test_spin_until (has_problem, dialog));
  spent = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_TOKEN_SPENT, parsed.host);
  g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==, spent);
  shot (windows[1], "account-spent.png");
  g_assert_true (find_toplevel (BK_TYPE_GUEST_JOIN) == (gpointer) dialog);
  g_assert_null (bk_account_get_address (account));
  g_free (kept);
  kept = g_settings_get_string (friends, "address");
  g_assert_cmpstr (kept, ==, "");
  g_free (kept);
  kept = g_strdup_printf ("sepp@%s", bk_prosody_get_domain (server));
  g_assert_false (is_kept (kept));
  g_assert_false (host_sees (host, "sepp"));
  for (guint c = 0; c < bk_friends_link_get_seats (host)->n_seats; c++)
    seated -= bk_friends_link_get_seats (host)->seats[c].nick != NULL;
  g_assert_cmpuint (seated, ==, 0);
  shots_close_window (windows[1]);
  shots_close_window (windows[0]);
}

/* Issue 32 item 5: the guest domain offers anonymous logins and refuses this one (a test
 * module of the server): the dialog says that the server did not let the person in and
 * what to do, stays for another try, and nobody comes to the table. */
static void
test_guest_refused (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autofree char *snippet = g_build_filename (BK_NET_TEST_SRCDIR,
                                               "prosody-refuse-guests.cfg.lua", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autofree char *link = NULL;
  g_autofree char *refused = NULL;
  BkGuestJoin *dialog;

  g_setenv ("BK_PROSODY_EXTRA_CONFIG", snippet, TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  g_unsetenv ("BK_PROSODY_EXTRA_CONFIG");
  g_assert_no_error (error);
  trust_server (server);
  bk_account_sign_out (bk_account_get_default ());
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  host = open_host_table (server, windows[0]);
  link = g_strdup_printf ("bierkopf:%s;guests=%s", bk_friends_link_get_invitation (host),
                          bk_prosody_get_guest_domain (server));
  dialog = open_type_join (windows[1], link);
  g_assert_true (friends_test_spin_until (has_problem, dialog));
  refused = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_REFUSED, NULL);
  g_assert_cmpstr (bk_guest_join_get_problem (dialog), ==, refused);
  g_assert_true (find_toplevel (BK_TYPE_GUEST_JOIN) == (gpointer) dialog);
  g_assert_false (host_sees_guest (host));
  shots_close_window (windows[1]);
  shots_close_window (windows[0]);
}

/* The benchmark alone (BK_GUEST_RUNS set): tables nobody starts, each joined once. */
static void
test_guest_timing (void)
{
  const char *users[] = { "alice:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);

  g_assert_no_error (error);
  trust_server (server);
  time_runs (server);
}

int
main (int    argc,
      char **argv)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  bk_test_add_func_prosody_only ("/guest-play/plays", test_guest_plays,
                                 "ejabberd's fixture has no anonymous host");
  bk_test_add_func_prosody_only ("/guest-play/comes-back", test_guest_comes_back,
                                 "ejabberd's fixture has no anonymous host");
  bk_test_add_func_prosody_only ("/guest-play/account-link", test_account_link,
                                 "mod_invites is Prosody's");
  bk_test_add_func_prosody_only ("/guest-play/guest-refused", test_guest_refused,
                                 "the refusing module is Prosody's");
  bk_test_add_func_prosody_only ("/guest-play/host-link", test_host_link,
                                 "ejabberd's fixture has no anonymous host");
  bk_test_add_func_prosody_only ("/guest-play/account-invitation", test_account_invitation,
                                 "mod_invites is Prosody's");
  if (g_getenv ("BK_GUEST_RUNS"))
    bk_test_add_func_prosody_only ("/guest-play/timing", test_guest_timing,
                                   "ejabberd's fixture has no anonymous host");
  return friends_test_run ();
}
