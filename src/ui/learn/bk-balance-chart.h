/* bk-balance-chart.h: the running balance (lines or cents) over the last sessions, as a
 * line drawn with GtkSnapshot in the colours of the current style.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-history.h"

G_BEGIN_DECLS

#define BK_TYPE_BALANCE_CHART (bk_balance_chart_get_type ())

G_DECLARE_FINAL_TYPE (BkBalanceChart, bk_balance_chart, BK, BALANCE_CHART, GtkWidget)

GtkWidget *bk_balance_chart_new        (void);
void       bk_balance_chart_set_points (BkBalanceChart       *self,
                                        const BkHistoryPoint *points,
                                        guint                 n_points);
guint      bk_balance_chart_get_n_points (BkBalanceChart     *self);

G_END_DECLS
