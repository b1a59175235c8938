/* test-herzla.c: the rules of Herzla as pure functions (docs/rules-herzla.md H1-H6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "bk-herzla-score.h"
#include "test-helpers.h"

static BkTrick
trick_of (const char *cards)
{
  BkTrick trick = { 0 };
  guint n = 0;
  g_autoptr (GError) error = NULL;

  if (cards && *cards)
    bk_card_list_parse (cards, trick.cards, BK_MAX_SEATS, &n, &error);
  g_assert_no_error (error);
  trick.n = (guint8) n;
  return trick;
}

/* H1.1, H6.1: 32 cards without the Sechsen, 36 with them. */
static void
test_deck (void)
{
  BkHand vier = bk_herzla_deck (BK_HERZLA_VIER);
  BkHand einfach = bk_herzla_deck (BK_HERZLA_EINFACH);

  g_assert_cmpuint (bk_hand_count (vier), ==, 32);
  g_assert_cmpuint (bk_hand_count (einfach), ==, 36);
  g_assert_cmpuint (einfach & ~vier, ==, H ("E6 G6 H6 S6"));
  g_assert_true (bk_hand_has (vier, C ("H7")));
  g_assert_true (bk_hand_has (vier, C ("EA")));
}

/* H1.2: the natural order A K O U 10 9 8 7 6, no trumps; H4.1: the led suit wins. */
static void
test_order (void)
{
  const BkGameRules *game = bk_herzla_rules ();
  const char *order[] = { "GA", "GK", "GO", "GU", "G10", "G9", "G8", "G7", "G6" };
  BkTrick trick;

  for (guint i = 0; i + 1 < G_N_ELEMENTS (order); i++)
    g_assert_true (bk_card_beats (game, C (order[i]), C (order[i + 1])));

  /* A König beats the Zehn here (Bierkopf would say otherwise). */
  trick = trick_of ("G10 GK");
  g_assert_cmpuint (bk_trick_winner (game, &trick), ==, 1);
  /* No trumps: an Ober or a heart off suit never wins. */
  trick = trick_of ("S7 EO HA S8");
  g_assert_cmpuint (bk_trick_winner (game, &trick), ==, 3);
  for (BkCard card = 0; card < BK_N_CARDS; card++)
    g_assert_false (bk_card_is_trump (game, card));
}

/* H1.3: the eight hearts are the penalty cards; the core counts them as a trick's points. */
static void
test_penalty_cards (void)
{
  const BkGameRules *game = bk_herzla_rules ();
  BkTrick trick = trick_of ("HA H7 EO SK");
  guint total = 0;

  g_assert_cmpuint (bk_trick_points (game, &trick), ==, 2);
  for (BkHand deck = bk_herzla_deck (BK_HERZLA_VIER); deck; deck &= deck - 1)
    total += game->points[bk_hand_first (deck)];
  g_assert_cmpuint (total, ==, 8);
}

/* H2.1: eight each; H6.1: an even share of 36, the rest aside. */
static void
test_hand_sizes (void)
{
  static const guint sizes[] = { 0, 0, 0, 12, 9, 7, 6, 5, 4 };
  static const guint aside[] = { 0, 0, 0, 0, 0, 1, 0, 1, 4 };

  g_assert_cmpuint (bk_herzla_hand_size (BK_HERZLA_VIER, 4), ==, 8);
  g_assert_cmpuint (bk_herzla_n_aside (BK_HERZLA_VIER, 4), ==, 0);
  for (guint n = BK_HERZLA_MIN_PLAYERS; n <= BK_HERZLA_MAX_PLAYERS; n++)
    {
      g_assert_cmpuint (bk_herzla_hand_size (BK_HERZLA_EINFACH, n), ==, sizes[n]);
      g_assert_cmpuint (bk_herzla_n_aside (BK_HERZLA_EINFACH, n), ==, aside[n]);
    }
}

