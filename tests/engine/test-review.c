/* test-review.c: the hand review and the hint (bk-review.h) and their commands
 * `bierkopf-cli review` and `hint` (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "bk-error.h"
#include "bk-review.h"
#include "test-helpers.h"

static char *cli_path;

/* Hand-made hands (short game, Trumpfzwang, dealer W: Vorhand N, South Hinterhand). */

/* South overtakes his partner's Herz-Ober with the Eichel-Ober in the first trick: 20
 * card points lost with all cards open, and about 15 in expectation. */
static const char *overtake_record =
  "dealer W\n"
  "hand S EK EO GO H10 SK\n"
  "hand W EU HA HK SA SO\n"
  "hand N EA G10 GK HO HU\n"
  "hand E E10 GA GU S10 SU\n"
  "pass N\npass E\npass S\n"
  "play N HO\nplay E GU\nplay S EO\nplay W HK\n"
  "play S SK\nplay W SA\nplay N HU\nplay E S10\n"
  "play N EA\nplay E E10\nplay S EK\nplay W SO\n"
  "play W EU\nplay N G10\nplay E SU\nplay S H10\n"
  "play W HA\nplay N GK\nplay E GA\nplay S GO\n";

/* South plays the Meister's card in every trick (the hint with seed 1); in the third
 * trick it loses 18 card points with all cards open. */
static const char *unlucky_record =
  "dealer W\n"
  "hand S GA G10 GO GU HU\n"
  "hand W EU GK HA SK SU\n"
  "hand N EA EK EO H10 S10\n"
  "hand E E10 HK HO SA SO\n"
  "pass N\npass E\npass S\n"
  "play N EK\nplay E E10\nplay S HU\nplay W HA\n"
  "play S G10\nplay W GK\nplay N H10\nplay E HK\n"
  "play N S10\nplay E SA\nplay S GO\nplay W SK\n"
  "play S GA\nplay W SU\nplay N EO\nplay E SO\n"
  "play N EA\nplay E HO\nplay S GU\nplay W EU\n";

/* `bierkopf-cli play --deals 1 --seed 3 --players S=cheat,W=cheat,N=random,E=cheat`
 * (issue 21): South plays every card as well as open cards allow; North, his partner,
 * throws 57 card points away with the Herz-Unter of the second trick. */
static const char *partner_record =
  "variant kurz\nrule packets 3-2\n"
  "dealer W\n"
  "hand N EO GO HU G10 SA\n"
  "hand E HO GU HK EA E10\n"
  "hand S SO EU SU GA GK\n"
  "hand W HA H10 EK S10 SK\n"
  "talk N schweigt\ndouble N\n"
  "play N EO\nplay E GU\nplay S SU\nplay W H10\n"
  "play N HU\nplay E HO\nplay S EU\nplay W HA\n"
  "play E E10\nplay S SO\nplay W EK\nplay N GO\n"
  "play N SA\nplay E HK\nplay S GK\nplay W SK\n"
  "play E EA\nplay S GA\nplay W S10\nplay N G10\n";

static GArray *
read_record (const char *text)
{
  g_autoptr (GError) error = NULL;
  BkRules rules;
  GArray *hands;

  bk_rules_init_default (&rules);
  hands = bk_review_read_record (text, strlen (text), &rules, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (hands);
  g_assert_cmpuint (hands->len, ==, 1);
  return hands;
}

/* A shuffled deal of @rules' deck. */
static void
shuffled_deal (const BkRules *rules,
               BkRng         *rng,
               BkSeat         dealer,
               BkHand         hands[BK_N_SEATS])
{
  BkHand deck = bk_game_rules_get (rules->game)->deck (rules);
  guint8 cards[BK_N_CARDS];
  guint n = 0;

  for (BkHand rest = deck; rest; rest &= rest - 1)
    cards[n++] = (guint8) bk_hand_first (rest);
  bk_rng_shuffle (rng, cards, n);
  bk_deal_from_deck (rules, (const BkCard *) cards, dealer, hands);
}

/* The exact value of @action among @decision's options. */
static double
find_exact (const BkReviewDecision *decision,
            const BkAction         *action)
{
  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.type == action->type)
      return decision->options[k].exact;
  g_assert_not_reached ();
  return NAN;
}

