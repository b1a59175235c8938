/* bk-bierkopf-view.h: Bierkopf's view module; see bk-game-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-talk.h"
#include "bk-game-view.h"

G_BEGIN_DECLS

extern const BkGameView bk_bierkopf_view;

/* A word said at the table as the talk quotes it (also for the tests). */
char *bk_bierkopf_view_quote_word (BkWord word);
char *bk_bierkopf_view_doubling_text (guint multiplier);

G_END_DECLS
