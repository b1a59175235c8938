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
#include "bk-herzla-game.h"
#include "bk-herzla.h"
#include "bk-record.h"
#include "bk-review-frame.h"

#define PERSON 0
/* The review of a hand is a pure function of the hand and this seed: the same every time. */
#define REVIEW_SEED 1

struct _BkHerzlaReviewWindow
{
  BkReviewFrame   parent_instance;

  BkHerzlaHand    hand;
  BkHerzlaReview *review; /* the frame's, once done */
};

G_DEFINE_FINAL_TYPE (BkHerzlaReviewWindow, bk_herzla_review_window, BK_TYPE_REVIEW_FRAME)

/* "Play This Deal Again": a new session of the same rules whose first hand is this deal,
 * as Bierkopf's review does (bk_played_hand_deal_again()). */
static BkGame *
deal_again (BkReviewFrame  *frame,
            gpointer        rules,
            guint64         seed,
            GError        **error)
{
  BkHerzlaReviewWindow *self = BK_HERZLA_REVIEW_WINDOW (frame);
  g_autoptr (BkGame) game = NULL;

  game = bk_game_new (rules, seed);
  if (!bk_game_deal (game, self->hand.dealer, self->hand.dealt, self->hand.aside, error))
    return NULL;
  return g_steal_pointer (&game);
}

static void
bk_herzla_review_window_class_init (BkHerzlaReviewWindowClass *klass)
{
}

static void
bk_herzla_review_window_init (BkHerzlaReviewWindow *self)
{
  /* Herzla's tricks are narrower than Bierkopf's four open hands. */
  bk_review_frame_set_content_width (BK_REVIEW_FRAME (self), 720);
}

/* --- the view ------------------------------------------------------------------------ */

static char *
seat_name (BkHerzlaReviewWindow *self,
           guint                 seat)
{
  g_autofree char *name = NULL;

  if (self->hand.rules.variant == BK_HERZLA_VIER)
    name = g_strdup (bk_seat_display_name ((BkSeat) seat));
  else
    name = g_strdup_printf (_("Player %u"), seat + 1);
  return bk_review_frame_seat_title (BK_REVIEW_FRAME (self), seat, name, seat == PERSON);
}

/* A card by its name in the deck shown; a bid by its name at the table. */
static char *
describe (BkHerzlaReviewWindow *self,
          const BkAction       *action)
{
  BkCardTheme *theme = bk_review_frame_get_theme (BK_REVIEW_FRAME (self));

  if (action->type == BK_ACTION_PLAY)
    return theme ? bk_card_theme_card_name (theme, (BkCard) action->arg)
                 : g_strdup (bk_card_to_string ((BkCard) action->arg));
  return g_strdup (bk_herzla_contract_name ((BkContract) action->arg));
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
  g_autofree char *played = describe (self, &decision->played);
  g_autofree char *choice = describe (self, &decision->choice);
  const BkHerzlaReviewOption *mine = find_option (decision, &decision->played);
  const BkHerzlaReviewOption *meister = find_option (decision, &decision->choice);
  gboolean agreed = decision->played.arg == decision->choice.arg;
  GtkWidget *box = bk_review_decision_new (decision->forced, agreed, decision->bid, played,
                                           choice);

  if (!decision->forced && mine && meister)
    {
      g_autofree char *mine_expected = value_text (self, mine->expected);
      g_autofree char *best_expected = value_text (self, meister->expected);
      g_autofree char *mine_exact = value_text (self, mine->exact);
      g_autofree char *best_exact = NULL;
      double best = -INFINITY;

      for (guint i = 0; i < decision->n_options; i++)
        if (!isnan (decision->options[i].exact))
          best = MAX (best, decision->options[i].exact);
      best_exact = value_text (self, isinf (best) ? NAN : best);
      bk_review_decision_add_judgement (box, decision->n_worlds, agreed, mine_expected,
                                        best_expected, mine_exact, best_exact);
      if (decision->horizon)
        {
          g_autofree char *note =
            /* Translators: the exact search of an early card looks only this far */
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "With all cards open, %u trick ahead.",
                                          "With all cards open, %u tricks ahead.",
                                          decision->horizon), decision->horizon);

          gtk_box_append (GTK_BOX (box), bk_review_label_new (note, "dim-label"));
        }
    }
  if (decision->mistake)
    {
      g_autofree char *cost = self->review->penalty
        /* Translators: what a mistake cost, in the review of a simple Herzla */
        ? g_strdup_printf (_("Mistake: %.1f penalty points lost"), decision->loss)
        /* Translators: what a mistake cost, in the review of a Herzla hand */
        : g_strdup_printf (_("Mistake: %.0f cents lost"), decision->loss);

      bk_review_decision_add_mistake (box, cost);
    }
  return box;
}

static void
append_decisions (BkHerzlaReviewWindow *self,
                  GtkWidget            *section,
                  gboolean              bid,
                  guint                 trick)
{
  GtkWidget *box = bk_review_decisions_new ();

  for (guint i = 0; i < self->review->n_decisions; i++)
    {
      const BkHerzlaReviewDecision *decision = &self->review->decisions[i];

      if (decision->bid == bid && (bid || decision->trick == trick))
        gtk_box_append (GTK_BOX (box), decision_row (self, decision));
    }
  gtk_box_append (GTK_BOX (section), box);
}

