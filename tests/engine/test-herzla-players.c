/* test-herzla-players.c: the Herzla computer players (docs/ai.md "Herzla computer
 * players"): legal actions only, decisions repeatable by seed, the honest view, the
 * worlds of a view, and bids on hand-made hands (H3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "bk-herzla-info.h"
#include "bk-herzla-match.h"
#include "bk-herzla-module.h"
#include "bk-herzla-player.h"
#include "bk-levels.h"
#include "bk-rng.h"
#include "test-helpers.h"

static const char *const levels[] = { "random", "heuristic", "pimc", "meister", "cheat" };

/* The search levels with few worlds, so that thousands of positions take seconds; what is
 * tested (legal, repeatable, honest) does not depend on the number of worlds. */
static BkStrategy *
light_level (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *level = NULL;
  BkStrategy *strategy;

  if (g_str_equal (name, "pimc"))
    level = g_strdup ("pimc:worlds=2:bid-worlds=4");
  else if (g_str_equal (name, "meister"))
    level = g_strdup ("meister:worlds=3:min-worlds=2:budget=0:bid-worlds=4:all-worlds=8");
  else
    level = g_strdup (name);
  strategy = bk_strategy_new_for_level (BK_GAME_HERZLA, level, &error);
  g_assert_no_error (error);
  return strategy;
}

/* A random position of @rules: a random deal played at random up to a random action. */
static void
random_position (const BkHerzlaRules *rules,
                 BkRng               *rng,
                 BkHerzlaHand        *state)
{
  BkHand hands[BK_MAX_SEATS], aside;
  guint dealer, steps;

  bk_herzla_match_deal (rules, bk_rng_next (rng), 0, &dealer, hands, &aside);
  dealer = bk_rng_below (rng, rules->n_players);
  bk_herzla_hand_init (state, rules, dealer, hands, aside);
  steps = bk_rng_below (rng, 4 + rules->n_players * state->tricks_in_hand);
  for (guint i = 0; i < steps && !bk_herzla_hand_is_over (state); i++)
    {
      BkAction action;

      /* Mostly passes, so that all kinds of games come up. */
      if (state->step == BK_HERZLA_STEP_BID)
        action = bk_action_make (BK_ACTION_BID, state->to_act,
                                 bk_rng_below (rng, 6) < 4 ? BK_CONTRACT_NORMAL
                                                           : 1 + bk_rng_below (rng, 2));
      else
        {
          BkHand legal = bk_herzla_hand_legal (state);

          action = bk_action_make (BK_ACTION_PLAY, state->to_act,
                                   bk_hand_nth (legal, bk_rng_below (rng, bk_hand_count (legal))));
        }
      bk_herzla_hand_apply_unchecked (state, &action);
    }
}

static void
rules_of (guint                variant_index,
          BkHerzlaRules       *rules)
{
  static const guint players[] = { 4, 3, 5, 8 };

  bk_herzla_rules_init_default (rules, variant_index == 0 ? BK_HERZLA_VIER : BK_HERZLA_EINFACH,
                                players[variant_index]);
}

/* Every level answers every position of every variant with an action the rules accept
 * (H3, H4.1, H4.2). */
static void
test_legal_only (gconstpointer data)
{
  const char *name = data;
  g_autoptr (BkStrategy) strategy = light_level (name);
  guint n = bk_test_scaled (10000);

  for (guint v = 0; v < 4; v++)
    {
      BkHerzlaRules rules;
      BkRng rng;

      rules_of (v, &rules);
      bk_rng_init (&rng, 15, v);
      for (guint i = 0; i < n; i++)
        {
          BkHerzlaHand state;
          BkAction action;
          g_autoptr (GError) error = NULL;

          random_position (&rules, &rng, &state);
          if (bk_herzla_hand_is_over (&state))
            continue;
          bk_strategy_decide (strategy, &bk_herzla_module, &state, state.to_act,
                              bk_rng_next (&rng), &action);
          g_assert_cmpuint (action.seat, ==, state.to_act);
          bk_herzla_hand_check (&state, &action, &error);
          g_assert_no_error (error);
        }
    }
}

