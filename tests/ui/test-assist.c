/* test-assist.c: what helps the person learn (issue 17) in the game window: taking back
 * the last card (Ctrl+Z), the hint (Ctrl+H), the hand review window and "Play This Deal
 * Again".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "bk-bierkopf-hint.h"
#include "bk-card-view.h"
#include "bk-games.h"
#include "bk-herzla-hint.h"
#include "bk-review-window.h"
#include "bk-statistics-window.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static GSettings *settings;

/* South overtakes his partner's Herz-Ober with the Eichel-Ober in the first trick: 20
 * card points lost with all cards open (the hand of tests/engine/test-review.c). */
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

/* Issue 21: South plays every card as well as open cards allow; North, his partner, throws
 * 57 card points away with the Herz-Unter of the second trick (the hand of
 * tests/engine/test-review.c). */
static const char *partner_record =
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

static gboolean
spin_until (gboolean (*done) (BkWindow *), BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end && !done (window))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return done (window);
}

/* The person has to act: a dialog, or a card. */
static gboolean
human_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S) && bk_window_is_settled (window))
    return TRUE;
  return bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == BK_SEAT_S;
}

/* Answers the dialogs with their defaults until the person is to play a card; FALSE
 * when the hand ended first. */
static gboolean
run_to_card (BkWindow *window)
{
  for (guint steps = 0; steps < 100; steps++)
    {
      BkGame *game = bk_window_get_game (window);
      AdwMessageDialog *dialog;

      g_assert_true (spin_until (human_due, window));
      dialog = bk_window_get_dialog (window);
      if (dialog && adw_message_dialog_has_response (dialog, "next"))
        return FALSE;
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else if (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S))
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL));
      else
        return TRUE;
    }
  g_assert_not_reached ();
}

static void
play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  g_autoptr (GError) error = NULL;

  g_assert_true (bk_game_play (game, BK_SEAT_S, bk_hand_first (bk_game_get_legal (game)),
                               &error));
  g_assert_no_error (error);
}

static void
stored_cb (BkHistoryRecorder *recorder,
           gboolean          *stored)
{
  *stored = TRUE;
}

