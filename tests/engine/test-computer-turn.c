/* test-computer-turn.c: one driver for computer turns (issue 13). BkGame's own stepping
 * (bk_game_run()) and the path of the app's worker thread (a BkComputerTurn answered
 * with bk_computer_turn_decide() on another thread, handed back with
 * bk_computer_turn_apply() while the game is still at that turn) give the same actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-heuristic-strategy.h"
#include "bk-levels.h"
#include "bk-random-strategy.h"
#include "test-helpers.h"

#define N_HANDS 8

static BkGame *
new_table (guint64      seed,
           BkStrategy  *players[BK_N_SEATS])
{
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, seed);
  for (guint s = 0; s < BK_N_SEATS; s++)
    bk_game_set_strategy (game, (BkSeat) s, players[s]);
  return game;
}

typedef struct {
  BkComputerTurn turn;
  BkStrategy    *strategy;
  BkAction       action;
  gboolean       declines;
} Job;

static gpointer
think (gpointer data)
{
  Job *job = data;

  bk_computer_turn_decide (&job->turn, job->strategy, &job->action, &job->declines);
  return NULL;
}

/* Drives @game as the app's computer players do: take the turn, think on a thread on
 * its copy of the hand, apply the answer on this thread. Counts the Retour offers. */
static void
drive_like_the_app (BkGame *game,
                    guint  *n_offers,
                    guint  *n_declined)
{
  Job job;

  while (bk_game_get_computer_turn (game, &job.turn))
    {
      g_autoptr (GError) error = NULL;
      GThread *thread;

      job.strategy = bk_game_get_strategy (game, job.turn.seat);
      thread = g_thread_new ("think", think, &job);
      g_thread_join (thread);
      g_assert_cmpuint (bk_game_get_generation (game), ==, job.turn.generation);
      g_assert_cmpuint (job.action.seat, ==, job.turn.seat);
      if (job.turn.offer)
        {
          (*n_offers)++;
          g_assert_cmpuint (job.action.type, ==, BK_ACTION_DOUBLE);
          if (job.declines)
            (*n_declined)++;
        }
      else
        g_assert_false (job.declines);
      g_assert_true (bk_computer_turn_apply (game, &job.action, job.declines, &error));
      g_assert_no_error (error);
    }
}

static void
compare_sessions (BkStrategy *players[BK_N_SEATS],
                  guint64     first_seed,
                  guint       n_seeds,
                  gboolean    want_offers)
{
  guint n_offers = 0, n_declined = 0;

  for (guint64 seed = first_seed; seed < first_seed + n_seeds; seed++)
    {
      g_autoptr (BkGame) stepped = new_table (seed, players);
      g_autoptr (BkGame) driven = new_table (seed, players);
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;
      g_autoptr (GError) error = NULL;

      for (guint hand = 0; hand < N_HANDS; hand++)
        {
          if (!bk_game_next_hand (stepped, &error))
            break;
          g_assert_no_error (error);
          g_assert_true (bk_game_next_hand (driven, &error));
          g_assert_no_error (error);
          bk_game_run (stepped);
          drive_like_the_app (driven, &n_offers, &n_declined);
          g_assert_cmpint (bk_game_get_phase (stepped), ==, BK_PHASE_HAND_OVER);
          g_assert_cmpint (bk_game_get_phase (driven), ==, BK_PHASE_HAND_OVER);
        }
      g_clear_error (&error);
      a = bk_game_to_record (stepped);
      b = bk_game_to_record (driven);
      g_assert_cmpstr (a, ==, b);
      g_assert_cmpuint (bk_game_get_generation (stepped), ==, bk_game_get_generation (driven));
    }
  g_test_message ("%u Retour offers to computer players, %u declined", n_offers, n_declined);
  if (want_offers)
    {
      /* Both kinds of answer to an offer went through the shared driver. */
      g_assert_cmpuint (n_declined, >, 0);
      g_assert_cmpuint (n_offers, >, n_declined);
    }
}

/* Random players double often: many Retour offers, raised and declined. */
static void
test_same_actions_random (void)
{
  g_autoptr (BkStrategy) random = BK_STRATEGY (bk_random_strategy_new ());
  BkStrategy *players[BK_N_SEATS] = { random, random, random, random };

  compare_sessions (players, 1, bk_test_scaled (12), TRUE);
}

/* Two levels at one table: the rules of thumb and the dice. */
static void
test_same_actions_mixed (void)
{
  g_autoptr (BkStrategy) random = BK_STRATEGY (bk_random_strategy_new ());
  g_autoptr (BkStrategy) heuristic = BK_STRATEGY (bk_heuristic_strategy_new ());
  BkStrategy *players[BK_N_SEATS] = { heuristic, random, heuristic, random };

  compare_sessions (players, 100, bk_test_scaled (6), FALSE);
}

