/* bk-stock-pot.h: the stock of a four-player Herzla session (docs/rules-herzla.md H5.2-H5.4)
 * drawn as a glass of coins on the table that fills and empties as the stock changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_STOCK_POT (bk_stock_pot_get_type ())

G_DECLARE_FINAL_TYPE (BkStockPot, bk_stock_pot, BK, STOCK_POT, GtkWidget)

GtkWidget *bk_stock_pot_new                 (void);
void       bk_stock_pot_set_cents           (BkStockPot *self,
                                             int         cents,
                                             gboolean    animate);
int        bk_stock_pot_get_cents           (BkStockPot *self);
int        bk_stock_pot_get_shown_cents     (BkStockPot *self);
double     bk_stock_pot_get_level           (BkStockPot *self);
gboolean   bk_stock_pot_is_animating        (BkStockPot *self);
void       bk_stock_pot_set_animation_speed (BkStockPot *self,
                                             double      speed);

G_END_DECLS
