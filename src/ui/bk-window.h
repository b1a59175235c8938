/* bk-window.h: the main window: the table, the coaster, the talk and the results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-history-recorder.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_WINDOW (bk_window_get_type ())

G_DECLARE_FINAL_TYPE (BkWindow, bk_window, BK, WINDOW, AdwApplicationWindow)

BkWindow         *bk_window_new              (AdwApplication  *application);
BkGame           *bk_window_get_game         (BkWindow        *self);
BkTable          *bk_window_get_table        (BkWindow        *self);
BkSeat            bk_window_get_seat_of      (BkWindow        *self,
                                              guint            person);
AdwMessageDialog *bk_window_get_dialog       (BkWindow        *self);
gboolean          bk_window_is_settled       (BkWindow        *self);
gboolean          bk_window_is_loading       (BkWindow        *self);
const char       *bk_window_get_toast        (BkWindow        *self);
const char       *bk_window_get_notice       (BkWindow        *self);
const char       *bk_window_get_save_problem (BkWindow        *self);
const char       *bk_window_get_history_problem (BkWindow     *self);
void              bk_window_switch_game          (BkWindow       *self,
                                                  const char     *game,
                                                  gboolean        resume);
const char       *bk_window_get_game_id          (BkWindow       *self);
GArray           *bk_window_get_herzla_results   (BkWindow       *self);
void              bk_window_new_session      (BkWindow        *self);
gboolean          bk_window_save             (BkWindow        *self,
                                              GError         **error);
BkHistoryRecorder *bk_window_get_history_recorder (BkWindow      *self);
char             *bk_window_dup_save_path    (void);
void              bk_window_take_session     (BkWindow        *self,
                                              BkGame          *game);
struct _BkHint   *bk_window_get_hint         (BkWindow        *self);

void              bk_window_fit_inside_parent (GtkWindow       *window);

G_END_DECLS
