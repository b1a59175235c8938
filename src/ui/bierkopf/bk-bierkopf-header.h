/* bk-bierkopf-header.h: Bierkopf's controls in the window's header corner.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_BIERKOPF_HEADER (bk_bierkopf_header_get_type ())

G_DECLARE_FINAL_TYPE (BkBierkopfHeader, bk_bierkopf_header, BK, BIERKOPF_HEADER, GtkBox)

GtkWidget *bk_bierkopf_header_new            (void);
GtkWidget *bk_bierkopf_header_get_talk_place (BkBierkopfHeader *self);
void       bk_bierkopf_header_update         (BkBierkopfHeader *self,
                                              guint             multiplier,
                                              gboolean          retour,
                                              gboolean          offer,
                                              const char       *talk_log,
                                              gboolean          narrow);
void       bk_bierkopf_header_hide_retour    (BkBierkopfHeader *self);

G_END_DECLS
