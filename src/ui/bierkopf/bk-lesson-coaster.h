/* bk-lesson-coaster.h: the beer coaster a Bierkopf lesson shows (Show=coaster,
 * docs/lessons.md): the main window's BkCoaster, to look at, with the lines the engine
 * has after the hand and those the hand struck marked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-game.h"

G_BEGIN_DECLS

GtkWidget *bk_lesson_coaster_new  (void);
char      *bk_lesson_coaster_show (GtkWidget *coaster,
                                   BkGame    *game,
                                   gboolean   struck);

G_END_DECLS
