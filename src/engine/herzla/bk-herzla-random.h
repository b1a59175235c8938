/* bk-herzla-random.h: the random Herzla player: any legal bid or card, uniformly, the
 * same for the same hand and seed (issue 14, "Computer players").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"

G_BEGIN_DECLS

void bk_herzla_random_action (const BkHerzlaHand *hand,
                              guint64             seed,
                              BkAction           *action);

G_END_DECLS
