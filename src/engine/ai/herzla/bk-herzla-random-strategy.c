/* bk-herzla-random-strategy.c: the Herzla level `random`: any legal bid or card, uniformly. The decisions
 * are bk_herzla_player_decide()'s with BK_HERZLA_LEVEL_RANDOM.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-herzla-random-strategy.h"

struct _BkHerzlaRandomStrategy
{
  BkHerzlaStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaRandomStrategy, bk_herzla_random_strategy, BK_TYPE_HERZLA_STRATEGY)

static void
bk_herzla_random_strategy_class_init (BkHerzlaRandomStrategyClass *klass)
{
  BK_HERZLA_STRATEGY_CLASS (klass)->level = BK_HERZLA_LEVEL_RANDOM;
}

static void
bk_herzla_random_strategy_init (BkHerzlaRandomStrategy *self)
{
}
