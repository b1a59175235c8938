/* bk-preferences-window.c: Preferences. Every row is bound to its GSettings key; the
 * choices come from one table below, in the order of the schema's enum values, and the
 * house rules' rows from the engine's descriptions of them (bk-bierkopf-rules.c; Herzla's
 * on their own page from bk-herzla-rules.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-game.h"
#include "bk-preferences-window.h"
#include "bk-settings.h"
#include "bk-window.h"
#include "bk-friends.h"

struct _BkPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwPreferencesGroup  *cards_group;
  AdwPreferencesGroup  *players_group;
  AdwPreferencesGroup  *names_group;
  AdwPreferencesGroup  *rules_group;
  AdwPreferencesGroup  *herzla_players_group;
  AdwPreferencesGroup  *herzla_rules_group;
  GtkWidget            *name_rows[3];
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (BkPreferencesWindow, bk_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The most choices a row offers: the languages (a house rule has at most
 * BK_HOUSE_RULE_MAX_VALUES). */
#define MAX_CHOICES 6
G_STATIC_ASSERT (MAX_CHOICES >= BK_HOUSE_RULE_MAX_VALUES);

typedef struct {
  const char *key;
  const char *title;
  const char *subtitle;
  const char *choices[MAX_CHOICES]; /* in the order of the enum's values; NULL for a switch */
} Row;

enum { GROUP_CARDS, GROUP_PLAYERS, GROUP_HERZLA_PLAYERS };

static const struct {
  guint group;
  Row   row;
} rows[] = {
  { GROUP_CARDS, { "card-theme", N_("Deck"), NULL,
                   { N_("Bavarian"), N_("French"), N_("French, four colours") } } },
  { GROUP_CARDS, { "animation-speed", N_("Animations"), NULL,
                   { N_("Off"), N_("Slow"), N_("Normal"), N_("Fast") } } },
  /* Each language is named in its own words, so that a person finds theirs whatever the
   * language shown now. */
  { GROUP_CARDS, { "language", N_("Language"), N_("Applied at the next start"),
                   { N_("System"), "Deutsch", "English", "Русский", "日本語", "한국어" } } },
  { GROUP_CARDS, { "hints-allowed", N_("Hints Allowed"),
                   N_("Ask for the Meister’s card with Ctrl+H"), { NULL } } },
  { GROUP_CARDS, { "take-back-allowed", N_("Take-Back Allowed"),
                   N_("Take back your last card with Ctrl+Z"), { NULL } } },
  /* The strengths are the game's own names, kept in German in every language as Ober and
   * Sau are; the groups' descriptions say what each means. */
  { GROUP_PLAYERS, { "strength", N_("Strength"), N_("How well the computer players play"),
                     { "Anfänger", "Stammtisch", "Meister" } } },
  { GROUP_HERZLA_PLAYERS, { "herzla-strength", N_("Strength"),
                            N_("How well the computer players play Herzla"),
                            { "Anfänger", "Stammtisch", "Meister" } } },
};

/* Enum settings are stored as nicks; rows show the index into the schema's list. */
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

static GtkWidget *
make_row (BkPreferencesWindow *self,
          const Row           *row)
{
  GtkWidget *widget;

  if (row->choices[0] == NULL)
    {
      GtkWidget *toggle = gtk_switch_new ();

      widget = adw_action_row_new ();
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), toggle);
      g_settings_bind (self->settings, row->key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
    }
  else
    {
      g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
      g_autoptr (GSettingsSchema) schema = NULL;
      g_autoptr (GSettingsSchemaKey) key = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (row->choices) && row->choices[i]; i++)
        gtk_string_list_append (model, g_dgettext (GETTEXT_PACKAGE, row->choices[i]));
      g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (value_setup_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (value_bind_cb), NULL);
      widget = adw_combo_row_new ();
      adw_combo_row_set_factory (ADW_COMBO_ROW (widget), factory);
      adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (model));

      g_object_get (self->settings, "settings-schema", &schema, NULL);
      key = g_settings_schema_get_key (schema, row->key);
      g_settings_bind_with_mapping (self->settings, row->key, widget, "selected",
                                    G_SETTINGS_BIND_DEFAULT, nick_to_index, index_to_nick,
                                    g_settings_schema_key_get_range (key),
                                    (GDestroyNotify) g_variant_unref);
    }

  /* Named by its key, for the tests that find each house rule's row. */
  gtk_widget_set_name (widget, row->key);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), g_dgettext (GETTEXT_PACKAGE, row->title));
  if (row->subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), g_dgettext (GETTEXT_PACKAGE, row->subtitle));
  return widget;
}

