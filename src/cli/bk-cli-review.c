/* bk-cli-review.c: `review FILE|-`, the review of a finished hand by the Meister and the
 * solver, and `hint --record FILE|-`, the Meister's advice at the record's end
 * (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "bk-bierkopf-result.h"
#include "bk-cli.h"
#include "bk-cli-review-json.h"
#include "bk-review.h"

/* Reads the record at @path (- for standard input). */
static int
read_text (const char  *path,
           char       **text,
           gsize       *length)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (g_str_equal (path, "-"))
    ok = bk_record_read_fd (0, text, length, &error);
  else
    ok = bk_record_read_file (path, text, length, &error);
  if (!ok)
    return bk_cli_fail (g_error_matches (error, BK_ERROR, BK_ERROR_TOO_LARGE) ? BK_EXIT_RULES
                                                                             : BK_EXIT_USAGE,
                        error);
  return BK_EXIT_OK;
}

/* The record's hands of Bierkopf. */
static int
read_hands (BkCliOptions  *options,
            const char    *text,
            gsize          length,
            BkHandState   *current,
            GArray       **hands)
{
  g_autoptr (GError) error = NULL;

  *hands = bk_review_read_record (text, length, &options->rules, current, &error);
  if (*hands == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  return BK_EXIT_OK;
}

/* "EO", "gut", "schweigt", "double", "pass". */
static const char *
action_name (const BkAction *action)
{
  switch ((BkActionType) action->type)
    {
    case BK_ACTION_PLAY:
      return bk_card_to_string ((BkCard) action->arg);
    case BK_ACTION_TALK:
      return action->arg == BK_WORD_NONE ? "schweigt" : bk_word_to_string ((BkWord) action->arg);
    case BK_ACTION_DOUBLE:
      return "double";
    default:
      return "pass";
    }
}

static const char *
kind_name (guint kind)
{
  switch ((BkReviewKind) kind)
    {
    case BK_REVIEW_CARD: return "card";
    case BK_REVIEW_TALK: return "talk";
    default: return "double";
    }
}

static const BkReviewOption *
option_of (const BkReviewDecision *decision,
           const BkAction         *action)
{
  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.type == action->type &&
        decision->options[k].action.arg == action->arg)
      return &decision->options[k];
  return NULL;
}

