/* bk-card-view.h: one card on the table, face up or face down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-card.h"
#include "bk-card-theme.h"

G_BEGIN_DECLS

#define BK_TYPE_CARD_VIEW (bk_card_view_get_type ())

G_DECLARE_FINAL_TYPE (BkCardView, bk_card_view, BK, CARD_VIEW, GtkWidget)

GtkWidget   *bk_card_view_new          (BkCardTheme *theme,
                                        BkCard       card);
BkCard       bk_card_view_get_card     (BkCardView  *self);
void         bk_card_view_set_theme    (BkCardView  *self,
                                        BkCardTheme *theme);
gboolean     bk_card_view_get_face_up  (BkCardView  *self);
void         bk_card_view_set_face_up  (BkCardView  *self,
                                        gboolean     face_up);
void         bk_card_view_set_dimmed   (BkCardView  *self,
                                        gboolean     dimmed);
void         bk_card_view_set_labels   (BkCardView  *self,
                                        const char  *face_label,
                                        const char  *back_label);
const char  *bk_card_theme_id          (BkCard       card);
BkDeckStyle  bk_card_theme_deck_style  (BkCardTheme *theme);
char        *bk_card_theme_card_name   (BkCardTheme *theme,
                                        BkCard       card);
GtkWidget   *bk_card_picture_new       (BkCardTheme *theme,
                                        BkCard       card,
                                        int          width,
                                        int          scale);

G_END_DECLS
