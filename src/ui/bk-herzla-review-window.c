/* bk-herzla-review-window.c: the review window of a Herzla hand; see
 * bk-herzla-review-window.h. The review (bk_herzla_review_hand()) runs on a worker thread
 * on a copy of the finished hand; closing the window (or Cancel) cancels it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-card-view.h"
#include "bk-herzla-review-window.h"
#include "bk-herzla.h"
#include "bk-settings.h"

#define PERSON 0
#define CARD_WIDTH 46
/* The review of a hand is a pure function of the hand and this seed: the same every time. */
#define REVIEW_SEED 1

struct _BkHerzlaReviewWindow
{
  AdwWindow       parent_instance;

  GtkStack       *stack;
  GtkProgressBar *progress_bar;
  GtkBox         *content;
  AdwStatusPage  *error_page;

  BkCardTheme    *theme;
  BkHerzlaHand    hand;
  BkHerzlaReview *review;
  GCancellable   *cancellable;
  guint           progress_id;
  /* Written by the worker, read by the progress timer. */
  guint           done;
  guint           total;
};

G_DEFINE_FINAL_TYPE (BkHerzlaReviewWindow, bk_herzla_review_window, ADW_TYPE_WINDOW)

typedef struct {
  BkHerzlaHand hand;
  guint       *done;
  guint       *total;
} Job;

static void
bk_herzla_review_window_dispose (GObject *object)
{
  BkHerzlaReviewWindow *self = BK_HERZLA_REVIEW_WINDOW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->review, bk_herzla_review_free);
  g_clear_object (&self->theme);
  G_OBJECT_CLASS (bk_herzla_review_window_parent_class)->dispose (object);
}

static void
bk_herzla_review_window_class_init (BkHerzlaReviewWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_herzla_review_window_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bk_herzla_review_window_init (BkHerzlaReviewWindow *self)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *progress = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *label, *cancel, *scrolled, *clamp;

  gtk_window_set_title (GTK_WINDOW (self), _("Hand Review"));
  gtk_window_set_default_size (GTK_WINDOW (self), 760, 760);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);

  gtk_widget_set_halign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (progress, 320, -1);
  label = gtk_label_new (_("The Meister looks at every decision…"));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (progress), label);
  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->progress_bar, TRUE);
  gtk_box_append (GTK_BOX (progress), GTK_WIDGET (self->progress_bar));
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_halign (cancel, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  gtk_box_append (GTK_BOX (progress), cancel);
  gtk_stack_add_named (self->stack, progress, "progress");

  self->error_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->error_page, "dialog-warning-symbolic");
  adw_status_page_set_title (self->error_page, _("This Hand Cannot Be Reviewed"));
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->error_page), "error");

  self->content = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_widget_set_margin_top (GTK_WIDGET (self->content), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->content), 18);
  gtk_widget_set_margin_start (GTK_WIDGET (self->content), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->content), 12);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->content));
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_stack_add_named (self->stack, scrolled, "review");

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_stack_set_visible_child_name (self->stack, "progress");

  self->theme = bk_settings_load_theme (settings, &error);
  if (self->theme == NULL)
    g_warning ("%s", error->message);
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
card_new (BkHerzlaReviewWindow *self,
          BkCard                card)
{
  GtkWidget *view;

  if (self->theme == NULL)
    return gtk_label_new (bk_card_to_string (card));
  view = bk_card_view_new (self->theme, card);
  gtk_widget_set_size_request (view, CARD_WIDTH,
                               bk_card_theme_get_height_for_width (self->theme, CARD_WIDTH));
  gtk_widget_set_valign (view, GTK_ALIGN_START);
  return view;
}

static char *
seat_name (const BkHerzlaReviewWindow *self,
           guint                       seat)
{
  g_autofree char *name = NULL;

  if (self->hand.rules.variant == BK_HERZLA_VIER)
    name = g_strdup (bk_seat_display_name ((BkSeat) seat));
  else
    name = g_strdup_printf (_("Player %u"), seat + 1);
  if (seat == PERSON)
    /* Translators: the person's seat in the review, e.g. "South (you)" */
    return g_strdup_printf (_("%s (you)"), name);
  return g_steal_pointer (&name);
}

