/* test-herzla-session-score.c: what a Herzla session keeps from hand to hand and tells
 * (docs/rules-herzla.md H4.3-H4.5, H5, H6.2, H6.3; docs/notation.md "Herzla"), through the
 * Herzla module's own functions on values: hand-made deals played out, the result objects
 * as JSON, and seeded random sessions of both variants.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "bk-herzla-game.h"
#include "bk-herzla-module.h"
#include "bk-herzla-random.h"
#include "bk-herzla-result.h"
#include "bk-rng.h"
#include "test-helpers.h"

static const BkGameModule *module = &bk_herzla_module;

enum { S, W, N, E };

/* Four hands of eight, seats S W N E; the dealer is E, so S is Vorhand. */
typedef struct {
  const char *hands[4];
} Deal;

/* Every seat one suit: whoever leads takes every trick. */
static const Deal one_suit_each = { {
  "EA EK EO EU E10 E9 E8 E7", "GA GK GO GU G10 G9 G8 G7",
  "SA SK SO SU S10 S9 S8 S7", "HA HK HO HU H10 H9 H8 H7",
} };

/* Every seat takes hearts, or all but S (see the scripts below). */
static const Deal mixed = { {
  "EA S7 H9 E9 EK EO EU S9", "E7 SA G7 E10 GK GO GU G10",
  "E8 S8 GA H10 SK SO SU S10", "H7 H8 G9 HA HK HO HU G8",
} };

/* H4.3-H4.5: S takes seven tricks with all the hearts and W the last trick. */
static const Deal seven_and_one = { {
  "EA EK EO EU E10 E9 E8 G7", "GA GK GO GU G10 G9 HA E7",
  "SA SK SO SU S10 S9 S8 S7", "HK HO HU H10 H9 H8 H7 G8",
} };

/* S and W take tricks, N and E none. */
static const Deal two_takers = { {
  "EA EK EO EU E10 G9 G8 G7", "GA GK GO GU G10 E9 E8 E7",
  "SA SK SO SU S10 S9 S8 S7", "HA HK HO HU H10 H9 H8 H7",
} };

/* N takes the first seven tricks, W the eighth. */
static const Deal last_to_w = { {
  "S7 EA EK EO EU E10 E9 E8", "GA HA HK HO HU H10 H9 H8",
  "SA SK SO SU S10 S9 S8 G7", "E7 GK GO GU G10 G9 G8 H7",
} };

/* Trick by trick, each from its leader on. */
#define NOBODY_FREE "EA E7 E8 H7  S7 SA S8 H8  G7 GA G9 H9  H10 HA E9 E10 " \
                    "G8 S9 GK S10  GO SU HU EU  GU SO HO EO  G10 SK HK EK"
#define SOLE_FREE_S "EA E7 E8 G8  S7 SA S8 H8  G7 GA G9 H9  H10 HA E9 E10 " \
                    "H7 S9 GK S10  HU EU GO SU  HO EO GU SO  HK EK G10 SK"
#define ALL_EIGHT_S "EA E7 S7 H7  EK G9 S8 H8  EO HA S9 H9  EU G10 S10 H10 " \
                    "E10 GU SU HU  E9 GO SO HO  E8 GK SK HK  G7 GA SA G8"
#define TWO_FREE "EA E7 S7 H7  EK E8 S8 H8  EO E9 S9 H9  EU G10 S10 H10 " \
                 "E10 GU SU HU  G9 GA SO HO  GK SK HK G8  GO SA HA G7"
#define S_TAKES_ALL "EA GA SA HA  EK GK SK HK  EO GO SO HO  EU GU SU HU " \
                    "E10 G10 S10 H10  E9 G9 S9 H9  E8 G8 S8 H8  E7 G7 S7 H7"
#define N_THEN_W "S7 H8 SA E7  SK H7 E8 H9  SO G8 E9 H10  SU G9 E10 HU " \
                 "S10 G10 EU HO  S9 GU EO HK  S8 GO EK HA  G7 GK EA GA"
#define MORD_LAST "EA E7 S7 H7  EK G9 S8 H8  EO G10 S9 H9  EU GU S10 H10 " \
                  "E10 GO SU HU  E9 GK SO HO  E8 HA SK HK  G7 GA SA G8"

static void
rules_vier (BkHerzlaRules *rules)
{
  bk_herzla_rules_init_default (rules, BK_HERZLA_VIER, 4);
}

/* Deals @deal with E dealing; with the default house rules through the module's own
 * hand_init (a BkRules of Herzla), else with @rules. */
static void
start (BkHerzlaHand        *hand,
       const BkHerzlaRules *rules,
       const Deal          *deal)
{
  BkHand hands[BK_MAX_SEATS] = { 0 };
  BkHerzlaRules plain;
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < 4; s++)
    hands[s] = H (deal->hands[s]);
  g_assert_true (bk_herzla_deal_check (rules, hands, 0, &error));
  g_assert_no_error (error);

  rules_vier (&plain);
  if (memcmp (&plain, rules, sizeof plain) == 0)
    {
      BkRules table;
      BkHerzlaScore fresh;

      bk_rules_init_default (&table);
      g_assert_true (bk_rules_set_option (&table, "game", "herzla", &error));
      g_assert_no_error (error);
      module->score_init (&fresh, &table);
      module->hand_init (hand, &table, &fresh, E, hands, 0);
    }
  else
    bk_herzla_hand_init (hand, rules, E, hands, 0);
}

static void
act (BkHerzlaHand *hand,
     BkActionType  type,
     guint         arg)
{
  BkAction action = bk_action_make (type, (BkSeat) module->to_act (hand), arg);
  g_autoptr (GError) error = NULL;

  g_assert_true (module->check (hand, &action, &error));
  g_assert_no_error (error);
  module->apply (hand, &action);
}

