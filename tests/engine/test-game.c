/* test-game.c: the session (spec B2, B3, B5, B6) through BkHandState and BkGame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-game-history.h"
#include "bk-computer-turn.h"
#include "bk-game-private.h"
#include "bk-game.h"
#include "bk-random-strategy.h"
#include "bk-record.h"
#include "test-helpers.h"

/* A plain deal used by many tests; dealer South, so West is Vorhand. */
static void
plain_deal (BkHand hands[BK_N_SEATS])
{
  deal_hands (hands, "HU SU HK S10 SK", "EO GO HA SA GK", "HO SO EA E10 EK", "EU GU H10 G10 GA");
}

static BkGame *
new_game (const BkRules *rules)
{
  BkRules defaults;

  if (rules == NULL)
    {
      bk_rules_init_default (&defaults);
      rules = &defaults;
    }
  return bk_game_new (rules, 1);
}

static BkGame *
dealt_game (const BkRules *rules,
            BkSeat         dealer)
{
  BkGame *game = new_game (rules);
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  plain_deal (hands);
  bk_game_deal (game, dealer, hands, 0, &error);
  g_assert_no_error (error);
  return game;
}

/* A copy of the game's hand state, to try requests on without touching the game. */
static BkHandState
state_of (BkGame *game)
{
  return *bk_bierkopf_game_get_state (game);
}

static gboolean
try_double (const BkHandState *state,
            BkSeat             seat)
{
  BkAction action = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  BkHandState copy = *state;
  g_autoptr (GError) error = NULL;
  gboolean ok = bk_hand_state_apply (&copy, &action, &error);

  g_assert_true (ok == (error == NULL));
  g_assert_true (ok == bk_hand_state_may_double (state, seat));
  return ok;
}

/* Plays the first legal card once. */
static void
play_one (BkGame *game)
{
  g_autoptr (GError) error = NULL;

  bk_game_play (game, bk_game_get_to_act (game), bk_hand_first (bk_game_get_legal (game)), &error);
  g_assert_no_error (error);
}

