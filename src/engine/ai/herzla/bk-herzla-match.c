/* bk-herzla-match.c: a duplicate match of two Herzla levels; see bk-herzla-match.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-match.h"
#include "bk-herzla-module.h"
#include "bk-rng.h"

/* Deal @deal of the match: a shuffled pack dealt by H2.1 / H6.1, the dealer in turn. */
void
bk_herzla_match_deal (const BkHerzlaRules *rules,
                      guint64              seed,
                      guint                deal,
                      guint               *dealer,
                      BkHand               hands[BK_MAX_SEATS],
                      BkHand              *aside)
{
  BkCard deck[BK_N_CARDS];
  guint n = 0;
  BkRng rng;

  for (BkHand all = bk_herzla_deck (rules->variant); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_init (&rng, seed, deal);
  bk_rng_shuffle (&rng, deck, n);
  *dealer = deal % rules->n_players;
  bk_herzla_deal_from_deck (rules, deck, *dealer, hands, aside);
}

/* Plays deal @deal to its end with @seats[s] deciding for seat s. */
void
bk_herzla_match_play (const BkHerzlaRules *rules,
                      guint64              seed,
                      guint                deal,
                      BkStrategy          *const *seats,
                      BkHerzlaHand        *state)
{
  BkHand hands[BK_MAX_SEATS], aside;
  guint dealer;

  bk_herzla_match_deal (rules, seed, deal, &dealer, hands, &aside);
  bk_herzla_hand_init (state, rules, dealer, hands, aside);
  while (!bk_herzla_hand_is_over (state))
    {
      guint seat = state->to_act;
      guint64 decision = bk_rng_mix (seed ^ bk_rng_mix (((guint64) deal << 8) | state->n_history));
      BkAction action;
      g_autoptr (GError) error = NULL;

      bk_strategy_decide (seats[seat], &bk_herzla_module, state, seat, decision, &action);
      if (!bk_herzla_hand_apply (state, &action, &error))
        g_error ("a Herzla level chose an illegal action: %s", error->message);
    }
}

/* The seat's value: cents received, or penalty points in the simple form (H6.2). */
static void
values_of (const BkHerzlaHand *state,
           gint                values[BK_MAX_SEATS],
           BkHerzlaPayment    *payment)
{
  BkHerzlaTally tally;

  bk_herzla_hand_tally (state, &tally);
  memset (payment, 0, sizeof *payment);
  payment->schleichermord = BK_HERZLA_SEAT_NONE;
  payment->won = -1;
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    values[s] = 0;
  if (state->rules.variant == BK_HERZLA_EINFACH)
    {
      for (guint s = 0; s < tally.n_players; s++)
        values[s] = tally.hearts[s];
      return;
    }
  bk_herzla_pay (&state->rules.pay, &tally, 0, payment);
  for (guint s = 0; s < tally.n_players; s++)
    values[s] = payment->cents[s];
}

static void
count_contract (BkHerzlaDuplicate     *result,
                guint                  side,
                guint                  seat,
                const BkHerzlaHand    *state,
                const BkHerzlaPayment *payment,
                const gint            *values)
{
  if (payment->schleichermord == seat)
    result->schleicher[side]++;
  if (state->declarer != seat)
    return;
  result->bid[side][state->contract]++;
  result->won[side][state->contract] += payment->won == 1;
  result->contract_cents[side] += values[seat];
}

void
bk_herzla_match_duplicate (const BkHerzlaRules *rules,
                           guint64              seed,
                           guint                deal,
                           BkStrategy          *a,
                           BkStrategy          *b,
                           BkHerzlaDuplicate   *result)
{
  BkStrategy *seats[BK_MAX_SEATS] = { NULL };
  gint values[BK_MAX_SEATS];
  BkHerzlaPayment payment;
  BkHerzlaHand state;
  guint n = rules->n_players;
  double sum = 0;

  memset (result, 0, sizeof *result);
  result->n_seats = n;
  for (guint s = 0; s < n; s++)
    seats[s] = b;
  bk_herzla_match_play (rules, seed, deal, seats, &state);
  values_of (&state, values, &payment);
  for (guint s = 0; s < n; s++)
    {
      result->value[1][s] = values[s];
      count_contract (result, 1, s, &state, &payment, values);
    }

  for (guint s = 0; s < n; s++)
    {
      seats[s] = a;
      bk_herzla_match_play (rules, seed, deal, seats, &state);
      seats[s] = b;
      values_of (&state, values, &payment);
      result->value[0][s] = values[s];
      count_contract (result, 0, s, &state, &payment, values);
      sum += result->value[0][s] - result->value[1][s];
    }
  result->diff = sum / n;
}
