/* bk-window-test.h: what the tests ask the window besides its public API: the dialog that
 * waits, whether it is settled, its messages, the hint, how often the header was updated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-hint.h"
#include "bk-sound.h"
#include "bk-window.h"

G_BEGIN_DECLS

AdwMessageDialog *bk_window_get_dialog          (BkWindow *self);
gboolean          bk_window_is_settled          (BkWindow *self);
gboolean          bk_window_is_loading          (BkWindow *self);
const char       *bk_window_get_toast           (BkWindow *self);
const char       *bk_window_get_notice          (BkWindow *self);
const char       *bk_window_get_save_problem    (BkWindow *self);
const char       *bk_window_get_history_problem (BkWindow *self);
BkHint           *bk_window_get_hint            (BkWindow *self);
BkSound          *bk_window_get_sound           (BkWindow *self);
char             *bk_window_dup_save_path       (void);
void              bk_window_set_person_seats    (BkWindow *self,
                                                 guint     seats);
guint             bk_window_get_n_control_updates (BkWindow *self);

G_END_DECLS
