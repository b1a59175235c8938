/* bk-statistics-window.h: the person's record from the history: per game and computer
 * strength the hands, won and lost and the game's own figures (its view's statistics_rows),
 * hands with hints or take-backs apart, the running balance over the last sessions and the
 * last hands with their reviews; "Reset…" forgets it all after asking. The game views add
 * their rows with bk_statistics_rows_take() and the shared figures' texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game-view.h"
#include "bk-history-recorder.h"

G_BEGIN_DECLS

#define BK_TYPE_STATISTICS_WINDOW (bk_statistics_window_get_type ())

G_DECLARE_FINAL_TYPE (BkStatisticsWindow, bk_statistics_window, BK, STATISTICS_WINDOW, AdwWindow)

BkStatisticsWindow *bk_statistics_window_new        (GtkWindow          *parent,
                                                     BkHistoryRecorder  *recorder);
const char         *bk_statistics_window_get_page   (BkStatisticsWindow *self);
const char         *bk_statistics_window_get_value  (BkStatisticsWindow *self,
                                                     const char         *group,
                                                     const char         *row);
AdwMessageDialog   *bk_statistics_window_get_dialog (BkStatisticsWindow *self);
gint64              bk_statistics_window_get_load_usec (BkStatisticsWindow *self);
guint               bk_statistics_window_get_n_chart_points (BkStatisticsWindow *self);

void                bk_statistics_rows_take         (BkStatisticsRows   *rows,
                                                     const char         *key,
                                                     const char         *title,
                                                     char               *value);
char               *bk_statistics_count_share       (guint               count,
                                                     guint               hands);
char               *bk_statistics_pair              (guint               first,
                                                     guint               second);

G_END_DECLS
