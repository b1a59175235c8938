/* test-game-acted.c: BkGame::acted, the signal every game has for a request it accepted
 * (issue 22): whoever waits on the players (the app's computer players) listens to it
 * instead of a game's own signals. It comes once per accepted request of either game (a
 * card, talk, a doubling, a bid, an offer let pass), after what the request changed, and
 * never for a refused one nor for a deal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-computer-turn.h"
#include "bk-game.h"
#include "bk-levels.h"
#include "test-helpers.h"

typedef struct {
  guint  n_acted;
  guint  last_seat;
  guint  n_cards;        /* card-played so far */
  guint  cards_at_acted; /* card-played seen by the last "acted" */
  gint64 generation;     /* the game's generation the last "acted" saw */
} Count;

static void
acted_cb (BkGame *game,
          guint   seat,
          Count  *count)
{
  count->n_acted++;
  count->last_seat = seat;
  count->cards_at_acted = count->n_cards;
  count->generation = bk_game_get_generation (game);
}

static void
card_played_cb (BkGame *game,
                guint   seat,
                guint   card,
                Count  *count)
{
  count->n_cards++;
}

static BkGame *
new_game (const char *game_id,
          guint64     seed,
          Count      *count)
{
  BkRules rules;
  BkGame *game;
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", game_id, &error));
  g_assert_no_error (error);
  game = bk_game_new (&rules, seed);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "random", NULL);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_signal_connect (game, "acted", G_CALLBACK (acted_cb), count);
  g_signal_connect (game, "card-played", G_CALLBACK (card_played_cb), count);
  return game;
}

/* Each step a computer player takes is one request the game accepts: one "acted", after
 * the card it played (if any) was told. The seating and the deals are no request. */
static void
test_once_per_action (gconstpointer data)
{
  const char *game_id = data;

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      Count count = { 0 };
      g_autoptr (BkGame) game = new_game (game_id, seed, &count);
      g_autoptr (GError) error = NULL;
      guint steps = 0;

      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (count.n_acted, ==, 0);
      for (guint hand = 0; hand < 3 && !bk_game_is_session_over (game); hand++)
        {
          /* Bounded: a hand is far shorter than this. */
          for (guint i = 0; i < 500; i++)
            {
              guint cards = count.n_cards;

              if (!bk_game_step (game))
                break;
              steps++;
              g_assert_cmpuint (count.n_acted, ==, steps);
              g_assert_cmpuint (count.cards_at_acted, ==, count.n_cards);
              g_assert_cmpint (count.generation, ==, bk_game_get_generation (game));
              g_assert_cmpuint (count.n_cards - cards, <=, 1);
            }
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
          if (!bk_game_is_session_over (game))
            {
              g_assert_true (bk_game_next_hand (game, &error));
              g_assert_no_error (error);
              g_assert_cmpuint (count.n_acted, ==, steps);
            }
        }
      g_assert_cmpuint (steps, >, 0);
    }
}

/* A refused request changes nothing and tells nothing. */
static void
test_never_refused (gconstpointer data)
{
  const char *game_id = data;
  Count count = { 0 };
  g_autoptr (BkGame) game = new_game (game_id, 7, &count);
  g_autoptr (GError) error = NULL;
  BkSeat to_act, other;
  BkAction wrong;

  /* Before the session starts: no hand to act in, no offer to let pass. */
  wrong = bk_action_make (BK_ACTION_PLAY, BK_SEAT_S, 0);
  g_assert_false (bk_game_apply (game, &wrong, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  bk_game_decline_offer (game, BK_SEAT_S);

  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  /* Before play no offer is open. */
  if (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    bk_game_decline_offer (game, bk_game_get_to_act (game));
  g_assert_cmpuint (count.n_acted, ==, 0);
  /* Up to the first card, then a card of a seat whose turn it is not. */
  for (guint i = 0; i < 100 && bk_game_get_phase (game) == BK_PHASE_BIDDING; i++)
    g_assert_true (bk_game_step (game));
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  count.n_acted = 0;
  to_act = bk_game_get_to_act (game);
  other = (to_act + 1) % bk_game_get_n_seats (game);
  wrong = bk_action_make (BK_ACTION_PLAY, other, bk_hand_first (bk_game_get_cards (game, other)));
  g_assert_false (bk_game_apply (game, &wrong, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (count.n_acted, ==, 0);

  /* The same seat's accepted card is told, with its seat. */
  g_assert_true (bk_game_step (game));
  g_assert_cmpuint (count.n_acted, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/acted/bierkopf/once-per-action", "bierkopf", test_once_per_action);
  g_test_add_data_func ("/acted/herzla/once-per-action", "herzla", test_once_per_action);
  g_test_add_data_func ("/acted/bierkopf/never-refused", "bierkopf", test_never_refused);
  g_test_add_data_func ("/acted/herzla/never-refused", "herzla", test_never_refused);

  return g_test_run ();
}
