/* test-reason.c: why the Meister plays its card (bk-reason.h), for the practice hand.
 *
 * Prepared deals in the notation (notation.md), short game, Trumpfzwang (B4.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "bk-error.h"
#include "bk-reason.h"
#include "test-helpers.h"

/* North leads the Eichel-Ober, which nothing can beat; South has no trump (B4.3: free to
 * discard) and gives his partner points. */
static const char *schmieren_record =
  "dealer W\n"
  "hand N EO GO HO SO EU\n"
  "hand E GU HU SU HA H10\n"
  "hand S E10 G10 SA S10 GK\n"
  "hand W HK EA EK GA SK\n"
  "pass N\npass E\npass S\n"
  "play N EO\nplay E GU\n";

/* East, an opponent, leads the Eichel-Ober: South cannot take the trick and gives least. */
static const char *lost_record =
  "dealer N\n"
  "hand E EO GO HO SO EU\n"
  "hand W GU HU SU HA H10\n"
  "hand S E10 G10 SA S10 GK\n"
  "hand N HK EA EK GA SK\n"
  "pass E\npass S\npass W\n"
  "play E EO\n";

/* South leads with the four Ober: seven trumps are still out. */
static const char *draw_record =
  "dealer E\n"
  "hand S EO GO HO SO EA\n"
  "hand W EU GU HA H10 SK\n"
  "hand N HU SU HK E10 EK\n"
  "hand E GA G10 GK SA S10\n"
  "pass S\npass W\npass N\n";

/* North trumped the Gras-Sau in the first trick (void in Gras, B4.3); South took the
 * second and leads the third. */
static const char *void_record =
  "dealer S\n"
  "hand S EO GO EA G10 GK\n"
  "hand W GA SK EK HK SU\n"
  "hand N HU S10 E10 HA SO\n"
  "hand E EU SA GU HO H10\n"
  "pass W\npass N\npass E\n"
  "play W GA\nplay N HU\nplay E EU\nplay S GK\n"
  "play E SA\nplay S EO\nplay W SK\nplay N S10\n";

/* The hand of @record as the Meister sees it from South's chair; in play (South to play)
 * or, with @talk, still in the talk. */
static void
position_in (const char  *record,
             BkHandState *state,
             gboolean     talk)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  BkRules rules;

  bk_rules_init_default (&rules);
  hands = bk_review_read_record (record, strlen (record), &rules, state, &error);
  g_assert_no_error (error);
  g_assert_nonnull (hands);
  if (talk)
    {
      g_assert_cmpuint (state->step, !=, BK_STEP_PLAY);
      return;
    }
  g_assert_cmpuint (state->step, ==, BK_STEP_PLAY);
  g_assert_cmpuint (state->to_act, ==, BK_SEAT_S);
}

static void
position (const char  *record,
          BkHandState *state)
{
  position_in (record, state, FALSE);
}

/* South, Vorhand (dealer East), talks first (B3.1). */
static const char *talk_strong_record =
  "dealer E\n"
  "hand S EO GO HO SO EU\n"
  "hand W GU HU SU HA H10\n"
  "hand N E10 G10 SA S10 GK\n"
  "hand E HK EA EK GA SK\n";

static const char *talk_weak_record =
  "dealer E\n"
  "hand S E10 G10 S10 GK SK\n"
  "hand W GU HU SU HA H10\n"
  "hand N EO GO HO SO EU\n"
  "hand E HK EA EK GA SA\n";

/* South said gut, his partner North mittel: South says Spritze or passes (B3.1). */
static const char *spritze_record =
  "dealer E\n"
  "hand S EO GO HO SO EA\n"
  "hand W GU HU HA SK GK\n"
  "hand N EU SU H10 SA GA\n"
  "hand E HK E10 EK S10 G10\n"
  "talk S gut\n"
  "talk N mittel\n";

/* North (Mittelhand) said Spritze; after two cards of the first trick East, of the other
 * team, may say Retour (B3.6). */
static const char *retour_record =
  "dealer S\n"
  "hand W EO GO HO SO GK\n"
  "hand N EU GU HU SU E10\n"
  "hand E HA H10 HK SA G10\n"
  "hand S EA EK GA S10 SK\n"
  "talk W gut\n"
  "talk E mittel\n"
  "pass W\n"
  "talk N helfen\n"
  "talk S nicht-helfen\n"
  "double N\n"
  "play W EO\n"
  "play N EU\n";

