/* bk-cli-bench.c: `bench`, the engine's speed on one core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bk-cli.h"
#include "bk-computer-turn.h"
#include "bk-games.h"
#include "bk-match.h"
#include "bk-random-strategy.h"
#include "bk-review.h"
#include "bk-rng.h"
#include "bk-solver.h"

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

/* One whole random Herzla hand through bk-herzla-hand: shuffle, deal, random bids (mostly
 * weiter) and random legal cards, the tally and the payments. */
static guint64
herzla_hands (gpointer data,
              guint64  iterations)
{
  const BkHerzlaRules *rules = data;
  BkCard deck[BK_N_CARDS];
  guint n = 0;
  gint stock = 0;
  guint64 checksum = 0;
  BkRng rng;

  for (BkHand all = bk_herzla_deck (rules->variant); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_init (&rng, iterations, 0);

  for (guint64 i = 0; i < iterations; i++)
    {
      BkHand hands[BK_MAX_SEATS], aside;
      BkHerzlaHand state;
      BkHerzlaTally tally;
      guint dealer = (guint) (i % rules->n_players);

      bk_rng_shuffle (&rng, deck, n);
      bk_herzla_deal_from_deck (rules, deck, dealer, hands, &aside);
      bk_herzla_hand_init (&state, rules, dealer, hands, aside);
      while (!bk_herzla_hand_is_over (&state))
        {
          BkAction action;

          if (state.step == BK_HERZLA_STEP_BID)
            {
              guint r = bk_rng_below (&rng, 10);

              action = bk_action_make (BK_ACTION_BID, (BkSeat) state.to_act,
                                       r == 0 ? BK_CONTRACT_BEDDL
                                       : r == 1 ? BK_CONTRACT_MORD : BK_CONTRACT_NORMAL);
            }
          else
            {
              BkHand legal = bk_herzla_hand_legal (&state);

              action = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                       bk_hand_nth (legal,
                                                    bk_rng_below (&rng, bk_hand_count (legal))));
            }
          bk_herzla_hand_apply_unchecked (&state, &action);
        }
      bk_herzla_hand_tally (&state, &tally);
      if (rules->variant == BK_HERZLA_VIER)
        {
          BkHerzlaPayment payment;

          bk_herzla_pay (&rules->pay, &tally, stock, &payment);
          stock = payment.stock;
          checksum += (guint64) payment.cents[0] + (guint64) stock;
        }
      else
        checksum += tally.hearts[0];
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
      checksum += bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN);
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

/* Nanosecond wall clock: one exact solve takes some microseconds. */
static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
  double median;
  double p99;
  double max;
  double mean;
} Timing;

/* Sorts @ms (n > 0) and summarises it. */
static Timing
summarise (double *ms,
           guint   n)
{
  Timing t = { 0 };

  if (n == 0)
    return t;
  qsort (ms, n, sizeof ms[0], compare_doubles);
  t.median = ms[n / 2];
  t.p99 = ms[MIN (n - 1, (guint) (n * 0.99))];
  t.max = ms[n - 1];
  for (guint i = 0; i < n; i++)
    t.mean += ms[i] / n;
  return t;
}

static void
append_timing (GString    *out,
               const char *name,
               Timing      t,
               guint       n)
{
  g_string_append_printf (out, ",\"%s\":{\"median_ms\":%.4f,\"p99_ms\":%.4f,\"max_ms\":%.4f,"
                          "\"mean_ms\":%.4f,\"n\":%u}", name, t.median, t.p99, t.max, t.mean, n);
}

typedef struct {
  BkHand hands[BK_N_SEATS];
} Deal;

/* Random deals of @rules, dealt by South: West leads the first card. */
static void
random_deals (const BkRules *rules,
              guint64        seed,
              guint          n,
              Deal          *deals)
{
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkCard deck[BK_N_CARDS];
  guint size = 0;
  BkRng rng;

  for (BkHand all = game->deck (rules); all; all &= all - 1)
    deck[size++] = bk_hand_first (all);
  bk_rng_init (&rng, seed, 2);
  for (guint i = 0; i < n; i++)
    {
      bk_rng_shuffle (&rng, deck, size);
      bk_deal_from_deck (rules, deck, BK_SEAT_S, deals[i].hands);
    }
}

/* Exact solves of whole deals against the plain alpha-beta on the same deals, and the
 * least any driver of this search could do: told the value v beforehand, only prove it
 * (SN reach v, SN do not reach v + 1: two null-window searches). */
