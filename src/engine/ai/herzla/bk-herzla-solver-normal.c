/* bk-herzla-solver-normal.c: the normal game's search of the Herzla solver (H5, H6.2): max^n,
 * each player for the most cents (in the simple form: the fewest hearts); see
 * bk-herzla-solver.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-solver-private.h"

/* ---- The normal game (H5, H6.2) ---- */

/* The values the normal search gives a position at its horizon (or at the end of the
 * hand): the tally of @state so far, see tally_values(). */
void
bk_herzla_solver_horizon_values (const BkHerzlaHand *state,
                                 gint                stock,
                                 gint                values[BK_MAX_SEATS])
{
  Values out;

  g_return_if_fail (state != NULL && values != NULL);

  tally_values (&state->rules, state->contract, state->declarer, state->tricks_done,
                state->tricks_in_hand, state->tricks, state->hearts, stock, &out);
  memcpy (values, out.v, sizeof out.v);
}

/* max^n with a total order: @a is better than @b for @seat if it gives him more; on a tie,
 * if it gives the others less in all, then less to each in turn after him. So a node's
 * value does not depend on the order its cards are searched in. */
static inline gboolean
better_for (const Values *a,
            const Values *b,
            guint         seat,
            guint         n)
{
  gint sum_a = 0, sum_b = 0;

  if (a->v[seat] != b->v[seat])
    return a->v[seat] > b->v[seat];
  for (guint s = 0; s < n; s++)
    if (s != seat)
      {
        sum_a += a->v[s];
        sum_b += b->v[s];
      }
  if (sum_a != sum_b)
    return sum_a < sum_b;
  for (guint k = 1; k < n; k++)
    {
      guint s = (seat + k) % n;

      if (a->v[s] != b->v[s])
        return a->v[s] < b->v[s];
    }
  return FALSE;
}

static void
normal_node (BkHerzlaSolver *self,
             const Trick    *t,
             Values         *out,
             guint8         *best_out)
{
  guint seat = t->to_act, n = self->n_players;
  guint64 moves;
  NormalEntry *entry = NULL;
  guint64 key[3];
  guint8 best = NO_CARD;
  gboolean have = FALSE;

  self->nodes++;
  if (t->n == 0)
    {
      if (self->tricks_done == self->tricks_in_hand || self->tricks_done == self->horizon)
        {
          tally_values (&self->rules, self->contract, self->declarer, self->tricks_done,
                        self->tricks_in_hand, self->tricks, self->hearts, self->stock, out);
          return;
        }
      if (self->tricks_done + 1 == self->tricks_in_hand && !best_out)
        {
          guint winner = last_trick_winner (self, seat);
          guint hearts = (guint) __builtin_popcountll (self->remaining & HEARTS_MASK);

          self->tricks[winner]++;
          self->hearts[winner] += hearts;
          tally_values (&self->rules, self->contract, self->declarer, self->tricks_done + 1,
                        self->tricks_in_hand, self->tricks, self->hearts, self->stock, out);
          self->hearts[winner] -= hearts;
          self->tricks[winner]--;
          return;
        }
      normal_key (self, seat, key);
      entry = &self->ntt[hash_key (key, 3, NTT_BITS)];
      if (entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0)
        {
          for (guint s = 0; s < n; s++)
            out->v[s] = entry->values[s];
          if (best_out)
            *best_out = entry->best;
          return;
        }
    }

  /* No cut-offs in max^n here, so the order of the cards does not matter. */
  moves = reduce_equivalent (self, legal_moves (self, t, self->hands[seat]));
  for (; moves; moves &= moves - 1)
    {
      guint card = lowest (moves);
      guint64 bit = G_GUINT64_CONSTANT (1) << card;
      Trick next = *t;
      Values child;

      trick_play (self, &next, seat, card);
      self->hands[seat] &= ~bit;
      if (next.n < n)
        normal_node (self, &next, &child, NULL);
      else
        {
          Trick fresh = { 0 };
          guint winner = next.win_seat;

          fresh.to_act = (guint8) winner;
          self->remaining &= ~next.cards;
          self->tricks_done++;
          self->tricks[winner]++;
          self->hearts[winner] += next.hearts;
          normal_node (self, &fresh, &child, NULL);
          self->hearts[winner] -= next.hearts;
          self->tricks[winner]--;
          self->tricks_done--;
          self->remaining |= next.cards;
        }
      self->hands[seat] |= bit;

      if (!have || better_for (&child, out, seat, n))
        {
          *out = child;
          best = (guint8) card;
          have = TRUE;
        }
    }

  if (entry)
    {
      memcpy (entry->key, key, sizeof key);
      entry->gen = self->gen;
      entry->best = best;
      for (guint s = 0; s < BK_MAX_SEATS; s++)
        entry->values[s] = (gint16) (s < n ? out->v[s] : 0);
    }
  if (best_out)
    *best_out = best;
}