static const BkReviewDecision *
card_decision (const BkReview *review,
               guint           trick)
{
  for (guint i = 0; i < review->n_decisions; i++)
    if (review->decisions[i].kind == BK_REVIEW_CARD && review->decisions[i].trick == trick)
      return &review->decisions[i];
  g_assert_not_reached ();
  return NULL;
}

/* A card that loses 20 points with all cards open, and was not best in expectation, is
 * a mistake of 20 points. */
static void
test_loss_twenty (void)
{
  g_autoptr (GArray) hands = read_record (overtake_record);
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  const BkReviewDecision *decision;

  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_S,
                           BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (review);

  /* the pass, then five cards */
  g_assert_cmpuint (review->n_decisions, ==, 6);
  g_assert_cmpuint (review->decisions[0].kind, ==, BK_REVIEW_DOUBLE);
  g_assert_cmpuint (review->decisions[0].played.type, ==, BK_ACTION_PASS);

  decision = card_decision (review, 1);
  g_assert_cmpuint (decision->played.arg, ==, C ("EO"));
  g_assert_false (decision->forced);
  g_assert_cmpfloat (decision->loss, ==, 20);
  g_assert_true (decision->mistake);
  g_assert_cmpuint (decision->choice.arg, !=, C ("EO"));
  g_assert_cmpfloat (decision->expected_loss, >, 5);
  for (guint k = 0; k < decision->n_options; k++)
    {
      g_assert_false (isnan (decision->options[k].expected));
      g_assert_false (isnan (decision->options[k].exact));
      g_assert_cmpfloat (decision->options[k].exact, <=, 120);
    }

  g_assert_cmpuint (review->card_mistakes, >=, 1);
  g_assert_cmpfloat (review->points_lost, >=, 20);

  /* with a threshold of 20 it is not called a mistake (more than the threshold) */
  g_clear_pointer (&review, bk_review_free);
  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_S, 20, 1, NULL,
                           NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (card_decision (review, 1)->mistake);
  g_assert_cmpfloat (card_decision (review, 1)->loss, ==, 20);

  summary = bk_review_summary (review);
  g_assert_nonnull (summary);
  g_assert_cmpstr (summary, !=, "");
}

/* The Meister's own card is best in expectation: never a mistake, even where it loses
 * with all cards open. */
