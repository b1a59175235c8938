/* bk-herzla-meister-strategy.c: the Herzla level `meister`: worlds weighted by the bids, all of them when few are left (Meister). The decisions
 * are bk_herzla_player_decide()'s with BK_HERZLA_LEVEL_MEISTER.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-herzla-meister-strategy.h"

struct _BkHerzlaMeisterStrategy
{
  BkHerzlaStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaMeisterStrategy, bk_herzla_meister_strategy, BK_TYPE_HERZLA_STRATEGY)

static void
bk_herzla_meister_strategy_class_init (BkHerzlaMeisterStrategyClass *klass)
{
  BK_HERZLA_STRATEGY_CLASS (klass)->level = BK_HERZLA_LEVEL_MEISTER;
}

static void
bk_herzla_meister_strategy_init (BkHerzlaMeisterStrategy *self)
{
}