static JsonNode *
review_json (const BkReview *review,
             guint           hand_number)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autofree char *summary = bk_review_summary (review);
  g_autofree char *account = bk_review_account (review);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "hand");
  json_builder_add_int_value (builder, hand_number);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_string_value (builder, bk_seat_to_string (review->seat));
  json_builder_set_member_name (builder, "threshold");
  json_builder_add_double_value (builder, review->threshold);
  json_builder_set_member_name (builder, "result");
  json_builder_add_value (builder, bk_bierkopf_result_to_json (&review->result));
  json_builder_set_member_name (builder, "decisions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < review->n_decisions; i++)
    {
      const BkReviewDecision *decision = &review->decisions[i];
      const BkReviewOption *choice = option_of (decision, &decision->choice);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "trick");
      json_builder_add_int_value (builder, decision->trick);
      json_builder_set_member_name (builder, "seat");
      json_builder_add_string_value (builder, bk_seat_to_string ((BkSeat) decision->played.seat));
      bk_cli_json_decision_played (builder, kind_name (decision->kind),
                                   action_name (&decision->played), decision->forced);
      bk_cli_json_meister_begin (builder, action_name (&decision->choice),
                                 choice ? choice->expected : NAN, decision->n_worlds);
      if (!isnan (decision->win_chance))
        bk_cli_json_number (builder, "win_chance", decision->win_chance);
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "options");
      json_builder_begin_array (builder);
      for (guint k = 0; k < decision->n_options; k++)
        bk_cli_json_option (builder, action_name (&decision->options[k].action), NULL,
                            decision->options[k].expected, TRUE, decision->options[k].exact);
      json_builder_end_array (builder);
      bk_cli_json_decision_end (builder, decision->loss, decision->expected_loss,
                                decision->mistake);
    }
  json_builder_end_array (builder);
  /* Every card of the hand with all cards open: the seat's team's value before it and
   * what it cost its own team. */
  json_builder_set_member_name (builder, "cards");
  json_builder_begin_array (builder);
  for (guint i = 0; i < review->n_cards; i++)
    {
      const BkReviewCard *card = &review->cards[i];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "trick");
      json_builder_add_int_value (builder, i / BK_N_SEATS + 1);
      json_builder_set_member_name (builder, "seat");
      json_builder_add_string_value (builder, bk_seat_to_string ((BkSeat) card->action.seat));
      json_builder_set_member_name (builder, "card");
      json_builder_add_string_value (builder, action_name (&card->action));
      bk_cli_json_number (builder, "before", card->before);
      bk_cli_json_number (builder, "loss", card->loss);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "summary");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "card_mistakes");
  json_builder_add_int_value (builder, review->card_mistakes);
  bk_cli_json_number (builder, "points_lost", review->points_lost);
  json_builder_set_member_name (builder, "doubling_mistakes");
  json_builder_add_int_value (builder, review->word_mistakes);
  bk_cli_json_number (builder, "lines_lost", review->lines_lost);
  bk_cli_json_number (builder, "deal_points", review->deal_points);
  bk_cli_json_number (builder, "own_cost", review->own_cost);
  bk_cli_json_number (builder, "partner_cost", review->partner_cost);
  bk_cli_json_number (builder, "opponents_cost", review->opponents_cost);
  bk_cli_json_number (builder, "result_lines", review->result_lines);
  bk_cli_json_number (builder, "doubling_lines", review->doubling_lines);
  bk_cli_json_number (builder, "deal_lines", review->deal_lines);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, summary);
  json_builder_set_member_name (builder, "account");
  json_builder_add_string_value (builder, account);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* notation.md: `--hand N` counts the finished hands from 1; without it, the last (0). */
static gboolean
parse_hand_number (const char *text,
                   gint       *hand_number)
{
  guint64 value;

  *hand_number = 0;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &value, NULL))
    return FALSE;
  *hand_number = (gint) value;
  return TRUE;
}

/* A threshold of 0 or more; without one, -1 (the default of the record's game). */
static gboolean
parse_threshold (const char *text,
                 double     *threshold)
{
  char *end = NULL;

  *threshold = -1;
  if (text == NULL)
    return TRUE;
  /* As GOption reads a number: in the C locale, or else in the person's. */
  *threshold = g_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*threshold) && *threshold >= 0;
}

