/* bk-settings.h: what the GSettings of the app mean for the engine and the cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-card-theme.h"
#include "bk-rules.h"
#include "bk-table.h"

G_BEGIN_DECLS

void          bk_settings_get_rules   (GSettings  *settings,
                                       BkRules    *rules);
BkCardTheme  *bk_settings_load_theme  (GSettings  *settings,
                                       GError    **error);
/* The card theme the settings choose, drawn by @table and naming the cards in what the
 * engine says (bk_card_set_display_style()); NULL, with a warning, when it cannot load. */
BkCardTheme  *bk_settings_apply_theme (GSettings  *settings,
                                       BkTable    *table);
const struct _BkGameView *bk_settings_view_of_rule (const BkHouseRule *rule);
char         *bk_settings_dup_rule_key (const BkHouseRule *rule);
char         *bk_settings_dup_game    (GSettings  *settings);
void          bk_settings_get_rules_for (GSettings  *settings,
                                       const char *game,
                                       BkRules    *rules);
void          bk_settings_set_option  (BkRules    *rules,
                                       const char *key,
                                       const char *value);
void          bk_settings_set_number  (BkRules    *rules,
                                       const char *key,
                                       gint        value);

G_END_DECLS
