/* bk-game-module.c: finding a game's module in the registry (src/engine/bk-games.c), and
 * the names of its seats.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-game-module.h"

#define modules bk_games

const BkGameModule * const *
bk_game_module_list (void)
{
  return modules;
}

const BkGameModule *
bk_game_module_get (BkGameKind kind)
{
  for (guint i = 0; modules[i]; i++)
    if (modules[i]->kind == kind)
      return modules[i];
  g_return_val_if_reached (NULL);
}

const BkGameModule *
bk_game_module_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; modules[i]; i++)
    if (g_ascii_strcasecmp (modules[i]->id, id) == 0)
      return modules[i];
  return NULL;
}

const BkGameModule *
bk_game_module_playable (const BkRules  *rules,
                         GError        **error)
{
  const BkGameModule *module;

  g_return_val_if_fail (rules != NULL, NULL);

  module = bk_game_module_get (rules->game);
  if (module == NULL || !module->playable)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_PLAYABLE,
                   /* Translators: %s is the name of a game, e.g. Herzla. */
                   _("%s is not playable yet"), module ? _(module->name) : "?");
      return NULL;
    }
  if (module->rules_check && !module->rules_check (rules, error))
    return NULL;
  return module;
}

const char *
bk_seat_name (const BkRules *rules,
              guint          seat)
{
  g_return_val_if_fail (rules != NULL, "?");
  return bk_game_module_get (rules->game)->seat_name (rules, seat);
}

gboolean
bk_seat_parse_for (const BkRules  *rules,
                   const char     *text,
                   guint          *seat,
                   GError        **error)
{
  g_return_val_if_fail (rules != NULL && text != NULL && seat != NULL, FALSE);
  return bk_game_module_get (rules->game)->seat_parse (rules, text, seat, error);
}

char *
bk_seat_dup_display_name (const BkRules *rules,
                          guint          seat)
{
  g_return_val_if_fail (rules != NULL, g_strdup ("?"));
  return bk_game_module_get (rules->game)->seat_display_name (rules, seat);
}
