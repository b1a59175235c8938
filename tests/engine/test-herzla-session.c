/* test-herzla-session.c: a Herzla session run by BkGame (issue 14): the deal of the
 * four-player game and of the simple form for 3 to 8 players (H2, H6.1), the bidding (H3),
 * a Beddl broken early (H4.3), the heart lead of H4.2 refused, the record of notation.md
 * ("Herzla": `game herzla`, `variant`, `players`, seats 1..n, `aside`) read back into the
 * same session, and bad records refused with their line number.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-error.h"
#include "bk-game.h"
#include "bk-games.h"
#include "bk-herzla.h"
#include "bk-herzla-game.h"
#include "bk-herzla-module.h"
#include "bk-record.h"
#include "bk-rng.h"

static void
herzla_rules (BkRules    *rules,
              const char *variant,
              guint       n_players)
{
  g_autofree char *players = g_strdup_printf ("%u", n_players);

  bk_rules_init_default (rules);
  g_assert_true (bk_rules_set_option (rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (rules, "variant", variant, NULL));
  g_assert_true (bk_rules_set_option (rules, "players", players, NULL));
}

static const BkHerzlaHand *
herzla_hand (BkGame *game)
{
  return bk_game_get_hand (game);
}

/* Plays the hand out with the first legal card of each seat. */
static void
play_out (BkGame *game)
{
  while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
    {
      BkSeat seat = bk_game_get_to_act (game);
      BkHand legal = bk_game_get_legal (game);
      g_autoptr (GError) error = NULL;

      g_assert_cmphex (legal, !=, 0);
      g_assert_true (bk_game_play (game, seat, bk_hand_first (legal), &error));
      g_assert_no_error (error);
    }
}

/* Every seat bids @bid in turn (weiter: BK_CONTRACT_NORMAL) until the bidding ends. */
static void
bid_all (BkGame     *game,
         BkContract  bid)
{
  while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
    {
      BkAction action = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game), bid);
      g_autoptr (GError) error = NULL;

      g_assert_true (bk_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
}

/* The record reads back into the same session: the same record, hand and score. */
static void
assert_round_trip (BkGame *game)
{
  g_autofree char *record = bk_game_to_record (game);
  g_autofree char *save = bk_game_to_save_text (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) loaded = bk_record_replay (record, NULL, NULL, NULL, &error);
  g_autoptr (BkGame) saved = NULL;
  g_autofree char *again = NULL;
  const BkGameModule *module = bk_game_get_module (game);

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  again = bk_game_to_record (loaded);
  g_assert_cmpstr (again, ==, record);
  g_assert_true (bk_rules_equal (bk_game_get_rules (loaded), bk_game_get_rules (game)));
  g_assert_cmpint (bk_game_get_phase (loaded), ==, bk_game_get_phase (game));
  g_assert_cmpmem (bk_game_get_hand (loaded), module->hand_size,
                   bk_game_get_hand (game), module->hand_size);
  g_assert_cmpmem (bk_game_get_score (loaded), module->score_size,
                   bk_game_get_score (game), module->score_size);

  /* The save's state line, with cents paid (negative), checks out too. */
  saved = bk_record_replay (save, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (saved);
}

/* H2.1, H2.2, notation.md: eight cards each, Vorhand to bid; the record header names the
 * game, its form and its players, and a hand line for every seat. */
static void
test_deal (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *record = NULL;
  g_autoptr (GError) error = NULL;
  BkHand all = 0;

  herzla_rules (&rules, "vier", 4);
  game = bk_game_new (&rules, 5);
  g_assert_nonnull (game);
  g_assert_cmpuint (bk_game_get_n_seats (game), ==, 4);
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, s)), ==, 8);
      all |= bk_game_get_cards (game, s);
    }
  g_assert_cmphex (all, ==, bk_herzla_deck (BK_HERZLA_VIER));
  g_assert_cmpuint (bk_game_get_to_act (game), ==, (bk_game_get_dealer (game) + 1) % 4);

  record = bk_game_to_record (game);
  g_assert_nonnull (strstr (record, "game herzla\nvariant vier\nplayers 4\n"));
  g_assert_nonnull (strstr (record, "rule limit 50\n"));
  g_assert_nonnull (strstr (record, "\ndealer "));
  g_assert_null (strstr (record, "aside"));
  for (guint s = 0; s < 4; s++)
    {
      g_autofree char *line = g_strdup_printf ("\nhand %s ", bk_seat_name (&rules, s));
      g_assert_nonnull (strstr (record, line));
    }
}