/* H4.1: follow suit if you can, otherwise anything; no duty to win. */
static void
test_follow_suit (void)
{
  BkTrick trick = trick_of ("GK");
  BkHand hand = H ("GA G7 HA EO");

  g_assert_cmpuint (bk_herzla_legal (hand, &trick, TRUE), ==, H ("GA G7"));
  g_assert_cmpuint (bk_herzla_legal (H ("HA EO S7"), &trick, TRUE), ==, H ("HA EO S7"));
  /* Discarding a heart when void is always allowed, even on the first trick (H4.2). */
  g_assert_nonnull (bk_herzla_illegal_reason (hand, &trick, TRUE, C ("HA"), BK_DECK_BAVARIAN));
  g_assert_null (bk_herzla_illegal_reason (H ("HA EO"), &trick, TRUE, C ("HA"),
                                           BK_DECK_BAVARIAN));
  /* Issue 21: the refusal names the suit to follow, as the deck shown calls it. */
  g_assert_cmpstr (bk_herzla_illegal_reason (hand, &trick, TRUE, C ("HA"), BK_DECK_BAVARIAN), ==,
                   "You must follow suit with Leaves");
  g_assert_cmpstr (bk_herzla_illegal_reason (hand, &trick, TRUE, C ("HA"), BK_DECK_FRENCH), ==,
                   "You must follow suit with Spades");
  trick = trick_of ("H7");
  g_assert_cmpstr (bk_herzla_illegal_reason (hand, &trick, TRUE, C ("GA"), BK_DECK_FRENCH), ==,
                   "You must follow suit with Hearts");
}

/* H4.2: no heart led to tricks 1 and 2 unless the leader holds only hearts; the house rule
 * limits it to the normal game. */
static void
test_heart_lead (void)
{
  BkTrick empty = trick_of ("");
  BkHand hand = H ("HA H7 EO");

  for (guint done = 0; done < 3; done++)
    {
      gboolean closed = bk_herzla_heart_lead_closed (BK_HEART_LEAD_EVERY_GAME,
                                                     BK_CONTRACT_NORMAL, done);
      g_assert_cmpint (closed, ==, done < 2);
      g_assert_cmpuint (bk_herzla_legal (hand, &empty, closed), ==,
                        done < 2 ? H ("EO") : hand);
    }
  g_assert_cmpstr (bk_herzla_illegal_reason (hand, &empty, TRUE, C ("HA"), BK_DECK_BAVARIAN), !=,
                   NULL);

  /* Only hearts: he must lead one. */
  g_assert_cmpuint (bk_herzla_legal (H ("HA H7"), &empty, TRUE), ==, H ("HA H7"));

  /* Our choice: in every contract; house rule: only in the normal game. */
  g_assert_true (bk_herzla_heart_lead_closed (BK_HEART_LEAD_EVERY_GAME, BK_CONTRACT_BEDDL, 0));
  g_assert_true (bk_herzla_heart_lead_closed (BK_HEART_LEAD_EVERY_GAME, BK_CONTRACT_MORD, 1));
  g_assert_false (bk_herzla_heart_lead_closed (BK_HEART_LEAD_NORMAL_ONLY, BK_CONTRACT_BEDDL, 0));
  g_assert_false (bk_herzla_heart_lead_closed (BK_HEART_LEAD_NORMAL_ONLY, BK_CONTRACT_MORD, 0));
  g_assert_true (bk_herzla_heart_lead_closed (BK_HEART_LEAD_NORMAL_ONLY, BK_CONTRACT_NORMAL, 1));
}

/* H4.3, H4.4: the trick that ends a contract. */
static void
test_contract_broken (void)
{
  g_assert_true (bk_herzla_contract_broken (BK_CONTRACT_BEDDL, 2, 2));
  g_assert_false (bk_herzla_contract_broken (BK_CONTRACT_BEDDL, 2, 1));
  g_assert_true (bk_herzla_contract_broken (BK_CONTRACT_MORD, 2, 3));
  g_assert_false (bk_herzla_contract_broken (BK_CONTRACT_MORD, 2, 2));
  g_assert_false (bk_herzla_contract_broken (BK_CONTRACT_NORMAL, 0, 0));
}