/* H3.1: the bids from Vorhand (S) on until one stands or all four passed. */
static void
bid (BkHerzlaHand *hand,
     guint         declarer,
     BkContract    contract)
{
  for (guint s = S; module->stage (hand) == BK_HAND_STAGE_BEFORE_PLAY; s++)
    act (hand, BK_ACTION_BID, s == declarer ? contract : BK_CONTRACT_NORMAL);
}

static void
play (BkHerzlaHand *hand,
      const char   *cards)
{
  g_auto (GStrv) list = g_strsplit_set (cards, " ", -1);

  for (guint i = 0; list[i]; i++)
    if (*list[i])
      act (hand, BK_ACTION_PLAY, C (list[i]));
}

/* One hand of the session: dealt, bid, played, scored; checks H5.6 on the way. */
static const BkHerzlaResult *
hand_of (BkHerzlaScore       *score,
         const BkHerzlaRules *rules,
         const Deal          *deal,
         guint                declarer,
         BkContract           contract,
         const char          *cards,
         gboolean             ends_session)
{
  BkHerzlaHand hand;
  BkRules table;
  const BkHerzlaResult *result;
  gint sum = 0;

  start (&hand, rules, deal);
  bid (&hand, declarer, contract);
  play (&hand, cards);
  g_assert_cmpint (module->stage (&hand), ==, BK_HAND_STAGE_OVER);

  bk_rules_init_default (&table);
  g_assert_cmpint (module->score_hand (score, &table, &hand), ==, ends_session);
  result = module->last_result (score);
  g_assert_true (result == &score->last);

  for (guint s = 0; s < 4; s++)
    sum += score->cents[s];
  g_assert_cmpint (sum + score->stock, ==, 0);
  sum = 0;
  for (guint s = 0; s < 4; s++)
    sum += result->payment.cents[s];
  g_assert_cmpint (sum + result->payment.stock - result->stock_in, ==, 0);
  g_assert_cmpint (result->payment.stock, ==, score->stock);
  return result;
}

static void
assert_cents (const BkHerzlaResult *result,
              gint                  s,
              gint                  w,
              gint                  n,
              gint                  e)
{
  gint want[4] = { s, w, n, e };

  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (result->payment.cents[seat], ==, want[seat]);
}

static void
assert_balances (const BkHerzlaScore *score,
                 gint                 s,
                 gint                 w,
                 gint                 n,
                 gint                 e,
                 gint                 stock)
{
  gint want[4] = { s, w, n, e };

  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (score->cents[seat], ==, want[seat]);
  g_assert_cmpint (score->stock, ==, stock);
}

static char *
result_json (const BkHerzlaResult *result)
{
  GString *out = g_string_new (NULL);

  bk_herzla_result_write (result, out);
  return g_string_free (out, FALSE);
}

static char *
session_json (const BkHerzlaScore *score)
{
  GString *out = g_string_new (NULL);

  bk_herzla_session_write (score, out);
  return g_string_free (out, FALSE);
}

/* H5.3 (our choice): nobody heart-free, each pays 10 cents a heart into the stock. */
static void
test_nobody_free_stock (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  g_assert_cmpuint (result->payment.n_free, ==, 0);
  assert_cents (result, -10, -40, -10, -20);
  assert_balances (&score, -10, -40, -10, -20, 80);
}

/* H5.3, house rule: nobody heart-free, nobody pays. */
static void
test_nobody_free_nobody_pays (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  rules.pay.nobody_free = BK_NOBODY_FREE_NOBODY_PAYS;
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  assert_cents (result, 0, 0, 0, 0);
  assert_balances (&score, 0, 0, 0, 0, 0);
  /* The hearts still count as penalty points (H6.2). */
  g_assert_cmpuint (score.penalty[W], ==, 4);
}

/* H5.2: all eight hearts (three heart-free players): 80 cents into the stock, the three
 * get nothing from him. */
static void
test_all_eight_hearts (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &seven_and_one, 0, BK_CONTRACT_NORMAL, ALL_EIGHT_S, FALSE);
  g_assert_cmpuint (result->tally.tricks[S], ==, 7);
  g_assert_cmpuint (result->tally.hearts[S], ==, 8);
  g_assert_cmpuint (result->payment.n_free, ==, 3);
  g_assert_cmpuint (result->payment.schleichermord, ==, BK_HERZLA_SEAT_NONE);
  assert_cents (result, -80, 0, 0, 0);
  assert_balances (&score, -80, 0, 0, 0, 80);
}

/* H5.1: two heart-free players share the 80 cents. */
static void
test_two_free (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &two_takers, 0, BK_CONTRACT_NORMAL, TWO_FREE, FALSE);
  g_assert_cmpuint (result->payment.n_free, ==, 2);
  assert_cents (result, -50, -30, 40, 40);
  assert_balances (&score, -50, -30, 40, 40, 0);
}

/* H5.1, H5.4: the sole heart-free player gets 80 cents and the stock. */
static void
test_sole_free (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, SOLE_FREE_S, FALSE);
  g_assert_cmpuint (result->payment.n_free, ==, 1);
  assert_cents (result, 80, -10, -10, -60);
}

/* H5.4 (our choice): the stock grows over several hands and goes to the next sole
 * heart-free player of a normal game, not to a won Mord. */
