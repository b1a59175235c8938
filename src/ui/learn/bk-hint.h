/* bk-hint.h: the hint (issue 17): the card or word the Meister would choose for the
 * person, computed off the main thread, raised on the table with the two best options'
 * values in its tooltip (a word or a doubling is told in a message). What the hint asks
 * and says is each game's (BkGameView's hint hooks); this is what every game's shares.
 *
 * Signals: "message" (text): something to tell the person (a word's hint, or why there is
 * none); "shown": a hint has been given (bk_hint_get_last()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-game-view.h"
#include "bk-history-recorder.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_HINT (bk_hint_get_type ())

G_DECLARE_FINAL_TYPE (BkHint, bk_hint, BK, HINT, GObject)

BkHint   *bk_hint_new            (BkTable              *table,
                                  BkHistoryRecorder    *recorder);
void      bk_hint_request        (BkHint               *self,
                                  BkGame               *game,
                                  BkSeat                seat);
void      bk_hint_cancel         (BkHint               *self);
gpointer  bk_hint_get_last       (BkHint               *self,
                                  const BkGameView    **view);
double    bk_hint_tidy           (double                value,
                                  int                   decimals);

G_END_DECLS