static void
bench_solve (GString       *out,
             const BkRules *base,
             BkVariant      variant,
             guint          n)
{
  BkRules rules = *base;
  g_autoptr (BkSolver) solver = NULL;
  g_autofree Deal *deals = NULL;
  g_autofree double *fast = g_new (double, n);
  g_autofree double *plain = g_new (double, n);
  g_autofree double *proof = g_new (double, n);
  g_autofree guint *values = g_new (guint, n);
  guint plain_value;
  guint64 nodes = 0, plain_nodes = 0;
  const char *name = variant == BK_VARIANT_LANG ? "solve24" : "solve20";
  g_autofree char *plain_name = g_strdup_printf ("%s_plain", name);
  g_autofree char *proof_name = g_strdup_printf ("%s_proof", name);
  BkTrick trick = { .leader = BK_SEAT_W };
  Timing f, p, q;

  rules.bierkopf.variant = variant;
  solver = bk_solver_new (&rules);
  deals = g_new (Deal, n);
  random_deals (&rules, 20 + variant, n, deals);

  for (guint i = 0; i < n; i++)
    {
      double start = now_ms (), middle, end;
      guint64 before = bk_solver_get_nodes (solver), between;

      values[i] = bk_solver_solve (solver, deals[i].hands, &trick, NULL);
      middle = now_ms ();
      between = bk_solver_get_nodes (solver);
      plain_value = bk_solver_solve_plain (solver, deals[i].hands, &trick);
      end = now_ms ();
      nodes += between - before;
      plain_nodes += bk_solver_get_nodes (solver) - between;
      plain[i] = end - middle;
      fast[i] = middle - start;
      if (values[i] != plain_value)
        g_error ("the solver and the plain alpha-beta disagree: %u and %u", values[i],
                 plain_value);
    }
  /* A pass of its own, so that no proof finds its deal's table lines still cached. */
  for (guint i = 0; i < n; i++)
    {
      double start = now_ms ();
      gboolean reaches, exceeds;

      reaches = bk_solver_reaches (solver, deals[i].hands, &trick, BK_TEAM_SN,
                                   BK_SOLVE_POINTS, values[i]);
      exceeds = bk_solver_reaches (solver, deals[i].hands, &trick, BK_TEAM_SN,
                                   BK_SOLVE_POINTS, values[i] + 1);
      proof[i] = now_ms () - start;
      if (!reaches || exceeds)
        g_error ("the null-window searches do not confirm the value %u", values[i]);
    }
  f = summarise (fast, n);
  p = summarise (plain, n);
  q = summarise (proof, n);
  append_timing (out, name, f, n);
  append_timing (out, plain_name, p, n);
  append_timing (out, proof_name, q, n);
  g_string_append_printf (out, ",\"%s_speedup\":{\"median\":%.2f,\"mean\":%.2f,"
                          "\"proof_median\":%.2f,\"nodes\":%.0f,\"plain_nodes\":%.0f}",
                          name, p.median / f.median, p.mean / f.mean, p.median / q.median,
                          (double) nodes / n, (double) plain_nodes / n);
}

/* Worlds a sampling player solves per second: a deal at a random point of random play,
 * every legal card of the player to act valued exactly. */
static void
bench_worlds (GString       *out,
              const BkRules *rules,
              double         seconds)
{
  g_autoptr (BkSolver) solver = bk_solver_new (rules);
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkCard deck[BK_N_CARDS];
  guint size = 0, worlds = 0;
  double start = now_ms (), elapsed = 0;
  BkRng rng;

  for (BkHand all = game->deck (rules); all; all &= all - 1)
    deck[size++] = bk_hand_first (all);
  bk_rng_init (&rng, 77, 3);

  while (elapsed < seconds * 1000)
    {
      BkHand hands[BK_N_SEATS];
      BkHandState state;
      BkCard cards[BK_N_CARDS];
      guint values[BK_N_CARDS];
      guint stop;

      bk_rng_shuffle (&rng, deck, size);
      bk_deal_from_deck (rules, deck, BK_SEAT_S, hands);
      bk_hand_state_init (&state, rules, BK_SEAT_S, hands, 21, 21);
      while (bk_hand_state_is_bidding (&state))
        {
          BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (&state), 0);
          bk_hand_state_apply_unchecked (&state, &pass);
        }
      stop = bk_rng_below (&rng, size - BK_N_SEATS);
      while (bk_hand_state_cards_played (&state) < stop)
        {
          BkHand legal = bk_hand_state_legal (&state);
          BkAction play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                          bk_hand_nth (legal, bk_rng_below (&rng,
                                                                            bk_hand_count (legal))));
          bk_hand_state_apply_unchecked (&state, &play);
        }
      bk_solver_move_values (solver, state.hands, &state.trick, cards, values);
      worlds++;
      elapsed = now_ms () - start;
    }
  g_string_append_printf (out, ",\"worlds_per_second\":%.0f", worlds / (elapsed / 1000));
}