static void
test_stock_to_sole_free (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;
  g_autofree char *json = NULL;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  hand_of (&score, &rules, &seven_and_one, 0, BK_CONTRACT_NORMAL, ALL_EIGHT_S, FALSE);
  g_assert_cmpint (score.stock, ==, 160);
  result = hand_of (&score, &rules, &two_takers, 0, BK_CONTRACT_NORMAL, TWO_FREE, FALSE);
  g_assert_cmpint (result->payment.stock, ==, 160);
  result = hand_of (&score, &rules, &one_suit_each, S, BK_CONTRACT_MORD, S_TAKES_ALL, FALSE);
  g_assert_cmpint (result->payment.won, ==, 1);
  assert_cents (result, 240, -80, -80, -80);
  g_assert_cmpint (score.stock, ==, 160);
  json = result_json (result);
  g_assert_true (g_str_has_prefix (json, "{\"contract\":\"mord\",\"declarer\":\"S\","
                                         "\"won\":true,"));
  g_assert_true (g_str_has_suffix (json, "\"schleichermord\":null,"
                                         "\"cents\":{\"S\":240,\"W\":-80,\"N\":-80,"
                                         "\"E\":-80},\"stock\":160}"));
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, SOLE_FREE_S, FALSE);
  assert_cents (result, 80 + 160, -10, -10, -60);
  g_assert_cmpint (result->stock_in, ==, 160);
  /* S -10-80-50+240+240, W -40-30-80-10, N -10+40-80-10, E -20+40-80-60 */
  assert_balances (&score, 340, -160, -60, -120, 0);
  g_assert_cmpuint (score.hands, ==, 5);
  g_assert_false (score.over);
}

/* H5.4, house rule: the stock goes to the next won Mord or Schleichermord. */
static void
test_stock_to_mord (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  rules.pay.stock = BK_STOCK_TO_MORD;
  bk_herzla_score_init (&score, &rules);
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, SOLE_FREE_S, FALSE);
  assert_cents (result, 80, -10, -10, -60);
  g_assert_cmpint (score.stock, ==, 80);
  /* A lost Mord does not take it. */
  result = hand_of (&score, &rules, &seven_and_one, S, BK_CONTRACT_MORD, MORD_LAST, FALSE);
  g_assert_cmpint (result->payment.won, ==, 0);
  g_assert_cmpint (score.stock, ==, 80);
  /* A Schleichermord does. */
  result = hand_of (&score, &rules, &one_suit_each, 0, BK_CONTRACT_NORMAL, S_TAKES_ALL, FALSE);
  g_assert_cmpuint (result->payment.schleichermord, ==, S);
  assert_cents (result, 240 + 80, -80, -80, -80);
  g_assert_cmpint (score.stock, ==, 0);
  /* Then a won Mord after the stock grew again. */
  hand_of (&score, &rules, &seven_and_one, 0, BK_CONTRACT_NORMAL, ALL_EIGHT_S, FALSE);
  result = hand_of (&score, &rules, &one_suit_each, S, BK_CONTRACT_MORD, S_TAKES_ALL, FALSE);
  assert_cents (result, 240 + 80, -80, -80, -80);
  g_assert_cmpint (score.stock, ==, 0);
}

/* H5.4, house rule: the stock is shared out when the session ends (here after one round
 * of four hands, H6.3), in the last hand's payments; not to a sole heart-free player. */
static void
test_stock_at_session_end (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;
  g_autofree char *json = NULL;

  rules_vier (&rules);
  rules.pay.stock = BK_STOCK_AT_SESSION_END;
  rules.rounds = 1;
  bk_herzla_score_init (&score, &rules);
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  hand_of (&score, &rules, &seven_and_one, 0, BK_CONTRACT_NORMAL, ALL_EIGHT_S, FALSE);
  result = hand_of (&score, &rules, &one_suit_each, 0, BK_CONTRACT_NORMAL, S_TAKES_ALL, FALSE);
  g_assert_cmpint (score.stock, ==, 160);
  g_assert_cmpuint (bk_herzla_score_rounds (&score), ==, 0);
  result = hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, SOLE_FREE_S, TRUE);
  g_assert_true (score.over);
  g_assert_true (result->session_over);
  g_assert_cmpint (result->stock_shared, ==, 160);
  assert_cents (result, 80 + 40, -10 + 40, -10 + 40, -60 + 40);
  g_assert_cmpint (score.stock, ==, 0);
  g_assert_cmpuint (bk_herzla_score_rounds (&score), ==, 1);

  json = result_json (result);
  g_assert_cmpstr (json, ==,
                   "{\"contract\":\"normal\",\"declarer\":null,\"won\":null,"
                   "\"tricks\":{\"S\":1,\"W\":1,\"N\":1,\"E\":5},"
                   "\"hearts\":{\"S\":0,\"W\":1,\"N\":1,\"E\":6},"
                   "\"schleichermord\":null,"
                   "\"cents\":{\"S\":120,\"W\":30,\"N\":30,\"E\":-20},\"stock\":0}");
}

/* H5.4, house rule: a session stopped before its end shares the stock out, the odd cents
 * to the players from the first one named. */
static void
test_stock_finish (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  gint sum = 0;

  rules_vier (&rules);
  rules.pay.stock = BK_STOCK_AT_SESSION_END;
  bk_herzla_score_init (&score, &rules);
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  g_assert_cmpint (bk_herzla_score_finish (&score, &rules, W), ==, 80);
  assert_balances (&score, 10, -20, 10, 0, 0);
  g_assert_true (score.over);
  for (guint s = 0; s < 4; s++)
    sum += score.cents[s];
  g_assert_cmpint (sum, ==, 0);
}

