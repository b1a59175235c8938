/* bk-bierkopf-players-group.c: the strength of Bierkopf's computer players, bound to
 * GSettings; the group's description says what each level means.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-players-group.h"
#include "bk-bierkopf-view.h"
#include "bk-preferences-row.h"

struct _BkBierkopfPlayersGroup
{
  AdwPreferencesGroup parent_instance;
};

G_DEFINE_FINAL_TYPE (BkBierkopfPlayersGroup, bk_bierkopf_players_group,
                     ADW_TYPE_PREFERENCES_GROUP)

static void
bk_bierkopf_players_group_class_init (BkBierkopfPlayersGroupClass *klass)
{
  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-bierkopf-players-group.ui");
}

static void
bk_bierkopf_players_group_init (BkBierkopfPlayersGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bk_bierkopf_players_group_new (GSettings *settings)
{
  AdwPreferencesGroup *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BK_TYPE_BIERKOPF_PLAYERS_GROUP, NULL);
  adw_preferences_group_add (self, bk_preferences_row_new_strength (
                               settings, bk_bierkopf_view.strength_key,
                               N_("How well the computer players play")));
  return GTK_WIDGET (self);
}
