/* test-house-rules.c: each house rule described once (issue 13). The descriptions agree
 * with the GSettings schema (keys, enum nicks in order, defaults), with BkRules' defaults,
 * with the record spelling of notation.md, and name real sections of the rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <string.h>

#include "bk-bierkopf-rules.h"
#include "bk-error.h"
#include "bk-game.h"
#include "bk-herzla-hand.h"
#include "bk-herzla-rules.h"
#include "bk-record.h"
#include "bk-rules.h"

#define SCHEMA_ID "io.github.bierkopf.Bierkopf"

/* The schema's keys that are no house rule. */
static const char * const other_keys[] = {
  "card-theme", "strength", "animation-speed", "language", "player-names", "window-width",
  "window-height", "window-maximized", "hints-allowed", "take-back-allowed", "last-game",
  "herzla-players", "herzla-end", "herzla-rounds", "herzla-limit", "herzla-strength", "sounds",
  "lessons-done", "lesson-at", "lessons-offered", NULL
};

/* Herzla's house rules with a preferences row are keys "herzla-" and their name (the form
 * of the game is chosen with the session, not there). */
static const BkHouseRule *
herzla_rule_of_key (const char *key)
{
  const BkHouseRule *rule;

  if (!g_str_has_prefix (key, "herzla-"))
    return NULL;
  rule = bk_house_rule_find (bk_herzla_house_rules (), key + strlen ("herzla-"));
  return rule && rule->title && !g_str_equal (rule->key, "variant") ? rule : NULL;
}

/* Each of Herzla's house rules with a title is an enum key "herzla-…" with its values'
 * names as nicks and its default (H2-H5). */
static void
check_herzla_keys (GSettingsSchema *schema)
{
  guint n = 0;

  for (const BkHouseRule *rule = bk_herzla_house_rules (); rule->key; rule++)
    {
      g_autofree char *name = g_strconcat ("herzla-", rule->key, NULL);
      g_autoptr (GSettingsSchemaKey) key = NULL;
      g_autoptr (GVariant) range = NULL, values = NULL, fallback = NULL;
      const char *type;

      if (herzla_rule_of_key (name) == NULL)
        continue;
      n++;
      g_assert_true (g_settings_schema_has_key (schema, name));
      g_assert_cmpint (rule->kind, ==, BK_HOUSE_RULE_CHOICE);
      key = g_settings_schema_get_key (schema, name);
      range = g_settings_schema_key_get_range (key);
      fallback = g_settings_schema_key_get_default_value (key);
      g_variant_get (range, "(&sv)", &type, &values);
      g_assert_cmpstr (type, ==, "enum");
      g_assert_cmpuint (g_variant_n_children (values), ==, bk_house_rule_n_values (rule));
      for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
        {
          g_autoptr (GVariant) nick = g_variant_get_child_value (values, i);
          g_assert_cmpstr (g_variant_get_string (nick, NULL), ==, rule->values[i].name);
        }
      g_assert_cmpstr (g_variant_get_string (fallback, NULL), ==,
                       rule->values[rule->default_value].name);
    }
  g_assert_cmpuint (n, >=, 5);
}

static GSettingsSchema *
load_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema;

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, SCHEMA_ID, TRUE);
  g_assert_nonnull (schema);
  return schema;
}

/* Every description with a preferences row is a key of the schema of the same name: an
 * enum with its values' names as nicks in the same order, or a boolean for a switch, with
 * the description's default. */
static void
test_schema_matches (void)
{
  g_autoptr (GSettingsSchema) schema = load_schema ();
  guint n_preferences = 0;

  for (const BkHouseRule *rule = bk_bierkopf_house_rules (); rule->key; rule++)
    {
      g_autoptr (GSettingsSchemaKey) key = NULL;
      g_autoptr (GVariant) range = NULL, values = NULL, fallback = NULL;
      const char *type;

      if (rule->title == NULL)
        {
          g_assert_false (g_settings_schema_has_key (schema, rule->key));
          continue;
        }
      n_preferences++;
      g_assert_true (g_settings_schema_has_key (schema, rule->key));
      key = g_settings_schema_get_key (schema, rule->key);
      range = g_settings_schema_key_get_range (key);
      fallback = g_settings_schema_key_get_default_value (key);
      g_variant_get (range, "(&sv)", &type, &values);

      switch (rule->kind)
        {
        case BK_HOUSE_RULE_CHOICE:
          g_assert_cmpstr (type, ==, "enum");
          g_assert_cmpuint (g_variant_n_children (values), ==, bk_house_rule_n_values (rule));
          for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
            {
              g_autoptr (GVariant) nick = g_variant_get_child_value (values, i);

              g_assert_cmpstr (g_variant_get_string (nick, NULL), ==, rule->values[i].name);
              g_assert_nonnull (rule->values[i].label);
            }
          g_assert_cmpstr (g_variant_get_string (fallback, NULL), ==,
                           rule->values[rule->default_value].name);
          break;

        case BK_HOUSE_RULE_SWITCH:
          g_assert_cmpstr (type, ==, "type");
          g_assert_true (g_variant_is_of_type (fallback, G_VARIANT_TYPE_BOOLEAN));
          g_assert_cmpuint (bk_house_rule_n_values (rule), ==, 2);
          g_assert_cmpstr (rule->values[0].name, ==, "off");
          g_assert_cmpstr (rule->values[1].name, ==, "on");
          g_assert_cmpuint (g_variant_get_boolean (fallback), ==, rule->default_value);
          break;

        case BK_HOUSE_RULE_NUMBER:
        default:
          g_assert_not_reached ();
        }
      g_assert_nonnull (rule->subtitle);
    }

  /* And the other way: every key of the schema is a house rule or one of the others. */
  {
    g_auto (GStrv) keys = g_settings_schema_list_keys (schema);
    guint n_rules = 0;

    for (guint i = 0; keys[i]; i++)
      {
        const BkHouseRule *rule = bk_house_rule_find (bk_bierkopf_house_rules (), keys[i]);

        if (rule)
          {
            g_assert_nonnull (rule->title);
            n_rules++;
          }
        else if (herzla_rule_of_key (keys[i]) == NULL)
          g_assert_true (g_strv_contains (other_keys, keys[i]));
      }
    g_assert_cmpuint (n_rules, ==, n_preferences);
  }
  check_herzla_keys (schema);
}

