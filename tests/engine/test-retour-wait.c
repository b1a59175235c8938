/* test-retour-wait.c: spec B3.6 in a session with a person at the table: while the
 * person's team may still raise, the session waits for the person's answer to the Retour
 * offer (bk_bierkopf_game_is_waiting_for_retour()), and no computer player plays a card meanwhile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-game.h"
#include "bk-random-strategy.h"
#include "test-helpers.h"

/* A computer player for tests: plays the first legal card, and raises when told to. */
#define TEST_TYPE_RAISER (test_raiser_get_type ())
G_DECLARE_FINAL_TYPE (TestRaiser, test_raiser, TEST, RAISER, GObject)

struct _TestRaiser
{
  GObject  parent_instance;
  gboolean raises;
  guint    asked;
};

static void test_raiser_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestRaiser, test_raiser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY, test_raiser_iface_init))

static void
test_raiser_decide (BkStrategy         *strategy,
                    const BkGameModule *module,
                    gconstpointer       hand,
                    guint               seat,
                    guint64             seed,
                    BkAction           *action)
{
  const BkHandState *state = hand;

  g_assert_cmpint (state->step, ==, BK_STEP_PLAY);
  *action = bk_action_make (BK_ACTION_PLAY, seat, bk_hand_first (bk_hand_state_legal (state)));
}

static gboolean
test_raiser_answer_offer (BkStrategy         *strategy,
                          const BkGameModule *module,
                          gconstpointer       hand,
                          guint               seat,
                          guint64             seed,
                          BkAction           *accept)
{
  *accept = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  TestRaiser *self = TEST_RAISER (strategy);

  self->asked++;
  return self->raises;
}

static void
test_raiser_iface_init (BkStrategyInterface *iface)
{
  iface->decide = test_raiser_decide;
  iface->answer_offer = test_raiser_answer_offer;
}

static void
test_raiser_class_init (TestRaiserClass *klass)
{
}

static void
test_raiser_init (TestRaiser *self)
{
}

typedef struct {
  BkGame     *game;
  TestRaiser *players[BK_N_SEATS]; /* NULL at South, the person */
  guint       cards_played;
  guint       declined[BK_N_SEATS];
} Table;

static void
card_played_cb (BkGame *game,
                guint   seat,
                guint   card,
                Table  *table)
{
  table->cards_played++;
}

static void
retour_declined_cb (BkGame *game,
                    guint   seat,
                    Table  *table)
{
  table->declined[seat]++;
}

/* Dealer South: West is Vorhand and announces Spritze at once, so South's team (South
 * and North) may answer with a Retour from the second card of the first trick on. */
static void
table_init (Table   *table,
            gboolean north_raises,
            gboolean west_raises,
            gboolean east_raises)
{
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  memset (table, 0, sizeof *table);
  bk_rules_init_default (&rules);
  table->game = bk_game_new (&rules, 7);
  deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK", "GU HU SU HA H10");
  g_assert_true (bk_game_deal (table->game, BK_SEAT_S, hands, 0, &error));
  g_assert_no_error (error);
  g_assert_true (bk_bierkopf_game_double (table->game, BK_SEAT_W, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_phase (table->game), ==, BK_PHASE_PLAYING);

  for (guint s = BK_SEAT_W; s < BK_N_SEATS; s++)
    {
      table->players[s] = g_object_new (TEST_TYPE_RAISER, NULL);
      bk_game_set_strategy (table->game, (BkSeat) s, BK_STRATEGY (table->players[s]));
    }
  table->players[BK_SEAT_N]->raises = north_raises;
  table->players[BK_SEAT_W]->raises = west_raises;
  table->players[BK_SEAT_E]->raises = east_raises;
  g_signal_connect (table->game, "card-played", G_CALLBACK (card_played_cb), table);
  g_signal_connect (table->game, "retour-declined", G_CALLBACK (retour_declined_cb), table);
}

static void
table_clear (Table *table)
{
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_clear_object (&table->players[s]);
  g_clear_object (&table->game);
}

/* The session is stuck on South's answer: nothing happens by itself. */
static void
assert_waits_for_south (Table *table)
{
  BkComputerTurn turn;
  guint played = table->cards_played;

  g_assert_true (bk_bierkopf_game_is_waiting_for_retour (table->game, BK_SEAT_S));
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table->game, BK_SEAT_N));
  g_assert_cmpint (bk_game_get_waiting_for (table->game), ==, BK_SEAT_S);
  g_assert_true (bk_bierkopf_game_may_double (table->game, BK_SEAT_S));
  g_assert_false (bk_game_get_computer_turn (table->game, &turn));
  g_assert_false (bk_game_step (table->game));
  bk_game_run (table->game);
  g_assert_cmpuint (table->cards_played, ==, played);
}

