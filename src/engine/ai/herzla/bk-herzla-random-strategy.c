/* bk-herzla-random-strategy.c: the `random` level of Herzla, a strategy around
 * bk_herzla_random_action() (the benchmarks and the property tests use the function
 * itself).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-game-module.h"
#include "bk-herzla-random.h"
#include "bk-herzla-random-strategy.h"

struct _BkHerzlaRandomStrategy
{
  GObject parent_instance;
};

static void bk_herzla_random_strategy_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkHerzlaRandomStrategy, bk_herzla_random_strategy,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY,
                                                      bk_herzla_random_strategy_iface_init))

static void
herzla_random_decide (BkStrategy         *strategy,
                      const BkGameModule *module,
                      gconstpointer       hand,
                      guint               seat,
                      guint64             seed,
                      BkAction           *action)
{
  g_return_if_fail (module->kind == BK_GAME_HERZLA);
  bk_herzla_random_action (hand, seed, action);
  g_warn_if_fail (action->seat == seat);
}

static void
bk_herzla_random_strategy_iface_init (BkStrategyInterface *iface)
{
  iface->decide = herzla_random_decide;
}

static void
bk_herzla_random_strategy_class_init (BkHerzlaRandomStrategyClass *klass)
{
}

static void
bk_herzla_random_strategy_init (BkHerzlaRandomStrategy *self)
{
}

BkStrategy *
bk_herzla_random_strategy_new (void)
{
  return g_object_new (BK_TYPE_HERZLA_RANDOM_STRATEGY, NULL);
}
