/* bk-lesson-window.c: the lesson panel at the real table. The table shows the lesson's
 * game as it shows any game; a card the person chooses goes to the lesson's judge
 * (bk-lesson-run.c), which asks the engine; the panel says the verdict.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-lesson-window.h"
#include "bk-bierkopf-talk.h"
#include "bk-card-view.h"
#include "bk-lesson-coaster.h"
#include "bk-practice-window.h"
#include "bk-settings.h"
#include "bk-side-panel.h"

struct _BkLessonWindow
{
  AdwWindow        parent_instance;

  AdwWindowTitle  *title;
  BkTable         *table;
  GtkLabel        *text;
  GtkLabel        *shown;     /* the highlighted cards by name, for every reader */
  GtkWidget       *coaster;   /* Bierkopf's beer coaster in the table's corner (Show=coaster) */
  GtkLabel        *feedback;
  GtkButton       *next;
  GtkButton       *practice;  /* the practice hand, after the last Bierkopf lesson */
  GtkWidget       *body;      /* the table and the panel, below or beside it */
  GtkWidget       *panel;
  GtkWidget       *separator;
  GtkWidget       *scroller;
  gboolean         reveal_verdict; /* keep the verdict in view until the person scrolls */
  guint            reveal_id;
  GtkWidget       *choices;   /* a choice task's answers, as buttons */
  GtkListBox      *list;      /* every lesson, in the header's popover */
  GtkPopover      *list_popover;
  BkSidePanel      layout;
  GSettings       *settings;
  GPtrArray       *lessons;   /* BkLesson, in order */
  guint            index;     /* of the lesson shown */
  BkLessonRun     *run;
  BkHand           highlighted;
};

G_DEFINE_FINAL_TYPE (BkLessonWindow, bk_lesson_window, ADW_TYPE_WINDOW)

#define HIGHLIGHT_CLASS "lesson-highlight"

static void fill_list (BkLessonWindow *self);

static void
clear_highlight (BkLessonWindow *self)
{
  for (BkHand rest = self->highlighted; rest; rest &= rest - 1)
    {
      GtkWidget *card = bk_table_get_card_widget (self->table, bk_hand_first (rest));

      if (card != NULL)
        gtk_widget_remove_css_class (card, HIGHLIGHT_CLASS);
    }
  self->highlighted = 0;
}

static void
show_highlight (BkLessonWindow *self)
{
  g_autoptr (GString) names = g_string_new (NULL);
  BkHand hand = bk_lesson_run_get_highlight (self->run);

  clear_highlight (self);
  self->highlighted = hand;
  for (BkHand rest = hand; rest; rest &= rest - 1)
    {
      GtkWidget *card = bk_table_get_card_widget (self->table, bk_hand_first (rest));
      g_autofree char *name = bk_card_display_name (bk_hand_first (rest));

      if (card != NULL)
        gtk_widget_add_css_class (card, HIGHLIGHT_CLASS);
      if (names->len > 0)
        /* Translators: between two card names in a list */
        g_string_append (names, _(", "));
      g_string_append (names, name);
    }
  if (hand == 0)
    gtk_label_set_text (self->shown, "");
  else
    {
      /* Translators: the cards the lesson highlights in the hand, e.g. "Highlighted:
       * Ober of Leaves, Unter of Bells" */
      g_autofree char *text = g_strdup_printf (_("Highlighted: %s"), names->str);

      gtk_label_set_text (self->shown, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->shown), hand != 0);
}

/* The beer coaster the step speaks of: the lines before the hand until a task's answer,
 * then the strike; the panel says them in words. */
static void
show_coaster (BkLessonWindow *self)
{
  const BkLessonStep *step = bk_lesson_run_get_current (self->run);
  gboolean shown = step->show == BK_LESSON_SHOW_COASTER;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->coaster, shown);
  if (!shown)
    return;
  text = bk_lesson_coaster_show (self->coaster, bk_lesson_run_get_game (self->run),
                                 bk_lesson_run_is_answered (self->run));
  gtk_label_set_text (self->shown, text);
  gtk_widget_set_visible (GTK_WIDGET (self->shown), TRUE);
}

