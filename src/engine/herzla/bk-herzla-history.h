/* bk-herzla-history.h: what a Herzla session keeps of its past beyond the core's
 * (bk-game-history.h): the results of its hands, as its ledger lists them (H5, H6.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-history.h"
#include "bk-herzla-game.h"

G_BEGIN_DECLS

GArray *bk_herzla_game_dup_results (BkGame *self);

G_END_DECLS
