/* bk-levels.c: the computer players of each game by name; see bk-levels.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-cheat-strategy.h"
#include "bk-enums.h"
#include "bk-error.h"
#include "bk-herzla-strategy.h"
#include "bk-heuristic-strategy.h"
#include "bk-levels.h"
#include "bk-meister-strategy.h"
#include "bk-pimc-strategy.h"
#include "bk-random-strategy.h"

/* "worlds=80": sets one construct property of a level from text, for experiments. */
static gboolean
set_parameter (GObjectClass  *klass,
               const char   **name,
               GValue        *value,
               const char    *text,
               GError       **error)
{
  g_auto (GStrv) pair = g_strsplit (text, "=", 2);
  GParamSpec *pspec;
  char *end = NULL;

  /* "" splits into no word at all, "=3" into an empty name: neither names a property. */
  pspec = pair[0] && pair[0][0] && pair[1] ? g_object_class_find_property (klass, pair[0])
                                           : NULL;
  if (pspec == NULL)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                   _("Unknown parameter “%s” of a computer player"), text);
      return FALSE;
    }
  *name = pspec->name;
  g_value_init (value, pspec->value_type);
  if (pspec->value_type == G_TYPE_UINT)
    g_value_set_uint (value, (guint) g_ascii_strtoull (pair[1], &end, 10));
  else if (pspec->value_type == G_TYPE_DOUBLE)
    g_value_set_double (value, g_ascii_strtod (pair[1], &end));
  if (end == NULL || end == pair[1] || *end != '\0' || g_param_value_validate (pspec, value))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                   _("Unknown parameter “%s” of a computer player"), text);
      return FALSE;
    }
  return TRUE;
}

/* The levels of @game by their command-line names (notation.md);
 * "meister:worlds=80:play-trust=0.5" sets parameters for measurements. NULL with
 * BK_ERROR_NOT_PLAYABLE for a game that has no computer players yet. */
BkStrategy *
bk_strategy_new_for_level (BkGameKind   game,
                           const char  *level,
                           GError     **error)
{
  /* A class per level, or one class for every level given its `level` (herzla_level). */
  typedef struct {
    const char   *name;
    GType       (*get_type) (void);
    BkHerzlaLevel herzla_level;
  } Level;
  static const Level bierkopf[] = {
    { "random", bk_random_strategy_get_type },
    { "heuristic", bk_heuristic_strategy_get_type },
    { "pimc", bk_pimc_strategy_get_type },
    { "meister", bk_meister_strategy_get_type },
    { "cheat", bk_cheat_strategy_get_type },
  };
  /* docs/ai.md "Herzla computer players": the same names. */
  static const Level herzla[] = {
    { "random", bk_herzla_strategy_get_type, BK_HERZLA_LEVEL_RANDOM },
    { "heuristic", bk_herzla_strategy_get_type, BK_HERZLA_LEVEL_HEURISTIC },
    { "pimc", bk_herzla_strategy_get_type, BK_HERZLA_LEVEL_PIMC },
    { "meister", bk_herzla_strategy_get_type, BK_HERZLA_LEVEL_MEISTER },
    { "cheat", bk_herzla_strategy_get_type, BK_HERZLA_LEVEL_CHEAT },
  };
  const Level *table = game == BK_GAME_HERZLA ? herzla : bierkopf;
  guint n_table = game == BK_GAME_HERZLA ? G_N_ELEMENTS (herzla) : G_N_ELEMENTS (bierkopf);
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (level != NULL, NULL);

  parts = g_strsplit (level, ":", -1);
  if (parts[0] == NULL || parts[0][0] == '\0')
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                   _("No computer player given (available: random, heuristic, pimc, meister, "
                     "cheat)"));
      return NULL;
    }
  for (guint i = 0; i < n_table; i++)
    {
      GType type;
      g_autoptr (GTypeClass) klass = NULL;
      const char *names[9];
      GValue values[9] = { G_VALUE_INIT };
      guint n = 0, n_parameters = 0;
      GObject *object;
      gboolean ok = TRUE;

      if (!g_str_equal (parts[0], table[i].name))
        continue;
      type = table[i].get_type ();
      klass = g_type_class_ref (type);
      if (type == BK_TYPE_HERZLA_STRATEGY)
        {
          names[n] = "level";
          g_value_init (&values[n], BK_TYPE_HERZLA_LEVEL);
          g_value_set_enum (&values[n++], (gint) table[i].herzla_level);
        }
      for (guint k = 1; parts[k] && ok; k++)
        {
          if (n_parameters == 8)
            ok = FALSE;
          else
            {
              ok = set_parameter (G_OBJECT_CLASS (klass), &names[n], &values[n], parts[k], error);
              n++;
              n_parameters++;
            }
        }
      object = ok ? g_object_new_with_properties (type, n, names, values) : NULL;
      for (guint k = 0; k < n; k++)
        if (G_IS_VALUE (&values[k]))
          g_value_unset (&values[k]);
      if (!ok && error && *error == NULL)
        g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("Too many parameters in “%s”"), level);
      return object ? BK_STRATEGY (object) : NULL;
    }

  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               _("Unknown computer player “%s” (available: random, heuristic, pimc, meister, "
                 "cheat)"), level);
  return NULL;
}