/* spec B3.6: after the second card the person's partner is asked first; when he does not
 * raise, the session waits for the person, even though East is to play; "no Retour" lets
 * the play go on, and the session does not wait again at the third card. */
static void
test_waits_then_declines (void)
{
  Table table;
  g_autoptr (GError) error = NULL;

  table_init (&table, FALSE, FALSE, FALSE);
  /* One card on the table: no offer yet. */
  g_assert_true (bk_game_step (table.game));
  g_assert_cmpuint (table.cards_played, ==, 1);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table.game, BK_SEAT_S));

  bk_game_run (table.game);
  g_assert_cmpuint (table.cards_played, ==, 2);
  g_assert_cmpuint (table.players[BK_SEAT_N]->asked, ==, 1);
  g_assert_cmpuint (table.declined[BK_SEAT_N], ==, 1);
  g_assert_cmpint (bk_game_get_to_act (table.game), ==, BK_SEAT_E);
  assert_waits_for_south (&table);

  g_assert_true (bk_bierkopf_game_answer_retour (table.game, BK_SEAT_S, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (table.declined[BK_SEAT_S], ==, 1);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table.game, BK_SEAT_S));
  g_assert_cmpint (bk_game_get_waiting_for (table.game), ==, BK_SEAT_NONE);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (table.game), ==, 2);

  /* East plays; North is asked again at the new card, South is not waited for again but
   * may still raise. */
  bk_game_run (table.game);
  g_assert_cmpuint (table.cards_played, ==, 3);
  g_assert_cmpuint (table.players[BK_SEAT_N]->asked, ==, 2);
  g_assert_cmpint (bk_game_get_to_act (table.game), ==, BK_SEAT_S);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table.game, BK_SEAT_S));
  g_assert_true (bk_bierkopf_game_may_double (table.game, BK_SEAT_S));
  table_clear (&table);
}

/* spec B3.6, B3.7: the person raises (×4); the other team answers one raise at a time
 * (×8), and the session waits for the person again at the new level. */
static void
test_chain_waits_at_each_level (void)
{
  Table table;
  g_autoptr (GError) error = NULL;

  table_init (&table, FALSE, TRUE, TRUE);
  bk_game_run (table.game);
  assert_waits_for_south (&table);

  g_assert_true (bk_bierkopf_game_answer_retour (table.game, BK_SEAT_S, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (table.game), ==, 4);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table.game, BK_SEAT_S));

  /* One step: one raise by the other team, no card. */
  g_assert_true (bk_game_step (table.game));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (table.game), ==, 8);
  g_assert_cmpuint (table.cards_played, ==, 2);

  /* North is asked first at the new level, then the session waits for South. */
  bk_game_run (table.game);
  g_assert_cmpuint (table.cards_played, ==, 2);
  assert_waits_for_south (&table);
  g_assert_true (bk_bierkopf_game_answer_retour (table.game, BK_SEAT_S, FALSE, &error));
  g_assert_no_error (error);
  bk_game_run (table.game);
  g_assert_cmpuint (table.cards_played, ==, 3);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (table.game), ==, 8);
  table_clear (&table);
}

/* spec B3.6: when the partner raises, the person's team has raised: no waiting. */
static void
test_partner_raises_first (void)
{
  Table table;

  table_init (&table, TRUE, FALSE, FALSE);
  bk_game_run (table.game);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (table.game), ==, 4);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (table.game, BK_SEAT_S));
  g_assert_false (bk_bierkopf_game_may_double (table.game, BK_SEAT_S));
  /* West and East did not answer; East played, now it is South's card. */
  g_assert_cmpint (bk_game_get_to_act (table.game), ==, BK_SEAT_S);
  table_clear (&table);
}

/* A "no" out of turn is refused and changes nothing; a card played while the offer is
 * open answers it. */