static void
save_progress (BkLessonWindow *self)
{
  const BkLesson *lesson = bk_lesson_run_get_lesson (self->run);

  if (bk_lesson_run_is_finished (self->run))
    {
      g_auto (GStrv) done = g_settings_get_strv (self->settings, "lessons-done");

      if (!g_strv_contains ((const char * const *) done, lesson->id))
        {
          g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
          g_auto (GStrv) more = NULL;

          g_strv_builder_addv (builder, (const char **) done);
          g_strv_builder_add (builder, lesson->id);
          more = g_strv_builder_end (builder);
          g_settings_set_strv (self->settings, "lessons-done", (const char * const *) more);
        }
      g_settings_set_string (self->settings, "lesson-at", "");
      fill_list (self);
    }
  else
    {
      g_autofree char *at = g_strdup_printf ("%s:%u", lesson->id,
                                             bk_lesson_run_get_step (self->run));

      g_settings_set_string (self->settings, "lesson-at", at);
    }
}

static void choice_clicked_cb (GtkButton      *button,
                               BkLessonWindow *self);

/* A choice task offers its answers as buttons, until it is answered right. */
static void
update_choices (BkLessonWindow *self)
{
  const BkLessonStep *step = bk_lesson_run_get_current (self->run);
  g_autoptr (GArray) choices = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->choices)))
    gtk_flow_box_remove (GTK_FLOW_BOX (self->choices), child);
  gtk_widget_set_visible (self->choices, bk_lesson_task_is_choice (step->task)
                                         && !bk_lesson_run_is_answered (self->run));
  if (!bk_lesson_task_is_choice (step->task) || bk_lesson_run_is_answered (self->run))
    return;
  choices = bk_lesson_run_dup_choices (self->run);
  for (guint i = 0; i < choices->len; i++)
    {
      const BkLessonChoice *choice = &g_array_index (choices, BkLessonChoice, i);
      GtkWidget *button = gtk_button_new_with_mnemonic (choice->label);

      g_object_set_data (G_OBJECT (button), "bk-choice", GUINT_TO_POINTER (choice->value));
      g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
      gtk_flow_box_append (GTK_FLOW_BOX (self->choices), button);
    }
}

/* Whether the lesson shown is the last of Bierkopf's: the practice hand follows it. */
static gboolean
last_bierkopf (BkLessonWindow *self)
{
  const BkLesson *lesson = g_ptr_array_index (self->lessons, self->index);
  const BkLesson *next = self->index + 1 < self->lessons->len
                         ? g_ptr_array_index (self->lessons, self->index + 1) : NULL;

  return lesson->game == BK_GAME_BIERKOPF && (next == NULL || next->game != BK_GAME_BIERKOPF);
}

/* The practice hand in a window of its own, beside the lessons. */
static void
open_practice (BkLessonWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  GtkWidget *window = bk_practice_window_new (parent ? parent : GTK_WINDOW (self), 0);

  gtk_window_present (GTK_WINDOW (window));
}

static void
update (BkLessonWindow *self)
{
  const BkLesson *lesson = bk_lesson_run_get_lesson (self->run);
  g_autofree char *text = bk_lesson_run_dup_text (self->run);
  g_autofree char *subtitle = NULL;
  gboolean answered = bk_lesson_run_is_answered (self->run);
  gboolean last_step = bk_lesson_run_get_step (self->run) + 1 == lesson->n_steps;

  /* Translators: the lesson's place in the list, e.g. "Lesson 2 of 4" */
  subtitle = g_strdup_printf (_("Lesson %u of %u"), self->index + 1, self->lessons->len);
  adw_window_title_set_title (self->title, g_dgettext (GETTEXT_PACKAGE, lesson->title));
  adw_window_title_set_subtitle (self->title, subtitle);
  gtk_label_set_text (self->text, text);
  show_highlight (self);
  show_coaster (self);
  update_choices (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next), answered);
  gtk_widget_set_visible (GTK_WIDGET (self->practice),
                          bk_lesson_run_is_finished (self->run) && last_bierkopf (self));
  if (!last_step)
    gtk_button_set_label (self->next, _("_Next"));
  else if (self->index + 1 < self->lessons->len)
    gtk_button_set_label (self->next, _("Next _Lesson"));
  else
    gtk_button_set_label (self->next, _("_Done"));
  save_progress (self);
}

