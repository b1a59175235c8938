/* bk-house-rule.c: reading and writing one house rule from its description.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-house-rule.h"

guint
bk_house_rule_n_values (const BkHouseRule *rule)
{
  guint n = 0;

  while (n < BK_HOUSE_RULE_MAX_VALUES && rule->values[n].name)
    n++;
  return n;
}

guint
bk_house_rule_get (const BkHouseRule *rule,
                   gconstpointer      rules)
{
  const guint8 *field = (const guint8 *) rules + rule->offset;

  if (rule->size == 1)
    return *field;
  g_assert (rule->size == sizeof (guint));
  return *(const guint *) field;
}

void
bk_house_rule_set (const BkHouseRule *rule,
                   gpointer           rules,
                   guint              value)
{
  guint8 *field = (guint8 *) rules + rule->offset;

  if (rule->size == 1)
    {
      g_assert (value <= G_MAXUINT8);
      *field = (guint8) value;
      return;
    }
  g_assert (rule->size == sizeof (guint));
  *(guint *) field = value;
}

void
bk_house_rule_set_default (const BkHouseRule *rule,
                           gpointer           rules)
{
  bk_house_rule_set (rule, rules, rule->default_value);
}

gboolean
bk_house_rule_parse (const BkHouseRule  *rule,
                     gpointer            rules,
                     const char         *text,
                     GError            **error)
{
  g_return_val_if_fail (rule != NULL && rules != NULL && text != NULL, FALSE);

  if (rule->kind == BK_HOUSE_RULE_NUMBER)
    {
      guint64 number;

      if (!g_ascii_string_to_unsigned (text, 10, rule->min, rule->max, &number, NULL))
        {
          if (g_str_equal (rule->key, "lines"))
            g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                         _("The number of lines must be between 1 and %u, not “%s”"),
                         rule->max, text);
          else
            g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                         /* Translators: “%1$s” is a house rule, “%4$s” what was given. */
                         _("“%1$s” must be a number from %2$u to %3$u, not “%4$s”"),
                         rule->key, rule->min, rule->max, text);
          return FALSE;
        }
      bk_house_rule_set (rule, rules, (guint) number);
      return TRUE;
    }

  for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
    if (g_str_equal (rule->values[i].name, text))
      {
        bk_house_rule_set (rule, rules, i);
        return TRUE;
      }

  {
    g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
    g_auto (GStrv) names = NULL;
    g_autofree char *allowed = NULL;

    for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
      g_strv_builder_add (builder, rule->values[i].name);
    names = g_strv_builder_end (builder);
    allowed = g_strjoinv (", ", names);
    g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                 /* Translators: “%1$s” is a value, “%2$s” a house rule, %3$s the choices. */
                 _("“%1$s” is not a choice of “%2$s” (choose one of %3$s)"),
                 text, rule->key, allowed);
  }
  return FALSE;
}

char *
bk_house_rule_dup_value (const BkHouseRule *rule,
                         gconstpointer      rules)
{
  guint value = bk_house_rule_get (rule, rules);

  if (rule->kind == BK_HOUSE_RULE_NUMBER)
    return g_strdup_printf ("%u", value);
  g_return_val_if_fail (value < bk_house_rule_n_values (rule), NULL);
  return g_strdup (rule->values[value].name);
}

/* The untranslated sentence for the rules page, or NULL when this value says nothing there. */
const char *
bk_house_rule_in_use (const BkHouseRule *rule,
                      gconstpointer      rules)
{
  guint value = bk_house_rule_get (rule, rules);

  if (rule->kind == BK_HOUSE_RULE_NUMBER || value >= bk_house_rule_n_values (rule))
    return NULL;
  return rule->values[value].in_use;
}

/* notation.md: `variant kurz` or `rule tricks last-only`. */
void
bk_house_rule_append_line (const BkHouseRule *rule,
                           gconstpointer      rules,
                           GString           *out)
{
  g_autofree char *value = bk_house_rule_dup_value (rule, rules);

  g_string_append_printf (out, rule->writing == BK_HOUSE_RULE_WRITE_PLAIN ? "%s %s\n"
                                                                          : "rule %s %s\n",
                          rule->key, value);
}

/* @table ends with an entry whose key is NULL. */
const BkHouseRule *
bk_house_rule_find (const BkHouseRule *table,
                    const char        *key)
{
  for (const BkHouseRule *rule = table; rule->key; rule++)
    if (g_str_equal (rule->key, key))
      return rule;
  return NULL;
}
