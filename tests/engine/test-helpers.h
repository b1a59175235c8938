/* test-helpers.h: small helpers the engine tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-game.h"
#include "bk-error.h"
#include "bk-game.h"

static inline BkHand
H (const char *text)
{
  BkHand hand = 0;
  g_autoptr (GError) error = NULL;

  bk_hand_parse (text, &hand, &error);
  g_assert_no_error (error);
  return hand;
}

static inline BkCard
C (const char *text)
{
  BkCard card = BK_CARD_NONE;
  g_autoptr (GError) error = NULL;

  bk_card_parse (text, &card, &error);
  g_assert_no_error (error);
  return card;
}

/* hands[] in seat order S W N E. */
static inline void
deal_hands (BkHand      hands[BK_N_SEATS],
            const char *s,
            const char *w,
            const char *n,
            const char *e)
{
  hands[BK_SEAT_S] = H (s);
  hands[BK_SEAT_W] = H (w);
  hands[BK_SEAT_N] = H (n);
  hands[BK_SEAT_E] = H (e);
}

/* A deal in which @team holds the ten highest trumps: it takes every trick whoever leads
 * and whatever is played. */
static inline void
deal_dominant (BkHand hands[BK_N_SEATS],
               BkTeam team)
{
  if (team == BK_TEAM_SN)
    deal_hands (hands, "EO GO HO SO EU", "HK EA E10 EK GA", "GU HU SU HA H10", "G10 GK SA S10 SK");
  else
    deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK", "GU HU SU HA H10");
}

/* Plays the first legal card (in card order) for whoever is to play until the hand ends. */
static inline void
play_out (BkGame *game)
{
  g_autoptr (GError) error = NULL;

  while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
    {
      BkHand legal = bk_game_get_legal (game);

      g_assert_cmpuint (legal, !=, 0);
      bk_game_play (game, bk_game_get_to_act (game), bk_hand_first (legal), &error);
      g_assert_no_error (error);
    }
}

/* Every seat still to decide passes. */
static inline void
pass_all (BkGame *game)
{
  g_autoptr (GError) error = NULL;

  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      bk_bierkopf_game_pass (game, bk_hand_state_decider (bk_bierkopf_game_get_state (game)), &error);
      g_assert_no_error (error);
    }
}

/* A hand of the default rules dealt by @dealer (@hands in seat order S W N E): everybody
 * passes, then @plays, every card so far in order ("SK HO …"). */
static inline void
build_position (BkHandState *state,
                BkSeat       dealer,
                BkHand       hands[BK_N_SEATS],
                const char  *plays)
{
  BkRules rules;
  g_auto (GStrv) cards = g_strsplit (plays, " ", -1);

  bk_rules_init_default (&rules);
  g_assert_true (bk_deal_check (&rules, hands, NULL));
  bk_hand_state_init (state, &rules, dealer, hands, 21, 21);
  while (bk_hand_state_is_bidding (state))
    {
      BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (state), 0);

      g_assert_true (bk_hand_state_apply (state, &pass, NULL));
    }
  for (guint i = 0; cards[i]; i++)
    {
      BkAction play;
      g_autoptr (GError) error = NULL;

      if (cards[i][0] == '\0')
        continue;
      play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state->to_act, C (cards[i]));
      bk_hand_state_apply (state, &play, &error);
      g_assert_no_error (error);
    }
}

/* How much of its work a heavy test does: BK_TEST_SCALE (default 1) scales the number of
 * deals, positions or actions, so that the same test runs in seconds under sanitizers or
 * valgrind (build-aux/check sets it there). Never less than one unit. */
static inline guint
bk_test_scaled (guint n)
{
  const char *text = g_getenv ("BK_TEST_SCALE");
  double scale = text ? g_ascii_strtod (text, NULL) : 1.0;

  if (!(scale > 0.0))
    scale = 1.0;
  return MAX (1, (guint) (n * scale + 0.5));
}
