/* bk-herzla-table.h: Herzla's marks on the shared table: the hearts each player took this
 * hand by his name (H1.3), the contract by its declarer (H3.1) and, in the four-player
 * game, the stock in its glass in the top right corner (H5.2-H5.4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table-decoration.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_TABLE (bk_herzla_table_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaTable, bk_herzla_table, BK, HERZLA_TABLE, BkTableDecoration)

BkTableDecoration *bk_herzla_table_new (void);

G_END_DECLS
