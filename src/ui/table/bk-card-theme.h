/* bk-card-theme.h: a deck of card images drawn from one SVG
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gdk/gdk.h>

G_BEGIN_DECLS

#define BK_TYPE_CARD_THEME (bk_card_theme_get_type ())

G_DECLARE_FINAL_TYPE (BkCardTheme, bk_card_theme, BK, CARD_THEME, GObject)

/* GResource paths of the built-in themes. */
#define BK_CARD_THEME_BAVARIAN      "/io/github/bierkopf/Bierkopf/cards/bavarian.svg"
#define BK_CARD_THEME_FRENCH        "/io/github/bierkopf/Bierkopf/cards/french.svg"
#define BK_CARD_THEME_FRENCH_4COLOR "/io/github/bierkopf/Bierkopf/cards/french-4color.svg"

BkCardTheme *bk_card_theme_new               (const char  *resource_path,
                                              GError     **error);
BkCardTheme *bk_card_theme_new_with_index_letters (const char  *resource_path,
                                                   const char  *index_letters,
                                                   GError     **error);
const char  *bk_card_theme_get_resource_path (BkCardTheme *self);
gboolean     bk_card_theme_is_french         (BkCardTheme *self);
double       bk_card_theme_get_aspect        (BkCardTheme *self);
int          bk_card_theme_get_height_for_width (BkCardTheme *self,
                                                 int          width);
gboolean     bk_card_theme_has_card          (BkCardTheme *self,
                                              const char  *card_id);
GdkTexture  *bk_card_theme_get_texture       (BkCardTheme *self,
                                              const char  *card_id,
                                              int          width,
                                              int          scale);
void         bk_card_theme_clear_cache       (BkCardTheme *self);
guint        bk_card_theme_get_cache_size    (BkCardTheme *self);

G_END_DECLS
