/* bk-lesson-window.h: Learn to Play (issue 33): the real table with a lesson's deal and,
 * below it, the lesson panel: the step's text, the cards it speaks of, what the person
 * did and Next. Progress is kept in GSettings (lessons-done, lesson-at); the saved
 * session and the statistics are never touched.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-lesson-run.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_LESSON_WINDOW (bk_lesson_window_get_type ())

G_DECLARE_FINAL_TYPE (BkLessonWindow, bk_lesson_window, BK, LESSON_WINDOW, AdwWindow)

GtkWidget   *bk_lesson_window_new          (GtkWindow      *parent);
gboolean     bk_lesson_window_open         (BkLessonWindow *self,
                                            const char     *lesson_id);
BkLessonRun *bk_lesson_window_get_run      (BkLessonWindow *self);
BkTable     *bk_lesson_window_get_table    (BkLessonWindow *self);
const char  *bk_lesson_window_get_feedback (BkLessonWindow *self);
gboolean     bk_lesson_window_next         (BkLessonWindow *self);

G_END_DECLS
