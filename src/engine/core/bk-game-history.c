/* bk-game-history.c: a session's own past (bk-game-history.h): BkGame adds each hand as it
 * is scored, the game's module each word as it is said; both happen alike whether the
 * actions come live or from a record.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <string.h>

#include "bk-game-history-private.h"

typedef struct {
  guint    number;
  BkSeat   dealer;
  gboolean round_ended;
  BkHand   dealt[BK_MAX_SEATS];
} Hand;

struct _BkGameHistory
{
  gsize      result_size;
  GArray    *hands;   /* Hand */
  GPtrArray *results; /* a copy of each hand's result, owned; apart so that they stay put */
  GArray    *words;   /* BkGameWord, oldest first */
};

BkGameHistory *
bk_game_history_new (gsize result_size)
{
  BkGameHistory *history = g_new0 (BkGameHistory, 1);

  history->result_size = result_size;
  history->hands = g_array_new (FALSE, TRUE, sizeof (Hand));
  history->results = g_ptr_array_new_with_free_func (g_free);
  history->words = g_array_new (FALSE, TRUE, sizeof (BkGameWord));
  return history;
}

void
bk_game_history_free (BkGameHistory *history)
{
  if (history == NULL)
    return;
  g_array_unref (history->hands);
  g_ptr_array_unref (history->results);
  g_array_unref (history->words);
  g_free (history);
}

void
bk_game_history_add_hand (BkGameHistory *history,
                          guint          number,
                          BkSeat         dealer,
                          gboolean       round_ended,
                          const BkHand  *dealt,
                          guint          n_seats,
                          gconstpointer  result)
{
  Hand hand = { number, dealer, round_ended, { 0 } };

  memcpy (hand.dealt, dealt, MIN (n_seats, BK_MAX_SEATS) * sizeof *dealt);
  g_array_append_val (history->hands, hand);
  g_ptr_array_add (history->results, result && history->result_size
                                     ? g_memdup2 (result, history->result_size) : NULL);
}

void
bk_game_note_word (BkGame       *self,
                   BkSeat        seat,
                   BkActionType  kind,
                   guint         value)
{
  BkGameWord word = { bk_game_get_hand_number (self), seat, kind, value };

  g_return_if_fail (BK_IS_GAME (self));
  g_array_append_val (bk_game_peek_history (self)->words, word);
}

/* How many hands of the session were played to their end and scored: every one since the
 * session began, or since the checkpoint a loaded save starts from. */
guint
bk_game_get_n_hands_done (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return bk_game_peek_history (self)->hands->len;
}

/* The @index-th hand done (0 the oldest the session holds); FALSE when there is none. */
gboolean
bk_game_get_hand_done (BkGame     *self,
                       guint       index,
                       BkHandDone *hand)
{
  BkGameHistory *history;
  const Hand *done;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (hand != NULL, FALSE);

  history = bk_game_peek_history (self);
  if (index >= history->hands->len)
    return FALSE;
  done = &g_array_index (history->hands, Hand, index);
  hand->number = done->number;
  hand->dealer = done->dealer;
  hand->round_ended = done->round_ended;
  memcpy (hand->dealt, done->dealt, sizeof hand->dealt);
  hand->result = g_ptr_array_index (history->results, index);
  return TRUE;
}

/* The words said in hand @hand of the session, in the order they were said, @n_words of
 * them (NULL when none); e.g. bk_game_get_hand_number() for the current hand. */
const BkGameWord *
bk_game_get_words (BkGame *self,
                   guint   hand,
                   guint  *n_words)
{
  GArray *words;
  guint end, start;

  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  g_return_val_if_fail (n_words != NULL, NULL);

  /* The words are in the order of the hands: those of @hand are together, the newest
   * hands last (the one asked for is most often the current one). */
  words = bk_game_peek_history (self)->words;
  end = words->len;
  while (end > 0 && g_array_index (words, BkGameWord, end - 1).hand > hand)
    end--;
  start = end;
  while (start > 0 && g_array_index (words, BkGameWord, start - 1).hand == hand)
    start--;
  *n_words = end - start;
  return end > start ? &g_array_index (words, BkGameWord, start) : NULL;
}

/* Who sits at @seat now: the seat that player had when the session began (a game's
 * seating ceremonies move the players, e.g. Bierkopf's B2.1, B2.5); @seat itself when the
 * game moves nobody. */
guint
bk_game_get_player_at (BkGame *self,
                       BkSeat  seat)
{
  const BkGameModule *module;

  g_return_val_if_fail (BK_IS_GAME (self), seat);
  g_return_val_if_fail (seat < bk_game_get_n_seats (self), seat);

  module = bk_game_get_module (self);
  return module->player_at ? module->player_at (bk_game_get_score (self), seat) : seat;
}