/* The same position, seat and seed give the same action, from a fresh object too; and a
 * match replays deal for deal. */
static void
test_deterministic (gconstpointer data)
{
  const char *name = data;
  g_autoptr (BkStrategy) one = light_level (name);
  g_autoptr (BkStrategy) two = light_level (name);
  guint n = bk_test_scaled (300);

  for (guint v = 0; v < 4; v++)
    {
      BkHerzlaRules rules;
      BkRng rng;

      rules_of (v, &rules);
      bk_rng_init (&rng, 16, v);
      for (guint i = 0; i < n; i++)
        {
          BkHerzlaHand state;
          BkAction a, b;
          guint64 seed;

          random_position (&rules, &rng, &state);
          if (bk_herzla_hand_is_over (&state))
            continue;
          seed = bk_rng_next (&rng);
          bk_strategy_decide (one, &bk_herzla_module, &state, state.to_act, seed, &a);
          bk_strategy_decide (two, &bk_herzla_module, &state, state.to_act, seed, &b);
          g_assert_cmpuint (a.type, ==, b.type);
          g_assert_cmpuint (a.arg, ==, b.arg);
        }
    }
}

/* The honest view: replacing the others' hands (and the cards aside) by any deal
 * consistent with what the seat has seen changes neither its view nor the decision of an
 * honest level. */
static void
test_honest_view (gconstpointer data)
{
  const char *name = data;
  g_autoptr (BkStrategy) strategy = light_level (name);
  guint n = bk_test_scaled (1000);

  for (guint v = 0; v < 4; v++)
    {
      BkHerzlaRules rules;
      BkRng rng;

      rules_of (v, &rules);
      bk_rng_init (&rng, 17, v);
      for (guint i = 0; i < n; i++)
        {
          BkHerzlaHand state, guess;
          BkHerzlaInfo info, guessed_info;
          BkHerzlaWorld world;
          BkAction a, b;
          guint64 seed;
          guint seat;

          random_position (&rules, &rng, &state);
          if (bk_herzla_hand_is_over (&state))
            continue;
          seat = state.to_act;
          bk_herzla_info_init (&info, &state, seat);
          g_assert_true (bk_herzla_info_sample (&info, &rng, &world));
          g_assert_true (bk_herzla_info_consistent (&info, &world));
          bk_herzla_info_make_hand (&info, &world, &guess);
          bk_herzla_info_init (&guessed_info, &guess, seat);
          g_assert_true (bk_herzla_info_equal (&info, &guessed_info));

          seed = bk_rng_next (&rng);
          bk_strategy_decide (strategy, &bk_herzla_module, &state, seat, seed, &a);
          bk_strategy_decide (strategy, &bk_herzla_module, &guess, seat, seed, &b);
          g_assert_cmpuint (a.type, ==, b.type);
          g_assert_cmpuint (a.arg, ==, b.arg);
        }
    }
}

/* The true deal is one of the seat's worlds; every world drawn is consistent and, when
 * few are left, among those enumerated (H4.1: a seat that did not follow is void). */