int
bk_cli_review (BkCliOptions  *options,
               int            argc,
               char         **argv)
{
  g_autofree char *seat_text = NULL, *threshold_text = NULL, *hand_text = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  double threshold;
  gint hand_number;
  const GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_STRING, &seat_text,
      N_("The seat whose decisions are judged (default S)"), "SEAT" },
    { "threshold", 0, 0, G_OPTION_ARG_STRING, &threshold_text,
      N_("A card is a mistake when it loses more card points than this (default 5; "
         "Herzla: cents, default 20, or penalty points, default 1)"), "N" },
    { "hand", 0, 0, G_OPTION_ARG_STRING, &hand_text,
      N_("Which finished hand of the record, from 1 (default the last)"), "N" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  g_autoptr (BkReview) review = NULL;
  BkSeat seat = BK_SEAT_S;
  BkGameKind game;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "review", "FILE|-", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (argc != 2)
    return bk_cli_usage (_("review takes one file name, or - for standard input"));
  if (!parse_threshold (threshold_text, &threshold))
    return bk_cli_usage (_("The threshold must be a number, 0 or more, not “%s”"),
                         threshold_text);
  if (!parse_hand_number (hand_text, &hand_number))
    /* Translators: --hand counts the hands of a record from 1. */
    return bk_cli_usage (_("--hand takes the number of a finished hand, from 1 for the "
                           "first, not “%s”"), hand_text);
  if (options->dry_run)
    return BK_EXIT_OK;

  code = read_text (argv[1], &text, &length);
  if (code != BK_EXIT_OK)
    return code;
  code = bk_cli_check_record (options, text, length);
  if (code != BK_EXIT_OK)
    return code;
  game = bk_cli_record_game (text, length, options->rules.game);
  if (game == BK_GAME_HERZLA)
    return bk_cli_herzla_review (options, text, length, seat_text, threshold, hand_number);
  if (seat_text && !bk_seat_parse (seat_text, &seat, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (threshold < 0)
    threshold = BK_REVIEW_THRESHOLD;
  code = read_hands (options, text, length, NULL, &hands);
  if (code != BK_EXIT_OK)
    return code;
  if (hands->len == 0)
    return bk_cli_usage (_("The record holds no finished hand to review"));
  if (hand_number == 0)
    hand_number = (gint) hands->len;
  if ((guint) hand_number > hands->len)
    return bk_cli_usage (g_dngettext (GETTEXT_PACKAGE,
                                      "The record holds only %u finished hand",
                                      "The record holds only %u finished hands", hands->len),
                         hands->len);

  review = bk_review_hand (&g_array_index (hands, BkHandState, hand_number - 1), seat,
                           threshold, options->seed, NULL, NULL, NULL, &error);
  if (review == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  bk_cli_print_json (review_json (review, (guint) hand_number));
  return BK_EXIT_OK;
}

int
bk_cli_hint (BkCliOptions  *options,
             int            argc,
             char         **argv)
{
  g_autofree char *seat_text = NULL, *record = NULL, *text = NULL;
  gsize length = 0;
  const GOptionEntry entries[] = {
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record,
      N_("The game record whose last position is advised on, or - for standard input"),
      "FILE" },
    { "seat", 0, 0, G_OPTION_ARG_STRING, &seat_text,
      N_("The seat to advise (default the one whose turn it is)"), "SEAT" },
    { NULL }
  };
  g_autoptr (JsonBuilder) builder = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = NULL;
  BkHandState state;
  BkReviewHint hint;
  BkSeat seat = BK_SEAT_NONE;
  BkGameKind game;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "hint", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (record == NULL)
    return bk_cli_usage (_("hint needs --record FILE, or --record - for standard input"));
  if (options->dry_run)
    return BK_EXIT_OK;

  code = read_text (record, &text, &length);
  if (code != BK_EXIT_OK)
    return code;
  code = bk_cli_check_record (options, text, length);
  if (code != BK_EXIT_OK)
    return code;
  game = bk_cli_record_game (text, length, options->rules.game);
  if (game == BK_GAME_HERZLA)
    return bk_cli_herzla_hint (options, text, length, seat_text);
  if (seat_text && !bk_seat_parse (seat_text, &seat, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  code = read_hands (options, text, length, &state, &hands);
  if (code != BK_EXIT_OK)
    return code;
  if (seat == BK_SEAT_NONE)
    seat = state.step == BK_STEP_PLAY ? (BkSeat) state.to_act : bk_hand_state_decider (&state);
  if (seat == BK_SEAT_NONE)
    seat = BK_SEAT_S;
  if (!bk_review_hint (&state, seat, options->seed, &hint, &error))
    return bk_cli_fail (BK_EXIT_RULES, error);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_string_value (builder, bk_seat_to_string (seat));
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, kind_name (hint.kind));
  json_builder_set_member_name (builder, "hint");
  json_builder_add_string_value (builder, action_name (&hint.choice));
  json_builder_set_member_name (builder, "worlds");
  json_builder_add_int_value (builder, hint.n_worlds);
  if (!isnan (hint.win_chance))
    bk_cli_json_number (builder, "win_chance", hint.win_chance);
  json_builder_set_member_name (builder, "best");
  json_builder_begin_array (builder);
  for (guint k = 0; k < hint.n_options; k++)
    bk_cli_json_option (builder, action_name (&hint.best[k].action), NULL, hint.best[k].expected,
                        FALSE, NAN);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  bk_cli_print_json (json_builder_get_root (builder));
  return BK_EXIT_OK;
}
