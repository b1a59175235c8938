/* bk-random-strategy.c: the `random` level. It plays a uniformly chosen legal card, and
 * says, doubles and passes at random, so that random play walks every path of the rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-random-strategy.h"
#include "bk-rng.h"

struct _BkRandomStrategy
{
  GObject parent_instance;
};

static void bk_random_strategy_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkRandomStrategy, bk_random_strategy, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY,
                                                      bk_random_strategy_iface_init))

/* Pure, so the benchmark and the property test can call it without an object. */
void
bk_random_decide (const BkHandState *state,
                  BkSeat             seat,
                  guint64            seed,
                  BkAction          *action)
{
  BkRng rng;
  guint roll;

  bk_rng_init (&rng, seed, seat);

  switch (state->step)
    {
    case BK_STEP_PLAY:
      {
        BkHand legal = bk_hand_state_legal (state);
        *action = bk_action_make (BK_ACTION_PLAY, seat,
                                  bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal))));
        return;
      }
    case BK_STEP_CONFER_VH:
    case BK_STEP_CONFER_HH:
    case BK_STEP_CONFER_MH:
    case BK_STEP_CONFER_GEBER:
      {
        /* Silent one time in four, else a random word of the team's. */
        gboolean forehand_team = state->step <= BK_STEP_CONFER_HH;
        BkWord word = BK_WORD_NONE;

        roll = bk_rng_below (&rng, 4);
        if (roll > 0)
          word = forehand_team ? (BkWord) (BK_WORD_GUT + roll - 1)
                               : (roll == 1 ? BK_WORD_HELFEN : BK_WORD_NICHT_HELFEN);
        *action = bk_action_make (BK_ACTION_TALK, seat, word);
        return;
      }
    default:
      /* A Spritze one time in four when allowed. */
      if (bk_hand_state_may_double (state, seat) && bk_rng_below (&rng, 4) == 0)
        *action = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
      else
        *action = bk_action_make (BK_ACTION_PASS, seat, 0);
      return;
    }
}

static void
bk_random_strategy_decide (BkStrategy        *strategy,
                           const BkHandState *state,
                           BkSeat             seat,
                           guint64            seed,
                           BkAction          *action)
{
  bk_random_decide (state, seat, seed, action);
}

static gboolean
bk_random_strategy_wants_retour (BkStrategy        *strategy,
                                 const BkHandState *state,
                                 BkSeat             seat,
                                 guint64            seed)
{
  BkRng rng;

  bk_rng_init (&rng, seed, seat + BK_N_SEATS);
  return bk_rng_below (&rng, 4) == 0;
}

static void
bk_random_strategy_iface_init (BkStrategyInterface *iface)
{
  iface->decide = bk_random_strategy_decide;
  iface->wants_retour = bk_random_strategy_wants_retour;
}

static void
bk_random_strategy_class_init (BkRandomStrategyClass *klass)
{
}

static void
bk_random_strategy_init (BkRandomStrategy *self)
{
}

BkRandomStrategy *
bk_random_strategy_new (void)
{
  return g_object_new (BK_TYPE_RANDOM_STRATEGY, NULL);
}
