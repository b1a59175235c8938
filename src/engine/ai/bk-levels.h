/* bk-levels.h: the computer players of each game by their names on the command line
 * (notation.md): for Bierkopf random, heuristic, pimc, meister and cheat.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-rules.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

BkStrategy  *bk_strategy_new_for_level (BkGameKind   game,
                                        const char  *level,
                                        GError     **error);

G_END_DECLS
