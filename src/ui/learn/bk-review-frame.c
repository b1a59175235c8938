/* bk-review-frame.c: the parts both review windows share; see bk-review-frame.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card-view.h"
#include "bk-review-frame.h"

#define CARD_WIDTH 46

/* --- the frame ----------------------------------------------------------------------- */

/* The window's content in code, as bk-review-window.ui has it: the header, and the stack
 * with the progress (and Cancel), error and review pages. */
void
bk_review_frame_build (BkReviewFrame *frame,
                       AdwWindow     *window)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *progress = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *label, *cancel, *scrolled, *clamp;

  gtk_window_set_title (GTK_WINDOW (window), _("Hand Review"));
  gtk_window_set_default_size (GTK_WINDOW (window), 760, 760);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());

  frame->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (frame->stack), TRUE);

  gtk_widget_set_halign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (progress, 320, -1);
  label = gtk_label_new (_("The Meister looks at every decision…"));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (progress), label);
  frame->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (frame->progress_bar, TRUE);
  gtk_box_append (GTK_BOX (progress), GTK_WIDGET (frame->progress_bar));
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_halign (cancel, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  gtk_box_append (GTK_BOX (progress), cancel);
  gtk_stack_add_named (frame->stack, progress, "progress");

  frame->error_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (frame->error_page, "dialog-warning-symbolic");
  adw_status_page_set_title (frame->error_page, _("This Hand Cannot Be Reviewed"));
  gtk_stack_add_named (frame->stack, GTK_WIDGET (frame->error_page), "error");

  frame->content = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_widget_set_margin_top (GTK_WIDGET (frame->content), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (frame->content), 18);
  gtk_widget_set_margin_start (GTK_WIDGET (frame->content), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (frame->content), 12);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (frame->content));
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_stack_add_named (frame->stack, scrolled, "review");

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (frame->stack));
  adw_window_set_content (window, box);
  gtk_stack_set_visible_child_name (frame->stack, "progress");
}

void
bk_review_frame_show_error (BkReviewFrame *frame,
                            const char    *message)
{
  adw_status_page_set_description (frame->error_page, message);
  gtk_stack_set_visible_child_name (frame->stack, "error");
}

void
bk_review_frame_show_review (BkReviewFrame *frame)
{
  gtk_stack_set_visible_child_name (frame->stack, "review");
}

/* TRUE while the review runs. */
gboolean
bk_review_frame_is_busy (BkReviewFrame *frame)
{
  return frame->cancellable != NULL;
}

/* For the window's dispose: cancels the review if it runs. */
void
bk_review_frame_clear (BkReviewFrame *frame)
{
  if (frame->cancellable)
    g_cancellable_cancel (frame->cancellable);
  g_clear_object (&frame->cancellable);
  g_clear_handle_id (&frame->progress_id, g_source_remove);
}

/* --- the worker ---------------------------------------------------------------------- */

typedef struct {
  BkReviewFrame    *frame;  /* the window's; the task holds the window */
  BkReviewFrameWork work;
  gpointer          data;
  GDestroyNotify    data_free;
  GDestroyNotify    review_free;
  BkReviewFrameShow show;
} Job;

static void
job_free (Job *job)
{
  if (job->data_free)
    job->data_free (job->data);
  g_free (job);
}

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Job *job = user_data;

  g_atomic_int_set (&job->frame->total, total);
  g_atomic_int_set (&job->frame->done, done);
}

static void
review_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gpointer review = job->work (job->data, cancellable, progress_cb, job, &error);

  if (review)
    g_task_return_pointer (task, review, job->review_free);
  else
    g_task_return_error (task, error);
}

static gboolean
progress_tick_cb (gpointer user_data)
{
  BkReviewFrame *frame = user_data;
  guint total = (guint) g_atomic_int_get (&frame->total);
  guint done = (guint) g_atomic_int_get (&frame->done);
  g_autofree char *text = NULL;

  if (total > 0)
    {
      gtk_progress_bar_set_fraction (frame->progress_bar, (double) done / total);
      /* Translators: the decisions reviewed so far, of all */
      text = g_strdup_printf (_("%u of %u decisions"), done, total);
      gtk_progress_bar_set_text (frame->progress_bar, text);
    }
  return G_SOURCE_CONTINUE;
}

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gpointer review = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      if (review)
        job->review_free (review);
      return; /* the window went away */
    }
  g_clear_object (&job->frame->cancellable);
  g_clear_handle_id (&job->frame->progress_id, g_source_remove);
  if (review == NULL)
    {
      bk_review_frame_show_error (job->frame, error->message);
      return;
    }
  job->show (source, review);
}

/* Reviews @data with @work on a worker thread, the progress shown in @frame; then @show
 * (in the main thread) gets the review, unless the window went away first. */
void
bk_review_frame_run (BkReviewFrame    *frame,
                     gpointer          window,
                     BkReviewFrameWork work,
                     gpointer          data,
                     GDestroyNotify    data_free,
                     GDestroyNotify    review_free,
                     BkReviewFrameShow show)
{
  g_autoptr (GTask) task = NULL;
  Job *job = g_new0 (Job, 1);

  job->frame = frame;
  job->work = work;
  job->data = data;
  job->data_free = data_free;
  job->review_free = review_free;
  job->show = show;
  frame->cancellable = g_cancellable_new ();
  frame->progress_id = g_timeout_add (50, progress_tick_cb, frame);
  task = g_task_new (window, frame->cancellable, review_done_cb, NULL);
  g_task_set_source_tag (task, bk_review_frame_run);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, review_thread);
}

/* --- the view ------------------------------------------------------------------------ */

