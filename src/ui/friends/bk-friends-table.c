/* bk-friends-table.c: see bk-friends-table.h.
 *
 * The window's game ("shown") is a copy of the guest's world of the hand, turned so that
 * the person sits at seat 0. The guest deals its world again at every line (the other
 * hands are guesses), so the shown game is taken again only when a hand begins or the two
 * part: the others' lines go into it through the remote feed, at the table's pace, and
 * the person's own moves in it go to the host as requests; a refusal, or a line the shown
 * game cannot take (a card a guessed hand lacks), takes the world again.
 *
 * Why it is above 1,000 lines: the shown game, the feed of the table's lines into it, the
 * person's moves out of it and the order of what the host and its own person's guest say
 * to each other are one state machine over the fields of bk-friends-table-private.h;
 * keeping the table for later is apart, in bk-friends-table-keep.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-friends-table.h"
#include "bk-friends-chat.h"
#include "bk-friends-table-private.h"
#include "bk-game-history.h"
#include "bk-person-controller.h"
#include "bk-record.h"
#include "bk-remote-controller.h"
#include "bk-table-link.h"
#include "bk-table-turn.h"
#include "bk-window-test.h"

/* A table with friends plays until its people leave it. */
#define TABLE_DEALS 1000000
/* How often a finished hand looks whether the person has seen its result. */
#define HOLD_POLL_MS 200
#define HOLD_MAX_POLLS 150

G_DEFINE_FINAL_TYPE (BkFriendsTable, bk_friends_table, G_TYPE_OBJECT)

enum {
  SIGNAL_SEND,
  SIGNAL_SEATS_CHANGED,
  SIGNAL_VERIFIED,
  SIGNAL_SHOWN,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void sync_shown (BkFriendsTable *self);
static void host_send_cb (BkTableHost *host, const char *nick, const char *body,
                          BkXmppElement *payload, gboolean private, BkFriendsTable *self);
static gboolean tick_cb (gpointer data);
static void host_connect (BkFriendsTable *self);
static void forget_window (BkFriendsTable *self);
static gint64 window_busy (gpointer data);

static void
local_free (Local *local)
{
  bk_xmpp_element_unref (local->payload);
  g_free (local);
}

static void
drop_shown (BkFriendsTable *self)
{
  if (self->shown)
    g_signal_handlers_disconnect_by_data (self->shown, self);
  g_clear_object (&self->shown);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_object (&self->controllers[s]);
}

static void
bk_friends_table_dispose (GObject *object)
{
  BkFriendsTable *self = BK_FRIENDS_TABLE (object);

  g_clear_handle_id (&self->moves_id, g_source_remove);
  g_clear_handle_id (&self->hold_id, g_source_remove);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->guest)
    g_signal_handlers_disconnect_by_data (self->guest, self);
  if (self->host)
    g_signal_handlers_disconnect_by_data (self->host, self);
  drop_shown (self);
  forget_window (self);
  if (self->feed)
    bk_remote_feed_clear (self->feed);
  g_clear_object (&self->feed);
  g_clear_object (&self->guest);
  g_clear_object (&self->host);
  g_queue_clear_full (&self->local, (GDestroyNotify) local_free);
  g_queue_clear_full (&self->sent, g_free);
  g_weak_ref_set (&self->window, NULL);
  G_OBJECT_CLASS (bk_friends_table_parent_class)->dispose (object);
}

static void
bk_friends_table_finalize (GObject *object)
{
  BkFriendsTable *self = BK_FRIENDS_TABLE (object);

  bk_net_stanza_clear (&self->seats);
  g_ptr_array_unref (self->pending);
  g_weak_ref_clear (&self->window);
  g_free (self->room);
  g_free (self->nick);
  g_free (self->jid);
  g_free (self->resume_path);
  g_free (self->password);
  G_OBJECT_CLASS (bk_friends_table_parent_class)->finalize (object);
}

