/* bk-herzla-strategy.h: the Herzla computer players: a BkStrategy that hands each decision
 * to bk_herzla_player_decide() with its level (random, heuristic, pimc, meister, cheat:
 * the "level" it is made with) and the parameters set as properties (docs/ai.md "Herzla
 * computer players").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-herzla-player.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_STRATEGY (bk_herzla_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaStrategy, bk_herzla_strategy, BK, HERZLA_STRATEGY, GObject)

BkStrategy  *bk_herzla_strategy_new        (BkHerzlaLevel         level);
BkHerzlaLevel bk_herzla_strategy_get_level (BkHerzlaStrategy     *self);
void         bk_herzla_strategy_get_params (BkHerzlaStrategy     *self,
                                            BkHerzlaPlayerParams *params);

G_END_DECLS
