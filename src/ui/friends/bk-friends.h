/* bk-friends.h: the app's ways to a table with friends (issue 24), with the `net` feature
 * only: "Table with Friends" and "Join a Table" in the game chooser, and
 * `bierkopf --join URI`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-window.h"

G_BEGIN_DECLS

/* A table of @game_id (a row of the chooser) with the rules chosen for it, and its lobby
 * over @window. */
void bk_friends_open_table (BkWindow   *window,
                            const char *game_id);
/* The lobby of the table of @uri (NULL: the person pastes it there). */
void bk_friends_join_table (BkWindow   *window,
                            const char *uri);

G_END_DECLS
