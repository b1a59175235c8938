/* bk-bierkopf-history.c: the Bollen of a Bierkopf session, read from the hands it has done
 * (bk-game-history.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-bierkopf-history.h"

/* spec B6: the results (BkHandResult) of the hands of the Bollen being played, oldest
 * first: those after the last hand that won a Bollen (that hand is the last Bollen's).
 * A session loaded from a save has the hands the save kept (its checkpoints keep the
 * current Bollen). */
GArray *
bk_bierkopf_game_dup_bollen_hands (BkGame *self)
{
  GArray *hands;
  guint n, first = 0;
  BkHandDone done;

  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  g_return_val_if_fail (bk_game_get_module (self) == &bk_bierkopf_module, NULL);

  hands = g_array_new (FALSE, TRUE, sizeof (BkHandResult));
  n = bk_game_get_n_hands_done (self);
  for (guint i = 0; i < n; i++)
    if (bk_game_get_hand_done (self, i, &done) && done.round_ended)
      first = i + 1;
  for (guint i = first; i < n; i++)
    if (bk_game_get_hand_done (self, i, &done))
      g_array_append_vals (hands, done.result, 1);
  return hands;
}

/* spec B6.2: the team that won a Bollen with the hand just scored, while that hand's result
 * stands (the phase is BK_PHASE_HAND_OVER); BK_TEAM_NONE otherwise. */
BkTeam
bk_bierkopf_game_get_bollen_won (BkGame *self)
{
  guint n;
  BkHandDone done;

  g_return_val_if_fail (BK_IS_GAME (self), BK_TEAM_NONE);
  g_return_val_if_fail (bk_game_get_module (self) == &bk_bierkopf_module, BK_TEAM_NONE);

  n = bk_game_get_n_hands_done (self);
  if (n == 0 || bk_game_get_phase (self) != BK_PHASE_HAND_OVER ||
      !bk_game_get_hand_done (self, n - 1, &done) ||
      done.number != bk_game_get_hand_number (self) || !done.round_ended)
    return BK_TEAM_NONE;
  return ((const BkHandResult *) done.result)->winner;
}
