/* test-herzla-review.c: the review of a Herzla hand and the hint (bk-herzla-review.h),
 * and `bierkopf-cli review` and `hint` on Herzla records (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "bk-error.h"
#include "bk-herzla.h"
#include "bk-herzla-info.h"
#include "bk-herzla-random.h"
#include "bk-herzla-review.h"
#include "bk-rng.h"
#include "test-helpers.h"

static char *cli_path;

/* A hand-made four-player hand (dealer E, Vorhand S), all pass (H3.2). The first six
 * tricks hold no heart; the eight hearts are the last two tricks (H1.3). In the seventh
 * W leads H9, N plays the Sau, E H10, and South, last, holds HK and H7: the König goes
 * under the Sau, and the Sieben never takes the last trick, so South is heart-free (H5.1:
 * 40 cents as one of two heart-free players). Keeping the König takes the last trick with
 * four hearts: 40 cents paid. 80 cents lost with all cards open; in expectation the König
 * is best too (South does not know whether N holds the Ober and takes all eight, H5.2). */
static const char *hand_head =
  "format 2\n"
  "game herzla\n"
  "variant vier\n"
  "dealer E\n"
  "hand S E7 EU G9 GU S8 SO HK H7\n"
  "hand W EA EK G7 G10 S9 SK H9 H8\n"
  "hand N E8 EO GA GK S7 S10 HA HU\n"
  "hand E E9 E10 G8 GO SA SU H10 HO\n"
  "bid S weiter\nbid W weiter\nbid N weiter\nbid E weiter\n"
  "play S E7\nplay W EA\nplay N E8\nplay E E9\n"
  "play W G7\nplay N GA\nplay E G8\nplay S G9\n"
  "play N S7\nplay E SA\nplay S S8\nplay W S9\n"
  "play E E10\nplay S EU\nplay W EK\nplay N EO\n"
  "play W G10\nplay N GK\nplay E GO\nplay S GU\n"
  "play N S10\nplay E SU\nplay S SO\nplay W SK\n"
  "play W H9\nplay N HA\nplay E H10\n";
static const char *hand_bad_tail = "play S H7\nplay N HU\nplay E HO\nplay S HK\nplay W H8\n";
static const char *hand_good_tail = "play S HK\nplay N HU\nplay E HO\nplay S H7\nplay W H8\n";

/* `bierkopf-cli play --game herzla --deals 300 --seed 7 --players
 * S=meister,W=random,N=random,E=meister`, its third hand (issue 21): North's Beddl fails
 * with best play from the first card, South (a defender) plays no card that changes
 * that, and the other players' cards let North make it: 160 cents South did not lose. */
static const char *beddl_record =
  "format 2\ngame herzla\nvariant vier\ndealer W\n"
  "hand N EK G9 G8 H9 H8 SA SO S8\nhand E EU E10 GA GK G10 HK H7 SU\n"
  "hand S EA E9 GU G7 HA HO H10 SK\nhand W EO E8 E7 GO HU S10 S9 S7\n"
  "bid N beddl\n"
  "play N G8\nplay E G10\nplay S GU\nplay W GO\n"
  "play W S7\nplay N SO\nplay E SU\nplay S SK\n"
  "play S H10\nplay W HU\nplay N H9\nplay E HK\n"
  "play E GA\nplay S G7\nplay W E8\nplay N G9\n"
  "play E GK\nplay S HA\nplay W EO\nplay N EK\n"
  "play E E10\nplay S E9\nplay W E7\nplay N H8\n"
  "play E H7\nplay S HO\nplay W S9\nplay N SA\n"
  "play S EA\nplay W S10\nplay N S8\nplay E EU\n";

static GArray *
read_hands (const char   *head,
            const char   *tail,
            BkHerzlaHand *current)
{
  g_autofree char *text = g_strconcat (head, tail, NULL);
  g_autoptr (GError) error = NULL;
  GArray *hands = bk_herzla_review_read_record (text, strlen (text), current, &error);

  g_assert_no_error (error);
  g_assert_nonnull (hands);
  return hands;
}

static const BkHerzlaReviewDecision *
decision_in_trick (const BkHerzlaReview *review,
                   guint                 trick)
{
  for (guint i = 0; i < review->n_decisions; i++)
    if (!review->decisions[i].bid && review->decisions[i].trick == trick)
      return &review->decisions[i];
  g_assert_not_reached ();
  return NULL;
}