static void
name_changed_cb (GtkEditable         *editable,
                 BkPreferencesWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "index"));
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) updated = NULL;

  for (guint i = 0; i < 3; i++)
    g_strv_builder_add (builder, i == index ? gtk_editable_get_text (editable)
                                            : names && i < g_strv_length (names) ? names[i] : "");
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "player-names", (const char * const *) updated);
}

/* Each name row says where that player sits now: the seating draw moves them. */
static void
update_seats (BkPreferencesWindow *self)
{
  static const char *seat_titles[BK_N_SEATS] = {
    NULL, N_("West, on your left"), N_("North, opposite you: your partner"),
    N_("East, on your right"),
  };
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  for (guint i = 0; i < 3; i++)
    {
      BkSeat seat = (BkSeat) (i + 1);

      if (parent && BK_IS_WINDOW (parent))
        seat = bk_window_get_seat_of (BK_WINDOW (parent), i + 1);
      if (seat == BK_SEAT_NONE || seat == BK_SEAT_S)
        continue;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_rows[i]),
                                     g_dgettext (GETTEXT_PACKAGE, seat_titles[seat]));
    }
}

static void
transient_for_cb (BkPreferencesWindow *self,
                  GParamSpec          *pspec,
                  gpointer             user_data)
{
  update_seats (self);
}

static void
add_name_rows (BkPreferencesWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");

  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *row = adw_entry_row_new ();

      self->name_rows[i] = row;
      if (names && i < g_strv_length (names))
        gtk_editable_set_text (GTK_EDITABLE (row), names[i]);
      g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
      g_signal_connect (row, "changed", G_CALLBACK (name_changed_cb), self);
      adw_preferences_group_add (self->names_group, row);
    }
  update_seats (self);
  g_signal_connect (self, "notify::transient-for", G_CALLBACK (transient_for_cb), NULL);
}

static void
bk_preferences_window_dispose (GObject *object)
{
  BkPreferencesWindow *self = BK_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (bk_preferences_window_parent_class)->dispose (object);
}

static void
bk_preferences_window_class_init (BkPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/bierkopf/Bierkopf/bk-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, cards_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, players_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, names_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, rules_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, herzla_players_group);
  gtk_widget_class_bind_template_child (widget_class, BkPreferencesWindow, herzla_rules_group);
}

static void
bk_preferences_window_init (BkPreferencesWindow *self)
{
  AdwPreferencesGroup *groups[] = { NULL, NULL, NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);

  groups[GROUP_CARDS] = self->cards_group;
  groups[GROUP_PLAYERS] = self->players_group;
  groups[GROUP_HERZLA_PLAYERS] = self->herzla_players_group;
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    adw_preferences_group_add (groups[rows[i].group], make_row (self, &rows[i].row));
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    if (bk_settings_has_rule (rule))
      {
        Row row = { rule->key, rule->title, rule->subtitle, { NULL } };

        if (rule->kind == BK_HOUSE_RULE_CHOICE)
          for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
            row.choices[i] = rule->values[i].label;
        adw_preferences_group_add (self->rules_group, make_row (self, &row));
      }
  /* Herzla's page, from Herzla's descriptions (bk-herzla-rules.c), keys "herzla-…". */
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    if (bk_settings_has_herzla_rule (rule))
      {
        g_autofree char *key = bk_settings_dup_rule_key (rule);
        Row row = { key, rule->title, rule->subtitle, { NULL } };

        if (rule->kind == BK_HOUSE_RULE_CHOICE)
          for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
            row.choices[i] = rule->values[i].label;
        adw_preferences_group_add (self->herzla_rules_group, make_row (self, &row));
      }
  add_name_rows (self);
  /* Play with Friends (issue 24, the account helper): nothing without the network layer */
  bk_friends_add_preferences_page (ADW_PREFERENCES_WINDOW (self));
  bk_window_fit_inside_parent (GTK_WINDOW (self));
}

GtkWidget *
bk_preferences_window_new (void)
{
  return g_object_new (BK_TYPE_PREFERENCES_WINDOW, NULL);
}