/* spec B2.1 */
static void
test_seating_ceremony (void)
{
  BkSeating seating;
  g_autoptr (GError) error = NULL;
  /* From West: W GK, N EA (first Sau, North stays), E S10, S HK, W SA (second Sau; North is
   * skipped after the first Sau). North and West are partners: West moves to East. */
  BkCard cards[] = { C ("GK"), C ("EA"), C ("S10"), C ("HK"), C ("SA") };

  g_assert_true (bk_seating_run (&seating, cards, G_N_ELEMENTS (cards), BK_SEAT_W, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seating.n, ==, 5);
  g_assert_cmpuint (seating.to[0], ==, BK_SEAT_W);
  g_assert_cmpuint (seating.to[1], ==, BK_SEAT_N);
  g_assert_cmpuint (seating.to[2], ==, BK_SEAT_E);
  g_assert_cmpuint (seating.to[3], ==, BK_SEAT_S);
  g_assert_cmpuint (seating.to[4], ==, BK_SEAT_W);
  g_assert_cmpuint (seating.first, ==, BK_SEAT_N);
  g_assert_cmpuint (seating.second, ==, BK_SEAT_W);
  /* South never moves; the partners end up opposite. */
  g_assert_cmpuint (seating.moved[BK_SEAT_S], ==, BK_SEAT_S);
  g_assert_cmpuint ((seating.moved[seating.first] + 2) % 4, ==, seating.moved[seating.second]);
  /* spec B2.2: the holder of the first Sau deals first. */
  g_assert_cmpuint (bk_seating_first_dealer (&seating), ==, seating.moved[BK_SEAT_N]);
}

/* spec B2.1: the first Sau holder is skipped while the others receive cards. */
static void
test_seating_skips_first (void)
{
  BkSeating seating;
  g_autoptr (GError) error = NULL;
  /* From South: S GA (first Sau), W GK, N EK, E HK, W EA: South was skipped. */
  BkCard cards[] = { C ("GA"), C ("GK"), C ("EK"), C ("HK"), C ("EA") };

  g_assert_true (bk_seating_run (&seating, cards, G_N_ELEMENTS (cards), BK_SEAT_S, &error));
  g_assert_cmpuint (seating.to[1], ==, BK_SEAT_W);
  g_assert_cmpuint (seating.to[3], ==, BK_SEAT_E);
  g_assert_cmpuint (seating.to[4], ==, BK_SEAT_W);
  g_assert_cmpuint (seating.second, ==, BK_SEAT_W);
  /* The human's partner moves to North. */
  g_assert_cmpuint (seating.moved[BK_SEAT_W], ==, BK_SEAT_N);
  g_assert_cmpuint (seating.moved[BK_SEAT_N], ==, BK_SEAT_W);

  /* Not ending at the second Sau, or repeating a card, is refused. */
  g_assert_false (bk_seating_run (&seating, cards, 4, BK_SEAT_S, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
  g_clear_error (&error);
  cards[2] = C ("GA");
  g_assert_false (bk_seating_run (&seating, cards, 5, BK_SEAT_S, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_DUPLICATE);
}

/* spec B2.1 at a table shown turned (issue 24): the copy of a table whose seat 0 is the
 * table's West takes the table's ceremony with its seats turned, not its own from the
 * turned start (South never moves, so that one would seat other partners). */
static void
test_seating_turned (void)
{
  /* the ceremony of test_seating_ceremony: North and East change places */
  BkCard cards[] = { C ("GK"), C ("EA"), C ("S10"), C ("HK"), C ("SA") };
  g_autoptr (BkGame) table = new_game (NULL);
  g_autoptr (BkGame) shown = new_game (NULL);
  g_autoptr (GError) error = NULL;
  const BkSeating *seating;
  BkHand hands[BK_N_SEATS];

  g_assert_true (bk_bierkopf_game_seat (table, BK_SEAT_W, cards, G_N_ELEMENTS (cards), &error));
  g_assert_true (bk_bierkopf_game_seat_turned (shown, BK_SEAT_W, cards, G_N_ELEMENTS (cards), 1,
                                               &error));
  g_assert_no_error (error);

  /* the same people at each seat, one place round; the table's first dealer deals */
  for (BkSeat s = 0; s < BK_N_SEATS; s++)
    g_assert_cmpuint ((bk_game_get_player_at (shown, s) + 1) % BK_N_SEATS, ==,
                      bk_game_get_player_at (table, (s + 1) % BK_N_SEATS));
  g_assert_cmpuint (bk_game_get_player_at (table, BK_SEAT_N), ==, BK_SEAT_E);
  g_assert_cmpuint (bk_game_get_player_at (shown, BK_SEAT_W), ==, BK_SEAT_N);
  seating = bk_bierkopf_game_get_seating (shown);
  g_assert_cmpuint (seating->first, ==, BK_SEAT_W);
  g_assert_cmpuint (seating->second, ==, BK_SEAT_S);
  g_assert_cmpuint (seating->to[0], ==, BK_SEAT_S);
  g_assert_cmpuint (bk_seating_first_dealer (seating), ==, BK_SEAT_N);
  plain_deal (hands);
  g_assert_true (bk_game_deal (table, BK_SEAT_E, hands, 0, &error));
  g_assert_true (bk_game_deal (shown, BK_SEAT_N, hands, 0, &error));
  g_assert_no_error (error);

  /* the record says so, and replays to the same seats */
  {
    g_autofree char *record = bk_game_to_record (shown);
    g_autoptr (BkGame) again = NULL;

    g_assert_nonnull (strstr (record, "\nseating W GK EA S10 HK SA turned 1\n"));
    again = bk_record_replay (record, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    for (BkSeat s = 0; s < BK_N_SEATS; s++)
      g_assert_cmpuint (bk_game_get_player_at (again, s), ==, bk_game_get_player_at (shown, s));
    g_assert_cmpuint (bk_game_get_dealer (again), ==, BK_SEAT_N);
  }

  /* play begun: refused, nothing changed */
  g_assert_false (bk_bierkopf_game_seat_turned (shown, BK_SEAT_W, cards, G_N_ELEMENTS (cards), 2,
                                                &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_assert_cmpuint (bk_game_get_player_at (shown, BK_SEAT_W), ==, BK_SEAT_N);
}

static void
count_cb (BkGame  *game,
          guint    a,
          guint    b,
          guint   *count)
{
  (*count)++;
}

/* spec B2.1, B2.2: a random session start shows its cards and deals from the first Sau. */
static void
test_seating_random (void)
{
  for (guint64 seed = 0; seed < 50; seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      guint dealt = 0, found = 0;
      const BkSeating *seating;

      bk_rules_init_default (&rules);
      game = bk_game_new (&rules, seed);
      g_signal_connect (game, "seating-card-dealt", G_CALLBACK (count_cb), &dealt);
      g_signal_connect (game, "partners-found", G_CALLBACK (count_cb), &found);
      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);

      seating = bk_bierkopf_game_get_seating (game);
      g_assert_cmpuint (dealt, ==, seating->n);
      g_assert_cmpuint (found, ==, 1);
      g_assert_cmpuint (bk_card_rank (seating->cards[seating->n - 1]), ==, BK_RANK_SAU);
      g_assert_cmpuint (bk_game_get_dealer (game), ==, seating->moved[seating->first]);
      g_assert_cmpuint ((seating->moved[seating->first] + 2) % 4, ==,
                        seating->moved[seating->second]);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);

      g_assert_false (bk_game_start (game, &error));
      g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
    }
}

/* spec B2.2, B2.4: the deal passes clockwise; Vorhand leads; teams are fixed. */
static void
test_dealer_rotation (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL, BK_SEAT_S);
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_W);
  g_assert_cmpuint (bk_seat_team (BK_SEAT_W), ==, bk_seat_team (BK_SEAT_E));
  g_assert_cmpuint (bk_seat_team (BK_SEAT_S), ==, bk_seat_team (BK_SEAT_N));
  pass_all (game);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_W);
  play_out (game);

  plain_deal (hands);
  g_assert_false (bk_game_deal (game, BK_SEAT_N, hands, 0, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_true (bk_game_deal (game, BK_SEAT_W, hands, 0, &error));
  g_assert_cmpuint (bk_game_get_dealer (game), ==, BK_SEAT_W);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_N);

  /* Random deals rotate too. */
  pass_all (game);
  play_out (game);
  g_assert_true (bk_game_next_hand (game, &error));
  g_assert_cmpuint (bk_game_get_dealer (game), ==, BK_SEAT_N);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 3);
}

/* spec B2.3: packets of 3 then 2 (default), 2 then 3, and 3 then 3 in the long game. */
static void
test_deal_packets (void)
{
  BkRules rules;
  BkCard deck[24];
  BkHand hands[BK_N_SEATS];

  for (guint i = 0; i < 24; i++)
    deck[i] = (BkCard) i;

  bk_rules_init_default (&rules);
  bk_deal_from_deck (&rules, deck, BK_SEAT_S, hands);
  /* West is dealt first: cards 0-2, then 12-13. */
  g_assert_cmpuint (hands[BK_SEAT_W], ==, BK_HAND_BIT (0) | BK_HAND_BIT (1) | BK_HAND_BIT (2) |
                                         BK_HAND_BIT (12) | BK_HAND_BIT (13));
  g_assert_cmpuint (hands[BK_SEAT_S], ==, BK_HAND_BIT (9) | BK_HAND_BIT (10) | BK_HAND_BIT (11) |
                                         BK_HAND_BIT (18) | BK_HAND_BIT (19));

  rules.bierkopf.packets = BK_PACKETS_2_3;
  bk_deal_from_deck (&rules, deck, BK_SEAT_S, hands);
  g_assert_cmpuint (hands[BK_SEAT_W], ==, BK_HAND_BIT (0) | BK_HAND_BIT (1) | BK_HAND_BIT (8) |
                                         BK_HAND_BIT (9) | BK_HAND_BIT (10));

  rules.bierkopf.variant = BK_VARIANT_LANG;
  bk_deal_from_deck (&rules, deck, BK_SEAT_E, hands);
  g_assert_cmpuint (bk_hand_count (hands[BK_SEAT_S]), ==, 6);
  g_assert_true (bk_hand_has (hands[BK_SEAT_S], 0) && bk_hand_has (hands[BK_SEAT_S], 12));
}

/* spec B2.5 (house rule): new seats after each Bollen. */
static void
test_new_seats_after_bollen (void)
{
  for (gboolean rule = FALSE; rule <= TRUE; rule++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      guint dealt = 0;

      bk_rules_init_default (&rules);
      rules.bierkopf.lines = 3;
      rules.bierkopf.new_seats_each_bollen = rule;
      game = bk_game_new (&rules, 9);
      g_signal_connect (game, "partners-found", G_CALLBACK (count_cb), &dealt);
      g_assert_true (bk_game_start (game, &error));
      g_assert_cmpuint (dealt, ==, 1);

      /* Play hands of 3-line coasters until one ends a Bollen. */
      pass_all (game);
      play_out (game);
      while (bk_bierkopf_game_get_dots (game, BK_TEAM_SN) + bk_bierkopf_game_get_dots (game, BK_TEAM_WE) == 0)
        {
          g_assert_true (bk_game_next_hand (game, &error));
          pass_all (game);
          play_out (game);
        }
      g_assert_true (bk_game_next_hand (game, &error));
      g_assert_cmpuint (dealt, ==, rule ? 2 : 1);
    }
}

/* spec B3.1, B3.2: who may say what, in which order; B3.5 silence. */
static void
test_table_talk (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL, BK_SEAT_S);
  g_autoptr (GError) error = NULL;
  BkHandState before;

  /* West (Vorhand) first, with the forehand team's words. */
  before = state_of (game);
  g_assert_false (bk_bierkopf_game_talk (game, BK_SEAT_E, BK_WORD_GUT, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (bk_bierkopf_game_talk (game, BK_SEAT_W, BK_WORD_HELFEN, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_WORD);
  g_clear_error (&error);
  g_assert_true (memcmp (&before, bk_bierkopf_game_get_state (game), sizeof before) == 0);

  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_W, BK_WORD_GUT, &error));
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_E, BK_WORD_MITTEL, &error));
  g_assert_no_error (error);
  /* Nobody talks twice; now West decides. */
  g_assert_false (bk_bierkopf_game_talk (game, BK_SEAT_E, BK_WORD_GUT, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_W);
  g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_W, &error));

  /* spec B3.2: the other team confers: Mittelhand, then Geber, can help or not. */
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_N);
  g_assert_false (bk_bierkopf_game_talk (game, BK_SEAT_N, BK_WORD_GUT, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_WORD);
  g_clear_error (&error);
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_N, BK_WORD_NICHT_HELFEN, &error));
  /* spec B3.5: the Geber stays silent; Mittelhand decides. */
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_S);
  g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_N, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_state (game)->words[BK_SEAT_W], ==, BK_WORD_GUT);
  g_assert_cmpuint (bk_bierkopf_game_get_state (game)->words[BK_SEAT_E], ==, BK_WORD_MITTEL);
  g_assert_cmpuint (bk_bierkopf_game_get_state (game)->words[BK_SEAT_N], ==, BK_WORD_NICHT_HELFEN);

  /* spec B3.3: Hinterhand may still double. */
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_E);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_E, &error));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
}

