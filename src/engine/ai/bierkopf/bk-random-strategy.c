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
  BkBaseStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkRandomStrategy, bk_random_strategy, BK_TYPE_BASE_STRATEGY)

/* None of the parts reads the object (bk_random_decide() passes none) nor what the seat
 * has seen (plays_blind). */
static BkCard
random_card (BkBaseStrategy    *self,
             const BkHandState *state,
             const BkInfoSet   *info,
             BkSeat             seat,
             BkHand             legal,
             guint64            seed)
{
  BkRng rng;

  bk_rng_init (&rng, seed, seat);
  return bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal)));
}

/* Silent one time in four, else a random word of the team's. */
static BkWord
random_word (BkBaseStrategy    *self,
             const BkHandState *state,
             const BkInfoSet   *info,
             BkSeat             seat,
             guint64            seed)
{
  gboolean forehand_team = state->step <= BK_STEP_CONFER_HH;
  BkRng rng;
  guint roll;

  bk_rng_init (&rng, seed, seat);
  roll = bk_rng_below (&rng, 4);
  if (roll == 0)
    return BK_WORD_NONE;
  return forehand_team ? (BkWord) (BK_WORD_GUT + roll - 1)
                       : (roll == 1 ? BK_WORD_HELFEN : BK_WORD_NICHT_HELFEN);
}

/* A Spritze or a Retour one time in four, each from its own stream. */
static gboolean
random_double (BkBaseStrategy    *self,
               const BkHandState *state,
               const BkInfoSet   *info,
               BkSeat             seat,
               guint64            seed,
               gboolean           retour)
{
  BkRng rng;

  bk_rng_init (&rng, seed, retour ? seat + BK_N_SEATS : seat);
  return bk_rng_below (&rng, 4) == 0;
}

/* Pure, so the benchmark and the property test can call it without an object. */
void
bk_random_decide (const BkHandState *state,
                  BkSeat             seat,
                  guint64            seed,
                  BkAction          *action)
{
  static gsize klass = 0;

  if (g_once_init_enter (&klass))
    g_once_init_leave (&klass, (gsize) g_type_class_ref (BK_TYPE_RANDOM_STRATEGY));
  bk_base_strategy_class_decide ((BkBaseStrategyClass *) klass, NULL, state, seat, seed, action);
}

static void
bk_random_strategy_class_init (BkRandomStrategyClass *klass)
{
  BkBaseStrategyClass *base_class = BK_BASE_STRATEGY_CLASS (klass);

  base_class->plays_blind = TRUE;
  base_class->talk_word = random_word;
  base_class->wants_double = random_double;
  base_class->choose_card = random_card;
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
