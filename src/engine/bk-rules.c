/* bk-rules.c: the house rules of a session, BkRules: defaults, parsing, printing and
 * equality, all read from the descriptions of the rules of every game (the game's here,
 * bk-bierkopf-rules.c, bk-herzla-rules.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf-rules.h"
#include "bk-error.h"
#include "bk-herzla-rules.h"
#include "bk-rules.h"

G_DEFINE_BOXED_TYPE (BkRules, bk_rules, bk_rules_copy, bk_rules_free)

/* The rule of no game: which game the session plays. */
static const BkHouseRule game_rule[] = {
  { .key = "game", .game = NULL, .section = NULL,
    .kind = BK_HOUSE_RULE_CHOICE, BK_HOUSE_RULE_FIELD (BkRules, game),
    .values = { { "bierkopf" }, { "herzla" } },
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .option_help = N_("The game: bierkopf or herzla"), .option_arg = "GAME" },

  { NULL }
};

/* The house rules of every game, each described once in its game's table, in one table
 * whose offsets are BkRules' (Bierkopf's lie in BkRules.bierkopf, Herzla's in
 * BkRules.herzla): first the choice of the game, then Bierkopf's, then Herzla's. */
static const BkHouseRule *
house_rules (void)
{
  static BkHouseRule all[64];
  static gsize filled;

  if (g_once_init_enter (&filled))
    {
      guint n = 0;

      for (const BkHouseRule *rule = game_rule; rule->key; rule++)
        {
          g_assert (n + 1 < G_N_ELEMENTS (all));
          all[n++] = *rule;
        }
      for (const BkHouseRule *rule = bk_bierkopf_house_rules (); rule->key; rule++)
        {
          g_assert (n + 1 < G_N_ELEMENTS (all));
          all[n] = *rule;
          all[n++].offset += G_STRUCT_OFFSET (BkRules, bierkopf);
        }
      for (const BkHouseRule *rule = bk_herzla_house_rules (); rule->key; rule++)
        {
          g_assert (n + 1 < G_N_ELEMENTS (all));
          all[n] = *rule;
          all[n++].offset += G_STRUCT_OFFSET (BkRules, herzla);
        }
      g_once_init_leave (&filled, 1);
    }
  return all;
}

/* The record name of @game, as its `game` line writes it. */
const char *
bk_rules_game_id (BkGameKind game)
{
  const BkHouseRule *rule = bk_house_rule_find (house_rules (), "game");

  g_return_val_if_fail (game < bk_house_rule_n_values (rule), NULL);
  return rule->values[game].name;
}

/* Whether @rule is the choice of the game or one of @rules' game. */
static gboolean
rule_applies (const BkHouseRule *rule,
              const BkRules     *rules)
{
  return rule->game == NULL || g_str_equal (rule->game, bk_rules_game_id (rules->game));
}

void
bk_rules_init_default (BkRules *rules)
{
  *rules = (BkRules) { 0 };
  for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
    bk_house_rule_set_default (rule, rules);
}

BkRules *
bk_rules_new (void)
{
  BkRules *rules = g_new (BkRules, 1);

  bk_rules_init_default (rules);
  return rules;
}

BkRules *
bk_rules_copy (const BkRules *rules)
{
  return g_memdup2 (rules, sizeof *rules);
}

void
bk_rules_free (BkRules *rules)
{
  g_free (rules);
}

gboolean
bk_rules_equal (const BkRules *a,
                const BkRules *b)
{
  for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
    if (bk_house_rule_get (rule, a) != bk_house_rule_get (rule, b))
      return FALSE;
  return TRUE;
}

/* The keys of every house rule of every game, each once; NULL-terminated. */
const char * const *
bk_rules_option_keys (void)
{
  static const char *keys[64];
  static gsize filled;

  if (g_once_init_enter (&filled))
    {
      guint n = 0;

      for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
        if (!g_strv_contains (keys, rule->key))
          {
            g_assert (n + 1 < G_N_ELEMENTS (keys));
            keys[n++] = rule->key;
          }
      g_once_init_leave (&filled, 1);
    }
  return (const char * const *) keys;
}

/* The description of the house rule @key of @rules' game (or the choice of the game
 * itself), or NULL. */
const BkHouseRule *
bk_rules_find_for (const BkRules *rules,
                   const char    *key)
{
  g_return_val_if_fail (rules != NULL && key != NULL, NULL);

  for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
    if (g_str_equal (rule->key, key) && rule_applies (rule, rules))
      return rule;
  return NULL;
}

const BkHouseRule *
bk_rules_get_house_rules (void)
{
  return house_rules ();
}

gboolean
bk_rules_set_option (BkRules     *rules,
                     const char  *key,
                     const char  *value,
                     GError     **error)
{
  const BkHouseRule *rule;

  g_return_val_if_fail (rules != NULL && key != NULL && value != NULL, FALSE);

  rule = bk_rules_find_for (rules, key);
  if (rule == NULL)
    {
      if (rules->game == BK_GAME_HERZLA)
        /* Translators: %s is the key given to --rule, e.g. retour. */
        g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("Herzla has no house rule “%s”"), key);
      else
        g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no house rule “%s”"), key);
      return FALSE;
    }
  return bk_house_rule_parse (rule, rules, value, error);
}

char *
bk_rules_dup_option (const BkRules *rules,
                     const char    *key)
{
  const BkHouseRule *rule = bk_rules_find_for (rules, key);

  g_return_val_if_fail (rule != NULL, NULL);
  return bk_house_rule_dup_value (rule, rules);
}

/* The record header's house rules of the game (notation.md): `game bierkopf`, `variant
 * kurz`, `rule carry one`, …; `game herzla`, `variant einfach`, `players 5`, … */
void
bk_rules_append_header (const BkRules *rules,
                        GString       *out)
{
  for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
    if (rule_applies (rule, rules))
      bk_house_rule_append_line (rule, rules, out);
}

/* The `rule` lines that change @from into @to between hands (notation.md). */
void
bk_rules_append_changes (const BkRules *from,
                         const BkRules *to,
                         GString       *out)
{
  for (const BkHouseRule *rule = house_rules (); rule->key; rule++)
    if (rule_applies (rule, to) && bk_house_rule_get (rule, from) != bk_house_rule_get (rule, to))
      {
        g_autofree char *value = bk_house_rule_dup_value (rule, to);

        g_string_append_printf (out, "rule %s %s\n", rule->key, value);
      }
}

/* spec B1.2 (Bierkopf) */
guint
bk_rules_hand_size (const BkRules *rules)
{
  return rules->bierkopf.variant == BK_VARIANT_LANG ? 6 : 5;
}
