/* bk-heuristic-strategy.h: the `heuristic` level ("Anfänger"): the rules of thumb of a
 * pub regular, no search.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-info-set.h"
#include "bk-base-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HEURISTIC_STRATEGY (bk_heuristic_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHeuristicStrategy, bk_heuristic_strategy, BK, HEURISTIC_STRATEGY,
                      BkBaseStrategy)

BkHeuristicStrategy *bk_heuristic_strategy_new  (void);
BkCard               bk_heuristic_choose_card   (const BkInfoSet *info,
                                                 BkHand           legal);

G_END_DECLS
