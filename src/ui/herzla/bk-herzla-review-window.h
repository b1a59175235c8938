/* bk-herzla-review-window.h: the review of a finished hand of Herzla (issue 17): the hand
 * trick by trick with every seat's card, each decision of the person (the bid and every
 * card) judged twice (the meister's expected cents and the exact ones), the mistakes with
 * what they cost, and the summary; computed on a worker thread with progress and Cancel.
 * "Play This Deal Again" (from a session or a stored record) starts a new session whose
 * first hand is the same deal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-herzla-review.h"
#include "bk-review-frame.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_REVIEW_WINDOW (bk_herzla_review_window_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaReviewWindow, bk_herzla_review_window, BK, HERZLA_REVIEW_WINDOW,
                      BkReviewFrame)

BkHerzlaReviewWindow *bk_herzla_review_window_new        (GtkWindow            *parent,
                                                          const BkHerzlaHand   *hand);
BkHerzlaReviewWindow *bk_herzla_review_window_new_for_game (GtkWindow        *parent,
                                                            BkGame           *game);
BkHerzlaReviewWindow *bk_herzla_review_window_new_for_record (GtkWindow      *parent,
                                                              const char     *record);
const BkHerzlaReview *bk_herzla_review_window_get_review (BkHerzlaReviewWindow *self);
gboolean              bk_herzla_review_window_is_busy    (BkHerzlaReviewWindow *self);

G_END_DECLS
