/* bk-game-views.c: the list of the games' views (bk-game-view.h).
 *
 * A stand-in written on the branch w9-dialogs, with only what the game chooser needs (the
 * ids, the chooser's rows and options); the branch w9-window has the full views in
 * ui/<game>/bk-<game>-view.c, which take these fields over at the merge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-game-view.h"
#include "bk-herzla-options.h"

static const BkGameChoice bierkopf_choices[] = {
  { "bierkopf", N_("Bierkopf"), N_("Two against two, with table talk and coasters"), FALSE },
};

static const BkGameView bierkopf_view = {
  .kind = BK_GAME_BIERKOPF,
  .id = "bierkopf",
  .choices = bierkopf_choices,
  .n_choices = G_N_ELEMENTS (bierkopf_choices),
  .restart_body = N_("The coasters are wiped and seats are drawn again. The current session "
                     "is lost."),
};

static const BkGameChoice herzla_choices[] = {
  { "herzla", N_("Herzla"), N_("Four players, with Beddl and Mord, for cents"), FALSE },
  { "herzla-simple", N_("Herzla for 3 to 8 Players"),
    N_("The simple form: every heart is a penalty point"), TRUE },
};

static const BkGameView herzla_view = {
  .kind = BK_GAME_HERZLA,
  .id = "herzla",
  .choices = herzla_choices,
  .n_choices = G_N_ELEMENTS (herzla_choices),
  .restart_body = N_("The balances and the stock start afresh. The current session is lost."),
  .chooser_options = bk_herzla_options_new,
  .chooser_apply = bk_herzla_options_apply,
};

static const BkGameView * const views[] = { &bierkopf_view, &herzla_view, NULL };

const BkGameView * const *
bk_game_views (void)
{
  return views;
}

const BkGameView *
bk_game_view_lookup (const char *id)
{
  for (guint i = 0; views[i]; i++)
    if (g_strcmp0 (views[i]->id, id) == 0)
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

/* The view whose chooser has the row @id, and that row in @choice; NULL if none has. */
const BkGameView *
bk_game_view_find_choice (const char          *id,
                          const BkGameChoice **choice)
{
  for (guint i = 0; views[i]; i++)
    for (guint c = 0; c < views[i]->n_choices; c++)
      if (g_strcmp0 (views[i]->choices[c].id, id) == 0)
        {
          if (choice)
            *choice = &views[i]->choices[c];
          return views[i];
        }
  return NULL;
}