/* The answer to a turn is the strategy's own: a move by bk_strategy_decide(), a Retour
 * offer by bk_strategy_answer_offer(). */
static void
test_decide_matches_strategy (void)
{
  g_autoptr (BkStrategy) random = BK_STRATEGY (bk_random_strategy_new ());
  BkStrategy *players[BK_N_SEATS] = { random, random, random, random };
  g_autoptr (BkGame) game = new_table (7, players);
  g_autoptr (GError) error = NULL;
  const BkHandState *state;
  BkComputerTurn turn;
  guint n = 0;

  g_assert_true (bk_game_next_hand (game, &error));
  g_assert_no_error (error);
  while (bk_game_get_computer_turn (game, &turn))
    {
      BkAction action, expected;
      gboolean declines;

      bk_computer_turn_decide (&turn, random, &action, &declines);
      if (turn.offer)
        {
          gboolean raises = bk_strategy_answer_offer (random, turn.module, turn.hand.bytes,
                                                      turn.seat, turn.seed, &expected);

          g_assert_cmpint (declines, ==, !raises);
          if (raises)
            g_assert_true (memcmp (&action, &expected, sizeof action) == 0);
        }
      else
        {
          bk_strategy_decide (random, turn.module, turn.hand.bytes, turn.seat, turn.seed,
                              &expected);
          g_assert_true (memcmp (&action, &expected, sizeof action) == 0);
        }
      g_assert_true (bk_computer_turn_apply (game, &action, declines, &error));
      g_assert_no_error (error);
      n++;
    }
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  /* At least every card of the deck was one turn. */
  state = bk_bierkopf_game_get_state (game);
  g_assert_cmpuint (n, >=, bk_hand_count (state->game->deck (&state->rules)));
}

/* The levels by name, per game: Bierkopf has its five; a game without computer players
 * says so. */
static void
test_levels (void)
{
  static const char *levels[] = { "random", "heuristic", "pimc", "meister", "cheat" };
  g_autoptr (GError) error = NULL;
  BkStrategy *strategy;

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, levels[i], &error);
      g_assert_no_error (error);
      g_assert_true (BK_IS_STRATEGY (strategy));
      g_object_unref (strategy);
    }
  g_assert_null (bk_strategy_new_for_level (BK_GAME_BIERKOPF, "nobody", &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  g_clear_error (&error);
  /* Parameters that are empty or name nothing are refused, not looked up (the fuzzer's
   * "W=random:"). */
  {
    static const char *bad[] = { "random:", "meister::", "meister:=3", "meister:worlds",
                                 "meister:worlds=", "meister:worlds=x", "pimc:nothing=1" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (bk_strategy_new_for_level (BK_GAME_BIERKOPF, bad[i], &error));
        g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
        g_clear_error (&error);
      }
  }
  /* docs/ai.md "Herzla computer players": the same names for Herzla. */
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      strategy = bk_strategy_new_for_level (BK_GAME_HERZLA, levels[i], &error);
      g_assert_no_error (error);
      g_assert_true (BK_IS_STRATEGY (strategy));
      g_object_unref (strategy);
    }
}

/* Issue 14: the random level of Herzla plays whole hands of a session, in both forms,
 * driven by BkGame like any game's computer players. */
static void
test_herzla_random (void)
{
  static const char *forms[][2] = { { "vier", "4" }, { "einfach", "3" }, { "einfach", "8" } };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = NULL;
      BkRules rules;

      bk_rules_init_default (&rules);
      g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
      g_assert_true (bk_rules_set_option (&rules, "variant", forms[f][0], &error));
      g_assert_true (bk_rules_set_option (&rules, "players", forms[f][1], &error));
      g_assert_no_error (error);
      game = bk_game_new (&rules, 40 + f);
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        {
          g_autoptr (BkStrategy) random = bk_strategy_new_for_level (BK_GAME_HERZLA, "random",
                                                                     &error);
          g_assert_no_error (error);
          bk_game_set_strategy (game, s, random);
        }
      g_assert_true (bk_game_start (game, &error));
      for (guint hand = 0; hand < 5; hand++)
        {
          if (hand > 0)
            g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
          bk_game_run (game);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/computer-turn/same-actions/random", test_same_actions_random);
  g_test_add_func ("/computer-turn/same-actions/mixed", test_same_actions_mixed);
  g_test_add_func ("/computer-turn/decide-matches-strategy", test_decide_matches_strategy);
  g_test_add_func ("/computer-turn/levels", test_levels);
  g_test_add_func ("/computer-turn/herzla-random", test_herzla_random);
  return g_test_run ();
}