/* H4.5, H5.5: Schleichermord, 80 cents from each other player. */
static void
test_schleichermord_each (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;
  g_autofree char *json = NULL;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &one_suit_each, 0, BK_CONTRACT_NORMAL, S_TAKES_ALL, FALSE);
  g_assert_cmpuint (result->payment.schleichermord, ==, S);
  g_assert_cmpint (result->payment.won, ==, -1);
  assert_cents (result, 240, -80, -80, -80);
  json = result_json (result);
  g_assert_cmpstr (json, ==,
                   "{\"contract\":\"normal\",\"declarer\":null,\"won\":null,"
                   "\"tricks\":{\"S\":8,\"W\":0,\"N\":0,\"E\":0},"
                   "\"hearts\":{\"S\":8,\"W\":0,\"N\":0,\"E\":0},"
                   "\"schleichermord\":\"S\","
                   "\"cents\":{\"S\":240,\"W\":-80,\"N\":-80,\"E\":-80},\"stock\":0}");
}

/* H5.5, house rule: Schleichermord, 80 cents in all, the odd cent from the first after him. */
static void
test_schleichermord_in_all (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  rules.pay.schleicher = BK_SCHLEICHER_IN_ALL;
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &one_suit_each, 0, BK_CONTRACT_NORMAL, S_TAKES_ALL, FALSE);
  g_assert_cmpuint (result->payment.schleichermord, ==, S);
  assert_cents (result, 80, -27, -27, -26);
  /* No stock rule but the Mord one takes the stock for it. */
  g_assert_cmpint (score.stock, ==, 0);
}

/* H4.3, H5.5: Beddl broken on the first trick: the hand stops, the declarer pays each. */
static void
test_beddl_broken_trick_1 (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  const BkHerzlaResult *result;
  BkRules table;
  g_autofree char *json = NULL;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  start (&hand, &rules, &one_suit_each);
  bid (&hand, S, BK_CONTRACT_BEDDL);
  play (&hand, "EA GA SA HA");
  g_assert_cmpint (module->stage (&hand), ==, BK_HAND_STAGE_OVER);
  g_assert_true (hand.broken);
  bk_rules_init_default (&table);
  g_assert_false (module->score_hand (&score, &table, &hand));
  result = &score.last;
  g_assert_cmpuint (result->tally.tricks_played, ==, 1);
  g_assert_cmpint (result->payment.won, ==, 0);
  assert_cents (result, -240, 80, 80, 80);

  json = result_json (result);
  g_assert_cmpstr (json, ==,
                   "{\"contract\":\"beddl\",\"declarer\":\"S\",\"won\":false,"
                   "\"tricks\":{\"S\":1,\"W\":0,\"N\":0,\"E\":0},"
                   "\"hearts\":{\"S\":1,\"W\":0,\"N\":0,\"E\":0},"
                   "\"schleichermord\":null,"
                   "\"cents\":{\"S\":-240,\"W\":80,\"N\":80,\"E\":80},\"stock\":0}");
}

/* H4.3, H5.5: Beddl broken on the last trick: W took none of the first seven. */
static void
test_beddl_broken_trick_8 (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &last_to_w, W, BK_CONTRACT_BEDDL, N_THEN_W, FALSE);
  g_assert_cmpuint (result->tally.declarer, ==, W);
  g_assert_cmpuint (result->tally.tricks_played, ==, 8);
  g_assert_cmpuint (result->tally.tricks[W], ==, 1);
  g_assert_cmpint (result->payment.won, ==, 0);
  assert_cents (result, 80, -240, 80, 80);
}

/* H4.4, H5.5: Mord broken on the last trick; hearts do not count. */
static void
test_mord_broken_last_trick (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;
  const BkHerzlaResult *result;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  result = hand_of (&score, &rules, &seven_and_one, S, BK_CONTRACT_MORD, MORD_LAST, FALSE);
  g_assert_cmpuint (result->tally.tricks[S], ==, 7);
  g_assert_cmpuint (result->tally.tricks[W], ==, 1);
  g_assert_cmpint (result->payment.won, ==, 0);
  assert_cents (result, -240, 80, 80, 80);
  g_assert_cmpint (score.stock, ==, 0);
}

/* A finished hand made by hand: what its tricks held, without playing them. */
static void
finished_hand (BkHerzlaHand        *hand,
               const BkHerzlaRules *rules,
               const guint8        *tricks,
               const guint8        *hearts)
{
  BkHand hands[BK_MAX_SEATS], aside = 0;
  BkCard deck[BK_N_CARDS];
  guint n = 0;

  for (BkHand all = bk_herzla_deck (rules->variant); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_herzla_deal_from_deck (rules, deck, 0, hands, &aside);
  bk_herzla_hand_init (hand, rules, 0, hands, aside);
  hand->step = BK_HERZLA_STEP_OVER;
  hand->tricks_done = hand->tricks_in_hand;
  for (guint s = 0; s < rules->n_players; s++)
    {
      hand->tricks[s] = tricks[s];
      hand->hearts[s] = hearts[s];
      hand->hands[s] = 0;
    }
}

/* notation.md, "Herzla": the example result object of a four-player hand, exactly. */
static void
test_json_vier_example (void)
{
  static const guint8 tricks[] = { 2, 3, 1, 2 }, hearts[] = { 0, 5, 1, 2 };
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  BkRules table;
  g_autofree char *json = NULL;
  g_autofree char *session = NULL;

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  bk_rules_init_default (&table);
  module->score_hand (&score, &table, &hand);
  json = result_json (module->last_result (&score));
  g_assert_cmpstr (json, ==,
                   "{\"contract\":\"normal\",\"declarer\":null,\"won\":null,"
                   "\"tricks\":{\"S\":2,\"W\":3,\"N\":1,\"E\":2},"
                   "\"hearts\":{\"S\":0,\"W\":5,\"N\":1,\"E\":2},"
                   "\"schleichermord\":null,\"cents\":{\"S\":80,\"W\":-50,\"N\":-10,\"E\":-20},"
                   "\"stock\":0}");
  session = session_json (&score);
  g_assert_cmpstr (session, ==, "{\"balances\":{\"S\":80,\"W\":-50,\"N\":-10,\"E\":-20},"
                                "\"stock\":0}");
}

/* notation.md, "Herzla": the simple form's result object, seats 1..n, and its session
 * line (the penalty totals). */
static void
test_json_einfach_example (void)
{
  static const guint8 tricks[] = { 4, 3, 5 }, hearts[] = { 3, 0, 6 };
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *session = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_EINFACH, 3);
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  g_assert_false (bk_herzla_score_add (&score, &hand));
  first = result_json (&score.last);
  g_assert_cmpstr (first, ==, "{\"penalty\":{\"1\":3,\"2\":0,\"3\":6},"
                              "\"totals\":{\"1\":3,\"2\":0,\"3\":6}}");
  g_assert_false (bk_herzla_score_add (&score, &hand));
  second = result_json (&score.last);
  g_assert_cmpstr (second, ==, "{\"penalty\":{\"1\":3,\"2\":0,\"3\":6},"
                               "\"totals\":{\"1\":6,\"2\":0,\"3\":12}}");
  session = session_json (&score);
  g_assert_cmpstr (session, ==, "{\"totals\":{\"1\":6,\"2\":0,\"3\":12}}");
  /* No cents in the simple form. */
  for (guint s = 0; s < 3; s++)
    g_assert_cmpint (score.cents[s], ==, 0);
}

