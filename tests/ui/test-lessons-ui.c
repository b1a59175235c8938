/* test-lessons-ui.c: the first Bierkopf lesson played through at its table by a person's
 * actions (the table's card activation, as a click or Enter does it, and Next): a wrong
 * card explained with its section and the game unchanged, the right card confirmed, the
 * lesson's end recorded in GSettings and the next lesson started; a lesson left midway
 * resumes where it was. Run in English and (LANGUAGE=de) in German. With
 * BK_LESSON_SHOTS=DIR it also writes the lesson's panel at 360×640 and 1280×800.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-talk.h"
#include "bk-coaster.h"
#include "bk-game-query.h"
#include "bk-lesson-window.h"
#include "lessons-test-common.h"

/* The index of @card in the hand as the table shows it. */
static guint
index_of (BkLessonWindow *window,
          const char     *code)
{
  BkGame *game = bk_lesson_run_get_game (bk_lesson_window_get_run (window));
  BkCard cards[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, BK_LESSON_PERSON, cards);
  BkCard card;

  g_assert_true (bk_card_parse (code, &card, NULL));
  for (guint i = 0; i < n; i++)
    if (cards[i] == card)
      return i;
  g_assert_not_reached ();
}

/* The window shown anew at WIDTH×HEIGHT and laid out. */
static void
show_at (BkLessonWindow *window,
         int             width,
         int             height)
{
  /* A window shown anew takes its default size. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 40; i++)
    {
      spin ();
      g_usleep (G_USEC_PER_SEC / 40);
    }
  if (g_getenv ("BK_LESSON_MEASURE"))
    for (GtkWidget *w = GTK_WIDGET (bk_lesson_window_get_table (window)); w;
         w = gtk_widget_get_parent (w))
      {
        int min, nat;

        gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
        g_printerr ("%s %d %d\n", G_OBJECT_TYPE_NAME (w), min, nat);
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          {
            gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
            g_printerr ("  %s %d %d\n", G_OBJECT_TYPE_NAME (c), min, nat);
          }
      }
}

static void
save_shot (BkLessonWindow *window,
           const char     *name)
{
  const char *dir = g_getenv ("BK_LESSON_SHOTS");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  path = g_strdup_printf ("%s/lesson-%s-%s.png", dir, name, g_getenv ("LANGUAGE"));
  save_window_png (GTK_WIDGET (window), path);
}

/* With BK_LESSON_SHOTS=DIR, the window at WIDTH×HEIGHT into DIR/lesson-NAME-LANGUAGE.png. */
static void
shoot (BkLessonWindow *window,
       int             width,
       int             height,
       const char     *name)
{
  if (g_getenv ("BK_LESSON_SHOTS") == NULL)
    return;
  show_at (window, width, height);
  save_shot (window, name);
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, text);

      if (found)
        return found;
    }
  return NULL;
}

/* The person scrolls the panel up to read the text: it stays there when the panel is laid
 * out anew (here a taller window, the text still longer than the panel): the verdict does
 * not pull it down again. */
static void
assert_scroll_stays (BkLessonWindow *window)
{
  GtkWidget *label = find_label (GTK_WIDGET (window), bk_lesson_window_get_feedback (window));
  GtkWidget *scroller = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment
    = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gboolean handled = FALSE;

  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
  g_signal_emit_by_name (scroller, "scroll-child", GTK_SCROLL_START, FALSE, &handled);
  /* The keys' scroll is animated. */
  for (guint i = 0; i < 200 && gtk_adjustment_get_value (adjustment) > 0; i++)
    {
      spin ();
      g_usleep (G_USEC_PER_SEC / 100);
    }
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  show_at (window, 360, 720);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
}

/* The verdict lies wholly inside the panel's visible part, and a panel holding more than it
 * shows has a scrollbar in view that says so. */
