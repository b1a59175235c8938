/* bk-pimc-strategy.h: the `pimc` level ("Stammtisch"): perfect-information Monte Carlo
 * over uniform worlds consistent with what the seat has seen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-base-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_PIMC_STRATEGY (bk_pimc_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkPimcStrategy, bk_pimc_strategy, BK, PIMC_STRATEGY,
                      BkBaseStrategy)

BkPimcStrategy *bk_pimc_strategy_new         (guint           n_worlds);
guint           bk_pimc_strategy_get_worlds  (BkPimcStrategy *self);

G_END_DECLS
