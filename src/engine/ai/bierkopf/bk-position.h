/* bk-position.h: a Bierkopf position to solve (bk-solver.h): the cards left in each hand
 * and the trick on the table, checked before a search.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-talk.h"
#include "bk-game-rules.h"

G_BEGIN_DECLS

gboolean     bk_position_check           (const BkRules      *rules,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick,
                                          GError            **error);

G_END_DECLS
