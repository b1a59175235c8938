/* test-practice-ui.c: the practice hand (issue 33, item 3) played through by a person's
 * actions: "Why?" before each card shows the Meister's card and its reasons, the card is
 * chosen at the table (as a click or Enter does it), and after each trick the comment on
 * it is shown; the hand ends with its points and nothing of the person's data is written.
 * With BK_LESSON_SHOTS=DIR it also writes the panel at 360×640 and 1280×800. The lessons
 * offer it: after the last Bierkopf lesson, and at the end of their list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-game-query.h"
#include "bk-lesson-window.h"
#include "lessons-test-common.h"
#include "bk-practice-window.h"

/* Runs the main loop until @done holds; generous bound for a loaded machine. */
static gboolean
wait_for (gboolean (*done) (BkPracticeWindow *),
          BkPracticeWindow *window)
{
  for (guint i = 0; i < 12000; i++)
    {
      if (done (window))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (G_USEC_PER_SEC / 200);
    }
  return done (window);
}

/* The hand is over, or the person is asked a word or a doubling (its advice worked out),
 * or the game waits for the person's answer to a Spritze (Retour or not). */
static gboolean
hand_over_or_asked (BkPracticeWindow *window)
{
  BkGame *game = bk_practice_window_get_game (window);
  BkPhase phase = bk_game_get_phase (game);

  if (phase != BK_PHASE_PLAYING && phase != BK_PHASE_BIDDING)
    return TRUE;
  if (phase == BK_PHASE_BIDDING)
    return bk_game_get_to_act (game) == BK_PRACTICE_PERSON
           && !bk_practice_window_is_thinking (window);
  return bk_game_get_waiting_for (game) == BK_PRACTICE_PERSON;
}

static gboolean
persons_turn (BkPracticeWindow *window)
{
  BkGame *game = bk_practice_window_get_game (window);

  return hand_over_or_asked (window)
         || (bk_game_get_phase (game) == BK_PHASE_PLAYING
             && bk_game_get_to_act (game) == BK_PRACTICE_PERSON
             && !bk_table_is_holding (bk_practice_window_get_table (window)));
}

static gboolean
persons_turn_ready (BkPracticeWindow *window)
{
  BkGame *game = bk_practice_window_get_game (window);

  return hand_over_or_asked (window)
         || (bk_game_get_phase (game) == BK_PHASE_PLAYING
             && bk_game_get_to_act (game) == BK_PRACTICE_PERSON
             && !bk_practice_window_is_thinking (window));
}

/* The @nth button of the words and doublings asked now (from the end when negative). */
static GtkWidget *
choice (BkPracticeWindow *window,
        int               nth)
{
  GtkWidget *box = bk_practice_window_get_choices (window);
  GtkWidget *buttons[BK_OPTIONS_MAX + 1];
  guint n = 0;

  g_assert_true (gtk_widget_get_visible (box));
  for (GtkWidget *c = gtk_widget_get_first_child (box); c && n < G_N_ELEMENTS (buttons);
       c = gtk_widget_get_next_sibling (c))
    buttons[n++] = c;
  g_assert_cmpuint (n, >, 0);
  return buttons[nth >= 0 ? MIN ((guint) nth, n - 1) : n - 1];
}

static gboolean
advice_shown (BkPracticeWindow *window)
{
  /* the Meister's card, then its reasons a line each */
  return strchr (bk_practice_window_get_advice (window), '\n') != NULL;
}

static gboolean
comment_shown (BkPracticeWindow *window)
{
  return *bk_practice_window_get_comment (window) != '\0';
}

static void
save_window_shot (GtkWidget  *window,
                  BkTable    *table,
                  int         width,
                  int         height,
                  const char *name)
{
  const char *dir = g_getenv ("BK_LESSON_SHOTS");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 40; i++)
    {
      spin ();
      g_usleep (G_USEC_PER_SEC / 40);
    }
  bk_table_finish_animations (table);
  spin ();
  path = g_strdup_printf ("%s/practice-%s-%dx%d-%s.png", dir, name, width, height,
                          g_getenv ("LANGUAGE"));
  save_window_png (GTK_WIDGET (window), path);
}