static void
test_best_in_expectation (void)
{
  g_autoptr (GArray) hands = read_record (unlucky_record);
  const BkHandState *hand = &g_array_index (hands, BkHandState, 0);
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  const BkReviewDecision *decision;
  BkHandState state;
  BkReviewHint hint;

  review = bk_review_hand (hand, BK_SEAT_S, BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  decision = card_decision (review, 3);
  g_assert_cmpfloat (decision->loss, >, BK_REVIEW_THRESHOLD);
  g_assert_cmpuint (decision->played.arg, ==, decision->choice.arg);
  g_assert_false (decision->mistake);
  for (guint i = 0; i < review->n_decisions; i++)
    g_assert_false (review->decisions[i].mistake);
  g_assert_cmpuint (review->card_mistakes, ==, 0);
  g_assert_cmpfloat (review->points_lost, ==, 0);

  /* the hint at that position with the same seed names the same card */
  bk_hand_state_init (&state, &hand->rules, (BkSeat) hand->dealer, hand->dealt,
                      hand->lines_left[BK_TEAM_SN], hand->lines_left[BK_TEAM_WE]);
  for (guint i = 0; i < decision->index; i++)
    bk_hand_state_apply_unchecked (&state, &hand->history[i]);
  g_assert_true (bk_review_hint (&state, BK_SEAT_S, 1, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hint.choice.arg, ==, decision->played.arg);

  /* South made no mistake; the others' hand-made cards were far from best (issue 21: the
   * summary says so instead of blaming the deal). */
  summary = bk_review_summary (review);
  g_assert_cmpstr (summary, ==,
                   "None of your decisions cost more than the threshold; your partner’s cards "
                   "cost 7 points and the opponents’ cards gave away 54 points");
  g_assert_cmpfloat (review->own_cost, ==, 19);  /* the 18 of the third trick and 1 more */
}

static void random_position (guint64      seed,
                             guint        stop,
                             BkHandState *state);

/* Issue 21: the partner lost the hand, not the deal: what the deal was worth with best
 * play, and what each side's cards cost, add up to the result; the summary blames the
 * partner's cards and never the deal. */
static void
test_partner_lost (void)
{
  g_autoptr (GArray) hands = read_record (partner_record);
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL, *account = NULL;

  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_S,
                           BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (review->result.points[BK_TEAM_SN], ==, 37);
  g_assert_cmpuint (review->card_mistakes, ==, 0);
  g_assert_cmpfloat (review->deal_points, ==, 94);
  g_assert_cmpfloat (review->own_cost, ==, 0);
  g_assert_cmpfloat (review->partner_cost, ==, 57);
  g_assert_cmpfloat (review->opponents_cost, ==, 0);
  g_assert_cmpuint (review->n_cards, ==, 20);
  g_assert_cmpuint (review->cards[4].action.seat, ==, BK_SEAT_N);
  g_assert_cmpuint (review->cards[4].action.arg, ==, C ("HU"));
  g_assert_cmpfloat (review->cards[4].before, ==, 94);
  g_assert_cmpfloat (review->cards[4].loss, ==, 57);
  g_assert_cmpfloat (review->cards[5].before, ==, 37);

  summary = bk_review_summary (review);
  g_assert_null (strstr (summary, "deal"));
  g_assert_cmpstr (summary, ==, "None of your decisions cost more than the threshold; your "
                                "partner’s cards cost 57 points");
  account = bk_review_account (review);
  g_assert_nonnull (strstr (account, "94 card points and took 37"));
  g_assert_nonnull (strstr (account, "your partner’s 57"));

  /* seen from West, the opponents gave those points away */
  g_clear_pointer (&review, bk_review_free);
  g_clear_pointer (&summary, g_free);
  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_W,
                           BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (review->deal_points, ==, 120 - 94);
  g_assert_cmpfloat (review->opponents_cost, ==, 57);
  summary = bk_review_summary (review);
  g_assert_nonnull (strstr (summary, "the opponents’ cards gave away 57 points"));
}

/* Over random hands of both lengths: every card's loss is at least 0, and the deal's worth
 * less the own side's losses plus the other side's is what the seat's team took. */
static void
test_account_adds_up (void)
{
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (BkReview) review = NULL;
      g_autoptr (GError) error = NULL;
      BkHandState state;
      BkSeat seat = (BkSeat) (seed % BK_N_SEATS);
      double sum;

      random_position (seed, G_MAXUINT, &state);
      review = bk_review_hand (&state, seat, BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (review->n_cards, ==, bk_hand_state_cards_played (&state));
      for (guint i = 0; i < review->n_cards; i++)
        g_assert_cmpfloat (review->cards[i].loss, >=, 0);
      g_assert_cmpfloat (review->deal_points, ==, review->cards[0].before);
      sum = review->deal_points - review->own_cost - review->partner_cost +
            review->opponents_cost;
      g_assert_cmpfloat (sum, ==, review->result.points[bk_seat_team (seat)]);
    }
}

/* spec B3.6: after East's Spritze South may say Retour from the second card of the first
 * trick; he lets it pass, and that is a decision of his too, judged by the outlook. */
static void
test_retour_declined (void)
{
  g_autoptr (GString) text = g_string_new (overtake_record);
  g_autoptr (GArray) hands = NULL;
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  const BkReviewDecision *declined = NULL, *card;

  g_string_replace (text, "pass E\npass S\n", "double E\n", 1);
  hands = read_record (text->str);
  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_S,
                           BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < review->n_decisions; i++)
    if (review->decisions[i].kind == BK_REVIEW_DOUBLE && review->decisions[i].trick == 1)
      declined = &review->decisions[i];
  g_assert_nonnull (declined);
  g_assert_cmpuint (declined->played.type, ==, BK_ACTION_PASS);
  g_assert_cmpuint (declined->n_options, ==, 2);
  g_assert_cmpuint (declined->n_worlds, >, 0);
  for (guint k = 0; k < 2; k++)
    {
      g_assert_false (isnan (declined->options[k].expected));
      g_assert_false (isnan (declined->options[k].exact));
    }
  /* Issue 21: its exact value is the hand's with best play from that moment, the same as
   * the account of the cards says there: East's Spritze counts 2 lines a level, won or
   * lost as the team's card points then stand. */
  {
    guint before = 0;
    double points;

    for (guint i = 0; i < declined->index; i++)
      before += g_array_index (hands, BkHandState, 0).history[i].type == BK_ACTION_PLAY;
    points = review->cards[before].before;
    g_assert_cmpfloat (points, !=, 60);
    g_assert_cmpint (declined->options[0].exact > 0, ==, points > 60);
    g_assert_cmpfloat (fabs (declined->options[0].exact), ==,
                       2 * (points < 30 || points > 90 ? 2 : 1));
    g_assert_cmpfloat (declined->options[1].exact, ==, 2 * declined->options[0].exact);
  }
  /* before his card of that trick, at the same moment */
  card = card_decision (review, 1);
  g_assert_true (declined < card);
  g_assert_cmpuint (declined->index, ==, card->index);
  /* South passed nothing before the first card: East had doubled */
  for (guint i = 0; i < review->n_decisions; i++)
    g_assert_false (review->decisions[i].kind == BK_REVIEW_DOUBLE &&
                    review->decisions[i].trick == 0);
}

/* Issue 34: East says Spritze; South, on a weak hand, says Retour (×4) in the first
 * trick; West answers with Retour ×8, and West and East take every trick. Their Schwarz
 * at ×8 is 24 lines, of which South's coaster (21 lines left) loses 21. South's Retour
 * cost what it invited, the Retour ×8 included (it was charged 6 lines, ×2 to ×4, and
 * the rest called the deal); the figures of South's decisions and the deal add up to the
 * hand's lines (spec B3.6, B3.7, B5.2, B6.1). */
static const char *retour_answered_record =
  "dealer W\n"
  "hand W EO GO HO SO EU\n"
  "hand N EA E10 EK GA G10\n"
  "hand E GU HU SU HA H10\n"
  "hand S GK SA S10 SK HK\n"
  "double E\n"
  "play N EA\nplay E GU\ndouble S\nplay S HK\ndouble W\nplay W SO\n"
  "play W EO\nplay N E10\nplay E H10\nplay S SA\n"
  "play W HO\nplay N EK\nplay E HA\nplay S S10\n"
  "play W EU\nplay N GA\nplay E HU\nplay S SK\n"
  "play W GO\nplay N G10\nplay E SU\nplay S GK\n";

static void
test_retour_answered (void)
{
  g_autoptr (GArray) hands = read_record (retour_answered_record);
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  const BkReviewDecision *retour = NULL;
  double sum = 0;

  review = bk_review_hand (&g_array_index (hands, BkHandState, 0), BK_SEAT_S,
                           BK_REVIEW_THRESHOLD, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (review->result.schwarz);
  g_assert_cmpuint (review->result.multiplier, ==, 8);
  g_assert_cmpuint (review->result.value, ==, 24);

  for (guint i = 0; i < review->n_decisions; i++)
    {
      const BkReviewDecision *d = &review->decisions[i];

      if (d->kind != BK_REVIEW_DOUBLE)
        continue;
      g_test_message ("%s at trick %u: pass %.1f, raise %.1f, loss %.1f%s",
                      d->played.type == BK_ACTION_DOUBLE ? "Retour" : "pass", d->trick,
                      d->options[0].exact, d->options[1].exact, d->loss,
                      d->mistake ? ", a mistake" : "");
      if (d->played.type == BK_ACTION_DOUBLE)
        retour = d;
      sum += find_exact (d, &d->played) - d->options[0].exact;
    }
  g_assert_nonnull (retour);
  /* let pass, the hand stood at ×2: 6 lines lost; said, it went to ×8: the coaster's 21 */
  g_assert_cmpfloat (retour->options[0].exact, ==, -6);
  g_assert_cmpfloat (retour->options[1].exact, ==, -21);
  g_assert_cmpfloat (retour->loss, ==, 15);
  g_assert_true (retour->mistake);
  g_assert_cmpfloat (review->lines_lost, ==, 15);
  summary = bk_review_summary (review);
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "15 lines lost to 1 doubling"));

  /* the decisions' figures and the deal add up to the hand's result */
  g_assert_cmpfloat (review->result_lines, ==, -21);
  g_assert_cmpfloat (review->doubling_lines, ==, sum);
  g_assert_cmpfloat (review->deal_lines, ==, -6);
  g_assert_cmpfloat (review->deal_lines + review->doubling_lines, ==, review->result_lines);
  /* and the review says so */
  {
    g_autofree char *account = bk_review_account (review);

    g_test_message ("%s", account);
    g_assert_nonnull (strstr (account, "In lines for your team: -15 from your doublings and "
                                       "passes, -6 from the deal and the rest, -21 in all"));
  }
}

