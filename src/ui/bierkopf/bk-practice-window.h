/* bk-practice-window.h: the practice hand after the lessons (issue 33, item 3): a normal
 * hand of Bierkopf against the computer players at the real table, with a panel that
 * tells on request ("Why?") what the Meister would play and why (bk-reason.h), and after
 * each trick a comment on the person's card. The saved session, the statistics and the
 * lessons' progress are never touched.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_PRACTICE_WINDOW (bk_practice_window_get_type ())

G_DECLARE_FINAL_TYPE (BkPracticeWindow, bk_practice_window, BK, PRACTICE_WINDOW, AdwWindow)

/* The person's seat (notation.md: S, the bottom). */
#define BK_PRACTICE_PERSON ((BkSeat) 0)

GtkWidget   *bk_practice_window_new         (GtkWindow        *parent,
                                             guint64           seed);
void         bk_practice_window_new_hand    (BkPracticeWindow *self);
void         bk_practice_window_set_speed   (BkPracticeWindow *self,
                                             double            speed);
void         bk_practice_window_why         (BkPracticeWindow *self);
gboolean     bk_practice_window_is_thinking (BkPracticeWindow *self);
BkGame      *bk_practice_window_get_game    (BkPracticeWindow *self);
BkTable     *bk_practice_window_get_table   (BkPracticeWindow *self);
const char  *bk_practice_window_get_advice  (BkPracticeWindow *self);
const char  *bk_practice_window_get_comment (BkPracticeWindow *self);
GtkWidget   *bk_practice_window_get_choices (BkPracticeWindow *self);
const char  *bk_practice_window_get_talk    (BkPracticeWindow *self);

G_END_DECLS
