/* test-solver.c: the exact double-dummy solver against a plain minimax (spec B4, B5.1).
 *
 * The minimax here is written from the engine's rule functions alone (bk_legal_moves,
 * bk_trick_winner), without pruning, so that it shares nothing with the solver's compact
 * numbering, table, ordering or card reduction.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-hand-state.h"
#include "bk-rng.h"
#include "bk-solver.h"
#include "test-helpers.h"

/* What the SN team takes from here: card points, or tricks. */
static guint
minimax (const BkRules *rules,
         BkHand         hands[BK_N_SEATS],
         BkTrick       *trick,
         BkSolveGoal    goal)
{
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkSeat seat = bk_seat_after ((BkSeat) trick->leader, trick->n);
  BkHand legal;
  gboolean maximise = bk_seat_team (seat) == BK_TEAM_SN;
  guint best = maximise ? 0 : G_MAXUINT;

  if (hands[seat] == 0)
    return 0;

  legal = bk_legal_moves (game, rules, hands[seat], trick);
  g_assert_cmpuint (legal, !=, 0);
  for (; legal; legal &= legal - 1)
    {
      BkCard card = bk_hand_first (legal);
      BkTrick saved = *trick;
      guint value;

      hands[seat] &= ~BK_HAND_BIT (card);
      trick->cards[trick->n++] = card;
      if (trick->n == BK_N_SEATS)
        {
          BkSeat winner = bk_seat_after ((BkSeat) trick->leader, bk_trick_winner (game, trick));
          guint add = 0;

          if (bk_seat_team (winner) == BK_TEAM_SN)
            add = goal == BK_SOLVE_TRICKS ? 1 : bk_trick_points (game, trick);
          trick->n = 0;
          trick->leader = winner;
          value = add + minimax (rules, hands, trick, goal);
        }
      else
        value = minimax (rules, hands, trick, goal);
      *trick = saved;
      hands[seat] |= BK_HAND_BIT (card);

      best = maximise ? MAX (best, value) : MIN (best, value);
    }
  return best;
}

static void
rules_for (BkRules    *rules,
           BkVariant   variant,
           BkVoidRule  void_rule)
{
  bk_rules_init_default (rules);
  rules->bierkopf.variant = variant;
  rules->bierkopf.void_rule = void_rule;
}

/* A random deal played at random until @tricks_left tricks (and a random part of the
 * next trick) are left: the hands and the trick on the table. */
static void
random_position (BkRng         *rng,
                 const BkRules *rules,
                 guint          tricks_left,
                 BkHand         hands[BK_N_SEATS],
                 BkTrick       *trick)
{
  const BkGameRules *game = bk_game_rules_get (rules->game);
  BkCard deck[BK_N_CARDS];
  BkHand dealt[BK_N_SEATS];
  BkHandState state;
  guint n = 0, stop;

  for (BkHand all = game->deck (rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_shuffle (rng, deck, n);
  bk_deal_from_deck (rules, deck, BK_SEAT_S, dealt);
  bk_hand_state_init (&state, rules, BK_SEAT_S, dealt, 21, 21);
  while (bk_hand_state_is_bidding (&state))
    {
      BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (&state), 0);
      bk_hand_state_apply_unchecked (&state, &pass);
    }

  stop = (state.n_tricks - tricks_left) * BK_N_SEATS + bk_rng_below (rng, BK_N_SEATS);
  while (bk_hand_state_cards_played (&state) < stop)
    {
      BkHand legal = bk_hand_state_legal (&state);
      BkCard card = bk_hand_nth (legal, bk_rng_below (rng, bk_hand_count (legal)));
      BkAction play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act, card);

      bk_hand_state_apply_unchecked (&state, &play);
    }
  for (guint s = 0; s < BK_N_SEATS; s++)
    hands[s] = state.hands[s];
  *trick = state.trick;
}