/* A save's state line holds the score in words and whole numbers (no minus sign): what
 * each seat received and paid, the stock; the simple form's penalty totals. */
static void
test_state_line (void)
{
  static const guint8 tricks[] = { 4, 3, 5 }, hearts[] = { 3, 0, 6 };
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  g_autoptr (GString) line = g_string_new (NULL);

  rules_vier (&rules);
  bk_herzla_score_init (&score, &rules);
  module->score_write (&score, line);
  g_assert_cmpstr (line->str, ==, "received 0 0 0 0 paid 0 0 0 0 stock 0");
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, NOBODY_FREE, FALSE);
  hand_of (&score, &rules, &mixed, 0, BK_CONTRACT_NORMAL, SOLE_FREE_S, FALSE);
  g_string_truncate (line, 0);
  module->score_write (&score, line);
  g_assert_cmpstr (line->str, ==, "received 160 0 0 0 paid 10 50 20 80 stock 0");

  bk_herzla_rules_init_default (&rules, BK_HERZLA_EINFACH, 3);
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  bk_herzla_score_add (&score, &hand);
  g_string_truncate (line, 0);
  module->score_write (&score, line);
  g_assert_cmpstr (line->str, ==, "penalty 3 0 6");
}

/* H6.3: the simple form ends when a total reaches the limit; the lowest total wins. */
static void
test_einfach_limit (void)
{
  static const guint8 tricks[] = { 3, 2, 2, 2 }, hearts[] = { 4, 1, 0, 4 };
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  guint hands = 0;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_EINFACH, 4);
  g_assert_cmpuint (rules.limit, ==, 50);
  g_assert_cmpuint (rules.rounds, ==, 0);
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  /* 4 a hand: 48 after twelve hands, 52 after the thirteenth. */
  while (!bk_herzla_score_add (&score, &hand))
    {
      g_assert_cmpuint (score.penalty[0], <, 50);
      hands++;
    }
  hands++;
  g_assert_cmpuint (hands, ==, 13);
  g_assert_true (score.over && score.last.session_over);
  g_assert_cmpuint (score.penalty[0], ==, 52);
  g_assert_cmpuint (bk_herzla_score_winners (&score), ==, 1u << 2);

  /* A limit of 0: no limit. */
  rules.limit = 0;
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  for (guint i = 0; i < 100; i++)
    g_assert_false (bk_herzla_score_add (&score, &hand));
  g_assert_false (score.over);
}

/* H6.3: the simple form ends after the agreed rounds (a round: every player deals once);
 * ties share the win. */
static void
test_einfach_rounds (void)
{
  static const guint8 tricks[] = { 2, 1, 1, 1, 2 }, hearts[] = { 1, 0, 0, 3, 5 };
  BkHerzlaRules rules;
  BkHerzlaScore score;
  BkHerzlaHand hand;
  g_autofree char *json = NULL;

  bk_herzla_rules_init_default (&rules, BK_HERZLA_EINFACH, 5);
  rules.rounds = 2;
  rules.limit = 0;
  bk_herzla_score_init (&score, &rules);
  finished_hand (&hand, &rules, tricks, hearts);
  for (guint i = 1; i < 10; i++)
    {
      g_assert_false (bk_herzla_score_add (&score, &hand));
      g_assert_cmpuint (bk_herzla_score_rounds (&score), ==, i / 5);
    }
  g_assert_true (bk_herzla_score_add (&score, &hand));
  g_assert_true (score.over);
  g_assert_cmpuint (score.hands, ==, 10);
  g_assert_cmpuint (score.penalty[4], ==, 50);
  /* Seats 2 and 3 tie with 0. */
  g_assert_cmpuint (bk_herzla_score_winners (&score), ==, (1u << 1) | (1u << 2));
  json = session_json (&score);
  g_assert_cmpstr (json, ==, "{\"totals\":{\"1\":10,\"2\":0,\"3\":0,\"4\":30,\"5\":50}}");

  /* A hand dealt after the end counts all the same; the session stays over. */
  g_assert_false (bk_herzla_score_add (&score, &hand));
  g_assert_true (score.over);
  g_assert_false (score.last.session_over);
  g_assert_cmpuint (score.penalty[4], ==, 55);
}

