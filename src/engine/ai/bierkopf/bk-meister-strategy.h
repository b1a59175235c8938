/* bk-meister-strategy.h: the `meister` level ("Meister"), the strongest we have within
 * the time budget: worlds weighted by the talk and doublings they explain, all worlds
 * once few are left, and card values that know what a line is worth.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-base-strategy.h"
#include "bk-info-set.h"
#include "bk-solver.h"

G_BEGIN_DECLS

#define BK_TYPE_MEISTER_STRATEGY (bk_meister_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkMeisterStrategy, bk_meister_strategy, BK, MEISTER_STRATEGY,
                      BkBaseStrategy)

BkMeisterStrategy *bk_meister_strategy_new (void);
guint              bk_meister_strategy_worlds (BkMeisterStrategy *self,
                                               BkSolver          *solver,
                                               const BkInfoSet   *info,
                                               guint64            seed,
                                               gboolean           for_card,
                                               BkWorld          **worlds,
                                               double           **weights);

G_END_DECLS