/* For a failure: the position in notation, in the test log. */
static void
describe_position (const BkRules *rules,
                   const BkHand   hands[BK_N_SEATS],
                   const BkTrick *trick)
{
  const BkGameRules *game = bk_game_rules_get (rules->game);
  g_autofree char *cards = bk_card_list_to_string (trick->cards, trick->n);

  for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
    {
      g_autofree char *hand = bk_hand_to_string (game, hands[s]);
      g_test_message ("%s: %s", bk_seat_to_string (s), hand);
    }
  g_test_message ("lead %s, trick “%s”", bk_seat_to_string ((BkSeat) trick->leader), cards);
}

static guint
position_total (const BkRules *rules,
                const BkHand   hands[BK_N_SEATS],
                const BkTrick *trick)
{
  const BkGameRules *game = bk_game_rules_get (rules->game);
  guint total = bk_trick_points (game, trick);

  for (guint s = 0; s < BK_N_SEATS; s++)
    for (BkHand h = hands[s]; h; h &= h - 1)
      total += game->points[bk_hand_first (h)];
  return total;
}

/* Solver value, best card, move values and null-window answers against the minimax, on
 * @n_positions random positions at full scale (fewer under BK_TEST_SCALE < 1: every
 * check is exact, so any number of positions keeps it sound). */
static void
check_against_minimax (BkVariant  variant,
                       BkVoidRule void_rule,
                       guint      n_positions,
                       guint      max_tricks_left,
                       guint64    seed)
{
  g_autoptr (BkSolver) solver = NULL;
  BkRules rules;
  BkRng rng;

  rules_for (&rules, variant, void_rule);
  solver = bk_solver_new (&rules);
  bk_rng_init (&rng, seed, variant * 3 + void_rule);
  n_positions = bk_test_scaled (n_positions);

  for (guint i = 0; i < n_positions; i++)
    {
      BkHand hands[BK_N_SEATS];
      BkTrick trick;
      BkCard best, cards[BK_N_CARDS];
      guint values[BK_N_CARDS];
      guint expected, value, total, n_moves, best_value = 0, target;
      BkSeat seat;
      BkTeam team;
      g_autoptr (GError) error = NULL;

      random_position (&rng, &rules, 1 + bk_rng_below (&rng, max_tricks_left), hands, &trick);
      g_assert_true (bk_position_check (&rules, hands, &trick, &error));
      g_assert_no_error (error);
      seat = bk_seat_after ((BkSeat) trick.leader, trick.n);
      team = bk_seat_team (seat);
      total = position_total (&rules, hands, &trick);

      expected = minimax (&rules, hands, &trick, BK_SOLVE_POINTS);
      value = bk_solver_solve (solver, hands, &trick, &best);
      if (value != expected)
        describe_position (&rules, hands, &trick);
      g_assert_cmpuint (value, ==, expected);
      g_assert_cmpuint (bk_solver_solve_plain (solver, hands, &trick), ==, expected);

      /* The best card is legal and its value is the position's value. */
      n_moves = bk_solver_move_values (solver, hands, &trick, cards, values);
      g_assert_cmpuint (n_moves, ==,
                        bk_hand_count (bk_legal_moves (bk_game_rules_get (rules.game), &rules,
                                                       hands[seat], &trick)));
      for (guint k = 0; k < n_moves; k++)
        {
          BkHand after[BK_N_SEATS];
          BkTrick next = trick;
          guint sn;

          memcpy (after, hands, sizeof after);
          after[seat] &= ~BK_HAND_BIT (cards[k]);
          next.cards[next.n++] = cards[k];
          if (next.n == BK_N_SEATS)
            {
              const BkGameRules *game = bk_game_rules_get (rules.game);
              BkSeat winner = bk_seat_after ((BkSeat) next.leader, bk_trick_winner (game, &next));

              sn = bk_seat_team (winner) == BK_TEAM_SN ? bk_trick_points (game, &next) : 0;
              next.n = 0;
              next.leader = winner;
              sn += minimax (&rules, after, &next, BK_SOLVE_POINTS);
            }
          else
            sn = minimax (&rules, after, &next, BK_SOLVE_POINTS);
          g_assert_cmpuint (values[k], ==, team == BK_TEAM_SN ? sn : total - sn);
          best_value = MAX (best_value, values[k]);
          if (cards[k] == best)
            g_assert_cmpuint (values[k], ==, team == BK_TEAM_SN ? value : total - value);
        }
      g_assert_cmpuint (best_value, ==, team == BK_TEAM_SN ? value : total - value);
      g_assert_true (bk_hand_has (hands[seat], best));

      /* The null-window driver agrees on either side of the value. */
      target = bk_rng_below (&rng, total + 2);
      g_assert_true (bk_solver_reaches (solver, hands, &trick, BK_TEAM_SN, BK_SOLVE_POINTS,
                                        target) == (value >= target));
      g_assert_true (bk_solver_reaches (solver, hands, &trick, BK_TEAM_WE, BK_SOLVE_POINTS,
                                        target) == (total - value >= target));

      /* Tricks instead of points (Schwarz). */
      if (i % 4 == 0)
        {
          guint tricks = minimax (&rules, hands, &trick, BK_SOLVE_TRICKS);
          guint all = (bk_hand_count (hands[0] | hands[1] | hands[2] | hands[3]) + trick.n) / 4;

          g_assert_cmpuint (bk_solver_solve_goal (solver, hands, &trick, BK_SOLVE_TRICKS), ==,
                            tricks);
          g_assert_true (bk_solver_reaches (solver, hands, &trick, BK_TEAM_SN, BK_SOLVE_TRICKS,
                                            all) == (tricks == all));
          g_assert_true (bk_solver_reaches (solver, hands, &trick, BK_TEAM_WE, BK_SOLVE_TRICKS,
                                            all) == (tricks == 0));
        }
    }
}