/* Plays the hand out and reads back the hand the window stored in the history. */
static BkHistoryHand *
finish_and_read_back (BkWindow *window)
{
  BkHistoryRecorder *recorder = bk_window_get_history_recorder (window);
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  g_autoptr (GError) error = NULL;
  gboolean stored = FALSE;
  gulong id = g_signal_connect (recorder, "hand-stored", G_CALLBACK (stored_cb), &stored);
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (run_to_card (window))
    play_first_legal (window);
  while (!stored && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (recorder, id);
  g_assert_true (stored);
  bk_history_recorder_flush (recorder);

  history = bk_history_new (bk_history_recorder_get_path (recorder), &error);
  g_assert_no_error (error);
  hands = bk_history_get_recent_hands (history, "bierkopf", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 1);
  return g_ptr_array_steal_index (hands, 0);
}

static BkWindow *
new_window (void)
{
  BkWindow *window = bk_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  bk_window_new_session (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}


/* Ctrl+Z takes back the person's last card and the computer players' cards after it: the
 * window plays on from the record the session had before that card; the same card
 * again brings the same answers. Refused before any card, and when the house rule is off. */
static void
test_take_back (void)
{
  BkWindow *window = new_window ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *taken_record = NULL;
  g_autofree char *again = NULL;
  BkGame *old_game;
  BkGame *taken;
  BkCard card;

  /* Nothing to take back before the first card. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL));
  g_assert_nonnull (bk_window_get_toast (window));
  g_assert_nonnull (strstr (bk_window_get_toast (window), "No card to take back"));

  g_assert_true (run_to_card (window));
  play_first_legal (window);
  /* Every deal gives the person five cards or more: the hand goes on. */
  g_assert_true (run_to_card (window));
  before = bk_game_to_record (bk_window_get_game (window));
  card = bk_hand_first (bk_game_get_legal (bk_window_get_game (window)));
  play_first_legal (window);
  g_assert_true (run_to_card (window));
  old_game = bk_window_get_game (window);
  after = bk_game_to_record (old_game);

  /* Off: nothing happens but a word why. */
  g_settings_set_boolean (settings, "take-back-allowed", FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL));
  g_assert_true (bk_window_get_game (window) == old_game);
  g_assert_cmpstr (bk_window_get_toast (window), ==, "Taking back is turned off in Preferences");
  g_settings_set_boolean (settings, "take-back-allowed", TRUE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.take-back", NULL));
  taken = bk_window_get_game (window);
  g_assert_true (taken != old_game);
  taken_record = bk_game_to_record (taken);
  g_assert_cmpstr (taken_record, ==, before);
  g_assert_cmpint (bk_game_get_phase (taken), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (bk_game_get_to_act (taken), ==, BK_SEAT_S);
  g_assert_true (bk_hand_has (bk_game_get_cards (taken, BK_SEAT_S), card));

  /* The same card again: the computer players answer as before. */
  g_assert_true (run_to_card (window));
  g_assert_true (bk_window_get_game (window) == taken);
  {
    g_autoptr (GError) error = NULL;
    g_assert_true (bk_game_play (taken, BK_SEAT_S, card, &error));
    g_assert_no_error (error);
  }
  g_assert_true (run_to_card (window));
  again = bk_game_to_record (taken);
  g_assert_cmpstr (again, ==, after);

  /* The history knows the hand had a take-back (and no hint). */
  {
    g_autoptr (BkHistoryHand) stored = finish_and_read_back (window);

    g_assert_true (stored->takeback_used);
    g_assert_false (stored->hints_used);
  }
  ui_close_window (window);
}

static void
shown_cb (BkHint   *hint,
          gboolean *shown)
{
  *shown = TRUE;
}

/* Ctrl+H: the Meister's card is raised (it has the focus, so it stands out of the hand)
 * and is a legal card; its tooltip names the two best options. Off: a word why. */
static void
test_hint (void)
{
  BkWindow *window = new_window ();
  BkHint *hint = bk_window_get_hint (window);
  BkTable *table = bk_window_get_table (window);
  gboolean shown = FALSE;
  BkReviewHint last;
  BkGame *game;
  GtkWidget *view;
  const char *tip;
  gint64 end;

  g_signal_connect (hint, "shown", G_CALLBACK (shown_cb), &shown);

  /* In the talk: the Meister's word or doubling, told in a toast. */
  for (guint steps = 0; steps < 20; steps++)
    {
      BkGame *now;
      AdwMessageDialog *dialog;

      g_assert_true (spin_until (human_due, window));
      now = bk_window_get_game (window);
      dialog = bk_window_get_dialog (window);
      if (dialog == NULL ||
          (bk_game_get_phase (now) == BK_PHASE_BIDDING && bk_game_get_to_act (now) == BK_SEAT_S))
        break;
      adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
    }
  if (bk_game_get_phase (bk_window_get_game (window)) == BK_PHASE_BIDDING &&
      bk_game_get_to_act (bk_window_get_game (window)) == BK_SEAT_S)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
      end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
      while (!shown && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, TRUE);
      g_assert_true (shown);
      g_assert_true (bk_bierkopf_hint_get_last (hint, &last));
      g_assert_cmpuint (last.kind, !=, BK_REVIEW_CARD);
      g_assert_cmpuint (last.choice.seat, ==, BK_SEAT_S);
      g_assert_nonnull (bk_window_get_toast (window));
      g_assert_true (g_str_has_prefix (bk_window_get_toast (window), "The Meister"));
      g_test_message ("the hint in the talk: %s", bk_window_get_toast (window));
      shown = FALSE;
    }

  g_assert_true (run_to_card (window));
  game = bk_window_get_game (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!shown && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (shown);
  g_assert_true (bk_bierkopf_hint_get_last (hint, &last));
  g_assert_cmpuint (last.kind, ==, BK_REVIEW_CARD);
  g_assert_cmpuint (last.choice.type, ==, BK_ACTION_PLAY);
  g_assert_true (bk_hand_has (bk_game_get_legal (game), (BkCard) last.choice.arg));
  g_assert_cmpuint (bk_table_get_focus_card (table), ==, last.choice.arg);
  g_assert_cmpuint (last.n_options, >=, 1);

  view = bk_table_get_card_widget (table, (BkCard) last.choice.arg);
  tip = gtk_widget_get_tooltip_text (view);
  g_assert_nonnull (tip);
  /* A single legal card has no values to compare: it is called the only one. */
  if (bk_hand_count (bk_game_get_legal (game)) > 1)
    {
      g_assert_nonnull (strstr (tip, "The Meister’s choice"));
      g_assert_nonnull (strstr (tip, "points"));
    }
  else
    g_assert_nonnull (strstr (tip, "is the only card you can play"));
  /* Two options when there was a choice: two lines of values under the first. */
  if (last.n_options == 2)
    g_assert_nonnull (strchr (strchr (strchr (tip, '\n') + 1, ':'), '\n'));

  /* The tooltip goes with the card played. */
  {
    g_autoptr (GError) error = NULL;
    g_assert_true (bk_game_play (game, BK_SEAT_S, (BkCard) last.choice.arg, &error));
    g_assert_no_error (error);
  }
  g_assert_null (gtk_widget_get_tooltip_text (view));

  /* Off in Preferences. */
  if (run_to_card (window))
    {
      shown = FALSE;
      g_settings_set_boolean (settings, "hints-allowed", FALSE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
      g_assert_cmpstr (bk_window_get_toast (window), ==, "Hints are turned off in Preferences");
      g_assert_false (shown);
      g_settings_set_boolean (settings, "hints-allowed", TRUE);
    }

  /* The history knows the hand had a hint (and no take-back). */
  {
    g_autoptr (BkHistoryHand) stored = finish_and_read_back (window);

    g_assert_true (stored->hints_used);
    g_assert_false (stored->takeback_used);
  }
  ui_close_window (window);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name,
            guint      *count)
{
  GtkWidget *found = NULL;

  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    {
      (*count)++;
      found = widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *in = find_named (child, name, count);
      found = in ? in : found;
    }
  return found;
}

static guint
count_cards (GtkWidget *widget)
{
  guint n = BK_IS_CARD_VIEW (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    n += count_cards (child);
  return n;
}

static gboolean
review_done (BkReviewWindow *review)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (bk_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  return !bk_review_window_is_busy (review);
}

/* Every label's text under @widget, one a line. */
static void
collect_labels (GtkWidget *widget,
                GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, text);
}

/* The review window of a hand-made hand: five tricks with the hands open, the person's
 * decisions, one mistake marked with the 20 points it cost, and the summary line. */
static void
test_review_window (void)
{
  BkReviewWindow *review = bk_review_window_new_for_record (NULL, overtake_record);
  const BkReview *result;
  g_autofree char *summary = NULL;
  GtkWidget *label, *mistake;
  guint count = 0;
  BkReviewWindow *cancelled;

  /* It runs on a worker thread: nothing yet. */
  g_assert_true (bk_review_window_is_busy (review));
  g_assert_null (bk_review_window_get_review (review));
  gtk_window_present (GTK_WINDOW (review));
  g_assert_true (review_done (review));
  result = bk_review_window_get_review (review);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->n_decisions, >=, 5);
  g_assert_cmpuint (result->card_mistakes, ==, 1);
  g_assert_cmpfloat (fabs (result->points_lost - 20), <, 0.01);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (review));

  summary = bk_review_summary (result);
  label = find_named (GTK_WIDGET (review), "review-summary", &count);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, summary);

  count = 0;
  find_named (GTK_WIDGET (review), "review-trick", &count);
  g_assert_cmpuint (count, ==, 5);

  /* The card that lost 20 points, and the pass that lost a line (the Spritze was
   * worth it with all cards open). */
  g_assert_cmpuint (result->word_mistakes, ==, 1);
  g_assert_cmpfloat (fabs (result->lines_lost - 1), <, 0.01);
  count = 0;
  mistake = find_named (GTK_WIDGET (review), "review-mistake", &count);
  g_assert_cmpuint (count, ==, 2);
  /* The last one found is the card's, in the first trick (the pass comes before it). */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (mistake)), ==, "Mistake: 20 points lost");

  /* Issue 21: the doubling in the words of its buttons; without names, the seats'. */
  {
    g_autoptr (GString) text = g_string_new (NULL);

    collect_labels (GTK_WIDGET (review), text);
    g_assert_nonnull (strstr (text->str, "You chose “Pass”; the Meister would choose "
                                         "“Spritze”."));
    g_assert_null (strstr (text->str, "double"));
    g_assert_nonnull (strstr (text->str, "South (you)"));
  }

  /* All four hands open before each trick: the cards played (4 a trick) and the cards
   * still held (16, 12, 8, 4, 0), 60 pictures in all. */
  g_assert_cmpuint (count_cards (GTK_WIDGET (review)), ==, 60);
  gtk_window_destroy (GTK_WINDOW (review));

  /* Closed while it runs: cancelled, nothing comes back. */
  cancelled = bk_review_window_new_for_record (NULL, overtake_record);
  gtk_window_present (GTK_WINDOW (cancelled));
  gtk_window_destroy (GTK_WINDOW (cancelled));
  ui_spin_for (G_USEC_PER_SEC / 2);

  /* A hand that is no finished Bierkopf hand: the window says so. */
  review = bk_review_window_new_for_record (NULL, "dealer W\n");
  g_assert_false (bk_review_window_is_busy (review));
  g_assert_null (bk_review_window_get_review (review));
  gtk_window_destroy (GTK_WINDOW (review));
}