typedef struct {
  GArray *card;     /* ms per card decision */
  GArray *choice;   /* the same, only where two or more cards were allowed */
  GArray *bidding;  /* ms per word, Spritze-or-pass and Retour decision */
} Decisions;

static void
decision_cb (gpointer           data,
             const BkHandState *state,
             const BkAction    *action,
             gint64             microseconds)
{
  Decisions *decisions = data;
  double ms = microseconds / 1000.0;

  g_array_append_val (action->type == BK_ACTION_PLAY ? decisions->card : decisions->bidding, ms);
  if (action->type == BK_ACTION_PLAY && bk_hand_count (bk_hand_state_legal (state)) > 1)
    g_array_append_val (decisions->choice, ms);
}

/* Decision times of each level playing itself in duplicate deals, talk and doubling on. */
static void
bench_decisions (GString       *out,
                 const BkRules *rules,
                 guint          n_deals)
{
  static const char * const levels[] = { "random", "heuristic", "pimc", "meister", "cheat" };
  BkMatchOptions match = { .rules = *rules, .seed = 4242, .talk = TRUE, .doubling = TRUE };

  g_string_append (out, ",\"decision\":{");
  for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
    {
      Decisions decisions;
      Timing card, choice, bidding;

      decisions.card = g_array_new (FALSE, FALSE, sizeof (double));
      decisions.choice = g_array_new (FALSE, FALSE, sizeof (double));
      decisions.bidding = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint i = 0; i < n_deals; i++)
        {
          BkHandState states[2];
          BkDuplicateResult result;

          bk_match_play_duplicate (&match, i, levels[l], levels[l], decision_cb, &decisions,
                                   states, &result);
        }
      card = summarise ((double *) (gpointer) decisions.card->data, decisions.card->len);
      choice = summarise ((double *) (gpointer) decisions.choice->data, decisions.choice->len);
      bidding = summarise ((double *) (gpointer) decisions.bidding->data, decisions.bidding->len);
      /* Every card decision, then those with a choice (half of them are forced). */
      g_string_append_printf (out, "%s\"%s\":{\"median_ms\":%.3f,\"p99_ms\":%.3f,"
                              "\"max_ms\":%.3f,\"n\":%u,\"choice\":{\"median_ms\":%.3f,"
                              "\"p99_ms\":%.3f,\"max_ms\":%.3f,\"n\":%u},"
                              "\"bidding\":{\"median_ms\":%.3f,\"p99_ms\":%.3f,"
                              "\"max_ms\":%.3f,\"n\":%u}}",
                              l ? "," : "", levels[l], card.median, card.p99, card.max,
                              decisions.card->len, choice.median, choice.p99, choice.max,
                              decisions.choice->len, bidding.median, bidding.p99, bidding.max,
                              decisions.bidding->len);
      g_array_unref (decisions.card);
      g_array_unref (decisions.choice);
      g_array_unref (decisions.bidding);
    }
  g_string_append (out, "}");
}

/* The processor time of this thread: the review and the hint are timed on one core even
 * when the machine is busy. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The hand review and the hint (bk-review.h): hands in which every seat plays the
 * hint (the Meister's card) after passes, each then reviewed for South; the hint timed
 * at every card with a choice. Processor time, not the wall clock. */
