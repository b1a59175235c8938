/* bk-bierkopf-hint.h: Bierkopf's hint (BkGameView's hint hooks, see bk-hint.h) and its
 * words, which the review window shares: a card by its name, a word as said, a doubling in
 * the words of its buttons, values in card points or lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-card-theme.h"
#include "bk-hint.h"
#include "bk-review.h"

G_BEGIN_DECLS

gpointer  bk_bierkopf_hint_job_new         (BkGame               *game,
                                            BkSeat                seat,
                                            guint64               seed);
gboolean  bk_bierkopf_hint_job_run         (gpointer              job,
                                            GError              **error);
char     *bk_bierkopf_hint_job_text        (gpointer              job,
                                            BkCardTheme          *theme,
                                            BkCard               *card);
void      bk_bierkopf_hint_job_free        (gpointer              job);
gboolean  bk_bierkopf_hint_get_last        (BkHint               *hint,
                                            BkReviewHint         *last);

char     *bk_bierkopf_hint_describe_action (BkCardTheme          *theme,
                                            const BkAction       *action,
                                            guint                 trick);
char     *bk_bierkopf_hint_value_text      (guint                 kind,
                                            double                value);
char     *bk_bierkopf_hint_text            (BkCardTheme          *theme,
                                            const BkReviewHint   *hint);
char     *bk_bierkopf_hint_describe_option (BkCardTheme          *theme,
                                            guint                 kind,
                                            guint                 trick,
                                            const BkReviewOption *option,
                                            gboolean              exact);

G_END_DECLS