/* Issue 21: the review calls the players by their names at the table, says who took each
 * trick, what the deal was worth and what the partner's card cost, and does not blame the
 * deal for the partner's loss. */
static void
test_review_names (void)
{
  const char *names[] = { "You", "Sepp", "Gretl", "Hans", NULL };
  BkReviewWindow *review = bk_review_window_new_for_record (NULL, partner_record);
  g_autoptr (GString) text = g_string_new (NULL);
  GtkWidget *label;
  guint count = 0;

  bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names);
  gtk_window_present (GTK_WINDOW (review));
  g_assert_true (review_done (review));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (review));
  collect_labels (GTK_WIDGET (review), text);
  g_test_message ("%s", text->str);

  label = find_named (GTK_WIDGET (review), "review-summary", &count);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                   "None of your decisions cost more than the threshold; your partner’s cards "
                   "cost 57 points");
  g_assert_nonnull (strstr (text->str, "your team would have taken 94 card points and took "
                                       "37"));
  g_assert_nonnull (strstr (text->str, "Gretl’s Unter of Hearts cost your team 57 points."));
  g_assert_nonnull (strstr (text->str, "Trick 1: Gretl takes it\n"));
  g_assert_nonnull (strstr (text->str, "Trick 2: Hans takes it\n"));
  g_assert_nonnull (strstr (text->str, "\nYou\n"));
  /* No seat names. */
  g_assert_null (strstr (text->str, "North"));
  g_assert_null (strstr (text->str, "East"));
  g_assert_null (strstr (text->str, "West"));
  g_assert_null (strstr (text->str, "South"));
  gtk_window_destroy (GTK_WINDOW (review));
}

