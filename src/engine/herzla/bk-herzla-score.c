/* bk-herzla-score.c: the payments of a finished Herzla hand (docs/rules-herzla.md H4.5, H5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <string.h>

#include "bk-herzla-score.h"

#define HEART_CENTS 10   /* H5.1: a heart costs 10 cents */
#define ALL_HEARTS 8     /* H1.3 */
#define CONTRACT_CENTS 80

void
bk_herzla_pay_rules_init_default (BkHerzlaPayRules *rules)
{
  g_return_if_fail (rules != NULL);

  rules->nobody_free = BK_NOBODY_FREE_PAYS_STOCK;
  rules->stock = BK_STOCK_TO_SOLE_FREE;
  rules->schleicher = BK_SCHLEICHER_EACH_PAYS;
}

/* The other players pay @winner: @each apiece, or @in_all shared as evenly as cents allow,
 * the odd cents from the players first after him. */
static void
others_pay (const BkHerzlaTally *tally,
            guint                winner,
            gint                 each,
            gint                 in_all,
            gint                *cents)
{
  guint n = tally->n_players;

  for (guint k = 1; k < n; k++)
    {
      guint seat = (winner + k) % n;
      gint share = each;

      if (in_all > 0)
        share = in_all / (gint) (n - 1) + ((gint) (k - 1) < in_all % (gint) (n - 1));
      cents[seat] -= share;
      cents[winner] += share;
    }
}

static void
take_stock (BkHerzlaPayment *payment,
            guint            seat)
{
  payment->cents[seat] += payment->stock;
  payment->stock = 0;
}

/* H4.3, H4.4, H5.5: a contract is won or lost against each defender. */
static void
pay_contract (const BkHerzlaPayRules *rules,
              const BkHerzlaTally    *tally,
              BkHerzlaPayment        *payment)
{
  guint declarer = tally->declarer;
  gboolean won = TRUE;

  for (guint seat = 0; seat < tally->n_players; seat++)
    if (tally->tricks[seat] > 0 &&
        bk_herzla_contract_broken ((BkContract) tally->contract, declarer, seat))
      won = FALSE;
  won = won && tally->tricks_played == tally->tricks_in_hand;

  payment->won = won;
  others_pay (tally, declarer, won ? CONTRACT_CENTS : -CONTRACT_CENTS, 0, payment->cents);
  if (won && tally->contract == BK_CONTRACT_MORD && rules->stock == BK_STOCK_TO_MORD)
    take_stock (payment, declarer);
}

/* H5.1-H5.4: the hearts of a normal game. */
static void
pay_hearts (const BkHerzlaPayRules *rules,
            const BkHerzlaTally    *tally,
            BkHerzlaPayment        *payment)
{
  guint n = tally->n_players, sole_free = BK_HERZLA_SEAT_NONE;

  for (guint seat = 0; seat < n; seat++)
    if (tally->hearts[seat] == 0)
      {
        payment->n_free++;
        sole_free = seat;
      }

  for (guint seat = 0; seat < n; seat++)
    if (tally->hearts[seat] == ALL_HEARTS)
      {
        /* H5.2: into the stock; the heart-free get nothing from him. */
        payment->cents[seat] -= ALL_HEARTS * HEART_CENTS;
        payment->stock += ALL_HEARTS * HEART_CENTS;
        return;
      }

  if (payment->n_free == 0)
    {
      /* H5.3 */
      if (rules->nobody_free == BK_NOBODY_FREE_PAYS_STOCK)
        for (guint seat = 0; seat < n; seat++)
          {
            payment->cents[seat] -= tally->hearts[seat] * HEART_CENTS;
            payment->stock += tally->hearts[seat] * HEART_CENTS;
          }
      return;
    }

  /* H5.1: the 80 cents are shared by the heart-free players (one or two here, since three
   * means one player took all eight). */
  for (guint seat = 0; seat < n; seat++)
    {
      payment->cents[seat] -= tally->hearts[seat] * HEART_CENTS;
      if (tally->hearts[seat] == 0)
        payment->cents[seat] += ALL_HEARTS * HEART_CENTS / payment->n_free;
    }

  /* H5.4 */
  if (payment->n_free == 1 && rules->stock == BK_STOCK_TO_SOLE_FREE)
    take_stock (payment, sole_free);
}

/* Fills @payment for a hand of the four-player game; @stock_in is the stock before it. The
 * cents and the change of the stock always sum to zero (H5.6). */
void
bk_herzla_pay (const BkHerzlaPayRules *rules,
               const BkHerzlaTally    *tally,
               gint                    stock_in,
               BkHerzlaPayment        *payment)
{
  g_return_if_fail (rules != NULL && tally != NULL && payment != NULL);
  g_return_if_fail (tally->n_players >= BK_HERZLA_MIN_PLAYERS &&
                    tally->n_players <= BK_HERZLA_MAX_PLAYERS);

  memset (payment, 0, sizeof *payment);
  payment->stock = stock_in;
  payment->won = -1;
  payment->schleichermord = BK_HERZLA_SEAT_NONE;

  if (tally->contract != BK_CONTRACT_NORMAL)
    {
      g_return_if_fail (tally->declarer < tally->n_players);
      pay_contract (rules, tally, payment);
      return;
    }

  /* H4.5: every trick to one player who bid nothing. */
  for (guint seat = 0; seat < tally->n_players; seat++)
    if (tally->tricks_in_hand > 0 && tally->tricks[seat] == tally->tricks_in_hand)
      {
        payment->schleichermord = (guint8) seat;
        if (rules->schleicher == BK_SCHLEICHER_IN_ALL)
          others_pay (tally, seat, 0, CONTRACT_CENTS, payment->cents);
        else
          others_pay (tally, seat, CONTRACT_CENTS, 0, payment->cents);
        if (rules->stock == BK_STOCK_TO_MORD)
          take_stock (payment, seat);
        return;
      }

  pay_hearts (rules, tally, payment);
}

/* H5.4, house rule: the stock shared out when the session ends, the odd cents to the
 * players from @first on. */
void
bk_herzla_share_stock (guint n_players,
                       gint  stock,
                       guint first,
                       gint  cents[BK_MAX_SEATS])
{
  g_return_if_fail (n_players >= BK_HERZLA_MIN_PLAYERS && n_players <= BK_HERZLA_MAX_PLAYERS);
  g_return_if_fail (stock >= 0);

  for (guint k = 0; k < n_players; k++)
    cents[(first + k) % n_players] += stock / (gint) n_players +
                                      ((gint) k < stock % (gint) n_players);
}
