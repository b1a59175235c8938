/* bk-bierkopf-rules-page.h: the preferences' page of Bierkopf's house rules
 * (BkGameView.preferences_page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_BIERKOPF_RULES_PAGE (bk_bierkopf_rules_page_get_type ())

G_DECLARE_FINAL_TYPE (BkBierkopfRulesPage, bk_bierkopf_rules_page, BK, BIERKOPF_RULES_PAGE,
                      AdwPreferencesPage)

GtkWidget *bk_bierkopf_rules_page_new (GSettings *settings);

G_END_DECLS
