/* bk-review-window.h: the review of a finished hand of Bierkopf (issue 17): the hand
 * trick by trick with all four hands open, each decision of the person judged twice (the
 * Meister's expected values and the exact ones), the mistakes with what they cost, and
 * the summary; computed on a worker thread with progress and Cancel. "Play This Deal
 * Again" starts a new session whose first hand is the same deal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-played-hand.h"
#include "bk-review-frame.h"

G_BEGIN_DECLS

#define BK_TYPE_REVIEW_WINDOW (bk_review_window_get_type ())

G_DECLARE_FINAL_TYPE (BkReviewWindow, bk_review_window, BK, REVIEW_WINDOW, BkReviewFrame)

BkReviewWindow *bk_review_window_new            (GtkWindow          *parent,
                                                 const BkPlayedHand *hand);
BkReviewWindow *bk_review_window_new_for_record (GtkWindow          *parent,
                                                 const char         *record);
const BkReview *bk_review_window_get_review     (BkReviewWindow     *self);
gboolean        bk_review_window_is_busy        (BkReviewWindow     *self);

G_END_DECLS
