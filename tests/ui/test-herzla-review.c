/* test-herzla-review.c: the hand review window of Herzla and the hint in a Herzla session
 * (issue 17): the review runs off the main thread, marks the card that cost 80 cents and
 * shows the summary; the hint names the meister's card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-card-view.h"
#include "bk-herzla-review-window.h"
#include "bk-hint.h"
#include "bk-history-recorder.h"
#include "bk-record.h"
#include "bk-statistics-window.h"
#include "ui-test-helpers.h"

/* The hand-made hand of tests/engine/test-herzla-review.c: South keeps the Herz-König for
 * the last trick instead of playing it under the Sau, 80 cents lost (H5.1). */
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

static BkHerzlaHand
finished_hand (void)
{
  g_autofree char *text = g_strconcat (hand_head, hand_bad_tail, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hands = bk_herzla_review_read_record (text, strlen (text), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 1);
  return g_array_index (hands, BkHerzlaHand, 0);
}

/* Eight tricks with every seat's card, the mistake with its 80 cents, the summary. */
static void
test_review_window (void)
{
  BkHerzlaHand hand = finished_hand ();
  BkHerzlaReviewWindow *review = bk_herzla_review_window_new (NULL, &hand);
  const char *names[] = { "You", "Sepp", "Gretl", "Hans", NULL };
  g_autoptr (GString) text = g_string_new (NULL);
  const BkHerzlaReview *result;
  g_autofree char *summary = NULL;
  GtkWidget *label, *mistake;
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint count = 0;

  /* Issue 21: the players by their names at the table. */
  bk_review_frame_set_player_names (BK_REVIEW_FRAME (review), names);

  g_assert_true (bk_herzla_review_window_is_busy (review));
  g_assert_null (bk_herzla_review_window_get_review (review));
  gtk_window_present (GTK_WINDOW (review));
  while (bk_herzla_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  result = bk_herzla_review_window_get_review (review);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->mistakes, ==, 1);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (review));

  summary = bk_herzla_review_summary (result);
  /* The normal game is not valued card by card: the deal is not named (issue 21). */
  g_assert_cmpstr (summary, ==, "About 80 cents lost to 1 card");
  label = find_named (GTK_WIDGET (review), "review-summary", &count);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, summary);
  count = 0;
  find_named (GTK_WIDGET (review), "review-trick", &count);
  g_assert_cmpuint (count, ==, 8);
  count = 0;
  mistake = find_named (GTK_WIDGET (review), "review-mistake", &count);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (mistake)), ==, "Mistake: 80 cents lost");
  /* Every card of the hand, once. */
  g_assert_cmpuint (count_cards (GTK_WIDGET (review)), ==, 32);
  /* Who took each trick by name, and no seat's name anywhere (issue 21). W leads the H9
   * to the seventh trick; N's Sau takes it. */
  collect_labels (GTK_WIDGET (review), text);
  g_assert_nonnull (strstr (text->str, "Trick 7: Gretl takes it\n"));
  g_assert_nonnull (strstr (text->str, "\nYou\n"));
  g_assert_null (strstr (text->str, "North"));
  g_assert_null (strstr (text->str, "East"));
  g_assert_null (strstr (text->str, "West"));
  g_assert_null (strstr (text->str, "South"));
  gtk_window_destroy (GTK_WINDOW (review));

  /* Closed while it runs: cancelled, nothing comes back. */
  review = bk_herzla_review_window_new (NULL, &hand);
  gtk_window_present (GTK_WINDOW (review));
  gtk_window_destroy (GTK_WINDOW (review));
  ui_spin_for (G_USEC_PER_SEC / 2);
}

static GtkWidget *
play_again_button (GtkWidget *widget)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                 "review.play-again") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = play_again_button (child);
      if (found)
        return found;
    }
  return NULL;
}

/* Issue 22: "Play This Deal Again", as in Bierkopf's review: a new session in the game
 * window whose first hand is the reviewed deal, the review and what lay between them gone;
 * offered from a stored hand too, not from a hand without its session's rules. */
