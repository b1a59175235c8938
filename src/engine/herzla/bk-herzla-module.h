/* bk-herzla-module.h: Herzla as a game module (bk-game-module.h), the skeleton that the
 * Herzla issue fills in: its hand is a BkHerzlaHand, its session's score cents and the
 * stock. Registered, not yet playable in a session.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-module.h"
#include "bk-herzla-hand.h"
#include "bk-herzla-session.h"

G_BEGIN_DECLS

extern const BkGameModule bk_herzla_module;

/* Its score is a BkHerzlaScore (bk-herzla-session.h), its last result a BkHerzlaResult. */

/* The Herzla house rules a session of @rules plays by. */
void bk_herzla_rules_from (BkHerzlaRules *herzla,
                           const BkRules *rules);

G_END_DECLS
