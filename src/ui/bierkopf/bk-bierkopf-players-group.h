/* bk-bierkopf-players-group.h: the preferences' group of Bierkopf's computer players, on
 * the shared Game page (BkGameView.preferences_group).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_BIERKOPF_PLAYERS_GROUP (bk_bierkopf_players_group_get_type ())

G_DECLARE_FINAL_TYPE (BkBierkopfPlayersGroup, bk_bierkopf_players_group, BK,
                      BIERKOPF_PLAYERS_GROUP, AdwPreferencesGroup)

GtkWidget *bk_bierkopf_players_group_new (GSettings *settings);

G_END_DECLS
