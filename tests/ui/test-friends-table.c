/* test-friends-table.c: a table with friends in two windows of one process (issue 24): the
 * host's window and a guest's, their tables wired to each other by a queue instead of a
 * server (as tests/net/test-table.c wires the engine's side), two computer chairs. The
 * test plays a whole hand in both windows as their people would, by the table's keys and
 * the dialogs' answers; both windows end at the host's result, seen from their own chair,
 * and both say the deal and play were verified.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-friends-table.h"
#include "bk-remote-controller.h"
#include "bk-table-turn.h"
#include "bk-window.h"
#include "ui-test-helpers.h"

#define ROOM "table@muc.example.org"
#define HOST_NICK "wirt"
#define HOST_JID "wirt@example.org"
#define GUEST_NICK "sepp"
#define GUEST_JID "sepp@example.org"
#define GUEST_CHAIR 1

typedef struct {
  gboolean       to_host;
  char          *from;
  BkXmppElement *payload;
  gboolean       private;
} Message;

typedef struct {
  BkFriendsTable *host;
  BkFriendsTable *guest;
  GQueue          queue;
  guint           delivered;
  guint           verified[2];   /* the host's person's, the guest's */
  guint           failed;
  BkHandResult    result;        /* the host's game's, of the first hand */
  BkSeat          now[2];        /* where the host's person and the guest sat in it */
} Link;

static void
link_send (Link                *link,
           gboolean             to_host,
           const char          *from,
           const BkXmppElement *payload,
           gboolean             private)
{
  Message *message = g_new0 (Message, 1);

  message->to_host = to_host;
  message->from = g_strdup (from);
  message->payload = bk_xmpp_element_ref ((BkXmppElement *) payload);
  message->private = private;
  g_queue_push_tail (&link->queue, message);
}

/* The host's table speaks to the room (the guest hears it) or to the guest alone. */
static void
host_send_cb (BkFriendsTable *table,
              const char     *nick,
              const char     *body,
              BkXmppElement  *payload,
              gboolean        private,
              Link           *link)
{
  if (nick == NULL || strcmp (nick, GUEST_NICK) == 0)
    link_send (link, FALSE, HOST_NICK, payload, nick != NULL);
}

static void
guest_send_cb (BkFriendsTable *table,
               const char     *nick,
               const char     *body,
               BkXmppElement  *payload,
               gboolean        private,
               Link           *link)
{
  g_assert_cmpstr (nick, ==, HOST_NICK);
  link_send (link, TRUE, GUEST_NICK, payload, TRUE);
}

static void
verified_cb (BkFriendsTable *table,
             guint           hand,
             gboolean        verified,
             const char     *message,
             Link           *link)
{
  g_test_message ("hand %u: %s", hand, message);
  if (!verified)
    link->failed++;
  link->verified[table == link->guest]++;
}

/* Delivers what is on its way, as the room would, in order. */
static void
link_pump (Link *link)
{
  Message *message;

  while ((message = g_queue_pop_head (&link->queue)))
    {
      if (message->to_host)
        bk_friends_table_receive (link->host, message->from, GUEST_JID, message->payload,
                                  message->private);
      else
        bk_friends_table_receive (link->guest, message->from, NULL, message->payload,
                                  message->private);
      link->delivered++;
      bk_xmpp_element_unref (message->payload);
      g_free (message->from);
      g_free (message);
    }
}

static void
hand_finished_cb (BkTableHost *host,
                  guint        hand,
                  Link        *link)
{
  BkGame *game = bk_table_host_get_game (host);

  if (hand != 1)
    return;
  link->result = *bk_bierkopf_game_get_last_result (game);
  link->now[0] = bk_net_seat_now (game, BK_SEAT_S);
  link->now[1] = bk_net_seat_now (game, GUEST_CHAIR);
}

static BkWindow *windows[2];

/* The person of @window has to act: a dialog, or his card. */
static gboolean
person_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  if (game == NULL || !bk_window_is_settled (window) ||
      bk_table_get_busy_until (bk_window_get_table (window)) >= g_get_monotonic_time ())
    return FALSE;
  if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
    return TRUE;
  return bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == BK_SEAT_S;
}

static gboolean
hand_over (BkWindow *window)
{
  AdwMessageDialog *dialog = bk_window_get_dialog (window);

  return dialog && adw_message_dialog_has_response (dialog, "next");
}