/* Plays a random hand with passes, stopping before card @stop. */
static void
random_position (guint64      seed,
                 guint        stop,
                 BkHandState *state)
{
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  BkRng rng;

  bk_rules_init_default (&rules);
  if (seed % 2)
    rules.bierkopf.variant = BK_VARIANT_LANG;
  bk_rng_init (&rng, seed, 17);
  shuffled_deal (&rules, &rng, (BkSeat) (seed % 4), hands);
  bk_hand_state_init (state, &rules, (BkSeat) (seed % 4), hands, 21, 21);
  while (bk_hand_state_is_bidding (state))
    {
      BkAction pass = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (state), 0);

      g_assert_true (bk_hand_state_apply (state, &pass, NULL));
    }
  while (bk_hand_state_cards_played (state) < stop && !bk_hand_state_is_over (state))
    {
      BkHand legal = bk_hand_state_legal (state);
      guint k = bk_rng_below (&rng, bk_hand_count (legal));
      BkAction play;

      while (k--)
        legal &= legal - 1;
      play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state->to_act, bk_hand_first (legal));
      bk_hand_state_apply_unchecked (state, &play);
    }
}

/* The hint is a legal card, the same for the same seed, and sees only the seat's own
 * information: a world consistent with it gives the same hint. */
static void
test_hint_legal (void)
{
  guint n = bk_test_scaled (12);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      BkHandState state, other;
      BkReviewHint hint, again, guess;
      BkWorldSampler sampler;
      BkInfoSet info;
      BkWorld world;
      BkRng rng;
      BkSeat seat;

      random_position (i + 1, 1 + i % 14, &state);
      seat = (BkSeat) state.to_act;
      g_assert_true (bk_review_hint (&state, seat, 7, &hint, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (hint.kind, ==, BK_REVIEW_CARD);
      g_assert_cmpuint (hint.choice.type, ==, BK_ACTION_PLAY);
      g_assert_true (bk_hand_state_legal (&state) & BK_HAND_BIT (hint.choice.arg));
      g_assert_cmpuint (hint.n_options, >=, 1);
      g_assert_cmpuint (hint.n_options, <=, 2);
      g_assert_cmpuint (hint.best[0].action.arg, ==, hint.choice.arg);
      if (hint.n_options == 2)
        {
          g_assert_cmpuint (hint.best[1].action.arg, !=, hint.choice.arg);
          g_assert_cmpfloat (hint.best[0].score, >=, hint.best[1].score - 0.011);
        }
      for (guint k = 0; k < hint.n_options; k++)
        g_assert_true (isnan (hint.best[k].exact));

      g_assert_true (bk_review_hint (&state, seat, 7, &again, NULL));
      g_assert_cmpuint (again.choice.arg, ==, hint.choice.arg);
      g_assert_cmpuint (again.n_options, ==, hint.n_options);
      g_assert_cmpuint (again.n_worlds, ==, hint.n_worlds);
      for (guint k = 0; k < hint.n_options; k++)
        {
          g_assert_cmpuint (again.best[k].action.arg, ==, hint.best[k].action.arg);
          g_assert_true (again.best[k].expected == hint.best[k].expected ||
                         (isnan (again.best[k].expected) && isnan (hint.best[k].expected)));
        }

      /* the hidden hands replaced by another world the seat cannot tell apart */
      bk_info_set_init (&info, &state, seat);
      bk_world_sampler_init (&sampler, &info);
      bk_rng_init (&rng, i, 3);
      g_assert_true (bk_world_sampler_draw (&sampler, &rng, &world));
      bk_info_set_world_state (&info, &world, &other);
      g_assert_true (bk_review_hint (&other, seat, 7, &guess, NULL));
      g_assert_cmpuint (guess.choice.arg, ==, hint.choice.arg);
    }
}

/* Words and doublings: the talk gets the honest word, a doubling the outlook. */
static void
test_hint_bidding (void)
{
  g_autoptr (GError) error = NULL;
  BkHandState state;
  BkReviewHint hint;
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  BkRng rng;
  BkAction talk;

  bk_rules_init_default (&rules);
  bk_rng_init (&rng, 5, 1);
  shuffled_deal (&rules, &rng, BK_SEAT_E, hands);
  bk_hand_state_init (&state, &rules, BK_SEAT_E, hands, 21, 21);
  /* Vorhand is S: he talks first */
  g_assert_true (bk_review_hint (&state, BK_SEAT_S, 1, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hint.kind, ==, BK_REVIEW_TALK);
  g_assert_cmpuint (hint.choice.arg, ==, bk_talk_word (&rules, hands[BK_SEAT_S], BK_SEAT_S,
                                                       BK_SEAT_E));
  g_assert_false (bk_review_hint (&state, BK_SEAT_W, 1, &hint, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  talk = bk_action_make (BK_ACTION_TALK, BK_SEAT_S, BK_WORD_MITTEL);
  g_assert_true (bk_hand_state_apply (&state, &talk, NULL));
  talk = bk_action_make (BK_ACTION_TALK, BK_SEAT_N, BK_WORD_MITTEL);
  g_assert_true (bk_hand_state_apply (&state, &talk, NULL));
  g_assert_true (bk_review_hint (&state, BK_SEAT_S, 1, &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hint.kind, ==, BK_REVIEW_DOUBLE);
  g_assert_cmpuint (hint.n_options, ==, 2);
  g_assert_true (hint.choice.type == BK_ACTION_DOUBLE || hint.choice.type == BK_ACTION_PASS);
  g_assert_cmpuint (hint.n_worlds, >, 0);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (done, ==, calls[0] + 1);
  calls[0] = done;
  calls[1] = total;
}

static void
cancel_cb (guint    done,
           guint    total,
           gpointer user_data)
{
  if (done == 2)
    g_cancellable_cancel (user_data);
}

/* The progress counts every decision; a cancelled review stops with G_IO_ERROR_CANCELLED;
 * a running hand is refused. */
static void
test_progress_cancel (void)
{
  g_autoptr (GArray) hands = read_record (overtake_record);
  const BkHandState *hand = &g_array_index (hands, BkHandState, 0);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (BkReview) review = NULL;
  g_autoptr (GError) error = NULL;
  guint calls[2] = { 0, 0 };
  BkHandState running;

  review = bk_review_hand (hand, BK_SEAT_S, 5, 1, NULL, progress_cb, calls, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (calls[0], ==, review->n_decisions);
  g_assert_cmpuint (calls[1], ==, review->n_decisions);
  g_clear_pointer (&review, bk_review_free);

  review = bk_review_hand (hand, BK_SEAT_S, 5, 1, cancellable, cancel_cb, cancellable,
                           &error);
  g_assert_null (review);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  random_position (3, 7, &running);
  review = bk_review_hand (&running, BK_SEAT_S, 5, 1, NULL, NULL, NULL, &error);
  g_assert_null (review);
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

typedef struct {
  int   status;
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

static void
cli_run (CliRun     *run,
         const char *input,
         ...) G_GNUC_NULL_TERMINATED;

static void
cli_run (CliRun     *run,
         const char *input,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, cli_path);
  va_start (ap, input);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE |
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                                     : -1;
  if (run->err[0])
    g_test_message ("stderr: %s", run->err);
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

/* notation.md: `review` on a record of `play --record`, one JSON object; `hint` at the
 * end of a record cut in the middle of a hand. */
static void
test_cli_review (void)
{
  g_auto (CliRun) played = { 0 }, run = { 0 }, hint = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) cut = g_string_new (NULL);
  JsonObject *root, *summary;
  JsonArray *decisions;
  guint plays = 0, cards = 0;

  cli_run (&played, NULL, "play", "--deals", "2", "--seed", "3", "--record", NULL);
  g_assert_cmpint (played.status, ==, 0);

  cli_run (&run, played.out, "review", "-", "--seat", "W", "--threshold", "8", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  /* one object on one line */
  g_assert_nonnull (strchr (run.out, '\n'));
  g_assert_cmpstr (strchr (run.out, '\n'), ==, "\n");
  root = parse_object (run.out, parser);
  g_assert_cmpint (json_object_get_int_member (root, "hand"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (root, "seat"), ==, "W");
  g_assert_cmpfloat (json_object_get_double_member (root, "threshold"), ==, 8);
  decisions = json_object_get_array_member (root, "decisions");
  g_assert_cmpuint (json_array_get_length (decisions), >=, 5);
  for (guint i = 0; i < json_array_get_length (decisions); i++)
    {
      JsonObject *decision = json_array_get_object_element (decisions, i);
      JsonObject *meister = json_object_get_object_member (decision, "meister");

      g_assert_cmpstr (json_object_get_string_member (decision, "seat"), ==, "W");
      g_assert_true (json_object_has_member (decision, "trick"));
      g_assert_true (json_object_has_member (decision, "played"));
      g_assert_true (json_object_has_member (meister, "choice"));
      g_assert_true (json_object_has_member (meister, "expected"));
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (decision,
                                                                             "options")),
                        >=, 1);
      g_assert_true (json_object_has_member (decision, "loss"));
      if (json_object_get_boolean_member (decision, "mistake"))
        g_assert_cmpfloat (json_object_get_double_member (decision, "loss"), >, 8);
      if (g_str_equal (json_object_get_string_member (decision, "kind"), "card"))
        plays++;
    }
  g_assert_cmpuint (plays, ==, 5);
  summary = json_object_get_object_member (root, "summary");
  g_assert_nonnull (json_object_get_string_member (summary, "text"));

  /* the first hand, and the hand-made one with its 20 points */
  cli_run_clear (&run);
  cli_run (&run, played.out, "review", "-", "--hand", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (run.out, parser);
  g_assert_cmpint (json_object_get_int_member (root, "hand"), ==, 1);
  cli_run_clear (&run);
  cli_run (&run, overtake_record, "review", "-", "--seed", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (run.out, parser);
  summary = json_object_get_object_member (root, "summary");
  g_assert_cmpfloat (json_object_get_double_member (summary, "points_lost"), >=, 20);
  g_assert_nonnull (strstr (json_object_get_string_member (summary, "text"), "points lost"));

  /* issue 21: where the result came from, and every card valued with all cards open */
  cli_run_clear (&run);
  cli_run (&run, partner_record, "review", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (run.out, parser);
  summary = json_object_get_object_member (root, "summary");
  g_assert_cmpfloat (json_object_get_double_member (summary, "deal_points"), ==, 94);
  g_assert_cmpfloat (json_object_get_double_member (summary, "own_cost"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (summary, "partner_cost"), ==, 57);
  g_assert_cmpfloat (json_object_get_double_member (summary, "opponents_cost"), ==, 0);
  g_assert_nonnull (strstr (json_object_get_string_member (summary, "account"), "took 37"));
  /* issue 34: in lines, the doublings and the rest add up to the hand's */
  g_assert_cmpfloat (json_object_get_double_member (summary, "deal_lines") +
                     json_object_get_double_member (summary, "doubling_lines"), ==,
                     json_object_get_double_member (summary, "result_lines"));
  g_assert_null (strstr (json_object_get_string_member (summary, "text"), "deal"));
  {
    JsonArray *every = json_object_get_array_member (root, "cards");
    JsonObject *thrown = json_array_get_object_element (every, 4);

    g_assert_cmpuint (json_array_get_length (every), ==, 20);
    g_assert_cmpint (json_object_get_int_member (thrown, "trick"), ==, 2);
    g_assert_cmpstr (json_object_get_string_member (thrown, "seat"), ==, "N");
    g_assert_cmpstr (json_object_get_string_member (thrown, "card"), ==, "HU");
    g_assert_cmpfloat (json_object_get_double_member (thrown, "before"), ==, 94);
    g_assert_cmpfloat (json_object_get_double_member (thrown, "loss"), ==, 57);
  }

  /* the first hand cut after its seventh card: the hint for the seat to play */
  lines = g_strsplit (played.out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "play ") && ++cards > 7)
        break;
      g_string_append_printf (cut, "%s\n", lines[i]);
    }
  cli_run (&hint, cut->str, "hint", "--record", "-", NULL);
  g_assert_cmpint (hint.status, ==, 0);
  g_assert_cmpstr (hint.err, ==, "");
  root = parse_object (hint.out, parser);
  g_assert_cmpstr (json_object_get_string_member (root, "kind"), ==, "card");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "best")), >=, 1);

  /* a running hand cannot be reviewed: no finished hand in the record */
  cli_run_clear (&run);
  cli_run (&run, cut->str, "review", "-", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "no finished hand"));
}

/* notation.md: bad input exits with a message on stderr and nothing on stdout. */
static void
test_cli_bad_input (void)
{
  g_auto (CliRun) missing = { 0 }, damaged = { 0 }, seat = { 0 }, over = { 0 };
  g_auto (CliRun) usage = { 0 }, turn = { 0 };
  g_autofree char *start = g_strdup (overtake_record);
  g_autofree char *broken = NULL;

  cli_run (&missing, NULL, "review", "/nonexistent/record.txt", NULL);
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_cmpstr (missing.out, ==, "");
  g_assert_nonnull (strstr (missing.err, "bierkopf-cli: "));

  /* South plays a card he does not hold */
  *strstr (start, "play S EO") = '\0';
  broken = g_strconcat (start, "play S HA\n", NULL);
  cli_run (&damaged, broken, "review", "-", NULL);
  g_assert_cmpint (damaged.status, ==, 1);
  g_assert_cmpstr (damaged.out, ==, "");
  g_assert_nonnull (strstr (damaged.err, "Line 11"));

  cli_run (&seat, NULL, "review", "-", "--seat", "X", NULL);
  g_assert_cmpint (seat.status, ==, 2);
  g_assert_cmpstr (seat.out, ==, "");

  cli_run (&usage, NULL, "hint", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  g_assert_nonnull (strstr (usage.err, "--record"));

  cli_run (&over, overtake_record, "hint", "--record", "-", NULL);
  g_assert_cmpint (over.status, ==, 1);
  g_assert_cmpstr (over.out, ==, "");
  g_assert_nonnull (strstr (over.err, "over"));

  /* after the first card it is East's turn, not South's */
  cli_run (&turn, "dealer W\nhand S EK EO GO H10 SK\nhand W EU HA HK SA SO\n"
                  "hand N EA G10 GK HO HU\nhand E E10 GA GU S10 SU\nplay N HO\n",
           "hint", "--record", "-", "--seat", "S", NULL);
  g_assert_cmpint (turn.status, ==, 1);
  g_assert_cmpstr (turn.out, ==, "");
  g_assert_nonnull (strstr (turn.err, "turn"));
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

  g_test_add_func ("/review/loss-twenty", test_loss_twenty);
  g_test_add_func ("/review/best-in-expectation", test_best_in_expectation);
  g_test_add_func ("/review/B3.6/retour-declined", test_retour_declined);
  g_test_add_func ("/review/B3.6,B5.2/retour-answered", test_retour_answered);
  g_test_add_func ("/review/partner-lost", test_partner_lost);
  g_test_add_func ("/review/account-adds-up", test_account_adds_up);
  g_test_add_func ("/review/progress-cancel", test_progress_cancel);
  g_test_add_func ("/review/hint/legal", test_hint_legal);
  g_test_add_func ("/review/hint/B3.1,B3.2/bidding", test_hint_bidding);
  g_test_add_func ("/review/cli/review", test_cli_review);
  g_test_add_func ("/review/cli/bad-input", test_cli_bad_input);

  return g_test_run ();
}
