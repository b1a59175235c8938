/* bk-cli-herzla-bench.c: the speed of the exact Herzla solvers for `bench --game herzla`
 * (docs/ai.md "Herzla"): the contract solve of whole deals, the normal game's max^n over
 * the last tricks, nodes per second. One core, the CPU time of each solve.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "bk-cli.h"
#include "bk-herzla-info.h"
#include "bk-herzla-match.h"
#include "bk-herzla-module.h"
#include "bk-herzla-player.h"
#include "bk-herzla-solver.h"
#include "bk-levels.h"
#include "bk-rng.h"

typedef struct {
  GArray  *ms;
  double   total_ms;
  guint64  nodes;
  guint    made;
} Sample;

/* The thread's CPU time, not the wall clock: on a shared machine a solve of some
 * microseconds must not be charged for the time other processes had the core. */
static double
clock_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_ms (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
sample_init (Sample *sample)
{
  sample->ms = g_array_new (FALSE, FALSE, sizeof (double));
  sample->total_ms = 0;
  sample->nodes = 0;
  sample->made = 0;
}

/* `"name":{"n":…,"median_ms":…,"p99_ms":…,"max_ms":…,"nodes_per_second":…}` and frees
 * the sample. */
static void
sample_append (GString    *out,
               const char *name,
               Sample     *sample,
               gboolean    with_made)
{
  guint n = sample->ms->len;
  double *ms = (double *) (gpointer) sample->ms->data;

  qsort (ms, n, sizeof (double), compare_ms);
  g_string_append_printf (out, "\"%s\":{\"n\":%u,\"median_ms\":%.4f,\"p99_ms\":%.4f,"
                          "\"max_ms\":%.4f,\"mean_nodes\":%.0f,\"nodes_per_second\":%.0f",
                          name, n, n ? ms[n / 2] : 0.0,
                          n ? ms[MIN (n - 1, (guint) (n * 0.99))] : 0.0, n ? ms[n - 1] : 0.0,
                          n ? (double) sample->nodes / n : 0.0,
                          sample->total_ms > 0 ? sample->nodes / (sample->total_ms / 1e3) : 0.0);
  if (with_made)
    g_string_append_printf (out, ",\"made\":%u", sample->made);
  g_string_append (out, "}");
  g_array_unref (sample->ms);
}

static void
random_deal (BkRng               *rng,
             const BkHerzlaRules *rules,
             guint                dealer,
             BkHerzlaHand        *state)
{
  BkCard deck[BK_N_CARDS];
  BkHand hands[BK_MAX_SEATS], aside;
  guint n = 0;

  for (BkHand all = bk_herzla_deck (rules->variant); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_shuffle (rng, deck, n);
  bk_herzla_deal_from_deck (rules, deck, dealer, hands, &aside);
  bk_herzla_hand_init (state, rules, dealer, hands, aside);
}

/* How much a hand is made for @contract: the sum of its cards' places in the natural
 * order, from the bottom for Mord, from the top for Beddl. */
static guint
hand_strength (BkHand     hand,
               BkContract contract)
{
  const BkGameRules *game = bk_herzla_rules ();
  guint sum = 0;

  for (; hand; hand &= hand - 1)
    {
      guint power = game->power[bk_hand_first (hand)];

      sum += contract == BK_CONTRACT_MORD ? power : 10 - power;
    }
  return sum;
}

/* Bids until @declarer says @contract (H3.1). */
static void
bid_contract (BkHerzlaHand *state,
              guint         declarer,
              BkContract    contract)
{
  while (state->step == BK_HERZLA_STEP_BID)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, (BkSeat) state->to_act,
                                        state->to_act == declarer ? contract
                                                                  : BK_CONTRACT_NORMAL);

      bk_herzla_hand_apply_unchecked (state, &action);
    }
}

typedef enum {
  DECLARER_RANDOM,  /* a random seat bids */
  DECLARER_BEST,    /* the seat whose hand suits the contract best bids */
  DECLARER_STRONG,  /* a random seat bids, dealt 8 of the 16 cards of the contract's ranks */
} DeclarerMode;

/* A deal in which @declarer holds 8 of the 16 cards of the four lowest ranks (Beddl) or
 * of the four highest (Mord), the others the rest at random. */
