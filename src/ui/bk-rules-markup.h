/* bk-rules-markup.h: a game's rules in short as Pango markup, from its view's sections
 * (BkGameView.rules_sections), with the house rules in use: the rules window's text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-card.h"
#include "bk-game-view.h"

G_BEGIN_DECLS

char *bk_rules_markup_new (const BkRulesSection *sections,
                           const BkRules        *rules,
                           BkDeckStyle           deck);

G_END_DECLS
