/* test-friends-lobby.c: a table with friends over a real server (issue 24): Prosody on
 * loopback (the `net` suite's fixture), the host's window and a guest's, each with its own
 * account and client, in one process. The host opens the table with no account yet:
 * Preferences shows its Friends page; the host's person trusts the server's certificate
 * (its fingerprint in the Friends settings) and signs in there (the password goes to a
 * real keyring on a private bus), and the table opens with its lobby, which shows the
 * invitation. The guest's client is its own (the app has one account per process); the guest's lobby comes in by the link alone, shows the chairs, and its
 * person takes a free one with its button; the host presses Start, the two free chairs
 * take computer players, both lobbies close and both windows play a whole hand by the
 * table's keys and the dialogs' answers; both verify it. A lobby whose window closes
 * while the account answers goes with it, and a guest who closes the lobby before
 * sitting leaves the room at once. With $BK_SHOTS_DIR set, the
 * lobbies and both windows at the table are written there as PNGs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-friends.h"
#include "bk-friends-link.h"
#include "bk-guest-join.h"
#include "bk-lobby.h"
#include "bk-record.h"
#include "bk-window-test.h"
#include "friends-test-server.h"
#include "shots-common.h"

#define WIDTH 1100
#define HEIGHT 760

static BkWindow *windows[2];
static guint verified[2];

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

/* The shown toplevel of @type (a GType in a pointer), or NULL. */
static gpointer
find_toplevel (gpointer type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, GPOINTER_TO_SIZE (type)) &&
          gtk_widget_get_visible (window))
        return window;
    }
  return NULL;
}

static gboolean
has_toplevel (gpointer type)
{
  return find_toplevel (type) != NULL;
}

static gboolean
has_no_toplevel (gpointer type)
{
  return find_toplevel (type) == NULL;
}

static gboolean
has_table (gpointer link)
{
  return bk_friends_link_get_table (link) != NULL;
}

static gboolean
both_at_table (gpointer data)
{
  return bk_window_is_at_table (windows[0]) && bk_window_is_at_table (windows[1]) &&
         shots_find_dialog (windows[0]) == NULL && shots_find_dialog (windows[1]) == NULL;
}

/* The button in @widget's tree (a chair's carries its number plus one) that @match picks. */
static GtkWidget *
find_button (GtkWidget *widget,
             gboolean (*match) (GtkWidget *, gconstpointer),
             gconstpointer data)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget) && match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, match, data);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_chair (GtkWidget     *button,
          gconstpointer  chair)
{
  return g_object_get_data (G_OBJECT (button), "bk-chair") == chair;
}

static gboolean
has_label (GtkWidget     *button,
           gconstpointer  label)
{
  return g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), label) == 0;
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
hand_over (BkWindow *window)
{
  AdwMessageDialog *dialog = bk_window_get_dialog (window);

  return dialog && adw_message_dialog_has_response (dialog, "next");
}

static gboolean
both_over (gpointer data)
{
  for (guint i = 0; i < 2; i++)
    {
      /* spec B3.6: a Retour offered to the person waits for his answer */
      gboolean retour = bk_window_is_settled (windows[i]) &&
                        bk_window_get_dialog (windows[i]) == NULL &&
                        bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (windows[i]),
                                                                BK_SEAT_S);

      if (hand_over (windows[i]))
        continue;
      if (retour)
        gtk_widget_activate_action (GTK_WIDGET (windows[i]), "win.no-retour", NULL);
      else if (shots_person_due (windows[i]))
        {
          AdwMessageDialog *dialog = bk_window_get_dialog (windows[i]);

          if (dialog)
            shots_answer (GTK_WINDOW (dialog), NULL);
          else
            shots_play_first_legal (windows[i]);
        }
    }
  return hand_over (windows[0]) && hand_over (windows[1]) && verified[0] == 1 &&
         verified[1] == 1;
}

static gboolean
host_away (gpointer seat)
{
  return bk_table_guest_is_host_away (seat);
}

static gboolean
host_back (gpointer seat)
{
  return !bk_table_guest_is_host_away (seat);
}