static void
bk_friends_table_class_init (BkFriendsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_friends_table_dispose;
  object_class->finalize = bk_friends_table_finalize;

  signals[SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  signals[SIGNAL_SEATS_CHANGED] =
    g_signal_new ("seats-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_VERIFIED] =
    g_signal_new ("verified", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_STRING);
  signals[SIGNAL_SHOWN] =
    g_signal_new ("shown", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bk_friends_table_init (BkFriendsTable *self)
{
  g_queue_init (&self->local);
  g_queue_init (&self->sent);
  g_weak_ref_init (&self->window, NULL);
  self->pending = g_ptr_array_new_with_free_func (g_free);
}

/* --- who sits where --- */

/* hostquit: the host's chair while the host is out of the room (docs/network.md §7). */
static gboolean
host_gone (BkFriendsTable  *self,
           const BkNetSeat *seat)
{
  return self->host == NULL && bk_table_guest_is_host_away (self->guest) && seat->nick &&
         g_strcmp0 (seat->nick, self->seats.host) == 0;
}

/* The name of the player at @chair, as the window shows it. */
static char *
chair_name (BkFriendsTable *self,
            BkSeat          chair)
{
  const BkNetSeat *seat = self->has_seats && chair < self->seats.n_seats
                          ? &self->seats.seats[chair] : NULL;
  g_autofree char *name = NULL;

  if (chair == self->chair)
    name = g_strdup (_("You"));
  else if (seat && seat->nick && seat->level && !seat->away)
    /* Translators: a computer's chair a friend takes at the end of the hand,
     * "Computer 3 (then Sepp)" (docs/network.md 3.14) */
    name = g_strdup_printf (_("Computer %u (then %s)"), chair + 1, seat->nick);
  else if (seat && seat->nick)
    name = g_strdup (seat->nick);
  else
    /* Translators: a chair played by the host's computer player */
    name = g_strdup_printf (_("Computer %u"), chair + 1);
  if (chair != self->chair && self->wait[chair] > 0)
    /* Translators: a player who dropped, and how long the table waits for him */
    return g_strdup_printf (_("%s (away, %u s)"), name, self->wait[chair]);
  if (chair != self->chair && seat && (seat->away || host_gone (self, seat)))
    /* Translators: a player who dropped */
    return g_strdup_printf (_("%s (away)"), name);
  return g_steal_pointer (&name);
}

/* The chair of the player at seat @now of the shown game. */
static BkSeat
shown_chair (BkFriendsTable *self,
             BkSeat          now)
{
  guint n = bk_game_get_n_seats (self->shown);

  return (bk_game_get_player_at (self->shown, now) + self->turn) % n;
}

static BkWindow *
get_window (BkFriendsTable *self)
{
  return g_weak_ref_get (&self->window);
}

/* Each chair's presence: here, thinking (its turn), away. */
static void
update_presence (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);
  char *names[BK_MAX_SEATS + 1] = { NULL };
  const char *list[BK_MAX_SEATS + 1] = { NULL };
  guint n;

  if (self->shown == NULL)
    return;
  n = bk_game_get_n_seats (self->shown);
  for (guint s = 1; s < n; s++)
    {
      BkSeat chair = shown_chair (self, s);
      BkRemoteController *remote = BK_REMOTE_CONTROLLER (self->controllers[s]);
      gboolean away = self->wait[chair] > 0 ||
                      (self->has_seats && chair < self->seats.n_seats &&
                       (self->seats.seats[chair].away ||
                        host_gone (self, &self->seats.seats[chair])));

      if (away)
        bk_remote_controller_set_presence (remote, BK_REMOTE_AWAY, self->wait[chair]);
      else if (bk_game_get_to_act (self->shown) == s &&
               (bk_game_get_phase (self->shown) == BK_PHASE_BIDDING ||
                bk_game_get_phase (self->shown) == BK_PHASE_PLAYING))
        bk_remote_controller_set_presence (remote, BK_REMOTE_THINKING, 0);
      else
        bk_remote_controller_set_presence (remote, BK_REMOTE_HERE, 0);
    }
  for (guint p = 0; p < n; p++)
    {
      names[p] = chair_name (self, (p + self->turn) % n);
      list[p] = names[p];
    }
  if (window && bk_window_is_at_table (window) && bk_window_get_game (window) == self->shown)
    bk_window_set_table_names (window, list);
  for (guint p = 0; p < n; p++)
    g_free (names[p]);
}

/* The host's house rules in the window that shows the table (docs/network.md 3.15). */
static void
apply_house_rules (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);

  if (window && self->has_seats && bk_window_is_at_table (window) &&
      bk_window_get_game (window) == self->shown)
    bk_window_set_table_hints (window, !self->seats.hints_off);
}

static void
take_seats (BkFriendsTable      *self,
            const BkXmppElement *payload)
{
  if (!bk_table_link_take_seats (&self->seats, payload))
    return;
  self->has_seats = TRUE;
  for (guint c = 0; c < self->seats.n_seats; c++)
    if (!self->seats.seats[c].away)
      self->wait[c] = 0;
  update_presence (self);
  apply_house_rules (self);
  g_signal_emit (self, signals[SIGNAL_SEATS_CHANGED], 0);
}

/* --- the shown game --- */

static void moves_changed_cb (BkFriendsTable *self);

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
  g_autoptr (BkWindow) window = get_window (self);
  guint n = bk_game_get_n_seats (shown);
  g_autofree char *shown_record = NULL;
  char *names[BK_MAX_SEATS + 1] = { NULL };
  const char *list[BK_MAX_SEATS + 1] = { NULL };
  GObject *controllers[BK_MAX_SEATS] = { NULL };
  g_autoptr (BkSeatController) person = NULL;
  static const char *const moves[] = { "notify::to-act", "notify::phase", "card-played",
                                       "talk-said", "passed", "doubled", "retour-declined" };

  drop_shown (self);
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
      chair = shown_chair (self, s);
      self->controllers[s] = bk_remote_controller_new (
        self->feed, self->has_seats && chair < self->seats.n_seats &&
                    self->seats.seats[chair].level != NULL &&
                    self->seats.seats[chair].nick == NULL);
    }
  for (guint s = 0; s < n; s++)
    {
      controllers[s] = G_OBJECT (self->controllers[s]);
      names[s] = chair_name (self, (s + self->turn) % n);
      list[s] = names[s];
    }
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      guint id;
      GQuark detail;

      if (g_signal_parse_name (moves[i], BK_TYPE_GAME, &id, &detail, TRUE))
        g_signal_connect_swapped (shown, moves[i], G_CALLBACK (moves_changed_cb), self);
    }
  g_debug ("Hand %u shown from seat %u (chair %u)", self->shown_hand, self->turn, self->chair);
  if (window)
    bk_window_take_table_session (window, shown, controllers, list);
  for (guint s = 0; s < n; s++)
    g_free (names[s]);
  update_presence (self);
  apply_house_rules (self);
  g_signal_emit (self, signals[SIGNAL_SHOWN], 0);
}

