/* bk-computer-controller.h: the computer players' seats of a game. One controller plays
 * every seat of the game that has a strategy (bk_game_set_strategy()), on one worker
 * thread (BkComputerPlayers), so that a seat never thinks while another's move waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-computer-players.h"
#include "bk-seat-controller.h"

G_BEGIN_DECLS

#define BK_TYPE_COMPUTER_CONTROLLER (bk_computer_controller_get_type ())

G_DECLARE_FINAL_TYPE (BkComputerController, bk_computer_controller, BK, COMPUTER_CONTROLLER,
                      BkSeatController)

BkSeatController *bk_computer_controller_new (BkGame     *game,
                                              BkBusyFunc  busy,
                                              gpointer    busy_data);

G_END_DECLS