static const BkReason *
find (const BkReason *reasons,
      guint           n,
      BkReasonCode    code)
{
  for (guint i = 0; i < n; i++)
    if (reasons[i].code == code)
      return &reasons[i];
  return NULL;
}

/* Every card a reason names is one the seat can know of: its own, one played, or (a
 * higher card "still out") one of the cards it has not seen, named as out, not as where. */
static void
assert_honest (const BkHandState *state,
               const BkAdvice    *advice)
{
  BkInfoSet info;
  BkHand seen;

  bk_info_set_init (&info, state, advice->seat);
  seen = info.own_dealt;
  for (guint s = 0; s < BK_N_SEATS; s++)
    seen |= info.played[s];
  for (guint i = 0; i < advice->n_reasons; i++)
    {
      const BkReason *reason = &advice->reasons[i];

      if (reason->card != BK_CARD_NONE)
        g_assert_true (seen & BK_HAND_BIT (reason->card));
      if (reason->other != BK_CARD_NONE && reason->code == BK_REASON_KEEP)
        g_assert_true (info.unseen & BK_HAND_BIT (reason->other));
      else if (reason->other != BK_CARD_NONE)
        g_assert_true (seen & BK_HAND_BIT (reason->other));
      g_assert_true (reason->seat == BK_N_SEATS || reason->seat < BK_N_SEATS);
    }
}

/* The same advice (choice, values, reasons) for the same seed, and in another world the
 * seat cannot tell apart from this one: nothing hidden goes into it. */
static void
assert_deterministic (const BkHandState *state,
                      const BkAdvice    *advice)
{
  BkAdvice again, guess;
  BkHandState other;
  BkWorldSampler sampler;
  BkInfoSet info;
  BkWorld world;
  BkRng rng;

  g_assert_true (bk_reason_advise (state, advice->seat, 7, &again, NULL));
  g_assert_cmpmem (&again.reasons, sizeof again.reasons, &advice->reasons,
                   sizeof advice->reasons);
  g_assert_cmpuint (again.choice, ==, advice->choice);

  bk_info_set_init (&info, state, advice->seat);
  bk_world_sampler_init (&sampler, &info);
  bk_rng_init (&rng, 11, 3);
  for (guint tries = 0; tries < 8; tries++)
    {
      g_assert_true (bk_world_sampler_draw (&sampler, &rng, &world));
      bk_info_set_world_state (&info, &world, &other);
      if (memcmp (other.hands, state->hands, sizeof state->hands) != 0)
        break;
    }
  g_assert_true (bk_reason_advise (&other, advice->seat, 7, &guess, NULL));
  g_assert_cmpuint (guess.choice, ==, advice->choice);
  g_assert_cmpuint (guess.n_reasons, ==, advice->n_reasons);
  g_assert_cmpmem (&guess.reasons, sizeof guess.reasons, &advice->reasons,
                   sizeof advice->reasons);
}

static void
advise (const char  *record,
        BkHandState *state,
        BkAdvice    *advice)
{
  g_autoptr (GError) error = NULL;

  position (record, state);
  g_assert_true (bk_reason_advise (state, BK_SEAT_S, 7, advice, &error));
  g_assert_no_error (error);
  g_assert_true (bk_hand_state_legal (state) & BK_HAND_BIT (advice->choice));
  g_assert_cmpuint (advice->n_reasons, >, 0);
  assert_honest (state, advice);
  assert_deterministic (state, advice);
}

/* B4.4: the partner's Eichel-Ober takes the trick: the Meister gives it points. */
static void
test_schmieren (void)
{
  const BkGameRules *game = bk_game_rules_get (BK_GAME_BIERKOPF);
  const BkReason *reason;
  BkHandState state;
  BkAdvice advice;

  advise (schmieren_record, &state, &advice);
  g_assert_cmpuint (game->points[advice.choice], >=, 10);
  reason = find (advice.reasons, advice.n_reasons, BK_REASON_PARTNER_WINNING);
  g_assert_nonnull (reason);
  g_assert_cmpuint (reason->seat, ==, BK_SEAT_N);
  g_assert_cmpuint (reason->other, ==, C ("EO"));
  g_assert_cmpint (reason->count, ==, 1);
  reason = find (advice.reasons, advice.n_reasons, BK_REASON_SCHMIEREN);
  g_assert_nonnull (reason);
  g_assert_cmpuint (reason->card, ==, advice.choice);
  g_assert_cmpint (reason->count, ==, game->points[advice.choice]);
}

