/* bk-herzla-heuristic-strategy.c: the Herzla level `heuristic`: rules of thumb, no search (Anfänger). The decisions
 * are bk_herzla_player_decide()'s with BK_HERZLA_LEVEL_HEURISTIC.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-herzla-heuristic-strategy.h"

struct _BkHerzlaHeuristicStrategy
{
  BkHerzlaStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaHeuristicStrategy, bk_herzla_heuristic_strategy, BK_TYPE_HERZLA_STRATEGY)

static void
bk_herzla_heuristic_strategy_class_init (BkHerzlaHeuristicStrategyClass *klass)
{
  BK_HERZLA_STRATEGY_CLASS (klass)->level = BK_HERZLA_LEVEL_HEURISTIC;
}

static void
bk_herzla_heuristic_strategy_init (BkHerzlaHeuristicStrategy *self)
{
}