void
bk_herzla_solver_prepare_normal (BkHerzlaSolver     *self,
                                 const BkHerzlaHand *state,
                                 gint                stock,
                                 guint               max_tricks)
{
  if (self->ntt == NULL)
    {
      self->ntt = g_new (NormalEntry, 1u << NTT_BITS);
      memset (self->ntt, 0, sizeof (NormalEntry) << NTT_BITS);
    }
  new_generation (self);
  self->stock = stock;
  /* The trick in progress is the first of the @max_tricks searched. */
  self->horizon = max_tricks == BK_HERZLA_SOLVE_ALL
                  ? state->tricks_in_hand
                  : MIN ((guint) state->tricks_in_hand, state->tricks_done + max_tricks);
}

/* H5, H6.2: the max^n values of the normal game from the position of @state: @values gets
 * each seat's cents (with @stock in the stock before the hand; the simple form: minus his
 * hearts) when every player plays for himself, all cards open; @best the card of the seat
 * to act. @max_tricks limits the search to that many tricks, the one in progress counted
 * (BK_HERZLA_SOLVE_ALL: to the end); a line cut there is valued by its tally so far
 * (bk_herzla_solver_horizon_values()). */
void
bk_herzla_solver_normal (BkHerzlaSolver     *self,
                         const BkHerzlaHand *state,
                         gint                stock,
                         guint               max_tricks,
                         gint                values[BK_MAX_SEATS],
                         BkCard             *best)
{
  Values out;
  Trick t;
  guint8 card = NO_CARD;

  g_return_if_fail (self != NULL && state != NULL);
  g_return_if_fail (is_normal_in_play (state));

  bk_herzla_solver_prepare_normal (self, state, stock, max_tricks);
  t = bk_herzla_solver_load (self, state);
  normal_node (self, &t, &out, &card);
  if (values)
    {
      memset (values, 0, sizeof (gint) * BK_MAX_SEATS);
      memcpy (values, out.v, sizeof (gint) * self->n_players);
    }
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : bk_herzla_card_of[card];
}

/* Every legal card of the seat to act with the value it gives him under the max^n search
 * of bk_herzla_solver_normal() (the others play on as that search has them). Returns how
 * many; @cards and @values need room for a whole hand. */
guint
bk_herzla_solver_normal_moves (BkHerzlaSolver     *self,
                               const BkHerzlaHand *state,
                               gint                stock,
                               guint               max_tricks,
                               BkCard             *cards,
                               gint               *values)
{
  BkHand legal;
  guint seat, n = 0;

  g_return_val_if_fail (self != NULL && state != NULL && cards != NULL && values != NULL, 0);
  g_return_val_if_fail (is_normal_in_play (state), 0);

  legal = bk_herzla_hand_legal (state);
  seat = state->to_act;
  bk_herzla_solver_prepare_normal (self, state, stock, max_tricks);
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkHerzlaHand next = *state;
      BkAction action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, bk_hand_first (rest));
      Values out;

      next.n_history = 0;
      bk_herzla_hand_apply_unchecked (&next, &action);
      if (bk_herzla_hand_is_over (&next) ||
          (next.trick.n == 0 && next.tricks_done >= self->horizon))
        tally_values (&next.rules, next.contract, next.declarer, next.tricks_done,
                      next.tricks_in_hand, next.tricks, next.hearts, stock, &out);
      else
        {
          Trick t = bk_herzla_solver_load (self, &next);

          normal_node (self, &t, &out, NULL);
        }
      cards[n] = bk_hand_first (rest);
      values[n++] = out.v[seat];
    }
  return n;
}
