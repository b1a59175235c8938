/* bk-game-views.c: the list of the view's games, the one place that names them all (as
 * src/engine/bk-games.c is the engine's). Adding a game's view is a folder ui/<game>/ with
 * its BkGameView plus a line here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-view.h"
#include "bk-game-view.h"
#include "bk-herzla-view.h"

static const BkGameView * const views[] = {
  &bk_bierkopf_view,
  &bk_herzla_view,
  NULL
};

const BkGameView * const *
bk_game_views (void)
{
  return views;
}

/* The view of the engine module @id, or NULL. */
const BkGameView *
bk_game_view_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; views[i]; i++)
    if (g_str_equal (views[i]->id, id))
      return views[i];
  return NULL;
}

const BkGameView *
bk_game_view_get (BkGameKind kind)
{
  for (guint i = 0; views[i]; i++)
    if (views[i]->kind == kind)
      return views[i];
  g_return_val_if_reached (NULL);
}

/* The view whose chooser has the row @choice ("herzla-simple" is Herzla's), or NULL. */
const BkGameView *
bk_game_view_for_choice (const char *choice)
{
  g_return_val_if_fail (choice != NULL, NULL);

  for (guint i = 0; views[i]; i++)
    for (const BkGameChoice *c = views[i]->choices; c->id; c++)
      if (g_str_equal (c->id, choice))
        return views[i];
  return NULL;
}

/* The chooser's row @choice, or NULL. */
const BkGameChoice *
bk_game_view_find_choice (const char *choice)
{
  g_return_val_if_fail (choice != NULL, NULL);

  for (guint i = 0; views[i]; i++)
    for (const BkGameChoice *c = views[i]->choices; c->id; c++)
      if (g_str_equal (c->id, choice))
        return c;
  return NULL;
}
