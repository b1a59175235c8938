/* bk-cheat-strategy.h: the `cheat` level (command line only, never in the app): it sees
 * every hand and plays the exact double-dummy best card. The measuring stick.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-base-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_CHEAT_STRATEGY (bk_cheat_strategy_get_type ())

G_DECLARE_FINAL_TYPE (BkCheatStrategy, bk_cheat_strategy, BK, CHEAT_STRATEGY,
                      BkBaseStrategy)

BkCheatStrategy *bk_cheat_strategy_new (void);

G_END_DECLS