/* A card by its name in the deck shown; a bid by its name at the table. */
static char *
describe (BkHerzlaReviewWindow *self,
          const BkAction       *action)
{
  if (action->type == BK_ACTION_PLAY)
    return self->theme ? bk_card_theme_card_name (self->theme, (BkCard) action->arg)
                       : g_strdup (bk_card_to_string ((BkCard) action->arg));
  switch ((BkContract) action->arg)
    {
    case BK_CONTRACT_BEDDL:
      return g_strdup (C_("contract", "Beddl"));
    case BK_CONTRACT_MORD:
      return g_strdup (C_("contract", "Mord"));
    case BK_CONTRACT_NORMAL:
    case BK_N_CONTRACTS:
    default:
      return g_strdup (C_("herzla bid", "Weiter"));
    }
}

static char *
value_text (const BkHerzlaReviewWindow *self,
            double                      value)
{
  if (isnan (value))
    return g_strdup ("–");
  if (self->review->penalty)
    /* Translators: penalty points, in the review of a simple Herzla */
    return g_strdup_printf (_("%.1f penalty points"), -value);
  /* Translators: cents won (or, negative, paid), in the review of a Herzla hand */
  return g_strdup_printf (_("%.0f cents"), value);
}

static const BkHerzlaReviewOption *
find_option (const BkHerzlaReviewDecision *decision,
             const BkAction               *action)
{
  for (guint i = 0; i < decision->n_options; i++)
    if (decision->options[i].action.type == action->type &&
        decision->options[i].action.arg == action->arg)
      return &decision->options[i];
  return NULL;
}

/* One decision of the person: what was done and what the meister would have done, the
 * expected values, the exact ones, and what a mistake cost. */
static GtkWidget *
decision_row (BkHerzlaReviewWindow         *self,
              const BkHerzlaReviewDecision *decision)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *played = describe (self, &decision->played);
  g_autofree char *choice = describe (self, &decision->choice);
  g_autofree char *head = NULL;
  const BkHerzlaReviewOption *mine = find_option (decision, &decision->played);
  const BkHerzlaReviewOption *meister = find_option (decision, &decision->choice);
  gboolean agreed = decision->played.arg == decision->choice.arg;

  if (decision->forced)
    head = g_strdup_printf (_("You played %s, the only card you could play."), played);
  else if (agreed)
    head = g_strdup_printf (decision->bid ? _("You chose “%s”, as the Meister would.")
                                          : _("You played %s, the Meister’s card."), played);
  else
    head = g_strdup_printf (decision->bid ? _("You chose “%s”; the Meister would choose “%s”.")
                                          : _("You played %s; the Meister would play %s."),
                            played, choice);
  gtk_box_append (GTK_BOX (box), label_new (head, NULL));

  if (!decision->forced && mine && meister)
    {
      g_autofree char *mine_expected = value_text (self, mine->expected);
      g_autofree char *best_expected = value_text (self, meister->expected);
      g_autofree char *mine_exact = value_text (self, mine->exact);
      g_autofree char *best_exact = NULL, *line = NULL;
      double best = -INFINITY;

      for (guint i = 0; i < decision->n_options; i++)
        if (!isnan (decision->options[i].exact))
          best = MAX (best, decision->options[i].exact);
      best_exact = value_text (self, isinf (best) ? NAN : best);
      line = agreed
        ? g_strdup_printf (_("Expected over %u worlds: %s. With all cards open: %s (best %s)."),
                           decision->n_worlds, mine_expected, mine_exact, best_exact)
        : g_strdup_printf (_("Expected over %u worlds: %s (Meister: %s). With all cards open: "
                             "%s (best %s)."),
                           decision->n_worlds, mine_expected, best_expected, mine_exact,
                           best_exact);
      gtk_box_append (GTK_BOX (box), label_new (line, "dim-label"));
      if (decision->horizon)
        {
          g_autofree char *note =
            /* Translators: the exact search of an early card looks only this far */
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "With all cards open, %u trick ahead.",
                                          "With all cards open, %u tricks ahead.",
                                          decision->horizon), decision->horizon);

          gtk_box_append (GTK_BOX (box), label_new (note, "dim-label"));
        }
    }
  if (decision->mistake)
    {
      g_autofree char *cost = self->review->penalty
        /* Translators: what a mistake cost, in the review of a simple Herzla */
        ? g_strdup_printf (_("Mistake: %.1f penalty points lost"), decision->loss)
        /* Translators: what a mistake cost, in the review of a Herzla hand */
        : g_strdup_printf (_("Mistake: %.0f cents lost"), decision->loss);
      GtkWidget *mark = label_new (cost, "error");

      gtk_widget_add_css_class (mark, "heading");
      gtk_widget_set_name (mark, "review-mistake");
      gtk_box_append (GTK_BOX (box), mark);
    }
  return box;
}

