/* bk-herzla-hint.h: Herzla's hint (BkGameView's hint hooks, see bk-hint.h): a card or a
 * bid by its name at the table, values in cents or, in the simple form, penalty points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-card-theme.h"
#include "bk-herzla-review.h"
#include "bk-hint.h"

G_BEGIN_DECLS

gpointer  bk_herzla_hint_job_new  (BkGame                   *game,
                                   BkSeat                    seat,
                                   guint64                   seed);
gboolean  bk_herzla_hint_job_run  (gpointer                  job,
                                   GError                  **error);
char     *bk_herzla_hint_job_text (gpointer                  job,
                                   BkCardTheme              *theme,
                                   BkCard                   *card);
void      bk_herzla_hint_job_free (gpointer                  job);

char     *bk_herzla_hint_text     (BkCardTheme              *theme,
                                   const BkHerzlaReviewHint *hint,
                                   gboolean                  penalty);

G_END_DECLS
