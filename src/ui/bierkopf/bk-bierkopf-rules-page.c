/* bk-bierkopf-rules-page.c: Bierkopf's house rules, a row for each of the engine's
 * descriptions with a preference (bk-bierkopf-rules.c), bound to its key.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-rules-page.h"
#include "bk-bierkopf-view.h"
#include "bk-preferences-row.h"

struct _BkBierkopfRulesPage
{
  AdwPreferencesPage   parent_instance;

  AdwPreferencesGroup *rules_group;
};

G_DEFINE_FINAL_TYPE (BkBierkopfRulesPage, bk_bierkopf_rules_page, ADW_TYPE_PREFERENCES_PAGE)

static void
bk_bierkopf_rules_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_BIERKOPF_RULES_PAGE);

  G_OBJECT_CLASS (bk_bierkopf_rules_page_parent_class)->dispose (object);
}

static void
bk_bierkopf_rules_page_class_init (BkBierkopfRulesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_bierkopf_rules_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-bierkopf-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, BkBierkopfRulesPage, rules_group);
}

static void
bk_bierkopf_rules_page_init (BkBierkopfRulesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bk_bierkopf_rules_page_new (GSettings *settings)
{
  BkBierkopfRulesPage *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BK_TYPE_BIERKOPF_RULES_PAGE, NULL);
  bk_preferences_add_house_rules (self->rules_group, settings, &bk_bierkopf_view);
  return GTK_WIDGET (self);
}