/* Whether the panel holds much more than it shows. */
static gboolean
assert_verdict_in_view (BkLessonWindow *window,
                        const char     *id)
{
  GtkWidget *label = find_label (GTK_WIDGET (window), bk_lesson_window_get_feedback (window));
  GtkWidget *scroller;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;

  g_assert_nonnull (label);
  scroller = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  g_assert_true (gtk_widget_compute_bounds (label, scroller, &bounds));
  if (bounds.origin.y < -0.5
      || bounds.origin.y + bounds.size.height > gtk_widget_get_height (scroller) + 0.5)
    g_error ("%s at %d×%d: the verdict lies at %.0f to %.0f px, the panel shows 0 to %d px",
             id, gtk_widget_get_width (GTK_WIDGET (window)),
             gtk_widget_get_height (GTK_WIDGET (window)), bounds.origin.y,
             bounds.origin.y + bounds.size.height, gtk_widget_get_height (scroller));
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  if (gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment) + 0.5)
    {
      GtkWidget *bar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));

      g_test_message ("%s: the panel shows %.0f of %.0f px", id,
                      gtk_adjustment_get_page_size (adjustment),
                      gtk_adjustment_get_upper (adjustment));
      g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
      g_assert_true (gtk_widget_get_mapped (bar));
      g_assert_cmpint (gtk_widget_get_width (bar), >, 0);
      /* Enough to scroll in a somewhat taller window too (assert_scroll_stays). */
      return gtk_adjustment_get_upper (adjustment)
             > gtk_adjustment_get_page_size (adjustment) + 120;
    }
  return FALSE;
}

