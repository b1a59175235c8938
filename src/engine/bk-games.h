/* bk-games.h: the games of this engine, one include per game: each game's own API (what
 * its session offers beyond the core's BkGame) and its module. bk-game.h includes this, so
 * that whoever uses a session sees the API of every game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-game.h"
#include "bk-herzla-module.h"
