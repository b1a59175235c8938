/* bk-herzla-random.c: the random Herzla player (docs/rules-herzla.md H3, H4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-herzla-random.h"
#include "bk-rng.h"

/* The action of the seat to act in @hand, which is not over: while bidding (H3.1) Beddl,
 * Mord or weiter with equal chance; in play one of the legal cards (H4.1, H4.2), each
 * with equal chance. A pure function of the hand and @seed. */
void
bk_herzla_random_action (const BkHerzlaHand *hand,
                         guint64             seed,
                         BkAction           *action)
{
  BkRng rng;

  g_return_if_fail (hand != NULL && action != NULL);
  g_return_if_fail (!bk_herzla_hand_is_over (hand));

  bk_rng_init (&rng, seed, hand->n_history);
  if (hand->step == BK_HERZLA_STEP_BID)
    {
      *action = bk_action_make (BK_ACTION_BID, (BkSeat) hand->to_act,
                                bk_rng_below (&rng, BK_N_CONTRACTS));
    }
  else
    {
      BkHand legal = bk_herzla_hand_legal (hand);

      g_return_if_fail (legal != 0);
      *action = bk_action_make (BK_ACTION_PLAY, (BkSeat) hand->to_act,
                                bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal))));
    }
}
