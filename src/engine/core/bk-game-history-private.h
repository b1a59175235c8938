/* bk-game-history-private.h: how BkGame and the game modules fill a session's history
 * (bk-game-history.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-history.h"

G_BEGIN_DECLS

typedef struct _BkGameHistory BkGameHistory;

/* For BkGame (bk-game.c): its history, with results of @result_size bytes. */
BkGameHistory *bk_game_history_new      (gsize          result_size);
void           bk_game_history_free     (BkGameHistory *history);
void           bk_game_history_add_hand (BkGameHistory *history,
                                         guint          number,
                                         BkSeat         dealer,
                                         gboolean       round_ended,
                                         const BkHand  *dealt,
                                         guint          n_seats,
                                         gconstpointer  result);
BkGameHistory *bk_game_peek_history     (BkGame        *self);

/* For a game's module, as it tells of an action (its `changed` hook): a word @seat said
 * in the current hand. */
void           bk_game_note_word        (BkGame        *self,
                                         BkSeat         seat,
                                         BkActionType   kind,
                                         guint          value);

G_END_DECLS
