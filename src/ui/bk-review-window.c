/* bk-review-window.c: the hand review window. The review (bk_review_hand()) runs on a
 * worker thread on a copy of the hand; the window shows its progress, and builds the
 * trick-by-trick view once it is done. Closing the window (or Cancel) cancels it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-card-view.h"
#include "bk-error.h"
#include "bk-herzla-game.h"
#include "bk-herzla-review-window.h"
#include "bk-hint.h"
#include "bk-rng.h"
#include "bk-review-window.h"
#include "bk-settings.h"
#include "bk-window.h"

#define PERSON BK_SEAT_S
#define CARD_WIDTH 46
/* The review of a hand is a pure function of the hand and this seed: the same every time. */
#define REVIEW_SEED 1

struct _BkReviewWindow
{
  AdwWindow       parent_instance;

  GtkStack       *stack;
  GtkProgressBar *progress_bar;
  GtkBox         *content;
  AdwStatusPage  *error_page;

  BkCardTheme    *theme;
  BkPlayedHand   *hand;
  BkReview       *review;
  GCancellable   *cancellable;
  guint           progress_id;
  /* Written by the worker, read by the progress timer. */
  guint           done;
  guint           total;
};

G_DEFINE_FINAL_TYPE (BkReviewWindow, bk_review_window, ADW_TYPE_WINDOW)

typedef struct {
  BkPlayedHand *hand;
  guint        *done;   /* the window's, written with atomics */
  guint        *total;
} Job;

static void
job_free (Job *job)
{
  bk_played_hand_free (job->hand);
  g_free (job);
}

static void
play_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BkReviewWindow *self = BK_REVIEW_WINDOW (widget);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;

  /* The game window, also when the review was opened from the statistics. */
  while (parent && !BK_IS_WINDOW (parent))
    parent = gtk_window_get_transient_for (parent);
  if (self->hand == NULL || parent == NULL)
    return;
  game = bk_played_hand_deal_again (self->hand,
                                    ((guint64) g_random_int () << 32) | g_random_int (), &error);
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
bk_review_window_dispose (GObject *object)
{
  BkReviewWindow *self = BK_REVIEW_WINDOW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->review, bk_review_free);
  g_clear_pointer (&self->hand, bk_played_hand_free);
  g_clear_object (&self->theme);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_REVIEW_WINDOW);
  G_OBJECT_CLASS (bk_review_window_parent_class)->dispose (object);
}

static void
bk_review_window_class_init (BkReviewWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_review_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-review-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkReviewWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, BkReviewWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, BkReviewWindow, content);
  gtk_widget_class_bind_template_child (widget_class, BkReviewWindow, error_page);
  gtk_widget_class_install_action (widget_class, "review.play-again", NULL, play_again_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_review_window_init (BkReviewWindow *self)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->theme = bk_settings_load_theme (settings, &error);
  if (self->theme == NULL)
    g_warning ("%s", error->message);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.play-again", FALSE);
}

/* --- the view ------------------------------------------------------------------------ */

