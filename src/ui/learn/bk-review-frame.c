/* bk-review-frame.c: the parts both review windows share; see bk-review-frame.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card-view.h"
#include "bk-review-frame.h"
#include "bk-settings.h"
#include "bk-window.h"

#define CARD_WIDTH 46

typedef struct
{
  GtkStack       *stack;
  GtkProgressBar *progress_bar;
  GtkBox         *content;
  AdwStatusPage  *error_page;
  AdwClamp       *clamp;

  BkCardTheme    *theme;  /* the deck the settings choose, or NULL: the cards' codes */
  GStrv           names;  /* the people at the table by seat, or NULL: the seats' names */
  gpointer        review; /* once done */
  GDestroyNotify  review_free;
  BkReviewFrameDeal deal; /* NULL: no "Play This Deal Again" */
  gpointer        deal_data;
  GDestroyNotify  deal_data_free;

  GCancellable   *cancellable;
  guint           progress_id;
  /* Written by the worker, read by the progress timer. */
  guint           done;
  guint           total;
} BkReviewFramePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (BkReviewFrame, bk_review_frame, ADW_TYPE_WINDOW)

#define PRIV(frame) ((BkReviewFramePrivate *) bk_review_frame_get_instance_private (frame))

/* --- the frame ----------------------------------------------------------------------- */

static void
play_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BkReviewFrame *self = BK_REVIEW_FRAME (widget);
  BkReviewFramePrivate *priv = PRIV (self);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;

  /* The game window, also when the review was opened from the statistics. */
  while (parent && !BK_IS_WINDOW (parent))
    parent = gtk_window_get_transient_for (parent);
  if (priv->deal == NULL || parent == NULL)
    return;
  game = priv->deal (self, priv->deal_data, ((guint64) g_random_int () << 32) | g_random_int (),
                     &error);
  if (game == NULL)
    {
      g_warning ("The deal cannot be played again: %s", error->message);
      return;
    }
  /* This window and those between it and the game go: the new session is played. */
  for (GtkWindow *w = GTK_WINDOW (self), *next; w && w != parent; w = next)
    {
      next = gtk_window_get_transient_for (w);
      gtk_window_destroy (w);
    }
  bk_window_take_session (BK_WINDOW (parent), game);
}

static void
bk_review_frame_dispose (GObject *object)
{
  BkReviewFrame *self = BK_REVIEW_FRAME (object);
  BkReviewFramePrivate *priv = PRIV (self);

  /* Closing the window cancels the review if it runs. */
  if (priv->cancellable)
    g_cancellable_cancel (priv->cancellable);
  g_clear_object (&priv->cancellable);
  g_clear_handle_id (&priv->progress_id, g_source_remove);
  g_clear_object (&priv->theme);
  g_clear_pointer (&priv->names, g_strfreev);
  if (priv->review)
    priv->review_free (g_steal_pointer (&priv->review));
  if (priv->deal_data_free)
    g_clear_pointer (&priv->deal_data, priv->deal_data_free);
  /* No gtk_widget_dispose_template(): GTK 4.8's looks for the template in the instance's
   * class, a subclass that has none. The template's widgets are the window's content,
   * which AdwWindow takes down. */

  G_OBJECT_CLASS (bk_review_frame_parent_class)->dispose (object);
}

static void
bk_review_frame_class_init (BkReviewFrameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_review_frame_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-review-frame.ui");
  gtk_widget_class_bind_template_child_private (widget_class, BkReviewFrame, stack);
  gtk_widget_class_bind_template_child_private (widget_class, BkReviewFrame, progress_bar);
  gtk_widget_class_bind_template_child_private (widget_class, BkReviewFrame, content);
  gtk_widget_class_bind_template_child_private (widget_class, BkReviewFrame, error_page);
  gtk_widget_class_bind_template_child_private (widget_class, BkReviewFrame, clamp);
  gtk_widget_class_install_action (widget_class, "review.play-again", NULL, play_again_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_review_frame_init (BkReviewFrame *self)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.play-again", FALSE);
  PRIV (self)->theme = bk_settings_load_theme (settings, &error);
  if (PRIV (self)->theme == NULL)
    g_warning ("%s", error->message);
}

/* The deck the review shows its cards in; NULL when none could be loaded. */
BkCardTheme *
bk_review_frame_get_theme (BkReviewFrame *frame)
{
  g_return_val_if_fail (BK_IS_REVIEW_FRAME (frame), NULL);
  return PRIV (frame)->theme;
}

/* @names: NULL-terminated, the people at seats 0, 1, … as the game window shows them
 * (the person first); the review calls the players so. Without them (NULL) it uses the
 * seats' names. Takes effect when the review is shown. */
void
bk_review_frame_set_player_names (BkReviewFrame      *frame,
                                  const char * const *names)
{
  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));

  g_strfreev (PRIV (frame)->names);
  PRIV (frame)->names = g_strdupv ((char **) names);
}

/* Offers "Play This Deal Again" (for a finished hand): @deal deals it from @data, which the
 * frame keeps (and frees with @data_free) as long as the window. */
