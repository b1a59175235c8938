/* bk-bierkopf-history.h: what a Bierkopf session keeps of its past beyond the core's
 * (bk-game-history.h): the hands of the Bollen being played (B6) and whether the last hand
 * won one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-game.h"
#include "bk-game-history.h"

G_BEGIN_DECLS

GArray  *bk_bierkopf_game_dup_bollen_hands (BkGame *self);
BkTeam   bk_bierkopf_game_get_bollen_won   (BkGame *self);

G_END_DECLS