static void
strong_deal (BkRng               *rng,
             const BkHerzlaRules *rules,
             guint                dealer,
             guint                declarer,
             BkContract           contract,
             BkHerzlaHand        *state)
{
  const BkGameRules *game = bk_herzla_rules ();
  BkCard suited[BK_N_CARDS], rest[BK_N_CARDS];
  BkHand hands[BK_MAX_SEATS] = { 0 };
  guint n_suited = 0, n_rest = 0;

  for (BkHand all = bk_herzla_deck (rules->variant); all; all &= all - 1)
    {
      BkCard card = bk_hand_first (all);
      guint power = game->power[card];  /* 2 (Sieben) to 9 (Sau) in this pack */

      if (contract == BK_CONTRACT_MORD ? power >= 6 : power <= 5)
        suited[n_suited++] = card;
      else
        rest[n_rest++] = card;
    }
  bk_rng_shuffle (rng, suited, n_suited);
  for (guint i = 0; i < n_suited; i++)
    if (i < 8)
      hands[declarer] |= BK_HAND_BIT (suited[i]);
    else
      rest[n_rest++] = suited[i];
  bk_rng_shuffle (rng, rest, n_rest);
  for (guint i = 0, seat = (declarer + 1) % 4; i < n_rest; i++)
    {
      hands[seat] |= BK_HAND_BIT (rest[i]);
      if (bk_hand_count (hands[seat]) == 8)
        seat = (seat + 1) % 4;
    }
  bk_herzla_hand_init (state, rules, dealer, hands, 0);
}

/* Whole deals with a contract, Beddl and Mord in turn, bid as @mode says. */
static void
bench_contracts (GString             *out,
                 BkHerzlaSolver      *solver,
                 const BkHerzlaRules *rules,
                 guint64              seed,
                 guint                n_deals,
                 DeclarerMode         mode)
{
  static const char * const names[] = { "contract", "contract_best_seat", "contract_strong" };
  Sample all, by_contract[BK_N_CONTRACTS];
  BkRng rng;

  bk_rng_init (&rng, seed, 1 + mode);
  sample_init (&all);
  for (guint c = BK_CONTRACT_BEDDL; c <= BK_CONTRACT_MORD; c++)
    sample_init (&by_contract[c]);

  for (guint i = 0; i < n_deals; i++)
    {
      BkContract contract = i % 2 ? BK_CONTRACT_MORD : BK_CONTRACT_BEDDL;
      BkHerzlaHand state;
      guint declarer = bk_rng_below (&rng, 4);
      guint64 nodes = bk_herzla_solver_get_nodes (solver);
      gboolean made;
      double start, ms;

      if (mode == DECLARER_STRONG)
        strong_deal (&rng, rules, i % 4, declarer, contract, &state);
      else
        random_deal (&rng, rules, i % 4, &state);
      if (mode == DECLARER_BEST)
        for (guint s = 0; s < 4; s++)
          if (hand_strength (state.hands[s], contract) >
              hand_strength (state.hands[declarer], contract))
            declarer = s;
      bid_contract (&state, declarer, contract);

      if (i == 0)
        bk_herzla_solver_contract (solver, &state, NULL);  /* the tables' pages, untimed */
      nodes = bk_herzla_solver_get_nodes (solver);
      start = clock_ms ();
      made = bk_herzla_solver_contract (solver, &state, NULL);
      ms = clock_ms () - start;
      nodes = bk_herzla_solver_get_nodes (solver) - nodes;

      for (guint k = 0; k < 2; k++)
        {
          Sample *sample = k ? &by_contract[contract] : &all;

          g_array_append_val (sample->ms, ms);
          sample->total_ms += ms;
          sample->nodes += nodes;
          sample->made += made;
        }
    }

  g_string_append_printf (out, "\"%s\":{", names[mode]);
  sample_append (out, "all", &all, TRUE);
  g_string_append (out, ",");
  sample_append (out, "beddl", &by_contract[BK_CONTRACT_BEDDL], TRUE);
  g_string_append (out, ",");
  sample_append (out, "mord", &by_contract[BK_CONTRACT_MORD], TRUE);
  g_string_append (out, "}");
}

/* The normal game from random play with @k tricks left (at a trick boundary), searched
 * over @max_tricks tricks (BK_HERZLA_SOLVE_ALL: to the end): max^n for every seat, and
 * the paranoid reduction for the seat to act; how often the paranoid card is also a best
 * card under max^n. */