/* H6.3 in the four-player game: the agreed rounds end it too; the limit is the simple
 * form's. */
static void
test_vier_rounds (void)
{
  BkHerzlaRules rules;
  BkHerzlaScore score;

  rules_vier (&rules);
  rules.rounds = 2;
  rules.limit = 1;
  bk_herzla_score_init (&score, &rules);
  for (guint i = 1; i < 8; i++)
    hand_of (&score, &rules, &two_takers, 0, BK_CONTRACT_NORMAL, TWO_FREE, FALSE);
  hand_of (&score, &rules, &two_takers, 0, BK_CONTRACT_NORMAL, TWO_FREE, TRUE);
  g_assert_true (score.over);
  assert_balances (&score, -400, -240, 320, 320, 0);
  g_assert_cmpuint (bk_herzla_score_winners (&score), ==, (1u << N) | (1u << E));
}

/* The random player: a legal action, the same for the same seed (H3.1, H4.1, H4.2). */
static void
test_random_player (void)
{
  BkHerzlaRules rules;
  BkHerzlaHand hand;
  guint seen[BK_N_CONTRACTS] = { 0 };

  rules_vier (&rules);
  start (&hand, &rules, &mixed);
  for (guint64 seed = 0; seed < 300; seed++)
    {
      BkAction a, b;

      bk_herzla_random_action (&hand, seed, &a);
      bk_herzla_random_action (&hand, seed, &b);
      g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
      g_assert_cmpint (a.type, ==, BK_ACTION_BID);
      g_assert_cmpuint (a.seat, ==, S);
      seen[a.arg]++;
    }
  for (guint c = 0; c < BK_N_CONTRACTS; c++)
    g_assert_cmpuint (seen[c], >, 50);

  /* H4.2: S may not lead a heart to trick 1; it holds H9 and seven other cards. */
  bid (&hand, 0, BK_CONTRACT_NORMAL);
  for (guint64 seed = 0; seed < 300; seed++)
    {
      BkAction a;

      bk_herzla_random_action (&hand, seed, &a);
      g_assert_cmpint (a.type, ==, BK_ACTION_PLAY);
      g_assert_true (bk_hand_has (module->legal (&hand), a.arg));
      g_assert_cmpuint (a.arg, !=, C ("H9"));
    }
}

/* The natural order (H1.2) counted afresh: A K O U 10 9 8 7 6. */
static guint
strength (BkCard card)
{
  static const guint by_rank[BK_N_RANKS] = {
    [BK_RANK_SAU] = 8, [BK_RANK_KOENIG] = 7, [BK_RANK_OBER] = 6, [BK_RANK_UNTER] = 5,
    [BK_RANK_ZEHN] = 4, [BK_RANK_NEUN] = 3, [BK_RANK_ACHT] = 2, [BK_RANK_SIEBEN] = 1,
    [BK_RANK_SECHS] = 0,
  };

  return by_rank[bk_card_rank (card)];
}

static void
random_rules (BkRng         *rng,
              BkHerzlaRules *rules)
{
  BkHerzlaVariant variant = bk_rng_below (rng, 2) ? BK_HERZLA_EINFACH : BK_HERZLA_VIER;
  static const guint limits[] = { 0, 5, 12, 50 };

  bk_herzla_rules_init_default (rules, variant, 3 + bk_rng_below (rng, 6));
  rules->packets = bk_rng_below (rng, 2);
  rules->heart_lead = bk_rng_below (rng, 2);
  rules->pay.nobody_free = bk_rng_below (rng, 2);
  rules->pay.stock = bk_rng_below (rng, 3);
  rules->pay.schleicher = bk_rng_below (rng, 2);
  rules->rounds = bk_rng_below (rng, 3);
  rules->limit = limits[bk_rng_below (rng, G_N_ELEMENTS (limits))];
}

/* Property (H1.3, H4.1, H4.2, H5.6, H6.2, H6.3): seeded random sessions of both variants,
 * every player count and random house rules, played by the random player: every card
 * legal and played at most once, balances and stock sum to zero after every hand, the
 * penalty totals equal the hearts counted afresh from the tricks. */