static void
save_shot (BkPracticeWindow *window,
           int               width,
           int               height,
           const char       *name)
{
  save_window_shot (GTK_WIDGET (window), bk_practice_window_get_table (window), width, height,
                    name);
}

/* The index in the hand as the table shows it of the @nth legal card (from the end with a
 * negative @nth). */
static guint
legal_index (BkGame *game,
             int     nth)
{
  BkCard cards[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, BK_PRACTICE_PERSON, cards);
  BkHand legal = bk_game_get_legal (game);
  guint indices[BK_N_CARDS], n_legal = 0;

  for (guint i = 0; i < n; i++)
    if (legal & BK_HAND_BIT (cards[i]))
      indices[n_legal++] = i;
  g_assert_cmpuint (n_legal, >, 0);
  return nth >= 0 ? indices[MIN ((guint) nth, n_legal - 1)] : indices[n_legal - 1];
}

static void
test_practice_hand (void)
{
  g_autofree char *data_home = g_dir_make_tmp ("bk-practice-XXXXXX", NULL);
  GtkWidget *widget;
  BkPracticeWindow *window;
  BkGame *game;
  guint cards = 0, reasons = 0, comments = 0, says = 0;
  gboolean shot = FALSE;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  widget = bk_practice_window_new (NULL, 2026);
  window = BK_PRACTICE_WINDOW (widget);
  bk_practice_window_set_speed (window, 0);
  bk_table_set_animation_speed (bk_practice_window_get_table (window), 100);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  game = bk_practice_window_get_game (window);
  g_object_ref (game);

  for (guint guard = 0; guard < 40; guard++)
    {
      const BkHandState *state;
      guint trick;
      g_autofree char *name = NULL;
      BkCard hand[BK_N_CARDS];
      guint index;

      /* in the third trick the person plays at once, while the Meister still thinks:
       * the comment comes all the same, and the next advice too */
      state = bk_bierkopf_game_get_state (game);
      if (state->tricks_done == 2)
        g_assert_true (wait_for (persons_turn, window));
      else
        g_assert_true (wait_for (persons_turn_ready, window));
      if (bk_game_get_phase (game) == BK_PHASE_BIDDING)
        {
          /* a word or a doubling: "Why?" gives the Meister's with its reasons; the person
           * takes the first choice, then the last, the comment follows at once */
          bk_practice_window_why (window);
          g_assert_true (wait_for (advice_shown, window));
          g_assert_nonnull (strstr (bk_practice_window_get_advice (window), "Meister"));
          if (says == 0)
            {
              save_shot (window, 360, 640, "talk");
              save_shot (window, 1280, 800, "talk");
            }
          gtk_widget_activate (choice (window, says % 2 ? -1 : 0));
          g_assert_true (wait_for (comment_shown, window));
          g_assert_nonnull (strstr (bk_practice_window_get_comment (window), "Meister"));
          says++;
          continue;
        }
      if (bk_game_get_phase (game) != BK_PHASE_PLAYING)
        break;
      if (bk_game_get_waiting_for (game) == BK_PRACTICE_PERSON)
        {
          /* the other team's Spritze: the person lets the Retour pass */
          gtk_widget_activate (choice (window, -1));
          continue;
        }
      trick = state->tricks_done;
      g_assert_cmpstr (bk_practice_window_get_advice (window), !=, "");
      if (trick != 2)
        {
          /* before the card: "Why?" gives the Meister's card and at least one reason */
          bk_practice_window_why (window);
          g_assert_true (wait_for (advice_shown, window));
          g_assert_nonnull (strstr (bk_practice_window_get_advice (window), "Meister"));
          reasons++;
        }
      if (!shot)
        {
          save_shot (window, 360, 640, "why");
          save_shot (window, 1280, 800, "why");
        }

      /* the person plays the first card allowed, or in every other trick the last */
      index = legal_index (game, trick % 2 ? -1 : 0);
      bk_game_get_hand_sorted (game, BK_PRACTICE_PERSON, hand);
      name = bk_card_display_name (hand[index]);
      g_assert_true (bk_table_activate_card (bk_practice_window_get_table (window), index));
      cards++;
      /* the advice was for that card only */
      g_assert_null (strchr (bk_practice_window_get_advice (window), '\n'));

      /* after the trick: the comment names the card played */
      g_assert_true (wait_for (comment_shown, window));
      g_assert_nonnull (strstr (bk_practice_window_get_comment (window), name));
      comments++;
      if (!shot && strchr (bk_practice_window_get_comment (window), '\n'))
        {
          save_shot (window, 360, 640, "comment");
          save_shot (window, 1280, 800, "comment");
          shot = TRUE;
        }
    }
  g_assert_cmpuint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  g_assert_cmpuint (cards, ==, 5);
  g_assert_cmpuint (says, >, 0);
  g_assert_cmpuint (reasons, ==, cards - 1);
  g_assert_cmpuint (comments, ==, cards);
  g_assert_nonnull (strstr (bk_practice_window_get_advice (window), "120"));
  save_shot (window, 360, 640, "over");

  /* nothing of the person's saved session or statistics */
  {
    g_autoptr (GDir) dir = g_dir_open (data_home, 0, NULL);

    g_assert_nonnull (dir);
    g_assert_null (g_dir_read_name (dir));
  }
  g_object_unref (game);
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
  g_rmdir (data_home);
}