static gboolean
both_at_hand_2 (gpointer data)
{
  /* each person takes the next hand when the result asks */
  for (guint i = 0; i < 2; i++)
    if (hand_over (windows[i]))
      adw_message_dialog_response (bk_window_get_dialog (windows[i]), "next");
  for (guint i = 0; i < 2; i++)
    if (!bk_window_is_at_table (windows[i]) || bk_window_get_game (windows[i]) == NULL ||
        bk_game_get_hand_number (bk_window_get_game (windows[i])) != 2)
      return FALSE;
  return TRUE;
}

static gboolean
guest_finished (gpointer seat)
{
  return bk_table_guest_is_finished (seat);
}

/* Whether a shown label in @widget's tree says @text. */
static gboolean
says (GtkWidget  *widget,
      const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (says (child, text))
      return TRUE;
  return FALSE;
}

/* The link of a table with no account yet: Preferences on the Friends page; closed without
 * signing in, the lobby says why and offers Set Up Account, which shows the page again. */
static void
test_join_without_account (void)
{
  BkWindow *window = shots_open_window (WIDTH, HEIGHT);
  AdwPreferencesWindow *preferences;
  BkLobby *lobby;
  GtkWidget *button;

  bk_friends_join_table (window, "xmpp:bierkopf-0@rooms.example.org?join;password=abc");
  g_assert_true (friends_test_spin_until (has_toplevel, GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW)));
  preferences = find_toplevel (GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (preferences), ==, "friends");
  g_assert_null (find_toplevel (GSIZE_TO_POINTER (BK_TYPE_LOBBY)));

  gtk_window_close (GTK_WINDOW (preferences));
  g_assert_true (friends_test_spin_until (has_toplevel, GSIZE_TO_POINTER (BK_TYPE_LOBBY)));
  lobby = find_toplevel (GSIZE_TO_POINTER (BK_TYPE_LOBBY));
  g_assert_null (bk_lobby_get_link (lobby));
  /* issue 32: a link without a guest domain needs an account, and says what to do */
  {
    g_autofree char *words = bk_guest_problem_dup_message (BK_GUEST_PROBLEM_NEEDS_ACCOUNT,
                                                           NULL);

    g_assert_true (says (GTK_WIDGET (lobby), words));
  }
  shot (window, "lobby-no-account.png");
  button = find_button (GTK_WIDGET (lobby), has_label, _("Set _Up Account"));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (has_toplevel, GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW)));
  preferences = find_toplevel (GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (preferences), ==, "friends");
  gtk_window_close (GTK_WINDOW (preferences));
  g_assert_true (friends_test_spin_until (has_no_toplevel,
                             GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW)));
  gtk_window_close (GTK_WINDOW (lobby));
  shots_close_window (window);
}

static gboolean
is_entry_row (GtkWidget *widget)
{
  return ADW_IS_ENTRY_ROW (widget) && gtk_widget_is_visible (widget);
}

static gboolean
is_null (gpointer pointer)
{
  return *(gpointer *) pointer == NULL;
}

static GtkWidget *find_widget (GtkWidget *widget, gboolean (*match) (GtkWidget *));

/* A guest's lobby asks the account (online) to join @invitation, and its game window is
 * closed before the account answers: the lobby closes with it and the late answer does
 * nothing (before, the answer set the link on the freed window, and GTK disconnected from
 * the freed window at the lobby's last unref, which the answer held). */
static void
window_gone_before_answer (const char *invitation)
{
  BkWindow *window = shots_open_window (WIDTH, HEIGHT);
  BkLobby *lobby = bk_lobby_new (window, NULL);
  GtkWidget *row;

  gtk_window_present (GTK_WINDOW (lobby));
  row = find_widget (GTK_WIDGET (lobby), is_entry_row);
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), invitation);
  g_object_add_weak_pointer (G_OBJECT (lobby), (gpointer *) &lobby);
  g_signal_emit_by_name (row, "apply");
  /* as the person closes it (shots_close_window closes the windows above first) */
  gtk_window_destroy (GTK_WINDOW (window));
  /* the lobby went with its window, and once the account answered (that answer held its
   * last reference) nothing is left of it */
  g_assert_true (friends_test_spin_until (is_null, &lobby));
}

