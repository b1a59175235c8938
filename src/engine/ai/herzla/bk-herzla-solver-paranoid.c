/* bk-herzla-solver-paranoid.c: the paranoid reduction of the normal game (one seat against
 * all the others), which no player uses: the bench and the tests compare the max^n search
 * with it (docs/ai.md); see bk-herzla-solver.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-solver-private.h"

/* ---- The paranoid reduction of the normal game, for comparison (docs/ai.md) ---- */

#define PARANOID_INF 10000

/* The value of the tally so far to the seat searched for. */
static gint
paranoid_leaf (BkHerzlaSolver *self,
               guint           tricks_done)
{
  Values out;

  tally_values (&self->rules, self->contract, self->declarer, tricks_done,
                self->tricks_in_hand, self->tricks, self->hearts, self->stock, &out);
  return out.v[self->me];
}

/* Fail-soft alpha-beta: self->me maximises his own value, the others together minimise
 * it. The table at trick boundaries keeps bounds. */
static gint
paranoid_node (BkHerzlaSolver *self,
               const Trick    *t,
               gint            alpha,
               gint            beta,
               guint8         *best_out)
{
  guint seat = t->to_act, n = self->n_players;
  gboolean maximise = seat == self->me;
  gint alpha0 = alpha, beta0 = beta, best_value = maximise ? -PARANOID_INF : PARANOID_INF;
  NormalEntry *entry = NULL;
  guint64 key[3], moves;
  guint8 best = NO_CARD, first = NO_CARD;

  self->nodes++;
  if (t->n == 0)
    {
      if (self->tricks_done == self->tricks_in_hand || self->tricks_done == self->horizon)
        return paranoid_leaf (self, self->tricks_done);
      if (self->tricks_done + 1 == self->tricks_in_hand && !best_out)
        {
          guint winner = last_trick_winner (self, seat);
          guint hearts = (guint) __builtin_popcountll (self->remaining & HEARTS_MASK);
          gint value;

          self->tricks[winner]++;
          self->hearts[winner] += hearts;
          value = paranoid_leaf (self, self->tricks_done + 1);
          self->hearts[winner] -= hearts;
          self->tricks[winner]--;
          return value;
        }
      normal_key (self, seat, key);
      key[2] |= G_GUINT64_CONSTANT (1) << 63;
      entry = &self->ntt[hash_key (key, 3, NTT_BITS)];
      if (entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0)
        {
          gint lower = entry->values[0], upper = entry->values[1];

          if (!best_out && (lower >= beta || upper <= alpha || lower == upper))
            return lower >= beta ? lower : upper;
          alpha = MAX (alpha, lower);
          beta = MIN (beta, upper);
          first = entry->best;
        }
    }

  moves = reduce_equivalent (self, legal_moves (self, t, self->hands[seat]));
  if (first != NO_CARD && ((moves >> first) & 1))
    moves &= ~(G_GUINT64_CONSTANT (1) << first);
  else
    first = NO_CARD;

  for (gint i = first == NO_CARD ? 0 : -1; moves || i < 0; i++)
    {
      guint card = i < 0 ? first : lowest (moves);
      guint64 bit = G_GUINT64_CONSTANT (1) << card;
      Trick next = *t;
      gint value;

      if (i >= 0)
        moves &= moves - 1;
      trick_play (self, &next, seat, card);
      self->hands[seat] &= ~bit;
      if (next.n < n)
        value = paranoid_node (self, &next, alpha, beta, NULL);
      else
        {
          Trick fresh = { 0 };
          guint winner = next.win_seat;

          fresh.to_act = (guint8) winner;
          self->remaining &= ~next.cards;
          self->tricks_done++;
          self->tricks[winner]++;
          self->hearts[winner] += next.hearts;
          value = paranoid_node (self, &fresh, alpha, beta, NULL);
          self->hearts[winner] -= next.hearts;
          self->tricks[winner]--;
          self->tricks_done--;
          self->remaining |= next.cards;
        }
      self->hands[seat] |= bit;

      if (maximise ? value > best_value : value < best_value)
        {
          best_value = value;
          best = (guint8) card;
        }
      if (maximise)
        alpha = MAX (alpha, best_value);
      else
        beta = MIN (beta, best_value);
      if (alpha >= beta)
        break;
    }

  if (entry)
    {
      gboolean same = entry->gen == self->gen && memcmp (entry->key, key, sizeof key) == 0;
      gint lower = same ? entry->values[0] : -PARANOID_INF;
      gint upper = same ? entry->values[1] : PARANOID_INF;

      if (best_value <= alpha0)
        upper = best_value;
      else if (best_value >= beta0)
        lower = best_value;
      else
        lower = upper = best_value;
      memcpy (entry->key, key, sizeof key);
      entry->gen = self->gen;
      entry->best = best;
      entry->values[0] = (gint16) lower;
      entry->values[1] = (gint16) upper;
    }
  if (best_out)
    *best_out = best;
  return best_value;
}

/* The paranoid reduction of the normal game for @seat: the value he can make sure of
 * (his cents, or minus his hearts in the simple form) if the other players all play
 * against him, all cards open, over @max_tricks tricks as in bk_herzla_solver_normal().
 * @best gets a card for the seat to act. Measured against max^n in docs/ai.md. */
gint
bk_herzla_solver_paranoid (BkHerzlaSolver     *self,
                           const BkHerzlaHand *state,
                           gint                stock,
                           guint               max_tricks,
                           guint               seat,
                           BkCard             *best)
{
  Trick t;
  guint8 card = NO_CARD;
  gint value;

  g_return_val_if_fail (self != NULL && state != NULL, 0);
  g_return_val_if_fail (seat < state->rules.n_players && is_normal_in_play (state), 0);

  bk_herzla_solver_prepare_normal (self, state, stock, max_tricks);
  self->me = seat;
  t = bk_herzla_solver_load (self, state);
  value = paranoid_node (self, &t, -PARANOID_INF, PARANOID_INF, &card);
  if (best)
    *best = card == NO_CARD ? BK_CARD_NONE : bk_herzla_card_of[card];
  return value;
}
