/* bk-table-private.h: what the table shows its tests beyond its public API.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table.h"

G_BEGIN_DECLS

/* How often the table has refreshed what it shows from the model (issue 22: once per
 * change of the model). */
guint bk_table_get_n_refreshes (BkTable *self);

G_END_DECLS
