/* bk-banner.h: a message at the top of the window that stays until it is dismissed or
 * taken back, read whole however narrow the window (libadwaita 1.2 has no AdwBanner).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_BANNER (bk_banner_get_type ())

G_DECLARE_FINAL_TYPE (BkBanner, bk_banner, BK, BANNER, GtkWidget)

GtkWidget  *bk_banner_new             (void);
void        bk_banner_show            (BkBanner   *self,
                                       const char *text);
void        bk_banner_hide            (BkBanner   *self);
const char *bk_banner_get_text        (BkBanner   *self);
gboolean    bk_banner_get_shown       (BkBanner   *self);
void        bk_banner_set_dismissable (BkBanner   *self,
                                       gboolean    dismissable);

G_END_DECLS