static const BkHerzlaReviewOption *
option_card (const BkHerzlaReviewDecision *decision,
             const char                   *name)
{
  BkCard card;

  g_assert_true (bk_card_parse (name, &card, NULL));
  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.arg == card)
      return &decision->options[k];
  g_assert_not_reached ();
  return NULL;
}

/* Issue 21, H4.3: in a Beddl every card is valued exactly; the others' cards, not the
 * deal, cost South the 160 cents: the deal's worth less the costs is South's result. */
static void
test_beddl_account (void)
{
  g_autoptr (GArray) hands = read_hands (beddl_record, "", NULL);
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;

  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S,
                                  BK_HERZLA_REVIEW_THRESHOLD_CENTS, 1, NULL, NULL, NULL,
                                  &error);
  g_assert_no_error (error);
  g_assert_true (review->accounted);
  g_assert_cmpint (review->value, ==, -80);
  g_assert_cmpuint (review->mistakes, ==, 0);
  g_assert_cmpfloat (review->deal_value, ==, 80);
  g_assert_cmpfloat (review->own_cost, ==, 0);
  g_assert_cmpfloat (review->others_cost, ==, 160);
  g_assert_cmpfloat (review->others_gift, ==, 0);
  g_assert_cmpfloat (review->deal_value - review->own_cost - review->others_cost +
                     review->others_gift, ==, review->value);
  summary = bk_herzla_review_summary (review);
  g_assert_cmpstr (summary, ==, "None of your decisions cost more than the threshold; the "
                                "other players’ cards cost you 160 cents");
}

/* H5.1: the Sieben kept for the seventh trick loses 80 cents with all cards open and is
 * not best in expectation: a mistake of 80 cents. */
static void
test_mistake (void)
{
  g_autoptr (GArray) hands = read_hands (hand_head, hand_bad_tail, NULL);
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  const BkHerzlaReviewDecision *seventh;
  BkCard h7;

  g_assert_cmpuint (hands->len, ==, 1);
  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S,
                                  BK_HERZLA_REVIEW_THRESHOLD_CENTS, 1, NULL, NULL, NULL,
                                  &error);
  g_assert_no_error (error);
  g_assert_cmpint (review->value, ==, -40);
  seventh = decision_in_trick (review, 7);
  g_assert_true (bk_card_parse ("H7", &h7, NULL));
  g_assert_cmpuint (seventh->played.arg, ==, h7);
  g_assert_cmpuint (seventh->horizon, ==, 0);  /* searched to the end */
  g_assert_cmpfloat (option_card (seventh, "HK")->exact, ==, 40);
  g_assert_cmpfloat (option_card (seventh, "H7")->exact, ==, -40);
  g_assert_cmpfloat (option_card (seventh, "H7")->expected, ==, -40);
  g_assert_cmpfloat (option_card (seventh, "HK")->expected, >, 0);
  g_assert_cmpfloat (seventh->loss, ==, 80);
  g_assert_true (seventh->mistake);
  g_assert_cmpuint (seventh->choice.arg, ==, option_card (seventh, "HK")->action.arg);
  g_assert_cmpuint (review->mistakes, ==, 1);
  g_assert_cmpfloat (review->lost, ==, 80);
  summary = bk_herzla_review_summary (review);
  /* The normal game's search is cut early: the other players' cards are not valued, and
   * the deal is not named (issue 21). */
  g_assert_false (review->accounted);
  g_assert_cmpstr (summary, ==, "About 80 cents lost to 1 card");
  /* the bid: weiter, the meister's too */
  g_assert_true (review->decisions[0].bid);
  g_assert_false (review->decisions[0].mistake);
}

/* The König under the Sau is best in expectation and with all cards open: no mistake. */
static void
test_best_in_expectation (void)
{
  g_autoptr (GArray) hands = read_hands (hand_head, hand_good_tail, NULL);
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (GError) error = NULL;
  const BkHerzlaReviewDecision *seventh;

  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S,
                                  BK_HERZLA_REVIEW_THRESHOLD_CENTS, 1, NULL, NULL, NULL,
                                  &error);
  g_assert_no_error (error);
  g_assert_cmpint (review->value, ==, 40);
  seventh = decision_in_trick (review, 7);
  g_assert_cmpfloat (seventh->loss, ==, 0);
  g_assert_false (seventh->mistake);
  g_assert_cmpuint (review->mistakes, ==, 0);
  /* A threshold of 0 calls no card a mistake that was best in expectation. */
  for (guint i = 0; i < review->n_decisions; i++)
    if (review->decisions[i].mistake)
      g_assert_cmpfloat (review->decisions[i].expected_loss, >, 0);
}