/* spec B3.1: a Spritze by Vorhand ends the doubling before the first card. */
static void
test_spritze_vorhand (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL, BK_SEAT_S);
  g_autoptr (GError) error = NULL;

  g_assert_false (bk_bierkopf_game_double (game, BK_SEAT_N, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (bk_game_play (game, BK_SEAT_W, C ("EO"), &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_false (bk_bierkopf_game_pass (game, BK_SEAT_N, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

static void
log_talk_cb (BkGame *game, guint seat, guint word, GString *log)
{
  g_string_append_printf (log, "talk %s %s;", bk_seat_to_string (seat), bk_word_to_string (word));
}

/* spec B3.4: the honour code, and its house rule. */
static void
test_honour_code (void)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;

  {
    g_autoptr (BkGame) game = dealt_game (NULL, BK_SEAT_S);
    g_autoptr (GString) log = g_string_new (NULL);

    g_signal_connect (game, "talk-said", G_CALLBACK (log_talk_cb), log);
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_W, &error));
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_N, &error));
    g_assert_cmpstr (log->str, ==, "");
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_E, &error));
    /* The dealer never doubles: play starts at once, at single value, with no Retour. */
    g_assert_cmpstr (log->str, ==, "talk S hinter-hocken;");
    g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
    g_assert_false (bk_bierkopf_game_double (game, BK_SEAT_S, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP);
    g_clear_error (&error);
    play_one (game);
    play_one (game);
    g_assert_false (bk_bierkopf_game_may_double (game, BK_SEAT_S));
    g_assert_false (bk_bierkopf_game_may_double (game, BK_SEAT_W));
  }

  bk_rules_init_default (&rules);
  rules.bierkopf.dealer_may_double = TRUE;
  {
    g_autoptr (BkGame) game = dealt_game (&rules, BK_SEAT_S);

    pass_all (game); /* the dealer passes too */
    g_assert_cmpuint (bk_bierkopf_game_get_state (game)->words[BK_SEAT_S], ==, BK_WORD_NONE);
    g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 1);
  }
  {
    g_autoptr (BkGame) game = dealt_game (&rules, BK_SEAT_S);

    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_W, &error));
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_N, &error));
    g_assert_true (bk_bierkopf_game_pass (game, BK_SEAT_E, &error));
    g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_S);
    g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_S, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
    /* That double cannot be answered. */
    play_one (game);
    play_one (game);
    g_assert_false (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP);
  }
}