/* Closes every practice window open; says whether there was one. */
static gboolean
close_practice (void)
{
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  gboolean found = FALSE;

  for (GList *l = toplevels; l; l = l->next)
    if (BK_IS_PRACTICE_WINDOW (l->data))
      {
        gtk_window_destroy (GTK_WINDOW (l->data));
        found = TRUE;
      }
  spin ();
  return found;
}

/* The last Bierkopf lesson played through by its right answers: then the panel offers the
 * practice hand, which opens in a window of its own; the list of lessons ends with it. */
static void
test_offered (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  BkLessonWindow *window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  BkLessonRun *run;
  GtkWidget *button, *list, *row;
  guint n_rows = 0;

  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, "bierkopf-tie"));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  run = bk_lesson_window_get_run (window);
  g_assert_null (find_button (GTK_WIDGET (window), _("_Practice Hand")));
  for (guint guard = 0; guard < 64 && !bk_lesson_run_is_finished (run); guard++)
    {
      if (!bk_lesson_run_is_answered (run))
        {
          BkHand accepted = bk_lesson_run_accepted (run, NULL);
          const BkLessonStep *step = bk_lesson_run_get_current (run);

          g_assert_cmpuint (accepted, !=, 0);
          if (bk_lesson_task_is_choice (step->task))
            {
              g_autoptr (GArray) choices = bk_lesson_run_dup_choices (run);

              for (guint i = 0; i < choices->len; i++)
                if (g_array_index (choices, BkLessonChoice, i).value == bk_hand_first (accepted))
                  g_signal_emit_by_name (find_button (GTK_WIDGET (window),
                                                      g_array_index (choices, BkLessonChoice,
                                                                     i).label), "clicked");
            }
          else
            {
              BkGame *game = bk_lesson_run_get_game (run);
              BkCard cards[BK_N_CARDS];
              guint n = bk_game_get_hand_sorted (game, BK_LESSON_PERSON, cards);

              for (guint i = 0; i < n; i++)
                if (cards[i] == bk_hand_first (accepted))
                  g_assert_true (bk_table_activate_card (bk_lesson_window_get_table (window), i));
            }
          spin ();
          g_assert_true (bk_lesson_run_is_answered (run));
        }
      if (!bk_lesson_run_is_finished (run))
        g_assert_true (bk_lesson_window_next (window));
    }
  g_assert_true (bk_lesson_run_is_finished (run));
  button = find_button (GTK_WIDGET (window), _("_Practice Hand"));
  g_assert_nonnull (button);
  save_window_shot (GTK_WIDGET (window), bk_lesson_window_get_table (window), 360, 640,
                    "offered");
  g_signal_emit_by_name (button, "clicked");
  spin ();
  g_assert_true (close_practice ());

  list = find_type (GTK_WIDGET (window), GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_rows))
    n_rows++;
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n_rows - 1));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   _("Practice Hand"));
  g_signal_emit_by_name (list, "row-activated", row);
  spin ();
  g_assert_true (close_practice ());

  g_settings_reset (settings, "lessons-done");
  g_settings_reset (settings, "lesson-at");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* The game waits for the person, or the first trick is over. */
