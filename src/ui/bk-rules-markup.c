/* bk-rules-markup.c: a game's rules in short: each section's heading and text, the text in
 * the words of the active deck (whole sentences for each deck, so that each language can
 * word them freely), then the house rules in use of its chapter, as the game module's
 * descriptions word them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-rules-markup.h"

static void
section (GString    *out,
         const char *heading,
         const char *body)
{
  g_autofree char *heading_escaped = g_markup_escape_text (heading, -1);
  g_autofree char *body_escaped = g_markup_escape_text (body, -1);

  g_string_append_printf (out, "<span size='large' weight='bold'>%s</span>\n%s\n\n",
                          heading_escaped, body_escaped);
}

/* The house rules in use of one chapter of the rules ("B3": the descriptions of sections
 * "B3.…"); a rule whose value says nothing there is left out. */
static void
house_rules (GString       *out,
             const BkRules *rules,
             const char    *chapter)
{
  gsize n = strlen (chapter);

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      const char *in_use = bk_house_rule_in_use (rule, rules);
      g_autofree char *escaped = NULL;

      if (in_use == NULL || rule->section == NULL || strncmp (rule->section, chapter, n) != 0 ||
          rule->section[n] != '.')
        continue;
      escaped = g_markup_escape_text (g_dgettext (GETTEXT_PACKAGE, in_use), -1);
      /* Translators: marks the house rule in use on the Rules page */
      g_string_append_printf (out, "<b>%s</b> %s\n", _("House rule in use:"), escaped);
    }
}

/* The rules of @sections with the house rules @rules in use, the cards as @deck names
 * them. */
char *
bk_rules_markup_new (const BkRulesSection *sections,
                     const BkRules        *rules,
                     BkDeckStyle           deck)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (sections != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  for (const BkRulesSection *s = sections; s->heading; s++)
    {
      const char *text = deck == BK_DECK_FRENCH && s->french ? s->french : s->text;

      section (out, _(s->heading), _(text));
      if (s->chapter == NULL)
        continue;
      house_rules (out, rules, s->chapter);
      /* A chapter's house rules end with a blank line, but the last's. */
      if (s[1].heading)
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}
