/* test-house-rules.c: the preferences and the rules page come from the descriptions of the
 * house rules (issue 13): every described preference has its row with its choices, bound
 * to its key, and the rules page names each rule in use (spec B1-B6). The games' pages and
 * the rules' titles come from the game views in the places they had (issue 22).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "bk-game-view.h"
#include "bk-preferences-window.h"
#include "bk-rules-window.h"
#include "bk-settings.h"

static GSettings *settings;

/* Whether @rule is a house rule of @game with a preferences row. */
static gboolean
is_rule_of (const BkHouseRule *rule,
            const char        *game)
{
  return bk_settings_view_of_rule (rule) == bk_game_view_lookup (game);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_str_equal (gtk_widget_get_name (widget), name))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found)
        return found;
    }
  return NULL;
}

static void
set_value (const BkHouseRule *rule,
           guint              value)
{
  if (rule->kind == BK_HOUSE_RULE_SWITCH)
    g_settings_set_boolean (settings, rule->key, value != 0);
  else
    g_settings_set_string (settings, rule->key, rule->values[value].name);
}

static void
test_preferences_rows (void)
{
  GtkWidget *preferences = bk_preferences_window_new ();
  guint n = 0;

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      GtkWidget *row;

      if (!is_rule_of (rule, "bierkopf"))
        continue;
      n++;
      row = find_named (preferences, rule->key);
      if (row == NULL)
        g_error ("The preferences have no row for the house rule %s", rule->key);
      g_assert_true (ADW_IS_ACTION_ROW (row));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                       rule->title);
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, rule->subtitle);

      if (rule->kind == BK_HOUSE_RULE_CHOICE)
        {
          GListModel *model;

          g_assert_true (ADW_IS_COMBO_ROW (row));
          model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
          g_assert_cmpuint (g_list_model_get_n_items (model), ==, bk_house_rule_n_values (rule));
          for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
            {
              g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==,
                               rule->values[i].label);
              set_value (rule, i);
              g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, i);
            }
        }
      else
        {
          GtkWidget *toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));

          g_assert_true (GTK_IS_SWITCH (toggle));
          set_value (rule, 1);
          g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
          set_value (rule, 0);
          g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
        }
      g_settings_reset (settings, rule->key);
    }
  g_assert_cmpuint (n, >=, 10);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static char *
rules_page_text (void)
{
  GtkWidget *window = bk_rules_window_new ();
  char *text = bk_rules_window_dup_text (BK_RULES_WINDOW (window));

  gtk_window_destroy (GTK_WINDOW (window));
  return text;
}

/* Each value of each rule: the page says the sentence of the value in use, and not those
 * of the others. */
static void
test_rules_page (void)
{
  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      if (!is_rule_of (rule, "bierkopf"))
        continue;
      for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
        {
          g_autofree char *text = NULL;

          set_value (rule, i);
          text = rules_page_text ();
          for (guint j = 0; j < bk_house_rule_n_values (rule); j++)
            {
              const char *in_use = rule->values[j].in_use;

              if (in_use == NULL)
                continue;
              if ((strstr (text, in_use) != NULL) != (i == j))
                g_error ("The rules page with %s %s %s “%s”", rule->key, rule->values[i].name,
                         i == j ? "lacks" : "still says", in_use);
            }
        }
      g_settings_reset (settings, rule->key);
    }
}

/* Herzla's page: a row for each of Herzla's house rules with a title (bk-herzla-rules.c),
 * bound to its key "herzla-…"; the next Herzla session's rules read them (H2-H5). */