/* H3: the bidding from Vorhand, out of turn refused; a card before the bidding is over and
 * Bierkopf's talk refused; nobody bids: the normal game. */
static void
test_bids (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkSeat vorhand;
  BkAction action;
  guint generation;
  g_autofree char *before = NULL, *after = NULL;

  herzla_rules (&rules, "vier", 4);
  game = bk_game_new (&rules, 8);
  g_assert_true (bk_game_start (game, NULL));
  vorhand = bk_game_get_to_act (game);
  generation = bk_game_get_generation (game);
  before = bk_game_to_record (game);

  action = bk_action_make (BK_ACTION_BID, (vorhand + 1) % 4, BK_CONTRACT_BEDDL);
  g_assert_false (bk_game_apply (game, &action, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (bk_game_play (game, vorhand, bk_hand_first (bk_game_get_cards (game, vorhand)),
                                &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  action = bk_action_make (BK_ACTION_TALK, vorhand, 0);
  g_assert_false (bk_game_apply (game, &action, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (bk_game_get_generation (game), ==, generation);
  after = bk_game_to_record (game);
  g_assert_cmpstr (after, ==, before);

  bid_all (game, BK_CONTRACT_NORMAL);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (herzla_hand (game)->contract, ==, BK_CONTRACT_NORMAL);
  g_assert_cmpuint (herzla_hand (game)->n_bids, ==, 4);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, vorhand);
  g_clear_pointer (&after, g_free);
  after = bk_game_to_record (game);
  g_assert_nonnull (strstr (after, "bid "));
  g_assert_nonnull (strstr (after, " weiter\n"));
  play_out (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  g_assert_cmpuint (herzla_hand (game)->tricks_done, ==, 8);
  assert_round_trip (game);
}

static void
count_scored (BkGame        *game,
              gconstpointer  result,
              guint         *n)
{
  (void) game, (void) result;
  (*n)++;
}

/* H3.1 the first bid stands; H4.3 a Beddl ends when its declarer takes a trick, and the
 * hand is scored then. */
static void
test_broken_beddl (void)
{
  gboolean broken_early = FALSE;

  for (guint64 seed = 1; seed <= 40 && !broken_early; seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      BkAction beddl;
      BkSeat declarer;
      guint scored = 0;

      herzla_rules (&rules, "vier", 4);
      game = bk_game_new (&rules, seed);
      g_signal_connect (game, "hand-scored", G_CALLBACK (count_scored), &scored);
      g_assert_true (bk_game_start (game, NULL));
      declarer = bk_game_get_to_act (game);
      beddl = bk_action_make (BK_ACTION_BID, declarer, BK_CONTRACT_BEDDL);
      g_assert_true (bk_game_apply (game, &beddl, &error));
      g_assert_no_error (error);
      /* The first bid stands: play begins at once, Vorhand leads. */
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
      g_assert_cmpuint (herzla_hand (game)->declarer, ==, declarer);
      g_assert_cmpuint (bk_game_get_side (game, declarer), !=,
                        bk_game_get_side (game, (declarer + 1) % 4));

      play_out (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
      g_assert_cmpuint (scored, ==, 1);
      {
        const BkHerzlaHand *hand = herzla_hand (game);
        guint done = hand->tricks_done;
        BkSeat winner;

        /* The declarer took no trick before the last one played. */
        for (guint i = 0; i + 1 < done; i++)
          {
            g_assert_true (bk_game_get_trick (game, i, NULL, &winner));
            g_assert_cmpuint (winner, !=, declarer);
          }
        g_assert_true (bk_game_get_trick (game, done - 1, NULL, &winner));
        if (done < 8)
          {
            g_assert_cmpuint (winner, ==, declarer);
            g_assert_true (hand->broken);
            broken_early = TRUE;
          }
      }
      assert_round_trip (game);
    }
  g_assert_true (broken_early);
}

/* H4.2: no heart led to the first trick while the leader holds another suit; refused
 * with nothing changed. */
static void
test_heart_lead (void)
{
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *before = NULL, *after = NULL;
      BkHand hearts = 0, cards;
      BkSeat leader;
      guint generation;

      herzla_rules (&rules, "vier", 4);
      game = bk_game_new (&rules, seed);
      g_assert_true (bk_game_start (game, NULL));
      bid_all (game, BK_CONTRACT_NORMAL);
      leader = bk_game_get_to_act (game);
      cards = bk_game_get_cards (game, leader);
      for (guint r = 0; r < BK_N_RANKS; r++)
        hearts |= BK_HAND_BIT (BK_CARD (BK_SUIT_HERZ, r));
      if ((cards & hearts) == 0 || (cards & ~hearts) == 0)
        continue;
      generation = bk_game_get_generation (game);
      before = bk_game_to_record (game);
      g_assert_false (bk_game_play (game, leader, bk_hand_first (cards & hearts), &error));
      g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD);
      g_assert_cmpuint (bk_game_get_generation (game), ==, generation);
      after = bk_game_to_record (game);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmphex (bk_game_get_cards (game, leader), ==, cards);
      return;
    }
  g_assert_not_reached ();
}

/* H6.1: the simple form with 3, 5 and 8 players: 36 cards dealt evenly, the rest aside
 * (none, 1, 4); no bidding (H6.2); seats 1..n in the record; the record reads back. */
static void
test_einfach (void)
{
  static const struct { guint players, size, aside; } forms[] = {
    { 3, 12, 0 }, { 5, 7, 1 }, { 8, 4, 4 },
  };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *record = NULL;
      g_autofree char *header = NULL;
      BkHand all;
      BkAction bid;

      herzla_rules (&rules, "einfach", forms[f].players);
      game = bk_game_new (&rules, 21 + f);
      g_assert_cmpuint (bk_game_get_n_seats (game), ==, forms[f].players);
      for (guint hand = 0; hand < 2; hand++)
        {
          if (hand == 0)
            g_assert_true (bk_game_start (game, &error));
          else
            g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
          all = herzla_hand (game)->aside;
          g_assert_cmpuint (bk_hand_count (all), ==, forms[f].aside);
          for (guint s = 0; s < forms[f].players; s++)
            {
              g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, s)), ==, forms[f].size);
              all |= bk_game_get_cards (game, s);
            }
          g_assert_cmphex (all, ==, bk_herzla_deck (BK_HERZLA_EINFACH));

          bid = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game), BK_CONTRACT_MORD);
          g_assert_false (bk_game_apply (game, &bid, &error));
          g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
          g_clear_error (&error);
          play_out (game);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
        }

      record = bk_game_to_record (game);
      header = g_strdup_printf ("game herzla\nvariant einfach\nplayers %u\n", forms[f].players);
      g_assert_nonnull (strstr (record, header));
      g_assert_true ((strstr (record, "\naside ") != NULL) == (forms[f].aside > 0));
      {
        g_autofree char *last = g_strdup_printf ("\nhand %u ", forms[f].players);
        g_assert_nonnull (strstr (record, last));
        g_assert_nonnull (strstr (record, "\nplay 1 "));
      }
      assert_round_trip (game);
    }
}

