/* bk-preferences-window.h: Preferences, bound to GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_PREFERENCES_WINDOW (bk_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (BkPreferencesWindow, bk_preferences_window, BK, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget *bk_preferences_window_new (void);

G_END_DECLS
