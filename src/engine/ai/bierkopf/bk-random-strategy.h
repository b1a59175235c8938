/* bk-random-strategy.h: the `random` level: uniform over what is allowed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-base-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_RANDOM_STRATEGY (bk_random_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkRandomStrategy, bk_random_strategy, BK, RANDOM_STRATEGY,
                      BkBaseStrategy)

BkRandomStrategy *bk_random_strategy_new (void);

void bk_random_decide (const BkHandState *state,
                       BkSeat             seat,
                       guint64            seed,
                       BkAction          *action);

G_END_DECLS
