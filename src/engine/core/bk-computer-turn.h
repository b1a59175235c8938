/* bk-computer-turn.h: the one driver of computer turns. A game's own stepping on this
 * thread (bk_game_step(), bk_game_run()) and the app's worker thread both answer a
 * BkComputerTurn with bk_computer_turn_decide() and hand the answer to the game with
 * bk_computer_turn_apply(), so that a turn has one answer whoever drives it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

void      bk_computer_turn_decide (const BkComputerTurn  *turn,
                                   BkStrategy            *strategy,
                                   BkAction              *action,
                                   gboolean              *declines);
gboolean  bk_computer_turn_apply  (BkGame                *game,
                                   const BkAction        *action,
                                   gboolean               declines,
                                   GError               **error);

gboolean  bk_game_step            (BkGame                *self);
void      bk_game_run             (BkGame                *self);

G_END_DECLS
