/* bk-settings.c: the house rules in GSettings carry the names of the engine's options
 * (bk-rules.c), so the mapping is one loop, not a table to keep in step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-settings.h"

static const char * const rule_keys[] = {
  "variant", "packets", "new-seats", "dealer-double", "retour", "void", "tricks", "scoring",
  "schwarz", "carry", NULL
};

const char * const *
bk_settings_rule_keys (void)
{
  return rule_keys;
}

/* The house rules of the next session (spec B1-B6). */
void
bk_settings_get_rules (GSettings *settings,
                       BkRules   *rules)
{
  bk_rules_init_default (rules);

  for (guint i = 0; rule_keys[i]; i++)
    {
      g_autoptr (GVariant) value = g_settings_get_value (settings, rule_keys[i]);
      g_autoptr (GError) error = NULL;
      const char *text;

      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        text = g_variant_get_boolean (value) ? "on" : "off";
      else
        text = g_variant_get_string (value, NULL);
      if (!bk_rules_set_option (rules, rule_keys[i], text, &error))
        g_warning ("Ignoring the house rule %s: %s", rule_keys[i], error->message);
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