/* Hand 36 of `bierkopf-cli play --game herzla --deals 50 --seed 21 --record --players
 * S=heuristic,W=meister,N=meister,E=meister`. In the fifth trick N leads G9, E plays GU
 * and South follows with GK or G8. The Acht is the meister's choice and far the best in
 * expectation (the König takes the trick, and a heart may follow on it); with all cards
 * open W throws SO, the König would have shed a high card on a heartless trick and been
 * worth 40 cents more (H5.1). The Acht is
 * not called a mistake. */
static const char *lucky_record =
  "format 2\n"
  "game herzla\n"
  "variant vier\n"
  "dealer E\n"
  "hand S E10 E7 GA GK G8 H10 H9 H7\n"
  "hand W EA EU G10 SO SU S10 S9 S8\n"
  "hand N EO E8 GO G9 HA HU H8 SA\n"
  "hand E EK E9 GU G7 HK HO SK S7\n"
  "bid S weiter\n"
  "bid W weiter\n"
  "bid N weiter\n"
  "bid E weiter\n"
  "play S E7\n"
  "play W EA\n"
  "play N EO\n"
  "play E EK\n"
  "play W G10\n"
  "play N GO\n"
  "play E G7\n"
  "play S GA\n"
  "play S E10\n"
  "play W EU\n"
  "play N E8\n"
  "play E E9\n"
  "play W S8\n"
  "play N SA\n"
  "play E SK\n"
  "play S H10\n"
  "play N G9\n"
  "play E GU\n"
  "play S G8\n"
  "play W SO\n"
  "play E S7\n"
  "play S H9\n"
  "play W S9\n"
  "play N HA\n"
  "play W S10\n"
  "play N HU\n"
  "play E HK\n"
  "play S H7\n"
  "play W SU\n"
  "play N H8\n"
  "play E HO\n"
  "play S GK\n";

static void
test_best_but_loses (void)
{
  g_autoptr (GArray) hands = read_hands (lucky_record, "", NULL);
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (GError) error = NULL;
  const BkHerzlaReviewDecision *fifth;

  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S,
                                  BK_HERZLA_REVIEW_THRESHOLD_CENTS, 1, NULL, NULL, NULL,
                                  &error);
  g_assert_no_error (error);
  fifth = decision_in_trick (review, 5);
  g_assert_cmpuint (fifth->played.arg, ==, option_card (fifth, "G8")->action.arg);
  g_assert_cmpuint (fifth->horizon, ==, 0);
  g_assert_cmpfloat (option_card (fifth, "GK")->exact - option_card (fifth, "G8")->exact, ==,
                     40);
  g_assert_cmpfloat (fifth->loss, ==, 40);
  g_assert_cmpfloat (option_card (fifth, "G8")->expected, >,
                     option_card (fifth, "GK")->expected);
  g_assert_false (fifth->mistake);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (done, <=, total);
  (*calls)++;
}

/* Progress for every decision of the seat; a cancelled review stops with an error; a
 * running hand is not reviewed. */
