/* bk-herzla-session.c: the score of a Herzla session (docs/rules-herzla.md H5, H6.2, H6.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <string.h>

#include "bk-herzla-session.h"

void
bk_herzla_score_init (BkHerzlaScore       *score,
                      const BkHerzlaRules *rules)
{
  g_return_if_fail (score != NULL && rules != NULL);

  memset (score, 0, sizeof *score);
  score->variant = (guint8) rules->variant;
  score->n_players = rules->n_players;
  score->last.payment.won = -1;
  score->last.payment.schleichermord = BK_HERZLA_SEAT_NONE;
  score->last.tally.declarer = BK_HERZLA_SEAT_NONE;
}

/* H6.3: after the agreed rounds, or when a total reaches the limit (the simple form). */
static gboolean
session_ends (const BkHerzlaScore *score,
              const BkHerzlaRules *rules)
{
  if (rules->rounds > 0 && score->hands >= rules->rounds * (guint) score->n_players)
    return TRUE;
  if (score->variant == BK_HERZLA_EINFACH && rules->limit > 0)
    for (guint s = 0; s < score->n_players; s++)
      if (score->penalty[s] >= rules->limit)
        return TRUE;
  return FALSE;
}

/* H5.4, house rule: the stock shared out at the session's end, into @cents as well as
 * the balances; returns what was shared. */
static gint
share_out (BkHerzlaScore *score,
           guint          first,
           gint           cents[BK_MAX_SEATS])
{
  gint share[BK_MAX_SEATS] = { 0 };
  gint stock = score->stock;

  if (stock <= 0)
    return 0;
  bk_herzla_share_stock (score->n_players, stock, first, share);
  for (guint s = 0; s < score->n_players; s++)
    {
      score->cents[s] += share[s];
      score->received[s] += (guint) share[s];
      if (cents)
        cents[s] += share[s];
    }
  score->stock = 0;
  return stock;
}

/* Folds the finished @hand into @score by the house rules the hand was played with: H5
 * in the four-player game, H6.2 in the simple form, H6.3 the end. Returns TRUE when this
 * hand ended the session. A session that is over should be dealt no more hands; one that
 * is is scored all the same, and the session stays over. */
gboolean
bk_herzla_score_add (BkHerzlaScore      *score,
                     const BkHerzlaHand *hand)
{
  const BkHerzlaRules *rules;
  BkHerzlaResult *last;

  g_return_val_if_fail (score != NULL && hand != NULL, FALSE);
  g_return_val_if_fail (bk_herzla_hand_is_over (hand), FALSE);
  rules = &hand->rules;
  g_return_val_if_fail (rules->n_players == score->n_players &&
                        rules->variant == score->variant, FALSE);

  last = &score->last;
  memset (last, 0, sizeof *last);
  last->variant = score->variant;
  last->stock_in = score->stock;
  bk_herzla_hand_tally (hand, &last->tally);

  if (score->variant == BK_HERZLA_VIER)
    {
      bk_herzla_pay (&rules->pay, &last->tally, score->stock, &last->payment);
      for (guint s = 0; s < score->n_players; s++)
        {
          gint cents = last->payment.cents[s];

          score->cents[s] += cents;
          if (cents > 0)
            score->received[s] += (guint) cents;
          else
            score->paid[s] += (guint) -cents;
        }
      score->stock = last->payment.stock;
    }
  else
    {
      last->payment.stock = score->stock;
      last->payment.won = -1;
      last->payment.schleichermord = BK_HERZLA_SEAT_NONE;
    }

  for (guint s = 0; s < score->n_players; s++)
    {
      score->penalty[s] += last->tally.hearts[s];
      last->totals[s] = score->penalty[s];
    }
  score->hands++;

  if (score->over || !session_ends (score, rules))
    return FALSE;

  score->over = last->session_over = TRUE;
  if (score->variant == BK_HERZLA_VIER && rules->pay.stock == BK_STOCK_AT_SESSION_END)
    {
      last->stock_shared = share_out (score, bk_herzla_hand_vorhand (hand),
                                      last->payment.cents);
      last->payment.stock = score->stock;
    }
  return TRUE;
}

/* Ends the session now (the players stop before the agreed end): under the house rule of
 * H5.4 the stock is shared out, the odd cents to the players from @first on. Returns the
 * cents shared. */
gint
bk_herzla_score_finish (BkHerzlaScore       *score,
                        const BkHerzlaRules *rules,
                        guint                first)
{
  g_return_val_if_fail (score != NULL && rules != NULL, 0);
  g_return_val_if_fail (first < score->n_players, 0);

  if (score->over)
    return 0;
  score->over = TRUE;
  if (score->variant != BK_HERZLA_VIER || rules->pay.stock != BK_STOCK_AT_SESSION_END)
    return 0;
  return share_out (score, first, NULL);
}

/* Whole rounds played: every player has dealt once in each. */
guint
bk_herzla_score_rounds (const BkHerzlaScore *score)
{
  g_return_val_if_fail (score != NULL && score->n_players > 0, 0);
  return score->hands / score->n_players;
}

/* The seats ahead (bit s for seat s): the lowest penalty total in the simple form (H6.3),
 * the highest balance in the four-player game; all seats tie before the first hand. */
guint32
bk_herzla_score_winners (const BkHerzlaScore *score)
{
  guint32 seats = 0;
  gint best = 0;

  g_return_val_if_fail (score != NULL, 0);

  for (guint s = 0; s < score->n_players; s++)
    {
      gint value = score->variant == BK_HERZLA_EINFACH ? -(gint) score->penalty[s]
                                                        : score->cents[s];

      if (s == 0 || value > best)
        {
          best = value;
          seats = 0;
        }
      if (value == best)
        seats |= 1u << s;
    }
  return seats;
}
