/* bk-coaster.h: the beer coaster that keeps the score of a Bollen
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_COASTER (bk_coaster_get_type ())

G_DECLARE_FINAL_TYPE (BkCoaster, bk_coaster, BK, COASTER, GtkWidget)

#define BK_COASTER_DEFAULT_LINES 21
#define BK_COASTER_MAX_LINES     99

GtkWidget *bk_coaster_new                   (void);

guint      bk_coaster_get_lines_total       (BkCoaster *self);
void       bk_coaster_set_lines_total       (BkCoaster *self,
                                             guint      lines_total);
guint      bk_coaster_get_lines_left_us     (BkCoaster *self);
void       bk_coaster_set_lines_left_us     (BkCoaster *self,
                                             guint      lines_left);
guint      bk_coaster_get_lines_left_them   (BkCoaster *self);
void       bk_coaster_set_lines_left_them   (BkCoaster *self,
                                             guint      lines_left);
guint      bk_coaster_get_dots_us           (BkCoaster *self);
void       bk_coaster_set_dots_us           (BkCoaster *self,
                                             guint      dots);
guint      bk_coaster_get_dots_them         (BkCoaster *self);
void       bk_coaster_set_dots_them         (BkCoaster *self,
                                             guint      dots);
guint      bk_coaster_get_carry             (BkCoaster *self);
void       bk_coaster_set_carry             (BkCoaster *self,
                                             guint      carry);
double     bk_coaster_get_animation_speed   (BkCoaster *self);
void       bk_coaster_set_animation_speed   (BkCoaster *self,
                                             double     speed);

void       bk_coaster_set_state             (BkCoaster *self,
                                             guint      lines_left_us,
                                             guint      lines_left_them,
                                             guint      dots_us,
                                             guint      dots_them,
                                             guint      carry);

void       bk_coaster_set_marked            (BkCoaster *self,
                                             guint      marked_us,
                                             guint      marked_them);
guint      bk_coaster_get_marked_us         (BkCoaster *self);
guint      bk_coaster_get_marked_them       (BkCoaster *self);

gboolean   bk_coaster_is_animating          (BkCoaster *self);
char      *bk_coaster_dup_description       (BkCoaster *self);
guint      bk_coaster_get_n_words           (BkCoaster *self);
const char *bk_coaster_get_word             (BkCoaster *self,
                                             guint      i,
                                             double    *share);

G_END_DECLS
