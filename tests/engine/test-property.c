/* test-property.c: 100,000 seeded random hands (at BK_TEST_SCALE=1) under every variant
 * and house rule.
 *
 * Checks on every hand: 120 card points, every dealt card played exactly once, a legal
 * set that is never empty and always holds the card played, and coasters, dots and carry
 * that agree with a model of spec B5.3 and B6 kept by the test itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-game.h"
#include "bk-random-strategy.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* Sessions at full scale; BK_TEST_SCALE shrinks them, never below MIN_SESSIONS. Session
 * k is seeded with k, so the first sessions are always the same: the first tie comes in
 * the fourth, doublings and Bollen in the first, so 20 sessions (1,000 hands) still reach
 * every path the last assertions ask for. */
#define N_SESSIONS 2000
#define MIN_SESSIONS 20
#define HANDS_PER_SESSION 50

typedef struct {
  BkHand played;
  guint  n_played;
  BkCard last_card;
  guint  last_seat;
} Watch;

static void
card_played_cb (BkGame *game,
                guint   seat,
                guint   card,
                Watch  *watch)
{
  g_assert_false (bk_hand_has (watch->played, (BkCard) card));
  watch->played |= BK_HAND_BIT (card);
  watch->n_played++;
  watch->last_card = (BkCard) card;
  watch->last_seat = seat;
}

static void
random_rules (BkRng   *rng,
              BkRules *rules)
{
  bk_rules_init_default (rules);
  rules->bierkopf.variant = (BkVariant) bk_rng_below (rng, 2);
  rules->bierkopf.packets = (BkPackets) bk_rng_below (rng, 2);
  rules->bierkopf.new_seats_each_bollen = bk_rng_below (rng, 2);
  rules->bierkopf.dealer_may_double = bk_rng_below (rng, 2);
  rules->bierkopf.retour_window = (BkRetourWindow) bk_rng_below (rng, 2);
  rules->bierkopf.void_rule = (BkVoidRule) bk_rng_below (rng, 3);
  rules->bierkopf.trick_view = (BkTrickView) bk_rng_below (rng, 2);
  rules->bierkopf.scoring = (BkScoring) bk_rng_below (rng, 2);
  rules->bierkopf.schwarz = (BkSchwarzRule) bk_rng_below (rng, 2);
  rules->bierkopf.carry = (BkCarryRule) bk_rng_below (rng, 3);
  /* Short coasters now and then, so that Bollen and the cap come up often. */
  rules->bierkopf.lines = bk_rng_below (rng, 3) == 0 ? 1 + bk_rng_below (rng, 8) : 21;
}

/* spec B5.3, B6: the coaster model, from the results alone. */
typedef struct {
  guint lines[BK_N_TEAMS];
  guint dots[BK_N_TEAMS];
  guint carry;
} Coasters;

static void
check_hand (BkGame   *game,
            Coasters *model,
            Watch    *watch)
{
  const BkRules *rules = bk_game_get_rules (game);
  const BkHandState *state = bk_bierkopf_game_get_state (game);
  const BkHandResult *r = bk_bierkopf_game_get_last_result (game);
  guint n_cards = 4 * bk_rules_hand_size (rules);
  BkHand dealt = 0;
  guint level;

  g_assert_nonnull (r);
  for (guint s = 0; s < BK_N_SEATS; s++)
    dealt |= state->dealt[s];
  g_assert_cmpuint (watch->n_played, ==, n_cards);
  g_assert_cmpuint (watch->played, ==, dealt);
  g_assert_cmpuint (r->points[0] + r->points[1], ==, 120);
  g_assert_cmpuint (r->tricks[0] + r->tricks[1], ==, bk_rules_hand_size (rules));
  g_assert_cmpuint (r->multiplier & (r->multiplier - 1), ==, 0);
  g_assert_cmpuint (r->carry_in, ==, model->carry);

  if (r->winner == BK_TEAM_NONE)
    {
      g_assert_cmpuint (r->points[0], ==, 60);
      g_assert_cmpuint (r->lines, ==, 0);
      model->carry = r->carry_out;
      return;
    }

  g_assert_cmpuint (r->points[r->winner], >, 60);
  level = r->value / r->multiplier;
  g_assert_cmpuint (level * r->multiplier, ==, r->value);
  g_assert_cmpuint (level, ==, (rules->bierkopf.scoring == BK_SCORING_LINES && r->schwarz) ? 3
                               : r->schneider ? 2 : 1);
  g_assert_cmpuint (r->lines, ==, r->value + model->carry);
  model->carry = 0;
  model->lines[r->winner] -= MIN (model->lines[r->winner], r->lines);
  if (model->lines[r->winner] == 0)
    {
      model->dots[1 - r->winner]++;
      model->lines[0] = model->lines[1] = rules->bierkopf.lines;
    }
}

static void
test_random_hands (void)
{
  guint hands = 0, ties = 0, bollen = 0, doubled = 0;
  guint n_sessions = MAX (MIN_SESSIONS, bk_test_scaled (N_SESSIONS));

  for (guint session = 0; session < n_sessions; session++)
    {
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      BkRules rules;
      BkRng rng;
      Watch watch = { 0 };
      Coasters model = { 0 };

      bk_rng_init (&rng, session, 77);
      random_rules (&rng, &rules);
      model.lines[0] = model.lines[1] = rules.bierkopf.lines;
      game = bk_game_new (&rules, session);
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();
          bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (random));
        }
      g_signal_connect (game, "card-played", G_CALLBACK (card_played_cb), &watch);

      for (guint h = 0; h < HANDS_PER_SESSION; h++)
        {
          watch.played = 0;
          watch.n_played = 0;
          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);

          while (bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
            {
              BkSeat seat = bk_game_get_to_act (game);
              BkHand legal = bk_game_get_legal (game);
              guint before = watch.n_played;

              if (bk_game_get_phase (game) == BK_PHASE_PLAYING)
                {
                  g_assert_cmpuint (legal, !=, 0);
                  g_assert_cmpuint (legal & ~bk_game_get_cards (game, seat), ==, 0);
                }
              g_assert_true (bk_game_step (game));
              if (watch.n_played > before)
                {
                  g_assert_cmpuint (watch.last_seat, ==, seat);
                  g_assert_true (bk_hand_has (legal, watch.last_card));
                }
            }

          doubled += bk_bierkopf_game_get_multiplier (game) > 1;
          ties += bk_bierkopf_game_get_last_result (game)->winner == BK_TEAM_NONE;
          check_hand (game, &model, &watch);
          g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN), ==, model.lines[0]);
          g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), ==, model.lines[1]);
          g_assert_cmpuint (bk_bierkopf_game_get_dots (game, BK_TEAM_SN), ==, model.dots[0]);
          g_assert_cmpuint (bk_bierkopf_game_get_dots (game, BK_TEAM_WE), ==, model.dots[1]);
          g_assert_cmpuint (bk_bierkopf_game_get_carry (game), ==, model.carry);
          hands++;
        }
      bollen += model.dots[0] + model.dots[1];
    }

  g_test_message ("%u hands, %u ties, %u doubled, %u Bollen", hands, ties, doubled, bollen);
  g_assert_cmpuint (hands, ==, n_sessions * HANDS_PER_SESSION);
  /* The random players must reach every path: ties, doublings, Bollen. */
  g_assert_cmpuint (ties, >, 0);
  g_assert_cmpuint (doubled, >, 0);
  g_assert_cmpuint (bollen, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/property/random-hands", test_random_hands);

  return g_test_run ();
}
