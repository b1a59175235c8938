/* bk-herzla-pimc-strategy.c: the Herzla level `pimc`: uniform worlds, each solved exactly (Stammtisch). The decisions
 * are bk_herzla_player_decide()'s with BK_HERZLA_LEVEL_PIMC.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-herzla-pimc-strategy.h"

struct _BkHerzlaPimcStrategy
{
  BkHerzlaStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaPimcStrategy, bk_herzla_pimc_strategy, BK_TYPE_HERZLA_STRATEGY)

static void
bk_herzla_pimc_strategy_class_init (BkHerzlaPimcStrategyClass *klass)
{
  BK_HERZLA_STRATEGY_CLASS (klass)->level = BK_HERZLA_LEVEL_PIMC;
}

static void
bk_herzla_pimc_strategy_init (BkHerzlaPimcStrategy *self)
{
}
