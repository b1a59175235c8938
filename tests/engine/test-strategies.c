/* test-strategies.c: the computer players (issue 5): only legal moves, honest views,
 * repeatable decisions, safe on many threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bidding.h"
#include "bk-bierkopf-module.h"
#include "bk-computer-turn.h"
#include "bk-game.h"
#include "bk-info-set.h"
#include "bk-levels.h"
#include "bk-match.h"
#include "bk-random-strategy.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* Full scale (BK_TEST_SCALE=1): 10,000 positions per level for legality. Under the
 * sanitizers and valgrind build-aux/check scales every loop below down (bk_test_scaled);
 * each assertion holds for any number of positions, and the two proportions checked in
 * test_legal_only scale with the count. */
#define N_POSITIONS 10000

static const char * const levels[] = { "random", "heuristic", "pimc", "meister", "cheat", NULL };

static void
random_rules (BkRng   *rng,
              BkRules *rules)
{
  bk_rules_init_default (rules);
  rules->bierkopf.variant = (BkVariant) bk_rng_below (rng, 2);
  rules->bierkopf.dealer_may_double = bk_rng_below (rng, 4) == 0;
  rules->bierkopf.retour_window = (BkRetourWindow) bk_rng_below (rng, 2);
  rules->bierkopf.void_rule = (BkVoidRule) bk_rng_below (rng, 3);
  rules->bierkopf.scoring = (BkScoring) bk_rng_below (rng, 2);
  rules->bierkopf.lines = bk_rng_below (rng, 3) == 0 ? 1 + bk_rng_below (rng, 8) : 21;
}

