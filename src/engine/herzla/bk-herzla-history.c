/* bk-herzla-history.c: the results of a Herzla session's hands, read from the hands it has
 * done (bk-game-history.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-herzla-history.h"

/* H5, H6.2: the results (BkHerzlaResult) of the hands the session holds, oldest first:
 * every hand since it began, or since the checkpoint a loaded save starts from. */
GArray *
bk_herzla_game_dup_results (BkGame *self)
{
  GArray *results;
  guint n;
  BkHandDone done;

  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  g_return_val_if_fail (bk_game_get_module (self) == &bk_herzla_module, NULL);

  results = g_array_new (FALSE, TRUE, sizeof (BkHerzlaResult));
  n = bk_game_get_n_hands_done (self);
  for (guint i = 0; i < n; i++)
    if (bk_game_get_hand_done (self, i, &done))
      g_array_append_vals (results, done.result, 1);
  return results;
}