static GtkWidget *
label_new (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
card_new (BkReviewWindow *self,
          BkCard          card,
          gboolean        dimmed)
{
  GtkWidget *view;

  if (self->theme == NULL)
    return gtk_label_new (bk_card_to_string (card));
  view = bk_card_view_new (self->theme, card);
  gtk_widget_set_size_request (view, CARD_WIDTH,
                               bk_card_theme_get_height_for_width (self->theme, CARD_WIDTH));
  gtk_widget_set_valign (view, GTK_ALIGN_START);
  bk_card_view_set_dimmed (BK_CARD_VIEW (view), dimmed);
  return view;
}

static gboolean
same_action (const BkAction *a,
             const BkAction *b)
{
  return a->type == b->type && a->seat == b->seat && a->arg == b->arg;
}

static const BkReviewOption *
find_option (const BkReviewDecision *decision,
             const BkAction         *action)
{
  for (guint i = 0; i < decision->n_options; i++)
    if (same_action (&decision->options[i].action, action))
      return &decision->options[i];
  return NULL;
}

static char *
value_text (guint  kind,
            double value)
{
  if (isnan (value))
    return g_strdup ("–");
  if (kind == BK_REVIEW_DOUBLE)
    /* Translators: lines, in the review */
    return g_strdup_printf (_("%.1f lines"), value);
  /* Translators: card points, in the review */
  return g_strdup_printf (_("%.1f points"), value);
}

/* One decision of the person: what was done and what the Meister would have done, the
 * expected values of both, the exact values, and what a mistake cost. */
static GtkWidget *
decision_row (BkReviewWindow         *self,
              const BkReviewDecision *decision)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *played = bk_hint_describe_action (self->theme, &decision->played);
  g_autofree char *choice = bk_hint_describe_action (self->theme, &decision->choice);
  g_autofree char *head = NULL;
  const BkReviewOption *mine = find_option (decision, &decision->played);
  const BkReviewOption *meister = find_option (decision, &decision->choice);
  gboolean agreed = same_action (&decision->played, &decision->choice);

  gtk_widget_add_css_class (box, "review-decision");
  if (decision->kind == BK_REVIEW_TALK)
    head = agreed ? g_strdup_printf (_("You said %s, as the Meister would."), played)
                  : g_strdup_printf (_("You said %s; the Meister would say %s."), played, choice);
  else if (decision->forced)
    head = g_strdup_printf (_("You played %s, the only card you could play."), played);
  else if (agreed)
    head = g_strdup_printf (decision->kind == BK_REVIEW_CARD
                            ? _("You played %s, the Meister’s card.")
                            : _("You chose “%s”, as the Meister would."), played);
  else
    head = g_strdup_printf (decision->kind == BK_REVIEW_CARD
                            ? _("You played %s; the Meister would play %s.")
                            : _("You chose “%s”; the Meister would choose “%s”."),
                            played, choice);
  gtk_box_append (GTK_BOX (box), label_new (head, NULL));

  if (decision->kind != BK_REVIEW_TALK && !decision->forced && mine && meister)
    {
      g_autofree char *mine_expected = value_text (decision->kind, mine->expected);
      g_autofree char *best_expected = value_text (decision->kind, meister->expected);
      g_autofree char *mine_exact = value_text (decision->kind, mine->exact);
      double best = -INFINITY;
      g_autofree char *best_exact = NULL;
      g_autofree char *line = NULL;

      for (guint i = 0; i < decision->n_options; i++)
        if (!isnan (decision->options[i].exact))
          best = MAX (best, decision->options[i].exact);
      best_exact = value_text (decision->kind, isinf (best) ? NAN : best);
      line = agreed
        /* Translators: the two judgements of a decision: the Meister's, over the worlds
         * it weighs (how many), and the exact one with all cards open */
        ? g_strdup_printf (_("Expected over %u worlds: %s. With all cards open: %s (best %s)."),
                           decision->n_worlds, mine_expected, mine_exact, best_exact)
        : g_strdup_printf (_("Expected over %u worlds: %s (Meister: %s). With all cards open: "
                             "%s (best %s)."),
                           decision->n_worlds, mine_expected, best_expected, mine_exact,
                           best_exact);
      gtk_box_append (GTK_BOX (box), label_new (line, "dim-label"));
    }
  if (decision->mistake)
    {
      g_autofree char *cost = decision->kind == BK_REVIEW_DOUBLE
        /* Translators: what a mistake cost, in the review */
        ? g_strdup_printf (_("Mistake: %.1f lines lost"), decision->loss)
        : g_strdup_printf (_("Mistake: %.0f points lost"), decision->loss);
      GtkWidget *mark = label_new (cost, "error");

      gtk_widget_add_css_class (mark, "heading");
      gtk_widget_set_name (mark, "review-mistake");
      gtk_box_append (GTK_BOX (box), mark);
    }
  return box;
}

static void
append_decisions (BkReviewWindow *self,
                  GtkBox         *box,
                  guint           trick)
{
  for (guint i = 0; i < self->review->n_decisions; i++)
    if (self->review->decisions[i].trick == trick)
      gtk_box_append (box, decision_row (self, &self->review->decisions[i]));
}

static char *
seat_title (BkSeat seat)
{
  if (seat == PERSON)
    /* Translators: the person's seat in the review, e.g. "South (you)" */
    return g_strdup_printf (_("%s (you)"), bk_seat_display_name (seat));
  return g_strdup (bk_seat_display_name (seat));
}