static void
bench_normal (GString             *out,
              const char          *name,
              BkHerzlaSolver      *solver,
              const BkHerzlaRules *rules,
              guint64              seed,
              guint                k,
              guint                max_tricks,
              guint                n_deals)
{
  Sample maxn, paranoid;
  guint agree = 0;
  BkRng rng;

  bk_rng_init (&rng, seed, 16 + k * 8 + rules->n_players);
  sample_init (&maxn);
  sample_init (&paranoid);
  for (guint i = 0; i < n_deals; i++)
    {
      BkHerzlaHand state;
      gint values[BK_MAX_SEATS], move_values[BK_N_CARDS];
      BkCard best, cards[BK_N_CARDS];
      guint64 nodes;
      double start, ms;
      guint n_moves;

      random_deal (&rng, rules, i % rules->n_players, &state);
      bid_contract (&state, BK_HERZLA_SEAT_NONE, BK_CONTRACT_NORMAL);
      while (state.tricks_done + k < state.tricks_in_hand || state.trick.n > 0)
        {
          BkHand legal = bk_herzla_hand_legal (&state);
          BkAction action = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                            bk_hand_nth (legal,
                                                         bk_rng_below (&rng,
                                                                       bk_hand_count (legal))));

          bk_herzla_hand_apply_unchecked (&state, &action);
        }

      if (i == 0)
        bk_herzla_solver_normal (solver, &state, 0, max_tricks, values, NULL);
      nodes = bk_herzla_solver_get_nodes (solver);
      start = clock_ms ();
      bk_herzla_solver_normal (solver, &state, 0, max_tricks, values, NULL);
      ms = clock_ms () - start;
      g_array_append_val (maxn.ms, ms);
      maxn.total_ms += ms;
      maxn.nodes += bk_herzla_solver_get_nodes (solver) - nodes;

      nodes = bk_herzla_solver_get_nodes (solver);
      start = clock_ms ();
      bk_herzla_solver_paranoid (solver, &state, 0, max_tricks, state.to_act, &best);
      ms = clock_ms () - start;
      g_array_append_val (paranoid.ms, ms);
      paranoid.total_ms += ms;
      paranoid.nodes += bk_herzla_solver_get_nodes (solver) - nodes;

      n_moves = bk_herzla_solver_normal_moves (solver, &state, 0, max_tricks, cards,
                                               move_values);
      for (guint m = 0; m < n_moves; m++)
        if (cards[m] == best && move_values[m] == values[state.to_act])
          agree++;
    }
  g_string_append_printf (out, "\"%s\":{", name);
  sample_append (out, "maxn", &maxn, FALSE);
  g_string_append (out, ",");
  sample_append (out, "paranoid", &paranoid, FALSE);
  g_string_append_printf (out, ",\"paranoid_card_best_for_maxn\":%u}", agree);
}

/* The decisions of one level in @deals whole hands with it in every seat: the CPU time of
 * each decision with a choice (a bid, or more than one legal card), and the worlds it
 * solved per second of its decisions. */
static void
bench_level (GString             *out,
             const char          *level,
             const BkHerzlaRules *rules,
             guint64              seed,
             guint                deals)
{
  g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_HERZLA, level, NULL);
  BkStrategy *seats[BK_MAX_SEATS];
  guint64 worlds_before = bk_herzla_player_worlds_solved ();
  Sample sample;
  double worlds;

  sample_init (&sample);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    seats[s] = strategy;
  for (guint deal = 0; deal < deals; deal++)
    {
      BkHand hands[BK_MAX_SEATS], aside;
      BkHerzlaHand state;
      guint dealer;

      bk_herzla_match_deal (rules, seed, deal, &dealer, hands, &aside);
      bk_herzla_hand_init (&state, rules, dealer, hands, aside);
      while (!bk_herzla_hand_is_over (&state))
        {
          gboolean choice = state.step == BK_HERZLA_STEP_BID ||
                            bk_hand_count (bk_herzla_hand_legal (&state)) > 1;
          double start = clock_ms (), ms;
          BkAction action;

          bk_strategy_decide (seats[state.to_act], &bk_herzla_module, &state, state.to_act,
                              bk_rng_mix (seed ^ ((guint64) deal << 8 | state.n_history)),
                              &action);
          ms = clock_ms () - start;
          if (choice)
            {
              g_array_append_val (sample.ms, ms);
              sample.total_ms += ms;
            }
          bk_herzla_hand_apply_unchecked (&state, &action);
        }
    }
  worlds = (double) (bk_herzla_player_worlds_solved () - worlds_before);
  g_string_append_printf (out, "\"%s\":{\"worlds_solved_per_second\":%.0f,", level,
                          sample.total_ms > 0 ? worlds / (sample.total_ms / 1e3) : 0.0);
  sample_append (out, "decision", &sample, FALSE);
  g_string_append (out, "}");
}

/* Consistent worlds drawn per second from the views of random positions. */
static double
bench_sampling (const BkHerzlaRules *rules,
                guint64              seed,
                guint                n)
{
  double total = 0;
  guint drawn = 0;
  BkRng rng;

  bk_rng_init (&rng, seed, 99);
  for (guint i = 0; i < n; i++)
    {
      BkHand hands[BK_MAX_SEATS], aside;
      BkHerzlaHand state;
      BkHerzlaInfo info;
      guint dealer, steps;
      double start;

      bk_herzla_match_deal (rules, seed, 1000 + i, &dealer, hands, &aside);
      bk_herzla_hand_init (&state, rules, dealer, hands, aside);
      steps = bk_rng_below (&rng, rules->n_players * state.tricks_in_hand);
      for (guint k = 0; k < steps + 4 && !bk_herzla_hand_is_over (&state); k++)
        {
          BkHand legal = bk_herzla_hand_legal (&state);
          BkAction action = state.step == BK_HERZLA_STEP_BID
                            ? bk_action_make (BK_ACTION_BID, state.to_act, BK_CONTRACT_NORMAL)
                            : bk_action_make (BK_ACTION_PLAY, state.to_act,
                                              bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal))));

          bk_herzla_hand_apply_unchecked (&state, &action);
        }
      if (bk_herzla_hand_is_over (&state))
        continue;
      bk_herzla_info_init (&info, &state, state.to_act);
      start = clock_ms ();
      for (guint k = 0; k < 100; k++)
        {
          BkHerzlaWorld world;

          drawn += bk_herzla_info_sample (&info, &rng, &world);
        }
      total += clock_ms () - start;
    }
  return total > 0 ? drawn / (total / 1e3) : 0;
}

