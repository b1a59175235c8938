/* bk-review-window.c: Bierkopf's hand review window. The review (bk_review_hand()) runs on a
 * worker thread on a copy of the hand; the window shows its progress, and builds the
 * trick-by-trick view once it is done. Closing the window (or Cancel) cancels it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-bierkopf-hint.h"
#include "bk-error.h"
#include "bk-game-view.h"
#include "bk-rng.h"
#include "bk-review-frame.h"
#include "bk-review-window.h"

#define PERSON BK_SEAT_S
/* The review of a hand is a pure function of the hand and this seed: the same every time. */
#define REVIEW_SEED 1

struct _BkReviewWindow
{
  BkReviewFrame  parent_instance;

  /* The frame's: what Play This Deal Again deals from, and the review once done. */
  BkPlayedHand  *hand;
  BkReview      *review;
};

G_DEFINE_FINAL_TYPE (BkReviewWindow, bk_review_window, BK_TYPE_REVIEW_FRAME)

/* "Play This Deal Again": a new session whose first hand is this deal (@hand). */
static BkGame *
deal_again (BkReviewFrame  *frame,
            gpointer        hand,
            guint64         seed,
            GError        **error)
{
  return bk_played_hand_deal_again (hand, seed, error);
}

static void
bk_review_window_class_init (BkReviewWindowClass *klass)
{
}

static void
bk_review_window_init (BkReviewWindow *self)
{
}

/* --- the view ------------------------------------------------------------------------ */

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
seat_name (BkReviewWindow *self,
           BkSeat          seat)
{
  return bk_review_frame_seat_title (BK_REVIEW_FRAME (self), seat, bk_seat_display_name (seat),
                                     seat == PERSON);
}

/* One decision of the person: what was done and what the Meister would have done, the
 * expected values of both, the exact values, and what a mistake cost. */
static GtkWidget *
decision_row (BkReviewWindow         *self,
              const BkReviewDecision *decision)
{
  BkCardTheme *theme = bk_review_frame_get_theme (BK_REVIEW_FRAME (self));
  g_autofree char *played = bk_bierkopf_hint_describe_action (theme, &decision->played,
                                                              decision->trick);
  g_autofree char *choice = bk_bierkopf_hint_describe_action (theme, &decision->choice,
                                                              decision->trick);
  const BkReviewOption *mine = find_option (decision, &decision->played);
  const BkReviewOption *meister = find_option (decision, &decision->choice);
  gboolean agreed = same_action (&decision->played, &decision->choice);
  GtkWidget *box;

  if (decision->kind == BK_REVIEW_TALK)
    {
      g_autofree char *head =
        agreed ? g_strdup_printf (_("You said %s, as the Meister would."), played)
               : g_strdup_printf (_("You said %s; the Meister would say %s."), played, choice);

      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      gtk_widget_add_css_class (box, "review-decision");
      gtk_box_append (GTK_BOX (box), bk_review_label_new (head, NULL));
    }
  else
    box = bk_review_decision_new (decision->forced, agreed, decision->kind != BK_REVIEW_CARD,
                                  played, choice);

  if (decision->kind != BK_REVIEW_TALK && !decision->forced && mine && meister)
    {
      g_autofree char *mine_expected = bk_bierkopf_hint_value_text (decision->kind,
                                                                    mine->expected);
      g_autofree char *best_expected = bk_bierkopf_hint_value_text (decision->kind,
                                                                    meister->expected);
      g_autofree char *mine_exact = bk_bierkopf_hint_value_text (decision->kind, mine->exact);
      g_autofree char *best_exact = NULL;
      double best = -INFINITY;

      for (guint i = 0; i < decision->n_options; i++)
        if (!isnan (decision->options[i].exact))
          best = MAX (best, decision->options[i].exact);
      best_exact = bk_bierkopf_hint_value_text (decision->kind, isinf (best) ? NAN : best);
      bk_review_decision_add_judgement (box, decision->n_worlds, agreed, mine_expected,
                                        best_expected, mine_exact, best_exact);
    }
  if (decision->mistake)
    {
      g_autofree char *cost = decision->kind == BK_REVIEW_DOUBLE
        /* Translators: what a mistake cost, in the review */
        ? g_strdup_printf (_("Mistake: %.1f lines lost"), decision->loss)
        : g_strdup_printf (_("Mistake: %.0f points lost"), decision->loss);

      bk_review_decision_add_mistake (box, cost);
    }
  return box;
}

static void
append_decisions (BkReviewWindow *self,
                  GtkWidget      *section,
                  guint           trick)
{
  GtkWidget *box = bk_review_decisions_new ();

  for (guint i = 0; i < self->review->n_decisions; i++)
    if (self->review->decisions[i].trick == trick)
      gtk_box_append (GTK_BOX (box), decision_row (self, &self->review->decisions[i]));
  gtk_box_append (GTK_BOX (section), box);
}

/* Under trick @t (0-based): the other players' cards that cost their own team points
 * with all cards open, each with what it cost (the person's cards have their decisions). */