/* Trick @t (0-based): every seat's hand before it, open, and the card it played. */
static GtkWidget *
trick_view (BkReviewWindow *self,
            guint           t,
            const BkHand    held[BK_N_SEATS],
            const BkCard    played[BK_N_SEATS],
            BkSeat          leader,
            BkSeat          winner)
{
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *title = g_strdup_printf (_("Trick %u"), t + 1);
  GtkBox *decisions;

  gtk_widget_add_css_class (frame, "card");
  gtk_widget_set_name (frame, "review-trick");
  gtk_widget_set_margin_bottom (frame, 6);
  {
    GtkWidget *heading = label_new (title, "heading");
    gtk_widget_set_margin_start (heading, 12);
    gtk_widget_set_margin_top (heading, 8);
    gtk_box_append (GTK_BOX (frame), heading);
  }
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  for (guint k = 0; k < BK_N_SEATS; k++)
    {
      BkSeat seat = (BkSeat) ((leader + k) % BK_N_SEATS);
      g_autofree char *name = seat_title (seat);
      g_autofree char *tag = NULL;
      GtkWidget *hand = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      GtkWidget *name_label;

      if (seat == winner)
        /* Translators: a seat that took the trick, in the review */
        tag = g_strdup_printf (_("%s, takes it"), name);
      name_label = label_new (tag ? tag : name, seat == winner ? "accent" : NULL);
      gtk_widget_set_valign (name_label, GTK_ALIGN_CENTER);
      gtk_widget_set_size_request (name_label, 110, -1);
      gtk_grid_attach (GTK_GRID (grid), name_label, 0, (int) k, 1, 1);

      {
        BkCard sorted[BK_N_CARDS];
        guint n = bk_played_hand_sort (self->hand, held[seat] & ~BK_HAND_BIT (played[seat]),
                                       sorted);

        for (guint i = 0; i < n; i++)
          gtk_box_append (GTK_BOX (hand), card_new (self, sorted[i], FALSE));
      }
      gtk_widget_set_hexpand (hand, TRUE);
      gtk_grid_attach (GTK_GRID (grid), hand, 1, (int) k, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_VERTICAL), 2, (int) k,
                       1, 1);
      if (played[seat] != BK_CARD_NONE)
        gtk_grid_attach (GTK_GRID (grid), card_new (self, played[seat], FALSE), 3, (int) k, 1, 1);
    }
  gtk_box_append (GTK_BOX (frame), grid);

  decisions = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 8));
  gtk_widget_set_margin_start (GTK_WIDGET (decisions), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (decisions), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (decisions), 10);
  append_decisions (self, decisions, t + 1);
  gtk_box_append (GTK_BOX (frame), GTK_WIDGET (decisions));
  return frame;
}

static void
show_review (BkReviewWindow *self)
{
  const BkPlayedHand *hand = self->hand;
  guint n_actions = bk_played_hand_get_n_actions (hand);
  const BkHandResult *r = &self->review->result;
  g_autofree char *summary = bk_review_summary (self->review);
  g_autofree char *score = NULL;
  GtkWidget *label;
  BkHand held[BK_N_SEATS];
  BkCard played[BK_N_SEATS];
  guint t = 0, n_played = 0;
  BkSeat leader = BK_SEAT_NONE;
  gboolean any_before = FALSE;

  label = label_new (summary, "title-3");
  gtk_widget_set_name (label, "review-summary");
  gtk_box_append (self->content, label);
  score = g_strdup_printf (_("Card points: us %u, them %u."),
                           r->points[BK_TEAM_SN], r->points[BK_TEAM_WE]);
  gtk_box_append (self->content, label_new (score, "dim-label"));

  /* The talk and doubling before the first card. */
  for (guint i = 0; i < self->review->n_decisions; i++)
    any_before = any_before || self->review->decisions[i].trick == 0;
  if (any_before)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

      gtk_widget_add_css_class (box, "card");
      gtk_box_append (GTK_BOX (box), label_new (_("Before the First Card"), "heading"));
      append_decisions (self, GTK_BOX (box), 0);
      gtk_widget_set_margin_bottom (box, 6);
      g_object_set (box, "margin-top", 0, NULL);
      gtk_widget_set_margin_start (gtk_widget_get_first_child (box), 12);
      for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
        {
          gtk_widget_set_margin_start (c, 12);
          gtk_widget_set_margin_end (c, 12);
        }
      gtk_widget_set_margin_top (gtk_widget_get_first_child (box), 8);
      gtk_widget_set_margin_bottom (gtk_widget_get_last_child (box), 10);
      gtk_box_append (self->content, box);
    }

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      held[s] = bk_played_hand_get_dealt (hand, (BkSeat) s);
      played[s] = BK_CARD_NONE;
    }
  for (guint i = 0; i < n_actions; i++)
    {
      BkAction action = bk_played_hand_get_action (hand, i);

      if (action.type != BK_ACTION_PLAY)
        continue;
      if (n_played == 0)
        leader = (BkSeat) action.seat;
      played[action.seat] = (BkCard) action.arg;
      if (++n_played < BK_N_SEATS)
        continue;
      {
        /* The winner leads the next trick; the last trick's is the hand's last winner. */
        BkSeat winner = bk_played_hand_get_last_winner (hand);

        for (guint j = i + 1; j < n_actions; j++)
          {
            BkAction next = bk_played_hand_get_action (hand, j);

            if (next.type == BK_ACTION_PLAY)
              {
                winner = (BkSeat) next.seat;
                break;
              }
          }
        gtk_box_append (self->content, trick_view (self, t, held, played, leader, winner));
      }
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          held[s] &= ~BK_HAND_BIT (played[s]);
          played[s] = BK_CARD_NONE;
        }
      n_played = 0;
      t++;
    }
  gtk_stack_set_visible_child_name (self->stack, "review");
}