/* Appends `,"players":{…}`: decision times of the levels (docs/ai.md "Herzla computer
 * players") in the four-player game and the simple form with 3 and with 8 players. */
static void
bench_players (GString             *out,
               const BkHerzlaRules *given,
               guint64              seed,
               gboolean             quick)
{
  static const char *const levels[] = { "heuristic", "pimc", "meister", "cheat" };
  static const struct {
    const char      *name;
    BkHerzlaVariant  variant;
    guint            players;
  } forms[] = {
    { "vier", BK_HERZLA_VIER, 4 },
    { "einfach3", BK_HERZLA_EINFACH, 3 },
    { "einfach8", BK_HERZLA_EINFACH, 8 },
  };

  g_string_append (out, ",\"players\":{");
  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      BkHerzlaRules rules = *given;

      rules.variant = forms[f].variant;
      rules.n_players = (guint8) forms[f].players;
      g_string_append_printf (out, "%s\"%s\":{\"worlds_sampled_per_second\":%.0f", f ? "," : "",
                              forms[f].name, bench_sampling (&rules, seed, quick ? 20 : 500));
      for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
        {
          g_string_append (out, ",");
          bench_level (out, levels[l], &rules, seed, quick ? 2 : 50);
        }
      g_string_append (out, "}");
    }
  g_string_append (out, "}");
}

/* Appends `,"solver":{…}` to the JSON object in @out: the figures of docs/ai.md "Herzla",
 * then `,"players":{…}`, the decision times of the levels. */
void
bk_cli_herzla_solver_bench (GString             *out,
                            const BkHerzlaRules *given,
                            guint64              seed,
                            gboolean             quick)
{
  g_autoptr (BkHerzlaSolver) solver = bk_herzla_solver_new ();
  BkHerzlaRules rules = *given;
  guint n_contract = quick ? 20 : 2000;
  guint n_normal = quick ? 10 : 200;

  g_string_append (out, ",\"solver\":{");
  rules.variant = BK_HERZLA_VIER;
  rules.n_players = 4;
  for (guint mode = DECLARER_RANDOM; mode <= DECLARER_STRONG; mode++)
    {
      bench_contracts (out, solver, &rules, seed, n_contract, (DeclarerMode) mode);
      g_string_append (out, ",");
    }
  g_string_append (out, "\"normal\":{");
  bench_normal (out, "last3", solver, &rules, seed, 3, BK_HERZLA_SOLVE_ALL, n_normal);
  g_string_append (out, ",");
  bench_normal (out, "last4", solver, &rules, seed, 4, BK_HERZLA_SOLVE_ALL, n_normal);
  g_string_append (out, ",");
  bench_normal (out, "last5", solver, &rules, seed, 5, BK_HERZLA_SOLVE_ALL, n_normal / 4);
  g_string_append (out, ",");
  bench_normal (out, "last6", solver, &rules, seed, 6, BK_HERZLA_SOLVE_ALL,
                MAX (1u, n_normal / 20));
  g_string_append (out, ",");
  /* A whole deal from its first card, the search cut after 3 tricks. */
  bench_normal (out, "deal_3_tricks", solver, &rules, seed, 8, 3, MAX (1u, n_normal / 4));
  g_string_append (out, "},\"simple\":{");
  rules.variant = BK_HERZLA_EINFACH;
  rules.n_players = 3;
  bench_normal (out, "players3_last4", solver, &rules, seed, 4, BK_HERZLA_SOLVE_ALL, n_normal);
  g_string_append (out, ",");
  rules.n_players = 8;
  bench_normal (out, "players8_last2", solver, &rules, seed, 2, BK_HERZLA_SOLVE_ALL, n_normal);
  g_string_append (out, ",");
  bench_normal (out, "players8_whole", solver, &rules, seed, 4, BK_HERZLA_SOLVE_ALL,
                MAX (1u, n_normal / 20));
  g_string_append (out, "}}");
  bench_players (out, given, seed, quick);
}