/* Several hands of the four-player game with every bid, and the record reads back. */
static void
test_session_round_trip (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  static const BkContract bids[] = { BK_CONTRACT_MORD, BK_CONTRACT_NORMAL, BK_CONTRACT_BEDDL };

  herzla_rules (&rules, "vier", 4);
  g_assert_true (bk_rules_set_option (&rules, "packets", "2-2-2-2", NULL));
  g_assert_true (bk_rules_set_option (&rules, "stock", "mord", NULL));
  game = bk_game_new (&rules, 99);
  for (guint hand = 0; hand < G_N_ELEMENTS (bids); hand++)
    {
      BkSeat dealer = bk_game_get_dealer (game);

      g_assert_true (hand == 0 ? bk_game_start (game, NULL) : bk_game_next_hand (game, NULL));
      if (hand > 0)
        g_assert_cmpuint (bk_game_get_dealer (game), ==, (dealer + 1) % 4);
      bid_all (game, bids[hand]);
      play_out (game);
      assert_round_trip (game);
    }
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 3);
}

/* A bad record is refused with the number of its line (notation.md). */
static void
assert_refused (const char *record,
                guint       line,
                GQuark      domain,
                gint        code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = bk_record_replay (record, NULL, NULL, NULL, &error);
  g_autofree char *prefix = g_strdup_printf ("Line %u ", line);

  g_assert_null (game);
  g_assert_error (error, domain, code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected an error of line %u, got: %s", line, error->message);
}

static void
test_bad_records (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *record = NULL;
  g_auto (GStrv) lines = NULL;
  guint dealer_line = 0, n_lines;
  g_autoptr (GString) text = NULL;

  /* A session of five in the simple form: its record, cut and changed. */
  herzla_rules (&rules, "einfach", 5);
  game = bk_game_new (&rules, 3);
  g_assert_true (bk_game_start (game, NULL));
  play_out (game);
  record = bk_game_to_record (game);
  lines = g_strsplit (record, "\n", -1);
  n_lines = g_strv_length (lines);
  for (guint i = 0; i < n_lines; i++)
    if (g_str_has_prefix (lines[i], "dealer "))
      dealer_line = i + 1;
  g_assert_cmpuint (dealer_line, >, 0);
  /* dealer, five hands, aside, then the cards */
  g_assert_true (g_str_has_prefix (lines[dealer_line + 5 - 1 + 1], "aside "));

  /* Without the aside line: the first card comes before the deal is complete. */
  text = g_string_new (NULL);
  for (guint i = 0; i < n_lines; i++)
    if (i != dealer_line + 5)
      g_string_append_printf (text, "%s\n", lines[i]);
  assert_refused (text->str, dealer_line + 6, BK_ERROR, BK_ERROR_RECORD);

  /* A seat beyond the players. */
  g_string_truncate (text, 0);
  for (guint i = 0; i < n_lines; i++)
    g_string_append_printf (text, "%s\n", i == dealer_line - 1 ? "dealer 6" : lines[i]);
  assert_refused (text->str, dealer_line, BK_ERROR, BK_ERROR_PARSE);

  /* A card played out of turn: the second card by the first card's seat. */
  g_string_truncate (text, 0);
  for (guint i = 0; i < n_lines; i++)
    if (i == dealer_line + 7)
      {
        g_auto (GStrv) words = g_strsplit (lines[dealer_line + 6], " ", -1);
        g_auto (GStrv) next = g_strsplit (lines[i], " ", -1);

        g_string_append_printf (text, "play %s %s\n", words[1], next[2]);
      }
    else
      g_string_append_printf (text, "%s\n", lines[i]);
  assert_refused (text->str, dealer_line + 8, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);

  /* A bid in the simple form. */
  g_string_truncate (text, 0);
  for (guint i = 0; i < n_lines; i++)
    {
      if (i == dealer_line + 6)
        g_string_append (text, "bid 2 beddl\n");
      g_string_append_printf (text, "%s\n", lines[i]);
    }
  assert_refused (text->str, dealer_line + 7, BK_ERROR, BK_ERROR_WRONG_PHASE);

  /* The four-player game has four players. */
  assert_refused ("game herzla\nvariant einfach\nplayers 6\nvariant vier\n", 4,
                  BK_ERROR, BK_ERROR_RECORD);
}

/* bk_game_deal() with the cards aside: a deal of the simple form for five is checked by the
 * module (H6.1: one card aside), refused with nothing changed, and taken when right. */
static void
test_deal_aside (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkCard pack[BK_N_CARDS];
  BkHand hands[BK_MAX_SEATS] = { 0 }, aside = 0, deck = bk_herzla_deck (BK_HERZLA_EINFACH);
  guint n = 0;
  g_autofree char *record = NULL;

  herzla_rules (&rules, "einfach", 5);
  game = bk_game_new (&rules, 1);
  for (; deck; deck &= deck - 1)
    pack[n++] = bk_hand_first (deck);
  bk_game_get_module (game)->deal (&rules, pack, 2, hands, &aside);
  g_assert_cmpuint (bk_hand_count (aside), ==, 1);

  g_assert_false (bk_game_deal (game, 2, hands, 0, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
  g_clear_error (&error);
  g_assert_false (bk_game_deal (game, 5, hands, aside, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 0);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_NEW);

  g_assert_true (bk_game_deal (game, 2, hands, aside, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_dealer (game), ==, 2);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, 3);
  record = bk_game_to_record (game);
  {
    const char *card = bk_card_to_string (bk_hand_first (aside));
    g_autofree char *line = g_strdup_printf ("\naside %s\n", card);
    g_assert_nonnull (strstr (record, "\ndealer 3\nhand 4 "));
    g_assert_nonnull (strstr (record, line));
  }
  assert_round_trip (game);
}

/* Random sessions of every form and player count with random bids and cards: every record
 * reads back into the same session. */
static void
test_random_sessions (void)
{
  for (guint form = 0; form <= 6; form++)
    for (guint64 seed = 1; seed <= 6; seed++)
      {
        BkRules rules;
        g_autoptr (BkGame) game = NULL;
        BkRng rng;

        if (form == 0)
          herzla_rules (&rules, "vier", 4);
        else
          herzla_rules (&rules, "einfach", form + 2);
        g_assert_true (bk_rules_set_option (&rules, "packets", seed % 2 ? "4-4" : "2-2-2-2", NULL));
        bk_rng_init (&rng, seed, form);
        game = bk_game_new (&rules, seed * 31 + form);
        for (guint hand = 0; hand < 3; hand++)
          {
            g_autoptr (GError) error = NULL;

            g_assert_true (hand == 0 ? bk_game_start (game, &error)
                                     : bk_game_next_hand (game, &error));
            g_assert_no_error (error);
            while (bk_game_get_phase (game) == BK_PHASE_BIDDING)
              {
                BkAction bid = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game),
                                               bk_rng_below (&rng, BK_N_CONTRACTS));
                g_assert_true (bk_game_apply (game, &bid, &error));
                g_assert_no_error (error);
              }
            while (bk_game_get_phase (game) == BK_PHASE_PLAYING)
              {
                BkHand legal = bk_game_get_legal (game);
                BkCard card = bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal)));

                g_assert_true (bk_game_play (game, bk_game_get_to_act (game), card, &error));
                g_assert_no_error (error);
              }
            g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
          }
        assert_round_trip (game);
      }
}

