/* bk-bierkopf-table.h: Bierkopf's marks on the shared table: the partners by colour (South
 * and North against West and East) and the seating ceremony before the first deal (spec
 * B2.1). The coaster and the hand's value are the window's, in the two top corners the
 * table keeps free for them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table-decoration.h"

G_BEGIN_DECLS

#define BK_TYPE_BIERKOPF_TABLE (bk_bierkopf_table_get_type ())

G_DECLARE_FINAL_TYPE (BkBierkopfTable, bk_bierkopf_table, BK, BIERKOPF_TABLE, BkTableDecoration)

BkTableDecoration *bk_bierkopf_table_new (void);

G_END_DECLS