static void
test_property (void)
{
  guint n_hands = bk_test_scaled (100000), done = 0;
  guint counts[BK_HERZLA_MAX_PLAYERS + 1] = { 0 };
  BkRules table;

  bk_rules_init_default (&table);
  for (guint64 session = 0; done < n_hands; session++)
    {
      BkHerzlaRules rules;
      BkHerzlaScore score;
      guint counted[BK_MAX_SEATS] = { 0 };
      BkRng rng;
      guint n, dealer;

      bk_rng_init (&rng, session, 14);
      random_rules (&rng, &rules);
      g_assert_true (bk_herzla_rules_check (&rules, NULL));
      n = rules.n_players;
      counts[n]++;
      bk_herzla_score_init (&score, &rules);
      dealer = bk_rng_below (&rng, n);

      for (guint h = 0; h < 8 && !score.over && done < n_hands; h++, done++)
        {
          BkCard deck[BK_N_CARDS];
          BkHand hands[BK_MAX_SEATS], aside = 0, played = 0;
          BkHerzlaHand hand;
          BkTrick trick = { 0 };
          guint n_cards = 0, leader = (dealer + 1) % n;
          gint sum = 0;
          gboolean ended;

          for (BkHand all = bk_herzla_deck (rules.variant); all; all &= all - 1)
            deck[n_cards++] = bk_hand_first (all);
          bk_rng_shuffle (&rng, deck, n_cards);
          bk_herzla_deal_from_deck (&rules, deck, dealer, hands, &aside);
          g_assert_true (bk_herzla_deal_check (&rules, hands, aside, NULL));
          bk_herzla_hand_init (&hand, &rules, dealer, hands, aside);

          while (module->stage (&hand) != BK_HAND_STAGE_OVER)
            {
              BkAction action;

              bk_herzla_random_action (&hand, bk_rng_next (&rng), &action);
              g_assert_true (module->check (&hand, &action, NULL));
              if (action.type == BK_ACTION_PLAY)
                {
                  BkHand legal = module->legal (&hand);

                  g_assert_cmpuint (legal, !=, 0);
                  g_assert_true (bk_hand_has (legal, action.arg));
                  g_assert_true (bk_hand_has (hands[action.seat], action.arg));
                  g_assert_false (bk_hand_has (played | aside, action.arg));
                  played |= BK_HAND_BIT (action.arg);
                  trick.cards[trick.n++] = action.arg;
                }
              module->apply (&hand, &action);

              if (trick.n == n)
                {
                  guint best = 0, hearts = 0;

                  for (guint i = 0; i < n; i++)
                    {
                      hearts += bk_card_suit (trick.cards[i]) == BK_SUIT_HERZ;
                      if (bk_card_suit (trick.cards[i]) == bk_card_suit (trick.cards[0]) &&
                          strength (trick.cards[i]) > strength (trick.cards[best]))
                        best = i;
                    }
                  leader = (leader + best) % n;
                  counted[leader] += hearts;
                  trick.n = 0;
                }
            }

          ended = module->score_hand (&score, &table, &hand);
          g_assert_cmpint (ended, ==, score.over);
          for (guint s = 0; s < n; s++)
            {
              sum += score.cents[s];
              g_assert_cmpuint (score.penalty[s], ==, counted[s]);
            }
          g_assert_cmpint (sum + score.stock, ==, 0);
          for (guint s = 0; s < n; s++)
            g_assert_cmpint ((gint) score.received[s] - (gint) score.paid[s], ==, score.cents[s]);
          if (rules.variant == BK_HERZLA_EINFACH)
            g_assert_cmpint (score.stock, ==, 0);
          if (rules.rounds > 0)
            g_assert_true (score.hands <= rules.rounds * n);
          dealer = (dealer + 1) % n;
        }
    }
  g_test_message ("%u random hands", done);
  if (n_hands >= 10000)
    for (guint p = BK_HERZLA_MIN_PLAYERS; p <= BK_HERZLA_MAX_PLAYERS; p++)
      g_assert_cmpuint (counts[p], >, 0);
}

/* What a session told, hand by hand. */
typedef struct {
  guint bids;
  guint decided;
  guint declarer;
  guint contract;
  guint ended_early;
  guint ended_by;
  guint hearts[BK_MAX_SEATS];
  guint payments;
  BkHerzlaPayment payment;
  guint stock_changed;
  gint  stock;
  guint session_over;
} Told;

static void
on_bid_said (BkGame *game, guint seat, guint contract, Told *told)
{
  g_assert_cmpuint (contract, <, BK_N_CONTRACTS);
  g_assert_cmpuint (seat, <, 4);
  told->bids++;
}

static void
on_contract_decided (BkGame *game, guint declarer, guint contract, Told *told)
{
  told->decided++;
  told->declarer = declarer;
  told->contract = contract;
}

static void
on_hand_ended_early (BkGame *game, guint seat, guint contract, Told *told)
{
  g_assert_cmpuint (contract, ==, told->contract);
  told->ended_early++;
  told->ended_by = seat;
}

static void
on_hearts_taken (BkGame *game, guint seat, guint n, Told *told)
{
  g_assert_cmpuint (n, >, 0);
  told->hearts[seat] += n;
}

static void
on_payments (BkGame *game, const BkHerzlaPayment *payment, Told *told)
{
  told->payments++;
  told->payment = *payment;
}

static void
on_stock_changed (BkGame *game, gint cents, Told *told)
{
  told->stock_changed++;
  told->stock = cents;
}

static void
on_session_over (BkGame *game, Told *told)
{
  told->session_over++;
}

/* H3-H5 through a session: every event a view needs, as the hand and the score say. Runs
 * once BkGame can run Herzla (the module is playable). */
