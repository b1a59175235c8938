/* bk-herzla-cheat-strategy.c: the Herzla level `cheat`: all cards open (CLI only). The decisions
 * are bk_herzla_player_decide()'s with BK_HERZLA_LEVEL_CHEAT.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-herzla-cheat-strategy.h"

struct _BkHerzlaCheatStrategy
{
  BkHerzlaStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaCheatStrategy, bk_herzla_cheat_strategy, BK_TYPE_HERZLA_STRATEGY)

static void
bk_herzla_cheat_strategy_class_init (BkHerzlaCheatStrategyClass *klass)
{
  BK_HERZLA_STRATEGY_CLASS (klass)->level = BK_HERZLA_LEVEL_CHEAT;
}

static void
bk_herzla_cheat_strategy_init (BkHerzlaCheatStrategy *self)
{
}
