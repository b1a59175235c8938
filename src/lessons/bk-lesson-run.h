/* bk-lesson-run.h: a lesson being played: the real game (BkGame) dealt the lesson's deal,
 * the step shown, and the judge of the person's answers, which asks the engine (a card's
 * legality, who takes the trick, its points) on a copy of the hand, so that a wrong
 * answer changes nothing and the person tries again. A view shows the game at its table
 * and the step beside it; the engine knows nothing of lessons.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-lesson.h"

G_BEGIN_DECLS

#define BK_TYPE_LESSON_RUN (bk_lesson_run_get_type ())

G_DECLARE_FINAL_TYPE (BkLessonRun, bk_lesson_run, BK, LESSON_RUN, GObject)

/* The seat of the person in a lesson (notation.md: S, the bottom). */
#define BK_LESSON_PERSON ((BkSeat) 0)

/* An answer of a choice task: its value (lines, or a BkWord) and its label. */
typedef struct {
  guint  value;
  char  *label;  /* translated, may hold a mnemonic */
} BkLessonChoice;

void                bk_lesson_choice_clear     (BkLessonChoice *choice);

BkLessonRun        *bk_lesson_run_new          (const BkLesson *lesson,
                                                GError        **error);
const BkLesson     *bk_lesson_run_get_lesson   (BkLessonRun    *self);
BkGame             *bk_lesson_run_get_game     (BkLessonRun    *self);
guint               bk_lesson_run_get_step     (BkLessonRun    *self);
const BkLessonStep *bk_lesson_run_get_current  (BkLessonRun    *self);
gboolean            bk_lesson_run_is_answered  (BkLessonRun    *self);
gboolean            bk_lesson_run_is_finished  (BkLessonRun    *self);
char               *bk_lesson_run_dup_text     (BkLessonRun    *self);
BkHand              bk_lesson_run_get_highlight (BkLessonRun   *self);
gboolean            bk_lesson_run_judge        (BkLessonRun    *self,
                                                BkCard          card,
                                                char          **explanation,
                                                GError        **error);
gboolean            bk_lesson_run_answer       (BkLessonRun    *self,
                                                BkCard          card,
                                                char          **explanation,
                                                GError        **error);
gboolean            bk_lesson_run_judge_choice (BkLessonRun   *self,
                                                guint          value,
                                                char         **explanation);
gboolean            bk_lesson_run_answer_choice (BkLessonRun  *self,
                                                guint          value,
                                                char         **explanation);
GArray             *bk_lesson_run_dup_choices  (BkLessonRun    *self);
BkHand              bk_lesson_run_accepted     (BkLessonRun    *self,
                                                GError        **error);
gboolean            bk_lesson_run_next         (BkLessonRun    *self,
                                                GError        **error);
gboolean            bk_lesson_run_skip_to      (BkLessonRun    *self,
                                                guint           step,
                                                GError        **error);

G_END_DECLS