/* spec B3.6: the Retour window, at each of its boundaries. */
static void
test_retour_window (void)
{
  for (BkRetourWindow window = BK_RETOUR_FIRST_TRICK; window <= BK_RETOUR_WHOLE_HAND; window++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      guint played = 0;

      bk_rules_init_default (&rules);
      rules.bierkopf.retour_window = window;
      game = dealt_game (&rules, BK_SEAT_S);
      g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error)); /* Spritze by West/East */

      while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
        {
          BkHandState state = state_of (game);
          gboolean open;

          if (window == BK_RETOUR_FIRST_TRICK)
            open = played == 2 || played == 3; /* after the 2nd or the 3rd card */
          else
            open = played >= 2 && played <= 16; /* until the first card of the last trick */

          g_assert_cmpint (try_double (&state, BK_SEAT_S), ==, open);
          g_assert_cmpint (try_double (&state, BK_SEAT_N), ==, open);
          /* Never the team that made the last doubling. */
          g_assert_false (try_double (&state, BK_SEAT_W));
          g_assert_false (try_double (&state, BK_SEAT_E));
          play_one (game);
          played++;
        }
      g_assert_cmpuint (played, ==, 20);
    }
}

/* spec B3.6, B3.7: raises alternate between the teams and double each time. */
static void
test_retour_alternation (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL, BK_SEAT_S);
  g_autoptr (GError) error = NULL;
  BkHandState before;

  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
  play_one (game);
  play_one (game);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_N, &error)); /* Retour */
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 4);

  before = state_of (game);
  g_assert_false (bk_bierkopf_game_double (game, BK_SEAT_S, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP);
  g_clear_error (&error);
  g_assert_true (memcmp (&before, bk_bierkopf_game_get_state (game), sizeof before) == 0);

  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_E, &error));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 8);
  play_one (game);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_S, &error));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 16);
  g_assert_no_error (error);
}