/* B4.4: an opponent's Eichel-Ober cannot be beaten: play low; the Zehn is kept while its
 * Sau is out. */
static void
test_trick_lost (void)
{
  const BkReason *reason;
  BkHandState state;
  BkAdvice advice;

  advise (lost_record, &state, &advice);
  g_assert_cmpuint (advice.choice, ==, C ("GK"));
  reason = find (advice.reasons, advice.n_reasons, BK_REASON_TRICK_LOST);
  g_assert_nonnull (reason);
  g_assert_cmpuint (reason->seat, ==, BK_SEAT_E);
  g_assert_nonnull (find (advice.reasons, advice.n_reasons, BK_REASON_PLAY_LOW));
  reason = find (advice.reasons, advice.n_reasons, BK_REASON_KEEP);
  g_assert_nonnull (reason);
  g_assert_cmpuint (bk_card_rank (reason->card), ==, BK_RANK_ZEHN);
  g_assert_cmpuint (bk_card_rank (reason->other), ==, BK_RANK_SAU);
  g_assert_cmpuint (bk_card_suit (reason->other), ==, bk_card_suit (reason->card));
  g_assert_null (find (advice.reasons, advice.n_reasons, BK_REASON_PARTNER_WINNING));
}

/* B4.2: leading the highest trump draws the seven still out, and takes the trick. */
static void
test_draw_trumps (void)
{
  const BkGameRules *game = bk_game_rules_get (BK_GAME_BIERKOPF);
  const BkReason *reason;
  BkHandState state;
  BkAdvice advice;

  advise (draw_record, &state, &advice);
  g_assert_true (bk_card_is_trump (game, advice.choice));
  reason = find (advice.reasons, advice.n_reasons, BK_REASON_DRAW_TRUMPS);
  g_assert_nonnull (reason);
  g_assert_cmpint (reason->count, ==, 7);
  if (advice.choice == C ("EO"))
    g_assert_nonnull (find (advice.reasons, advice.n_reasons, BK_REASON_TAKES_TRICK));
}

/* B4.3: the partner has shown a void in Gras: leading the Gras-Zehn, he can trump it.
 * The reasons for a card the test chooses, then the Meister's own advice. */
static void
test_partner_void (void)
{
  BkHandState state;
  BkReviewDecision decision = { 0 };
  BkReason reasons[BK_REASON_MAX];
  const BkReason *reason;
  BkAdvice advice;
  BkInfoSet info;
  guint n;

  position (void_record, &state);
  bk_info_set_init (&info, &state, BK_SEAT_S);
  decision.choice = bk_action_make (BK_ACTION_PLAY, BK_SEAT_S, C ("G10"));
  n = bk_reason_explain (&info, &decision, reasons);
  reason = find (reasons, n, BK_REASON_PARTNER_VOID);
  g_assert_nonnull (reason);
  g_assert_cmpuint (reason->seat, ==, BK_SEAT_N);
  g_assert_cmpuint (reason->group, ==, BK_SUIT_GRAS);
  /* the Gras-Sau is gone: the Zehn is the highest Gras left */
  g_assert_nonnull (find (reasons, n, BK_REASON_HIGHEST));
  g_assert_null (find (reasons, n, BK_REASON_DRAW_TRUMPS));

  /* leading a trump instead draws them: no word of the void */
  decision.choice = bk_action_make (BK_ACTION_PLAY, BK_SEAT_S, C ("GO"));
  n = bk_reason_explain (&info, &decision, reasons);
  g_assert_null (find (reasons, n, BK_REASON_PARTNER_VOID));
  g_assert_nonnull (find (reasons, n, BK_REASON_DRAW_TRUMPS));

  /* leading the Eichel-Sau, the Gras-Zehn is not led: East has shown no Gras, and has
   * not shown he is out of trumps */
  decision.choice = bk_action_make (BK_ACTION_PLAY, BK_SEAT_S, C ("EA"));
  n = bk_reason_explain (&info, &decision, reasons);
  reason = find (reasons, n, BK_REASON_OPPONENT_VOID);
  g_assert_nonnull (reason);
  g_assert_cmpuint (reason->card, ==, C ("G10"));
  g_assert_cmpuint (reason->seat, ==, BK_SEAT_E);
  g_assert_cmpuint (reason->group, ==, BK_SUIT_GRAS);
  g_assert_null (find (reasons, n, BK_REASON_PARTNER_VOID));

  advise (void_record, &state, &advice);
}