static void
test_first_lesson (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  BkLessonWindow *window;
  BkGame *game;
  BkHand before;
  const char *feedback;
  g_autofree char *at = NULL;
  g_auto (GStrv) done = NULL;
  gboolean german = g_str_has_prefix (g_getenv ("LANGUAGE"), "de");

  g_settings_reset (settings, "lessons-done");
  g_settings_reset (settings, "lesson-at");
  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, NULL));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  g_assert_cmpstr (bk_lesson_run_get_lesson (bk_lesson_window_get_run (window))->id, ==,
                   "bierkopf-cards");
  shoot (window, 360, 640, "1-step1-360x640");

  /* Step 1 has no task: a card chosen is not played, Next goes on. */
  g_assert_true (bk_table_activate_card (bk_lesson_window_get_table (window), 0));
  g_assert_cmpuint (bk_lesson_run_get_step (bk_lesson_window_get_run (window)), ==, 0);
  g_assert_true (bk_lesson_window_next (window));
  g_assert_cmpuint (bk_lesson_run_get_step (bk_lesson_window_get_run (window)), ==, 1);
  at = g_settings_get_string (settings, "lesson-at");
  g_assert_cmpstr (at, ==, "bierkopf-cards:1");

  /* A wrong card: explained with B1.1, nothing played, Next stays off. */
  game = bk_lesson_run_get_game (bk_lesson_window_get_run (window));
  before = bk_game_get_cards (game, BK_LESSON_PERSON);
  g_assert_true (bk_table_activate_card (bk_lesson_window_get_table (window),
                                         index_of (window, "S10")));
  spin ();
  feedback = bk_lesson_window_get_feedback (window);
  g_test_message ("%s", feedback);
  g_assert_nonnull (strstr (feedback, "B1.1"));
  /* The words are checked in the two languages the test runs in (ja for screenshots). */
  if (german || g_str_has_prefix (g_getenv ("LANGUAGE"), "en"))
    {
      g_assert_nonnull (strstr (feedback, german ? "Sau" : "Sow"));
      g_assert_nonnull (strstr (feedback, german ? "zählt" : "counts"));
    }
  g_assert_null (strchr (feedback, 0x7b));
  g_assert_cmpuint (bk_game_get_cards (game, BK_LESSON_PERSON), ==, before);
  g_assert_false (bk_lesson_window_next (window));
  shoot (window, 1280, 800, "1-wrong-1280x800");
  shoot (window, 360, 640, "1-wrong-360x640");

  /* The right card: played, the others follow, confirmed, Next on. */
  g_assert_true (bk_table_activate_card (bk_lesson_window_get_table (window),
                                         index_of (window, "GA")));
  spin ();
  feedback = bk_lesson_window_get_feedback (window);
  g_assert_nonnull (strstr (feedback, "35"));
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, BK_LESSON_PERSON)), ==, 4);
  g_assert_true (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
  shoot (window, 1280, 800, "1-right-1280x800");
  g_assert_true (bk_lesson_window_next (window));
  g_assert_true (bk_lesson_run_is_finished (bk_lesson_window_get_run (window)));
  done = g_settings_get_strv (settings, "lessons-done");
  g_assert_true (g_strv_contains ((const char * const *) done, "bierkopf-cards"));

  /* Next Lesson: the trumps, with the trumps of the hand highlighted. */
  g_assert_true (bk_lesson_window_next (window));
  g_assert_cmpstr (bk_lesson_run_get_lesson (bk_lesson_window_get_run (window))->id, ==,
                   "bierkopf-trumps");
  g_assert_cmpuint (bk_lesson_run_get_highlight (bk_lesson_window_get_run (window)), !=, 0);
  shoot (window, 1280, 800, "2-trumps-1280x800");
  shoot (window, 360, 640, "2-trumps-360x640");
  g_assert_true (bk_lesson_window_next (window));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);

  /* Left midway: a new window resumes at that step. */
  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, NULL));
  g_assert_cmpstr (bk_lesson_run_get_lesson (bk_lesson_window_get_run (window))->id, ==,
                   "bierkopf-trumps");
  g_assert_cmpuint (bk_lesson_run_get_step (bk_lesson_window_get_run (window)), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* The lesson's beer coaster (Show=coaster) is shown, in the table's left corner, with
 * @us and @them lines left and @marked of the person's team's lines marked, said in the
 * panel and as its accessible label; or hidden (@shown FALSE). */
static void
assert_coaster (BkLessonWindow *window,
                gboolean        shown,
                guint           us,
                guint           them,
                guint           marked)
{
  GtkWidget *coaster = find_type (GTK_WIDGET (window), BK_TYPE_COASTER);
  g_autofree char *lines = NULL;
  g_autofree char *said = NULL;
  g_autofree char *problem = NULL;
  graphene_rect_t bounds;

  if (!shown)
    {
      g_assert_true (coaster == NULL || !gtk_widget_get_visible (coaster));
      return;
    }
  g_assert_nonnull (coaster);
  g_assert_true (gtk_widget_get_visible (coaster));
  g_assert_cmpuint (bk_coaster_get_lines_left_us (BK_COASTER (coaster)), ==, us);
  g_assert_cmpuint (bk_coaster_get_lines_left_them (BK_COASTER (coaster)), ==, them);
  g_assert_cmpuint (bk_coaster_get_marked_us (BK_COASTER (coaster)), ==, marked);
  g_assert_cmpuint (bk_coaster_get_marked_them (BK_COASTER (coaster)), ==, 0);
  lines = bk_coaster_dup_description (BK_COASTER (coaster));
  said = g_strdup_printf (_("Beer coaster: %s"), lines);
  g_assert_nonnull (find_label (GTK_WIDGET (window), said));
  problem = gtk_test_accessible_check_property (GTK_ACCESSIBLE (coaster),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, said);
  if (problem != NULL)
    g_error ("the coaster's label: %s", problem);
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (coaster),
                                               GTK_ACCESSIBLE_ROLE_IMG));
  g_assert_false (gtk_widget_get_focusable (coaster));
  /* Laid out: on the table, in its corner, at least as large as the main window's. */
  for (guint i = 0; i < 200 && gtk_widget_get_mapped (coaster)
                    && gtk_widget_get_width (coaster) == 0; i++)
    {
      spin ();
      g_usleep (G_USEC_PER_SEC / 100);
    }
  if (gtk_widget_get_mapped (coaster))
    {
      g_assert_true (gtk_widget_compute_bounds (coaster,
                                                GTK_WIDGET (bk_lesson_window_get_table (window)),
                                                &bounds));
      g_assert_cmpfloat (bounds.size.width, >=, 120);
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
    }
}

