/* bk-review-frame.h: what the review windows of both games share (issue 17): BkReviewFrame,
 * the window itself (bk-review-frame.ui: the header with "Play This Deal Again", the stack
 * of the progress, error and review pages), which each game's review window derives from,
 * with the deck its cards are shown in, the names of the people at the table, the review
 * once done and what "Play This Deal Again" deals from;
 * the job that reviews a hand on a worker thread with progress polled by a timer; and the
 * widgets of a decision (what was done, the two judgements, the mistake) and of a trick.
 * Each game's window keeps only how its hand is reviewed and dealt again, and how its
 * tricks and decisions are laid out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-card-theme.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_REVIEW_FRAME (bk_review_frame_get_type ())

G_DECLARE_DERIVABLE_TYPE (BkReviewFrame, bk_review_frame, BK, REVIEW_FRAME, AdwWindow)

struct _BkReviewFrameClass
{
  AdwWindowClass parent_class;
};

/* "Play This Deal Again": a new session whose first hand is the reviewed hand's deal (from
 * @data, see bk_review_frame_set_deal_again()), or NULL with @error set. */
typedef BkGame  *(*BkReviewFrameDeal)     (BkReviewFrame  *frame,
                                           gpointer        data,
                                           guint64         seed,
                                           GError        **error);

/* The same shape as each game's review progress (e.g. BkReviewProgress). */
typedef void     (*BkReviewFrameProgress) (guint    done,
                                           guint    total,
                                           gpointer user_data);
/* Runs on the worker thread: the review of @data, or NULL with @error set. */
typedef gpointer (*BkReviewFrameWork)     (gpointer               data,
                                           GCancellable          *cancellable,
                                           BkReviewFrameProgress  progress,
                                           gpointer               progress_data,
                                           GError               **error);
/* Runs in the main thread once the review is done; @review stays the frame's
 * (bk_review_frame_get_review()). */
typedef void     (*BkReviewFrameShow)     (gpointer               window,
                                           gpointer               review);

void       bk_review_frame_run            (BkReviewFrame  *frame,
                                           BkReviewFrameWork work,
                                           gpointer        data,
                                           GDestroyNotify  data_free,
                                           GDestroyNotify  review_free,
                                           BkReviewFrameShow show);
void       bk_review_frame_show_error     (BkReviewFrame  *frame,
                                           const char     *message);
void       bk_review_frame_show_review    (BkReviewFrame  *frame);
gboolean   bk_review_frame_is_busy        (BkReviewFrame  *frame);
gpointer   bk_review_frame_get_review     (BkReviewFrame  *frame);
void       bk_review_frame_set_deal_again (BkReviewFrame  *frame,
                                           BkReviewFrameDeal deal,
                                           gpointer        data,
                                           GDestroyNotify  data_free);
void       bk_review_frame_set_content_width (BkReviewFrame *frame,
                                           int             width);
GtkBox    *bk_review_frame_get_content    (BkReviewFrame  *frame);
BkCardTheme *bk_review_frame_get_theme    (BkReviewFrame  *frame);
void       bk_review_frame_set_player_names (BkReviewFrame *frame,
                                           const char * const *names);

GtkWidget *bk_review_label_new            (const char     *text,
                                           const char     *css_class);
GtkWidget *bk_review_card_new             (BkReviewFrame  *frame,
                                           BkCard          card);
void       bk_review_append_summary       (BkReviewFrame  *frame,
                                           const char     *summary,
                                           const char     *value);
GtkWidget *bk_review_section_new          (const char     *title);
GtkWidget *bk_review_grid_new             (void);
GtkWidget *bk_review_seat_label_new       (const char     *name,
                                           gboolean        winner,
                                           int             width);
char      *bk_review_frame_seat_title     (BkReviewFrame  *frame,
                                           guint           seat,
                                           const char     *fallback,
                                           gboolean        person);
char      *bk_review_trick_title          (guint           t,
                                           const char     *winner,
                                           gboolean        person);
GtkWidget *bk_review_decisions_new        (void);
GtkWidget *bk_review_decision_new         (gboolean        forced,
                                           gboolean        agreed,
                                           gboolean        word,
                                           const char     *played,
                                           const char     *choice);
void       bk_review_decision_add_judgement (GtkWidget    *decision,
                                           guint           n_worlds,
                                           gboolean        agreed,
                                           const char     *mine_expected,
                                           const char     *best_expected,
                                           const char     *mine_exact,
                                           const char     *best_exact);
void       bk_review_decision_add_mistake (GtkWidget      *decision,
                                           const char     *cost);

G_END_DECLS
