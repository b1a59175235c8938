/* bk-herzla-pimc-strategy.h: the Herzla level `pimc`: uniform worlds, each solved exactly (Stammtisch).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_PIMC_STRATEGY (bk_herzla_pimc_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaPimcStrategy, bk_herzla_pimc_strategy, BK,
                      HERZLA_PIMC_STRATEGY, BkHerzlaStrategy)

G_END_DECLS
