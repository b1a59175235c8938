/* bk-cli-bench.c: `bench`, the engine's speed on one core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "bk-cli.h"
#include "bk-random-strategy.h"
#include "bk-rng.h"

#define N_POSITIONS 4096

typedef guint64 (*Workload) (gpointer data, guint64 iterations);

/* One whole random hand on the plain hand state: shuffle, deal, talk and doubling,
 * every card, the score. Returns a checksum so nothing is optimised away. */
static guint64
random_hands (gpointer data,
              guint64  iterations)
{
  const BkRules *rules = data;
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkCard deck[BK_N_CARDS];
  guint n = 0;
  guint64 checksum = 0;
  BkRng rng;

  for (BkHand all = game->deck (rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_init (&rng, iterations, 0);

  for (guint64 i = 0; i < iterations; i++)
    {
      BkHand hands[BK_N_SEATS];
      BkHandState state;
      BkHandResult result;
      BkSeat dealer = (BkSeat) (i & 3);

      bk_rng_shuffle (&rng, deck, n);
      bk_deal_from_deck (rules, deck, dealer, hands);
      bk_hand_state_init (&state, rules, dealer, hands, 21, 21);
      while (!bk_hand_state_is_over (&state))
        {
          BkAction action;

          bk_random_decide (&state, (BkSeat) state.to_act, bk_rng_next (&rng), &action);
          bk_hand_state_apply_unchecked (&state, &action);
        }
      bk_hand_state_score (&state, 0, &result);
      checksum += result.points[BK_TEAM_SN] + result.lines;
    }
  return checksum;
}

typedef struct {
  const BkRules *rules;
  BkHand         hands[N_POSITIONS];
  BkTrick        tricks[N_POSITIONS];
} Positions;

/* Positions met in random play: the hand to move and the trick on the table. */
static void
collect_positions (Positions *positions)
{
  const BkRules *rules = positions->rules;
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkCard deck[BK_N_CARDS];
  guint n = 0, collected = 0;
  BkRng rng;

  for (BkHand all = game->deck (rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_init (&rng, 42, 1);

  while (collected < N_POSITIONS)
    {
      BkHand hands[BK_N_SEATS];
      BkHandState state;

      bk_rng_shuffle (&rng, deck, n);
      bk_deal_from_deck (rules, deck, BK_SEAT_S, hands);
      bk_hand_state_init (&state, rules, BK_SEAT_S, hands, 21, 21);
      while (!bk_hand_state_is_over (&state) && collected < N_POSITIONS)
        {
          BkAction action;

          if (state.step == BK_STEP_PLAY)
            {
              positions->hands[collected] = state.hands[state.to_act];
              positions->tricks[collected] = state.trick;
              collected++;
            }
          bk_random_decide (&state, (BkSeat) state.to_act, bk_rng_next (&rng), &action);
          bk_hand_state_apply_unchecked (&state, &action);
        }
    }
}

static guint64
legal_moves (gpointer data,
             guint64  iterations)
{
  Positions *positions = data;
  const BkGameRules *game = bk_game_rules_get (positions->rules->game);
  guint64 checksum = 0;

  for (guint64 i = 0; i < iterations; i++)
    {
      guint k = i % N_POSITIONS;
      checksum += bk_legal_moves (game, positions->rules, positions->hands[k],
                                  &positions->tricks[k]);
    }
  return checksum;
}

/* Whole hands through BkGame: signals, the record, computer players as objects. */
static guint64
game_hands (gpointer data,
            guint64  iterations)
{
  g_autoptr (BkGame) game = bk_game_new (data, iterations);
  guint64 checksum = 0;

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = BK_STRATEGY (bk_random_strategy_new ());
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  for (guint64 i = 0; i < iterations; i++)
    {
      if (!bk_game_next_hand (game, NULL))
        g_assert_not_reached ();
      bk_game_run (game);
      checksum += bk_game_get_lines_left (game, BK_TEAM_SN);
    }
  return checksum;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Median rate over @runs runs of about @seconds each, after a calibration. */
static double
measure (Workload  workload,
         gpointer  data,
         double    seconds,
         guint     runs)
{
  guint64 iterations = 64;
  double rates[16];
  volatile guint64 sink = 0;

  for (;;)
    {
      gint64 start = g_get_monotonic_time ();
      double elapsed;

      sink += workload (data, iterations);
      elapsed = (g_get_monotonic_time () - start) / 1e6;
      if (elapsed > seconds / 4)
        {
          iterations = (guint64) (iterations * seconds / elapsed) + 1;
          break;
        }
      iterations *= 4;
    }

  g_assert (runs <= G_N_ELEMENTS (rates));
  for (guint r = 0; r < runs; r++)
    {
      gint64 start = g_get_monotonic_time ();

      sink += workload (data, iterations);
      rates[r] = iterations / ((g_get_monotonic_time () - start) / 1e6);
    }
  qsort (rates, runs, sizeof rates[0], compare_doubles);
  (void) sink;
  return rates[runs / 2];
}

int
bk_cli_bench (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  gboolean quick = FALSE;
  const GOptionEntry entries[] = {
    { "quick", 0, 0, G_OPTION_ARG_NONE, &quick, N_("Shorter runs, rougher figures"), NULL },
    { NULL }
  };
  g_autofree Positions *positions = g_new0 (Positions, 1);
  double seconds, hands, legal, game;
  guint runs;
  int code;

  code = bk_cli_parse (options, "bench", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;

  seconds = quick ? 0.1 : 1.0;
  runs = quick ? 3 : 5;
  positions->rules = &options->rules;
  collect_positions (positions);

  hands = measure (random_hands, &options->rules, seconds, runs);
  legal = measure (legal_moves, positions, seconds, runs);
  game = measure (game_hands, &options->rules, seconds, runs);

  printf ("{\"variant\":\"%s\",\"runs\":%u,\"seconds_per_run\":%.1f,"
          "\"random_hands_per_second\":%.0f,\"legal_moves_per_second\":%.0f,"
          "\"game_hands_per_second\":%.0f}\n",
          options->rules.variant == BK_VARIANT_LANG ? "lang" : "kurz", runs, seconds,
          hands, legal, game);
  return BK_EXIT_OK;
}
