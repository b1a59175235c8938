/* bk-preferences-row.c: a row of the preferences bound to its GSettings key: a switch for
 * a boolean, a combo row for an enum, whose choices are given in the order of the enum's
 * values; and the rows of a game's house rules, from the engine's descriptions of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-preferences-row.h"
#include "bk-settings.h"

/* The nicks of an enum key, in the order of its values: its range is ("enum", ["…", …]). */
static GVariant *
enum_nicks (GVariant *range)
{
  g_autoptr (GVariant) inner = NULL;

  g_variant_get (range, "(&sv)", NULL, &inner);
  return g_variant_ref (inner);
}

/* Enum settings are stored as nicks; rows show the index into the schema's list. */
static gboolean
nick_to_index (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  g_autoptr (GVariant) nicks = enum_nicks (user_data);
  g_autofree const char **list = g_variant_get_strv (nicks, NULL);
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; list[i]; i++)
    if (g_str_equal (list[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_nick (const GValue       *value,
               const GVariantType *type,
               gpointer            user_data)
{
  g_autoptr (GVariant) nicks = enum_nicks (user_data);
  guint index = g_value_get_uint (value);

  if (index >= g_variant_n_children (nicks))
    return NULL;
  return g_variant_get_child_value (nicks, index);
}

/* The chosen value is shown whole: the title and subtitle wrap instead (a cut-off
 * "Sie haben keinen Stich…" says nothing). It does not wrap itself, as the combo row's
 * list would cut its second line: the translations keep the values short enough for a
 * phone (test-languages at 360 pixels). */
static void
value_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
value_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkStringObject *value = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (value));
}

/* A row for @key: a switch if @choices is NULL or empty, else a combo row of @choices (the
 * enum's values in order). @title, @subtitle and @choices are untranslated (N_()). */
GtkWidget *
bk_preferences_row_new (GSettings          *settings,
                        const char         *key,
                        const char         *title,
                        const char         *subtitle,
                        const char * const *choices)
{
  GtkWidget *widget;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (key != NULL && title != NULL, NULL);

  if (choices == NULL || choices[0] == NULL)
    {
      GtkWidget *toggle = gtk_switch_new ();

      widget = adw_action_row_new ();
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), toggle);
      g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
    }
  else
    {
      g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
      g_autoptr (GSettingsSchema) schema = NULL;
      g_autoptr (GSettingsSchemaKey) schema_key = NULL;

      for (guint i = 0; choices[i]; i++)
        gtk_string_list_append (model, g_dgettext (GETTEXT_PACKAGE, choices[i]));
      g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (value_setup_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (value_bind_cb), NULL);
      widget = adw_combo_row_new ();
      adw_combo_row_set_factory (ADW_COMBO_ROW (widget), factory);
      adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (model));

      g_object_get (settings, "settings-schema", &schema, NULL);
      schema_key = g_settings_schema_get_key (schema, key);
      g_settings_bind_with_mapping (settings, key, widget, "selected",
                                    G_SETTINGS_BIND_DEFAULT, nick_to_index, index_to_nick,
                                    g_settings_schema_key_get_range (schema_key),
                                    (GDestroyNotify) g_variant_unref);
    }

  /* Named by its key, for the tests that find each house rule's row. */
  gtk_widget_set_name (widget, key);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), g_dgettext (GETTEXT_PACKAGE, title));
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), g_dgettext (GETTEXT_PACKAGE, subtitle));
  return widget;
}

/* The strength of a game's computer players (@key, an enum of the levels). The levels are
 * the game's own names, kept in German in every language as Ober and Sau are; the groups'
 * descriptions say what each means. */
GtkWidget *
bk_preferences_row_new_strength (GSettings  *settings,
                                 const char *key,
                                 const char *subtitle)
{
  static const char * const levels[] = { "Anfänger", "Stammtisch", "Meister", NULL };

  return bk_preferences_row_new (settings, key, N_("Strength"), subtitle, levels);
}

/* A row for each house rule of @view with a preference (bk_settings_view_of_rule()), in
 * the order of the engine's descriptions. */
void
bk_preferences_add_house_rules (AdwPreferencesGroup *group,
                                GSettings           *settings,
                                const BkGameView    *view)
{
  g_return_if_fail (ADW_IS_PREFERENCES_GROUP (group));
  g_return_if_fail (view != NULL);

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    if (bk_settings_view_of_rule (rule) == view)
      {
        g_autofree char *key = bk_settings_dup_rule_key (rule);
        const char *choices[BK_HOUSE_RULE_MAX_VALUES + 1] = { NULL };

        if (rule->kind == BK_HOUSE_RULE_CHOICE)
          for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
            choices[i] = rule->values[i].label;
        adw_preferences_group_add (group, bk_preferences_row_new (settings, key, rule->title,
                                                                  rule->subtitle, choices));
      }
}
