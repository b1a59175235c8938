/* bk-friends-table-shown.c: the window's game of the hand in play ("shown"), the
 * guest's world turned to the person's seat: taken when a hand begins or the two part,
 * held while the person has not seen the last hand's result, and brought to the world
 * line by line; see bk-friends-table.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-friends-table-private.h"
#include "bk-person-controller.h"
#include "bk-record.h"
#include "bk-remote-controller.h"
#include "bk-table-turn.h"
#include "bk-window-test.h"

/* How often a finished hand looks whether the person has seen its result. */
#define HOLD_POLL_MS 200
#define HOLD_MAX_POLLS 150

void
_bk_friends_table_drop_shown (BkFriendsTable *self)
{
  if (self->shown)
    g_signal_handlers_disconnect_by_data (self->shown, self);
  g_clear_object (&self->shown);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_object (&self->controllers[s]);
}

/* The world of the hand turned by @turn: the finished hands replayed as the record reads
 * them, the hand in play dealt and played as at the table, so that an offer still open
 * there (a Retour, B3.6) is open in it too. */
static BkGame *
build_shown (BkGame  *world,
             guint    turn,
             GError **error)
{
  const BkRules *rules = bk_game_get_rules (world);
  guint n = bk_game_get_n_seats (world);
  g_autofree char *record = bk_game_to_record (world);
  g_autofree char *turned = bk_table_turn_record (rules, n, record, turn);
  g_autofree char *prefix = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (BkGame) game = NULL;
  BkHand hands[BK_MAX_SEATS] = { 0 }, aside = 0;
  const char *at = g_str_has_prefix (turned, "dealer ") ? turned : NULL;
  BkSeat dealer;
  guint i = 1;

  for (const char *p = turned; (p = strstr (p, "\ndealer ")); p++)
    at = p + 1;
  if (at == NULL)
    return bk_record_replay (turned, NULL, NULL, NULL, error);
  prefix = g_strndup (turned, (gsize) (at - turned));
  game = bk_record_replay (prefix, NULL, NULL, NULL, error);
  if (game == NULL)
    return NULL;
  lines = g_strsplit (at, "\n", -1);
  if (!bk_seat_parse_for (rules, lines[0] + 7, &dealer, error))
    return NULL;
  for (; lines[i] && (g_str_has_prefix (lines[i], "hand ") ||
                      g_str_has_prefix (lines[i], "aside ")); i++)
    {
      g_auto (GStrv) words = g_strsplit (lines[i], " ", 3);
      BkSeat seat;
      BkHand cards;

      if (g_strv_length (words) < 3 && strcmp (words[0], "hand") == 0)
        continue;
      if (strcmp (words[0], "aside") == 0)
        {
          if (!bk_hand_parse (lines[i] + 6, &aside, error))
            return NULL;
        }
      else if (!bk_seat_parse_for (rules, words[1], &seat, error) ||
               !bk_hand_parse (words[2], &cards, error))
        return NULL;
      else if (seat < n)
        hands[seat] = cards;
    }
  if (!bk_game_deal (game, dealer, hands, aside, error))
    return NULL;
  for (; lines[i]; i++)
    {
      BkAction action;

      if (!bk_net_is_action_line (rules, lines[i]))
        continue;
      if (!bk_net_action_parse (rules, lines[i], &action, error) ||
          !bk_game_apply (game, &action, error))
        return NULL;
    }
  /* an offer answered at the table is answered here */
  for (guint s = 0; s < n; s++)
    if (bk_game_is_waiting_for_offer (game, s) &&
        !bk_game_is_waiting_for_offer (world, (s + turn) % n))
      bk_game_decline_offer (game, s);
  return g_steal_pointer (&game);
}

/* The window takes the world of the hand in play, turned to the person's seat. */
static void show (BkFriendsTable *self,
                  BkGame         *shown);

static void
take_world (BkFriendsTable *self,
            BkGame         *world)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) shown = NULL;

  self->turn = bk_net_seat_now (world, self->chair);
  shown = build_shown (world, self->turn, &error);
  if (shown == NULL)
    {
      g_warning ("The table cannot be shown: %s", error->message);
      return;
    }
  show (self, shown);
}