/* A random position: a deal, then random talk, doubling and play up to a random point. */
static void
random_state (BkRng       *rng,
              BkHandState *state)
{
  const BkGameRules *game;
  BkRules rules;
  BkCard deck[BK_N_CARDS];
  BkHand hands[BK_N_SEATS];
  guint n = 0, stop;

  random_rules (rng, &rules);
  game = bk_game_rules_get (rules.game);
  for (BkHand all = game->deck (&rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_shuffle (rng, deck, n);
  bk_deal_from_deck (&rules, deck, (BkSeat) bk_rng_below (rng, 4), hands);
  bk_hand_state_init (state, &rules, (BkSeat) bk_rng_below (rng, 4), hands,
                      1 + bk_rng_below (rng, rules.bierkopf.lines),
                      1 + bk_rng_below (rng, rules.bierkopf.lines));

  /* Bidding positions one time in five, else somewhere in the play. */
  stop = bk_rng_below (rng, 5) == 0 ? bk_rng_below (rng, 6) : 100;
  for (guint i = 0; !bk_hand_state_is_over (state); i++)
    {
      BkAction action;

      if (bk_hand_state_is_bidding (state) && i >= stop)
        return;
      if (!bk_hand_state_is_bidding (state) && stop == 100)
        stop = 200 + bk_rng_below (rng, n - 1);
      if (stop >= 200 && bk_hand_state_cards_played (state) >= stop - 200)
        return;
      bk_random_decide (state, (BkSeat) state->to_act, bk_rng_next (rng), &action);
      bk_hand_state_apply_unchecked (state, &action);
    }
}

/* Every level, over 10,000 random positions each (scaled), answers only with a legal
 * request. */
static void
test_legal_only (gconstpointer data)
{
  const char *level = data;
  /* Legality does not depend on how long meister thinks: a small budget keeps 10,000
   * positions affordable under the sanitizers. */
  g_autoptr (BkStrategy) strategy =
    bk_strategy_new_for_level (BK_GAME_BIERKOPF,
                               g_str_equal (level, "meister") ? "meister:budget=1500" : level,
                               NULL);
  BkRng rng;
  guint retours = 0, plays = 0, bids = 0;
  guint n_positions = bk_test_scaled (N_POSITIONS);

  g_assert_nonnull (strategy);
  bk_rng_init (&rng, 5, 0);
  for (guint i = 0; i < n_positions; i++)
    {
      BkHandState state;
      BkAction action, accept;
      g_autoptr (GError) error = NULL;

      random_state (&rng, &state);
      if (bk_hand_state_is_over (&state))
        {
          i--;
          continue;
        }
      bk_strategy_decide (strategy, &bk_bierkopf_module, &state, state.to_act, bk_rng_next (&rng),
                          &action);
      if (!bk_hand_state_check (&state, &action, &error))
        g_error ("%s broke the rules at position %u: %s", level, i, error->message);
      g_assert_cmpuint (action.seat, ==, state.to_act);
      if (action.type == BK_ACTION_PLAY)
        plays++;
      else
        bids++;

      /* A Retour is asked for only while allowed; answering must not break anything. */
      for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
        if (!bk_hand_state_is_bidding (&state) && bk_hand_state_may_double (&state, s) &&
            bk_strategy_answer_offer (strategy, &bk_bierkopf_module, &state, s,
                                      bk_rng_next (&rng), &accept))
          retours++;
    }
  g_test_message ("%s: %u cards, %u bidding decisions, %u Retours", level, plays, bids, retours);
  /* About four positions in five are card plays and one in five a bidding decision (see
   * random_state): both bounds are far below their expectation at any scale. */
  g_assert_cmpuint (plays, >, n_positions / 2);
  g_assert_cmpuint (bids, >, n_positions / 20);
}

/* Same position, same seed: same answer. */
static void
test_deterministic (gconstpointer data)
{
  const char *level = data;
  g_autoptr (BkStrategy) a = bk_strategy_new_for_level (BK_GAME_BIERKOPF, level, NULL);
  g_autoptr (BkStrategy) b = bk_strategy_new_for_level (BK_GAME_BIERKOPF, level, NULL);
  BkRng rng;

  bk_rng_init (&rng, 6, 0);
  for (guint i = 0, n = bk_test_scaled (300); i < n; i++)
    {
      BkHandState state;
      BkAction x, y;
      guint64 seed = bk_rng_next (&rng);

      random_state (&rng, &state);
      if (bk_hand_state_is_over (&state))
        continue;
      bk_strategy_decide (a, &bk_bierkopf_module, &state, (BkSeat) state.to_act, seed, &x);
      bk_strategy_decide (b, &bk_bierkopf_module, &state, (BkSeat) state.to_act, seed, &y);
      g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
    }
}

/* A whole session replayed from its seed gives the same record, card for card. */
static void
test_replay_session (void)
{
  g_autofree char *first = NULL;

  for (guint run = 0; run < 2; run++)
    {
      g_autoptr (BkGame) game = bk_game_new (NULL, 99);
      g_autofree char *record = NULL;

      for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
        {
          g_autoptr (BkStrategy) strategy =
            bk_strategy_new_for_level (BK_GAME_BIERKOPF, levels[1 + s % 3], NULL);
          bk_game_set_strategy (game, s, strategy);
        }
      for (guint hand = 0, n = MAX (2, bk_test_scaled (12)); hand < n; hand++)
        {
          g_assert_true (bk_game_next_hand (game, NULL));
          bk_game_run (game);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
        }
      record = bk_game_to_record (game);
      if (run == 0)
        first = g_steal_pointer (&record);
      else
        g_assert_cmpstr (record, ==, first);
    }
}

/* A duplicate match replayed from its seed gives identical cards, words and doublings;
 * with talk and doubling off nobody says a word or doubles. */
static void
test_replay_match (void)
{
  BkMatchOptions options = { .seed = 17, .talk = TRUE, .doubling = TRUE };

  bk_rules_init_default (&options.rules);
  for (guint deal = 0, n = MAX (2, bk_test_scaled (8)); deal < n; deal++)
    {
      BkHandState first[2], second[2], quiet[2];
      BkDuplicateResult a, b, c;

      bk_match_play_duplicate (&options, deal, "pimc", "heuristic", NULL, NULL, first, &a);
      bk_match_play_duplicate (&options, deal, "pimc", "heuristic", NULL, NULL, second, &b);
      g_assert_cmpmem (first, sizeof first, second, sizeof second);
      g_assert_cmpfloat (a.card_points, ==, b.card_points);

      /* Both halves are the same deal with the teams' seats swapped. */
      g_assert_cmpmem (first[0].dealt, sizeof first[0].dealt, first[1].dealt,
                       sizeof first[1].dealt);
      g_assert_cmpuint (first[0].dealer, ==, first[1].dealer);
      g_assert_cmpfloat (a.card_points, ==,
                         (first[0].points[BK_TEAM_SN] - (double) first[0].points[BK_TEAM_WE] +
                          first[1].points[BK_TEAM_WE] - (double) first[1].points[BK_TEAM_SN]) / 2);

      options.talk = options.doubling = FALSE;
      bk_match_play_duplicate (&options, deal, "pimc", "heuristic", NULL, NULL, quiet, &c);
      options.talk = options.doubling = TRUE;
      for (guint half = 0; half < 2; half++)
        {
          g_assert_cmpuint (quiet[half].n_doubles, ==, 0);
          for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
            g_assert_cmpint (quiet[half].words[s], ==, s == quiet[half].dealer ? BK_WORD_HONOUR
                                                                                 : BK_WORD_NONE);
        }
    }
}

/* The view of a seat depends on public information and its own cards only: put any other
 * consistent hands in the others' places and nothing changes, nor does an honest
 * player's decision. */
static void
test_honest_view (void)
{
  g_autoptr (BkStrategy) pimc = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "pimc", NULL);
  g_autoptr (BkStrategy) heuristic = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "heuristic", NULL);
  g_autoptr (BkStrategy) meister = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "meister", NULL);
  BkRng rng;

  bk_rng_init (&rng, 8, 0);
  for (guint i = 0, n = bk_test_scaled (300); i < n; i++)
    {
      BkHandState state, other;
      BkInfoSet info, info_other;
      BkWorldSampler sampler;
      BkWorld world;
      BkSeat seat;
      guint64 seed = bk_rng_next (&rng);

      random_state (&rng, &state);
      if (bk_hand_state_is_over (&state))
        continue;
      seat = (BkSeat) state.to_act;
      bk_info_set_init (&info, &state, seat);
      bk_world_sampler_init (&sampler, &info);
      g_assert_cmpfloat (bk_world_sampler_count (&sampler), >=, 1);
      g_assert_true (bk_world_sampler_draw (&sampler, &rng, &world));
      bk_info_set_world_state (&info, &world, &other);

      /* The world is a real position of the same hand. */
      g_assert_cmpuint (other.step, ==, state.step);
      g_assert_cmpuint (other.to_act, ==, state.to_act);
      g_assert_cmpmem (&other.trick, sizeof other.trick, &state.trick, sizeof state.trick);
      g_assert_cmpmem (other.points, sizeof other.points, state.points, sizeof state.points);

      bk_info_set_init (&info_other, &other, seat);
      g_assert_cmpmem (&info, sizeof info, &info_other, sizeof info_other);

      for (guint k = 0; k < 3; k++)
        {
          BkStrategy *strategy = k == 0 ? pimc : k == 1 ? heuristic : meister;
          BkAction x, y;

          bk_strategy_decide (strategy, &bk_bierkopf_module, &state, seat, seed, &x);
          bk_strategy_decide (strategy, &bk_bierkopf_module, &other, seat, seed, &y);
          g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
        }
    }
}

