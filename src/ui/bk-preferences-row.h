/* bk-preferences-row.h: a row of the preferences bound to its GSettings key, for the
 * preferences window and the pages the game views add to it (BkGameView.preferences_page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game-view.h"

G_BEGIN_DECLS

GtkWidget *bk_preferences_row_new          (GSettings          *settings,
                                            const char         *key,
                                            const char         *title,
                                            const char         *subtitle,
                                            const char * const *choices);
GtkWidget *bk_preferences_row_new_strength (GSettings          *settings,
                                            const char         *key,
                                            const char         *subtitle);
void       bk_preferences_add_house_rules  (AdwPreferencesGroup *group,
                                            GSettings           *settings,
                                            const BkGameView    *view);

G_END_DECLS
