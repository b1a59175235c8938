/* bk-table-decoration.c: the base of a game's decoration of the table (see the header);
 * every hook is optional.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-table-decoration.h"

G_DEFINE_ABSTRACT_TYPE (BkTableDecoration, bk_table_decoration, G_TYPE_OBJECT)

static void
bk_table_decoration_class_init (BkTableDecorationClass *klass)
{
}

static void
bk_table_decoration_init (BkTableDecoration *self)
{
}
