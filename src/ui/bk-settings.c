/* bk-settings.c: the house rules in GSettings are the engine's descriptions of them (each
 * game module's rules): every rule with a preferences row has a key of its name (prefixed
 * as its game's view says, BkGameView.settings_prefix), an enum whose nicks are its
 * values' names or a boolean for a switch, so the mapping is one loop. The game of the
 * next session is the key "last-game": a row of the chooser (BkGameView.choices).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-card-view.h"
#include "bk-game-view.h"
#include "bk-settings.h"

/* The game whose house rule @rule is, if it has a preferences row (a key of the game's
 * prefix and the rule's name); NULL for any other, e.g. the form of a game chosen in the
 * New Session dialog instead. */
const BkGameView *
bk_settings_view_of_rule (const BkHouseRule *rule)
{
  const BkGameView *view;

  if (rule->title == NULL || rule->game == NULL)
    return NULL;
  view = bk_game_view_lookup (rule->game);
  if (view == NULL || (view->chosen_rule && g_str_equal (rule->key, view->chosen_rule)))
    return NULL;
  return view;
}

/* The GSettings key of a house rule with a preference, NULL for any other. */
char *
bk_settings_dup_rule_key (const BkHouseRule *rule)
{
  const BkGameView *view = bk_settings_view_of_rule (rule);

  return view ? g_strconcat (view->settings_prefix, rule->key, NULL) : NULL;
}

/* Sets the house rule @key of @rules to @value, warning if it is not one. */
void
bk_settings_set_option (BkRules    *rules,
                        const char *key,
                        const char *value)
{
  g_autoptr (GError) error = NULL;

  if (!bk_rules_set_option (rules, key, value, &error))
    g_warning ("Ignoring the house rule %s: %s", key, error->message);
}

void
bk_settings_set_number (BkRules    *rules,
                        const char *key,
                        gint        value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  bk_settings_set_option (rules, key, text);
}

/* The house rules of the next session of @game (a row of the chooser, BkGameChoice; spec
 * B1-B6 and each game's rules). */
void
bk_settings_get_rules_for (GSettings  *settings,
                           const char *game,
                           BkRules    *rules)
{
  const BkGameView *view = bk_game_view_for_choice (game);

  if (view == NULL)
    view = bk_game_views ()[0];
  bk_rules_init_default (rules);
  if (view->choice_rules)
    view->choice_rules (settings, game, rules);

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      g_autoptr (GVariant) value = NULL;
      g_autofree char *key = NULL;
      const char *text;

      if (bk_settings_view_of_rule (rule) != view)
        continue;
      key = bk_settings_dup_rule_key (rule);
      value = g_settings_get_value (settings, key);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        text = g_variant_get_boolean (value) ? "on" : "off";
      else
        text = g_variant_get_string (value, NULL);
      bk_settings_set_option (rules, rule->key, text);
    }
}

/* The game chosen last: a row of the chooser (BkGameChoice). */
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

BkCardTheme *
bk_settings_apply_theme (GSettings *settings,
                         BkTable   *table)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkCardTheme) theme = bk_settings_load_theme (settings, &error);

  if (theme == NULL)
    {
      g_warning ("%s", error->message);
      return NULL;
    }
  /* What the engine tells the person names the cards as this deck draws them. */
  bk_card_set_display_style (bk_card_theme_deck_style (theme));
  bk_table_set_theme (table, theme);
  return g_steal_pointer (&theme);
}