GtkWidget *
bk_review_label_new (const char *text,
                     const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A card as the deck shows it, or by its code when no deck could be loaded. */
GtkWidget *
bk_review_card_new (BkCardTheme *theme,
                    BkCard       card)
{
  GtkWidget *view;

  if (theme == NULL)
    return gtk_label_new (bk_card_to_string (card));
  view = bk_card_view_new (theme, card);
  gtk_widget_set_size_request (view, CARD_WIDTH,
                               bk_card_theme_get_height_for_width (theme, CARD_WIDTH));
  gtk_widget_set_valign (view, GTK_ALIGN_START);
  return view;
}

/* The heading of the review (the summary) and the line of what the hand was worth. */
void
bk_review_append_summary (BkReviewFrame *frame,
                          const char    *summary,
                          const char    *value)
{
  GtkWidget *label = bk_review_label_new (summary, "title-3");

  gtk_widget_set_name (label, "review-summary");
  gtk_box_append (frame->content, label);
  gtk_box_append (frame->content, bk_review_label_new (value, "dim-label"));
}

/* A card-styled section with a heading: a trick, or what came before the first card. */
GtkWidget *
bk_review_section_new (const char *title)
{
  GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = bk_review_label_new (title, "heading");

  gtk_widget_add_css_class (section, "card");
  gtk_widget_set_margin_bottom (section, 6);
  gtk_widget_set_margin_start (heading, 12);
  gtk_widget_set_margin_top (heading, 8);
  gtk_box_append (GTK_BOX (section), heading);
  return section;
}

/* The grid of a trick: a row a seat. */
GtkWidget *
bk_review_grid_new (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  return grid;
}

/* A seat's name in the review: the person's at the table from @names (NULL-terminated,
 * seat 0 first, as the game window shows them), or, without one, @fallback (the seat's
 * name in the game), the person's marked. */
char *
bk_review_seat_title (const char * const *names,
                      guint               seat,
                      const char         *fallback,
                      gboolean            person)
{
  if (names && seat < g_strv_length ((char **) names) && names[seat][0])
    return g_strdup (names[seat]);
  if (person)
    /* Translators: the person's seat in the review, e.g. "South (you)" */
    return g_strdup_printf (_("%s (you)"), fallback);
  return g_strdup (fallback);
}

/* The heading of trick @t (0-based), with who took it. */
char *
bk_review_trick_title (guint       t,
                       const char *winner,
                       gboolean    person)
{
  if (person)
    /* Translators: the heading of a trick in the review, the person took it */
    return g_strdup_printf (_("Trick %u: you take it"), t + 1);
  /* Translators: the heading of a trick in the review: who took it, e.g. "Trick 2: Sepp
   * takes it" */
  return g_strdup_printf (_("Trick %u: %s takes it"), t + 1, winner);
}

/* The label of a seat in a trick, marked (bold, in the accent colour) when it took the
 * trick; the trick's heading says it in words. */
GtkWidget *
bk_review_seat_label_new (const char *name,
                          gboolean    winner,
                          int         width)
{
  GtkWidget *label = bk_review_label_new (name, winner ? "accent" : NULL);

  if (winner)
    gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (label, width, -1);
  return label;
}

/* The box for a section's decisions. */
GtkWidget *
bk_review_decisions_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 10);
  return box;
}

/* One decision of the person, begun with what was done (@played, a card or, @word, a
 * choice) and what the Meister would have done (@choice). */
GtkWidget *
bk_review_decision_new (gboolean    forced,
                        gboolean    agreed,
                        gboolean    word,
                        const char *played,
                        const char *choice)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *head = NULL;

  gtk_widget_add_css_class (box, "review-decision");
  if (forced)
    head = g_strdup_printf (_("You played %s, the only card you could play."), played);
  else if (agreed)
    head = g_strdup_printf (word ? _("You chose “%s”, as the Meister would.")
                                 : _("You played %s, the Meister’s card."), played);
  else
    head = g_strdup_printf (word ? _("You chose “%s”; the Meister would choose “%s”.")
                                 : _("You played %s; the Meister would play %s."),
                            played, choice);
  gtk_box_append (GTK_BOX (box), bk_review_label_new (head, NULL));
  return box;
}

/* The two judgements of a decision, its values already put in words. */
void
bk_review_decision_add_judgement (GtkWidget  *decision,
                                  guint       n_worlds,
                                  gboolean    agreed,
                                  const char *mine_expected,
                                  const char *best_expected,
                                  const char *mine_exact,
                                  const char *best_exact)
{
  g_autofree char *line = agreed
    /* Translators: the two judgements of a decision: the Meister's, over the worlds
     * it weighs (how many), and the exact one with all cards open */
    ? g_strdup_printf (_("Expected over %u worlds: %s. With all cards open, from here on: "
                         "%s (best %s)."),
                       n_worlds, mine_expected, mine_exact, best_exact)
    : g_strdup_printf (_("Expected over %u worlds: %s (Meister: %s). With all cards open, "
                         "from here on: %s (best %s)."),
                       n_worlds, mine_expected, best_expected, mine_exact, best_exact);

  gtk_box_append (GTK_BOX (decision), bk_review_label_new (line, "dim-label"));
}

/* The mark of a mistake: @cost says what it cost. */
void
bk_review_decision_add_mistake (GtkWidget  *decision,
                                const char *cost)
{
  GtkWidget *mark = bk_review_label_new (cost, "error");

  gtk_widget_add_css_class (mark, "heading");
  gtk_widget_set_name (mark, "review-mistake");
  gtk_box_append (GTK_BOX (decision), mark);
}
