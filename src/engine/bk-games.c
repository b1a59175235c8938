/* bk-games.c: the registry of game modules (bk-game-module.h). Adding a game is its
 * folder plus a line here and in bk-games.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "bk-games.h"

const BkGameModule * const bk_games[] = {
  &bk_bierkopf_module,
  &bk_herzla_module,
  NULL
};