/* West's Spritze, then the first two cards: the Retour window is open. */
static void
spritze_and_two_cards (BkHandState *state)
{
  BkAction spritze = bk_action_make (BK_ACTION_DOUBLE, BK_SEAT_W, 0);

  bk_hand_state_apply_unchecked (state, &spritze);
  for (guint i = 0; i < 2; i++)
    {
      BkAction play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state->to_act,
                                      bk_hand_first (bk_hand_state_legal (state)));
      bk_hand_state_apply_unchecked (state, &play);
    }
}

/* spec B3.6: no raise once the multiplier reaches the lines left on both coasters. */
static void
test_doubling_cap (void)
{
  BkHand hands[BK_N_SEATS];
  BkRules rules;
  BkHandState state;

  bk_rules_init_default (&rules);
  plain_deal (hands);

  /* 1 and 1 lines left: even a Spritze would be pointless. */
  bk_hand_state_init (&state, &rules, BK_SEAT_S, hands, 1, 1);
  g_assert_false (try_double (&state, BK_SEAT_W));

  /* 2 and 2: the Spritze is allowed, the Retour is not. */
  bk_hand_state_init (&state, &rules, BK_SEAT_S, hands, 2, 2);
  g_assert_true (try_double (&state, BK_SEAT_W));
  spritze_and_two_cards (&state);
  g_assert_false (try_double (&state, BK_SEAT_N));

  /* 2 and 5: ×4 still fits under 5, ×8 would not be allowed after it. */
  bk_hand_state_init (&state, &rules, BK_SEAT_S, hands, 2, 5);
  spritze_and_two_cards (&state);
  g_assert_true (try_double (&state, BK_SEAT_N));
  {
    BkAction retour = bk_action_make (BK_ACTION_DOUBLE, BK_SEAT_N, 0);
    bk_hand_state_apply_unchecked (&state, &retour);
  }
  g_assert_cmpuint (bk_hand_state_multiplier (&state), ==, 4);
  g_assert_true (try_double (&state, BK_SEAT_E));
  {
    BkAction retour = bk_action_make (BK_ACTION_DOUBLE, BK_SEAT_E, 0);
    bk_hand_state_apply_unchecked (&state, &retour);
  }
  g_assert_false (try_double (&state, BK_SEAT_S));
}

static BkHandResult
score (const BkRules *rules,
       guint          points_sn,
       guint          tricks_sn,
       guint          doubles,
       guint          carry)
{
  BkHand hands[BK_N_SEATS];
  BkHandState state;
  BkHandResult result;

  plain_deal (hands);
  bk_hand_state_init (&state, rules, BK_SEAT_S, hands, 21, 21);
  state.points[BK_TEAM_SN] = (guint8) points_sn;
  state.points[BK_TEAM_WE] = (guint8) (120 - points_sn);
  state.tricks_won[BK_TEAM_SN] = (guint8) tricks_sn;
  state.tricks_won[BK_TEAM_WE] = (guint8) (state.n_tricks - tricks_sn);
  state.n_doubles = (guint8) doubles;
  state.step = BK_STEP_OVER;
  bk_hand_state_score (&state, carry, &result);
  return result;
}

/* spec B5.1, B5.2: winning, Schneider at 29/30, Schwarz, the multiplier. */
static void
test_scoring_lines (void)
{
  BkRules rules;
  BkHandResult r;

  bk_rules_init_default (&rules);

  r = score (&rules, 61, 3, 0, 0);
  g_assert_cmpuint (r.winner, ==, BK_TEAM_SN);
  g_assert_cmpuint (r.lines, ==, 1);
  r = score (&rules, 59, 2, 0, 0);
  g_assert_cmpuint (r.winner, ==, BK_TEAM_WE);
  g_assert_cmpuint (r.lines, ==, 1);

  /* Losers with 30 are free, with 29 Schneider. */
  r = score (&rules, 90, 4, 0, 0);
  g_assert_false (r.schneider);
  g_assert_cmpuint (r.lines, ==, 1);
  r = score (&rules, 91, 4, 0, 0);
  g_assert_true (r.schneider);
  g_assert_cmpuint (r.lines, ==, 2);
  r = score (&rules, 29, 1, 0, 0);
  g_assert_cmpuint (r.winner, ==, BK_TEAM_WE);
  g_assert_true (r.schneider);

  /* Schwarz: every trick. */
  r = score (&rules, 120, 5, 0, 0);
  g_assert_true (r.schwarz);
  g_assert_cmpuint (r.lines, ==, 3);

  /* Multiplier: 2/4/6 with a Spritze, 4/8/12 with a Retour. */
  g_assert_cmpuint (score (&rules, 70, 3, 1, 0).lines, ==, 2);
  g_assert_cmpuint (score (&rules, 95, 4, 1, 0).lines, ==, 4);
  g_assert_cmpuint (score (&rules, 120, 5, 1, 0).lines, ==, 6);
  g_assert_cmpuint (score (&rules, 70, 3, 2, 0).lines, ==, 4);
  g_assert_cmpuint (score (&rules, 95, 4, 2, 0).lines, ==, 8);
  g_assert_cmpuint (score (&rules, 120, 5, 2, 0).lines, ==, 12);
  g_assert_cmpuint (score (&rules, 120, 5, 2, 0).multiplier, ==, 4);
}