/* The true hands are always among the worlds; counting and enumerating agree. */
static void
test_worlds_consistent (void)
{
  BkRng rng;
  g_autofree BkWorld *worlds = g_new (BkWorld, 20000);

  bk_rng_init (&rng, 9, 0);
  for (guint i = 0, n_positions = bk_test_scaled (2000); i < n_positions; i++)
    {
      BkHandState state;
      BkInfoSet info;
      BkWorldSampler sampler;
      double count;
      guint n;
      gboolean found = FALSE;

      random_state (&rng, &state);
      if (bk_hand_state_is_over (&state))
        continue;
      bk_info_set_init (&info, &state, (BkSeat) bk_rng_below (&rng, BK_N_SEATS));
      for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
        if (s != info.seat)
          {
            g_assert_cmpuint (state.hands[s] & info.excluded[s], ==, 0);
            g_assert_cmpuint (state.hands[s] & ~info.unseen, ==, 0);
            g_assert_cmpuint (bk_hand_count (state.hands[s]), ==, info.n_held[s]);
          }
      bk_world_sampler_init (&sampler, &info);
      count = bk_world_sampler_count (&sampler);
      g_assert_cmpfloat (count, >=, 1);
      if (count > 20000)
        continue;
      n = bk_world_sampler_enumerate (&sampler, worlds, 20000);
      g_assert_cmpfloat (n, ==, count);
      for (guint k = 0; k < n && !found; k++)
        found = memcmp (worlds[k].hands, state.hands, sizeof state.hands) == 0;
      g_assert_true (found);
    }
}