static void
append_costly_cards (BkReviewWindow *self,
                     GtkWidget      *section,
                     guint           t)
{
  BkCardTheme *theme = bk_review_frame_get_theme (BK_REVIEW_FRAME (self));
  BkTeam team = bk_seat_team (PERSON);
  GtkWidget *box = NULL;

  for (guint i = t * BK_N_SEATS; i < (t + 1) * BK_N_SEATS && i < self->review->n_cards; i++)
    {
      const BkReviewCard *card = &self->review->cards[i];
      BkSeat seat = (BkSeat) card->action.seat;
      g_autofree char *name = NULL, *picture = NULL, *line = NULL;
      guint loss = (guint) (card->loss + 0.5);

      if (seat == PERSON || loss == 0)
        continue;
      name = seat_name (self, seat);
      picture = bk_bierkopf_hint_describe_action (theme, &card->action, t + 1);
      if (bk_seat_team (seat) == team)
        /* Translators: the partner's card and the card points it cost the team with all
         * cards open, e.g. "Sepp’s Herz-Unter cost your team 57 points." */
        line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s’s %s cost your team %u point.",
                                             "%s’s %s cost your team %u points.", loss),
                                name, picture, loss);
      else
        /* Translators: an opponent's card and the card points it gave away with all cards
         * open, e.g. "Gretl’s Gras-Sau gave your team 7 points." */
        line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s’s %s gave your team %u point.",
                                             "%s’s %s gave your team %u points.", loss),
                                name, picture, loss);
      if (box == NULL)
        box = bk_review_decisions_new ();
      gtk_box_append (GTK_BOX (box), bk_review_label_new (line, "dim-label"));
    }
  if (box)
    gtk_box_append (GTK_BOX (section), box);
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
  g_autofree char *winner_name = seat_name (self, winner);
  g_autofree char *title = bk_review_trick_title (t, winner_name, winner == PERSON);
  GtkWidget *frame = bk_review_section_new (title);
  GtkWidget *grid = bk_review_grid_new ();

  gtk_widget_set_name (frame, "review-trick");
  for (guint k = 0; k < BK_N_SEATS; k++)
    {
      BkSeat seat = (BkSeat) ((leader + k) % BK_N_SEATS);
      g_autofree char *name = seat_name (self, seat);
      GtkWidget *hand = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      BkCard sorted[BK_N_CARDS];
      guint n = bk_played_hand_sort (self->hand, held[seat] & ~BK_HAND_BIT (played[seat]),
                                     sorted);

      gtk_grid_attach (GTK_GRID (grid), bk_review_seat_label_new (name, seat == winner, 110), 0,
                       (int) k, 1, 1);
      for (guint i = 0; i < n; i++)
        gtk_box_append (GTK_BOX (hand), bk_review_card_new (BK_REVIEW_FRAME (self), sorted[i]));
      gtk_widget_set_hexpand (hand, TRUE);
      gtk_grid_attach (GTK_GRID (grid), hand, 1, (int) k, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_VERTICAL), 2, (int) k,
                       1, 1);
      if (played[seat] != BK_CARD_NONE)
        gtk_grid_attach (GTK_GRID (grid), bk_review_card_new (BK_REVIEW_FRAME (self), played[seat]), 3,
                         (int) k, 1, 1);
    }
  gtk_box_append (GTK_BOX (frame), grid);
  append_decisions (self, frame, t + 1);
  append_costly_cards (self, frame, t);
  return frame;
}

static void
show_review (gpointer window,
             gpointer review)
{
  BkReviewWindow *self = window;
  const BkPlayedHand *hand = self->hand;
  guint n_actions = bk_played_hand_get_n_actions (hand);
  const BkHandResult *r;
  g_autofree char *summary = NULL;
  g_autofree char *score = NULL, *account = NULL, *value = NULL;
  BkHand held[BK_N_SEATS];
  BkCard played[BK_N_SEATS];
  guint t = 0, n_played = 0;
  BkSeat leader = BK_SEAT_NONE;

  self->review = review;
  r = &self->review->result;
  summary = bk_review_summary (self->review);
  score = g_strdup_printf (_("Card points: us %u, them %u."),
                           r->points[BK_TEAM_SN], r->points[BK_TEAM_WE]);
  account = bk_review_account (self->review);
  value = g_strdup_printf ("%s %s", score, account);
  bk_review_append_summary (BK_REVIEW_FRAME (self), summary, value);

  /* The talk and doubling before the first card. */
  for (guint i = 0; i < self->review->n_decisions; i++)
    if (self->review->decisions[i].trick == 0)
      {
        GtkWidget *section = bk_review_section_new (_("Before the First Card"));

        append_decisions (self, section, 0);
        gtk_box_append (bk_review_frame_get_content (BK_REVIEW_FRAME (self)), section);
        break;
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
        gtk_box_append (bk_review_frame_get_content (BK_REVIEW_FRAME (self)),
                        trick_view (self, t, held, played, leader, winner));
      }
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          held[s] &= ~BK_HAND_BIT (played[s]);
          played[s] = BK_CARD_NONE;
        }
      n_played = 0;
      t++;
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
  return bk_played_hand_review (data, PERSON, BK_REVIEW_THRESHOLD, REVIEW_SEED, cancellable,
                                progress, progress_data, error);
}

static void
start (BkReviewWindow     *self,
       const BkPlayedHand *hand)
{
  self->hand = bk_played_hand_copy (hand);
  bk_review_frame_set_deal_again (BK_REVIEW_FRAME (self), deal_again, self->hand,
                                  (GDestroyNotify) bk_played_hand_free);
  bk_review_frame_run (BK_REVIEW_FRAME (self), review_work, bk_played_hand_copy (hand),
                       (GDestroyNotify) bk_played_hand_free, (GDestroyNotify) bk_review_free,
                       show_review);
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
      bk_review_frame_show_error (BK_REVIEW_FRAME (self), _("The hand is not over yet."));
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
      bk_review_frame_show_error (BK_REVIEW_FRAME (self), error->message);
      return self;
    }
  return bk_review_window_new (parent, hand);
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
  return bk_review_frame_is_busy (BK_REVIEW_FRAME (self));
}
