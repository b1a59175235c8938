/* test-alphamu.c: αμ search of the last tricks against PIMC (bk-alphamu.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-alphamu.h"
#include "bk-random-strategy.h"
#include "test-helpers.h"

#define MAX_WORLDS 12

/* A position of the last four tricks, where αμ is used: random talk, doubling and cards
 * up to a random card. FALSE if the seat to act has no choice. */
static gboolean
random_position (BkRng       *rng,
                 BkHandState *state)
{
  const BkGameRules *game;
  BkRules rules;
  BkCard deck[BK_N_CARDS];
  BkHand hands[BK_N_SEATS];
  guint n = 0, stop;

  bk_rules_init_default (&rules);
  rules.bierkopf.variant = (BkVariant) bk_rng_below (rng, 2);
  rules.bierkopf.void_rule = (BkVoidRule) bk_rng_below (rng, 3);
  game = bk_game_rules_get (rules.game);
  for (BkHand all = game->deck (&rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_shuffle (rng, deck, n);
  bk_deal_from_deck (&rules, deck, BK_SEAT_S, hands);
  bk_hand_state_init (state, &rules, BK_SEAT_S, hands, 21, 21);

  stop = n - 4 * BK_N_SEATS + bk_rng_below (rng, 2 * BK_N_SEATS);
  while (bk_hand_state_is_bidding (state) || bk_hand_state_cards_played (state) < stop)
    {
      BkAction action;

      bk_random_decide (state, bk_hand_state_is_bidding (state) ?
                               bk_hand_state_decider (state) : (BkSeat) state->to_act,
                        bk_rng_next (rng), &action);
      bk_hand_state_apply_unchecked (state, &action);
    }
  return state->step == BK_STEP_PLAY && bk_hand_count (bk_hand_state_legal (state)) >= 2;
}

/* PIMC's values of the same worlds, as the meister level adds them. */
static void
pimc_values (BkSolver        *solver,
             const BkInfoSet *info,
             const BkWorld   *worlds,
             const double    *weights,
             guint            n,
             BkCardValues    *values)
{
  bk_card_values_clear (values);
  for (guint i = 0; i < n; i++)
    bk_card_values_add_shaped (values, solver, info, &worlds[i], weights[i], 5);
}

/* Over random positions: with one card of his own searched (depth 1) αμ is PIMC, card
 * for card; deeper it is never above PIMC, which lets him pick his later cards world by
 * world; and over a single world there is nothing to fuse, so it is PIMC again. */
static void
test_against_pimc (void)
{
  BkRng rng;
  guint checked = 0, below = 0;
  /* 300 positions at full scale (BK_TEST_SCALE=1), never fewer than 30: the positions
   * come from a fixed seed, and about one in six of them is a fusion (αμ below PIMC; the
   * first of them is the 15th), so the last assertion holds at any scale. */
  guint n_positions = MAX (30, bk_test_scaled (300));

  bk_rng_init (&rng, 31, 0);
  while (checked < n_positions)
    {
      BkHandState state;
      BkInfoSet info;
      BkWorld worlds[MAX_WORLDS];
      double weights[MAX_WORLDS];
      BkCardValues pimc, single;
      g_autoptr (BkSolver) solver = NULL;
      guint n, own;

      if (!random_position (&rng, &state))
        continue;
      bk_info_set_init (&info, &state, (BkSeat) state.to_act);
      solver = bk_solver_new (&info.rules);
      n = bk_pimc_draw_worlds (&info, bk_rng_next (&rng), MAX_WORLDS, worlds);
      for (guint i = 0; i < n; i++)
        weights[i] = 0.1 + bk_rng_below (&rng, 100) / 10.0;
      pimc_values (solver, &info, worlds, weights, n, &pimc);
      own = bk_hand_count (info.own);

      for (guint depth = 1; depth <= MIN (own, 3); depth++)
        {
          BkCardValues values;

          bk_alphamu_values (solver, &info, worlds, weights, n, depth, 5, &values);
          g_assert_cmpuint (values.n, ==, pimc.n);
          g_assert_cmpfloat_with_epsilon (values.weight, pimc.weight, 1e-9);
          for (guint i = 0; i < values.n; i++)
            {
              g_assert_cmpuint (values.cards[i], ==, pimc.cards[i]);
              if (depth == 1)
                g_assert_cmpfloat_with_epsilon (values.value[i], pimc.value[i], 1e-6);
              else
                g_assert_cmpfloat (values.value[i], <=, pimc.value[i] + 1e-6);
              below += values.value[i] < pimc.value[i] - 1e-6;
            }
        }

      bk_alphamu_values (solver, &info, worlds, weights, 1, MIN (own, 3), 5, &single);
      pimc_values (solver, &info, worlds, weights, 1, &pimc);
      for (guint i = 0; i < single.n; i++)
        g_assert_cmpfloat_with_epsilon (single.value[i], pimc.value[i], 1e-6);
      checked++;
    }
  /* Fusion is common enough that some plans must have been found out. */
  g_assert_cmpuint (below, >, 0);
}

/* A strategy-fusion position (spec B4.2): South's partner's Eichel-Unter holds the trick.
 * Overtaking it with the Schellen-Ober gives one point more and looks as good to PIMC, who
 * would lead the next trick right in every world; but South cannot see which of his two
 * leads is right there. Under the Unter the trick stays North's and South's later cards
 * are all forced. */
static void
test_strategy_fusion (void)
{
  BkHand hands[BK_N_SEATS];
  BkHandState state;
  BkInfoSet info;
  BkWorldSampler sampler;
  g_autoptr (BkSolver) solver = NULL;
  g_autofree BkWorld *worlds = g_new (BkWorld, 200);
  g_autofree double *weights = g_new (double, 200);
  BkCardValues pimc, alphamu;
  guint n;

  deal_hands (hands, "SO HU SU EA GK", "GO HA HK G10 SK", "HO EU H10 E10 GA",
              "EO GU EK SA S10");
  build_position (&state, BK_SEAT_S, hands, "SK HO SA SU E10 EK EA GO HA EU GU");
  g_assert_cmpint (state.to_act, ==, BK_SEAT_S);
  g_assert_cmpuint (bk_hand_state_legal (&state), ==, H ("SO HU"));

  bk_info_set_init (&info, &state, BK_SEAT_S);
  solver = bk_solver_new (&info.rules);
  bk_world_sampler_init (&sampler, &info);
  n = bk_world_sampler_enumerate (&sampler, worlds, 200);
  g_assert_cmpuint (n, ==, 60);
  for (guint i = 0; i < n; i++)
    weights[i] = 1;

  bk_alphamu_values (solver, &info, worlds, weights, n, 1, 0, &pimc);
  bk_alphamu_values (solver, &info, worlds, weights, n, 2, 0, &alphamu);
  g_assert_cmpuint (pimc.cards[0], ==, C ("HU"));
  g_assert_cmpuint (pimc.cards[1], ==, C ("SO"));
  /* PIMC prefers the Ober; the Unter's value is the same to both, as nothing is left to
   * guess after it; the Ober is worth four points less once South must guess. */
  g_assert_cmpfloat (pimc.value[1], >, pimc.value[0]);
  g_assert_cmpfloat_with_epsilon (alphamu.value[0], pimc.value[0], 1e-6);
  g_assert_cmpfloat (alphamu.value[1] + 4 * n, <, alphamu.value[0]);
  g_assert_cmpuint (bk_card_values_best (&alphamu, info.game), ==, C ("HU"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/alphamu/against-pimc", test_against_pimc);
  g_test_add_func ("/alphamu/B4.2/strategy-fusion", test_strategy_fusion);
  return g_test_run ();
}