static void
test_progress_cancel (void)
{
  g_autoptr (GArray) hands = read_hands (hand_head, hand_bad_tail, NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (GError) error = NULL;
  BkHerzlaHand running;
  guint calls = 0;

  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S, 20, 1,
                                  NULL, progress_cb, &calls, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, review->n_decisions);
  g_assert_cmpuint (calls, ==, 9);  /* the bid and eight cards */
  g_clear_pointer (&review, bk_herzla_review_free);

  g_cancellable_cancel (cancellable);
  review = bk_herzla_review_hand (&g_array_index (hands, BkHerzlaHand, 0), BK_SEAT_S, 20, 1,
                                  cancellable, NULL, NULL, &error);
  g_assert_null (review);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_clear_pointer (&hands, g_array_unref);
  hands = read_hands (hand_head, "", &running);
  review = bk_herzla_review_hand (&running, BK_SEAT_S, 20, 1, NULL, NULL, NULL, &error);
  g_assert_null (review);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

static void
assert_same_hint (const BkHerzlaReviewHint *a,
                  const BkHerzlaReviewHint *b)
{
  g_assert_cmpuint (a->choice.type, ==, b->choice.type);
  g_assert_cmpuint (a->choice.arg, ==, b->choice.arg);
  g_assert_cmpuint (a->n_options, ==, b->n_options);
  g_assert_cmpuint (a->n_worlds, ==, b->n_worlds);
  for (guint k = 0; k < a->n_options; k++)
    {
      g_assert_cmpuint (a->best[k].action.arg, ==, b->best[k].action.arg);
      if (!isnan (a->best[k].expected))
        g_assert_cmpfloat (a->best[k].expected, ==, b->best[k].expected);
    }
}

/* The hint names a legal action, the same for the same seed, and the same with another
 * consistent world behind the seat (the others' hands dealt again): it reads no hidden
 * card. At the hand-made position it is the König, as the review says. */
static void
test_hint_legal (void)
{
  g_autoptr (GArray) hands = read_hands (hand_head, "", NULL);
  g_autoptr (GError) error = NULL;
  BkHerzlaHand position;
  BkHerzlaReviewHint hint, again;
  guint positions = bk_test_scaled (40), done = 0;
  BkCard hk;

  g_clear_pointer (&hands, g_array_unref);
  hands = read_hands (hand_head, "", &position);
  g_assert_true (bk_herzla_review_hint (&position, BK_SEAT_S, 1, &hint, &error));
  g_assert_no_error (error);
  g_assert_true (bk_card_parse ("HK", &hk, NULL));
  g_assert_false (hint.bid);
  g_assert_cmpuint (hint.choice.arg, ==, hk);
  g_assert_cmpuint (hint.n_options, ==, 2);

  /* Not the seat's turn. */
  g_assert_false (bk_herzla_review_hint (&position, BK_SEAT_W, 1, &hint, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  for (guint deal = 0; done < positions; deal++)
    {
      BkHerzlaRules rules;
      BkHand dealt[BK_MAX_SEATS] = { 0 }, aside = 0;
      BkCard deck[BK_N_CARDS];
      guint n = 0;
      BkHerzlaHand state;
      BkRng rng;

      bk_herzla_rules_init_default (&rules, BK_HERZLA_VIER, 4);
      for (BkHand rest = bk_herzla_deck (BK_HERZLA_VIER); rest; rest &= rest - 1)
        deck[n++] = bk_hand_first (rest);
      bk_rng_init (&rng, 7, deal);
      for (guint i = n - 1; i > 0; i--)
        {
          guint j = bk_rng_below (&rng, i + 1);
          BkCard t = deck[i];

          deck[i] = deck[j];
          deck[j] = t;
        }
      bk_herzla_deal_from_deck (&rules, deck, deal % 4, dealt, &aside);
      bk_herzla_hand_init (&state, &rules, deal % 4, dealt, aside);
      while (!bk_herzla_hand_is_over (&state) && done < positions)
        {
          BkAction action;

          /* South's decisions with a choice, every third one (bids too). */
          if (state.to_act == BK_SEAT_S && (state.step == BK_HERZLA_STEP_BID ||
                                            bk_hand_count (bk_herzla_hand_legal (&state)) > 1) &&
              (state.n_history + deal) % 3 == 0)
            {
              BkHerzlaInfo info, other_info;
              BkHerzlaWorld world;
              BkHerzlaHand other;
              guint64 seed = 100 + done;

              g_assert_true (bk_herzla_review_hint (&state, BK_SEAT_S, seed, &hint, &error));
              g_assert_no_error (error);
              g_assert_true (bk_herzla_hand_check (&state, &hint.choice, &error));
              g_assert_no_error (error);
              g_assert_true (bk_herzla_review_hint (&state, BK_SEAT_S, seed, &again, &error));
              assert_same_hint (&hint, &again);

              bk_herzla_info_init (&info, &state, BK_SEAT_S);
              bk_rng_init (&rng, 99, done);
              g_assert_true (bk_herzla_info_sample (&info, &rng, &world));
              bk_herzla_info_make_hand (&info, &world, &other);
              bk_herzla_info_init (&other_info, &other, BK_SEAT_S);
              g_assert_true (bk_herzla_info_equal (&info, &other_info));
              g_assert_true (bk_herzla_review_hint (&other, BK_SEAT_S, seed, &again, &error));
              g_assert_no_error (error);
              assert_same_hint (&hint, &again);
              done++;
            }
          bk_herzla_random_action (&state, deal * 100 + state.n_history, &action);
          g_assert_true (bk_herzla_hand_apply (&state, &action, &error));
          g_assert_no_error (error);
        }
    }
}

static char *
cli_run (const char *input,
         int        *status,
         ...) G_GNUC_NULL_TERMINATED;

static char *
cli_run (const char *input,
         int        *status,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, cli_path);
  va_start (ap, status);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE |
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &out, &err, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  if (err[0])
    g_test_message ("stderr: %s", err);
  return out;
}

static JsonObject *
parse_object (const char *text,
              JsonParser *parser)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

/* notation.md: `review` of a record of `play --game herzla --record`, with `cents`;
 * `hint` at the end of the record cut in the middle of a hand; the hand-made mistake. */
static void
test_cli (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *played = NULL, *out = NULL, *hint = NULL, *made = NULL;
  g_autofree char *hand_made = g_strconcat (hand_head, hand_bad_tail, NULL);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) cut = g_string_new (NULL);
  JsonObject *root, *summary;
  JsonArray *decisions, *best;
  guint plays = 0;
  int status;

  played = cli_run (NULL, &status, "play", "--game", "herzla", "--deals", "2", "--seed", "3",
                    "--record", NULL);
  g_assert_cmpint (status, ==, 0);

  out = cli_run (played, &status, "review", "-", "--seat", "W", "--hand", "1", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (strchr (out, '\n'), ==, "\n");
  root = parse_object (out, parser);
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "herzla");
  g_assert_cmpint (json_object_get_int_member (root, "hand"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (root, "seat"), ==, "W");
  g_assert_cmpstr (json_object_get_string_member (root, "unit"), ==, "cents");
  g_assert_cmpfloat (json_object_get_double_member (root, "threshold"), ==, 20);
  g_assert_true (json_object_has_member (root, "cents"));
  decisions = json_object_get_array_member (root, "decisions");
  for (guint i = 0; i < json_array_get_length (decisions); i++)
    {
      JsonObject *decision = json_array_get_object_element (decisions, i);
      JsonArray *options = json_object_get_array_member (decision, "options");

      g_assert_true (json_object_has_member (decision, "exact_search"));
      g_assert_true (json_object_has_member (json_object_get_object_member (decision,
                                                                            "meister"),
                                             "choice"));
      for (guint k = 0; k < json_array_get_length (options); k++)
        g_assert_true (json_object_has_member (json_array_get_object_element (options, k),
                                               "cents"));
      if (g_str_equal (json_object_get_string_member (decision, "kind"), "card"))
        plays++;
    }
  g_assert_cmpuint (plays, >=, 1);
  summary = json_object_get_object_member (root, "summary");
  g_assert_nonnull (json_object_get_string_member (summary, "text"));

  /* The hand-made one: one mistake of 80 cents. */
  made = cli_run (hand_made, &status, "review", "-", NULL);
  g_assert_cmpint (status, ==, 0);
  root = parse_object (made, parser);
  summary = json_object_get_object_member (root, "summary");
  g_assert_cmpint (json_object_get_int_member (summary, "mistakes"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (summary, "cents_lost"), ==, 80);

  /* hint: the record cut after its twelfth card, in the first hand */
  lines = g_strsplit (played, "\n", -1);
  plays = 0;
  g_string_truncate (cut, 0);
  for (guint i = 0; lines[i]; i++)
    {
      g_string_append_printf (cut, "%s\n", lines[i]);
      if (g_str_has_prefix (lines[i], "play ") && ++plays == 12)
        break;
    }
  hint = cli_run (cut->str, &status, "hint", "--record", "-", NULL);
  g_assert_cmpint (status, ==, 0);
  root = parse_object (hint, parser);
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "herzla");
  g_assert_cmpstr (json_object_get_string_member (root, "kind"), ==, "card");
  g_assert_nonnull (json_object_get_string_member (root, "hint"));
  best = json_object_get_array_member (root, "best");
  g_assert_cmpuint (json_array_get_length (best), >=, 1);
  g_assert_true (json_object_has_member (json_array_get_object_element (best, 0), "cents"));
}

int
main (int    argc,
      char **argv)
{
  const char *env = g_getenv ("BIERKOPF_CLI");
  g_autofree char *program_dir = g_path_get_dirname (argv[0]);

  g_test_init (&argc, &argv, NULL);

  if (env && *env)
    cli_path = g_strdup (env);
  else
    cli_path = g_build_filename (program_dir, "..", "..", "src", "cli", "bierkopf-cli", NULL);

  g_test_add_func ("/herzla-review/H5.1/mistake", test_mistake);
  g_test_add_func ("/herzla-review/H4.3/beddl-account", test_beddl_account);
  g_test_add_func ("/herzla-review/H5.1/best-in-expectation", test_best_in_expectation);
  g_test_add_func ("/herzla-review/best-but-loses", test_best_but_loses);
  g_test_add_func ("/herzla-review/progress-cancel", test_progress_cancel);
  g_test_add_func ("/herzla-review/hint/legal", test_hint_legal);
  g_test_add_func ("/herzla-review/cli", test_cli);

  return g_test_run ();
}