static void
occupant_cb (BkXmppClient *client,
             const char   *room,
             const char   *nick,
             const char   *real_jid,
             gboolean      present,
             gpointer      left)
{
  if (!present && g_str_equal (nick, "dave"))
    *(gboolean *) left = TRUE;
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

/* A guest closes the lobby before sitting: the room sees him leave at once (before, the
 * window kept the link, and the room was left only at the next join). */
static void
lobby_closed_before_sitting (BkProsody     *server,
                             BkXmppClient  *host,
                             const char    *invitation)
{
  BkWindow *window = shots_open_window (WIDTH, HEIGHT);
  g_autoptr (BkXmppClient) dave = friends_test_client_for (server, "dave");
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  BkFriendsLink *guest;
  BkLobby *lobby;
  gboolean left = FALSE;
  gulong handler;

  g_assert_true (bk_friends_parse_invitation (invitation, &room, &password));
  guest = bk_friends_link_new_guest (dave, room, password);
  lobby = bk_lobby_new (window, guest);
  /* the lobby and the window hold it, as bk-friends.c leaves it */
  g_object_unref (guest);
  gtk_window_present (GTK_WINDOW (lobby));
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  g_assert_cmpstr (bk_friends_link_get_nick (guest), ==, "dave");
  handler = g_signal_connect (host, "occupant", G_CALLBACK (occupant_cb), &left);
  gtk_window_close (GTK_WINDOW (lobby));
  g_assert_true (friends_test_spin_until (is_true, &left));
  g_signal_handler_disconnect (host, handler);
  g_assert_null (g_object_get_data (G_OBJECT (window), "bk-friends-link"));
  shots_close_window (window);
}

static void
test_lobby_and_hand (void)
{
  const char *users[] = { "alice:pw", "bob:pw", "dave:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkXmppClient) alice = NULL;
  g_autoptr (BkGame) game = NULL;
  AdwPreferencesWindow *preferences;
  g_autoptr (BkXmppClient) bob = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (BkFriendsLink) guest = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  BkLobby *lobbies[2];
  GtkWidget *button;
  BkRules rules;

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);

  /* the host opens a table with no account yet: Preferences on its Friends page, no lobby */
  bk_friends_open_table (windows[0], "bierkopf");
  g_assert_true (friends_test_spin_until (has_toplevel, GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW)));
  preferences = find_toplevel (GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (preferences), ==, "friends");
  g_assert_null (find_toplevel (GSIZE_TO_POINTER (BK_TYPE_LOBBY)));

  /* the person trusts the server's certificate and signs in: the lobby opens by itself */
  friends_test_sign_in_host (server);
  g_assert_true (friends_test_spin_until (has_toplevel, GSIZE_TO_POINTER (BK_TYPE_LOBBY)));
  g_assert_true (friends_test_spin_until (has_no_toplevel, GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW)));
  lobbies[0] = find_toplevel (GSIZE_TO_POINTER (BK_TYPE_LOBBY));
  g_assert_true (bk_friends_link_is_host (bk_lobby_get_link (lobbies[0])));
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, bk_lobby_get_link (lobbies[0])));

  /* the hand below wants a known deal (seed 5): the host opens that table on the same
   * account's client, in a lobby of its own */
  alice = g_object_ref (bk_account_get_client (bk_account_get_default ()));
  gtk_window_close (GTK_WINDOW (lobbies[0]));
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  host = bk_friends_link_new_host (alice, game);
  lobbies[0] = bk_lobby_new (windows[0], host);
  gtk_window_present (GTK_WINDOW (lobbies[0]));
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));
  g_assert_true (g_str_has_prefix (bk_friends_link_get_invitation (host), "xmpp:"));
  /* the German run: the lobby speaks German */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "de") == 0)
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (lobbies[0])), ==, "Tisch mit Freunden");
  shot (windows[0], "lobby-host.png");
  window_gone_before_answer (bk_friends_link_get_invitation (host));
  lobby_closed_before_sitting (server, alice, bk_friends_link_get_invitation (host));

  /* the guest comes in by the link alone and sees the chairs */
  g_assert_true (bk_friends_parse_invitation (bk_friends_link_get_invitation (host), &room,
                                              &password));
  bob = friends_test_client_for (server, "bob");
  guest = bk_friends_link_new_guest (bob, room, password);
  lobbies[1] = bk_lobby_new (windows[1], guest);
  gtk_window_present (GTK_WINDOW (lobbies[1]));
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  shot (windows[1], "lobby-guest.png");

  /* the guest's person takes West by its button; the host's lobby shows him there */
  button = find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (2));
  g_assert_nonnull (button);
  /* read once, by its label ("Sit at West"): its mnemonic's label does not name it too */
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button),
                                                   GTK_ACCESSIBLE_PROPERTY_LABEL));
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (button),
                                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  g_assert_null (find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (1)));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (has_table, guest));
  g_assert_true (friends_test_spin_until (friends_test_guest_seated, host));
  shot (windows[0], "lobby-host-seated.png");
  g_signal_connect (bk_friends_link_get_table (host), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (0));
  g_signal_connect (bk_friends_link_get_table (guest), "verified", G_CALLBACK (verified_cb),
                    GUINT_TO_POINTER (1));

  /* Start: the free chairs take computer players; both lobbies go, both windows play */
  button = find_button (GTK_WIDGET (lobbies[0]), has_label, _("_Start"));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (both_at_table, NULL));
  shot (windows[0], "table-host.png");
  shot (windows[1], "table-guest.png");

  if (!friends_test_spin_until (both_over, NULL))
    for (guint i = 0; i < 2; i++)
      {
        BkGame *shown = bk_window_get_game (windows[i]);

        g_test_message ("window %u: phase %d, to act %d, settled %d, due %d, dialog %p, "
                        "above %p, offer %d", i, bk_game_get_phase (shown),
                        bk_game_get_to_act (shown), bk_window_is_settled (windows[i]),
                        shots_person_due (windows[i]), bk_window_get_dialog (windows[i]),
                        shots_find_dialog (windows[i]),
                        bk_game_is_waiting_for_offer (shown, 0));
      }
  g_assert_true (both_over (NULL));
  shot (windows[0], "result-host.png");
  shot (windows[1], "result-guest.png");
  /* issue 34 (5): the result itself says the hand was verified (a toast went unseen) */
  for (guint i = 0; i < 2; i++)
    {
      AdwMessageDialog *result = bk_window_get_dialog (windows[i]);

      g_assert_nonnull (result);
      g_assert_true (says (GTK_WIDGET (result), _("Deal and play verified")));
    }

  /* hostquit: the host's app is gone without a word; the guest waits for the host; the
   * host's app started again takes the table up again from what it kept, in the same room
   * with the same link, and both windows play the next hand */
  {
    g_autofree char *path = bk_friends_dup_resume_path ();
    g_autofree char *link = g_strdup (bk_friends_link_get_invitation (host));
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autoptr (BkXmppClient) again = NULL;
    BkTableGuest *seat = bk_friends_table_get_guest (bk_friends_link_get_table (guest));
    BkLobby *lobby;

    g_assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error));
    g_assert_no_error (error);
    shots_close_window (windows[0]);
    g_clear_object (&host);
    g_assert_true (friends_test_spin_until (host_away, seat));
    shot (windows[1], "host-away-guest.png");

    windows[0] = shots_open_window (WIDTH, HEIGHT);
    again = friends_test_client_for (server, "alice");
    host = bk_friends_link_new_resumed (again, file, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (bk_friends_link_get_invitation (host), ==, link);
    lobby = bk_lobby_new (windows[0], host);
    gtk_window_present (GTK_WINDOW (lobby));
    bk_friends_link_connect (host);
    g_assert_true (friends_test_spin_until (host_back, seat));
    g_assert_true (friends_test_spin_until (both_at_hand_2, NULL));
    shot (windows[0], "reopened-host.png");
  }

  /* hostquit: the host who quits is asked; Close tells the room, and the guest hears that
   * the table is over */
  {
    GtkWindow *result = GTK_WINDOW (bk_window_get_dialog (windows[0]));
    AdwMessageDialog *quit = NULL;
    BkTableGuest *seat = bk_friends_table_get_guest (bk_friends_link_get_table (guest));

    if (result)
      gtk_window_destroy (result);
    g_object_ref (windows[0]);
    gtk_window_close (GTK_WINDOW (windows[0]));
    quit = ADW_MESSAGE_DIALOG (shots_find_dialog (windows[0]));
    g_assert_nonnull (quit);
    g_assert_true (adw_message_dialog_has_response (quit, "keep"));
    shot (windows[0], "quit-host.png");
    g_clear_object (&host);
    adw_message_dialog_response (quit, "close");
    g_assert_true (friends_test_spin_until (guest_finished, seat));
    g_assert_finalize_object (windows[0]);
  }
  shots_close_window (windows[1]);
}