static void
test_worlds (void)
{
  g_autofree BkHerzlaWorld *all = g_new (BkHerzlaWorld, 400);
  guint n = bk_test_scaled (2000), enumerated = 0;

  for (guint v = 0; v < 4; v++)
    {
      BkHerzlaRules rules;
      BkRng rng;

      rules_of (v, &rules);
      bk_rng_init (&rng, 18, v);
      for (guint i = 0; i < n; i++)
        {
          BkHerzlaHand state;
          BkHerzlaInfo info;
          BkHerzlaWorld truth = { 0 }, world;
          guint count;

          random_position (&rules, &rng, &state);
          if (bk_herzla_hand_is_over (&state))
            continue;
          bk_herzla_info_init (&info, &state, state.to_act);
          for (guint s = 0; s < rules.n_players; s++)
            if (s != state.to_act)
              truth.hands[s] = state.hands[s];
          truth.aside = state.aside;
          g_assert_true (bk_herzla_info_consistent (&info, &truth));
          g_assert_true (bk_herzla_info_sample (&info, &rng, &world));
          g_assert_true (bk_herzla_info_consistent (&info, &world));

          count = bk_herzla_info_enumerate (&info, 400, all);
          if (count == G_MAXUINT)
            continue;
          enumerated++;
          {
            gboolean truth_found = FALSE, world_found = FALSE;

            for (guint k = 0; k < count; k++)
              {
                g_assert_true (bk_herzla_info_consistent (&info, &all[k]));
                truth_found |= memcmp (&all[k], &truth, sizeof truth) == 0;
                world_found |= memcmp (&all[k], &world, sizeof world) == 0;
              }
            g_assert_true (truth_found);
            g_assert_true (world_found);
          }
        }
    }
  g_assert_cmpuint (enumerated, >, 0);
}

static void
bid_position (BkHerzlaHand *state,
              const char   *s,
              const char   *w,
              const char   *n,
              const char   *e)
{
  BkHerzlaRules rules;
  BkHand hands[BK_MAX_SEATS] = { 0 };
  g_autoptr (GError) error = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
  deal_hands (hands, s, w, n, e);
  g_assert_true (bk_herzla_deal_check (&rules, hands, 0, &error));
  g_assert_no_error (error);
  /* Dealer E: S is Vorhand, bids first and leads (H2.2). */
  bk_herzla_hand_init (state, &rules, BK_SEAT_E, hands, 0);
}

/* H3, H4.3, H4.4: the lowest two cards of every suit are a sure Beddl and a hopeless
 * Mord; the top two of every suit with the lead a sure Mord; a hand of middling cards
 * bids nothing. */
static void
test_bids (void)
{
  static const char *const bidders[] = { "heuristic", "pimc", "meister", "cheat" };
  BkHerzlaHand low, high, middle;

  bid_position (&low, "E7 E8 G7 G8 H7 H8 S7 S8", "EA EK EO EU GA GK GO GU",
                "HA HK HO HU SA SK SO SU", "E10 E9 G10 G9 H10 H9 S10 S9");
  bid_position (&high, "EA EK GA GK HA HK SA SK", "E7 E8 G7 G8 EO EU GO GU",
                "H7 H8 S7 S8 HO HU SO SU", "E10 E9 G10 G9 H10 H9 S10 S9");
  bid_position (&middle, "EO E10 GU G9 HO H9 SU S8", "EA EK E7 GA GK G7 HA S7",
                "HK H8 H7 SA SK SO G8 E8", "EU E9 GO G10 HU H10 S10 S9");

  for (guint i = 0; i < G_N_ELEMENTS (bidders); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_HERZLA, bidders[i],
                                                                   &error);
      BkAction action;

      g_assert_no_error (error);
      bk_strategy_decide (strategy, &bk_herzla_module, &low, BK_SEAT_S, 1, &action);
      g_assert_cmpuint (action.type, ==, BK_ACTION_BID);
      g_assert_cmpuint (action.arg, ==, BK_CONTRACT_BEDDL);
      bk_strategy_decide (strategy, &bk_herzla_module, &high, BK_SEAT_S, 2, &action);
      g_assert_cmpuint (action.arg, ==, BK_CONTRACT_MORD);
      bk_strategy_decide (strategy, &bk_herzla_module, &middle, BK_SEAT_S, 3, &action);
      g_assert_cmpuint (action.arg, ==, BK_CONTRACT_NORMAL);
    }
}

