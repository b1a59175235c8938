/* bk-cli-herzla-review.c: `review` and `hint` on a record of Herzla (notation.md): the
 * review of a finished hand by the meister and the exact searches, and the meister's
 * advice at the record's end, as JSON like Bierkopf's with the values in `cents` (the
 * simple form: `penalty`, minus the penalty points).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-cli.h"
#include "bk-cli-review-json.h"
#include "bk-herzla-result.h"
#include "bk-herzla-review.h"
#include "bk-herzla.h"

static gboolean
parse_seat (const BkHerzlaHand *hand,
            const char         *text,
            guint              *seat,
            GError            **error)
{
  for (guint s = 0; s < hand->rules.n_players; s++)
    if (g_ascii_strcasecmp (text, bk_herzla_seat_name (hand->rules.variant, s)) == 0)
      {
        *seat = s;
        return TRUE;
      }
  g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("No seat “%s” at this table"), text);
  return FALSE;
}

/* A card ("GO") or a bid ("Beddl", "Mord", "weiter"). */
static const char *
action_name (const BkAction *action)
{
  if (action->type == BK_ACTION_BID)
    return action->arg == BK_CONTRACT_NORMAL ? "weiter"
                                             : bk_contract_to_string ((BkContract) action->arg);
  return bk_card_to_string ((BkCard) action->arg);
}

/* {"option":…, "cents"|"penalty": {"expected":…, "exact":…}} */
static void
add_option (JsonBuilder                *builder,
            const BkHerzlaReviewOption *option,
            const char                 *unit,
            gboolean                    with_exact)
{
  bk_cli_json_option (builder, action_name (&option->action), unit, option->expected,
                      with_exact, option->exact);
}

