/* bk-lesson-texts.h: the lessons' texts as xgettext reads them (bk-lesson-texts.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

extern const char * const bk_lesson_texts[];