/* The window takes @shown, the hand in play turned by self->turn. */
static void
show (BkFriendsTable *self,
      BkGame         *shown)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);
  guint n = bk_game_get_n_seats (shown);
  g_autofree char *shown_record = NULL;
  char *names[BK_MAX_SEATS + 1] = { NULL };
  const char *list[BK_MAX_SEATS + 1] = { NULL };
  GObject *controllers[BK_MAX_SEATS] = { NULL };
  g_autoptr (BkSeatController) person = NULL;
  static const char *const moves[] = { "notify::to-act", "notify::phase", "card-played",
                                       "talk-said", "passed", "doubled", "retour-declined" };

  _bk_friends_table_drop_shown (self);
  bk_remote_feed_clear (self->feed);
  g_queue_clear_full (&self->sent, g_free);
  g_queue_init (&self->sent);
  self->asking = FALSE;
  g_ptr_array_set_size (self->pending, 0);
  self->shown = g_object_ref (shown);
  self->shown_hand = bk_game_get_hand_number (shown);
  self->out_of_step = FALSE;
  self->result_answered = FALSE;
  self->hold_polls = 0;
  shown_record = bk_game_to_record (shown);
  self->known = strlen (shown_record);
  self->offer_open = bk_game_is_waiting_for_offer (shown, 0);

  person = bk_person_controller_new ();
  for (guint s = 0; s < n; s++)
    {
      BkSeat chair;

      if (s == 0)
        {
          self->controllers[s] = g_object_ref (person);
          continue;
        }
      chair = _bk_friends_table_shown_chair (self, s);
      self->controllers[s] = bk_remote_controller_new (
        self->feed, self->has_seats && chair < self->seats.n_seats &&
                    self->seats.seats[chair].level != NULL &&
                    self->seats.seats[chair].nick == NULL);
    }
  for (guint s = 0; s < n; s++)
    {
      controllers[s] = G_OBJECT (self->controllers[s]);
      names[s] = _bk_friends_table_chair_name (self, (s + self->turn) % n);
      list[s] = names[s];
    }
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      guint id;
      GQuark detail;

      if (g_signal_parse_name (moves[i], BK_TYPE_GAME, &id, &detail, TRUE))
        g_signal_connect_swapped (shown, moves[i], G_CALLBACK (_bk_friends_table_moves_changed_cb),
                                  self);
    }
  /* the hand taken whole shows its moves so far at once (tests/e2e/bench-two-apps.sh) */
  g_debug ("Hand %u shown from seat %u (chair %u) at move %u", self->shown_hand, self->turn,
           self->chair, _bk_friends_table_count_moves (bk_game_get_rules (shown), shown_record,
                                                       self->known));
  if (window)
    bk_window_take_table_session (window, shown, controllers, list);
  for (guint s = 0; s < n; s++)
    g_free (names[s]);
  _bk_friends_table_update_presence (self);
  _bk_friends_table_apply_house_rules (self);
  g_signal_emit (self, _bk_friends_table_signals[SIGNAL_SHOWN], 0);
}

/* A finished hand stays in the window until the person has answered its result: the
 * table has shown its last lines, and the result dialog has come and been answered (at a
 * table the window deals no next hand, so it would only show the result again). */
static gboolean
holding (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);
  AdwMessageDialog *dialog;

  if (self->shown == NULL || window == NULL)
    return FALSE;
  if (!bk_remote_feed_is_idle (self->feed))
    return TRUE;
  if (bk_game_get_phase (self->shown) != BK_PHASE_HAND_OVER || self->result_answered)
    return FALSE;
  dialog = bk_window_get_dialog (window);
  /* a result that never comes as a dialog holds nothing for long */
  return dialog != NULL || self->hold_polls++ < HOLD_MAX_POLLS;
}

static gboolean
hold_cb (gpointer data)
{
  BkFriendsTable *self = data;

  self->hold_id = 0;
  _bk_friends_table_sync_shown (self);
  return G_SOURCE_REMOVE;
}

/* The hand shown as the table's verified record has it, turned to the person's seat;
 * NULL while that record has not reached it. */
static BkGame *
dup_revealed (BkFriendsTable *self)
{
  const char *record = self->guest ? bk_table_guest_get_record (self->guest) : NULL;
  g_autoptr (BkGame) game = record ? bk_record_replay (record, NULL, NULL, NULL, NULL) : NULL;
  g_autofree char *turned = NULL;

  if (game == NULL || bk_game_get_hand_number (game) != self->shown_hand)
    return NULL;
  turned = bk_table_turn_record (bk_game_get_rules (game), bk_game_get_n_seats (game), record,
                                 self->turn);
  return bk_record_replay (turned, NULL, NULL, NULL, NULL);
}

/* The hand shown, over, as the table revealed and verified it, turned to the person's
 * seat: what its review is of (the others' hands in the shown game are guesses). NULL
 * while the hand is in play or not revealed yet. */
BkGame *
bk_friends_table_dup_revealed (BkFriendsTable *self)
{
  BkGame *game;

  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);

  game = dup_revealed (self);
  if (game && bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
    g_clear_object (&game);
  return game;
}

/* The hand shown is over at the table, and the shown game parted from it on the way: it
 * is taken again from the revealed record, as it ended. */
static void
take_finished (BkFriendsTable *self)
{
  g_autoptr (BkGame) shown = dup_revealed (self);

  if (shown)
    show (self, shown);
}

/* Brings the shown game to where the guest's world is. */
void
_bk_friends_table_sync_shown (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);
  BkGame *world = self->guest ? bk_table_guest_get_game (self->guest) : NULL;

  if (window == NULL)
    return;
  if (self->out_of_step && self->shown &&
      (world == NULL || bk_game_get_hand_number (world) > self->shown_hand))
    take_finished (self);
  if (world == NULL)
    {
      g_ptr_array_set_size (self->pending, 0);
      return;
    }
  if (self->shown == NULL || self->out_of_step ||
      bk_game_get_hand_number (world) != self->shown_hand)
    {
      if (!self->out_of_step && self->shown &&
          bk_game_get_hand_number (world) > self->shown_hand && holding (self))
        {
          if (self->hold_id == 0)
            self->hold_id = g_timeout_add (HOLD_POLL_MS, hold_cb, self);
          return;
        }
      take_world (self, world);
      return;
    }
  for (guint i = 0; i < self->pending->len; i++)
    {
      const char *line = g_ptr_array_index (self->pending, i);

      /* the person's own move, already in the shown game */
      if (g_strcmp0 (g_queue_peek_head (&self->sent), line) == 0)
        {
          g_free (g_queue_pop_head (&self->sent));
          self->asking = FALSE;
          continue;
        }
      bk_remote_feed_push (self->feed, line);
    }
  g_ptr_array_set_size (self->pending, 0);
  _bk_friends_table_ask_next (self);
  if (self->out_of_step)
    take_world (self, world);
}