/* spec B5.2: Schwarz by tricks vs by card points (the long game's 0-point trick). */
static void
test_scoring_schwarz_rule (void)
{
  BkRules rules;
  BkHandResult r;

  bk_rules_init_default (&rules);
  rules.bierkopf.variant = BK_VARIANT_LANG;

  /* The losers took one trick of four nines: 0 points, but a trick. */
  r = score (&rules, 120, 5, 0, 0);
  g_assert_false (r.schwarz);
  g_assert_true (r.schneider);
  g_assert_cmpuint (r.lines, ==, 2);

  rules.bierkopf.schwarz = BK_SCHWARZ_NO_POINTS;
  r = score (&rules, 120, 5, 0, 0);
  g_assert_true (r.schwarz);
  g_assert_cmpuint (r.lines, ==, 3);

  r = score (&rules, 119, 5, 0, 0);
  g_assert_false (r.schwarz);
}

/* spec B5.2 house rule: points scoring, 61+ one, 91+ two, no Schwarz level. */
static void
test_scoring_points (void)
{
  BkRules rules;
  BkHandResult r;

  bk_rules_init_default (&rules);
  rules.bierkopf.scoring = BK_SCORING_POINTS;
  g_assert_cmpuint (score (&rules, 61, 3, 0, 0).lines, ==, 1);
  g_assert_cmpuint (score (&rules, 90, 3, 0, 0).lines, ==, 1);
  g_assert_cmpuint (score (&rules, 91, 3, 0, 0).lines, ==, 2);
  r = score (&rules, 120, 5, 0, 0);
  g_assert_true (r.schwarz); /* reported, not scored */
  g_assert_cmpuint (r.lines, ==, 2);
  g_assert_cmpuint (score (&rules, 120, 5, 1, 0).lines, ==, 4);
}

/* spec B5.3: 60:60 and its carries. */
static void
test_scoring_tie (void)
{
  BkRules rules;
  BkHandResult r;

  bk_rules_init_default (&rules);
  r = score (&rules, 60, 2, 1, 3);
  g_assert_cmpuint (r.winner, ==, BK_TEAM_NONE);
  g_assert_cmpuint (r.lines, ==, 0);
  g_assert_cmpuint (r.value, ==, 2);
  g_assert_cmpuint (r.carry_out, ==, 5); /* carries accumulate */

  /* The next winner adds the carry. */
  r = score (&rules, 100, 4, 0, 5);
  g_assert_cmpuint (r.lines, ==, 2 + 5);
  g_assert_cmpuint (r.carry_out, ==, 0);

  rules.bierkopf.carry = BK_CARRY_ONE;
  g_assert_cmpuint (score (&rules, 60, 2, 2, 0).carry_out, ==, 1);
  g_assert_cmpuint (score (&rules, 60, 2, 2, 1).carry_out, ==, 2);

  rules.bierkopf.carry = BK_CARRY_NONE;
  g_assert_cmpuint (score (&rules, 60, 2, 2, 0).carry_out, ==, 0);
}

/* spec B5.3 in a session: a tie's value waits on the coaster for the next winner. */
static void
test_session_carry (void)
{
  gboolean seen = FALSE;

  for (guint64 seed = 0; seed < 400 && !seen; seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;

      bk_rules_init_default (&rules);
      game = bk_game_new (&rules, seed);
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();
          bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (random));
        }

      for (guint hand = 0; hand < 6; hand++)
        {
          guint carry_before = bk_bierkopf_game_get_carry (game);
          guint left[2] = { bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN),
                            bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE) };
          const BkHandResult *r;

          g_assert_true (bk_game_next_hand (game, &error));
          bk_game_run (game);
          r = bk_bierkopf_game_get_last_result (game);
          g_assert_nonnull (r);
          g_assert_cmpuint (r->carry_in, ==, carry_before);

          if (r->winner == BK_TEAM_NONE)
            {
              seen = TRUE;
              g_assert_cmpuint (bk_bierkopf_game_get_carry (game), ==, carry_before + r->multiplier);
              g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN), ==, left[0]);
              g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), ==, left[1]);
            }
          else if (bk_bierkopf_game_get_dots (game, BK_TEAM_SN) + bk_bierkopf_game_get_dots (game, BK_TEAM_WE) == 0)
            {
              g_assert_cmpuint (bk_bierkopf_game_get_carry (game), ==, 0);
              g_assert_cmpuint (r->lines, ==, r->value + carry_before);
              g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, r->winner), ==,
                                left[r->winner] - r->lines);
            }
        }
    }
  g_assert_true (seen);
}