/* --- docs/network.md 3.14 and 3.15: a newcomer takes a computer's chair; hints off --- */

/* One step of the host's person (as both_over() plays), until the hand's result. */
static gboolean
host_over (gpointer data)
{
  BkWindow *window = windows[0];

  if (hand_over (window))
    return TRUE;
  if (bk_window_is_settled (window) && bk_window_get_dialog (window) == NULL &&
      bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (window), BK_SEAT_S))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL);
  else if (shots_person_due (window))
    {
      AdwMessageDialog *dialog = bk_window_get_dialog (window);

      if (dialog)
        shots_answer (GTK_WINDOW (dialog), NULL);
      else
        shots_play_first_legal (window);
    }
  return hand_over (window);
}

static gboolean
host_at_table (gpointer data)
{
  return bk_window_is_at_table (windows[0]) && bk_window_get_game (windows[0]) != NULL &&
         bk_game_get_hand_number (bk_window_get_game (windows[0])) == 1;
}

static gboolean
newcomer_in_hand_2 (gpointer data)
{
  BkGame *game = bk_window_is_at_table (windows[1]) ? bk_window_get_game (windows[1]) : NULL;

  return game && bk_game_get_hand_number (game) == 2;
}

static gboolean
is_switch (GtkWidget *widget)
{
  return GTK_IS_SWITCH (widget);
}