/* The default rules of the game @rule belongs to (BkRules holds every game's rules). */
static void
init_for_rule (BkRules           *rules,
               const BkHouseRule *rule)
{
  bk_rules_init_default (rules);
  if (rule->game)
    g_assert_true (bk_rules_set_option (rules, "game", rule->game, NULL));
}

/* The defaults of BkRules are the descriptions' defaults: the first value of each choice
 * (spec B1-B6), 21 lines (B6.1). */
static void
test_defaults (void)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  g_assert_cmpuint (rules.bierkopf.lines, ==, 21);
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      g_autofree char *value = NULL;

      init_for_rule (&rules, rule);
      value = bk_rules_dup_option (&rules, rule->key);

      if (rule->kind == BK_HOUSE_RULE_NUMBER)
        g_assert_cmpuint (rule->default_value, ==, bk_house_rule_get (rule, &rules));
      else
        {
          g_assert_cmpuint (rule->default_value, ==, 0);
          g_assert_cmpstr (value, ==, rule->values[0].name);
        }
    }
}

/* notation.md: the header of a record spells the rules as before issue 13, byte for byte,
 * so that old saves load and records compare. */
static void
test_record_header (void)
{
  g_autoptr (BkGame) game = bk_game_new (NULL, 7);
  g_autofree char *record = bk_game_to_record (game);
  g_autoptr (GString) header = g_string_new (NULL);
  BkRules rules;

  g_assert_nonnull (strstr (record,
                            "seed 7\n"
                            "game bierkopf\n"
                            "variant kurz\n"
                            "rule packets 3-2\n"
                            "rule new-seats off\n"
                            "rule dealer-double off\n"
                            "rule retour first-trick\n"
                            "void trumpfzwang\n"
                            "rule tricks own-and-last\n"
                            "scoring lines\n"
                            "rule schwarz tricks\n"
                            "rule carry accumulate\n"
                            "rule lines 21\n"));

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "carry", "one", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", "lang", NULL));
  g_assert_true (bk_rules_set_option (&rules, "lines", "7", NULL));
  bk_rules_append_header (&rules, header);
  g_assert_nonnull (strstr (header->str, "variant lang\n"));
  g_assert_nonnull (strstr (header->str, "rule carry one\n"));
  g_assert_nonnull (strstr (header->str, "rule lines 7\n"));

  /* Between hands only the rules that change are written, each as a `rule` line. */
  {
    BkRules defaults;
    g_autoptr (GString) changes = g_string_new (NULL);

    bk_rules_init_default (&defaults);
    bk_rules_append_changes (&defaults, &rules, changes);
    g_assert_cmpstr (changes->str, ==, "rule variant lang\nrule carry one\nrule lines 7\n");
  }
}

/* Every value of every rule is read and written back the same, a record with any of them
 * loads, and a wrong value or key is refused without a change. */
