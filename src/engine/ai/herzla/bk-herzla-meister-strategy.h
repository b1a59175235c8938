/* bk-herzla-meister-strategy.h: the Herzla level `meister`: worlds weighted by the bids, all of them when few are left (Meister).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_MEISTER_STRATEGY (bk_herzla_meister_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaMeisterStrategy, bk_herzla_meister_strategy, BK,
                      HERZLA_MEISTER_STRATEGY, BkHerzlaStrategy)

G_END_DECLS