static void
test_play_again (void)
{
  g_autofree char *text = g_strconcat (hand_head, hand_bad_tail, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) played = bk_record_replay (text, NULL, NULL, NULL, &error);
  BkWindow *window = ui_new_loaded_window ();
  BkHerzlaHand hand = finished_hand ();
  BkHerzlaReviewWindow *review;
  BkGame *game;
  gint64 end;

  g_assert_no_error (error);
  /* A bare hand knows no session to deal it in. */
  review = bk_herzla_review_window_new (GTK_WINDOW (window), &hand);
  g_assert_nonnull (play_again_button (GTK_WIDGET (review)));
  g_assert_false (gtk_widget_get_sensitive (play_again_button (GTK_WIDGET (review))));
  gtk_window_destroy (GTK_WINDOW (review));

  gtk_window_present (GTK_WINDOW (window));
  review = bk_herzla_review_window_new_for_record (GTK_WINDOW (window), text);
  gtk_window_present (GTK_WINDOW (review));
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (bk_herzla_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (bk_herzla_review_window_get_review (review));
  g_assert_true (gtk_widget_get_sensitive (play_again_button (GTK_WIDGET (review))));
  g_object_add_weak_pointer (G_OBJECT (review), (gpointer *) &review);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review), "review.play-again", NULL));
  g_assert_null (review);

  game = bk_window_get_game (window);
  g_assert_true (game != played);
  g_assert_cmpint (bk_game_get_module (game)->kind, ==, BK_GAME_HERZLA);
  g_assert_true (bk_rules_equal (bk_game_get_rules (game), bk_game_get_rules (played)));
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);
  g_assert_cmpuint (bk_game_get_dealer (game), ==, hand.dealer);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_BIDDING);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpuint (bk_game_get_cards (game, (BkSeat) s), ==, hand.dealt[s]);
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

/* Issue 22: Herzla's stored hands are listed under Bierkopf's last hands in the
 * statistics, each with a Review button that opens the review of its record. */
static void
test_review_from_history (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-herzla-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *record = g_strconcat (hand_head, hand_bad_tail, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistoryRecorder) recorder = NULL;
  BkStatisticsWindow *statistics;
  BkHerzlaReviewWindow *review;
  GtkWidget *group = NULL, *bierkopf = NULL, *button, *row;
  guint count = 0;
  gint64 end;

  {
    g_autoptr (BkHistory) history = bk_history_new (path, &error);
    BkHistoryHand hand = { 0 };

    g_assert_no_error (error);
    hand.game = (char *) "herzla";
    hand.session = 1;
    hand.record = record;
    hand.result = (char *) "{}";
    hand.levels = (char *) "W=meister N=meister E=meister";
    hand.strength = (char *) "meister";
    hand.seat = 0;
    hand.outcome = -1;
    hand.cents = -80;
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
      group = find_named (GTK_WIDGET (statistics), "recent-herzla-hands", &count);
    }
  g_assert_nonnull (group);
  g_assert_cmpuint (count, ==, 1);
  /* Issue 22: Herzla's group has Herzla's figures (its view's rows), none of Bierkopf's. */
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "hands"), ==,
                   "1");
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "lost"), ==,
                   "1 (100 %)");
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "cents"), ==,
                   "-80");
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "heart-free"),
                   ==, "0 (0 %)");
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "beddl"), ==,
                   "0 / 0");
  g_assert_cmpstr (bk_statistics_window_get_value (statistics, "herzla/meister", "mord"), ==,
                   "0 / 0");
  g_assert_null (bk_statistics_window_get_value (statistics, "herzla/meister", "schneider"));
  g_assert_null (bk_statistics_window_get_value (statistics, "herzla/meister", "lines"));
  /* No Bierkopf hand is stored: no list of them. */
  count = 0;
  bierkopf = find_named (GTK_WIDGET (statistics), "recent-hands", &count);
  g_assert_null (bierkopf);
  row = gtk_widget_get_ancestor (find_button (group), ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Paid €0.80");
  button = find_button (group);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Review");
  g_signal_emit_by_name (button, "clicked");

  review = BK_HERZLA_REVIEW_WINDOW (ui_find_toplevel (BK_TYPE_HERZLA_REVIEW_WINDOW, NULL));
  g_assert_nonnull (review);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (review)) == GTK_WINDOW (statistics));
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (bk_herzla_review_window_is_busy (review) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (bk_herzla_review_window_get_review (review));
  g_assert_cmpuint (bk_herzla_review_window_get_review (review)->mistakes, ==, 1);
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

static void
message_cb (BkHint     *hint,
            const char *text,
            char      **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

/* The hint in a Herzla session at South's card of the seventh trick: the König, with the
 * expected cents of the two best cards (without a table, as a message). */
static void
test_hint (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = bk_record_replay (hand_head, NULL, NULL, NULL, &error);
  g_autoptr (BkHint) hint = NULL;
  g_autofree char *message = NULL;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_S);
  hint = bk_hint_new (NULL, NULL);
  g_signal_connect (hint, "message", G_CALLBACK (message_cb), &message);
  bk_hint_request (hint, game, BK_SEAT_S);
  while (message == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_true (g_str_has_prefix (message, "The Meister’s choice: "));
  g_assert_nonnull (strstr (message, "cents"));
  g_assert_null (strstr (message, "only"));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GSettings) settings = NULL;
  g_autofree char *home = g_dir_make_tmp ("bierkopf-herzla-review-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/herzla-review/window", test_review_window);
  g_test_add_func ("/herzla-review/hint", test_hint);
  g_test_add_func ("/herzla-review/play-again", test_play_again);
  g_test_add_func ("/herzla-review/review-from-history", test_review_from_history);

  return g_test_run ();
}
