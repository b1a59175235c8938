/* bk-herzla-random-strategy.h: the Herzla level `random`: any legal bid or card, uniformly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_RANDOM_STRATEGY (bk_herzla_random_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaRandomStrategy, bk_herzla_random_strategy, BK,
                      HERZLA_RANDOM_STRATEGY, BkHerzlaStrategy)

G_END_DECLS
