/* bk-herzla-preferences-page.h: the preferences' page of Herzla: its computer players and
 * its house rules (BkGameView.preferences_page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_PREFERENCES_PAGE (bk_herzla_preferences_page_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaPreferencesPage, bk_herzla_preferences_page, BK,
                      HERZLA_PREFERENCES_PAGE, AdwPreferencesPage)

GtkWidget *bk_herzla_preferences_page_new (GSettings *settings);

G_END_DECLS