static gboolean
is_combo_row (GtkWidget *widget)
{
  return ADW_IS_COMBO_ROW (widget);
}

/* The first widget in @widget's tree that @match takes. */
static GtkWidget *
find_widget (GtkWidget *widget,
             gboolean (*match) (GtkWidget *))
{
  if (match (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match);

      if (found)
        return found;
    }
  return NULL;
}

/* The host turns Hints off in the lobby and starts alone with three computers; while the
 * first hand waits for the host's person, carol comes by the link: her lobby offers each
 * computer's chair with Sit Here (not the host's), she takes West and her lobby says the
 * computer plays it to the hand's end; the host plays the hand out, and hand 2 comes to
 * carol's window at West, where Hint says the table's host turned hints off. */
static void
test_lobby_chair (void)
{
  const char *users[] = { "alice:pw", "carol:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkXmppClient) alice = NULL;
  g_autoptr (BkXmppClient) carol = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (BkFriendsLink) guest = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  g_autofree char *waiting = NULL;
  g_autofree char *west = NULL;
  BkLobby *lobbies[2];
  GtkWidget *button, *hints;
  BkRules rules;

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  alice = friends_test_client_for (server, "alice");
  host = bk_friends_link_new_host (alice, game);
  lobbies[0] = bk_lobby_new (windows[0], host);
  gtk_window_present (GTK_WINDOW (lobbies[0]));
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));

  /* Hints off for the table, by the lobby's switch */
  hints = find_widget (GTK_WIDGET (lobbies[0]), is_switch);
  g_assert_nonnull (hints);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (hints)));
  gtk_switch_set_active (GTK_SWITCH (hints), FALSE);
  g_assert_true (bk_friends_link_get_seats (host)->hints_off);
  shot (windows[0], "lobby-host-hints-off.png");
  /* the quickest computer players: the Meister thinks long on a busy machine */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_widget (GTK_WIDGET (lobbies[0]),
                                                          is_combo_row)), 0);
  button = find_button (GTK_WIDGET (lobbies[0]), has_label, _("_Start"));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (has_no_toplevel, GSIZE_TO_POINTER (BK_TYPE_LOBBY)));
  /* hand 1 is in play in the host's window: it cannot end without its person */
  g_assert_true (friends_test_spin_until (host_at_table, NULL));

  /* carol comes while hand 1 waits for the host's person */
  g_assert_true (bk_friends_parse_invitation (bk_friends_link_get_invitation (host), &room,
                                              &password));
  carol = friends_test_client_for (server, "carol");
  guest = bk_friends_link_new_guest (carol, room, password);
  lobbies[1] = bk_lobby_new (windows[1], guest);
  gtk_window_present (GTK_WINDOW (lobbies[1]));
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  g_assert_null (find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (1)));
  for (guint chair = 1; chair < 4; chair++)
    g_assert_nonnull (find_button (GTK_WIDGET (lobbies[1]), is_chair,
                                   GUINT_TO_POINTER (chair + 1)));
  shot (windows[1], "lobby-newcomer.png");
  button = find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (2));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (has_table, guest));
  {
    g_autoptr (BkGame) header = bk_record_replay (bk_friends_link_get_seats (guest)->record,
                                                  NULL, NULL, NULL, NULL);

    west = bk_seat_dup_display_name (bk_game_get_rules (header), 1);
  }
  waiting = g_strdup_printf (_("A computer plays %s until the end of the hand; then it is "
                               "your chair"), west);
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (!says (GTK_WIDGET (lobbies[1]), waiting) && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_true (says (GTK_WIDGET (lobbies[1]), waiting));
  shot (windows[1], "lobby-newcomer-waits.png");

  /* the host's person plays hand 1 out; hand 2 comes to carol at West */
  if (!friends_test_spin_until (host_over, NULL))
    {
      BkGame *shown = bk_window_get_game (windows[0]);

      g_test_message ("host: phase %d, to act %d, settled %d, due %d, dialog %p, above %p",
                      bk_game_get_phase (shown), bk_game_get_to_act (shown),
                      bk_window_is_settled (windows[0]), shots_person_due (windows[0]),
                      bk_window_get_dialog (windows[0]), shots_find_dialog (windows[0]));
    }
  g_assert_true (hand_over (windows[0]));
  shots_answer (GTK_WINDOW (bk_window_get_dialog (windows[0])), "next");
  g_assert_true (friends_test_spin_until (newcomer_in_hand_2, NULL));
  g_assert_true (friends_test_spin_until (has_no_toplevel, GSIZE_TO_POINTER (BK_TYPE_LOBBY)));
  g_assert_cmpstr (bk_friends_link_get_seats (host)->seats[1].nick, ==, "carol");
  g_assert_null (bk_friends_link_get_seats (host)->seats[1].level);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (windows[1]), "win.hint", NULL));
  g_assert_cmpstr (bk_window_get_toast (windows[1]), ==, _("The table’s host turned hints off"));
  shot (windows[0], "table-host-newcomer.png");
  shot (windows[1], "table-newcomer.png");

  g_clear_object (&guest);
  g_clear_object (&host);
  for (guint i = 0; i < 2; i++)
    shots_close_window (windows[i]);
}

