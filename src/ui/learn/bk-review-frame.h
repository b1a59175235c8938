/* bk-review-frame.h: what the review windows of both games share (issue 17): the frame of
 * the window (the stack of the progress, error and review pages), the job that reviews a
 * hand on a worker thread with progress polled by a timer, and the widgets of a decision
 * (what was done, the two judgements, the mistake) and of a trick. Each game's window keeps
 * only how its hand is reviewed and how its tricks and decisions are laid out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-card-theme.h"

G_BEGIN_DECLS

/* Embedded in a review window; the widgets come from its template or bk_review_frame_build(). */
typedef struct {
  GtkStack       *stack;
  GtkProgressBar *progress_bar;
  GtkBox         *content;
  AdwStatusPage  *error_page;

  GCancellable   *cancellable;
  guint           progress_id;
  /* Written by the worker, read by the progress timer. */
  guint           done;
  guint           total;
} BkReviewFrame;

/* The same shape as BkReviewProgress and BkHerzlaReviewProgress. */
typedef void     (*BkReviewFrameProgress) (guint    done,
                                           guint    total,
                                           gpointer user_data);
/* Runs on the worker thread: the review of @data, or NULL with @error set. */
typedef gpointer (*BkReviewFrameWork)     (gpointer               data,
                                           GCancellable          *cancellable,
                                           BkReviewFrameProgress  progress,
                                           gpointer               progress_data,
                                           GError               **error);
/* Runs in the main thread once the review is done; takes @review. */
typedef void     (*BkReviewFrameShow)     (gpointer               window,
                                           gpointer               review);

void       bk_review_frame_build          (BkReviewFrame  *frame,
                                           AdwWindow      *window);
void       bk_review_frame_run            (BkReviewFrame  *frame,
                                           gpointer        window,
                                           BkReviewFrameWork work,
                                           gpointer        data,
                                           GDestroyNotify  data_free,
                                           GDestroyNotify  review_free,
                                           BkReviewFrameShow show);
void       bk_review_frame_show_error     (BkReviewFrame  *frame,
                                           const char     *message);
void       bk_review_frame_show_review    (BkReviewFrame  *frame);
gboolean   bk_review_frame_is_busy        (BkReviewFrame  *frame);
void       bk_review_frame_clear          (BkReviewFrame  *frame);

GtkWidget *bk_review_label_new            (const char     *text,
                                           const char     *css_class);
GtkWidget *bk_review_card_new             (BkCardTheme    *theme,
                                           BkCard          card);
void       bk_review_append_summary       (BkReviewFrame  *frame,
                                           const char     *summary,
                                           const char     *value);
GtkWidget *bk_review_section_new          (const char     *title);
GtkWidget *bk_review_grid_new             (void);
GtkWidget *bk_review_seat_label_new       (const char     *name,
                                           gboolean        winner,
                                           int             width);
char      *bk_review_seat_title           (const char * const *names,
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
