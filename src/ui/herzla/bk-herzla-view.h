/* bk-herzla-view.h: Herzla's view module; see bk-game-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-view.h"

G_BEGIN_DECLS

extern const BkGameView bk_herzla_view;

/* For the tests: the results of the hands of the window's Herzla session as the ledger
 * shows them, a new array from the game (empty in a session of another game). */
GArray *bk_herzla_view_dup_results (BkWindow *window);

G_END_DECLS
