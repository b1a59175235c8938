/* bk-friends-table-moves.c: the table's lines into the shown game (through the remote
 * feed, at the window's pace) and the person's moves out of it to the host, one at a
 * time; see bk-friends-table.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-friends-table-private.h"
#include "bk-table-turn.h"

/* In the person's queue of moves: his answer to an offer, no line of the table. */
#define DECLINE "decline"

/* The moves (action lines) of the last hand in the first @len bytes of @record: with the
 * hand's number, they name a move the same in every window, whoever's seat is at the
 * bottom (tests/e2e/bench-two-apps.sh matches a card in one window to the other's so). */
guint
_bk_friends_table_count_moves (const BkRules *rules,
                               const char    *record,
                               gsize          len)
{
  const char *dealer = g_strrstr_len (record, (gssize) len, "\ndealer ");
  const char *from = dealer ? dealer + 1 : record;
  g_autofree char *hand = g_strndup (from, len - (gsize) (from - record));
  g_auto (GStrv) lines = g_strsplit (hand, "\n", -1);
  guint moves = 0;

  for (guint i = 0; lines[i]; i++)
    if (bk_net_is_action_line (rules, lines[i]))
      moves++;
  return moves;
}

/* The person's moves go to the host one at a time, each once the table has played the
 * one before: the guest checks a move against its world, which has the one before only
 * then (a trick taken and the next led at once: the second was refused, or went with the
 * first one's line number and was lost, and the window's game taken again). His "decline"
 * of an offer waits its turn too: his own card may have opened the offer (B3.6), and the
 * world offers him nothing before that card's line (it was dropped there, and the table
 * waited for his answer for ever). It adds no line: the next move goes after it at once. */
void
_bk_friends_table_ask_next (BkFriendsTable *self)
{
  const char *text;

  while (!self->asking && (text = g_queue_peek_head (&self->sent)))
    {
      g_autoptr (GError) error = NULL;

      if (strcmp (text, DECLINE) == 0)
        {
          /* the offer may have gone meanwhile (a card closed it): nothing is owed */
          if (!bk_table_guest_request (self->guest, DECLINE, &error))
            g_debug ("Chair %u lets no offer pass: %s", self->chair, error->message);
          g_free (g_queue_pop_head (&self->sent));
          continue;
        }
      if (!bk_table_guest_request (self->guest, text, &error))
        {
          g_message ("The table does not take “%s”: %s", text, error->message);
          self->out_of_step = TRUE;
          return;
        }
      self->asking = TRUE;
    }
}

/* The feed's: a line of the table into the shown game, turned to it. */
gboolean
_bk_friends_table_apply_line (const char *line,
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
    g_debug ("Chair %u shows “%s” (hand %u, move %u)", self->chair, line, self->shown_hand,
             _bk_friends_table_count_moves (rules, record, self->known));
  _bk_friends_table_update_presence (self);
  return ok;
}

void
_bk_friends_table_feed_refused_cb (BkFriendsTable *self,
                                   const char     *line)
{
  self->out_of_step = TRUE;
  _bk_friends_table_sync_shown (self);
}

/* What the person did in the shown game goes to the host. */
static gboolean
moves_cb (gpointer data)
{
  BkFriendsTable *self = data;
  g_autofree char *record = NULL;
  g_auto (GStrv) lines = NULL;
  const BkRules *rules;
  gboolean doubled = FALSE, waiting;
  guint n, move;

  self->moves_id = 0;
  if (self->shown == NULL)
    return G_SOURCE_REMOVE;
  rules = bk_game_get_rules (self->shown);
  n = bk_game_get_n_seats (self->shown);
  record = bk_game_to_record (self->shown);
  if (strlen (record) > self->known)
    lines = g_strsplit (record + self->known, "\n", -1);
  move = _bk_friends_table_count_moves (rules, record, MIN (self->known, strlen (record)));
  self->known = strlen (record);
  for (guint i = 0; lines && lines[i]; i++)
    {
      BkAction action;
      g_autofree char *text = NULL;

      if (g_str_has_prefix (lines[i], "dealer "))
        move = 0;
      if (!bk_net_is_action_line (rules, lines[i]))
        continue;
      move++;
      if (!bk_net_action_parse (rules, lines[i], &action, NULL) || action.seat != 0)
        continue;
      action.seat = (action.seat + self->turn) % n;
      text = bk_net_action_to_string (rules, &action);
      doubled = doubled || g_str_has_prefix (text, "double ");
      g_queue_push_tail (&self->sent, g_strdup (text));
      /* the moment the person's move leaves this window (tests/e2e/bench-two-apps.sh) */
      g_debug ("Chair %u plays “%s” (hand %u, move %u)", self->chair, text, self->shown_hand,
               move);
    }
  /* an offer the person let pass adds no line: the host hears it as a decline, after
   * his moves before it */
  waiting = bk_game_is_waiting_for_offer (self->shown, 0);
  if (self->offer_open && !waiting && !doubled)
    g_queue_push_tail (&self->sent, g_strdup (DECLINE));
  self->offer_open = waiting;
  _bk_friends_table_ask_next (self);
  _bk_friends_table_update_presence (self);
  _bk_friends_table_flush (self);
  if (self->out_of_step)
    _bk_friends_table_sync_shown (self);
  return G_SOURCE_REMOVE;
}

void
_bk_friends_table_moves_changed_cb (BkFriendsTable *self)
{
  /* never inside the game's own signal: the answer may take another game */
  if (!self->applying && self->moves_id == 0)
    self->moves_id = g_idle_add_full (G_PRIORITY_HIGH, moves_cb, self, NULL);
}

void
_bk_friends_table_guest_line_cb (BkTableGuest   *guest,
                                 const char     *line,
                                 BkFriendsTable *self)
{
  BkGame *world = bk_table_guest_get_game (guest);

  /* a line of the hand the window shows; a new hand is taken whole */
  if (self->shown && world && bk_game_get_hand_number (world) == self->shown_hand)
    g_ptr_array_add (self->pending, g_strdup (line));
}
