/* bk-record.h: reading the game record of notation.md (and the save file built on it)
 * by replaying every line through the same checks as live play.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* Called once the game exists and before its first move, to connect to its signals. */
typedef void (*BkRecordReadyFunc) (BkGame   *game,
                                   gpointer  user_data);

BkGame      *bk_record_replay    (const char         *text,
                                  const BkRules      *defaults,
                                  BkRecordReadyFunc   ready,
                                  gpointer            user_data,
                                  GError            **error);
BkGame      *bk_game_load        (const char         *path,
                                  GError            **error);

G_END_DECLS