static void
test_answer_refused_and_card_answers (void)
{
  Table table;
  g_autoptr (GError) error = NULL;
  BkHandState before;

  table_init (&table, FALSE, FALSE, FALSE);
  before = *bk_bierkopf_game_get_state (table.game);
  g_assert_false (bk_bierkopf_game_answer_retour (table.game, BK_SEAT_S, FALSE, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP);
  g_clear_error (&error);
  g_assert_false (bk_bierkopf_game_answer_retour (table.game, BK_SEAT_S, TRUE, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP);
  g_clear_error (&error);
  g_assert_true (memcmp (&before, bk_bierkopf_game_get_state (table.game), sizeof before) == 0);
  table_clear (&table);

  /* Dealer West: North leads, East plays second, and South, to play third, is offered
   * the Retour after East's Spritze. */
  {
    BkRules rules;
    BkHand hands[BK_N_SEATS];
    g_autoptr (BkGame) game = NULL;
    g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();

    bk_rules_init_default (&rules);
    game = bk_game_new (&rules, 3);
    deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK",
                "GU HU SU HA H10");
    g_assert_true (bk_game_deal (game, BK_SEAT_W, hands, 0, &error));
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_N, &error));
    g_assert_no_error (error);
    while (bk_game_get_to_act (game) != BK_SEAT_E)
      g_assert_true (bk_bierkopf_game_talk (game, bk_game_get_to_act (game), BK_WORD_NONE, &error));
    g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_E, &error));
    g_assert_no_error (error);
    g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
    bk_game_set_strategy (game, BK_SEAT_N, BK_STRATEGY (random));
    bk_game_set_strategy (game, BK_SEAT_E, BK_STRATEGY (random));
    bk_game_set_strategy (game, BK_SEAT_W, BK_STRATEGY (random));
    g_assert_true (bk_game_play (game, BK_SEAT_N, C ("GK"), &error));
    g_assert_true (bk_game_play (game, BK_SEAT_E, C ("HA"), &error));
    g_assert_no_error (error);
    g_assert_true (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S) ||
                   bk_bierkopf_game_get_multiplier (game) == 2);
    /* Whatever North answered: South plays without a word, and that is a "no". */
    if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
      {
        g_assert_true (bk_game_play (game, BK_SEAT_S,
                                     bk_hand_first (bk_game_get_legal (game)), &error));
        g_assert_no_error (error);
        g_assert_false (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
        g_assert_true (bk_game_step (game));
      }
  }
}

/* spec B3.6 over many random sessions: while the session waits for the person, no
 * computer player moves; as soon as the person answers, the session goes on; every hand
 * ends. */
static void
test_random_sessions (void)
{
  guint waits = 0, sessions = bk_test_scaled (60);

  for (guint64 seed = 1; seed <= sessions; seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();
      g_autoptr (GError) error = NULL;
      guint64 coin = seed;

      bk_rules_init_default (&rules);
      rules.bierkopf.retour_window = seed % 2 ? BK_RETOUR_WHOLE_HAND : rules.bierkopf.retour_window;
      game = bk_game_new (&rules, seed);
      for (guint s = BK_SEAT_W; s < BK_N_SEATS; s++)
        bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (random));

      for (guint hand = 0; hand < 4; hand++)
        {
          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
          for (guint steps = 0; bk_game_get_phase (game) != BK_PHASE_HAND_OVER; steps++)
            {
              g_assert_cmpuint (steps, <, 400);
              if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
                {
                  guint n = bk_hand_state_cards_played (bk_bierkopf_game_get_state (game));

                  waits++;
                  g_assert_false (bk_game_step (game));
                  g_assert_cmpuint (bk_hand_state_cards_played (bk_bierkopf_game_get_state (game)), ==, n);
                  coin = coin * 6364136223846793005u + 1442695040888963407u;
                  g_assert_true (bk_bierkopf_game_answer_retour (game, BK_SEAT_S, (coin >> 62) == 0,
                                                        &error));
                  g_assert_no_error (error);
                }
              else if (!bk_game_step (game))
                {
                  BkAction action;

                  g_assert_cmpint (bk_game_get_to_act (game), ==, BK_SEAT_S);
                  bk_strategy_decide (BK_STRATEGY (random), &bk_bierkopf_module,
                                      bk_bierkopf_game_get_state (game), BK_SEAT_S,
                                      seed + steps, &action);
                  g_assert_true (bk_game_apply (game, &action, &error));
                  g_assert_no_error (error);
                }
            }
        }
    }
  g_assert_cmpuint (waits, >, 0);
}

/* spec B3.6, the offer's moment, for every dealer and every seat that says the Spritze:
 * nobody may raise before the second card of the first trick is on the table, nor after
 * that trick; the session waits for the person only in that window, only when the
 * Spritze came from the other team, and while it waits no computer player plays. */