/* The window's: the person answered the result of the hand shown. */
static void
result_answered_cb (gpointer data)
{
  BkFriendsTable *self = data;

  self->result_answered = TRUE;
  g_debug ("Chair %u has seen the result of hand %u", self->chair, self->shown_hand);
  sync_shown (self);
}

/* A finished hand stays in the window until the person has answered its result: the
 * table has shown its last lines, and the result dialog has come and been answered (at a
 * table the window deals no next hand, so it would only show the result again). */
static gboolean
holding (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);
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
  sync_shown (self);
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

/* The window's: the review of the hand shown is of its revealed deal. */
static BkGame *
revealed_cb (gpointer data)
{
  return bk_friends_table_dup_revealed (data);
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

/* The person's moves go to the host one at a time, each once the table has played the
 * one before: the guest checks a move against its world, which has the one before only
 * then (a trick taken and the next led at once: the second was refused, or went with the
 * first one's line number and was lost, and the window's game taken again). */
static void
ask_next (BkFriendsTable *self)
{
  const char *text = g_queue_peek_head (&self->sent);
  g_autoptr (GError) error = NULL;

  if (self->asking || text == NULL)
    return;
  if (!bk_table_guest_request (self->guest, text, &error))
    {
      g_message ("The table does not take “%s”: %s", text, error->message);
      self->out_of_step = TRUE;
      return;
    }
  self->asking = TRUE;
}

/* Brings the shown game to where the guest's world is. */
static void
sync_shown (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);
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
  ask_next (self);
  if (self->out_of_step)
    take_world (self, world);
}

