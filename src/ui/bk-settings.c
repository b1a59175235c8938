/* bk-settings.c: the house rules in GSettings are the engine's descriptions of them
 * (bk-bierkopf-rules.c): every rule with a preferences row has a key of its name, an enum
 * whose nicks are its values' names or a boolean for a switch, so the mapping is one loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-settings.h"

/* A house rule is kept in GSettings when it is a preference of Bierkopf, the game of the app
 * (Herzla's house rules have no preferences yet). */
gboolean
bk_settings_has_rule (const BkHouseRule *rule)
{
  return rule->title != NULL && rule->game != NULL && g_str_equal (rule->game, "bierkopf");
}

/* The house rules of the next session (spec B1-B6). */
void
bk_settings_get_rules (GSettings *settings,
                       BkRules   *rules)
{
  bk_rules_init_default (rules);

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      g_autoptr (GVariant) value = NULL;
      g_autoptr (GError) error = NULL;
      const char *text;

      if (!bk_settings_has_rule (rule))
        continue;
      value = g_settings_get_value (settings, rule->key);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        text = g_variant_get_boolean (value) ? "on" : "off";
      else
        text = g_variant_get_string (value, NULL);
      if (!bk_rules_set_option (rules, rule->key, text, &error))
        g_warning ("Ignoring the house rule %s: %s", rule->key, error->message);
    }
}

BkCardTheme *
bk_settings_load_theme (GSettings  *settings,
                        GError    **error)
{
  switch (g_settings_get_enum (settings, "card-theme"))
    {
    case 1: return bk_card_theme_new (BK_CARD_THEME_FRENCH, error);
    case 2: return bk_card_theme_new (BK_CARD_THEME_FRENCH_4COLOR, error);
    default: return bk_card_theme_new (BK_CARD_THEME_BAVARIAN, error);
    }
}