/* The comment after the trick: the Meister's card agreed with, or what it was worth more
 * and why. */
static void
test_comment (void)
{
  BkHandState state;
  BkAdvice advice;
  BkReasonComment comment;

  advise (lost_record, &state, &advice);
  bk_reason_comment (&advice, advice.choice, &comment);
  g_assert_true (comment.agreed);
  g_assert_cmpuint (comment.n_reasons, ==, 0);

  /* the Gras-Zehn thrown on the opponent's trick: the worst of South's cards on what he
   * knows (the Gras-Sau still out would have taken it later anyway, but not always) */
  bk_reason_comment (&advice, C ("G10"), &comment);
  g_assert_false (comment.agreed);
  g_assert_cmpuint (comment.choice, ==, C ("GK"));
  g_assert_cmpuint (advice.decision.options[advice.decision.n_options - 1].action.arg, ==,
                    C ("G10"));
  g_assert_cmpfloat_with_epsilon (comment.at_stake, advice.decision.options[0].expected -
                                  advice.decision.options[advice.decision.n_options - 1]
                                  .expected, 1e-9);
  g_assert_cmpfloat (comment.at_stake, >=, 0.5);
  g_assert_cmpuint (comment.n_reasons, ==, advice.n_reasons);
  g_assert_nonnull (find (comment.reasons, comment.n_reasons, BK_REASON_PLAY_LOW));
}

/* A single legal card is said to be one. */
static void
test_only_card (void)
{
  BkHandState state;
  BkAdvice advice;
  BkAction play;

  position (draw_record, &state);
  /* four cards later South holds one card */
  for (guint i = 0; i < 16; i++)
    {
      play = bk_action_make (BK_ACTION_PLAY, (BkSeat) state.to_act,
                             bk_hand_first (bk_hand_state_legal (&state)));
      bk_hand_state_apply_unchecked (&state, &play);
      if (state.to_act == BK_SEAT_S && bk_hand_count (state.hands[BK_SEAT_S]) == 1)
        break;
    }
  g_assert_cmpuint (state.to_act, ==, BK_SEAT_S);
  g_assert_cmpuint (bk_hand_count (state.hands[BK_SEAT_S]), ==, 1);
  g_assert_true (bk_reason_advise (&state, BK_SEAT_S, 7, &advice, NULL));
  g_assert_cmpuint (advice.n_reasons, ==, 1);
  g_assert_cmpuint (advice.reasons[0].code, ==, BK_REASON_ONLY_CARD);
}

/* spec B3.1, B3.5: the Meister's word is the honest one of its hand, and the reasons say
 * what the hand holds, its chance and what the word promises. */
