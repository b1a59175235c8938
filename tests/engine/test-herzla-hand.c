/* test-herzla-hand.c: a hand of Herzla from the deal to the payments (docs/rules-herzla.md
 * H2-H6), on hand-made deals and on 100,000 random hands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "bk-games.h"
#include "bk-herzla-hand.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* seats 0..3 = S W N E */
static void
start_vier (BkHerzlaHand *state,
            guint         dealer,
            const char   *s,
            const char   *w,
            const char   *n,
            const char   *e)
{
  BkHerzlaRules rules;
  BkHand hands[BK_MAX_SEATS] = { H (s), H (w), H (n), H (e) };
  g_autoptr (GError) error = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
  g_assert_true (bk_herzla_deal_check (&rules, hands, 0, &error));
  g_assert_no_error (error);
  bk_herzla_hand_init (state, &rules, dealer, hands, 0);
}

static void
act (BkHerzlaHand *state,
     BkActionType  type,
     guint         seat,
     guint         arg)
{
  BkAction action = bk_action_make (type, (BkSeat) seat, arg);
  g_autoptr (GError) error = NULL;

  bk_herzla_hand_apply (state, &action, &error);
  g_assert_no_error (error);
}

/* A refused request changes nothing. */
static void
refuse (BkHerzlaHand *state,
        BkActionType  type,
        guint         seat,
        guint         arg,
        gint          code)
{
  BkAction action = bk_action_make (type, (BkSeat) seat, arg);
  BkHerzlaHand before = *state;
  g_autoptr (GError) error = NULL;

  g_assert_false (bk_herzla_hand_apply (state, &action, &error));
  g_assert_error (error, BK_ERROR, code);
  g_assert_cmpmem (&before, sizeof before, state, sizeof *state);
}

static void
play (BkHerzlaHand *state,
      const char   *cards)
{
  g_auto (GStrv) list = g_strsplit (cards, " ", -1);

  for (guint i = 0; list[i]; i++)
    act (state, BK_ACTION_PLAY, state->to_act, C (list[i]));
}

static void
bid_all (BkHerzlaHand *state,
         BkContract    c0,
         BkContract    c1,
         BkContract    c2,
         BkContract    c3)
{
  BkContract bids[4] = { c0, c1, c2, c3 };

  for (guint i = 0; i < 4 && state->step == BK_HERZLA_STEP_BID; i++)
    act (state, BK_ACTION_BID, state->to_act, bids[i]);
}

/* Four hands that play out simply: every trick follows suit. */
#define S_HAND "EA EK EO EU E10 E9 E8 E7"
#define W_HAND "GA GK GO GU G10 G9 G8 G7"
#define N_HAND "HA HK HO HU H10 H9 H8 H7"
#define E_HAND "SA SK SO SU S10 S9 S8 S7"

/* H2.2, H3.1, H3.2: Vorhand bids first; the first bid stands; four passes, normal game. */
static void
test_bidding (void)
{
  BkHerzlaHand state;

  start_vier (&state, BK_SEAT_E, S_HAND, W_HAND, N_HAND, E_HAND);
  g_assert_cmpuint (state.to_act, ==, BK_SEAT_S);
  refuse (&state, BK_ACTION_BID, BK_SEAT_W, BK_CONTRACT_BEDDL, BK_ERROR_NOT_YOUR_TURN);
  refuse (&state, BK_ACTION_PLAY, BK_SEAT_S, C ("EA"), BK_ERROR_WRONG_PHASE);
  refuse (&state, BK_ACTION_TALK, BK_SEAT_S, BK_WORD_GUT, BK_ERROR_WRONG_PHASE);
  refuse (&state, BK_ACTION_BID, BK_SEAT_S, BK_N_CONTRACTS, BK_ERROR_ILLEGAL_WORD);

  act (&state, BK_ACTION_BID, BK_SEAT_S, BK_CONTRACT_NORMAL);
  act (&state, BK_ACTION_BID, BK_SEAT_W, BK_CONTRACT_MORD);
  g_assert_cmpuint (state.step, ==, BK_HERZLA_STEP_PLAY);
  g_assert_cmpuint (state.contract, ==, BK_CONTRACT_MORD);
  g_assert_cmpuint (state.declarer, ==, BK_SEAT_W);
  /* Vorhand leads in every game (H2.2), not the declarer. */
  g_assert_cmpuint (state.to_act, ==, BK_SEAT_S);
  refuse (&state, BK_ACTION_BID, BK_SEAT_S, BK_CONTRACT_BEDDL, BK_ERROR_WRONG_PHASE);

  start_vier (&state, BK_SEAT_S, S_HAND, W_HAND, N_HAND, E_HAND);
  g_assert_cmpuint (state.to_act, ==, BK_SEAT_W);
  bid_all (&state, 0, 0, 0, 0);
  g_assert_cmpuint (state.step, ==, BK_HERZLA_STEP_PLAY);
  g_assert_cmpuint (state.contract, ==, BK_CONTRACT_NORMAL);
  g_assert_cmpuint (state.n_bids, ==, 4);
  g_assert_cmpuint (state.to_act, ==, BK_SEAT_W);
}

