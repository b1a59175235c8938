/* bk-lesson.h: one lesson as its file says it (docs/lessons.md): the game and house rules,
 * the prepared deal, the sections of the rules it teaches and its steps. Plain data read
 * from a GKeyFile; what a step's task accepts is judged by the engine (bk-lesson-run.h),
 * never by this file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_LESSON_ERROR (bk_lesson_error_quark ())
GQuark bk_lesson_error_quark (void);

typedef enum {
  BK_LESSON_ERROR_FORMAT,   /* a key missing or malformed */
  BK_LESSON_ERROR_ENGINE,   /* the engine refused the deal or a scripted card */
} BkLessonError;

/* What the table highlights while a step is shown: cards of the person's hand, or the
 * lines on Bierkopf's beer coaster. */
typedef enum {
  BK_LESSON_SHOW_NONE,
  BK_LESSON_SHOW_TRUMPS,   /* the trumps in the hand (the game's rules table) */
  BK_LESSON_SHOW_LEGAL,    /* the cards the engine allows now */
  BK_LESSON_SHOW_CARDS,    /* the cards the step names */
  BK_LESSON_SHOW_COASTER,  /* Bierkopf's beer coaster, the lines as the engine has them
                            * (B6.1); a task's step shows the hand's strike once answered */
} BkLessonShow;

/* What the person does in a step; every kind is judged by the engine. */
typedef enum {
  BK_LESSON_TASK_NONE,        /* read, then go on */
  BK_LESSON_TASK_PLAY,        /* any card the engine allows */
  BK_LESSON_TASK_WIN_TRICK,   /* an allowed card after which the engine gives the trick to
                               * the person */
  BK_LESSON_TASK_MOST_POINTS, /* an allowed card worth the most points of those allowed */
  BK_LESSON_TASK_LOSE_TRICK,  /* an allowed card after which the engine gives the trick to
                               * another player (Herzla: take no trick) */
  BK_LESSON_TASK_LINES,       /* after the hand: the lines the winners strike, as the
                               * engine scored the hand (a choice, not a card) */
  BK_LESSON_TASK_TALK,        /* Bierkopf's table talk: the word the engine's honest
                               * estimate of the person's hand gives (a choice of the
                               * words the engine allows now) */
  BK_LESSON_TASK_RETOUR,      /* Bierkopf's Retour (B3.6): say it now, or not yet, as the
                               * engine allows a doubling of the person now */
  BK_LESSON_TASK_LEADER,      /* a seat: who leads to this trick, as the engine says */
  BK_LESSON_TASK_VIEW_TRICK,  /* yes or no: may the person look at the step's trick now,
                               * as the engine says (B4.5) */
  BK_LESSON_TASK_PAID,        /* Herzla, the hand over: a seat the engine's payments pay
                               * (received cents, H5) */
} BkLessonTask;

/* The most scripted actions in a step: every card and word of a hand. */
#define BK_LESSON_MAX_ACTIONS 48

/* The choices a lines task offers: 0 to 3 lines (B5.2, B5.3, one multiplier). */
#define BK_LESSON_MAX_CHOICE 3

typedef struct {
  char         *text;        /* untranslated msgid; {EO} stands for a card's name */
  BkLessonShow  show;
  BkHand        show_cards;  /* BK_LESSON_SHOW_CARDS */
  BkAction      before[BK_LESSON_MAX_ACTIONS]; /* cards and words before the step, in order
                                              * (seat BK_SEAT_NONE: whoever is to act) */
  guint         n_before;
  BkLessonTask  task;
  BkHand        answers;     /* what the author means as the right answers (checked by
                              * the test against the engine, never used to judge): a
                              * set of cards, or of numbers (bit n: n) for a choice */
  BkAction      then[BK_LESSON_MAX_ACTIONS];   /* … after a right answer */
  guint         n_then;
  char         *right;       /* msgid said after a right answer, may be NULL */
  char         *wrong;       /* msgid explaining a wrong answer; names its section */
  char         *section;     /* the section the wrong answer's explanation names */
  guint         trick;       /* BK_LESSON_TASK_VIEW_TRICK: the trick asked of, 1 the first */
  char         *illegal;     /* msgid said after the engine's reason for a card it refuses;
                              * names its section (B4.2 …); NULL: the Wrong text */
} BkLessonStep;

typedef struct {
  char          *id;
  char          *title;       /* msgid */
  char          *summary;     /* msgid, one line for the list of lessons */
  BkGameKind     game;
  BkRules        rules;
  GStrv          sections;    /* the rules sections it teaches, e.g. "B1.3" */
  BkSeat         dealer;
  gboolean       talk;        /* the table talk is part of the lesson; else all pass */
  BkHand         hands[BK_MAX_SEATS];
  guint          n_steps;
  BkLessonStep  *steps;
} BkLesson;

BkLesson    *bk_lesson_new_from_data      (const char   *data,
                                           gsize         length,
                                           GError      **error);
BkLesson    *bk_lesson_new_from_resource  (const char   *path,
                                           GError      **error);
void         bk_lesson_free               (BkLesson     *lesson);
GPtrArray   *bk_lesson_load_all           (GError      **error);
char        *bk_lesson_expand             (const char   *msgid);
const char  *bk_lesson_task_id            (BkLessonTask  task);
gboolean     bk_lesson_task_is_choice     (BkLessonTask  task);

/* The folder of the lessons in the GResource. */
#define BK_LESSON_RESOURCE_DIR "/io/github/bierkopf/Bierkopf/lessons"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkLesson, bk_lesson_free)

G_END_DECLS