/* The person's first legal card, by its place in his sorted hand: the table's number key. */
static void
play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  const BkHandState *state = bk_bierkopf_game_get_state (game);
  BkCard sorted[BK_N_CARDS];
  guint n = bk_hand_sorted (state->game, state->hands[BK_SEAT_S], sorted);
  BkHand legal = bk_game_get_legal (game);

  for (guint i = 0; i < n; i++)
    if (bk_hand_has (legal, sorted[i]))
      {
        g_assert_true (bk_table_activate_card (bk_window_get_table (window), i));
        return;
      }
  g_assert_not_reached ();
}

/* One step of the person at @window, if it is his to take. */
static void
act (BkWindow *window)
{
  AdwMessageDialog *dialog;

  if (hand_over (window) || !person_due (window))
    return;
  dialog = bk_window_get_dialog (window);
  if (dialog)
    adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
  else if (bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (window), BK_SEAT_S))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL));
  else
    play_first_legal (window);
}

static gboolean
both_over (Link *link)
{
  return hand_over (windows[0]) && hand_over (windows[1]) && link->verified[0] == 1 &&
         link->verified[1] == 1;
}

static void
test_whole_hand (gconstpointer data)
{
  guint64 seed = GPOINTER_TO_UINT (data);
  g_autoptr (GSettings) settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  Link link = { 0 };
  gint64 end;

  g_settings_set_string (settings, "animation-speed", "off");
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, seed);
  g_queue_init (&link.queue);
  link.host = bk_friends_table_new_host (game, ROOM, HOST_NICK, HOST_JID "/app", BK_SEAT_S);
  link.guest = bk_friends_table_new_guest (ROOM, GUEST_NICK, GUEST_CHAIR);
  g_signal_connect (link.host, "send", G_CALLBACK (host_send_cb), &link);
  g_signal_connect (link.guest, "send", G_CALLBACK (guest_send_cb), &link);
  g_signal_connect (link.host, "verified", G_CALLBACK (verified_cb), &link);
  g_signal_connect (link.guest, "verified", G_CALLBACK (verified_cb), &link);
  g_signal_connect (bk_friends_table_get_host (link.host), "hand-finished",
                    G_CALLBACK (hand_finished_cb), &link);

  for (guint i = 0; i < 2; i++)
    {
      windows[i] = ui_new_shown_window ();
      bk_friends_table_set_window (i == 0 ? link.host : link.guest, windows[i]);
    }

  /* the host opens the table, the guest comes in and claims its chair */
  bk_friends_table_open (link.host);
  bk_friends_table_occupant (link.host, GUEST_NICK, GUEST_JID, TRUE);
  link_pump (&link);
  g_assert_nonnull (bk_friends_table_get_seats (link.host));
  g_assert_cmpstr (bk_friends_table_get_seats (link.host)->seats[GUEST_CHAIR].nick, ==,
                   GUEST_NICK);
  /* Start: the free chairs take computer players */
  g_assert_true (bk_friends_table_start (link.host, "heuristic", &error));
  g_assert_no_error (error);

  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!both_over (&link) && g_get_monotonic_time () < end)
    {
      link_pump (&link);
      g_main_context_iteration (NULL, FALSE);
      for (guint i = 0; i < 2; i++)
        act (windows[i]);
    }
  for (guint i = 0; i < 2 && !both_over (&link); i++)
    {
      BkGame *shown = bk_window_get_game (windows[i]);
      g_autofree char *record = bk_game_to_record (shown);

      g_test_message ("window %u: hand %u phase %d to act %d settled %d dialog %p busy %d "
                      "verified %u offer %d record\n%s", i, bk_game_get_hand_number (shown),
                      bk_game_get_phase (shown), bk_game_get_to_act (shown),
                      bk_window_is_settled (windows[i]), bk_window_get_dialog (windows[i]),
                      bk_table_get_busy_until (bk_window_get_table (windows[i])) >=
                      g_get_monotonic_time (), link.verified[i],
                      bk_game_is_waiting_for_offer (shown, 0), record);
    }
  if (!both_over (&link))
    {
      g_autofree char *record = bk_game_to_record (game);

      g_test_message ("host: to act %d waiting for %d offer S %d W %d\n%s",
                      bk_game_get_to_act (game), bk_game_get_waiting_for (game),
                      bk_game_is_waiting_for_offer (game, 0),
                      bk_game_is_waiting_for_offer (game, 1), record);
    }
  g_test_message ("the guest's chair %u is seat %u after the seating ceremony", GUEST_CHAIR,
                  link.now[1]);
  if (seed == 3)
    g_assert_cmpuint (link.now[1], ==, 2);
  g_assert_true (both_over (&link));
  g_assert_cmpuint (link.failed, ==, 0);
  g_test_message ("%u messages", link.delivered);

  /* each window is at the table: the person at the bottom, the others the table's */
  for (guint i = 0; i < 2; i++)
    {
      BkGame *shown = bk_window_get_game (windows[i]);

      g_assert_true (bk_window_is_at_table (windows[i]));
      g_assert_true (shown == bk_friends_table_get_shown (i == 0 ? link.host : link.guest));
      g_assert_cmpint (bk_game_get_phase (shown), ==, BK_PHASE_HAND_OVER);
    }

  /* the same hand: each window's team scored what the host's game says it did */
  for (guint i = 0; i < 2; i++)
    {
      BkGame *shown = bk_window_get_game (windows[i]);
      const BkHandResult *result = bk_bierkopf_game_get_last_result (shown);

      g_assert_nonnull (result);
      g_assert_cmpuint (result->points[bk_game_get_side (shown, 0)], ==,
                        link.result.points[bk_game_get_side (game, link.now[i])]);
      g_assert_cmpuint (result->lines, ==, link.result.lines);
    }
  /* the host's window says so too */
  g_assert_nonnull (bk_window_get_toast (windows[0]));

  /* the next hand is the table's: the result's Next takes it */
  adw_message_dialog_response (bk_window_get_dialog (windows[1]), "next");
  adw_message_dialog_response (bk_window_get_dialog (windows[0]), "next");
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end &&
         (bk_game_get_hand_number (bk_window_get_game (windows[0])) != 2 ||
          bk_game_get_hand_number (bk_window_get_game (windows[1])) != 2))
    {
      link_pump (&link);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (bk_game_get_hand_number (bk_window_get_game (windows[0])), ==, 2);
  g_assert_cmpuint (bk_game_get_hand_number (bk_window_get_game (windows[1])), ==, 2);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 2);

  /* the guest drops: the host's window shows his chair away, and how long the table
   * waits for him (docs/network.md, <wait/>) */
  bk_friends_table_occupant (link.host, GUEST_NICK, GUEST_JID, FALSE);
  link_pump (&link);
  {
    BkGame *shown = bk_window_get_game (windows[0]);
    BkRemoteController *remote = NULL;
    guint away = 0;

    /* one chair away, the guest's: the others are the host's computers */
    for (BkSeat now = 1; now < bk_game_get_n_seats (shown); now++)
      {
        BkRemoteController *each =
          BK_REMOTE_CONTROLLER (bk_friends_table_get_controller (link.host, now));

        if (bk_remote_controller_get_presence (each) == BK_REMOTE_AWAY)
          {
            remote = each;
            away++;
          }
        else
          g_assert_true (bk_remote_controller_is_computer (each));
      }
    g_assert_cmpuint (away, ==, 1);
    g_assert_cmpuint (bk_remote_controller_get_wait (remote), ==, BK_NET_GRACE_DEFAULT);
    g_assert_false (bk_remote_controller_is_computer (remote));
  }

  for (guint i = 0; i < 2; i++)
    {
      bk_friends_table_set_window (i == 0 ? link.host : link.guest, NULL);
      ui_close_window (windows[i]);
    }
  g_object_unref (link.guest);
  g_object_unref (link.host);
  link_pump (&link);
}