/* The feed's: a line of the table into the shown game, turned to it. */
static gboolean
apply_line (const char *line,
            gpointer    data)
{
  BkFriendsTable *self = data;
  const BkRules *rules;
  g_autofree char *turned = NULL;
  g_autofree char *record = NULL;
  g_autoptr (GError) error = NULL;
  BkAction action;
  guint n;
  gboolean ok;

  if (self->shown == NULL)
    return TRUE;
  rules = bk_game_get_rules (self->shown);
  n = bk_game_get_n_seats (self->shown);
  if (!bk_net_is_action_line (rules, line))
    return TRUE;
  turned = bk_table_turn_line (rules, n, line, self->turn);
  if (!bk_net_action_parse (rules, turned, &action, &error))
    return FALSE;
  /* The others' answers to an offer are not public: a line after it says they let it
   * pass. */
  for (guint s = 1; s < n; s++)
    if (s != action.seat && bk_game_is_waiting_for_offer (self->shown, s))
      bk_game_decline_offer (self->shown, s);
  self->applying = TRUE;
  ok = bk_game_apply (self->shown, &action, &error);
  self->applying = FALSE;
  record = bk_game_to_record (self->shown);
  self->known = strlen (record);
  /* a line may offer the person something (a Retour, B3.6): his answer is awaited */
  self->offer_open = bk_game_is_waiting_for_offer (self->shown, 0);
  if (!ok)
    g_debug ("The shown game does not take “%s”: %s", turned, error->message);
  else
    /* the moment a move reaches this window's table (tests/e2e/bench-two-apps.sh) */
    g_debug ("Chair %u shows “%s”", self->chair, line);
  update_presence (self);
  return ok;
}

static void
feed_refused_cb (BkFriendsTable *self,
                 const char     *line)
{
  self->out_of_step = TRUE;
  sync_shown (self);
}

static void flush (BkFriendsTable *self);

/* What the person did in the shown game goes to the host. */
static gboolean
moves_cb (gpointer data)
{
  BkFriendsTable *self = data;
  g_autofree char *record = NULL;
  g_auto (GStrv) lines = NULL;
  const BkRules *rules;
  gboolean doubled = FALSE, waiting;
  guint n;

  self->moves_id = 0;
  if (self->shown == NULL)
    return G_SOURCE_REMOVE;
  rules = bk_game_get_rules (self->shown);
  n = bk_game_get_n_seats (self->shown);
  record = bk_game_to_record (self->shown);
  if (strlen (record) > self->known)
    lines = g_strsplit (record + self->known, "\n", -1);
  self->known = strlen (record);
  for (guint i = 0; lines && lines[i]; i++)
    {
      BkAction action;
      g_autofree char *text = NULL;

      if (!bk_net_is_action_line (rules, lines[i]) ||
          !bk_net_action_parse (rules, lines[i], &action, NULL) || action.seat != 0)
        continue;
      action.seat = (action.seat + self->turn) % n;
      text = bk_net_action_to_string (rules, &action);
      doubled = doubled || g_str_has_prefix (text, "double ");
      g_queue_push_tail (&self->sent, g_strdup (text));
      g_debug ("Chair %u plays “%s”", self->chair, text);
    }
  ask_next (self);
  /* an offer the person let pass adds no line: the host hears it as a decline */
  waiting = bk_game_is_waiting_for_offer (self->shown, 0);
  if (self->offer_open && !waiting && !doubled)
    bk_table_guest_request (self->guest, "decline", NULL);
  self->offer_open = waiting;
  update_presence (self);
  flush (self);
  if (self->out_of_step)
    sync_shown (self);
  return G_SOURCE_REMOVE;
}

static void
moves_changed_cb (BkFriendsTable *self)
{
  /* never inside the game's own signal: the answer may take another game */
  if (!self->applying && self->moves_id == 0)
    self->moves_id = g_idle_add_full (G_PRIORITY_HIGH, moves_cb, self, NULL);
}

/* --- the guest's signals --- */

static void
guest_line_cb (BkTableGuest   *guest,
               const char     *line,
               BkFriendsTable *self)
{
  BkGame *world = bk_table_guest_get_game (guest);

  /* a line of the hand the window shows; a new hand is taken whole */
  if (self->shown && world && bk_game_get_hand_number (world) == self->shown_hand)
    g_ptr_array_add (self->pending, g_strdup (line));
}

static void
guest_refused_cb (BkTableGuest   *guest,
                  const char     *reason,
                  const char     *message,
                  BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);

  if (g_str_equal (reason, "flood") || g_str_equal (reason, "replayed"))
    return;
  self->out_of_step = TRUE;
  if (window && bk_window_is_at_table (window))
    bk_window_show_toast (window, message);
}

static void
guest_waiting_cb (BkTableGuest   *guest,
                  guint           chair,
                  guint           seconds,
                  BkFriendsTable *self)
{
  if (chair < BK_MAX_SEATS)
    self->wait[chair] = MAX (seconds, 1);
  update_presence (self);
}

