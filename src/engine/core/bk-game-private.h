/* bk-game-private.h: what the record reader and a game's module may do to a game that
 * nobody else may.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

gboolean bk_game_change_rules (BkGame         *self,
                               const BkRules  *rules,
                               GError        **error);

/* For a game's module: its score to change outside of scoring a hand (e.g. Bierkopf's
 * seating ceremony), a line of its own in the record, and whether the last hand ended a
 * round of the session. */
gpointer bk_game_peek_score   (BkGame         *self);
void     bk_game_record_line  (BkGame         *self,
                               const char     *line);
gboolean bk_game_round_ended  (BkGame         *self);
gboolean bk_game_restore_checkpoint (BkGame             *self,
                                     guint               hands,
                                     BkSeat              dealer,
                                     gboolean            round_ended,
                                     const char * const *words,
                                     GError            **error);

G_END_DECLS