/* H4.2 at tricks 1, 2 and 3, and with a hand of only hearts. */
static void
test_heart_lead_in_play (void)
{
  BkHerzlaHand state;

  start_vier (&state, BK_SEAT_E,
              "HA H7 EA EK GA GK SA SK", "HK E10 E9 G10 G9 S10 S9 E8",
              "HO HU E7 G8 G7 S8 S7 SO", "H10 H9 H8 EO EU GO GU SU");
  bid_all (&state, 0, 0, 0, 0);
  g_assert_cmpuint (bk_herzla_hand_legal (&state) & H ("HA H7"), ==, 0);
  refuse (&state, BK_ACTION_PLAY, BK_SEAT_S, C ("HA"), BK_ERROR_ILLEGAL_CARD);

  play (&state, "EA E10 E7 EO");        /* trick 1 to S */
  g_assert_cmpuint (state.tricks_done, ==, 1);
  g_assert_cmpuint (bk_herzla_hand_legal (&state) & H ("HA H7"), ==, 0);
  play (&state, "GA G10 G8 GO");        /* trick 2 to S */
  g_assert_cmpuint (bk_herzla_hand_legal (&state) & H ("HA H7"), ==, H ("HA H7"));
  play (&state, "H7 HK HO H10");        /* trick 3: a heart led */
  g_assert_cmpuint (state.last_winner, ==, BK_SEAT_W);
  g_assert_cmpuint (state.hearts[BK_SEAT_W], ==, 4);

  /* Only hearts: he may lead one at once. */
  start_vier (&state, BK_SEAT_E,
              "HA HK HO HU H10 H9 H8 H7", "EA EK EO EU E10 E9 E8 E7",
              "GA GK GO GU G10 G9 G8 G7", "SA SK SO SU S10 S9 S8 S7");
  bid_all (&state, 0, 0, 0, 0);
  g_assert_cmpuint (bk_herzla_hand_legal (&state), ==, H ("HA HK HO HU H10 H9 H8 H7"));
}