static GtkWidget *
section_new (const char *title)
{
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = label_new (title, "heading");

  gtk_widget_add_css_class (frame, "card");
  gtk_widget_set_margin_bottom (frame, 6);
  gtk_widget_set_margin_start (heading, 12);
  gtk_widget_set_margin_top (heading, 8);
  gtk_box_append (GTK_BOX (frame), heading);
  return frame;
}

static void
append_decisions (BkHerzlaReviewWindow *self,
                  GtkWidget            *frame,
                  gboolean              bid,
                  guint                 trick)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 10);
  for (guint i = 0; i < self->review->n_decisions; i++)
    {
      const BkHerzlaReviewDecision *decision = &self->review->decisions[i];

      if (decision->bid == bid && (bid || decision->trick == trick))
        gtk_box_append (GTK_BOX (box), decision_row (self, decision));
    }
  gtk_box_append (GTK_BOX (frame), box);
}

/* A trick: each seat's card in the order played, who took it, the person's decision. */
static GtkWidget *
trick_view (BkHerzlaReviewWindow *self,
            guint                 t,
            const BkTrick        *trick,
            guint                 winner)
{
  g_autofree char *title = g_strdup_printf (_("Trick %u"), t + 1);
  GtkWidget *frame = section_new (title);
  GtkWidget *grid = gtk_grid_new ();
  guint n = self->hand.rules.n_players;

  gtk_widget_set_name (frame, "review-trick");
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  for (guint k = 0; k < trick->n; k++)
    {
      guint seat = (trick->leader + k) % n;
      g_autofree char *name = seat_name (self, seat);
      g_autofree char *tag = NULL;
      GtkWidget *name_label;

      if (seat == winner)
        /* Translators: a seat that took the trick, in the review */
        tag = g_strdup_printf (_("%s, takes it"), name);
      name_label = label_new (tag ? tag : name, seat == winner ? "accent" : NULL);
      gtk_widget_set_valign (name_label, GTK_ALIGN_CENTER);
      gtk_widget_set_size_request (name_label, 160, -1);
      gtk_grid_attach (GTK_GRID (grid), name_label, 0, (int) k, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), card_new (self, trick->cards[k]), 1, (int) k, 1, 1);
    }
  gtk_box_append (GTK_BOX (frame), grid);
  append_decisions (self, frame, FALSE, t + 1);
  return frame;
}