static void
guest_verified_cb (BkTableGuest   *guest,
                   guint           hand,
                   gboolean        verified,
                   const char     *message,
                   BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);

  if (window && bk_window_is_at_table (window))
    {
      /* Translators: the hand's number, then "deal and play verified" or what failed */
      g_autofree char *text = g_strdup_printf (_("Hand %u: %s"), hand,
                                               verified ? _("deal and play verified") : message);

      bk_window_show_toast (window, text);
    }
  g_signal_emit (self, signals[SIGNAL_VERIFIED], 0, hand, verified, message);
}

static void
guest_host_away_cb (BkTableGuest   *guest,
                    gboolean        away,
                    BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);

  update_presence (self);
  if (window && bk_window_is_at_table (window))
    bk_window_show_toast (window, away ? _("The host has left the table: waiting for the host")
                                       : _("The host is back"));
}

/* #24 (endkeys): the table has ended: the window's answer to its last result leaves it. */
static void
guest_finished_cb (BkTableGuest   *guest,
                   BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = get_window (self);

  if (window && bk_window_is_at_table (window))
    bk_window_set_table_ended (window);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

/* --- what travels --- */

static void
queue_local (BkFriendsTable      *self,
             gboolean             to_host,
             const BkXmppElement *payload,
             gboolean             private)
{
  Local *local = g_new0 (Local, 1);

  local->to_host = to_host;
  local->payload = bk_xmpp_element_ref ((BkXmppElement *) payload);
  local->private = private;
  g_queue_push_tail (&self->local, local);
}

/* hostquit: a <state/> (a host started again, a guest back) may bring lines the shown
 * game never saw, without a line signal: the window takes the world again. */
static void
took_state (BkFriendsTable      *self,
            const BkXmppElement *payload)
{
  BkGame *world = bk_table_guest_get_game (self->guest);

  /* a later hand is taken whole anyway, once the person has seen the last one's result */
  if (strcmp (bk_xmpp_element_get_name (payload), "state") == 0 && self->shown && world &&
      bk_game_get_hand_number (world) == self->shown_hand)
    self->out_of_step = TRUE;
}

/* Delivers what the host and its own person's guest said to each other, in order, never
 * from inside one of their handlers. */
static void
flush (BkFriendsTable *self)
{
  Local *local;

  if (self->delivering)
    return;
  self->delivering = TRUE;
  g_object_ref (self);
  while ((local = g_queue_pop_head (&self->local)))
    {
      if (local->to_host)
        bk_table_host_handle (self->host, self->nick, self->jid, local->payload,
                              g_get_monotonic_time (), NULL);
      else
        {
          bk_table_guest_handle (self->guest, self->nick, local->payload, local->private,
                                 NULL);
          took_state (self, local->payload);
          sync_shown (self);
        }
      local_free (local);
    }
  self->delivering = FALSE;
  g_object_unref (self);
}

static void
host_send_cb (BkTableHost    *host,
              const char     *nick,
              const char     *body,
              BkXmppElement  *payload,
              gboolean        private,
              BkFriendsTable *self)
{
  if (nick == NULL && strcmp (bk_xmpp_element_get_name (payload), "table") == 0)
    take_seats (self, payload);
  /* the room echoes what we post, but the echo comes late: our own guest hears it now */
  if (nick == NULL || strcmp (nick, self->nick) == 0)
    queue_local (self, FALSE, payload, nick != NULL);
  if (nick == NULL || strcmp (nick, self->nick) != 0)
    g_signal_emit (self, signals[SIGNAL_SEND], 0, nick, body, payload, private);
}

static void
guest_send_cb (BkTableGuest   *guest,
               const char     *nick,
               const char     *body,
               BkXmppElement  *payload,
               gboolean        private,
               BkFriendsTable *self)
{
  /* free words (no payload) go to the room, the host's person's too */
  if (self->host && payload)
    queue_local (self, TRUE, payload, private);
  else
    g_signal_emit (self, signals[SIGNAL_SEND], 0, nick, body, payload, private);
}

static gboolean
tick_cb (gpointer data)
{
  BkFriendsTable *self = data;

  bk_table_host_tick (self->host, g_get_monotonic_time ());
  flush (self);
  return G_SOURCE_CONTINUE;
}

static BkFriendsTable *
table_new (const char *room,
           const char *nick,
           BkSeat      chair)
{
  BkFriendsTable *self = g_object_new (BK_TYPE_FRIENDS_TABLE, NULL);

  self->room = g_strdup (room);
  self->nick = g_strdup (nick);
  self->chair = chair;
  self->feed = bk_remote_feed_new (apply_line, self);
  bk_remote_feed_set_busy (self->feed, window_busy, self);
  g_signal_connect_swapped (self->feed, "refused", G_CALLBACK (feed_refused_cb), self);
  self->guest = bk_table_guest_new (room, chair);
  bk_table_guest_set_nick (self->guest, nick);
  g_signal_connect (self->guest, "send", G_CALLBACK (guest_send_cb), self);
  g_signal_connect (self->guest, "line", G_CALLBACK (guest_line_cb), self);
  g_signal_connect (self->guest, "refused", G_CALLBACK (guest_refused_cb), self);
  g_signal_connect (self->guest, "waiting", G_CALLBACK (guest_waiting_cb), self);
  g_signal_connect (self->guest, "verified", G_CALLBACK (guest_verified_cb), self);
  g_signal_connect (self->guest, "finished", G_CALLBACK (guest_finished_cb), self);
  g_signal_connect (self->guest, "host-away", G_CALLBACK (guest_host_away_cb), self);
  return self;
}

BkFriendsTable *
bk_friends_table_new_host (BkGame     *game,
                           const char *room,
                           const char *nick,
                           const char *jid,
                           BkSeat      chair)
{
  BkFriendsTable *self;

  g_return_val_if_fail (BK_IS_GAME (game) && room && nick && jid, NULL);
  g_return_val_if_fail (chair < bk_game_get_n_seats (game), NULL);

  self = table_new (room, nick, chair);
  self->jid = g_strndup (jid, strcspn (jid, "/"));
  self->host = bk_table_host_new (game, room, nick);
  bk_table_host_set_deals (self->host, TABLE_DEALS);
  bk_table_host_seat_person (self->host, chair, self->jid);
  host_connect (self);
  return self;
}

BkFriendsTable *
bk_friends_table_new_guest (const char *room,
                            const char *nick,
                            BkSeat      chair)
{
  g_return_val_if_fail (room && nick && chair < BK_MAX_SEATS, NULL);
  return table_new (room, nick, chair);
}

gboolean
bk_friends_table_is_host (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), FALSE);
  return self->host != NULL;
}

