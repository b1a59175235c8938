/* bk-bierkopf-talk.c: names of Bierkopf's teams and the words of its table talk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf-talk.h"
#include "bk-error.h"

static const char *team_strings[BK_N_TEAMS] = { "SN", "WE" };

/* The record's words (notation.md); the honour code is never written by a player. */
static const char *word_strings[BK_N_WORDS] = {
  "schweigt", "gut", "mittel", "schlecht", "helfen", "nicht-helfen", "hinter-hocken",
};

const char *
bk_team_to_string (BkTeam team)
{
  g_return_val_if_fail (team < BK_N_TEAMS, "?");
  return team_strings[team];
}

const char *
bk_word_to_string (BkWord word)
{
  g_return_val_if_fail (word < BK_N_WORDS, "");
  return word_strings[word];
}

/* What the speech bubble says. */
const char *
bk_word_display (BkWord word)
{
  switch (word)
    {
    case BK_WORD_GUT: return _("Good!");
    case BK_WORD_MITTEL: return _("So-so!");
    case BK_WORD_SCHLECHT: return _("Bad!");
    case BK_WORD_HELFEN: return _("I can help");
    case BK_WORD_NICHT_HELFEN: return _("I can’t help");
    case BK_WORD_HONOUR: return _("Because we sit at the back");
    case BK_WORD_NONE:
    case BK_N_WORDS:
    default: return "";
    }
}

gboolean
bk_word_parse (const char  *text,
               BkWord      *word,
               GError     **error)
{
  /* BK_WORD_NONE is "schweigt": stays silent (our extension of notation.md). */
  for (guint i = BK_WORD_NONE; i < BK_WORD_HONOUR; i++)
    if (g_ascii_strcasecmp (text, word_strings[i]) == 0)
      {
        *word = (BkWord) i;
        return TRUE;
      }
  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               _("“%s” is not a word of the table talk "
                 "(gut, mittel, schlecht, helfen, nicht-helfen, schweigt)"), text);
  return FALSE;
}