/* H6.3: a simple-form session of one round (one deal by each of three players) is over
 * after three hands; no fourth hand is dealt, and the lowest total wins. */
static void
test_session_end (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;

  herzla_rules (&rules, "einfach", 3);
  g_assert_true (bk_rules_set_option (&rules, "rounds", "1", NULL));
  game = bk_game_new (&rules, 5);
  for (guint hand = 0; hand < 3; hand++)
    {
      g_assert_false (bk_game_is_session_over (game));
      g_assert_true (hand == 0 ? bk_game_start (game, &error)
                               : bk_game_next_hand (game, &error));
      g_assert_no_error (error);
      play_out (game);
    }
  g_assert_true (bk_game_is_session_over (game));
  g_assert_false (bk_game_next_hand (game, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 3);
  assert_round_trip (game);
}

/* Plays four-player hands (everybody says weiter) until one ends with cents in the stock;
 * the game is left at that hand's end. */
static void
play_until_stock (BkGame *game)
{
  g_autoptr (GError) error = NULL;

  for (guint hand = 0; hand < 200; hand++)
    {
      g_assert_true (hand == 0 ? bk_game_start (game, &error) : bk_game_next_hand (game, &error));
      g_assert_no_error (error);
      bid_all (game, BK_CONTRACT_NORMAL);
      play_out (game);
      if (bk_herzla_game_get_stock (game) > 0)
        return;
    }
  g_assert_not_reached ();
}

/* H5.4 (house rule "session-end"), H5.6, H6.3: the players settle up after a hand. The
 * stock is shared out evenly, the odd cents from the last hand's Vorhand on; the balances
 * then add up to zero alone. The game is not changed; during a hand, before the first one
 * and in the simple form settling is refused. */
static void
test_settle_up (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkHerzlaScore settled, before;
  gint stock, sum = 0;
  guint first;

  herzla_rules (&rules, "vier", 4);
  g_assert_true (bk_rules_set_option (&rules, "stock", "session-end", NULL));
  game = bk_game_new (&rules, 11);
  g_assert_true (bk_game_start (game, &error));
  memset (&settled, 0x5a, sizeof settled);
  before = settled;
  g_assert_false (bk_herzla_game_settle (game, &settled, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_assert_cmpmem (&settled, sizeof settled, &before, sizeof before);
  g_clear_error (&error);
  g_clear_object (&game);

  game = bk_game_new (&rules, 11);
  play_until_stock (game);
  before = *bk_herzla_game_get_score (game);
  stock = before.stock;
  first = bk_herzla_hand_vorhand (herzla_hand (game));
  g_assert_true (bk_herzla_game_settle (game, &settled, &error));
  g_assert_no_error (error);
  g_assert_true (settled.over);
  g_assert_cmpint (settled.stock, ==, 0);
  for (guint k = 0; k < 4; k++)
    {
      guint s = (first + k) % 4;
      gint share = stock / 4 + ((gint) k < stock % 4);

      g_assert_cmpint (settled.cents[s], ==, before.cents[s] + share);
      g_assert_cmpuint (settled.received[s], ==, before.received[s] + (guint) share);
      g_assert_cmpuint (settled.paid[s], ==, before.paid[s]);
      sum += settled.cents[s];
    }
  g_assert_cmpint (sum, ==, 0);
  /* Only a look at the end: the session itself goes on as it was. */
  g_assert_cmpmem (bk_herzla_game_get_score (game), sizeof before, &before, sizeof before);
  g_assert_false (bk_game_is_session_over (game));

  /* A hand under way is played out first. */
  g_assert_true (bk_game_next_hand (game, &error));
  g_assert_false (bk_herzla_game_settle (game, &settled, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_clear_object (&game);

  /* H5.4, our choice: only a sole heart-free player takes the stock; nobody has won it at
   * the end, so it stays in the stock, and balances and stock still add up to zero. */
  herzla_rules (&rules, "vier", 4);
  game = bk_game_new (&rules, 11);
  play_until_stock (game);
  before = *bk_herzla_game_get_score (game);
  g_assert_true (bk_herzla_game_settle (game, &settled, &error));
  g_assert_true (settled.over);
  g_assert_cmpint (settled.stock, ==, before.stock);
  g_assert_cmpmem (settled.cents, sizeof settled.cents, before.cents, sizeof before.cents);
  g_clear_object (&game);

  /* H6.3: the simple form counts penalty points, not money. */
  herzla_rules (&rules, "einfach", 3);
  game = bk_game_new (&rules, 11);
  g_assert_true (bk_game_start (game, &error));
  play_out (game);
  g_assert_false (bk_herzla_game_settle (game, &settled, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

/* notation.md "Herzla": the form and the number of players stay for the session; a
 * record that changes them between hands is refused, another house rule may change. */
static void
test_rule_changes (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *changed = NULL;
  g_autoptr (BkGame) loaded = NULL;

  herzla_rules (&rules, "vier", 4);
  game = bk_game_new (&rules, 9);
  g_assert_true (bk_game_start (game, &error));
  bid_all (game, BK_CONTRACT_NORMAL);
  play_out (game);
  record = bk_game_to_record (game);

  changed = g_strconcat (record, "variant einfach\nplayers 5\n", NULL);
  loaded = bk_record_replay (changed, NULL, NULL, NULL, &error);
  g_assert_null (loaded);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_assert_true (g_str_has_prefix (error->message, "Line "));
  g_clear_error (&error);
  g_clear_pointer (&changed, g_free);

  changed = g_strconcat (record, "rule heart-lead normal-only\n", NULL);
  loaded = bk_record_replay (changed, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_rules (loaded)->herzla.heart_lead, ==, BK_HEART_LEAD_NORMAL_ONLY);
}

/* notation.md "Seats and teams", "Herzla": S W N E for Bierkopf and the four-player
 * Herzla, 1..n for the simple form; read back, and a seat beyond the players refused. */
static void
test_seat_names (void)
{
  BkRules rules;
  static const char * const compass[] = { "S", "W", "N", "E" };
  guint seat;
  g_autoptr (GError) error = NULL;
  g_autofree char *player = NULL;

  bk_rules_init_default (&rules);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpstr (bk_seat_name (&rules, s), ==, compass[s]);
      g_assert_true (bk_seat_parse_for (&rules, compass[s], &seat, NULL));
      g_assert_cmpuint (seat, ==, s);
    }
  g_assert_false (bk_seat_parse_for (&rules, "1", &seat, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  g_clear_error (&error);

  herzla_rules (&rules, "vier", 4);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpstr (bk_seat_name (&rules, s), ==, compass[s]);
  g_assert_true (bk_seat_parse_for (&rules, "n", &seat, NULL));
  g_assert_cmpuint (seat, ==, 2);

  herzla_rules (&rules, "einfach", 7);
  for (guint s = 0; s < 7; s++)
    {
      g_autofree char *name = g_strdup_printf ("%u", s + 1);

      g_assert_cmpstr (bk_seat_name (&rules, s), ==, name);
      g_assert_true (bk_seat_parse_for (&rules, name, &seat, NULL));
      g_assert_cmpuint (seat, ==, s);
    }
  g_assert_false (bk_seat_parse_for (&rules, "8", &seat, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (bk_seat_parse_for (&rules, "0", &seat, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (bk_seat_parse_for (&rules, "S", &seat, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  player = bk_seat_dup_display_name (&rules, 2);
  g_assert_cmpstr (player, ==, "Player 3");
}

/* Random requests of every kind, seat and argument: each is taken, or refused with a
 * GError and nothing changed (the record, the hand, the generation). */
static void
test_random_requests (void)
{
  for (guint form = 0; form <= 2; form++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      BkRng rng;
      guint taken = 0, refused = 0;

      if (form == 0)
        herzla_rules (&rules, "vier", 4);
      else
        herzla_rules (&rules, "einfach", form == 1 ? 3 : 8);
      game = bk_game_new (&rules, 40 + form);
      bk_rng_init (&rng, 77, form);
      g_assert_true (bk_game_start (game, NULL));
      for (guint i = 0; i < 4000; i++)
        {
          const BkGameModule *module = bk_game_get_module (game);
          g_autofree gpointer hand = g_memdup2 (bk_game_get_hand (game), module->hand_size);
          g_autofree char *before = bk_game_to_record (game);
          guint generation = bk_game_get_generation (game);
          g_autoptr (GError) error = NULL;
          BkAction action;

          if (bk_game_get_phase (game) == BK_PHASE_HAND_OVER)
            {
              /* H6.3: the simple form ends at its penalty limit. */
              if (bk_game_is_session_over (game))
                break;
              g_assert_true (bk_game_next_hand (game, NULL));
              continue;
            }
          /* Half of the cards legal ones, so that hands get played. */
          if (bk_rng_below (&rng, 2) && bk_game_get_legal (game))
            {
              BkHand legal = bk_game_get_legal (game);
              BkCard card = bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal)));

              action = bk_action_make (BK_ACTION_PLAY, bk_game_get_to_act (game), card);
            }
          else
            {
              /* Mostly the seat to act, and bids mostly of the three words. */
              BkActionType type = (BkActionType) bk_rng_below (&rng, BK_ACTION_BID + 2);
              BkSeat seat = bk_rng_below (&rng, 2) ? bk_game_get_to_act (game)
                                                   : bk_rng_below (&rng, BK_MAX_SEATS + 2);

              action = bk_action_make (type, seat, bk_rng_below (&rng, type == BK_ACTION_PLAY
                                                                       ? BK_N_CARDS + 4 : 4));
            }
          if (bk_game_apply (game, &action, &error))
            {
              g_assert_no_error (error);
              taken++;
            }
          else
            {
              g_autofree char *after = bk_game_to_record (game);

              g_assert_nonnull (error);
              g_assert_cmpuint (bk_game_get_generation (game), ==, generation);
              g_assert_cmpstr (after, ==, before);
              g_assert_cmpmem (bk_game_get_hand (game), module->hand_size, hand,
                               module->hand_size);
              refused++;
            }
        }
      g_assert_cmpuint (taken, >, 100);
      g_assert_cmpuint (refused, >, 100);
      assert_round_trip (game);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/herzla-session/seat-names", test_seat_names);
  g_test_add_func ("/herzla-session/deal", test_deal);
  g_test_add_func ("/herzla-session/bids", test_bids);
  g_test_add_func ("/herzla-session/broken-beddl", test_broken_beddl);
  g_test_add_func ("/herzla-session/heart-lead", test_heart_lead);
  g_test_add_func ("/herzla-session/einfach", test_einfach);
  g_test_add_func ("/herzla-session/round-trip", test_session_round_trip);
  g_test_add_func ("/herzla-session/bad-records", test_bad_records);
  g_test_add_func ("/herzla-session/deal-aside", test_deal_aside);
  g_test_add_func ("/herzla-session/random", test_random_sessions);
  g_test_add_func ("/herzla-session/random-requests", test_random_requests);
  g_test_add_func ("/herzla-session/H6.3/session-end", test_session_end);
  g_test_add_func ("/herzla-session/rule-changes", test_rule_changes);
  g_test_add_func ("/herzla-session/H5.4/settle-up", test_settle_up);

  return g_test_run ();
}