/* --- the worker ---------------------------------------------------------------------- */

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Job *job = user_data;

  g_atomic_int_set (job->total, total);
  g_atomic_int_set (job->done, done);
}

static void
review_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  BkReview *review;

  review = bk_played_hand_review (job->hand, PERSON, BK_REVIEW_THRESHOLD, REVIEW_SEED, cancellable,
                           progress_cb, job, &error);
  if (review)
    g_task_return_pointer (task, review, (GDestroyNotify) bk_review_free);
  else
    g_task_return_error (task, error);
}

static gboolean
progress_tick_cb (gpointer user_data)
{
  BkReviewWindow *self = user_data;
  guint total = (guint) g_atomic_int_get (&self->total);
  guint done = (guint) g_atomic_int_get (&self->done);
  g_autofree char *text = NULL;

  if (total > 0)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
      /* Translators: the decisions reviewed so far, of all */
      text = g_strdup_printf (_("%u of %u decisions"), done, total);
      gtk_progress_bar_set_text (self->progress_bar, text);
    }
  return G_SOURCE_CONTINUE;
}

static void
show_error (BkReviewWindow *self,
            const char     *message)
{
  adw_status_page_set_description (self->error_page, message);
  gtk_stack_set_visible_child_name (self->stack, "error");
}

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  BkReviewWindow *self = BK_REVIEW_WINDOW (source);
  g_autoptr (GError) error = NULL;
  BkReview *review = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_pointer (&review, bk_review_free);
      return; /* the window went away */
    }
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (review == NULL)
    {
      show_error (self, error->message);
      return;
    }
  self->review = review;
  show_review (self);
}

static void
start (BkReviewWindow     *self,
       const BkPlayedHand *hand)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  self->hand = bk_played_hand_copy (hand);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.play-again", TRUE);

  job = g_new0 (Job, 1);
  job->hand = bk_played_hand_copy (hand);
  job->done = &self->done;
  job->total = &self->total;
  self->cancellable = g_cancellable_new ();
  self->progress_id = g_timeout_add (50, progress_tick_cb, self);
  task = g_task_new (self, self->cancellable, review_done_cb, NULL);
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, review_thread);
}

static BkReviewWindow *
window_new (GtkWindow *parent)
{
  return g_object_new (BK_TYPE_REVIEW_WINDOW, "transient-for", parent, NULL);
}

/* The review of @hand, a finished hand of Bierkopf, begins at once. */
BkReviewWindow *
bk_review_window_new (GtkWindow          *parent,
                      const BkPlayedHand *hand)
{
  BkReviewWindow *self;

  g_return_val_if_fail (hand != NULL, NULL);

  self = window_new (parent);
  if (!bk_played_hand_is_over (hand))
    {
      show_error (self, _("The hand is not over yet."));
      return self;
    }
  start (self, hand);
  return self;
}

/* The review of the last hand of @record (a hand stored in the history). */
BkReviewWindow *
bk_review_window_new_for_record (GtkWindow  *parent,
                                 const char *record)
{
  BkReviewWindow *self;
  g_autoptr (BkPlayedHand) hand = NULL;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (record != NULL, NULL);

  hand = bk_played_hand_new_from_record (record, &error);
  if (hand == NULL)
    {
      self = window_new (parent);
      show_error (self, error->message);
      return self;
    }
  return bk_review_window_new (parent, hand);
}

/* The review of @game's hand, just finished. */
void
bk_review_window_present_game (GtkWindow *parent,
                               BkGame    *game)
{
  g_autoptr (BkPlayedHand) hand = NULL;

  g_return_if_fail (BK_IS_GAME (game));

  if (bk_game_get_module (game)->kind == BK_GAME_HERZLA)
    {
      gtk_window_present (GTK_WINDOW (bk_herzla_review_window_new (parent,
                                                                    bk_herzla_game_get_hand (game))));
      return;
    }
  if (bk_game_get_module (game)->kind != BK_GAME_BIERKOPF)
    return;
  hand = bk_played_hand_new_from_game (game);
  gtk_window_present (GTK_WINDOW (bk_review_window_new (parent, hand)));
}

/* The review once it is done; NULL while it runs, or when it failed. */
const BkReview *
bk_review_window_get_review (BkReviewWindow *self)
{
  g_return_val_if_fail (BK_IS_REVIEW_WINDOW (self), NULL);
  return self->review;
}

gboolean
bk_review_window_is_busy (BkReviewWindow *self)
{
  g_return_val_if_fail (BK_IS_REVIEW_WINDOW (self), FALSE);
  return self->cancellable != NULL;
}