static void
show_review (BkHerzlaReviewWindow *self)
{
  const BkHerzlaHand *hand = &self->hand;
  g_autofree char *summary = bk_herzla_review_summary (self->review);
  g_autofree char *value = NULL;
  GtkWidget *label;
  BkHerzlaHand state;
  guint t = 0;

  label = label_new (summary, "title-3");
  gtk_widget_set_name (label, "review-summary");
  gtk_box_append (self->content, label);
  if (self->review->penalty)
    /* Translators: the person's penalty points of the hand (H6.2) */
    value = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You took %d penalty point.",
                                          "You took %d penalty points.",
                                          (gulong) ABS (self->review->value)),
                             -self->review->value);
  else
    /* Translators: the person's cents of the hand, negative when paid (H5) */
    value = g_strdup_printf (_("Your cents this hand: %+d."), self->review->value);
  gtk_box_append (self->content, label_new (value, "dim-label"));

  for (guint i = 0; i < self->review->n_decisions; i++)
    if (self->review->decisions[i].bid)
      {
        GtkWidget *frame = section_new (_("Before the First Card"));

        append_decisions (self, frame, TRUE, 0);
        gtk_box_append (self->content, frame);
        break;
      }

  bk_herzla_hand_init (&state, &hand->rules, hand->dealer, hand->dealt, hand->aside);
  for (guint i = 0; i < hand->n_history; i++)
    {
      const BkAction *action = &hand->history[i];
      BkTrick trick = state.trick;

      bk_herzla_hand_apply_unchecked (&state, action);
      if (action->type != BK_ACTION_PLAY)
        continue;
      /* The card that completed a trick (or ended the hand early, H4.3 and H4.4). */
      if (state.tricks_done > t)
        {
          trick.cards[trick.n++] = (BkCard) action->arg;
          if (trick.n == 1)
            trick.leader = action->seat;
          gtk_box_append (self->content, trick_view (self, t, &trick, state.last_winner));
          t++;
        }
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
  BkHerzlaReview *review;
  double threshold = job->hand.rules.variant == BK_HERZLA_EINFACH
                     ? BK_HERZLA_REVIEW_THRESHOLD_PENALTY : BK_HERZLA_REVIEW_THRESHOLD_CENTS;

  review = bk_herzla_review_hand (&job->hand, PERSON, threshold, REVIEW_SEED, cancellable,
                                  progress_cb, job, &error);
  if (review)
    g_task_return_pointer (task, review, (GDestroyNotify) bk_herzla_review_free);
  else
    g_task_return_error (task, error);
}

static gboolean
progress_tick_cb (gpointer user_data)
{
  BkHerzlaReviewWindow *self = user_data;
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
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  BkHerzlaReviewWindow *self = BK_HERZLA_REVIEW_WINDOW (source);
  g_autoptr (GError) error = NULL;
  BkHerzlaReview *review = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_pointer (&review, bk_herzla_review_free);
      return; /* the window went away */
    }
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (review == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }
  self->review = review;
  show_review (self);
}

/* The review of @hand, a finished hand of Herzla, for the person (seat 0), begins at once. */
BkHerzlaReviewWindow *
bk_herzla_review_window_new (GtkWindow          *parent,
                             const BkHerzlaHand *hand)
{
  BkHerzlaReviewWindow *self;
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_val_if_fail (hand != NULL, NULL);

  self = g_object_new (BK_TYPE_HERZLA_REVIEW_WINDOW, "transient-for", parent, NULL);
  self->hand = *hand;
  if (!bk_herzla_hand_is_over (hand))
    {
      adw_status_page_set_description (self->error_page, _("The hand is not over yet."));
      gtk_stack_set_visible_child_name (self->stack, "error");
      return self;
    }
  job = g_new0 (Job, 1);
  job->hand = *hand;
  job->done = &self->done;
  job->total = &self->total;
  self->cancellable = g_cancellable_new ();
  self->progress_id = g_timeout_add (50, progress_tick_cb, self);
  task = g_task_new (self, self->cancellable, review_done_cb, NULL);
  g_task_set_source_tag (task, bk_herzla_review_window_new);
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, review_thread);
  return self;
}

/* The review once it is done; NULL while it runs, or when it failed. */
const BkHerzlaReview *
bk_herzla_review_window_get_review (BkHerzlaReviewWindow *self)
{
  g_return_val_if_fail (BK_IS_HERZLA_REVIEW_WINDOW (self), NULL);
  return self->review;
}

gboolean
bk_herzla_review_window_is_busy (BkHerzlaReviewWindow *self)
{
  g_return_val_if_fail (BK_IS_HERZLA_REVIEW_WINDOW (self), FALSE);
  return self->cancellable != NULL;
}
