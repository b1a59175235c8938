/* bk-game-take-back.h: taking back a seat's last card of the running hand (issue 17).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

BkGame *bk_game_new_taken_back (BkGame  *game,
                                guint    seat,
                                GError **error);

G_END_DECLS
