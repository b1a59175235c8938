/* bk-settings.c: the house rules in GSettings are the engine's descriptions of them
 * (bk-bierkopf-rules.c, bk-herzla-rules.c): every rule with a preferences row has a key of
 * its name (Herzla's prefixed "herzla-"), an enum whose nicks are its values' names or a
 * boolean for a switch, so the mapping is one loop. The game of the next session is the key
 * "last-game": Bierkopf, Herzla for four or Herzla's simple form.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-settings.h"

/* A house rule of Bierkopf kept in GSettings under its own name. */
gboolean
bk_settings_has_rule (const BkHouseRule *rule)
{
  return rule->title != NULL && rule->game != NULL && g_str_equal (rule->game, "bierkopf");
}

/* A house rule of Herzla with a preferences row (key "herzla-" and its name); the form of
 * the game (variant) is chosen in the New Session dialog instead. */
gboolean
bk_settings_has_herzla_rule (const BkHouseRule *rule)
{
  return rule->title != NULL && rule->game != NULL && g_str_equal (rule->game, "herzla") &&
         !g_str_equal (rule->key, "variant");
}

/* The GSettings key of a house rule with a preference, NULL for any other. */
char *
bk_settings_dup_rule_key (const BkHouseRule *rule)
{
  if (bk_settings_has_rule (rule))
    return g_strdup (rule->key);
  if (bk_settings_has_herzla_rule (rule))
    return g_strconcat ("herzla-", rule->key, NULL);
  return NULL;
}

static void
set_option (BkRules    *rules,
            const char *key,
            const char *value)
{
  g_autoptr (GError) error = NULL;

  if (!bk_rules_set_option (rules, key, value, &error))
    g_warning ("Ignoring the house rule %s: %s", key, error->message);
}

static void
set_number (BkRules    *rules,
            const char *key,
            gint        value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  set_option (rules, key, text);
}

/* The house rules of the next session of @game ("bierkopf", "herzla", "herzla-simple";
 * spec B1-B6, docs/rules-herzla.md). */
void
bk_settings_get_rules_for (GSettings  *settings,
                           const char *game,
                           BkRules    *rules)
{
  gboolean herzla = g_str_has_prefix (game, "herzla");

  bk_rules_init_default (rules);
  if (herzla)
    {
      gboolean simple = g_str_equal (game, "herzla-simple");

      set_option (rules, "game", "herzla");
      set_option (rules, "variant", simple ? "einfach" : "vier");
      if (simple)
        {
          gboolean by_rounds = g_settings_get_enum (settings, "herzla-end") == 0;

          set_number (rules, "players", g_settings_get_int (settings, "herzla-players"));
          set_number (rules, "rounds", by_rounds ? g_settings_get_int (settings, "herzla-rounds")
                                                 : 0);
          set_number (rules, "limit", by_rounds ? 0 : g_settings_get_int (settings,
                                                                          "herzla-limit"));
        }
    }

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      g_autoptr (GVariant) value = NULL;
      g_autofree char *key = NULL;
      const char *text;

      if (herzla ? !bk_settings_has_herzla_rule (rule) : !bk_settings_has_rule (rule))
        continue;
      key = bk_settings_dup_rule_key (rule);
      value = g_settings_get_value (settings, key);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        text = g_variant_get_boolean (value) ? "on" : "off";
      else
        text = g_variant_get_string (value, NULL);
      set_option (rules, rule->key, text);
    }
}

/* The game chosen last: "bierkopf", "herzla" or "herzla-simple". */
char *
bk_settings_dup_game (GSettings *settings)
{
  return g_settings_get_string (settings, "last-game");
}

/* The house rules of the next session of the game chosen last. */
void
bk_settings_get_rules (GSettings *settings,
                       BkRules   *rules)
{
  g_autofree char *game = bk_settings_dup_game (settings);

  bk_settings_get_rules_for (settings, game, rules);
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
