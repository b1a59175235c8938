/* bk-herzla-preferences-page.c: Herzla's page of the preferences: the strength of its
 * computer players, and a row for each of its house rules with a preference, from the
 * engine's descriptions (bk-herzla-rules.c), bound to its key "herzla-…".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-preferences-page.h"
#include "bk-herzla-view.h"
#include "bk-preferences-row.h"

struct _BkHerzlaPreferencesPage
{
  AdwPreferencesPage   parent_instance;

  AdwPreferencesGroup *players_group;
  AdwPreferencesGroup *rules_group;
};

G_DEFINE_FINAL_TYPE (BkHerzlaPreferencesPage, bk_herzla_preferences_page,
                     ADW_TYPE_PREFERENCES_PAGE)

static void
bk_herzla_preferences_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_PREFERENCES_PAGE);

  G_OBJECT_CLASS (bk_herzla_preferences_page_parent_class)->dispose (object);
}

static void
bk_herzla_preferences_page_class_init (BkHerzlaPreferencesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_herzla_preferences_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-herzla-preferences-page.ui");
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaPreferencesPage, players_group);
  gtk_widget_class_bind_template_child (widget_class, BkHerzlaPreferencesPage, rules_group);
}

static void
bk_herzla_preferences_page_init (BkHerzlaPreferencesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bk_herzla_preferences_page_new (GSettings *settings)
{
  BkHerzlaPreferencesPage *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BK_TYPE_HERZLA_PREFERENCES_PAGE, NULL);
  adw_preferences_group_add (self->players_group, bk_preferences_row_new_strength (
                               settings, bk_herzla_view.strength_key,
                               N_("How well the computer players play Herzla")));
  bk_preferences_add_house_rules (self->rules_group, settings, &bk_herzla_view);
  return GTK_WIDGET (self);
}