static JsonNode *
review_json (const BkHerzlaReview *review,
             guint                 hand_number)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autofree char *summary = bk_herzla_review_summary (review);
  BkHerzlaVariant variant = review->hand.rules.variant;
  const char *unit = review->penalty ? "penalty" : "cents";

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, "herzla");
  json_builder_set_member_name (builder, "hand");
  json_builder_add_int_value (builder, hand_number);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_string_value (builder, bk_herzla_seat_name (variant, review->seat));
  json_builder_set_member_name (builder, "unit");
  json_builder_add_string_value (builder, unit);
  json_builder_set_member_name (builder, "threshold");
  json_builder_add_double_value (builder, review->threshold);
  json_builder_set_member_name (builder, "contract");
  json_builder_add_string_value (builder,
                                 review->hand.contract == BK_CONTRACT_NORMAL
                                 ? "normal" : bk_contract_to_string (review->hand.contract));
  json_builder_set_member_name (builder, unit);
  json_builder_add_int_value (builder, review->value);
  json_builder_set_member_name (builder, "decisions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < review->n_decisions; i++)
    {
      const BkHerzlaReviewDecision *decision = &review->decisions[i];
      const BkHerzlaReviewOption *choice = NULL;

      for (guint k = 0; k < decision->n_options; k++)
        if (decision->options[k].action.type == decision->choice.type &&
            decision->options[k].action.arg == decision->choice.arg)
          choice = &decision->options[k];
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "trick");
      json_builder_add_int_value (builder, decision->trick);
      bk_cli_json_decision_played (builder, decision->bid ? "bid" : "card",
                                   action_name (&decision->played), decision->forced);
      bk_cli_json_meister_begin (builder, action_name (&decision->choice),
                                 choice ? choice->expected : NAN, decision->n_worlds);
      json_builder_end_object (builder);
      /* How far the exact search looked: "end" of the hand, or a number of tricks. */
      json_builder_set_member_name (builder, "exact_search");
      if (decision->horizon == 0)
        json_builder_add_string_value (builder, "end");
      else
        json_builder_add_int_value (builder, decision->horizon);
      json_builder_set_member_name (builder, "options");
      json_builder_begin_array (builder);
      for (guint k = 0; k < decision->n_options; k++)
        add_option (builder, &decision->options[k], unit, TRUE);
      json_builder_end_array (builder);
      bk_cli_json_decision_end (builder, decision->loss, decision->expected_loss,
                                decision->mistake);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "summary");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mistakes");
  json_builder_add_int_value (builder, review->mistakes);
  bk_cli_json_number (builder, review->penalty ? "penalty_lost" : "cents_lost", review->lost);
  if (review->accounted)
    {
      /* A Beddl or Mord, valued exactly card by card (issue 21). */
      bk_cli_json_number (builder, "deal_value", review->deal_value);
      bk_cli_json_number (builder, "own_cost", review->own_cost);
      bk_cli_json_number (builder, "others_cost", review->others_cost);
      bk_cli_json_number (builder, "others_gift", review->others_gift);
    }
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, summary);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* `review` of a Herzla record: @threshold below 0 means the default of the form. */
int
bk_cli_herzla_review (BkCliOptions *options,
                      const char   *text,
                      gsize         length,
                      const char   *seat_text,
                      double        threshold,
                      gint          hand_number)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  g_autoptr (BkHerzlaReview) review = NULL;
  const BkHerzlaHand *hand;
  guint seat = 0;

  hands = bk_herzla_review_read_record (text, length, NULL, &error);
  if (hands == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  if (hands->len == 0)
    return bk_cli_usage (_("The record holds no finished hand to review"));
  if (hand_number == 0)
    hand_number = (gint) hands->len;
  if ((guint) hand_number > hands->len)
    return bk_cli_usage (g_dngettext (GETTEXT_PACKAGE,
                                      "The record holds only %u finished hand",
                                      "The record holds only %u finished hands", hands->len),
                         hands->len);
  hand = &g_array_index (hands, BkHerzlaHand, hand_number - 1);
  if (seat_text && !parse_seat (hand, seat_text, &seat, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (threshold < 0)
    threshold = hand->rules.variant == BK_HERZLA_EINFACH ? BK_HERZLA_REVIEW_THRESHOLD_PENALTY
                                                         : BK_HERZLA_REVIEW_THRESHOLD_CENTS;
  review = bk_herzla_review_hand (hand, seat, threshold, options->seed, NULL, NULL, NULL,
                                  &error);
  if (review == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  bk_cli_print_json (review_json (review, (guint) hand_number));
  return BK_EXIT_OK;
}

/* `hint` on a Herzla record: the seat to act at its end unless @seat_text names one. */
int
bk_cli_herzla_hint (BkCliOptions *options,
                    const char   *text,
                    gsize         length,
                    const char   *seat_text)
{
  g_autoptr (JsonBuilder) builder = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  BkHerzlaHand state;
  BkHerzlaReviewHint hint;
  const char *unit;
  guint seat;

  hands = bk_herzla_review_read_record (text, length, &state, &error);
  if (hands == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  if (bk_herzla_hand_is_over (&state))
    {
      g_set_error (&error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("The hand is over: there is nothing to advise"));
      return bk_cli_fail (BK_EXIT_RULES, error);
    }
  seat = state.to_act;
  if (seat_text && !parse_seat (&state, seat_text, &seat, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (!bk_herzla_review_hint (&state, seat, options->seed, &hint, &error))
    return bk_cli_fail (BK_EXIT_RULES, error);

  unit = state.rules.variant == BK_HERZLA_EINFACH ? "penalty" : "cents";
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, "herzla");
  json_builder_set_member_name (builder, "seat");
  json_builder_add_string_value (builder, bk_herzla_seat_name (state.rules.variant, seat));
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, hint.bid ? "bid" : "card");
  json_builder_set_member_name (builder, "hint");
  json_builder_add_string_value (builder, action_name (&hint.choice));
  json_builder_set_member_name (builder, "worlds");
  json_builder_add_int_value (builder, hint.n_worlds);
  json_builder_set_member_name (builder, "best");
  json_builder_begin_array (builder);
  for (guint k = 0; k < hint.n_options; k++)
    add_option (builder, &hint.best[k], unit, FALSE);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  bk_cli_print_json (json_builder_get_root (builder));
  return BK_EXIT_OK;
}