/* The verdict comes last in the panel: below a long text (a narrow window gives the panel
 * little height beside the table's minimum) it is scrolled into view, again whenever the
 * panel is laid out anew (a longer verdict, a resized window), until the person scrolls
 * away from it to read the text above. */
static gboolean
reveal_verdict_cb (gpointer user_data)
{
  BkLessonWindow *self = user_data;
  GtkAdjustment *adjustment
    = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  double bottom = gtk_adjustment_get_upper (adjustment)
                  - gtk_adjustment_get_page_size (adjustment);

  self->reveal_id = 0;
  if (self->reveal_verdict && gtk_adjustment_get_value (adjustment) < bottom)
    gtk_adjustment_set_value (adjustment, bottom);
  return G_SOURCE_REMOVE;
}

/* The adjustment changes while the panel is allocated, when a scroll would be lost. */
static void
reveal_verdict (BkLessonWindow *self)
{
  if (self->reveal_verdict && self->reveal_id == 0)
    self->reveal_id = g_idle_add (reveal_verdict_cb, self);
}

static void
panel_changed_cb (BkLessonWindow *self)
{
  reveal_verdict (self);
}

/* The person scrolls the panel (a wheel, a touch or the scrollbar, the keys): the panel
 * stays where they put it. A focused button scrolled into view does not count. */
static void
panel_scrolled_cb (BkLessonWindow *self)
{
  self->reveal_verdict = FALSE;
}

/* The wheel's and the keys' scroll still reach the panel. */
static gboolean
panel_wheel_cb (BkLessonWindow *self)
{
  panel_scrolled_cb (self);
  return GDK_EVENT_PROPAGATE;
}

static gboolean
panel_keys_cb (GtkScrolledWindow *scroller,
               GtkScrollType      scroll,
               gboolean           horizontal,
               BkLessonWindow    *self)
{
  panel_scrolled_cb (self);
  return FALSE;
}

static void
set_feedback (BkLessonWindow *self,
              const char     *text,
              gboolean        right)
{
  gtk_label_set_text (self->feedback, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->feedback), text != NULL && *text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->feedback), right ? "error" : "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->feedback), right ? "success" : "error");
  /* A screen reader hears the verdict at once. */
  if (text != NULL && *text)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      self->reveal_verdict = TRUE;
      reveal_verdict (self);
    }
  else
    self->reveal_verdict = FALSE;
}

static void
card_activated_cb (BkLessonWindow *self,
                   guint           card)
{
  g_autofree char *explanation = NULL;
  g_autoptr (GError) error = NULL;
  gboolean right;

  if (self->run == NULL || bk_lesson_run_is_answered (self->run))
    {
      set_feedback (self, _("Read the lesson, then press Next."), FALSE);
      return;
    }
  if (bk_lesson_task_is_choice (bk_lesson_run_get_current (self->run)->task))
    {
      set_feedback (self, _("Answer with one of the buttons below the text."), FALSE);
      return;
    }
  right = bk_lesson_run_answer (self->run, (BkCard) card, &explanation, &error);
  if (error != NULL)
    {
      g_warning ("lesson: %s", error->message);
      return;
    }
  /* Translators: said after a right answer in a lesson that has no words of its own */
  set_feedback (self, explanation ? explanation : _("Right."), right);
  update (self);
  if (right)
    gtk_widget_grab_focus (GTK_WIDGET (self->next));
}