/* A trick: each seat's card in the order played, who took it, the person's decision. */
static GtkWidget *
trick_view (BkHerzlaReviewWindow *self,
            guint                 t,
            const BkTrick        *trick,
            guint                 winner)
{
  g_autofree char *winner_name = seat_name (self, winner);
  g_autofree char *title = bk_review_trick_title (t, winner_name, winner == PERSON);
  GtkWidget *frame = bk_review_section_new (title);
  GtkWidget *grid = bk_review_grid_new ();
  guint n = self->hand.rules.n_players;

  gtk_widget_set_name (frame, "review-trick");
  for (guint k = 0; k < trick->n; k++)
    {
      guint seat = (trick->leader + k) % n;
      g_autofree char *name = seat_name (self, seat);

      gtk_grid_attach (GTK_GRID (grid), bk_review_seat_label_new (name, seat == winner, 160), 0,
                       (int) k, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), bk_review_card_new (BK_REVIEW_FRAME (self), trick->cards[k]), 1,
                       (int) k, 1, 1);
    }
  gtk_box_append (GTK_BOX (frame), grid);
  append_decisions (self, frame, FALSE, t + 1);
  return frame;
}

static void
show_review (gpointer window,
             gpointer review)
{
  BkHerzlaReviewWindow *self = window;
  const BkHerzlaHand *hand = &self->hand;
  g_autofree char *summary = NULL;
  g_autofree char *value = NULL;
  BkHerzlaHand state;
  guint t = 0;

  self->review = review;
  summary = bk_herzla_review_summary (self->review);
  if (self->review->penalty)
    /* Translators: the person's penalty points of the hand (H6.2) */
    value = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You took %d penalty point.",
                                          "You took %d penalty points.",
                                          (gulong) ABS (self->review->value)),
                             -self->review->value);
  else
    /* Translators: the person's cents of the hand, negative when paid (H5) */
    value = g_strdup_printf (_("Your cents this hand: %+d."), self->review->value);
  bk_review_append_summary (BK_REVIEW_FRAME (self), summary, value);

  for (guint i = 0; i < self->review->n_decisions; i++)
    if (self->review->decisions[i].bid)
      {
        GtkWidget *section = bk_review_section_new (_("Before the First Card"));

        append_decisions (self, section, TRUE, 0);
        gtk_box_append (bk_review_frame_get_content (BK_REVIEW_FRAME (self)), section);
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
          gtk_box_append (bk_review_frame_get_content (BK_REVIEW_FRAME (self)),
                          trick_view (self, t, &trick, state.last_winner));
          t++;
        }
    }
  bk_review_frame_show_review (BK_REVIEW_FRAME (self));
}

/* --- the worker ---------------------------------------------------------------------- */

static gpointer
review_work (gpointer               data,
             GCancellable          *cancellable,
             BkReviewFrameProgress  progress,
             gpointer               progress_data,
             GError               **error)
{
  const BkHerzlaHand *hand = data;
  double threshold = hand->rules.variant == BK_HERZLA_EINFACH
                     ? BK_HERZLA_REVIEW_THRESHOLD_PENALTY : BK_HERZLA_REVIEW_THRESHOLD_CENTS;

  return bk_herzla_review_hand (hand, PERSON, threshold, REVIEW_SEED, cancellable, progress,
                                progress_data, error);
}

/* The review of @hand, a finished hand of Herzla, for the person (seat 0), begins at once. */
BkHerzlaReviewWindow *
bk_herzla_review_window_new (GtkWindow          *parent,
                             const BkHerzlaHand *hand)
{
  BkHerzlaReviewWindow *self;

  g_return_val_if_fail (hand != NULL, NULL);

  self = g_object_new (BK_TYPE_HERZLA_REVIEW_WINDOW, "transient-for", parent, NULL);
  self->hand = *hand;
  if (!bk_herzla_hand_is_over (hand))
    {
      bk_review_frame_show_error (BK_REVIEW_FRAME (self), _("The hand is not over yet."));
      return self;
    }
  bk_review_frame_run (BK_REVIEW_FRAME (self), review_work, g_memdup2 (hand, sizeof *hand), g_free,
                       (GDestroyNotify) bk_herzla_review_free, show_review);
  return self;
}

/* The review of @game's hand, just finished; "Play This Deal Again" deals it again under
 * the session's rules. */
BkHerzlaReviewWindow *
bk_herzla_review_window_new_for_game (GtkWindow *parent,
                                      BkGame    *game)
{
  BkHerzlaReviewWindow *self;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (bk_game_get_module (game)->kind == BK_GAME_HERZLA, NULL);

  self = bk_herzla_review_window_new (parent, bk_herzla_game_get_hand (game));
  if (bk_herzla_hand_is_over (&self->hand))
    bk_review_frame_set_deal_again (BK_REVIEW_FRAME (self), deal_again,
                                    bk_rules_copy (bk_game_get_rules (game)),
                                    (GDestroyNotify) bk_rules_free);
  return self;
}

/* The review of the last hand of @record (a Herzla hand stored in the history). */
BkHerzlaReviewWindow *
bk_herzla_review_window_new_for_record (GtkWindow  *parent,
                                        const char *record)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  BkHerzlaReviewWindow *self;

  g_return_val_if_fail (record != NULL, NULL);

  game = bk_record_replay (record, NULL, NULL, NULL, &error);
  if (game && bk_game_get_module (game)->kind == BK_GAME_HERZLA)
    return bk_herzla_review_window_new_for_game (parent, game);
  self = g_object_new (BK_TYPE_HERZLA_REVIEW_WINDOW, "transient-for", parent, NULL);
  bk_review_frame_show_error (BK_REVIEW_FRAME (self),
                              error ? error->message : _("This is not a hand of Herzla."));
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
  return bk_review_frame_is_busy (BK_REVIEW_FRAME (self));
}