/* Draws are uniform: on a small position each world comes up about equally often. */
static void
test_worlds_uniform (void)
{
  BkHandState state;
  BkInfoSet info;
  BkWorldSampler sampler;
  BkWorld worlds[64];
  guint hits[64] = { 0 };
  BkHand hands[BK_N_SEATS];
  BkRules rules;
  BkRng rng;
  /* Not scaled: the χ² bound below is for these many draws, and they take milliseconds. */
  guint n, draws = 64000;
  double chi2 = 0;

  /* After three tricks, two cards in each hand. */
  bk_rules_init_default (&rules);
  deal_hands (hands, "EO GO HO SO EU", "GU HU SU HA H10", "HK EA E10 EK GA", "G10 GK SA S10 SK");
  bk_hand_state_init (&state, &rules, BK_SEAT_E, hands, 21, 21);
  while (bk_hand_state_is_bidding (&state))
    {
      BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (&state), 0);
      bk_hand_state_apply_unchecked (&state, &pass);
    }
  while (bk_hand_state_cards_played (&state) < 12 && !bk_hand_state_is_over (&state))
    {
      BkAction play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                      bk_hand_first (bk_hand_state_legal (&state)));
      bk_hand_state_apply_unchecked (&state, &play);
    }
  bk_info_set_init (&info, &state, BK_SEAT_S);
  bk_world_sampler_init (&sampler, &info);
  n = bk_world_sampler_enumerate (&sampler, worlds, G_N_ELEMENTS (worlds));
  g_assert_cmpfloat (n, ==, bk_world_sampler_count (&sampler));
  g_assert_cmpuint (n, >=, 2);

  bk_rng_init (&rng, 10, 0);
  for (guint i = 0; i < draws; i++)
    {
      BkWorld world;
      guint k;

      g_assert_true (bk_world_sampler_draw (&sampler, &rng, &world));
      for (k = 0; k < n; k++)
        if (memcmp (&world, &worlds[k], sizeof world) == 0)
          break;
      g_assert_cmpuint (k, <, n);
      hits[k]++;
    }
  for (guint k = 0; k < n; k++)
    {
      double expected = (double) draws / n;
      chi2 += (hits[k] - expected) * (hits[k] - expected) / expected;
    }
  /* Far beyond the 99.9% quantile for up to 63 degrees of freedom would be ~103. */
  g_test_message ("%u worlds, chi² = %.1f", n, chi2);
  g_assert_cmpfloat (chi2, <, 110);
}