static gboolean
offer_or_trick_over (BkPracticeWindow *window)
{
  BkGame *game = bk_practice_window_get_game (window);

  return bk_game_get_waiting_for (game) == BK_PRACTICE_PERSON
         || bk_game_get_tricks_done (game) > 0
         || bk_game_get_phase (game) != BK_PHASE_PLAYING
         || (bk_game_get_to_act (game) == BK_PRACTICE_PERSON
             && !bk_table_is_holding (bk_practice_window_get_table (window)));
}

static gboolean
doubled_again (BkPracticeWindow *window)
{
  return bk_bierkopf_game_get_multiplier (bk_practice_window_get_game (window)) > 2;
}

/* spec B3.6: when the other team said Spritze, the practice hand stops for the person's
 * Retour: the panel says so, Retour! and No Retour stand as buttons, and Retour! doubles
 * again. Hands are dealt until the computer players double against the person (the person
 * says nothing and passes); every hand and every wait is bounded. */
static void
test_retour_offer (void)
{
  GtkWidget *widget = bk_practice_window_new (NULL, 7);
  BkPracticeWindow *window = BK_PRACTICE_WINDOW (widget);
  gboolean offered = FALSE;

  bk_practice_window_set_speed (window, 0);
  bk_table_set_animation_speed (bk_practice_window_get_table (window), 100);
  gtk_window_present (GTK_WINDOW (window));
  for (guint hand = 0; hand < 40 && !offered; hand++)
    {
      BkGame *game = bk_practice_window_get_game (window);

      for (guint guard = 0; guard < 20; guard++)
        {
          g_assert_true (wait_for (persons_turn, window));
          if (bk_game_get_phase (game) != BK_PHASE_BIDDING)
            break;
          gtk_widget_activate (choice (window, 0));
        }
      for (guint guard = 0; guard < 8 && bk_game_get_phase (game) == BK_PHASE_PLAYING;
           guard++)
        {
          g_assert_true (wait_for (offer_or_trick_over, window));
          if (bk_game_get_waiting_for (game) == BK_PRACTICE_PERSON)
            {
              offered = TRUE;
              break;
            }
          if (bk_game_get_tricks_done (game) > 0 || bk_game_get_phase (game) != BK_PHASE_PLAYING)
            break;
          g_assert_true (bk_table_activate_card (bk_practice_window_get_table (window),
                                                 legal_index (game, 0)));
        }
      if (!offered)
        bk_practice_window_new_hand (window);
    }
  g_assert_true (offered);
  {
    BkGame *game = bk_practice_window_get_game (window);
    guint multiplier = bk_bierkopf_game_get_multiplier (game);

    g_assert_cmpuint (multiplier, ==, 2);
    /* what was said stays on the panel's line, the Spritze too */
    g_assert_nonnull (strstr (bk_practice_window_get_talk (window), _("Spritze!")));
    g_assert_nonnull (strstr (bk_practice_window_get_advice (window), C_("doubling", "Retour")));
    /* Why? weighs the Retour: the Meister's choice and its reasons */
    bk_practice_window_why (window);
    g_assert_true (wait_for (advice_shown, window));
    g_assert_nonnull (strstr (bk_practice_window_get_advice (window), "Meister"));
    save_shot (window, 360, 640, "retour");
    /* Retour! first, No Retour last */
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (choice (window, 0))), ==, _("Retour!"));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (choice (window, -1))), ==,
                     _("_No Retour"));
    /* a button activated by key is clicked a moment later, as it is seen pressed */
    gtk_widget_activate (choice (window, 0));
    g_assert_true (wait_for (doubled_again, window));
    /* the comment on the Retour said: the Meister agrees, or what it would do */
    g_assert_nonnull (strstr (bk_practice_window_get_comment (window), C_("doubling", "Retour")));
    g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 4);
    g_assert_cmpuint (bk_game_get_waiting_for (game), !=, BK_PRACTICE_PERSON);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/practice-ui/hand", test_practice_hand);
  g_test_add_func ("/practice-ui/offered", test_offered);
  g_test_add_func ("/practice-ui/B3.6/retour-offer", test_retour_offer);
  return g_test_run ();
}