/* H4.3: a Beddl ends when the declarer takes a trick: on trick 1, or on trick 8. */
static void
test_beddl_broken (void)
{
  BkHerzlaHand state;
  BkHerzlaTally tally;
  BkHerzlaPayment payment;

  start_vier (&state, BK_SEAT_E, S_HAND, W_HAND, N_HAND, E_HAND);
  bid_all (&state, BK_CONTRACT_BEDDL, 0, 0, 0);
  play (&state, "EA G7 H7 S7");
  g_assert_true (bk_herzla_hand_is_over (&state));
  g_assert_true (state.broken);
  g_assert_cmpuint (state.tricks_done, ==, 1);
  refuse (&state, BK_ACTION_PLAY, BK_SEAT_S, C ("EK"), BK_ERROR_WRONG_PHASE);
  bk_herzla_hand_tally (&state, &tally);
  bk_herzla_pay (&state.rules.pay, &tally, 0, &payment);
  g_assert_cmpint (payment.won, ==, 0);
  g_assert_cmpint (payment.cents[BK_SEAT_S], ==, -240);

  /* S ducks seven tricks and has to take the eighth. */
  start_vier (&state, BK_SEAT_E,
              "E7 E8 E9 E10 G7 G8 G9 GA", "EA EK EO EU GK GO GU G10",
              "HA HK HO HU H10 H9 H8 H7", "SA SK SO SU S10 S9 S8 S7");
  bid_all (&state, BK_CONTRACT_BEDDL, 0, 0, 0);
  play (&state, "E7 EA H7 S7");
  play (&state, "EK H8 S8 E8");
  play (&state, "EO H9 S9 E9");
  play (&state, "EU H10 S10 E10");
  play (&state, "GK HU SU G7");
  play (&state, "GO HO SO G8");
  play (&state, "GU HK SK G9");
  g_assert_false (bk_herzla_hand_is_over (&state));
  g_assert_cmpuint (state.tricks[BK_SEAT_W], ==, 7);
  play (&state, "G10 HA SA GA");
  g_assert_true (bk_herzla_hand_is_over (&state));
  g_assert_true (state.broken);
  g_assert_cmpuint (state.tricks_done, ==, 8);
  g_assert_cmpuint (state.last_winner, ==, BK_SEAT_S);
}

/* H4.4: a Mord ends when a defender takes a trick, here the very last one. */
static void
test_mord_broken_last (void)
{
  BkHerzlaHand state;
  BkHerzlaTally tally;
  BkHerzlaPayment payment;

  start_vier (&state, BK_SEAT_E,
              "EA EK EO EU E10 E9 E8 S7", "GA GK GO GU G10 G9 G8 G7",
              "HA HK HO HU H10 H9 H8 H7", "SA SK SO SU S10 S9 S8 E7");
  bid_all (&state, BK_CONTRACT_MORD, 0, 0, 0);
  play (&state, "EA G7 H7 E7");
  for (guint t = 1; t < 7; t++)
    {
      act (&state, BK_ACTION_PLAY, BK_SEAT_S, bk_hand_first (state.hands[BK_SEAT_S] &
                                                             ~H ("S7")));
      while (state.trick.n > 0)
        act (&state, BK_ACTION_PLAY, state.to_act, bk_hand_first (bk_herzla_hand_legal (&state)));
      g_assert_false (bk_herzla_hand_is_over (&state));
    }
  g_assert_cmpuint (state.tricks[BK_SEAT_S], ==, 7);
  play (&state, "S7");
  while (state.trick.n > 0)
    act (&state, BK_ACTION_PLAY, state.to_act, bk_hand_first (bk_herzla_hand_legal (&state)));
  g_assert_true (bk_herzla_hand_is_over (&state));
  g_assert_true (state.broken);
  g_assert_cmpuint (state.last_winner, ==, BK_SEAT_E);
  bk_herzla_hand_tally (&state, &tally);
  bk_herzla_pay (&state.rules.pay, &tally, 0, &payment);
  g_assert_cmpint (payment.won, ==, 0);
  g_assert_cmpint (payment.cents[BK_SEAT_S], ==, -240);
}

/* H4.5: all eight tricks in a normal game, detected. */
static void
test_schleichermord_in_play (void)
{
  BkHerzlaHand state;
  BkHerzlaTally tally;
  BkHerzlaPayment payment;

  start_vier (&state, BK_SEAT_E,
              "EA EK EO EU E10 E9 E8 E7", "GA GK GO GU G10 G9 G8 G7",
              "HA HK HO HU H10 H9 H8 H7", "SA SK SO SU S10 S9 S8 S7");
  bid_all (&state, 0, 0, 0, 0);
  while (!bk_herzla_hand_is_over (&state))
    act (&state, BK_ACTION_PLAY, state.to_act, bk_hand_first (bk_herzla_hand_legal (&state)));
  g_assert_cmpuint (state.tricks[BK_SEAT_S], ==, 8);
  g_assert_false (state.broken);
  bk_herzla_hand_tally (&state, &tally);
  bk_herzla_pay (&state.rules.pay, &tally, 0, &payment);
  g_assert_cmpuint (payment.schleichermord, ==, BK_SEAT_S);
  g_assert_cmpint (payment.cents[BK_SEAT_S], ==, 240);
}