static gboolean
carol_seated (gpointer host)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (host);

  return seats && seats->n_seats > 1 && g_strcmp0 (seats->seats[1].nick, "carol") == 0;
}

static gboolean
west_away (gpointer host)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (host);

  return seats && seats->n_seats > 1 && g_strcmp0 (seats->seats[1].nick, "carol") == 0 &&
         seats->seats[1].away;
}

/* Issue 34.8: carol sits at West, the host starts, carol's app leaves the room (a drop);
 * she comes back by the link: her lobby offers no Sit Here on her own chair, kept for her,
 * and takes her back to it by itself. */
static void
test_lobby_own_chair (void)
{
  const char *users[] = { "alice:pw", "carol:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start ("localhost", users, &error);
  g_autoptr (BkXmppClient) alice = NULL;
  g_autoptr (BkXmppClient) carol = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkFriendsLink) host = NULL;
  g_autoptr (BkFriendsLink) guest = NULL;
  g_autofree char *room = NULL;
  g_autofree char *password = NULL;
  BkLobby *lobbies[2];
  GtkWidget *button;
  BkRules rules;

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    windows[i] = shots_open_window (WIDTH, HEIGHT);
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  alice = friends_test_client_for (server, "alice");
  host = bk_friends_link_new_host (alice, game);
  lobbies[0] = bk_lobby_new (windows[0], host);
  gtk_window_present (GTK_WINDOW (lobbies[0]));
  bk_friends_link_connect (host);
  g_assert_true (friends_test_spin_until (friends_test_has_invitation, host));
  g_assert_true (bk_friends_parse_invitation (bk_friends_link_get_invitation (host), &room,
                                              &password));

  /* carol sits at West; the host starts */
  carol = friends_test_client_for (server, "carol");
  guest = bk_friends_link_new_guest (carol, room, password);
  lobbies[1] = bk_lobby_new (windows[1], guest);
  gtk_window_present (GTK_WINDOW (lobbies[1]));
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  button = find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (2));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (friends_test_spin_until (has_table, guest));
  g_assert_true (friends_test_spin_until (carol_seated, host));
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_widget (GTK_WIDGET (lobbies[0]),
                                                          is_combo_row)), 0);
  g_signal_emit_by_name (find_button (GTK_WIDGET (lobbies[0]), has_label, _("_Start")),
                         "clicked");
  g_assert_true (friends_test_spin_until (host_at_table, NULL));
  /* both lobbies go once the table plays in the windows */
  g_assert_true (friends_test_spin_until (has_no_toplevel, GSIZE_TO_POINTER (BK_TYPE_LOBBY)));

  /* carol's app leaves the room: her chair is kept for her */
  bk_friends_leave (windows[1]);
  g_clear_object (&guest);
  g_assert_true (friends_test_spin_until (west_away, host));

  /* she comes back by the link */
  guest = bk_friends_link_new_guest (carol, room, password);
  lobbies[1] = bk_lobby_new (windows[1], guest);
  gtk_window_present (GTK_WINDOW (lobbies[1]));
  /* the lobby goes by itself once she is back at her chair, maybe before it is looked at */
  g_object_add_weak_pointer (G_OBJECT (lobbies[1]), (gpointer *) &lobbies[1]);
  bk_friends_link_connect (guest);
  g_assert_true (friends_test_spin_until (friends_test_has_seats, guest));
  if (lobbies[1] != NULL)
    g_assert_null (find_button (GTK_WIDGET (lobbies[1]), is_chair, GUINT_TO_POINTER (2)));
  shot (windows[1], "lobby-own-chair.png");
  g_assert_true (friends_test_spin_until (has_table, guest));
  g_assert_cmpuint (bk_friends_table_get_chair (bk_friends_link_get_table (guest)), ==, 1);
  if (lobbies[1] != NULL)
    g_object_remove_weak_pointer (G_OBJECT (lobbies[1]), (gpointer *) &lobbies[1]);

  g_clear_object (&guest);
  g_clear_object (&host);
  for (guint i = 0; i < 2; i++)
    shots_close_window (windows[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/friends/join-without-account", test_join_without_account);
  g_test_add_func ("/friends/lobby-and-hand", test_lobby_and_hand);
  g_test_add_func ("/friends/lobby-chair", test_lobby_chair);
  g_test_add_func ("/friends/lobby-own-chair", test_lobby_own_chair);
  return friends_test_run ();
}