static void
test_round_trip (void)
{
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      BkRules rules, before;
      g_autoptr (GError) error = NULL;

      if (rule->kind == BK_HOUSE_RULE_NUMBER)
        continue;
      for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
        {
          g_autofree char *value = NULL;

          init_for_rule (&rules, rule);
          g_assert_true (bk_rules_set_option (&rules, rule->key, rule->values[i].name, NULL));
          g_assert_cmpuint (bk_house_rule_get (rule, &rules), ==, i);
          value = bk_rules_dup_option (&rules, rule->key);
          g_assert_cmpstr (value, ==, rule->values[i].name);
        }
      init_for_rule (&rules, rule);
      before = rules;
      g_assert_false (bk_rules_set_option (&rules, rule->key, "nonsense", &error));
      g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
      g_assert_true (bk_rules_equal (&rules, &before));
    }

  {
    BkRules rules;
    g_autoptr (GError) error = NULL;

    bk_rules_init_default (&rules);
    g_assert_false (bk_rules_set_option (&rules, "lines", "100", &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
    g_clear_error (&error);
    g_assert_false (bk_rules_set_option (&rules, "stitches", "on", &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  }

  /* Every non-default value, written by a session, loads again (notation.md). */
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    for (guint i = 1; i < bk_house_rule_n_values (rule); i++)
      {
        BkRules rules;
        g_autoptr (BkGame) game = NULL, loaded = NULL;
        g_autofree char *record = NULL;
        g_autoptr (GError) error = NULL;

        if (g_str_equal (rule->key, "game"))
          continue;
        init_for_rule (&rules, rule);
        if (!bk_game_module_get (rules.game)->playable)
          continue;
        g_assert_true (bk_rules_set_option (&rules, rule->key, rule->values[i].name, NULL));
        game = bk_game_new (&rules, 11);
        record = bk_game_to_record (game);
        loaded = bk_record_replay (record, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (bk_rules_equal (bk_game_get_rules (loaded), &rules));
      }
}

/* Each description names a section of its game's rules that exists, and the keys of one
 * game are unique. */
static void
check_sections (const BkHouseRule *table,
                const char        *doc)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "docs", doc, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  for (const BkHouseRule *rule = table; rule->key; rule++)
    {
      g_autofree char *marker = NULL;

      g_assert_true (bk_house_rule_find (table, rule->key) == rule);
      if (rule->section == NULL)
        {
          g_assert_cmpstr (rule->key, ==, "game");
          continue;
        }
      marker = g_strdup_printf ("**%s**", rule->section);
      if (strstr (text, marker) == NULL)
        g_error ("%s names section %s, which %s does not have", rule->key, rule->section, doc);
    }
}

static void
test_sections (void)
{
  check_sections (bk_bierkopf_house_rules (), "rules-bierkopf.md");
  check_sections (bk_herzla_house_rules (), "rules-herzla.md");
}

/* README's list of the command line's house rules is checked against the descriptions:
 * `--variant kurz|lang`, `carry=accumulate|one|none`, `lines=1…99`. */
static void
test_readme (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "README.md", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  for (const BkHouseRule *rule = bk_bierkopf_house_rules (); rule->key; rule++)
    {
      g_autoptr (GString) spelled = g_string_new ("`");

      if (rule->game == NULL)
        continue;
      if (rule->writing == BK_HOUSE_RULE_WRITE_PLAIN)
        g_string_append_printf (spelled, "--%s ", rule->key);
      else
        g_string_append_printf (spelled, "%s=", rule->key);
      if (rule->kind == BK_HOUSE_RULE_NUMBER)
        g_string_append_printf (spelled, "%u…%u", rule->min, rule->max);
      for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
        g_string_append_printf (spelled, "%s%s", i ? "|" : "", rule->values[i].name);
      g_string_append_c (spelled, '`');
      if (strstr (text, spelled->str) == NULL)
        g_error ("README.md does not list the house rule %s as %s", rule->key, spelled->str);
    }
}

/* Herzla's house rules (docs/rules-herzla.md) in the same form: their defaults are our
 * choices, and each value sets its field of BkHerzlaRules. */
static void
test_herzla (void)
{
  BkHerzlaRules expected, rules;

  bk_herzla_rules_init_default (&expected, BK_HERZLA_VIER, 4);
  memset (&rules, 0, sizeof rules);
  for (const BkHouseRule *rule = bk_herzla_house_rules (); rule->key; rule++)
    {
      g_assert_cmpstr (rule->game, ==, "herzla");
      bk_house_rule_set_default (rule, &rules);
    }
  g_assert_cmpmem (&rules, sizeof rules, &expected, sizeof expected);

  {
    const BkHouseRule *stock = bk_house_rule_find (bk_herzla_house_rules (), "stock");
    const BkHouseRule *players = bk_house_rule_find (bk_herzla_house_rules (), "players");
    g_autoptr (GError) error = NULL;
    g_autofree char *value = NULL;

    g_assert_true (bk_house_rule_parse (stock, &rules, "session-end", NULL));
    g_assert_cmpint (rules.pay.stock, ==, BK_STOCK_AT_SESSION_END);
    g_assert_true (bk_house_rule_parse (players, &rules, "6", NULL));
    g_assert_cmpuint (rules.n_players, ==, 6);
    value = bk_house_rule_dup_value (players, &rules);
    g_assert_cmpstr (value, ==, "6");
    g_assert_false (bk_house_rule_parse (players, &rules, "9", &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
    g_assert_cmpuint (rules.n_players, ==, 6);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/house-rules/schema", test_schema_matches);
  g_test_add_func ("/house-rules/defaults", test_defaults);
  g_test_add_func ("/house-rules/record-header", test_record_header);
  g_test_add_func ("/house-rules/round-trip", test_round_trip);
  g_test_add_func ("/house-rules/sections", test_sections);
  g_test_add_func ("/house-rules/readme", test_readme);
  g_test_add_func ("/house-rules/herzla", test_herzla);

  return g_test_run ();
}
