/* bk-name-tag.h: a seat's tag on the table: the name, then whatever a game's decoration
 * puts beside it (e.g. badges), side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BK_TYPE_NAME_TAG (bk_name_tag_get_type ())

G_DECLARE_FINAL_TYPE (BkNameTag, bk_name_tag, BK, NAME_TAG, GtkWidget)

GtkWidget *bk_name_tag_new         (void);
GtkLabel  *bk_name_tag_get_label   (BkNameTag  *self);
void       bk_name_tag_set_text    (BkNameTag  *self,
                                    const char *text);
void       bk_name_tag_set_to_act  (BkNameTag  *self,
                                    gboolean    to_act);
void       bk_name_tag_add_part    (BkNameTag  *self,
                                    GtkWidget  *part);
void       bk_name_tag_remove_part (BkNameTag  *self,
                                    GtkWidget  *part);

G_END_DECLS