void
bk_review_frame_set_deal_again (BkReviewFrame     *frame,
                                BkReviewFrameDeal  deal,
                                gpointer           data,
                                GDestroyNotify     data_free)
{
  BkReviewFramePrivate *priv;

  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));
  g_return_if_fail (deal != NULL);

  priv = PRIV (frame);
  if (priv->deal_data_free)
    g_clear_pointer (&priv->deal_data, priv->deal_data_free);
  priv->deal = deal;
  priv->deal_data = data;
  priv->deal_data_free = data_free;
  gtk_widget_action_set_enabled (GTK_WIDGET (frame), "review.play-again", TRUE);
}

/* The review once it is done (what the game's BkReviewFrameWork made); NULL while it runs,
 * or when it failed. */
gpointer
bk_review_frame_get_review (BkReviewFrame *frame)
{
  g_return_val_if_fail (BK_IS_REVIEW_FRAME (frame), NULL);
  return PRIV (frame)->review;
}

/* The widest the review's content grows (bk-review-frame.ui: 900 pixels). */
void
bk_review_frame_set_content_width (BkReviewFrame *frame,
                                   int            width)
{
  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));
  adw_clamp_set_maximum_size (PRIV (frame)->clamp, width);
}

/* The review page's box: the game's window fills it once the review is done. */
GtkBox *
bk_review_frame_get_content (BkReviewFrame *frame)
{
  g_return_val_if_fail (BK_IS_REVIEW_FRAME (frame), NULL);
  return PRIV (frame)->content;
}

void
bk_review_frame_show_error (BkReviewFrame *frame,
                            const char    *message)
{
  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));
  adw_status_page_set_description (PRIV (frame)->error_page, message);
  gtk_stack_set_visible_child_name (PRIV (frame)->stack, "error");
}

void
bk_review_frame_show_review (BkReviewFrame *frame)
{
  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));
  gtk_stack_set_visible_child_name (PRIV (frame)->stack, "review");
}

/* TRUE while the review runs. */
gboolean
bk_review_frame_is_busy (BkReviewFrame *frame)
{
  g_return_val_if_fail (BK_IS_REVIEW_FRAME (frame), FALSE);
  return PRIV (frame)->cancellable != NULL;
}

/* --- the worker ---------------------------------------------------------------------- */

typedef struct {
  BkReviewFrame    *frame;  /* the task holds it */
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

  BkReviewFramePrivate *priv = PRIV (job->frame);

  g_atomic_int_set (&priv->total, total);
  g_atomic_int_set (&priv->done, done);
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
  BkReviewFramePrivate *priv = PRIV (BK_REVIEW_FRAME (user_data));
  guint total = (guint) g_atomic_int_get (&priv->total);
  guint done = (guint) g_atomic_int_get (&priv->done);
  g_autofree char *text = NULL;

  if (total > 0)
    {
      gtk_progress_bar_set_fraction (priv->progress_bar, (double) done / total);
      /* Translators: the decisions reviewed so far, of all */
      text = g_strdup_printf (_("%u of %u decisions"), done, total);
      gtk_progress_bar_set_text (priv->progress_bar, text);
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
  g_clear_object (&PRIV (job->frame)->cancellable);
  g_clear_handle_id (&PRIV (job->frame)->progress_id, g_source_remove);
  if (review == NULL)
    {
      bk_review_frame_show_error (job->frame, error->message);
      return;
    }
  PRIV (job->frame)->review = review;
  PRIV (job->frame)->review_free = job->review_free;
  job->show (source, review);
}

/* Reviews @data with @work on a worker thread, the progress shown in @frame; then @show
 * (in the main thread) gets the frame and the review, unless the window went away first. */
void
bk_review_frame_run (BkReviewFrame    *frame,
                     BkReviewFrameWork work,
                     gpointer          data,
                     GDestroyNotify    data_free,
                     GDestroyNotify    review_free,
                     BkReviewFrameShow show)
{
  g_autoptr (GTask) task = NULL;
  BkReviewFramePrivate *priv;
  Job *job;

  g_return_if_fail (BK_IS_REVIEW_FRAME (frame));

  priv = PRIV (frame);
  job = g_new0 (Job, 1);
  job->frame = frame;
  job->work = work;
  job->data = data;
  job->data_free = data_free;
  job->review_free = review_free;
  job->show = show;
  priv->cancellable = g_cancellable_new ();
  priv->progress_id = g_timeout_add (50, progress_tick_cb, frame);
  task = g_task_new (frame, priv->cancellable, review_done_cb, NULL);
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

/* A card as the frame's deck shows it, or by its code when no deck could be loaded. */
GtkWidget *
bk_review_card_new (BkReviewFrame *frame,
                    BkCard         card)
{
  BkCardTheme *theme = PRIV (frame)->theme;
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
  gtk_box_append (PRIV (frame)->content, label);
  gtk_box_append (PRIV (frame)->content, bk_review_label_new (value, "dim-label"));
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

/* A seat's name in the review: the person's at the table (bk_review_frame_set_player_names())
 * or, without one, @fallback (the seat's name in the game), the person's marked. */
char *
bk_review_frame_seat_title (BkReviewFrame *frame,
                            guint          seat,
                            const char    *fallback,
                            gboolean       person)
{
  const char * const *names = (const char * const *) PRIV (frame)->names;

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
