/* bk-herzla-options.h: the game chooser's options of Herzla's simple form: the players and
 * the end of the session (H6.3), read from and written to GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_OPTIONS (bk_herzla_options_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaOptions, bk_herzla_options, BK, HERZLA_OPTIONS, AdwBin)

GtkWidget *bk_herzla_options_new   (GSettings *settings);
void       bk_herzla_options_apply (GtkWidget *options,
                                    GSettings *settings);

G_END_DECLS