static void
test_minimax_kurz (gconstpointer data)
{
  /* Up to three tricks left keeps the unpruned minimax fast; some go to four. */
  check_against_minimax (BK_VARIANT_KURZ, GPOINTER_TO_UINT (data), 2000, 3, 1);
  check_against_minimax (BK_VARIANT_KURZ, GPOINTER_TO_UINT (data), 300, 4, 2);
}

static void
test_minimax_lang (gconstpointer data)
{
  check_against_minimax (BK_VARIANT_LANG, GPOINTER_TO_UINT (data), 2000, 3, 3);
  check_against_minimax (BK_VARIANT_LANG, GPOINTER_TO_UINT (data), 200, 4, 4);
}

/* Whole deals: the full solver against its plain alpha-beta. */
static void
test_full_deals (gconstpointer data)
{
  BkVariant variant = GPOINTER_TO_UINT (data);

  for (BkVoidRule void_rule = BK_VOID_TRUMPFZWANG; void_rule <= BK_VOID_FREI; void_rule++)
    {
      g_autoptr (BkSolver) solver = NULL;
      BkRules rules;
      BkRng rng;
      guint n = bk_test_scaled (variant == BK_VARIANT_KURZ ? 200 : 20);

      rules_for (&rules, variant, void_rule);
      solver = bk_solver_new (&rules);
      bk_rng_init (&rng, 7, void_rule);
      for (guint i = 0; i < n; i++)
        {
          BkHand hands[BK_N_SEATS];
          BkTrick trick;

          random_position (&rng, &rules, bk_rules_hand_size (&rules), hands, &trick);
          g_assert_cmpuint (bk_solver_solve (solver, hands, &trick, NULL), ==,
                            bk_solver_solve_plain (solver, hands, &trick));
        }
    }
}

/* A team holding the ten highest trumps takes everything, whoever leads. */
static void
test_dominant (void)
{
  g_autoptr (BkSolver) solver = NULL;
  BkHand hands[BK_N_SEATS];
  BkTrick trick = { .leader = BK_SEAT_W };
  BkRules rules;
  BkCard best;

  bk_rules_init_default (&rules);
  solver = bk_solver_new (&rules);
  deal_dominant (hands, BK_TEAM_SN);
  g_assert_cmpuint (bk_solver_solve (solver, hands, &trick, &best), ==, 120);
  g_assert_true (bk_hand_has (hands[BK_SEAT_W], best));
  g_assert_true (bk_solver_reaches (solver, hands, &trick, BK_TEAM_SN, BK_SOLVE_TRICKS, 5));
  deal_dominant (hands, BK_TEAM_WE);
  g_assert_cmpuint (bk_solver_solve (solver, hands, &trick, NULL), ==, 0);
}