static void
test_herzla_preferences (void)
{
  GtkWidget *preferences = bk_preferences_window_new ();
  guint n = 0;

  for (const BkHouseRule *rule = bk_rules_get_house_rules (); rule->key; rule++)
    {
      g_autofree char *key = NULL;
      GtkWidget *row;
      GListModel *model;

      if (!is_rule_of (rule, "herzla"))
        continue;
      n++;
      key = bk_settings_dup_rule_key (rule);
      g_assert_true (g_str_has_prefix (key, "herzla-"));
      row = find_named (preferences, key);
      if (row == NULL)
        g_error ("The preferences have no row for Herzla's house rule %s", rule->key);
      g_assert_true (ADW_IS_COMBO_ROW (row));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                       rule->title);
      model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, bk_house_rule_n_values (rule));
      for (guint i = 0; i < bk_house_rule_n_values (rule); i++)
        {
          BkRules rules;
          g_autofree char *value = NULL;

          g_settings_set_string (settings, key, rule->values[i].name);
          g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, i);
          bk_settings_get_rules_for (settings, "herzla", &rules);
          value = bk_rules_dup_option (&rules, rule->key);
          g_assert_cmpstr (value, ==, rule->values[i].name);
        }
      g_settings_reset (settings, key);
    }
  g_assert_cmpuint (n, ==, 5);
  g_assert_nonnull (find_named (preferences, "herzla-strength"));
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* The titled pages and groups under @widget, in order, as "page Title" and "group Title". */
static void
collect_titles (GtkWidget *widget,
                GPtrArray *titles)
{
  const char *title = NULL;

  if (ADW_IS_PREFERENCES_PAGE (widget))
    title = adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (widget));
  else if (ADW_IS_PREFERENCES_GROUP (widget))
    title = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget));
  if (title && *title)
    g_ptr_array_add (titles, g_strdup_printf ("%s %s", ADW_IS_PREFERENCES_PAGE (widget) ? "page"
                                                                                    : "group",
                                              title));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_titles (child, titles);
}

/* The games' pages and groups (their views' preferences_page and preferences_group) keep
 * the places they had in the window: Bierkopf's computer players between the cards and the
 * names, Herzla's page before the House Rules; the shell's Friends page after them. */
static void
test_preferences_pages (void)
{
  static const char *expected[] = {
    "page Game", "group Cards", "group Computer Players", "group Names",
    "page Herzla", "group Computer Players", "group House Rules of Herzla",
    "page House Rules", "group House Rules",
#ifdef BK_HAVE_NET
    /* the shell's own page, last (issue 24) */
    "page Friends", "group Connection", "group XMPP Account",
#endif
    NULL,
  };
  GtkWidget *preferences = bk_preferences_window_new ();
  g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *found = NULL;
  g_autofree char *wanted = g_strjoinv (" | ", (char **) expected);

  collect_titles (preferences, titles);
  g_ptr_array_add (titles, NULL);
  found = g_strjoinv (" | ", (char **) titles->pdata);
  g_assert_cmpstr (found, ==, wanted);
  g_assert_nonnull (find_named (preferences, "strength"));
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static AdwWindowTitle *
find_window_title (GtkWidget *widget)
{
  if (ADW_IS_WINDOW_TITLE (widget))
    return ADW_WINDOW_TITLE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwWindowTitle *found = find_window_title (child);

      if (found)
        return found;
    }
  return NULL;
}

/* The rules window of each row of the chooser is titled and written by its game's view
 * (rules_title, rules_sections); no row or an unknown one is the first game's. */
static void
test_rules_titles (void)
{
  static const struct {
    const char *game;
    const char *title;
    const char *section;
  } cases[] = {
    { "bierkopf", "Rules of Bierkopf", "Table Talk and Doubling" },
    { "herzla", "Rules of Herzla", "Beddl and Mord" },
    { "herzla-simple", "Rules of Herzla", "The Simple Form, 3 to 8 Players" },
    { "no-such-game", "Rules of Bierkopf", "Table Talk and Doubling" },
    { NULL, "Rules of Bierkopf", "Table Talk and Doubling" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *window = bk_rules_window_new_for_game (cases[i].game);
      g_autofree char *text = bk_rules_window_dup_text (BK_RULES_WINDOW (window));

      g_assert_cmpstr (adw_window_title_get_title (find_window_title (window)), ==,
                       cases[i].title);
      g_assert_true (g_str_has_prefix (text, "Cards\n"));
      g_assert_nonnull (strstr (text, cases[i].section));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int    argc,
      char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  settings = g_settings_new (APP_ID);

  g_test_add_func ("/house-rules/preferences-rows", test_preferences_rows);
  g_test_add_func ("/house-rules/rules-page", test_rules_page);
  g_test_add_func ("/house-rules/herzla-preferences", test_herzla_preferences);
  g_test_add_func ("/house-rules/preferences-pages", test_preferences_pages);
  g_test_add_func ("/house-rules/rules-titles", test_rules_titles);

  result = g_test_run ();
  g_clear_object (&settings);
  return result;
}
