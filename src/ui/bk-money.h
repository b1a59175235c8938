/* bk-money.h: amounts of money as the language shown writes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *bk_money_format_cents (gint     cents,
                             gboolean sign);

G_END_DECLS