/* The window's game is the table's turned to the person's chair: every seat a line
 * names moves by the same number of places round the table, and back. */
static void
test_turn (void)
{
  BkRules rules;
  const char *lines[][2] = {
    { "play N EO", "play W EO" },
    { "talk S gut", "talk E gut" },
    { "dealer W", "dealer S" },
    { "hand E SU E10 EK G10 GK", "hand N SU E10 EK G10 GK" },
    { "seating S H10 EO SK", "seating E H10 EO SK" },
    { "rule lines 21", "rule lines 21" },
    { "game bierkopf", "game bierkopf" },
  };

  bk_rules_init_default (&rules);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *turned = bk_table_turn_line (&rules, 4, lines[i][0], 1);
      g_autofree char *back = bk_table_turn_line (&rules, 4, turned, 3);
      g_autofree char *same = bk_table_turn_line (&rules, 4, lines[i][0], 4);

      g_assert_cmpstr (turned, ==, lines[i][1]);
      g_assert_cmpstr (back, ==, lines[i][0]);
      g_assert_cmpstr (same, ==, lines[i][0]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/friends/turn", test_turn);
  g_test_add_data_func ("/friends/whole-hand", GUINT_TO_POINTER (11), test_whole_hand);
  /* spec B2.1: the seating ceremony of seed 3 moves the guest from chair 1 to seat 2, so
   * its window's game is the table turned by 2, the ceremony left out */
  g_test_add_data_func ("/friends/whole-hand-guest-moved", GUINT_TO_POINTER (3),
                        test_whole_hand);
  return g_test_run ();
}