static void
choice_clicked_cb (GtkButton      *button,
                   BkLessonWindow *self)
{
  g_autofree char *explanation = NULL;
  guint value = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "bk-choice"));
  gboolean right = bk_lesson_run_answer_choice (self->run, value, &explanation);

  set_feedback (self, explanation ? explanation : _("Right."), right);
  update (self);
  if (right)
    gtk_widget_grab_focus (GTK_WIDGET (self->next));
}

/* What the players say shows at the table, as in play (Bierkopf's talk, B3). */
static void
talk_said_cb (BkLessonWindow *self,
              guint           seat,
              guint           word)
{
  bk_table_say (self->table, (BkSeat) seat, bk_word_display ((BkWord) word));
}

static void
passed_cb (BkLessonWindow *self,
           guint           seat)
{
  /* Translators: said at the table when declining to double ("weiter") */
  bk_table_say (self->table, (BkSeat) seat, _("Pass!"));
}

static void
doubled_cb (BkLessonWindow *self,
            guint           seat,
            guint           multiplier)
{
  bk_table_say (self->table, (BkSeat) seat, multiplier <= 2 ? _("Spritze!") : _("Retour!"));
}

/* The keyboard goes where the person acts next: the hand for a card, the first answer
 * for a choice, Next for a text to read. */
static void
focus_next_action (BkLessonWindow *self)
{
  const BkLessonStep *step = bk_lesson_run_get_current (self->run);

  if (bk_lesson_run_is_answered (self->run))
    gtk_widget_grab_focus (GTK_WIDGET (self->next));
  else if (bk_lesson_task_is_choice (step->task))
    {
      GtkWidget *first = gtk_widget_get_first_child (self->choices);

      if (first != NULL)
        gtk_widget_grab_focus (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (first)));
    }
  else
    bk_table_focus_hand (self->table);
}

static gboolean
start_lesson (BkLessonWindow *self,
              guint           index,
              guint           step)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkLessonRun) run = NULL;

  run = bk_lesson_run_new (g_ptr_array_index (self->lessons, index), &error);
  if (run != NULL && step > 0)
    bk_lesson_run_skip_to (run, step, &error);
  if (error != NULL)
    {
      g_warning ("lesson: %s", error->message);
      return FALSE;
    }
  clear_highlight (self);
  g_set_object (&self->run, run);
  self->index = index;
  bk_table_set_game (self->table, bk_lesson_run_get_game (run));
  if (g_signal_lookup ("talk-said", G_OBJECT_TYPE (bk_lesson_run_get_game (run))))
    {
      g_signal_connect_object (bk_lesson_run_get_game (run), "talk-said",
                               G_CALLBACK (talk_said_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (bk_lesson_run_get_game (run), "passed",
                               G_CALLBACK (passed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (bk_lesson_run_get_game (run), "doubled",
                               G_CALLBACK (doubled_cb), self, G_CONNECT_SWAPPED);
    }
  set_feedback (self, NULL, FALSE);
  update (self);
  focus_next_action (self);
  return TRUE;
}

/* The list of the lessons, each with whether it is done: any may be opened from it. */
static void
fill_list (BkLessonWindow *self)
{
  g_auto (GStrv) done = g_settings_get_strv (self->settings, "lessons-done");
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; self->lessons && i < self->lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (self->lessons, i);
      g_autofree char *title = bk_lesson_expand (lesson->title);
      g_autofree char *summary = bk_lesson_expand (lesson->summary);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      if (g_strv_contains ((const char * const *) done, lesson->id))
        {
          GtkWidget *mark = gtk_image_new_from_icon_name ("object-select-symbolic");

          /* Translators: said of a lesson in the list of lessons */
          gtk_accessible_update_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Done"), -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
        }
      g_object_set_data (G_OBJECT (row), "bk-lesson", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->list, row);
    }
  {
    GtkWidget *row = adw_action_row_new ();

    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Practice Hand"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                 _("A hand against the computer players; the Meister tells "
                                   "why it would play its card"));
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    g_object_set_data (G_OBJECT (row), "bk-practice", GUINT_TO_POINTER (TRUE));
    gtk_list_box_append (self->list, row);
  }
}

