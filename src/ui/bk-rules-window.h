/* bk-rules-window.h: the rules in short, with the house rules in use marked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_RULES_WINDOW (bk_rules_window_get_type ())

G_DECLARE_FINAL_TYPE (BkRulesWindow, bk_rules_window, BK, RULES_WINDOW, AdwWindow)

GtkWidget *bk_rules_window_new      (void);
GtkWidget *bk_rules_window_new_for_game (const char *game);
char      *bk_rules_window_dup_text (BkRulesWindow *self);
gboolean   bk_rules_window_has_selection (BkRulesWindow *self);

G_END_DECLS