BkTableHost *
bk_friends_table_get_host (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->host;
}

BkTableGuest *
bk_friends_table_get_guest (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->guest;
}

const char *
bk_friends_table_get_room (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->room;
}

BkSeat
bk_friends_table_get_chair (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), BK_SEAT_NONE);
  return self->chair;
}

const BkNetStanza *
bk_friends_table_get_seats (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->has_seats ? &self->seats : NULL;
}

GObject *
bk_friends_table_get_controller (BkFriendsTable *self,
                                 BkSeat          seat)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return seat < BK_MAX_SEATS && self->controllers[seat]
         ? G_OBJECT (self->controllers[seat]) : NULL;
}

BkGame *
bk_friends_table_get_shown (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->shown;
}

/* The window no longer asks us for the next hand. */
static void
forget_window (BkFriendsTable *self)
{
  g_autoptr (BkWindow) old = get_window (self);

  if (old)
    {
      bk_window_set_table_next (old, NULL, NULL);
      bk_window_set_table_review (old, NULL, NULL);
      if (g_object_get_data (G_OBJECT (old), "bk-friends-table") == self)
        {
          g_object_set_data (G_OBJECT (old), "bk-friends-table", NULL);
          bk_window_set_table_chat (old, NULL);
        }
    }
}

/* The feed's: how long the window's table shows what came before. Asked through the weak
 * reference, as the window may go without telling us (its table with it). */
static gint64
window_busy (gpointer data)
{
  g_autoptr (BkWindow) window = get_window (data);
  BkTable *table = window ? bk_window_get_table (window) : NULL;

  return table ? bk_table_get_busy_until (table) : 0;
}