/* spec B6.1, B6.2: striking lines, overshoot, the Bollen and its dot. */
static void
test_bollen (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkHand hands[BK_N_SEATS];
  guint won = 0;
  BkSeat dealer = BK_SEAT_S;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);
  g_signal_connect (game, "bollen-won", G_CALLBACK (count_cb), &won);

  /* Six Schwarz hands of 3 lines: West-East at 3 lines left. */
  for (guint i = 0; i < 6; i++)
    {
      deal_dominant (hands, BK_TEAM_WE);
      g_assert_true (bk_game_deal (game, dealer, hands, 0, &error));
      dealer = bk_seat_after (dealer, 1);
      pass_all (game);
      play_out (game);
      g_assert_cmpuint (bk_bierkopf_game_get_last_result (game)->lines, ==, 3);
    }
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), ==, 3);
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN), ==, 21);

  /* A Spritze Schwarz is worth 6: 3 of them are surplus and vanish. */
  deal_dominant (hands, BK_TEAM_WE);
  g_assert_true (bk_game_deal (game, dealer, hands, 0, &error));
  g_assert_true (bk_bierkopf_game_double (game, bk_hand_state_decider (bk_bierkopf_game_get_state (game)), &error));
  play_out (game);
  g_assert_cmpuint (bk_bierkopf_game_get_last_result (game)->lines, ==, 6);
  g_assert_cmpuint (won, ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_dots (game, BK_TEAM_SN), ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_dots (game, BK_TEAM_WE), ==, 0);
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), ==, 21);
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN), ==, 21);
  g_assert_cmpuint (bk_bierkopf_game_get_carry (game), ==, 0);
}

/* spec B4.5: which tricks a player may look at. */
static void
test_view_tricks (void)
{
  for (BkTrickView view = BK_TRICKS_OWN_AND_LAST; view <= BK_TRICKS_LAST_ONLY; view++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      BkHand hands[BK_N_SEATS];

      bk_rules_init_default (&rules);
      rules.bierkopf.trick_view = view;
      game = bk_game_new (&rules, 1);
      deal_dominant (hands, BK_TEAM_WE);
      g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
      pass_all (game);
      for (guint i = 0; i < 12; i++) /* three tricks, all to West-East */
        play_one (game);

      g_assert_false (bk_game_may_view_trick (game, BK_SEAT_W, 3));
      g_assert_true (bk_game_may_view_trick (game, BK_SEAT_S, 2)); /* the last trick */
      g_assert_true (bk_game_may_view_trick (game, BK_SEAT_W, 2));
      /* Own team's earlier trick; the opponents' earlier one never. */
      g_assert_cmpint (bk_game_may_view_trick (game, BK_SEAT_W, 0), ==,
                       view == BK_TRICKS_OWN_AND_LAST);
      g_assert_false (bk_game_may_view_trick (game, BK_SEAT_S, 0));
    }
}

/* Between hands the house rules may change, but not the game, nor (spec B6.1) the lines a
 * coaster starts with. */
