/* bk-herzla-rules-text.h: the rules of Herzla in short, for the rules window
 * (BkGameView.rules_sections).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-view.h"

G_BEGIN_DECLS

extern const BkRulesSection bk_herzla_rules_sections[];

G_END_DECLS