static void
test_offer_opens_at_second_card (void)
{
  guint waits = 0;

  for (guint dealer = 0; dealer < BK_N_SEATS; dealer++)
    for (guint k = 1; k <= 3; k++)
      {
        BkSeat doubler = bk_seat_after ((BkSeat) dealer, k);
        BkRules rules;
        BkHand hands[BK_N_SEATS];
        g_autoptr (BkGame) game = NULL;
        g_autoptr (GError) error = NULL;
        TestRaiser *players[BK_N_SEATS] = { NULL };
        gboolean waited = FALSE;

        bk_rules_init_default (&rules);
        game = bk_game_new (&rules, 11);
        deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK",
                    "GU HU SU HA H10");
        g_assert_true (bk_game_deal (game, (BkSeat) dealer, hands, 0, &error));
        g_assert_no_error (error);

        /* The talk is silent; @doubler says Spritze at his turn, the others before him
         * pass. */
        for (guint steps = 0; bk_game_get_phase (game) == BK_PHASE_BIDDING; steps++)
          {
            const BkHandState *state = bk_bierkopf_game_get_state (game);
            BkSeat seat = bk_hand_state_decider (state);

            g_assert_cmpuint (steps, <, 20);
            if (seat == BK_SEAT_NONE)
              g_assert_true (bk_bierkopf_game_talk (game, bk_game_get_to_act (game), BK_WORD_NONE,
                                           &error));
            else if (seat == doubler)
              g_assert_true (bk_bierkopf_game_double (game, seat, &error));
            else
              g_assert_true (bk_bierkopf_game_pass (game, seat, &error));
            g_assert_no_error (error);
          }
        g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
        g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);

        for (guint s = BK_SEAT_W; s < BK_N_SEATS; s++)
          {
            players[s] = g_object_new (TEST_TYPE_RAISER, NULL);
            bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (players[s]));
          }

        for (guint steps = 0; bk_game_get_phase (game) == BK_PHASE_PLAYING; steps++)
          {
            const BkHandState *state = bk_bierkopf_game_get_state (game);
            guint cards = bk_hand_state_cards_played (state);
            gboolean window = cards >= 2 && state->tricks_done == 0;

            g_assert_cmpuint (steps, <, 100);
            for (guint s = 0; s < BK_N_SEATS; s++)
              if (!window)
                g_assert_false (bk_bierkopf_game_may_double (game, (BkSeat) s));
            if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
              {
                g_test_message ("dealer %u, Spritze by %u: waits at card %u", dealer,
                                doubler, cards);
                g_assert_true (window);
                g_assert_cmpint (bk_seat_team (doubler), ==, BK_TEAM_WE);
                g_assert_false (bk_game_step (game));
                g_assert_cmpuint (bk_hand_state_cards_played (bk_bierkopf_game_get_state (game)),
                                  ==, cards);
                g_assert_true (bk_bierkopf_game_answer_retour (game, BK_SEAT_S, FALSE, &error));
                g_assert_no_error (error);
                waited = TRUE;
              }
            else if (!bk_game_step (game))
              {
                /* The computer players have answered and played: the person's card. */
                g_assert_cmpint (bk_game_get_to_act (game), ==, BK_SEAT_S);
                g_assert_true (bk_game_play (game, BK_SEAT_S,
                                             bk_hand_first (bk_game_get_legal (game)), &error));
                g_assert_no_error (error);
              }
          }
        /* The opponents' Spritze is always offered to the person once. */
        g_test_message ("dealer %u, Spritze by %u: waited %d", dealer, doubler, waited);
        g_assert_cmpint (waited, ==, (bk_seat_team (doubler) == BK_TEAM_WE));
        waits += waited;
        for (guint s = 0; s < BK_N_SEATS; s++)
          g_clear_object (&players[s]);
      }
  g_assert_cmpuint (waits, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/retour-wait/B3.6/waits-then-declines", test_waits_then_declines);
  g_test_add_func ("/retour-wait/B3.6/chain-waits-at-each-level", test_chain_waits_at_each_level);
  g_test_add_func ("/retour-wait/B3.6/partner-raises-first", test_partner_raises_first);
  g_test_add_func ("/retour-wait/B3.6/answer-refused-and-card-answers",
                   test_answer_refused_and_card_answers);
  g_test_add_func ("/retour-wait/B3.6/random-sessions", test_random_sessions);
  g_test_add_func ("/retour-wait/B3.6/offer-opens-at-second-card",
                   test_offer_opens_at_second_card);
  return g_test_run ();
}
