/* test-russian.c: with LANGUAGE=ru, what the table says of the person agrees with «Вы»
 * (issue 34): the person's name tag as the dealer reads «Вы · сдаёте» (a name's, «Сепп ·
 * сдаёт»), and the person's card is announced as «Вы играете: …», from the .mo file built
 * in this tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "bk-table-decoration.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

/* The text of seat @seat's name tag. */
static const char *
tag_text (BkWindow *window,
          guint     seat)
{
  GtkWidget *tag = GTK_WIDGET (bk_table_get_name_tag (bk_window_get_table (window), seat));

  for (GtkWidget *child = gtk_widget_get_first_child (tag); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "seat-name"))
      return gtk_label_get_text (GTK_LABEL (child));
  return NULL;
}

/* A new session of seed @seed whose first dealer is (@person) or is not the person. */
static BkGame *
game_dealt_by (gboolean person)
{
  for (guint64 seed = 1; seed < 200; seed++)
    {
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      BkRules rules;

      bk_rules_init_default (&rules);
      game = bk_game_new (&rules, seed);
      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);
      if ((bk_game_get_dealer (game) == 0) == person)
        return g_steal_pointer (&game);
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_dealer_tag (void)
{
  for (guint person = 0; person < 2; person++)
    {
      g_autoptr (BkGame) game = game_dealt_by (person);
      BkWindow *window = ui_new_shown_window ();
      guint dealer;
      const char *text;

      bk_window_take_session (window, game);
      ui_spin_for (G_USEC_PER_SEC / 2);
      dealer = bk_game_get_dealer (bk_window_get_game (window));
      text = tag_text (window, dealer);
      g_test_message ("dealer %u: %s", dealer, text);
      if (person)
        g_assert_cmpstr (text, ==, "Вы · сдаёте");
      else
        {
          g_assert_true (g_str_has_suffix (text, " · сдаёт"));
          g_assert_false (g_str_has_prefix (text, "Вы"));
        }
      ui_close_window (window);
    }
}

/* The person's own lines agree with «Вы»; the others' keep the third person. */
static void
test_person_lines (void)
{
  g_assert_true (g_str_has_prefix (_("You play %s"), "Вы играете"));
  g_assert_true (g_str_has_prefix (_("You · dealer"), "Вы · сдаёте"));
  g_assert_cmpstr (_("%s · dealer"), ==, "%s · сдаёт");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GSettings) settings = NULL;

  g_setenv ("XDG_DATA_HOME", data, TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/russian/dealer-tag", test_dealer_tag);
  g_test_add_func ("/russian/person-lines", test_person_lines);
  return g_test_run ();
}