/* Issue 21: the hint's words: a doubling as the buttons say it, no "-0.0", and a single
 * legal card called the only one rather than named twice without a value. */
static void
test_hint_words (void)
{
  BkAction twice = bk_action_make (BK_ACTION_DOUBLE, BK_SEAT_S, 0);
  BkAction pass = bk_action_make (BK_ACTION_PASS, BK_SEAT_S, 0);
  BkReviewHint hint = { 0 };
  BkHerzlaReviewHint herzla = { 0 };
  g_autofree char *spritze = bk_bierkopf_hint_describe_action (NULL, &twice, 0);
  g_autofree char *no_spritze = bk_bierkopf_hint_describe_action (NULL, &pass, 0);
  g_autofree char *retour = bk_bierkopf_hint_describe_action (NULL, &twice, 1);
  g_autofree char *no_retour = bk_bierkopf_hint_describe_action (NULL, &pass, 2);
  g_autofree char *zero = bk_bierkopf_hint_value_text (BK_REVIEW_DOUBLE, -0.03);
  g_autofree char *lost = bk_bierkopf_hint_value_text (BK_REVIEW_DOUBLE, -4);
  g_autofree char *won = bk_bierkopf_hint_value_text (BK_REVIEW_DOUBLE, 4);
  g_autofree char *only = NULL, *only_herzla = NULL, *choice = NULL, *cents = NULL;

  g_assert_cmpstr (spritze, ==, "Spritze");
  g_assert_cmpstr (no_spritze, ==, "Pass");
  g_assert_cmpstr (retour, ==, "Retour");
  g_assert_cmpstr (no_retour, ==, "No Retour");
  g_assert_cmpstr (zero, ==, "0.0 lines");
  g_assert_cmpstr (lost, ==, "-4.0 lines");
  g_assert_cmpstr (won, ==, "+4.0 lines");

  hint.seat = BK_SEAT_S;
  hint.kind = BK_REVIEW_CARD;
  hint.trick = 3;
  hint.choice = bk_action_make (BK_ACTION_PLAY, BK_SEAT_S, BK_CARD (BK_SUIT_HERZ, BK_RANK_OBER));
  hint.n_options = 1;
  hint.best[0].action = hint.choice;
  hint.best[0].expected = hint.best[0].score = hint.best[0].exact = NAN;
  only = bk_bierkopf_hint_text (NULL, &hint);
  g_assert_cmpstr (only, ==, "Ober of Hearts is the only card you can play");

  hint.kind = BK_REVIEW_DOUBLE;
  hint.trick = 1;
  hint.choice = twice;
  hint.n_options = 2;
  hint.best[0].action = twice;
  hint.best[0].expected = 0.02;
  hint.best[1].action = pass;
  hint.best[1].expected = -0.04;
  choice = bk_bierkopf_hint_text (NULL, &hint);
  g_assert_cmpstr (choice, ==, "The Meister’s choice: Retour\nRetour: 0.0 lines\n"
                               "No Retour: 0.0 lines");

  herzla.bid = FALSE;
  herzla.choice = bk_action_make (BK_ACTION_PLAY, 1, BK_CARD (BK_SUIT_GRAS, BK_RANK_OBER));
  herzla.n_options = 1;
  herzla.best[0].action = herzla.choice;
  herzla.best[0].expected = herzla.best[0].exact = NAN;
  only_herzla = bk_herzla_hint_text (NULL, &herzla, TRUE);
  g_assert_cmpstr (only_herzla, ==, "Ober of Leaves is the only card you can play");
  herzla.n_options = 2;
  herzla.best[0].expected = 0;
  herzla.best[1].action = bk_action_make (BK_ACTION_PLAY, 1, BK_CARD (BK_SUIT_GRAS, BK_RANK_KOENIG));
  herzla.best[1].expected = -0.3;
  cents = bk_herzla_hint_text (NULL, &herzla, FALSE);
  g_assert_cmpstr (cents, ==, "The Meister’s choice: Ober of Leaves\nOber of Leaves: 0 cents\n"
                              "King of Leaves: 0 cents");
}