/* H3: the estimated chances behind the bids, with the contract solver over the worlds. */
static void
test_contract_chance (void)
{
  BkHerzlaPlayerParams params;
  BkHerzlaHand low;

  bid_position (&low, "E7 E8 G7 G8 H7 H8 S7 S8", "EA EK EO EU GA GK GO GU",
                "HA HK HO HU SA SK SO SU", "E10 E9 G10 G9 H10 H9 S10 S9");
  bk_herzla_player_params_init (&params, BK_HERZLA_LEVEL_MEISTER);
  g_assert_cmpfloat (bk_herzla_player_contract_chance (&params, &low, BK_SEAT_S,
                                                       BK_CONTRACT_BEDDL, 4), ==, 1.0);
  g_assert_cmpfloat (bk_herzla_player_contract_chance (&params, &low, BK_SEAT_S,
                                                       BK_CONTRACT_MORD, 4), ==, 0.0);
  g_assert_cmpuint (bk_herzla_beddl_danger (low.hands[BK_SEAT_S], BK_HERZLA_VIER), ==, 0);
  g_assert_cmpuint (bk_herzla_mord_danger (low.hands[BK_SEAT_S], BK_HERZLA_VIER, TRUE), >, 0);
}

/* H3: a player who passed is less likely to hold a sure Beddl: the meister's worlds
 * weigh such a hand less. */
static void
test_pass_evidence (void)
{
  BkHerzlaHand state;
  BkHerzlaInfo info;
  BkHerzlaWorld sure = { 0 }, plain = { 0 };
  BkAction pass = bk_action_make (BK_ACTION_BID, BK_SEAT_S, BK_CONTRACT_NORMAL);

  bid_position (&state, "EA EK EO EU GA GK GO GU", "E7 E8 G7 G8 H7 H8 S7 S8",
                "HA HK HO HU SA SK SO SU", "E10 E9 G10 G9 H10 H9 S10 S9");
  bk_herzla_hand_apply_unchecked (&state, &pass);
  pass.seat = BK_SEAT_W;
  bk_herzla_hand_apply_unchecked (&state, &pass);
  bk_herzla_info_init (&info, &state, BK_SEAT_N);
  g_assert_cmpuint (info.bid[BK_SEAT_W], ==, BK_CONTRACT_NORMAL);
  g_assert_cmpuint (info.bid[BK_SEAT_E], ==, BK_HERZLA_NO_BID);
  sure.hands[BK_SEAT_S] = state.hands[BK_SEAT_S];
  sure.hands[BK_SEAT_W] = state.hands[BK_SEAT_W];
  sure.hands[BK_SEAT_E] = state.hands[BK_SEAT_E];
  /* W, who passed, with the middling cards; E, who has not bid yet, with the low ones. */
  plain.hands[BK_SEAT_S] = state.hands[BK_SEAT_S];
  plain.hands[BK_SEAT_W] = state.hands[BK_SEAT_E];
  plain.hands[BK_SEAT_E] = state.hands[BK_SEAT_W];
  g_assert_true (bk_herzla_info_consistent (&info, &sure));
  g_assert_true (bk_herzla_info_consistent (&info, &plain));
  g_assert_cmpfloat (bk_herzla_info_weight (&info, &sure), <,
                     bk_herzla_info_weight (&info, &plain));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autofree char *legal = g_strdup_printf ("/herzla-players/H4.1/legal-only/%s", levels[i]);
      g_autofree char *same = g_strdup_printf ("/herzla-players/deterministic/%s", levels[i]);

      g_test_add_data_func (legal, levels[i], test_legal_only);
      g_test_add_data_func (same, levels[i], test_deterministic);
      if (!g_str_equal (levels[i], "cheat"))
        {
          g_autofree char *honest = g_strdup_printf ("/herzla-players/honest-view/%s",
                                                     levels[i]);

          g_test_add_data_func (honest, levels[i], test_honest_view);
        }
    }
  g_test_add_func ("/herzla-players/worlds", test_worlds);
  g_test_add_func ("/herzla-players/H3/bids", test_bids);
  g_test_add_func ("/herzla-players/H3/contract-chance", test_contract_chance);
  g_test_add_func ("/herzla-players/H3/pass-evidence", test_pass_evidence);
  return g_test_run ();
}
