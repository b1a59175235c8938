/* bk-table.h: the card table of any game: 3 to 8 seats, the hands, the trick, names and
 * speech; what a game adds is its decoration (bk-table-decoration.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-card-theme.h"
#include "bk-game.h"
#include "bk-table-layout.h"

G_BEGIN_DECLS

#define BK_TYPE_TABLE (bk_table_get_type ())

G_DECLARE_FINAL_TYPE (BkTable, bk_table, BK, TABLE, GtkWidget)

typedef struct _BkTableDecoration BkTableDecoration;

GtkWidget   *bk_table_new                (void);
void         bk_table_set_game           (BkTable      *self,
                                          BkGame       *game);
void         bk_table_set_theme          (BkTable      *self,
                                          BkCardTheme  *theme);
void         bk_table_set_decoration     (BkTable      *self,
                                          BkTableDecoration *decoration);
void         bk_table_set_reserved_corners (BkTable    *self,
                                          BkTableCorners corners);
gboolean     bk_table_get_corner         (BkTable      *self,
                                          BkTableCorners corner,
                                          BkRect       *rect);
double       bk_table_get_hand_top       (BkTable      *self);
void         bk_table_set_player_names   (BkTable      *self,
                                          const char * const *names);
void         bk_table_set_animation_speed (BkTable     *self,
                                          double        speed);
void         bk_table_say                (BkTable      *self,
                                          BkSeat        seat,
                                          const char   *text);
gint64       bk_table_get_busy_until     (BkTable      *self);
void         bk_table_set_paused         (BkTable      *self,
                                          gboolean      paused);
gboolean     bk_table_is_paused          (BkTable      *self);
void         bk_table_hold               (BkTable      *self,
                                          gint64        usec);
gboolean     bk_table_is_holding         (BkTable      *self);
gboolean     bk_table_is_trick_in_view   (BkTable      *self);
gboolean     bk_table_dismiss            (BkTable      *self);
gboolean     bk_table_show_last_trick    (BkTable      *self);
void         bk_table_focus_hand         (BkTable      *self);
BkCard       bk_table_get_focus_card     (BkTable      *self);
gboolean     bk_table_raise_card         (BkTable      *self,
                                          BkCard        card);
gboolean     bk_table_is_seating         (BkTable      *self);
gboolean     bk_table_activate_card      (BkTable      *self,
                                          guint         index);
BkCardTheme *bk_table_get_theme          (BkTable      *self);
GtkWidget   *bk_table_get_card_widget    (BkTable      *self,
                                          BkCard        card);
void         bk_table_finish_animations  (BkTable      *self);

G_END_DECLS