static void
test_rules_change (void)
{
  BkRules rules, changed;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);

  changed = rules;
  changed.bierkopf.trick_view = BK_TRICKS_LAST_ONLY;
  g_assert_true (bk_game_change_rules (game, &changed, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_rules (game)->bierkopf.trick_view, ==, BK_TRICKS_LAST_ONLY);

  changed.bierkopf.lines = rules.bierkopf.lines + 1;
  g_assert_false (bk_game_change_rules (game, &changed, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (bk_game_get_rules (game)->bierkopf.lines, ==, rules.bierkopf.lines);

  changed = rules;
  g_assert_true (bk_rules_set_option (&changed, "game", "herzla", &error));
  g_assert_no_error (error);
  g_assert_false (bk_game_change_rules (game, &changed, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_assert_cmpint (bk_game_get_rules (game)->game, ==, BK_GAME_BIERKOPF);
}

static void
log_card_cb (BkGame *game, guint seat, guint card, GString *log)
{
  g_string_append_printf (log, "card %s %s;", bk_seat_to_string (seat), bk_card_to_string (card));
}

static void
log_dealt_cb (BkGame *game, guint dealer, GString *log)
{
  g_string_append_printf (log, "dealt %s;", bk_seat_to_string (dealer));
}

static void
log_passed_cb (BkGame *game, guint seat, GString *log)
{
  g_string_append_printf (log, "pass %s;", bk_seat_to_string (seat));
}

static void
log_doubled_cb (BkGame *game, guint seat, guint multiplier, GString *log)
{
  g_string_append_printf (log, "double %s x%u;", bk_seat_to_string (seat), multiplier);
}

static void
log_trick_cb (BkGame *game, guint winner, guint points, GString *log)
{
  g_string_append_printf (log, "trick %s %u;", bk_seat_to_string (winner), points);
}

static void
log_scored_cb (BkGame *game, const BkHandResult *r, GString *log)
{
  g_string_append_printf (log, "scored %u:%u %s %u;", r->points[0], r->points[1],
                          r->winner == BK_TEAM_NONE ? "-" : bk_team_to_string (r->winner),
                          r->lines);
}

static void
log_phase_cb (BkGame *game, BkPhase phase, GString *log)
{
  g_string_append_printf (log, "phase %d;", phase);
}

static void
log_notify_cb (BkGame *game, GParamSpec *pspec, GString *log)
{
  if (g_str_equal (pspec->name, "multiplier") || g_str_equal (pspec->name, "lines-left-we"))
    g_string_append_printf (log, "notify %s;", pspec->name);
}

/* Signals: a scripted hand emits exactly these, in this order, with these arguments. */
static void
test_signals (void)
{
  g_autoptr (BkGame) game = new_game (NULL);
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  BkHand hands[BK_N_SEATS];

  g_signal_connect (game, "hand-dealt", G_CALLBACK (log_dealt_cb), log);
  g_signal_connect (game, "talk-said", G_CALLBACK (log_talk_cb), log);
  g_signal_connect (game, "passed", G_CALLBACK (log_passed_cb), log);
  g_signal_connect (game, "doubled", G_CALLBACK (log_doubled_cb), log);
  g_signal_connect (game, "card-played", G_CALLBACK (log_card_cb), log);
  g_signal_connect (game, "trick-completed", G_CALLBACK (log_trick_cb), log);
  g_signal_connect (game, "hand-scored", G_CALLBACK (log_scored_cb), log);
  g_signal_connect (game, "phase-changed", G_CALLBACK (log_phase_cb), log);
  g_signal_connect (game, "notify", G_CALLBACK (log_notify_cb), log);

  /* West-East hold the ten top trumps; after a scripted first trick, each seat plays its
   * lowest-numbered legal card (bk_card order: Eichel A 10 K O U, Gras …). */
  deal_dominant (hands, BK_TEAM_WE);
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_W, BK_WORD_GUT, &error));
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_E, BK_WORD_GUT, &error));
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
  g_assert_true (bk_game_play (game, BK_SEAT_W, C ("SO"), &error));
  g_assert_true (bk_game_play (game, BK_SEAT_N, C ("SK"), &error));
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_S, &error)); /* Retour */
  g_assert_true (bk_game_play (game, BK_SEAT_E, C ("H10"), &error));
  g_assert_true (bk_game_play (game, BK_SEAT_S, C ("HK"), &error));
  g_assert_no_error (error);
  play_out (game);

  /* Property notifications come once per request, after its signals. */
  g_assert_cmpstr (log->str, ==,
                   "dealt S;phase 1;notify multiplier;"
                   "talk W gut;talk E gut;"
                   "double W x2;phase 2;notify multiplier;"
                   "card W SO;card N SK;"
                   "double S x4;notify multiplier;"
                   "card E H10;card S HK;trick W 21;"   /* 3 + 4 + 10 + 4 */
                   "card W EO;card N G10;card E GU;card S EA;trick W 26;"
                   "card W EU;card N GK;card E HA;card S E10;trick W 27;"
                   "card W GO;card N SA;card E HU;card S EK;trick W 20;"
                   "card W HO;card N S10;card E SU;card S GA;trick W 26;"
                   /* Schwarz (3) at ×4 */
                   "scored 0:120 WE 12;phase 3;notify lines-left-we;");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/B2.1/seating-ceremony", test_seating_ceremony);
  g_test_add_func ("/game/B2.1/seating-skips-first", test_seating_skips_first);
  g_test_add_func ("/game/B2.1/seating-random", test_seating_random);
  g_test_add_func ("/game/B2.1/seating-turned", test_seating_turned);
  g_test_add_func ("/game/B2.2-B2.4,B4.1/dealer-rotation", test_dealer_rotation);
  g_test_add_func ("/game/B2.3/deal-packets", test_deal_packets);
  g_test_add_func ("/game/B2.5/new-seats-after-bollen", test_new_seats_after_bollen);
  g_test_add_func ("/game/B3.1-B3.3,B3.5/table-talk", test_table_talk);
  g_test_add_func ("/game/B3.1/spritze-vorhand", test_spritze_vorhand);
  g_test_add_func ("/game/B3.4/honour-code", test_honour_code);
  g_test_add_func ("/game/B3.6/retour-window", test_retour_window);
  g_test_add_func ("/game/B3.6-B3.7/retour-alternation", test_retour_alternation);
  g_test_add_func ("/game/B3.6/doubling-cap", test_doubling_cap);
  g_test_add_func ("/game/B4.5/view-tricks", test_view_tricks);
  g_test_add_func ("/game/B6.1/rules-change", test_rules_change);
  g_test_add_func ("/game/B5.2/scoring-lines", test_scoring_lines);
  g_test_add_func ("/game/B5.2/scoring-schwarz-rule", test_scoring_schwarz_rule);
  g_test_add_func ("/game/B5.2/scoring-points", test_scoring_points);
  g_test_add_func ("/game/B5.3/scoring-tie", test_scoring_tie);
  g_test_add_func ("/game/B5.3/session-carry", test_session_carry);
  g_test_add_func ("/game/B6.1-B6.2/bollen", test_bollen);
  g_test_add_func ("/game/signals", test_signals);

  return g_test_run ();
}
