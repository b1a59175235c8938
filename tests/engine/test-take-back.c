/* test-take-back.c: taking back the person's last card (bk-game-take-back.h, issue 17):
 * the session comes back to the exact state and record it had before the card, and the
 * computer players answer the same card again with the same moves (same seeds).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-game-take-back.h"
#include "bk-levels.h"
#include "test-helpers.h"

#define PERSON BK_SEAT_S

/* Lets the computer players act, and the person talk and double as @helper would and
 * let every offer pass, until the person is to play a card or the hand is over. */
static void
run_to_person (BkGame     *game,
               BkStrategy *helper)
{
  for (;;)
    {
      BkComputerTurn turn;
      BkAction action;
      gboolean declines = FALSE;
      g_autoptr (GError) error = NULL;

      bk_game_run (game);
      if (bk_game_get_phase (game) != BK_PHASE_BIDDING &&
          bk_game_get_phase (game) != BK_PHASE_PLAYING)
        return;
      if (bk_game_is_waiting_for_offer (game, PERSON))
        {
          bk_game_decline_offer (game, PERSON);
          continue;
        }
      if (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        {
          g_assert_cmpuint (bk_game_get_to_act (game), ==, PERSON);
          return;
        }
      g_assert_false (bk_game_get_computer_turn (game, &turn));
      g_assert_cmpuint (turn.seat, ==, PERSON);
      bk_computer_turn_decide (&turn, helper, &action, &declines);
      g_assert_true (bk_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
}

static BkGame *
new_session (guint64 seed)
{
  BkGame *game = bk_game_new (NULL, seed);
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < BK_N_SEATS; s++)
    if (s != PERSON)
      {
        g_autoptr (BkStrategy) strategy =
          bk_strategy_new_for_level (BK_GAME_BIERKOPF, "heuristic", &error);
        g_assert_no_error (error);
        bk_game_set_strategy (game, (BkSeat) s, strategy);
      }
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  return game;
}

static void
play_first_legal (BkGame *game)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (bk_game_play (game, PERSON, bk_hand_first (bk_game_get_legal (game)), &error));
  g_assert_no_error (error);
}

/* After the person's second card (or later) is taken back, the record and the state are
 * those the session had before it, with the strategies kept; the same card again brings
 * the same moves of the computer players, to the same record and state. */
static void
test_take_back_restores (void)
{
  guint n = bk_test_scaled (12);
  guint checked = 0;

  for (guint64 seed = 1; seed <= n; seed++)
    {
      g_autoptr (BkStrategy) helper = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "heuristic",
                                                                 NULL);
      g_autoptr (BkGame) game = new_session (seed * 7919);
      gsize hand_size = bk_game_get_module (game)->hand_size;

      run_to_person (game, helper);
      /* The person's cards one by one: each taken back and played again. */
      while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        {
          g_autofree char *before = bk_game_to_record (game);
          g_autofree gpointer hand_before = g_memdup2 (bk_game_get_hand (game), hand_size);
          g_autofree char *after = NULL;
          g_autofree gpointer hand_after = NULL;
          g_autoptr (BkGame) taken = NULL;
          g_autofree char *taken_record = NULL;
          g_autofree char *again = NULL;
          g_autoptr (GError) error = NULL;
          BkCard card = bk_hand_first (bk_game_get_legal (game));

          play_first_legal (game);
          run_to_person (game, helper);
          after = bk_game_to_record (game);
          hand_after = g_memdup2 (bk_game_get_hand (game), hand_size);

          taken = bk_game_new_taken_back (game, PERSON, &error);
          if (bk_game_get_phase (game) == BK_PHASE_HAND_OVER)
            {
              g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
              g_assert_null (taken);
              break;
            }
          g_assert_no_error (error);
          g_assert_nonnull (taken);
          taken_record = bk_game_to_record (taken);
          g_assert_cmpstr (taken_record, ==, before);
          g_assert_cmpmem (bk_game_get_hand (taken), hand_size, hand_before, hand_size);
          g_assert_cmpint (bk_game_get_phase (taken), ==, BK_PHASE_PLAYING);
          g_assert_cmpuint (bk_game_get_to_act (taken), ==, PERSON);
          g_assert_cmpuint (bk_game_get_hand_number (taken), ==, bk_game_get_hand_number (game));
          for (guint s = 0; s < BK_N_SEATS; s++)
            g_assert_true (bk_game_get_strategy (taken, (BkSeat) s) ==
                           bk_game_get_strategy (game, (BkSeat) s));
          /* The game it came from is untouched. */
          g_assert_cmpmem (bk_game_get_hand (game), hand_size, hand_after, hand_size);

          g_assert_true (bk_game_play (taken, PERSON, card, &error));
          g_assert_no_error (error);
          run_to_person (taken, helper);
          again = bk_game_to_record (taken);
          g_assert_cmpstr (again, ==, after);
          g_assert_cmpmem (bk_game_get_hand (taken), hand_size, hand_after, hand_size);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, n);
}

/* Taking back twice in a row goes back two cards: the record is that of the session
 * before the person's first card. */
static void
test_take_back_twice (void)
{
  g_autoptr (BkStrategy) helper = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "heuristic", NULL);
  g_autoptr (BkGame) game = new_session (4242);
  g_autoptr (BkGame) once = NULL;
  g_autoptr (BkGame) twice = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *start = NULL;
  g_autofree char *record = NULL;

  run_to_person (game, helper);
  start = bk_game_to_record (game);
  play_first_legal (game);
  run_to_person (game, helper);
  play_first_legal (game);
  run_to_person (game, helper);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);

  once = bk_game_new_taken_back (game, PERSON, &error);
  g_assert_no_error (error);
  twice = bk_game_new_taken_back (once, PERSON, &error);
  g_assert_no_error (error);
  record = bk_game_to_record (twice);
  g_assert_cmpstr (record, ==, start);

  /* Nothing more of this hand to take back. */
  g_assert_null (bk_game_new_taken_back (twice, PERSON, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

/* Refused while the seat has played no card in the hand (the cards of the hands before
 * do not count), and once the hand is over. */
static void
test_take_back_refused (void)
{
  g_autoptr (BkGame) game = new_session (99);
  g_autoptr (BkGame) taken = NULL;
  g_autoptr (GError) error = NULL;

  /* In the talk, before any card. */
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);
  taken = bk_game_new_taken_back (game, PERSON, &error);
  g_assert_null (taken);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  /* The hand played out: over. */
  bk_game_set_strategy (game, PERSON, bk_game_get_strategy (game, BK_SEAT_W));
  bk_game_run (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  taken = bk_game_new_taken_back (game, PERSON, &error);
  g_assert_null (taken);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  /* The next hand: the person's cards of the last hand cannot be taken back. */
  g_assert_true (bk_game_next_hand (game, &error));
  g_assert_no_error (error);
  bk_game_set_strategy (game, PERSON, NULL);
  taken = bk_game_new_taken_back (game, PERSON, &error);
  g_assert_null (taken);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/take-back/restores", test_take_back_restores);
  g_test_add_func ("/take-back/twice", test_take_back_twice);
  g_test_add_func ("/take-back/refused", test_take_back_refused);
  return g_test_run ();
}