/* "Play This Deal Again": a new session in the window whose first hand is the same deal,
 * the same dealer and the same cards at the same seats, before the first card. */
static void
test_play_again (void)
{
  BkWindow *window = new_window ();
  BkReviewWindow *review;
  g_autoptr (BkPlayedHand) hand = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) direct = NULL;
  BkGame *game;

  hand = bk_played_hand_new_from_record (overtake_record, &error);
  g_assert_no_error (error);

  direct = bk_played_hand_deal_again (hand, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bk_game_get_phase (direct), ==, BK_PHASE_BIDDING);
  g_assert_cmpuint (bk_game_get_dealer (direct), ==, BK_SEAT_W);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_assert_cmpuint (bk_game_get_cards (direct, (BkSeat) s), ==, bk_played_hand_get_dealt (hand, (BkSeat) s));

  review = bk_review_window_new (GTK_WINDOW (window), hand);
  gtk_window_present (GTK_WINDOW (review));
  g_assert_true (review_done (review));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review), "review.play-again", NULL));
  game = bk_window_get_game (window);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);
  g_assert_cmpuint (bk_game_get_dealer (game), ==, BK_SEAT_W);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_assert_cmpuint (bk_game_get_cards (game, (BkSeat) s), ==, bk_played_hand_get_dealt (hand, (BkSeat) s));
  /* The window plays it: the computer players and the person go on from there. */
  g_assert_true (run_to_card (window));
  g_assert_true (bk_window_get_game (window) == game);
  ui_close_window (window);
}