void
bk_friends_table_set_window (BkFriendsTable *self,
                             BkWindow       *window)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self));
  g_return_if_fail (window == NULL || BK_IS_WINDOW (window));

  forget_window (self);
  g_weak_ref_set (&self->window, window);
  if (window)
    {
      /* hostquit: the window's quit asks the table's host whether to keep it */
      g_object_set_data (G_OBJECT (window), "bk-friends-table", self);
      bk_window_set_table_next (window, result_answered_cb, self);
      bk_window_set_table_review (window, revealed_cb, self);
      bk_window_set_table_chat (window, bk_friends_chat_new (self, window));
      sync_shown (self);
    }
}

void
bk_friends_table_open (BkFriendsTable *self)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  /* a table taken up again has its room */
  if (g_strcmp0 (bk_table_host_get_room (self->host), self->room) != 0)
    bk_table_host_set_room (self->host, self->room);
  bk_table_host_start (self->host);
  flush (self);
}

gboolean
bk_friends_table_start (BkFriendsTable  *self,
                        const char      *level,
                        GError         **error)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  /* a table taken up again was started before (bk_friends_table_open() goes on with it) */
  if (self->resumed)
    return TRUE;
  for (guint c = 0; self->has_seats && c < self->seats.n_seats; c++)
    if (c != self->chair && self->seats.seats[c].nick == NULL &&
        self->seats.seats[c].level == NULL &&
        !bk_table_host_seat_computer (self->host, c, level, error))
      return FALSE;
  /* posts the table again, and the first hand begins once every person sits */
  bk_table_host_start (self->host);
  flush (self);
  return TRUE;
}

void
bk_friends_table_set_hints (BkFriendsTable *self,
                            gboolean        allowed)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  bk_table_host_set_hints (self->host, allowed);
  flush (self);
}

void
bk_friends_table_receive (BkFriendsTable      *self,
                          const char          *nick,
                          const char          *real_jid,
                          const BkXmppElement *payload,
                          gboolean             private)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && nick != NULL && payload != NULL);

  /* our own posts come back from the room */
  if (strcmp (nick, self->nick) == 0)
    return;
  if (self->host)
    {
      /* in the room, only a newcomer's <resync/> asks the host for the table */
      if (private || strcmp (bk_xmpp_element_get_name (payload), "resync") == 0)
        bk_table_host_handle (self->host, nick, real_jid, payload, g_get_monotonic_time (),
                              NULL);
    }
  else
    {
      if (!private && strcmp (bk_xmpp_element_get_name (payload), "table") == 0)
        take_seats (self, payload);
      g_autoptr (GError) error = NULL;

      if (!bk_table_guest_handle (self->guest, nick, payload, private, &error))
        g_debug ("Chair %u drops <%s/> from %s: %s", self->chair,
                 bk_xmpp_element_get_name (payload), nick, error->message);
      else
        took_state (self, payload);
      sync_shown (self);
    }
  flush (self);
}

void
bk_friends_table_occupant (BkFriendsTable *self,
                           const char     *nick,
                           const char     *real_jid,
                           gboolean        present)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && nick != NULL);

  if (self->host)
    bk_table_host_occupant (self->host, nick, real_jid, present, g_get_monotonic_time ());
  else
    bk_table_guest_occupant (self->guest, nick, present);
  flush (self);
}

/* --- for bk-friends-table-keep.c --- */

static void
host_connect (BkFriendsTable *self)
{
  g_signal_connect (self->host, "send", G_CALLBACK (host_send_cb), self);
  g_signal_connect (self->host, "changed", G_CALLBACK (_bk_friends_table_changed_cb), self);
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
}

BkFriendsTable *
_bk_friends_table_new (const char *room,
                       const char *nick,
                       BkSeat      chair)
{
  return table_new (room, nick, chair);
}

void
_bk_friends_table_host_connect (BkFriendsTable *self)
{
  host_connect (self);
}

void
_bk_friends_table_tell_room (BkFriendsTable *self,
                             const char     *body,
                             BkXmppElement  *payload)
{
  host_send_cb (self->host, NULL, body, payload, FALSE, self);
  flush (self);
}

BkSeat
_bk_friends_table_shown_seat (BkFriendsTable *self,
                              BkSeat          chair)
{
  if (self->shown == NULL || chair == BK_SEAT_NONE)
    return BK_SEAT_NONE;
  for (guint s = 0; s < bk_game_get_n_seats (self->shown); s++)
    if (shown_chair (self, s) == chair)
      return s;
  return BK_SEAT_NONE;
}