static void
list_activated_cb (BkLessonWindow *self,
                   GtkListBoxRow  *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "bk-lesson"));

  gtk_popover_popdown (self->list_popover);
  if (g_object_get_data (G_OBJECT (row), "bk-practice"))
    open_practice (self);
  else
    start_lesson (self, index, 0);
}

/* Opens the lesson @lesson_id, or (NULL) the one left midway, else the first not done. */
gboolean
bk_lesson_window_open (BkLessonWindow *self,
                       const char     *lesson_id)
{
  g_autofree char *at = g_settings_get_string (self->settings, "lesson-at");
  g_auto (GStrv) done = g_settings_get_strv (self->settings, "lessons-done");
  g_auto (GStrv) parts = g_strsplit (at, ":", 2);
  guint step = 0;

  g_return_val_if_fail (BK_IS_LESSON_WINDOW (self), FALSE);

  if (self->lessons == NULL || self->lessons->len == 0)
    return FALSE;
  if (lesson_id == NULL && parts[0] && parts[1])
    {
      lesson_id = parts[0];
      step = (guint) g_ascii_strtoull (parts[1], NULL, 10);
    }
  for (guint i = 0; i < self->lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (self->lessons, i);

      if (lesson_id ? g_strcmp0 (lesson->id, lesson_id) == 0
                    : !g_strv_contains ((const char * const *) done, lesson->id))
        return start_lesson (self, i, step);
    }
  return start_lesson (self, 0, 0);
}

/* What the Next button does: the next step, the next lesson, or the end. */
gboolean
bk_lesson_window_next (BkLessonWindow *self)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (BK_IS_LESSON_WINDOW (self), FALSE);

  if (self->run == NULL || !bk_lesson_run_is_answered (self->run))
    return FALSE;
  if (bk_lesson_run_is_finished (self->run))
    {
      if (self->index + 1 < self->lessons->len)
        return start_lesson (self, self->index + 1, 0);
      gtk_window_close (GTK_WINDOW (self));
      return TRUE;
    }
  if (!bk_lesson_run_next (self->run, &error))
    {
      g_warning ("lesson: %s", error->message);
      return FALSE;
    }
  set_feedback (self, NULL, FALSE);
  update (self);
  focus_next_action (self);
  return TRUE;
}

static void
next_clicked_cb (BkLessonWindow *self)
{
  bk_lesson_window_next (self);
}

static void
theme_changed_cb (BkLessonWindow *self)
{
  g_autoptr (BkCardTheme) theme = bk_settings_apply_theme (self->settings, self->table);

  if (theme != NULL && self->run != NULL)
    update (self);
}

/* BkSidePanel's apply: what changes with the layout besides the box. */
static void
set_wide (GtkWidget *window,
          gboolean   wide)
{
  BkLessonWindow *self = BK_LESSON_WINDOW (window);

  gtk_widget_set_size_request (self->panel, wide ? 340 : -1, -1);
  /* Below the table the text takes what it needs (up to its maximum), the table the rest. */
  gtk_widget_set_vexpand (self->scroller, wide);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller),
                                              wide ? -1 : 280);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scroller),
                                              wide ? -1 : 180);
  gtk_widget_set_valign (self->panel, wide ? GTK_ALIGN_FILL : GTK_ALIGN_END);
}

static void
bk_lesson_window_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  BkLessonWindow *self = BK_LESSON_WINDOW (widget);

  GTK_WIDGET_CLASS (bk_lesson_window_parent_class)->size_allocate (widget, width, height,
                                                                   baseline);
  bk_side_panel_allocated (&self->layout, width, height);
}

static void
bk_lesson_window_dispose (GObject *object)
{
  BkLessonWindow *self = BK_LESSON_WINDOW (object);

  bk_side_panel_clear (&self->layout);
  g_clear_handle_id (&self->reveal_id, g_source_remove);
  g_clear_object (&self->run);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->lessons, g_ptr_array_unref);
  G_OBJECT_CLASS (bk_lesson_window_parent_class)->dispose (object);
}