/* A hand-made end position: the last two tricks, Farbzwang decides (spec B4.2). */
static void
test_two_tricks (void)
{
  g_autoptr (BkSolver) solver = NULL;
  BkHand hands[BK_N_SEATS];
  BkTrick trick = { .leader = BK_SEAT_S };
  BkRules rules;
  BkCard best, cards[2];
  guint values[2];

  bk_rules_init_default (&rules);
  solver = bk_solver_new (&rules);
  /* South takes both tricks whichever card he leads: after EA West must follow with E10,
   * after EO nobody holds a trump and West's E10 must follow EA in the last trick. */
  deal_hands (hands, "EA EO", "E10 SK", "GK GA", "SA S10");
  g_assert_cmpuint (bk_solver_solve (solver, hands, &trick, &best), ==,
                    11 + 10 + 4 + 11 + 3 + 4 + 11 + 10);
  g_assert_true (best == C ("EA") || best == C ("EO"));
  g_assert_cmpuint (bk_solver_move_values (solver, hands, &trick, cards, values), ==, 2);
  g_assert_cmpuint (values[0], ==, 64);
  g_assert_cmpuint (values[1], ==, 64);
}

static void
test_position_check (void)
{
  BkHand hands[BK_N_SEATS];
  BkTrick trick = { .leader = BK_SEAT_S };
  BkRules rules;
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  deal_hands (hands, "EA EO", "E10 SK", "GK GA", "SA S10");
  g_assert_true (bk_position_check (&rules, hands, &trick, &error));
  g_assert_no_error (error);

  /* West holds E10 but played SK to an Eichel lead: against Farbzwang (B4.2). */
  deal_hands (hands, "EO", "E10", "GK GA", "SA S10");
  trick.n = 2;
  trick.cards[0] = C ("EA");
  trick.cards[1] = C ("SK");
  g_assert_false (bk_position_check (&rules, hands, &trick, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD);
  g_clear_error (&error);

  /* Counts that do not fit the trick. */
  deal_hands (hands, "EO EA", "E10", "GK GA", "SA S10");
  trick.n = 0;
  g_assert_false (bk_position_check (&rules, hands, &trick, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
}

int
main (int    argc,
      char **argv)
{
  static const char * const void_names[] = { "trumpfzwang", "ueberstechen", "frei" };

  g_test_init (&argc, &argv, NULL);

  for (BkVoidRule v = BK_VOID_TRUMPFZWANG; v <= BK_VOID_FREI; v++)
    {
      g_autofree char *kurz = g_strdup_printf ("/solver/B4.3/minimax/kurz/%s", void_names[v]);
      g_autofree char *lang = g_strdup_printf ("/solver/B4.3/minimax/lang/%s", void_names[v]);

      g_test_add_data_func (kurz, GUINT_TO_POINTER (v), test_minimax_kurz);
      g_test_add_data_func (lang, GUINT_TO_POINTER (v), test_minimax_lang);
    }
  g_test_add_data_func ("/solver/B1.2/full-deals/kurz", GUINT_TO_POINTER (BK_VARIANT_KURZ),
                        test_full_deals);
  g_test_add_data_func ("/solver/B1.2/full-deals/lang", GUINT_TO_POINTER (BK_VARIANT_LANG),
                        test_full_deals);
  g_test_add_func ("/solver/B5.1/dominant", test_dominant);
  g_test_add_func ("/solver/B4.2/two-tricks", test_two_tricks);
  g_test_add_func ("/solver/B4.2/position-check", test_position_check);

  return g_test_run ();
}
