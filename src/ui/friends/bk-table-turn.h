/* bk-table-turn.h: a table with friends as one chair sees it. The window shows the person
 * here at seat 0, at the bottom; at the table he may sit anywhere. The window's game is the
 * table's record with every seat it names turned, so that his seat becomes seat 0: the
 * seats keep their order round the table, so the game is the same game (the deal passes
 * clockwise, partners sit across). Lines go in turned by the seat, and come out turned back.
 * The seating draw is the one line that is not turned: its ceremony is the table's (South
 * never moves there, spec B2.1), so the game takes the ceremony's moves turned instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* @line of the record with each seat s it names (an action's, the dealer, a hand's) as
 * s − @by round a table of @n_seats. */
char *bk_table_turn_line   (const BkRules *rules,
                            guint          n_seats,
                            const char    *line,
                            guint          by);
/* A whole record so turned (the header's lines name no seat). */
char *bk_table_turn_record (const BkRules *rules,
                            guint          n_seats,
                            const char    *record,
                            guint          by);

/* The game of a record turned by @by (bk_table_turn_record()): each seating ceremony it
 * reads is turned as well, so that the game seats the table's partners. */
BkGame *bk_table_turn_replay (const char *turned,
                              guint       by,
                              GError    **error);

G_END_DECLS
