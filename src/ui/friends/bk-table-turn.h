/* bk-table-turn.h: a table with friends as one chair sees it. The window shows the person
 * here at seat 0, at the bottom; at the table he may sit anywhere. The window's game is the
 * table's record with every seat it names turned, so that his seat becomes seat 0: the
 * seats keep their order round the table, so the game is the same game (the deal passes
 * clockwise, partners sit across). Lines go in turned by the seat, and come out turned back.
 * The seating draw keeps the table's start: its ceremony is the table's (South never moves
 * there, spec B2.1); the line says "turned BY", and the game turns the ceremony's moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* @line of the record with each seat s it names (an action's, the dealer, a hand's) as
 * s − @by round a table of @n_seats; a seating draw's says it is turned by @by more. */
char *bk_table_turn_line   (const BkRules *rules,
                            guint          n_seats,
                            const char    *line,
                            guint          by);
/* A whole record so turned (the header's lines name no seat). */
char *bk_table_turn_record (const BkRules *rules,
                            guint          n_seats,
                            const char    *record,
                            guint          by);

G_END_DECLS
