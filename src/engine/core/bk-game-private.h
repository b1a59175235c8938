/* bk-game-private.h: what the record reader may do to a game that nobody else may.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

gboolean bk_game_change_rules (BkGame         *self,
                               const BkRules  *rules,
                               GError        **error);

G_END_DECLS