static void
bk_lesson_window_class_init (BkLessonWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_lesson_window_dispose;
  widget_class->size_allocate = bk_lesson_window_size_allocate;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* The coaster sits in the corner the table keeps free, as in the main window. */
static gboolean
overlay_child_position_cb (BkLessonWindow *self,
                           GtkWidget      *child,
                           GdkRectangle   *allocation)
{
  BkRect corner;

  if (child != self->coaster
      || !bk_table_get_corner (self->table, BK_TABLE_CORNER_LEFT, &corner))
    return FALSE;
  *allocation = (GdkRectangle) { corner.x, corner.y, corner.width, corner.height };
  return TRUE;
}

static GtkWidget *
make_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
bk_lesson_window_init (BkLessonWindow *self)
{
  static gboolean styled;
  GtkWidget *box, *header, *panel, *scroller, *buttons, *table;
  g_autoptr (GError) error = NULL;

  if (!styled)
    {
      g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

      /* Yellow, apart from the blue of the keyboard focus, on the green and the white table. */
  gtk_css_provider_load_from_data (css,
        "card.lesson-highlight { outline: 4px solid #f6d32d; outline-offset: 1px;"
        " border-radius: 8px; }", -1);
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      styled = TRUE;
    }

  self->settings = g_settings_new (APP_ID);
  self->lessons = bk_lesson_load_all (&error);
  if (self->lessons == NULL)
    g_warning ("lessons: %s", error->message);

  gtk_window_set_title (GTK_WINDOW (self), _("Learn to Play"));
  gtk_window_set_default_size (GTK_WINDOW (self), 960, 760);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 400);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Learn to Play"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  {
    GtkWidget *button = gtk_menu_button_new ();
    GtkWidget *scroller_list = gtk_scrolled_window_new ();

    gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-list-symbolic");
    gtk_widget_set_tooltip_text (button, _("All Lessons"));
    self->list = GTK_LIST_BOX (gtk_list_box_new ());
    gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
    gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
    g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (list_activated_cb), self);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller_list), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller_list), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller_list), 480);
    gtk_widget_set_size_request (scroller_list, 300, -1);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller_list), GTK_WIDGET (self->list));
    self->list_popover = GTK_POPOVER (gtk_popover_new ());
    gtk_popover_set_child (self->list_popover, scroller_list);
    gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), GTK_WIDGET (self->list_popover));
    adw_header_bar_pack_start (ADW_HEADER_BAR (header), button);
    fill_list (self);
  }
  gtk_box_append (GTK_BOX (box), header);

  /* The table, and the panel below it; beside it on a wide window (see size_allocate). */
  self->body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_vexpand (self->body, TRUE);
  table = bk_table_new ();
  self->table = BK_TABLE (table);
  gtk_widget_set_vexpand (table, TRUE);
  gtk_widget_set_hexpand (table, TRUE);
  gtk_widget_set_size_request (table, -1, 240);
  {
    GtkWidget *overlay = gtk_overlay_new ();

    gtk_overlay_set_child (GTK_OVERLAY (overlay), table);
    self->coaster = bk_lesson_coaster_new ();
    gtk_widget_set_halign (self->coaster, GTK_ALIGN_START);
    gtk_widget_set_valign (self->coaster, GTK_ALIGN_START);
    gtk_widget_set_visible (self->coaster, FALSE);
    gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->coaster);
    g_signal_connect_swapped (overlay, "get-child-position",
                              G_CALLBACK (overlay_child_position_cb), self);
    gtk_box_append (GTK_BOX (self->body), overlay);
  }

  /* The panel, read in order: the step's text, the highlighted cards, the verdict, and
   * Next, which stays in view however long the text is. */
  self->panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (panel, 12);
  gtk_widget_set_margin_end (panel, 12);
  gtk_widget_set_margin_top (panel, 8);
  gtk_widget_set_margin_bottom (panel, 8);
  self->text = GTK_LABEL (make_label (NULL));
  self->shown = GTK_LABEL (make_label ("dim-label"));
  self->feedback = GTK_LABEL (make_label ("heading"));
  gtk_widget_set_visible (GTK_WIDGET (self->feedback), FALSE);
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->text));
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->shown));
  /* The answers wrap on a narrow window. */
  self->choices = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->choices), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->choices), FALSE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->choices), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->choices), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->choices), 6);
  gtk_widget_set_visible (self->choices, FALSE);
  gtk_box_append (GTK_BOX (panel), self->choices);
  gtk_box_append (GTK_BOX (panel), GTK_WIDGET (self->feedback));
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 280);
  /* A scrollbar that stays shown says there is more text than the panel shows. */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller), FALSE);
  self->scroller = scroller;
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                           "changed", G_CALLBACK (panel_changed_cb), self,
                           G_CONNECT_SWAPPED);
  {
    GtkEventController *wheel
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    GtkGesture *press = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (wheel, "scroll-begin", G_CALLBACK (panel_scrolled_cb), self);
    g_signal_connect_swapped (wheel, "scroll", G_CALLBACK (panel_wheel_cb), self);
    gtk_widget_add_controller (scroller, wheel);
    /* A press on the scrollbar or a touch drag; a press on an answer sets a new verdict. */
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (press, "pressed", G_CALLBACK (panel_scrolled_cb), self);
    gtk_widget_add_controller (scroller, GTK_EVENT_CONTROLLER (press));
    g_signal_connect (scroller, "scroll-child", G_CALLBACK (panel_keys_cb), self);
  }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), panel);
  gtk_box_append (GTK_BOX (self->panel), scroller);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_margin_start (buttons, 12);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  self->next = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Next")));
  gtk_widget_add_css_class (GTK_WIDGET (self->next), "suggested-action");
  g_signal_connect_swapped (self->next, "clicked", G_CALLBACK (next_clicked_cb), self);
  /* Translators: the button after the last Bierkopf lesson that opens the practice hand */
  self->practice = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Practice Hand")));
  gtk_widget_set_visible (GTK_WIDGET (self->practice), FALSE);
  g_signal_connect_swapped (self->practice, "clicked", G_CALLBACK (open_practice), self);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->practice));
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->next));
  gtk_box_append (GTK_BOX (self->panel), buttons);

  self->separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_box_append (GTK_BOX (self->body), self->separator);
  gtk_box_append (GTK_BOX (self->body), self->panel);
  gtk_box_append (GTK_BOX (box), self->body);
  adw_window_set_content (ADW_WINDOW (self), box);

  bk_side_panel_init (&self->layout, GTK_WIDGET (self), self->body, self->separator, set_wide);
  g_signal_connect_object (self->table, "card-activated", G_CALLBACK (card_activated_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::card-theme",
                           G_CALLBACK (theme_changed_cb), self, G_CONNECT_SWAPPED);
  theme_changed_cb (self);
}

GtkWidget *
bk_lesson_window_new (GtkWindow *parent)
{
  BkLessonWindow *self = g_object_new (BK_TYPE_LESSON_WINDOW, NULL);

  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_application (GTK_WINDOW (self), gtk_window_get_application (parent));
    }
  return GTK_WIDGET (self);
}

BkLessonRun *
bk_lesson_window_get_run (BkLessonWindow *self)
{
  g_return_val_if_fail (BK_IS_LESSON_WINDOW (self), NULL);
  return self->run;
}

BkTable *
bk_lesson_window_get_table (BkLessonWindow *self)
{
  g_return_val_if_fail (BK_IS_LESSON_WINDOW (self), NULL);
  return self->table;
}

const char *
bk_lesson_window_get_feedback (BkLessonWindow *self)
{
  g_return_val_if_fail (BK_IS_LESSON_WINDOW (self), NULL);
  return gtk_label_get_text (self->feedback);
}