static void
test_contract_names (void)
{
  BkContract contract;
  g_autoptr (GError) error = NULL;

  for (guint c = 0; c < BK_N_CONTRACTS; c++)
    {
      g_assert_true (bk_contract_parse (bk_contract_to_string ((BkContract) c), &contract, NULL));
      g_assert_cmpuint (contract, ==, c);
    }
  g_assert_false (bk_contract_parse ("solo", &contract, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
}

static BkHerzlaTally
tally_of (const guint hearts[4],
          const guint tricks[4])
{
  BkHerzlaTally tally = { .n_players = 4, .contract = BK_CONTRACT_NORMAL,
                          .declarer = BK_HERZLA_SEAT_NONE, .tricks_played = 8,
                          .tricks_in_hand = 8 };

  for (guint s = 0; s < 4; s++)
    {
      tally.hearts[s] = (guint8) hearts[s];
      tally.tricks[s] = (guint8) tricks[s];
    }
  return tally;
}

/* H5.6 */
static void
assert_zero_sum (const BkHerzlaPayment *payment,
                 gint                   stock_in)
{
  gint sum = payment->stock - stock_in;

  for (guint s = 0; s < 4; s++)
    sum += payment->cents[s];
  g_assert_cmpint (sum, ==, 0);
}

static void
assert_cents (const BkHerzlaPayment *payment,
              gint s0, gint s1, gint s2, gint s3)
{
  g_assert_cmpint (payment->cents[0], ==, s0);
  g_assert_cmpint (payment->cents[1], ==, s1);
  g_assert_cmpint (payment->cents[2], ==, s2);
  g_assert_cmpint (payment->cents[3], ==, s3);
}

/* H5.1: 10 cents a heart to the heart-free; two heart-free share the 80. */
static void
test_pay_hearts (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally tally;

  bk_herzla_pay_rules_init_default (&rules);

  tally = tally_of ((guint[]) { 0, 5, 1, 2 }, (guint[]) { 2, 3, 1, 2 });
  bk_herzla_pay (&rules, &tally, 0, &payment);
  assert_cents (&payment, 80, -50, -10, -20);
  g_assert_cmpint (payment.stock, ==, 0);
  g_assert_cmpuint (payment.n_free, ==, 1);
  g_assert_cmpint (payment.won, ==, -1);
  assert_zero_sum (&payment, 0);

  tally = tally_of ((guint[]) { 0, 6, 0, 2 }, (guint[]) { 1, 4, 1, 2 });
  bk_herzla_pay (&rules, &tally, 0, &payment);
  assert_cents (&payment, 40, -60, 40, -20);
  g_assert_cmpuint (payment.n_free, ==, 2);
  assert_zero_sum (&payment, 0);
}

/* H5.2: all eight hearts: 80 cents into the stock, nothing to the three heart-free. */
static void
test_pay_all_hearts (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally tally = tally_of ((guint[]) { 0, 0, 8, 0 }, (guint[]) { 2, 2, 3, 1 });

  bk_herzla_pay_rules_init_default (&rules);
  bk_herzla_pay (&rules, &tally, 30, &payment);
  assert_cents (&payment, 0, 0, -80, 0);
  g_assert_cmpint (payment.stock, ==, 110);
  assert_zero_sum (&payment, 30);
}

/* H5.3: nobody heart-free: 10 cents a heart into the stock; house rule: nobody pays. */
static void
test_pay_nobody_free (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally tally = tally_of ((guint[]) { 1, 3, 2, 2 }, (guint[]) { 1, 3, 2, 2 });

  bk_herzla_pay_rules_init_default (&rules);
  bk_herzla_pay (&rules, &tally, 0, &payment);
  assert_cents (&payment, -10, -30, -20, -20);
  g_assert_cmpint (payment.stock, ==, 80);
  assert_zero_sum (&payment, 0);

  rules.nobody_free = BK_NOBODY_FREE_NOBODY_PAYS;
  bk_herzla_pay (&rules, &tally, 50, &payment);
  assert_cents (&payment, 0, 0, 0, 0);
  g_assert_cmpint (payment.stock, ==, 50);
}

/* H5.4: the stock goes to the next sole heart-free player, on top of his 80 cents; not to
 * two heart-free players; house rules: to a won Mord or Schleichermord, or at the end. */
static void
test_stock (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally sole = tally_of ((guint[]) { 3, 0, 3, 2 }, (guint[]) { 3, 1, 2, 2 });
  BkHerzlaTally two = tally_of ((guint[]) { 0, 0, 6, 2 }, (guint[]) { 1, 2, 3, 2 });
  gint shared[BK_MAX_SEATS] = { 0 };

  bk_herzla_pay_rules_init_default (&rules);
  bk_herzla_pay (&rules, &two, 120, &payment);
  g_assert_cmpint (payment.stock, ==, 120);
  assert_zero_sum (&payment, 120);

  bk_herzla_pay (&rules, &sole, 120, &payment);
  assert_cents (&payment, -30, 200, -30, -20);
  g_assert_cmpint (payment.stock, ==, 0);
  assert_zero_sum (&payment, 120);

  rules.stock = BK_STOCK_TO_MORD;
  bk_herzla_pay (&rules, &sole, 120, &payment);
  assert_cents (&payment, -30, 80, -30, -20);
  g_assert_cmpint (payment.stock, ==, 120);

  rules.stock = BK_STOCK_AT_SESSION_END;
  bk_herzla_pay (&rules, &sole, 120, &payment);
  g_assert_cmpint (payment.stock, ==, 120);
  bk_herzla_share_stock (4, 130, 1, shared);
  g_assert_cmpint (shared[0], ==, 32);
  g_assert_cmpint (shared[1], ==, 33);
  g_assert_cmpint (shared[2], ==, 33);
  g_assert_cmpint (shared[3], ==, 32);
}

/* H5.5: contracts are paid 80 cents by or to each defender; hearts do not count. */
static void
test_pay_contracts (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally tally = tally_of ((guint[]) { 0, 3, 5, 0 }, (guint[]) { 0, 3, 3, 2 });

  bk_herzla_pay_rules_init_default (&rules);

  /* A Beddl made by seat 0. */
  tally.contract = BK_CONTRACT_BEDDL;
  tally.declarer = 0;
  bk_herzla_pay (&rules, &tally, 40, &payment);
  assert_cents (&payment, 240, -80, -80, -80);
  g_assert_cmpint (payment.won, ==, 1);
  g_assert_cmpint (payment.stock, ==, 40);
  assert_zero_sum (&payment, 40);

  /* A Beddl broken on the first trick (H4.3): the hand stopped there. */
  tally = tally_of ((guint[]) { 1, 0, 0, 0 }, (guint[]) { 0, 0, 1, 0 });
  tally.contract = BK_CONTRACT_BEDDL;
  tally.declarer = 2;
  tally.tricks_played = 1;
  bk_herzla_pay (&rules, &tally, 0, &payment);
  assert_cents (&payment, 80, 80, -240, 80);
  g_assert_cmpint (payment.won, ==, 0);

  /* A Mord lost on the last trick (H4.4). */
  tally = tally_of ((guint[]) { 0, 8, 0, 0 }, (guint[]) { 0, 7, 0, 1 });
  tally.contract = BK_CONTRACT_MORD;
  tally.declarer = 1;
  bk_herzla_pay (&rules, &tally, 0, &payment);
  assert_cents (&payment, 80, -240, 80, 80);
  g_assert_cmpint (payment.won, ==, 0);
  assert_zero_sum (&payment, 0);

  /* A Mord made takes the stock under the house rule. */
  tally.tricks[1] = 8;
  tally.tricks[3] = 0;
  rules.stock = BK_STOCK_TO_MORD;
  bk_herzla_pay (&rules, &tally, 70, &payment);
  assert_cents (&payment, -80, 310, -80, -80);
  g_assert_cmpint (payment.won, ==, 1);
  g_assert_cmpint (payment.stock, ==, 0);
  assert_zero_sum (&payment, 70);
}

/* H4.5, H5.5: all eight tricks unannounced; house rule: 80 cents in all. */
static void
test_schleichermord (void)
{
  BkHerzlaPayRules rules;
  BkHerzlaPayment payment;
  BkHerzlaTally tally = tally_of ((guint[]) { 0, 0, 0, 8 }, (guint[]) { 0, 0, 0, 8 });

  bk_herzla_pay_rules_init_default (&rules);
  bk_herzla_pay (&rules, &tally, 20, &payment);
  g_assert_cmpuint (payment.schleichermord, ==, 3);
  assert_cents (&payment, -80, -80, -80, 240);
  g_assert_cmpint (payment.stock, ==, 20);
  assert_zero_sum (&payment, 20);

  rules.schleicher = BK_SCHLEICHER_IN_ALL;
  bk_herzla_pay (&rules, &tally, 20, &payment);
  assert_cents (&payment, -27, -27, -26, 80);
  assert_zero_sum (&payment, 20);

  /* Seven tricks are no Schleichermord: the hearts are paid. */
  tally.tricks[3] = 7;
  tally.tricks[0] = 1;
  tally.hearts[3] = 7;
  tally.hearts[0] = 1;
  bk_herzla_pay (&rules, &tally, 0, &payment);
  g_assert_cmpuint (payment.schleichermord, ==, BK_HERZLA_SEAT_NONE);
  assert_cents (&payment, -10, 40, 40, -70);
}

/* H5.6 over every way four players can share eight hearts and eight tricks. */
static void
test_zero_sum_everywhere (void)
{
  BkHerzlaPayRules rules;
  guint checked = 0;

  for (guint variant = 0; variant < 3 * 2 * 2; variant++)
    {
      rules.nobody_free = variant % 2;
      rules.stock = (variant / 2) % 3;
      rules.schleicher = variant / 6;
      for (guint a = 0; a <= 8; a++)
        for (guint b = 0; a + b <= 8; b++)
          for (guint c = 0; a + b + c <= 8; c++)
            {
              guint hearts[4] = { a, b, c, 8 - a - b - c };
              BkHerzlaTally tally = tally_of (hearts, (guint[]) { 2, 2, 2, 2 });
              BkHerzlaPayment payment;

              for (guint t = 0; t < 4; t++)
                tally.tricks[t] = (guint8) MAX (hearts[t], (a + t) % 3);
              bk_herzla_pay (&rules, &tally, 40, &payment);
              assert_zero_sum (&payment, 40);
              g_assert_cmpint (payment.stock, >=, 0);
              checked++;
            }
    }
  g_assert_cmpuint (checked, ==, 12 * 165);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/herzla/H1.1/deck", test_deck);
  g_test_add_func ("/herzla/H1.2/order", test_order);
  g_test_add_func ("/herzla/H1.3/penalty-cards", test_penalty_cards);
  g_test_add_func ("/herzla/H2.1/hand-sizes", test_hand_sizes);
  g_test_add_func ("/herzla/H4.1/follow-suit", test_follow_suit);
  g_test_add_func ("/herzla/H4.2/heart-lead", test_heart_lead);
  g_test_add_func ("/herzla/H4.3/contract-broken", test_contract_broken);
  g_test_add_func ("/herzla/H3.1/contract-names", test_contract_names);
  g_test_add_func ("/herzla/H5.1/hearts", test_pay_hearts);
  g_test_add_func ("/herzla/H5.2/all-hearts", test_pay_all_hearts);
  g_test_add_func ("/herzla/H5.3/nobody-free", test_pay_nobody_free);
  g_test_add_func ("/herzla/H5.4/stock", test_stock);
  g_test_add_func ("/herzla/H5.5/contracts", test_pay_contracts);
  g_test_add_func ("/herzla/H4.5/schleichermord", test_schleichermord);
  g_test_add_func ("/herzla/H5.6/zero-sum", test_zero_sum_everywhere);

  return g_test_run ();
}