/* The lesson of the score: the hand watched to its end, then its lines chosen by the
 * panel's buttons, a wrong one (explained with B5.2) and the right one. */
static void
test_score_lesson (void)
{
  BkLessonWindow *window;
  const char *feedback;
  GtkWidget *button;

  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, "bierkopf-score"));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  assert_coaster (window, FALSE, 0, 0, 0);
  g_assert_true (bk_lesson_window_next (window));
  spin ();
  /* Before the answer the coaster shows the lines before the hand: nothing given away. */
  assert_coaster (window, TRUE, 21, 21, 0);
  g_assert_cmpint (bk_game_get_phase (bk_lesson_run_get_game (bk_lesson_window_get_run (window))),
                   ==, BK_PHASE_HAND_OVER);
  {
    g_autofree char *one = g_strdup_printf (ngettext ("%u line", "%u lines", 1), 1);
    g_autofree char *three = g_strdup_printf (ngettext ("%u line", "%u lines", 3), 3);

    button = find_button (GTK_WIDGET (window), one);
    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    feedback = bk_lesson_window_get_feedback (window);
    g_assert_nonnull (strstr (feedback, "B5.2"));
    g_assert_false (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
    assert_coaster (window, TRUE, 21, 21, 0);
    shoot (window, 1280, 800, "5-score-wrong-1280x800");
    shoot (window, 360, 640, "5-score-wrong-360x640");
    button = find_button (GTK_WIDGET (window), three);
    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    g_assert_true (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
    g_assert_null (find_button (GTK_WIDGET (window), three));
    /* The Schwarz struck: your team 18 of 21, the three lines marked (B5.2, B6.1). */
    spin ();
    assert_coaster (window, TRUE, 18, 21, 3);
    shoot (window, 1280, 800, "5-score-coaster-struck-1280x800");
    shoot (window, 360, 640, "5-score-coaster-struck-360x640");
  }
  g_assert_true (bk_lesson_window_next (window));
  g_assert_true (bk_lesson_run_is_finished (bk_lesson_window_get_run (window)));
  spin ();
  assert_coaster (window, TRUE, 18, 21, 3);
  shoot (window, 1280, 800, "5-score-coaster-1280x800");
  shoot (window, 360, 640, "5-score-coaster-360x640");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* The tie (B5.3): the coaster strikes nothing, and the tied hand's line is carried, circled
 * on it, once the person has answered. */
static void
test_tie_coaster (void)
{
  BkLessonWindow *window;
  BkCoaster *coaster;
  GtkWidget *button;
  g_autofree char *none = g_strdup_printf (ngettext ("%u line", "%u lines", 0), 0);

  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, "bierkopf-tie"));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  assert_coaster (window, FALSE, 0, 0, 0);
  g_assert_true (bk_lesson_window_next (window));
  spin ();
  assert_coaster (window, TRUE, 21, 21, 0);
  coaster = BK_COASTER (find_type (GTK_WIDGET (window), BK_TYPE_COASTER));
  g_assert_cmpuint (bk_coaster_get_carry (coaster), ==, 0);
  button = find_button (GTK_WIDGET (window), none);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
  assert_coaster (window, TRUE, 21, 21, 0);
  g_assert_cmpuint (bk_coaster_get_carry (coaster), ==, 1);
  g_assert_true (bk_lesson_window_next (window));
  assert_coaster (window, TRUE, 21, 21, 0);
  g_assert_cmpuint (bk_coaster_get_carry (coaster), ==, 1);
  shoot (window, 1280, 800, "10-tie-coaster-1280x800");
  shoot (window, 360, 640, "10-tie-coaster-360x640");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* The button of the current choice task whose value is @value, as the panel shows it. */
static GtkWidget *
choice_button (BkLessonWindow *window,
               guint           value)
{
  g_autoptr (GArray) choices = bk_lesson_run_dup_choices (bk_lesson_window_get_run (window));

  for (guint i = 0; i < choices->len; i++)
    if (g_array_index (choices, BkLessonChoice, i).value == value)
      return find_button (GTK_WIDGET (window), g_array_index (choices, BkLessonChoice, i).label);
  return NULL;
}

/* The table talk: a wrong word (mittel, explained with B3.1), the right one (gut), then the
 * talk watched to the first card. */
static void
test_talk_lesson (void)
{
  BkLessonWindow *window;
  BkWord word;

  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, "bierkopf-talk"));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  g_assert_true (bk_word_parse ("mittel", &word, NULL));
  g_signal_emit_by_name (choice_button (window, word), "clicked");
  g_assert_nonnull (strstr (bk_lesson_window_get_feedback (window), "B3.1"));
  g_assert_false (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
  shoot (window, 1280, 800, "6-talk-wrong-1280x800");
  shoot (window, 360, 640, "6-talk-wrong-360x640");
  g_assert_true (bk_word_parse ("gut", &word, NULL));
  g_signal_emit_by_name (choice_button (window, word), "clicked");
  g_assert_true (bk_lesson_run_is_answered (bk_lesson_window_get_run (window)));
  g_assert_true (bk_lesson_window_next (window));
  g_assert_true (bk_lesson_window_next (window));
  g_assert_cmpint (bk_game_get_phase (bk_lesson_run_get_game (bk_lesson_window_get_run (window))),
                   ==, BK_PHASE_PLAYING);
  g_assert_true (bk_lesson_run_is_finished (bk_lesson_window_get_run (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* Answers the current task at the table or in the panel, as a person does: a card by its
 * place in the hand (the table's activation, as a click or a number key), a choice by its
 * button. */
static void
answer (BkLessonWindow *window,
        guint           value)
{
  const BkLessonStep *step = bk_lesson_run_get_current (bk_lesson_window_get_run (window));

  if (bk_lesson_task_is_choice (step->task))
    {
      GtkWidget *button = choice_button (window, value);

      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
    }
  else
    g_assert_true (bk_table_activate_card (bk_lesson_window_get_table (window),
                                           index_of (window,
                                                     bk_card_to_string ((BkCard) value))));
  spin ();
}

/* Every lesson played through by a person's actions: for every task a wrong answer first
 * (its explanation names the task's section, and Next stays off), then a right one. */
static void
test_every_lesson (void)
{
  g_autoptr (GPtrArray) lessons = bk_lesson_load_all (NULL);

  g_assert_nonnull (lessons);
  for (guint i = 0; i < lessons->len; i++)
    {
      const BkLesson *lesson = g_ptr_array_index (lessons, i);
      BkLessonWindow *window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
      BkLessonRun *run;
      gboolean shot = FALSE;
      static gboolean scrolled;

      g_object_ref_sink (window);
      g_assert_true (bk_lesson_window_open (window, lesson->id));
      gtk_window_present (GTK_WINDOW (window));
      spin ();
      run = bk_lesson_window_get_run (window);
      for (;;)
        {
          const BkLessonStep *step = bk_lesson_run_get_current (run);
          GtkWidget *coaster = find_type (GTK_WIDGET (window), BK_TYPE_COASTER);

          /* The coaster shows at the steps that speak of it, and only there. */
          g_assert_true (coaster == NULL
                         || gtk_widget_get_visible (coaster)
                            == (step->show == BK_LESSON_SHOW_COASTER));
          if (step->show == BK_LESSON_SHOW_COASTER)
            g_assert_nonnull (coaster);
          if (!bk_lesson_run_is_answered (run))
            {
              g_autoptr (GError) error = NULL;
              BkHand accepted = bk_lesson_run_accepted (run, &error);
              BkHand wrong, legal;

              g_assert_no_error (error);
              if (bk_lesson_task_is_choice (step->task))
                {
                  g_autoptr (GArray) choices = bk_lesson_run_dup_choices (run);

                  wrong = 0;
                  for (guint c = 0; c < choices->len; c++)
                    wrong |= (BkHand) 1 << g_array_index (choices, BkLessonChoice, c).value;
                }
              else
                wrong = bk_game_get_cards (bk_lesson_run_get_game (run), BK_LESSON_PERSON);
              wrong &= ~accepted;
              g_assert_cmpuint (wrong, !=, 0);
              /* A wrong answer the engine allows is explained with the task's section; one
               * it refuses with the engine's reason and the lesson's section for it. */
              legal = bk_lesson_task_is_choice (step->task)
                      ? wrong : wrong & bk_game_get_legal (bk_lesson_run_get_game (run));
              answer (window, bk_hand_first (legal ? legal : wrong));
              if (legal && !strstr (bk_lesson_window_get_feedback (window), step->section))
                g_error ("%s: \"%s\" does not name %s", lesson->id,
                         bk_lesson_window_get_feedback (window), step->section);
              g_assert_true (g_regex_match_simple ("[BH][0-9]\\.[0-9]",
                                                   bk_lesson_window_get_feedback (window),
                                                   0, 0));
              g_assert_false (bk_lesson_run_is_answered (run));
              g_assert_false (bk_lesson_window_next (window));
              if (!shot)
                {
                  g_autofree char *name = g_strdup_printf ("%u-%s-wrong", i + 1, lesson->id);
                  g_autofree char *wide = g_strconcat (name, "-1280x800", NULL);
                  g_autofree char *narrow = g_strconcat (name, "-360x640", NULL);

                  shoot (window, 1280, 800, wide);
                  /* On a phone the panel below the table is small: the verdict shows. */
                  show_at (window, 360, 640);
                  if (assert_verdict_in_view (window, lesson->id) && !scrolled)
                    {
                      save_shot (window, narrow);
                      assert_scroll_stays (window);
                      scrolled = TRUE;
                    }
                  else
                    save_shot (window, narrow);
                  shot = TRUE;
                }
              answer (window, bk_hand_first (accepted));
              g_assert_true (bk_lesson_run_is_answered (run));
            }
          if (bk_lesson_run_is_finished (run))
            break;
          g_assert_true (bk_lesson_window_next (window));
        }
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (window);
    }
}

static gboolean
has_mark (GtkWidget *widget)
{
  if (GTK_IS_IMAGE (widget)
      && g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (widget)), "object-select-symbolic") == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_mark (c))
      return TRUE;
  return FALSE;
}

/* The header's list of lessons opens any of them, and marks those done. */
static void
test_lesson_list (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  const char *done[] = { "bierkopf-cards", NULL };
  BkLessonWindow *window;
  GtkWidget *list, *row;

  g_settings_set_strv (settings, "lessons-done", done);
  window = BK_LESSON_WINDOW (bk_lesson_window_new (NULL));
  g_object_ref_sink (window);
  g_assert_true (bk_lesson_window_open (window, NULL));
  g_assert_cmpstr (bk_lesson_run_get_lesson (bk_lesson_window_get_run (window))->id, ==,
                   "bierkopf-trumps");
  list = find_type (GTK_WIDGET (window), GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  /* The first row (done) has its mark, the second none. */
  g_assert_true (has_mark (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0))));
  g_assert_false (has_mark (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1))));
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 3));
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_cmpstr (bk_lesson_run_get_lesson (bk_lesson_window_get_run (window))->id, ==,
                   "bierkopf-trick");
  g_settings_reset (settings, "lessons-done");
  g_settings_reset (settings, "lesson-at");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
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

  g_test_add_func ("/lessons-ui/first-lesson", test_first_lesson);
  g_test_add_func ("/lessons-ui/score-lesson", test_score_lesson);
  g_test_add_func ("/lessons-ui/tie-coaster", test_tie_coaster);
  g_test_add_func ("/lessons-ui/talk-lesson", test_talk_lesson);
  g_test_add_func ("/lessons-ui/every-lesson", test_every_lesson);
  g_test_add_func ("/lessons-ui/list", test_lesson_list);
  return g_test_run ();
}