/* H6.1: the simple form deals evenly and lays the rest aside; no bidding (H6.2). */
static void
test_simple_deal (void)
{
  for (guint n = BK_HERZLA_MIN_PLAYERS; n <= BK_HERZLA_MAX_PLAYERS; n++)
    {
      BkHerzlaRules rules;
      BkHerzlaHand state;
      BkCard deck[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside, all = bk_herzla_deck (BK_HERZLA_EINFACH);
      guint k = 0;
      g_autoptr (GError) error = NULL;

      for (BkHand rest = all; rest; rest &= rest - 1)
        deck[k++] = bk_hand_first (rest);
      bk_herzla_rules_init_default (&rules, BK_HERZLA_EINFACH, n);
      bk_herzla_deal_from_deck (&rules, deck, n - 1, hands, &aside);
      g_assert_true (bk_herzla_deal_check (&rules, hands, aside, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bk_hand_count (aside), ==, bk_herzla_n_aside (BK_HERZLA_EINFACH, n));

      bk_herzla_hand_init (&state, &rules, n - 1, hands, aside);
      g_assert_cmpuint (state.step, ==, BK_HERZLA_STEP_PLAY);
      g_assert_cmpuint (state.to_act, ==, 0);
      refuse (&state, BK_ACTION_BID, 0, BK_CONTRACT_BEDDL, BK_ERROR_WRONG_PHASE);
      refuse (&state, BK_ACTION_PLAY, n, C ("EA"), BK_ERROR_PARSE);
    }
}

/* A bad deal is refused with a reason. */
static void
test_deal_check (void)
{
  BkHerzlaRules rules;
  BkHand hands[BK_MAX_SEATS] = { H (S_HAND), H (W_HAND), H (N_HAND), H (E_HAND) };
  g_autoptr (GError) error = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
  hands[3] = H ("SA SK SO SU S10 S9 S8 S6");
  g_assert_false (bk_herzla_deal_check (&rules, hands, 0, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
  g_clear_error (&error);

  hands[3] = H ("SA SK SO SU S10 S9 S8 EA");
  g_assert_false (bk_herzla_deal_check (&rules, hands, 0, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_DUPLICATE);
  g_clear_error (&error);

  rules.n_players = 5;
  g_assert_false (bk_herzla_rules_check (&rules, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
}

/* H1-H6 over many random hands: both forms, 3 to 8 players, random house rules. Each card
 * is played at most once, the legal set is never empty, every card played is legal and
 * every refused request changes nothing; balances and stock sum to zero after every hand
 * (H5.6) and the penalty points equal an independent count of the hearts taken (H6.2). */
static void
test_random_hands (void)
{
  guint n_hands = bk_test_scaled (100000);
  gint balances[BK_MAX_SEATS] = { 0 };
  gint stock = 0;
  BkRng rng;

  bk_rng_init (&rng, 20261130, 0);
  for (guint h = 0; h < n_hands; h++)
    {
      BkHerzlaRules rules;
      BkHerzlaHand state;
      BkHerzlaTally tally;
      BkCard deck[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside, played = 0, all;
      guint n, k = 0, taken_hearts[BK_MAX_SEATS] = { 0 };
      gboolean vier = bk_rng_below (&rng, 2) == 0;

      n = vier ? 4 : BK_HERZLA_MIN_PLAYERS + bk_rng_below (&rng, 6);
      bk_herzla_rules_init_default (&rules, vier ? BK_HERZLA_VIER : BK_HERZLA_EINFACH, n);
      rules.packets = bk_rng_below (&rng, 2);
      rules.heart_lead = bk_rng_below (&rng, 2);
      rules.pay.nobody_free = bk_rng_below (&rng, 2);
      rules.pay.stock = bk_rng_below (&rng, 3);
      rules.pay.schleicher = bk_rng_below (&rng, 2);

      all = bk_herzla_deck (rules.variant);
      for (BkHand rest = all; rest; rest &= rest - 1)
        deck[k++] = bk_hand_first (rest);
      bk_rng_shuffle (&rng, deck, k);
      bk_herzla_deal_from_deck (&rules, deck, h % n, hands, &aside);
      g_assert_true (bk_herzla_deal_check (&rules, hands, aside, NULL));
      bk_herzla_hand_init (&state, &rules, h % n, hands, aside);

      while (!bk_herzla_hand_is_over (&state))
        {
          BkAction action;

          if (state.step == BK_HERZLA_STEP_BID)
            {
              /* Mostly weiter, sometimes a contract. */
              guint r = bk_rng_below (&rng, 10);
              action = bk_action_make (BK_ACTION_BID, (BkSeat) state.to_act,
                                       r == 0 ? BK_CONTRACT_BEDDL : r == 1 ? BK_CONTRACT_MORD
                                                                    : BK_CONTRACT_NORMAL);
            }
          else
            {
              BkHand legal = bk_herzla_hand_legal (&state);
              BkHand illegal = state.hands[state.to_act] & ~legal;

              g_assert_cmpuint (legal, !=, 0);
              g_assert_cmpuint (legal & ~state.hands[state.to_act], ==, 0);
              if (illegal && bk_rng_below (&rng, 4) == 0)
                {
                  BkAction wrong = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                                   bk_hand_nth (illegal, bk_rng_below (&rng, bk_hand_count (illegal))));
                  BkHerzlaHand before = state;

                  g_assert_false (bk_herzla_hand_apply (&state, &wrong, NULL));
                  g_assert_cmpmem (&before, sizeof before, &state, sizeof state);
                }
              action = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                                       bk_hand_nth (legal, bk_rng_below (&rng, bk_hand_count (legal))));
              g_assert_false (bk_hand_has (played, action.arg));
              played |= BK_HAND_BIT (action.arg);
            }
          g_assert_true (bk_herzla_hand_apply (&state, &action, NULL));
          if (action.type == BK_ACTION_PLAY && state.trick.n == 0)
            for (guint i = 0; i < n; i++)
              taken_hearts[state.last_winner] +=
                bk_card_suit (state.last_trick.cards[i]) == BK_SUIT_HERZ;
        }

      g_assert_cmpuint (played & (aside | ~all), ==, 0);
      for (guint s = 0; s < n; s++)
        g_assert_cmpuint (state.hearts[s], ==, taken_hearts[s]);

      bk_herzla_hand_tally (&state, &tally);
      if (vier)
        {
          BkHerzlaPayment payment;
          gint sum;

          bk_herzla_pay (&rules.pay, &tally, stock, &payment);
          stock = payment.stock;
          sum = stock;
          for (guint s = 0; s < 4; s++)
            {
              balances[s] += payment.cents[s];
              sum += balances[s];
            }
          g_assert_cmpint (sum, ==, 0);
          g_assert_cmpint (stock, >=, 0);
          if (state.contract == BK_CONTRACT_NORMAL)
            g_assert_cmpuint (state.tricks_done, ==, 8);
        }
      else
        {
          guint total = 0;

          for (guint s = 0; s < n; s++)
            total += tally.hearts[s];
          /* Every heart in play is taken by someone; those aside by nobody. */
          g_assert_cmpuint (total + bk_hand_count (aside & H ("HA HK HO HU H10 H9 H8 H7 H6")),
                            ==, 9);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/herzla-hand/H3.1/bidding", test_bidding);
  g_test_add_func ("/herzla-hand/H4.2/heart-lead", test_heart_lead_in_play);
  g_test_add_func ("/herzla-hand/H4.3/beddl-broken", test_beddl_broken);
  g_test_add_func ("/herzla-hand/H4.4/mord-broken-last", test_mord_broken_last);
  g_test_add_func ("/herzla-hand/H4.5/schleichermord", test_schleichermord_in_play);
  g_test_add_func ("/herzla-hand/H6.1/simple-deal", test_simple_deal);
  g_test_add_func ("/herzla-hand/H2.1/deal-check", test_deal_check);
  g_test_add_func ("/herzla-hand/H5.6/random-hands", test_random_hands);

  return g_test_run ();
}