static void
test_game_signals (void)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;

  if (!bk_herzla_module.playable)
    {
      g_test_skip ("BkGame does not run Herzla yet");
      return;
    }
  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
  g_assert_no_error (error);

  for (guint64 seed = 1; seed <= bk_test_scaled (30); seed++)
    {
      g_autoptr (BkGame) game = bk_game_new (&rules, seed);
      Told told;

      g_signal_connect (game, "bid-said", G_CALLBACK (on_bid_said), &told);
      g_signal_connect (game, "contract-decided", G_CALLBACK (on_contract_decided), &told);
      g_signal_connect (game, "hand-ended-early", G_CALLBACK (on_hand_ended_early), &told);
      g_signal_connect (game, "hearts-taken", G_CALLBACK (on_hearts_taken), &told);
      g_signal_connect (game, "payments", G_CALLBACK (on_payments), &told);
      g_signal_connect (game, "stock-changed", G_CALLBACK (on_stock_changed), &told);
      g_signal_connect (game, "session-over", G_CALLBACK (on_session_over), &told);
      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);

      for (guint h = 0; h < 4; h++)
        {
          const BkHerzlaHand *hand = bk_herzla_game_get_hand (game);
          gint stock_before = bk_herzla_game_get_stock (game), sum = 0;
          guint generation, contract, declarer;
          gint stock;

          memset (&told, 0, sizeof told);
          /* Out of turn: refused, nothing changed. */
          generation = bk_game_get_generation (game);
          g_assert_false (bk_herzla_game_bid (game, (hand->to_act + 1) % 4, BK_CONTRACT_MORD,
                                              &error));
          g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
          g_clear_error (&error);
          g_assert_cmpuint (bk_game_get_generation (game), ==, generation);

          while (bk_game_get_phase (game) == BK_PHASE_BIDDING ||
                 bk_game_get_phase (game) == BK_PHASE_PLAYING)
            {
              BkAction action;

              bk_herzla_random_action (hand, seed * 1000 + hand->n_history, &action);
              g_assert_true (bk_game_apply (game, &action, &error));
              g_assert_no_error (error);
            }

          g_assert_cmpuint (told.bids, ==, hand->n_bids);
          g_assert_cmpuint (told.decided, ==, 1);
          g_assert_cmpuint (told.declarer, ==, hand->declarer);
          g_assert_cmpuint (told.contract, ==, hand->contract);
          g_object_get (game, "contract", &contract, "declarer", &declarer, "stock", &stock,
                        NULL);
          g_assert_cmpuint (contract, ==, hand->contract);
          g_assert_cmpuint (declarer, ==, hand->declarer);
          g_assert_cmpuint (bk_herzla_game_get_contract (game), ==, hand->contract);
          g_assert_cmpuint (told.ended_early, ==, hand->broken);
          if (hand->broken)
            g_assert_cmpuint (told.ended_by, ==, hand->last_winner);
          for (guint s = 0; s < 4; s++)
            {
              g_assert_cmpuint (told.hearts[s], ==, hand->hearts[s]);
              g_assert_cmpuint (bk_herzla_game_get_hearts (game, s), ==, hand->hearts[s]);
              sum += bk_herzla_game_get_balance (game, s);
            }
          g_assert_cmpint (sum + bk_herzla_game_get_stock (game), ==, 0);
          g_assert_cmpuint (told.payments, ==, 1);
          g_assert_cmpmem (&told.payment, sizeof told.payment,
                           bk_herzla_game_get_last_payment (game), sizeof (BkHerzlaPayment));
          g_assert_cmpint (stock, ==, bk_herzla_game_get_stock (game));
          g_assert_cmpuint (told.stock_changed, ==, stock != stock_before);
          if (told.stock_changed)
            g_assert_cmpint (told.stock, ==, stock);
          g_assert_cmpuint (told.session_over, ==, 0);
          g_assert_false (bk_herzla_game_is_session_over (game));

          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
        }
    }
}

/* The session's signals and properties are on BkGame's class; a session of another game
 * reads their defaults. */
static void
test_game_class (void)
{
  static const char * const names[] = {
    "bid-said", "contract-decided", "hand-ended-early", "hearts-taken", "payments",
    "stock-changed", "session-over",
  };
  g_autoptr (BkGame) game = bk_game_new (NULL, 1);
  guint contract = 99, declarer = 0;
  gint stock = -1;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (g_signal_lookup (names[i], BK_TYPE_GAME), !=, 0);
  g_object_get (game, "contract", &contract, "declarer", &declarer, "stock", &stock, NULL);
  g_assert_cmpuint (contract, ==, BK_CONTRACT_NORMAL);
  g_assert_cmpuint (declarer, ==, BK_SEAT_NONE);
  g_assert_cmpint (stock, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/herzla-session/H5.3/nobody-free-stock", test_nobody_free_stock);
  g_test_add_func ("/herzla-session/H5.3/nobody-free-nobody-pays", test_nobody_free_nobody_pays);
  g_test_add_func ("/herzla-session/H5.2/all-eight-hearts-three-free", test_all_eight_hearts);
  g_test_add_func ("/herzla-session/H5.1/two-free", test_two_free);
  g_test_add_func ("/herzla-session/H5.1/sole-free", test_sole_free);
  g_test_add_func ("/herzla-session/H5.4/stock-to-sole-free", test_stock_to_sole_free);
  g_test_add_func ("/herzla-session/H5.4/stock-to-mord", test_stock_to_mord);
  g_test_add_func ("/herzla-session/H5.4/stock-at-session-end", test_stock_at_session_end);
  g_test_add_func ("/herzla-session/H5.4/stock-finish", test_stock_finish);
  g_test_add_func ("/herzla-session/H5.5/schleichermord-each", test_schleichermord_each);
  g_test_add_func ("/herzla-session/H5.5/schleichermord-in-all", test_schleichermord_in_all);
  g_test_add_func ("/herzla-session/H4.3/beddl-broken-trick-1", test_beddl_broken_trick_1);
  g_test_add_func ("/herzla-session/H4.3/beddl-broken-trick-8", test_beddl_broken_trick_8);
  g_test_add_func ("/herzla-session/H4.4/mord-broken-last-trick", test_mord_broken_last_trick);
  g_test_add_func ("/herzla-session/notation/json-vier", test_json_vier_example);
  g_test_add_func ("/herzla-session/notation/json-einfach", test_json_einfach_example);
  g_test_add_func ("/herzla-session/notation/state-line", test_state_line);
  g_test_add_func ("/herzla-session/H6.3/einfach-limit", test_einfach_limit);
  g_test_add_func ("/herzla-session/H6.3/einfach-rounds", test_einfach_rounds);
  g_test_add_func ("/herzla-session/H6.3/vier-rounds", test_vier_rounds);
  g_test_add_func ("/herzla-session/H3-H4/random-player", test_random_player);
  g_test_add_func ("/herzla-session/H5.6/property", test_property);
  g_test_add_func ("/herzla-session/game-class", test_game_class);
  g_test_add_func ("/herzla-session/H3-H5/game-signals", test_game_signals);

  return g_test_run ();
}
