/* bk-herzla-cheat-strategy.h: the Herzla level `cheat`: all cards open (CLI only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_CHEAT_STRATEGY (bk_herzla_cheat_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaCheatStrategy, bk_herzla_cheat_strategy, BK,
                      HERZLA_CHEAT_STRATEGY, BkHerzlaStrategy)

G_END_DECLS
