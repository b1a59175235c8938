/* bk-computer-turn.c: decide a computer turn, apply the answer, and let a game's computer
 * players play on this thread; see bk-computer-turn.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-computer-turn.h"

/* The answer of @strategy to @turn: a move in @action, or for the module's offer the
 * action that takes it in @action and in @declines whether the seat lets it pass. Only reads the
 * turn's copy of the hand, so it may run on any thread; @strategy must be the one of the
 * turn's seat. */
void
bk_computer_turn_decide (const BkComputerTurn *turn,
                         BkStrategy           *strategy,
                         BkAction             *action,
                         gboolean             *declines)
{
  g_return_if_fail (turn != NULL && action != NULL && declines != NULL);
  g_return_if_fail (BK_IS_STRATEGY (strategy));

  *declines = FALSE;
  if (turn->offer)
    *declines = !turn->module->offer_decide (strategy, turn->hand.bytes, turn->seat, turn->seed,
                                             action);
  else
    bk_strategy_decide (strategy, turn->module, turn->hand.bytes, turn->seat, turn->seed,
                        action);
}

/* Gives the answer of bk_computer_turn_decide() to @game: declines the module's offer for
 * the seat of @action, or applies @action. FALSE with @error when the game refuses the
 * move. The caller checks first that the game is still at the turn
 * (bk_game_get_generation()). */
gboolean
bk_computer_turn_apply (BkGame          *game,
                        const BkAction  *action,
                        gboolean         declines,
                        GError         **error)
{
  g_return_val_if_fail (BK_IS_GAME (game), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (declines)
    {
      bk_game_decline_offer (game, (BkSeat) action->seat);
      return TRUE;
    }
  return bk_game_apply (game, action, error);
}

/* Lets a computer player act if one is due, on this thread. FALSE when the game waits for
 * a seat driven from outside, or the hand is over. */
gboolean
bk_game_step (BkGame *self)
{
  BkComputerTurn turn;
  BkAction action;
  gboolean declines;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);

  if (!bk_game_get_computer_turn (self, &turn))
    return FALSE;

  bk_computer_turn_decide (&turn, bk_game_get_strategy (self, turn.seat), &action, &declines);
  if (!bk_computer_turn_apply (self, &action, declines, &error))
    {
      g_critical ("A computer player broke the rules: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

void
bk_game_run (BkGame *self)
{
  while (bk_game_step (self))
    ;
}