static GtkWidget *
find_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child);
      if (found)
        return found;
    }
  return NULL;
}

static BkReviewWindow *
open_review_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) top = g_list_model_get_item (toplevels, i);

      if (BK_IS_REVIEW_WINDOW (top))
        return BK_REVIEW_WINDOW (top);
    }
  return NULL;
}

/* Any stored hand can be reviewed: the statistics list the last hands, each with a
 * Review button that opens the review of its record. */
static void
test_review_from_history (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-assist-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistoryRecorder) recorder = NULL;
  BkStatisticsWindow *statistics;
  BkReviewWindow *review;
  GtkWidget *group = NULL, *button;
  guint count = 0;
  gint64 end;

  {
    g_autoptr (BkHistory) history = bk_history_new (path, &error);
    BkHistoryHand hand = { 0 };

    g_assert_no_error (error);
    hand.game = (char *) "bierkopf";
    hand.session = 1;
    hand.record = (char *) overtake_record;
    hand.result = (char *) "{}";
    hand.levels = (char *) "W=meister N=meister E=meister";
    hand.strength = (char *) "meister";
    hand.seat = BK_SEAT_S;
    hand.outcome = 1;
    hand.card_points = 68;
    g_assert_true (bk_history_add_hand (history, &hand, &error));
    g_assert_no_error (error);
  }

  recorder = bk_history_recorder_new (path);
  statistics = bk_statistics_window_new (NULL, recorder);
  gtk_window_present (GTK_WINDOW (statistics));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (group == NULL && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      count = 0;
      group = find_named (GTK_WIDGET (statistics), "recent-hands", &count);
    }
  g_assert_nonnull (group);
  button = find_button (group);
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Review");
  g_signal_emit_by_name (button, "clicked");

  review = open_review_window ();
  g_assert_nonnull (review);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (review)) == GTK_WINDOW (statistics));
  g_assert_true (review_done (review));
  g_assert_nonnull (bk_review_window_get_review (review));
  g_assert_cmpuint (bk_review_window_get_review (review)->card_mistakes, ==, 1);
  gtk_window_destroy (GTK_WINDOW (review));
  gtk_window_destroy (GTK_WINDOW (statistics));
  bk_history_recorder_flush (recorder);
  g_remove (path);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_remove (wal);
    g_remove (shm);
  }
  g_rmdir (dir);
}

/* The result's Review opens the review of the hand just played by its game's view, over
 * the window, the players called by their names at the table. */
static void
test_review_from_result (void)
{
  BkWindow *window = new_window ();
  g_autoptr (GString) text = g_string_new (NULL);
  AdwMessageDialog *dialog;
  BkReviewWindow *review;

  while (run_to_card (window))
    play_first_legal (window);
  dialog = bk_window_get_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, "review"));
  g_assert_null (open_review_window ());
  adw_message_dialog_response (dialog, "review");

  review = open_review_window ();
  g_assert_nonnull (review);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (review)) == GTK_WINDOW (window));
  g_assert_true (review_done (review));
  g_assert_nonnull (bk_review_window_get_review (review));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (review));
  collect_labels (GTK_WIDGET (review), text);
  g_assert_nonnull (strstr (text->str, "\nYou\n"));
  g_assert_null (strstr (text->str, "South"));
  g_assert_null (strstr (text->str, "North"));
  gtk_window_destroy (GTK_WINDOW (review));
  ui_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-assist-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *save = NULL;
  int result;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/assist/take-back", test_take_back);
  g_test_add_func ("/assist/hint", test_hint);
  g_test_add_func ("/assist/review-window", test_review_window);
  g_test_add_func ("/assist/review-names", test_review_names);
  g_test_add_func ("/assist/hint-words", test_hint_words);
  g_test_add_func ("/assist/play-again", test_play_again);
  g_test_add_func ("/assist/review-from-history", test_review_from_history);
  g_test_add_func ("/assist/review-from-result", test_review_from_result);

  result = g_test_run ();
  save = bk_window_dup_save_path ();
  g_remove (save);
  g_object_unref (settings);
  return result;
}
