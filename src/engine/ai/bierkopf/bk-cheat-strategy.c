/* bk-cheat-strategy.c: the only level that reads the other hands. Its one world is the
 * true deal: it plays the double-dummy best card and doubles when the exact solve of the
 * true deal says its team wins. Its words are as honest (and as blind) as everybody's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-cheat-strategy.h"
#include "bk-pimc.h"

struct _BkCheatStrategy
{
  BkBaseStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkCheatStrategy, bk_cheat_strategy, BK_TYPE_BASE_STRATEGY)

static void
true_world (const BkHandState *state,
            BkWorld           *world)
{
  for (guint s = 0; s < BK_N_SEATS; s++)
    world->hands[s] = state->hands[s];
}

static void
cheat_outlook (BkBaseStrategy    *self,
               const BkHandState *state,
               const BkInfoSet   *info,
               guint64            seed,
               BkOutlook         *outlook)
{
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  BkWorld world;

  true_world (state, &world);
  bk_pimc_outlook (solver, info, &world, NULL, 1, outlook);
}

static BkCard
cheat_card (BkBaseStrategy    *self,
            const BkHandState *state,
            const BkInfoSet   *info,
            BkSeat             seat,
            BkHand             legal,
            guint64            seed)
{
  g_autoptr (BkSolver) solver = bk_solver_new (&state->rules);
  BkCardValues values;
  BkWorld world;

  true_world (state, &world);
  bk_card_values_clear (&values);
  bk_card_values_add_world (&values, solver, info, &world, 1.0);
  return bk_card_values_best (&values, state->game);
}

/* Doubles at no margin: the true deal has no doubt to pay for. */
static void
bk_cheat_strategy_class_init (BkCheatStrategyClass *klass)
{
  BkBaseStrategyClass *base_class = BK_BASE_STRATEGY_CLASS (klass);

  base_class->choose_card = cheat_card;
  base_class->outlook = cheat_outlook;
}

static void
bk_cheat_strategy_init (BkCheatStrategy *self)
{
}

BkCheatStrategy *
bk_cheat_strategy_new (void)
{
  return g_object_new (BK_TYPE_CHEAT_STRATEGY, NULL);
}
