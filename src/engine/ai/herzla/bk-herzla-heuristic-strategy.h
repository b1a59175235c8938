/* bk-herzla-heuristic-strategy.h: the Herzla level `heuristic`: rules of thumb, no search (Anfänger).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_HEURISTIC_STRATEGY (bk_herzla_heuristic_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaHeuristicStrategy, bk_herzla_heuristic_strategy, BK,
                      HERZLA_HEURISTIC_STRATEGY, BkHerzlaStrategy)

G_END_DECLS
