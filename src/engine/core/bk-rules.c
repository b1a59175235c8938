/* bk-rules.c: house rules, their defaults and their names on the command line and in
 * the game record.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-rules.h"

G_DEFINE_BOXED_TYPE (BkRules, bk_rules, bk_rules_copy, bk_rules_free)

typedef struct {
  const char  *key;
  gsize        offset;
  const char  *values[4]; /* NULL-terminated; the index is the enum value */
} Option;

#define FIELD(name) G_STRUCT_OFFSET (BkRules, name)

/* The first value of each is the spec's default. */
static const Option options[] = {
  { "game",          FIELD (game),                  { "bierkopf", "herzla" } },
  { "variant",       FIELD (variant),               { "kurz", "lang" } },
  { "packets",       FIELD (packets),               { "3-2", "2-3" } },
  { "new-seats",     FIELD (new_seats_each_bollen), { "off", "on" } },
  { "dealer-double", FIELD (dealer_may_double),     { "off", "on" } },
  { "retour",        FIELD (retour_window),         { "first-trick", "whole-hand" } },
  { "void",          FIELD (void_rule),             { "trumpfzwang", "ueberstechen", "frei" } },
  { "tricks",        FIELD (trick_view),            { "own-and-last", "last-only" } },
  { "scoring",       FIELD (scoring),               { "lines", "points" } },
  { "schwarz",       FIELD (schwarz),               { "tricks", "no-points" } },
  { "carry",         FIELD (carry),                 { "accumulate", "one", "none" } },
};

static const char * const option_keys[] = {
  "game", "variant", "packets", "new-seats", "dealer-double", "retour", "void", "tricks",
  "scoring", "schwarz", "carry", "lines", NULL
};

#define LINES_MAX 99

void
bk_rules_init_default (BkRules *rules)
{
  *rules = (BkRules) { 0 };
  rules->lines = 21;
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
  return a->game == b->game && a->variant == b->variant && a->packets == b->packets &&
         a->new_seats_each_bollen == b->new_seats_each_bollen &&
         a->dealer_may_double == b->dealer_may_double &&
         a->retour_window == b->retour_window && a->void_rule == b->void_rule &&
         a->trick_view == b->trick_view && a->scoring == b->scoring &&
         a->schwarz == b->schwarz && a->carry == b->carry && a->lines == b->lines;
}

const char * const *
bk_rules_option_keys (void)
{
  return option_keys;
}

static const Option *
find_option (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].key, key))
      return &options[i];
  return NULL;
}

gboolean
bk_rules_set_option (BkRules     *rules,
                     const char  *key,
                     const char  *value,
                     GError     **error)
{
  const Option *option;

  g_return_val_if_fail (rules != NULL && key != NULL && value != NULL, FALSE);

  if (g_str_equal (key, "lines"))
    {
      guint64 lines;

      if (!g_ascii_string_to_unsigned (value, 10, 1, LINES_MAX, &lines, NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       _("The number of lines must be between 1 and %u, not “%s”"),
                       LINES_MAX, value);
          return FALSE;
        }
      rules->lines = (guint) lines;
      return TRUE;
    }

  option = find_option (key);
  if (option == NULL)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no house rule “%s”"), key);
      return FALSE;
    }

  for (guint i = 0; option->values[i]; i++)
    if (g_str_equal (option->values[i], value))
      {
        G_STRUCT_MEMBER (guint, rules, option->offset) = i;
        return TRUE;
      }

  {
    g_autofree char *allowed = g_strjoinv (", ", (char **) option->values);
    g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                 /* Translators: “%1$s” is a value, “%2$s” a house rule, %3$s the choices. */
                 _("“%1$s” is not a choice of “%2$s” (choose one of %3$s)"),
                 value, key, allowed);
  }
  return FALSE;
}

char *
bk_rules_dup_option (const BkRules *rules,
                     const char    *key)
{
  const Option *option;
  guint value;

  if (g_str_equal (key, "lines"))
    return g_strdup_printf ("%u", rules->lines);

  option = find_option (key);
  g_return_val_if_fail (option != NULL, NULL);
  value = G_STRUCT_MEMBER (guint, rules, option->offset);
  g_return_val_if_fail (value < G_N_ELEMENTS (option->values) && option->values[value], NULL);
  return g_strdup (option->values[value]);
}

/* spec B1.2 */
guint
bk_rules_hand_size (const BkRules *rules)
{
  return rules->variant == BK_VARIANT_LANG ? 6 : 5;
}