/* spec B3.1, B3.5: honest words. All four Ober say gut; nothing at all says schlecht. */
static void
test_talk_honest (void)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  /* Dealer S: West is Vorhand, East Hinterhand; North and South the other team. */
  g_assert_cmpint (bk_talk_word (&rules, H ("EO GO HO SO EU"), BK_SEAT_W, BK_SEAT_S), ==,
                   BK_WORD_GUT);
  g_assert_cmpint (bk_talk_word (&rules, H ("EO GO HO SO GK"), BK_SEAT_E, BK_SEAT_S), ==,
                   BK_WORD_GUT);
  g_assert_cmpint (bk_talk_word (&rules, H ("EK GK SK S10 G10"), BK_SEAT_W, BK_SEAT_S), ==,
                   BK_WORD_SCHLECHT);
  g_assert_cmpint (bk_talk_word (&rules, H ("EO GO HO SO EU"), BK_SEAT_N, BK_SEAT_S), ==,
                   BK_WORD_HELFEN);
  g_assert_cmpint (bk_talk_word (&rules, H ("EK GK SK S10 G10"), BK_SEAT_N, BK_SEAT_S), ==,
                   BK_WORD_NICHT_HELFEN);
  rules.bierkopf.variant = BK_VARIANT_LANG;
  g_assert_cmpint (bk_talk_word (&rules, H ("EO GO HO SO EU G9"), BK_SEAT_W, BK_SEAT_S), ==,
                   BK_WORD_GUT);
}

typedef struct {
  BkStrategy  *strategy;
  BkHandState *states;
  BkAction    *actions;
  guint        n;
  guint        first;
} ThreadWork;

static gpointer
decide_thread (gpointer data)
{
  ThreadWork *work = data;

  for (guint i = work->first; i < work->n; i += 2)
    bk_strategy_decide (work->strategy, &bk_bierkopf_module, &work->states[i],
                        work->states[i].to_act,
                        i * 7919, &work->actions[i]);
  return NULL;
}

/* One strategy object, decisions on two threads at once: the same answers as alone. */
static void
test_threads (gconstpointer data)
{
  const char *level = data;
  g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, level, NULL);
  /* At least a few positions per thread, so that they really interleave. */
  guint n = MAX (8, bk_test_scaled (200));
  g_autofree BkHandState *states = g_new (BkHandState, n);
  g_autofree BkAction *alone = g_new0 (BkAction, n);
  g_autofree BkAction *shared = g_new0 (BkAction, n);
  ThreadWork work[2];
  GThread *threads[2];
  BkRng rng;

  bk_rng_init (&rng, 11, 0);
  for (guint i = 0; i < n; i++)
    do
      random_state (&rng, &states[i]);
    while (bk_hand_state_is_over (&states[i]));

  for (guint i = 0; i < n; i++)
    bk_strategy_decide (strategy, &bk_bierkopf_module, &states[i], states[i].to_act, i * 7919,
                        &alone[i]);
  for (guint t = 0; t < 2; t++)
    {
      work[t] = (ThreadWork) { strategy, states, shared, n, t };
      threads[t] = g_thread_new ("decide", decide_thread, &work[t]);
    }
  for (guint t = 0; t < 2; t++)
    g_thread_join (threads[t]);
  g_assert_cmpmem (alone, n * sizeof (BkAction), shared, n * sizeof (BkAction));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; levels[i]; i++)
    {
      g_autofree char *legal = g_strdup_printf ("/strategies/B4/legal-only/%s", levels[i]);
      g_autofree char *same = g_strdup_printf ("/strategies/deterministic/%s", levels[i]);
      g_autofree char *threads = g_strdup_printf ("/strategies/threads/%s", levels[i]);

      g_test_add_data_func (legal, levels[i], test_legal_only);
      g_test_add_data_func (same, levels[i], test_deterministic);
      g_test_add_data_func (threads, levels[i], test_threads);
    }
  g_test_add_func ("/strategies/deterministic/session-replay", test_replay_session);
  g_test_add_func ("/strategies/deterministic/match-replay", test_replay_match);
  g_test_add_func ("/strategies/B3.5,B4/honest-view", test_honest_view);
  g_test_add_func ("/strategies/B4.3/worlds-consistent", test_worlds_consistent);
  g_test_add_func ("/strategies/worlds-uniform", test_worlds_uniform);
  g_test_add_func ("/strategies/B3.1,B3.5/talk-honest", test_talk_honest);

  return g_test_run ();
}
