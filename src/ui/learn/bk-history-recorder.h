/* bk-history-recorder.h: the app's history of finished hands. It opens the history
 * database (BkHistory) once, stores every hand the person finishes in a watched session,
 * and runs the statistics' queries; all database work happens in order on one worker
 * thread, so the game never waits for the disk. A hand that cannot be written now (the
 * file busy, locked, the disk full) stays queued and is tried again later, never dropped.
 *
 * Signals: "set-aside" (path): the history was damaged and has been moved to @path, a new
 * one started; "hand-stored": hands have been written; "problem" (message): hands cannot
 * be recorded now (or at all: a read-only file, a newer version's), a translated message
 * for the person that stands until "problem-solved".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-game.h"
#include "bk-history.h"

G_BEGIN_DECLS

#define BK_TYPE_HISTORY_RECORDER (bk_history_recorder_get_type ())

G_DECLARE_FINAL_TYPE (BkHistoryRecorder, bk_history_recorder, BK, HISTORY_RECORDER, GObject)

BkHistoryRecorder *bk_history_recorder_new            (const char         *path);
const char        *bk_history_recorder_get_path       (BkHistoryRecorder  *self);
void               bk_history_recorder_watch          (BkHistoryRecorder  *self,
                                                       BkGame             *game);
void               bk_history_recorder_watch_table    (BkHistoryRecorder  *self,
                                                       BkGame             *game);
void               bk_history_recorder_keep_session   (BkHistoryRecorder  *self);
void               bk_history_recorder_set_levels     (BkHistoryRecorder  *self,
                                                       const char * const  levels[BK_N_SEATS]);
void               bk_history_recorder_note_hint      (BkHistoryRecorder  *self);
void               bk_history_recorder_note_takeback  (BkHistoryRecorder  *self);
void               bk_history_recorder_get_stats_async (BkHistoryRecorder *self,
                                                        guint              n_sessions,
                                                        GCancellable      *cancellable,
                                                        GAsyncReadyCallback callback,
                                                        gpointer           user_data);
BkHistoryStats    *bk_history_recorder_get_stats_finish (BkHistoryRecorder *self,
                                                         GAsyncResult      *result,
                                                         GError           **error);
void               bk_history_recorder_get_recent_async (BkHistoryRecorder *self,
                                                         const char        *game,
                                                         guint              limit,
                                                         GCancellable      *cancellable,
                                                         GAsyncReadyCallback callback,
                                                         gpointer           user_data);
GPtrArray         *bk_history_recorder_get_recent_finish (BkHistoryRecorder *self,
                                                          GAsyncResult      *result,
                                                          GError           **error);
void               bk_history_recorder_reset_async    (BkHistoryRecorder  *self,
                                                       GCancellable       *cancellable,
                                                       GAsyncReadyCallback callback,
                                                       gpointer            user_data);
gboolean           bk_history_recorder_reset_finish   (BkHistoryRecorder  *self,
                                                       GAsyncResult       *result,
                                                       GError            **error);
void               bk_history_recorder_flush          (BkHistoryRecorder  *self);
guint              bk_history_recorder_get_n_waiting  (BkHistoryRecorder  *self);
const char        *bk_history_recorder_get_problem    (BkHistoryRecorder  *self);

G_END_DECLS