static void
bench_review (GString       *out,
              const BkRules *rules,
              guint          n_deals)
{
  g_autofree Deal *deals = g_new (Deal, n_deals);
  g_autofree double *review_ms = g_new (double, n_deals);
  g_autoptr (GArray) hint_ms = g_array_new (FALSE, FALSE, sizeof (double));

  random_deals (rules, 17, n_deals, deals);
  for (guint i = 0; i < n_deals; i++)
    {
      BkHandState state;
      BkReview *review;
      double start;

      bk_hand_state_init (&state, rules, BK_SEAT_S, deals[i].hands, 21, 21);
      while (bk_hand_state_is_bidding (&state))
        {
          BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (&state), 0);

          bk_hand_state_apply_unchecked (&state, &pass);
        }
      while (!bk_hand_state_is_over (&state))
        {
          gboolean choice = bk_hand_count (bk_hand_state_legal (&state)) > 1;
          BkReviewHint hint;
          double ms;

          start = cpu_ms ();
          if (!bk_review_hint (&state, (BkSeat) state.to_act, i, &hint, NULL))
            break;
          ms = cpu_ms () - start;
          if (choice)
            g_array_append_val (hint_ms, ms);
          bk_hand_state_apply_unchecked (&state, &hint.choice);
        }
      start = cpu_ms ();
      review = bk_review_hand (&state, BK_SEAT_S, BK_REVIEW_THRESHOLD, i, NULL, NULL, NULL,
                               NULL);
      review_ms[i] = cpu_ms () - start;
      g_warn_if_fail (review != NULL);
      bk_review_free (review);
    }
  append_timing (out, "review_hand", summarise (review_ms, n_deals), n_deals);
  append_timing (out, "hint", summarise ((double *) (gpointer) hint_ms->data, hint_ms->len),
                 hint_ms->len);
}

/* notation.md, "Herzla": random hands per second of the four-player game and of the simple
 * form with 3 and with 8 players, the house rules as given. */
static int
herzla_bench (BkCliOptions *options,
              gboolean      quick)
{
  double seconds = quick ? 0.1 : 1.0;
  guint runs = quick ? 3 : 5;
  BkHerzlaRules rules = options->herzla;
  double vier, einfach[2];
  static const guint einfach_players[] = { 3, 8 };
  g_autoptr (GString) solver = g_string_new (NULL);

  rules.variant = BK_HERZLA_VIER;
  rules.n_players = 4;
  vier = measure (herzla_hands, &rules, seconds, runs);
  rules.variant = BK_HERZLA_EINFACH;
  for (guint i = 0; i < G_N_ELEMENTS (einfach_players); i++)
    {
      rules.n_players = (guint8) einfach_players[i];
      einfach[i] = measure (herzla_hands, &rules, seconds, runs);
    }

  bk_cli_herzla_solver_bench (solver, &options->herzla, options->seed, quick);
  printf ("{\"game\":\"herzla\",\"runs\":%u,\"seconds_per_run\":%.1f,"
          "\"vier\":{\"players\":4,\"random_hands_per_second\":%.0f},"
          "\"einfach\":[{\"players\":3,\"random_hands_per_second\":%.0f},"
          "{\"players\":8,\"random_hands_per_second\":%.0f}]%s}\n",
          runs, seconds, vier, einfach[0], einfach[1], solver->str);
  return BK_EXIT_OK;
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
  g_autoptr (GString) out = g_string_new (NULL);
  double seconds, hands, legal, game;
  guint runs;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "bench", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK || options->dry_run)
    return code;
  if (options->rules.game == BK_GAME_HERZLA)
    return herzla_bench (options, quick);

  seconds = quick ? 0.1 : 1.0;
  runs = quick ? 3 : 5;
  positions->rules = &options->rules;
  collect_positions (positions);

  hands = measure (random_hands, &options->rules, seconds, runs);
  legal = measure (legal_moves, positions, seconds, runs);
  game = measure (game_hands, &options->rules, seconds, runs);

  g_string_append_printf (out, "{\"variant\":\"%s\",\"runs\":%u,\"seconds_per_run\":%.1f,"
                          "\"random_hands_per_second\":%.0f,\"legal_moves_per_second\":%.0f,"
                          "\"game_hands_per_second\":%.0f",
                          options->rules.bierkopf.variant == BK_VARIANT_LANG ? "lang" : "kurz",
                          runs, seconds, hands, legal, game);
  bench_solve (out, &options->rules, BK_VARIANT_KURZ, quick ? 100 : 2000);
  bench_solve (out, &options->rules, BK_VARIANT_LANG, quick ? 20 : 500);
  bench_worlds (out, &options->rules, seconds);
  bench_decisions (out, &options->rules, quick ? 5 : 200);
  bench_review (out, &options->rules, quick ? 3 : 50);
  g_string_append (out, "}");
  puts (out->str);
  return BK_EXIT_OK;
}
