/* bk-herzla-grid.h: the tables of Herzla's sheets and ledger: a grid of a row a player
 * under a row of headings, built from a description of its columns, and a row for the
 * stock; shared by the result and settled sheets (bk-herzla-sheet.c) and the ledger
 * (bk-herzla-ledger.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  BK_HERZLA_CELL_PLAIN,
  BK_HERZLA_CELL_STRONG,        /* bold: the totals */
  BK_HERZLA_CELL_STRONG_LEADS,  /* bold in the leaders' rows */
} BkHerzlaCellWeight;

/* A column after the players' names. */
typedef struct {
  const char         *heading;
  const char         *name;    /* the cells are named "NAME-SEAT" (for the tests); NULL: not */
  BkHerzlaCellWeight  weight;
  gboolean            marked;  /* the leaders' cells in the success colour */
} BkHerzlaColumn;

GtkGrid   *bk_herzla_grid_new          (const char           *first_heading,
                                        const BkHerzlaColumn *columns,
                                        guint                 n_columns);
void       bk_herzla_grid_add_player   (GtkGrid              *grid,
                                        const BkHerzlaColumn *columns,
                                        guint                 n_columns,
                                        guint                 seat,
                                        const char           *who,
                                        gboolean              strong,
                                        gboolean              leads,
                                        const char * const   *values);
void       bk_herzla_grid_add_stock    (GtkGrid              *grid,
                                        guint                 n_columns,
                                        guint                 n_players,
                                        const char           *before,
                                        const char           *now);
GtkWidget *bk_herzla_grid_cell         (GtkGrid              *grid,
                                        int                   column,
                                        int                   row,
                                        const char           *text,
                                        const char           *name,
                                        gboolean              strong);
GtkWidget *bk_herzla_grid_header       (GtkGrid              *grid,
                                        int                   column,
                                        const char           *text);
char      *bk_herzla_list_names        (guint32               mask,
                                        guint                 n_players,
                                        const char * const   *names);

G_END_DECLS
