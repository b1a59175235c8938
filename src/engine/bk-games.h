/* bk-games.h: the games of this engine, one include per game: each game's own API (what
 * its session offers beyond the core's BkGame) and its module, for code that uses every
 * game. The core's headers include no game's; a file that uses one game includes that
 * game's header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-game.h"
#include "bk-herzla-game.h"
