/* bk-computer-players.h: lets the computer seats of a game act, thinking off the main
 * thread and with a natural pause, never while the table is still showing something.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_COMPUTER_PLAYERS (bk_computer_players_get_type ())

G_DECLARE_FINAL_TYPE (BkComputerPlayers, bk_computer_players, BK, COMPUTER_PLAYERS, GObject)

/* Until when (monotonic time) the view is busy showing something. */
typedef gint64 (*BkBusyFunc) (gpointer user_data);

BkComputerPlayers *bk_computer_players_new       (BkGame            *game,
                                                  BkBusyFunc         busy,
                                                  gpointer           busy_data);
void               bk_computer_players_set_speed (BkComputerPlayers *self,
                                                  double             speed);
void               bk_computer_players_wake      (BkComputerPlayers *self);
gboolean           bk_computer_players_is_idle   (BkComputerPlayers *self);
void               bk_computer_players_cancel    (BkComputerPlayers *self);
void               bk_computer_players_pause     (BkComputerPlayers *self);
void               bk_computer_players_resume    (BkComputerPlayers *self);
gboolean           bk_computer_players_is_paused (BkComputerPlayers *self);
void               bk_computer_players_hurry     (BkComputerPlayers *self);
double             bk_computer_players_pause_factor (BkGame         *game,
                                                     const BkAction *action);

G_END_DECLS