static void
test_talk (void)
{
  struct { const char *record; BkWord word; int trumps; BkCard highest; int sauen; } cases[] = {
    { talk_strong_record, BK_WORD_GUT, 5, BK_CARD (BK_SUIT_EICHEL, BK_RANK_OBER), 0 },
    { talk_weak_record, BK_WORD_SCHLECHT, 0, BK_CARD_NONE, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GError) error = NULL;
      BkHandState state;
      BkSayAdvice advice;
      const BkReason *held, *chance, *means;

      position_in (cases[c].record, &state, TRUE);
      g_assert_true (bk_reason_advise_say (&state, BK_SEAT_S, 7, &advice, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (advice.hint.kind, ==, BK_REVIEW_TALK);
      g_assert_cmpuint (advice.hint.choice.type, ==, BK_ACTION_TALK);
      g_assert_cmpuint (advice.hint.choice.arg, ==, cases[c].word);
      held = find (advice.reasons, advice.n_reasons, BK_REASON_TRUMPS_HELD);
      g_assert_nonnull (held);
      g_assert_cmpint (held->count, ==, cases[c].trumps);
      g_assert_cmpuint (held->card, ==, cases[c].highest);
      g_assert_null (find (advice.reasons, advice.n_reasons, BK_REASON_SAUEN_HELD));
      chance = find (advice.reasons, advice.n_reasons, BK_REASON_WIN_CHANCE);
      means = find (advice.reasons, advice.n_reasons, BK_REASON_WORD_MEANS);
      g_assert_nonnull (chance);
      g_assert_nonnull (means);
      g_assert_cmpuint (means->group, ==, cases[c].word);
      /* the chance lies where the word says */
      g_assert_cmpint (chance->count, >=, means->count);
      g_assert_cmpint (chance->count, <=, means->limit);
    }
}

/* spec B3.1: after the talk Vorhand doubles or passes; the reasons name the partner's word
 * and what the Meister's choice is worth in lines. */
static void
test_spritze (void)
{
  g_autoptr (GError) error = NULL;
  BkHandState state;
  BkSayAdvice advice;
  const BkReason *said, *sauen, *lines;

  position_in (spritze_record, &state, TRUE);
  g_assert_true (bk_reason_advise_say (&state, BK_SEAT_S, 7, &advice, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (advice.hint.kind, ==, BK_REVIEW_DOUBLE);
  g_assert_cmpuint (advice.hint.choice.type, ==, BK_ACTION_DOUBLE);
  said = find (advice.reasons, advice.n_reasons, BK_REASON_WORD_SAID);
  g_assert_nonnull (said);
  g_assert_cmpuint (said->seat, ==, BK_SEAT_N);
  g_assert_cmpuint (said->group, ==, BK_WORD_MITTEL);
  sauen = find (advice.reasons, advice.n_reasons, BK_REASON_SAUEN_HELD);
  g_assert_nonnull (sauen);
  g_assert_cmpint (sauen->count, ==, 1);
  lines = find (advice.reasons, advice.n_reasons, BK_REASON_LINES);
  g_assert_nonnull (lines);
  g_assert_cmpint (lines->count, >, 0);
  /* a card is not a word: the card's own reasons answer for it */
  position (draw_record, &state);
  g_assert_false (bk_reason_advise_say (&state, BK_SEAT_S, 7, &advice, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

/* spec B3.6: in play the only word is a Retour: the Meister weighs it over its worlds and
 * names the trumps still in hand, the team's chance, the partner's word and the lines. */
static void
test_retour (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  BkHandState state;
  BkSayAdvice advice;
  const BkReason *held, *chance, *said;
  BkRules rules;

  bk_rules_init_default (&rules);
  hands = bk_review_read_record (retour_record, strlen (retour_record), &rules, &state,
                                 &error);
  g_assert_no_error (error);
  g_assert_cmpuint (state.step, ==, BK_STEP_PLAY);
  g_assert_true (bk_reason_advise_say (&state, BK_SEAT_E, 7, &advice, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (advice.hint.kind, ==, BK_REVIEW_DOUBLE);
  g_assert_cmpuint (advice.hint.n_options, ==, 2);
  held = find (advice.reasons, advice.n_reasons, BK_REASON_TRUMPS_HELD);
  g_assert_nonnull (held);
  g_assert_cmpint (held->count, ==, 3);
  g_assert_cmpuint (held->card, ==, BK_CARD (BK_SUIT_HERZ, BK_RANK_SAU));
  chance = find (advice.reasons, advice.n_reasons, BK_REASON_TEAM_CHANCE);
  g_assert_nonnull (chance);
  g_assert_cmpint (chance->count, >=, 0);
  g_assert_cmpint (chance->count, <=, 100);
  said = find (advice.reasons, advice.n_reasons, BK_REASON_WORD_SAID);
  g_assert_nonnull (said);
  g_assert_cmpuint (said->seat, ==, BK_SEAT_W);
  g_assert_cmpuint (said->group, ==, BK_WORD_GUT);
  /* the same for the same seed */
  {
    BkSayAdvice again;

    g_assert_true (bk_reason_advise_say (&state, BK_SEAT_E, 7, &again, &error));
    g_assert_cmpuint (again.hint.choice.type, ==, advice.hint.choice.type);
    g_assert_cmpuint (again.n_reasons, ==, advice.n_reasons);
  }
  /* South, of the doubling team, may not answer his own team's Spritze */
  g_assert_false (bk_reason_advise_say (&state, BK_SEAT_S, 7, &advice, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reason/B4.4/schmieren", test_schmieren);
  g_test_add_func ("/reason/B4.4/trick-lost", test_trick_lost);
  g_test_add_func ("/reason/B4.2/draw-trumps", test_draw_trumps);
  g_test_add_func ("/reason/B4.3/partner-void", test_partner_void);
  g_test_add_func ("/reason/comment", test_comment);
  g_test_add_func ("/reason/only-card", test_only_card);
  g_test_add_func ("/reason/B3.1/talk", test_talk);
  g_test_add_func ("/reason/B3.1/spritze", test_spritze);
  g_test_add_func ("/reason/B3.6/retour", test_retour);

  return g_test_run ();
}
