/* test-german.c: with LANGUAGE=de the real widgets of the window show German, from the
 * .mo file built in this tree (not an installed one).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "bk-bierkopf-hint.h"
#include "bk-bierkopf-rules.h"
#include "bk-house-rule.h"
#include "bk-money.h"
#include "bk-review-frame.h"
#include "bk-coaster.h"
#include "bk-herzla-sheets.h"
#include "bk-rules-window.h"
#include "bk-window-test.h"

static gboolean
dialog_shown (BkWindow *window)
{
  return bk_window_get_dialog (window) != NULL;
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);
      if (found)
        return found;
    }
  return NULL;
}

/* The table talk dialog, a card's reason, the coaster and the rules speak German. */
static void
test_window_in_german (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *description = NULL;
  g_autofree char *rules_text = NULL;
  AdwMessageDialog *dialog;
  BkWindow *window;
  GtkWidget *rules;
  gint64 end;

  /* The human leads (dealer East) and is asked to talk. */
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
                                      "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
                                      "hand E HK EA E10 EK GA\n", -1, NULL));
  window = bk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!dialog_shown (window) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  dialog = bk_window_get_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Tischgespräch");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "gut"), ==, "_Gut");

  description = bk_coaster_dup_description (BK_COASTER (find_widget (GTK_WIDGET (window),
                                                                     BK_TYPE_COASTER)));
  g_assert_true (g_str_has_prefix (description, "Mir: "));

  rules = bk_rules_window_new ();
  rules_text = bk_rules_window_dup_text (BK_RULES_WINDOW (rules));
  g_assert_nonnull (strstr (rules_text, "Trumpf"));
  gtk_window_destroy (GTK_WINDOW (rules));

  /* Card names and the engine's reasons come translated too. */
  {
    g_autofree char *name = bk_card_display_name (BK_CARD (BK_SUIT_HERZ, BK_RANK_OBER));
    g_assert_cmpstr (name, ==, "Herz-Ober");
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_remove (path);
}

/* H5: money in German, 1,20 € (issue 16); Herzla's rules page speaks German too. */
static void
test_herzla_in_german (void)
{
  g_autofree char *a = bk_money_format_cents (120, FALSE);
  g_autofree char *b = bk_money_format_cents (-30, TRUE);
  GtkWidget *rules = bk_rules_window_new_for_game ("herzla");
  g_autofree char *text = bk_rules_window_dup_text (BK_RULES_WINDOW (rules));

  g_assert_cmpstr (a, ==, "1,20 €");
  g_assert_cmpstr (b, ==, "−0,30 €");
  g_assert_nonnull (strstr (text, "Beddl und Mord"));
  g_assert_nonnull (strstr (text, "Schleichermord"));
  gtk_window_destroy (GTK_WINDOW (rules));
}

/* Issue 21: the review and the hint in German: the doubling in the buttons' words, no
 * "-0,0", who took a trick by name; the points scoring's subtitle in words. */
static void
test_review_in_german (void)
{
  BkAction twice = bk_action_make (BK_ACTION_DOUBLE, BK_SEAT_S, 0);
  BkAction pass = bk_action_make (BK_ACTION_PASS, BK_SEAT_S, 0);
  g_autofree char *no_spritze = bk_bierkopf_hint_describe_action (NULL, &pass, 0);
  g_autofree char *no_retour = bk_bierkopf_hint_describe_action (NULL, &pass, 1);
  g_autofree char *retour = bk_bierkopf_hint_describe_action (NULL, &twice, 1);
  g_autofree char *zero = bk_bierkopf_hint_value_text (BK_REVIEW_DOUBLE, -0.04);
  g_autofree char *title = bk_review_trick_title (1, "Sepp", FALSE);
  g_autofree char *mine = bk_review_trick_title (0, "Du", TRUE);
  const BkHouseRule *scoring = bk_house_rule_find (bk_bierkopf_house_rules (), "scoring");

  g_assert_cmpstr (no_spritze, ==, "Weiter");
  g_assert_cmpstr (no_retour, ==, "Kein Retour");
  g_assert_cmpstr (retour, ==, "Retour");
  g_assert_null (strstr (zero, "-"));
  g_assert_true (g_str_has_suffix (zero, " Striche"));
  g_assert_cmpstr (title, ==, "Stich 2: Sepp sticht");
  g_assert_cmpstr (mine, ==, "Stich 1: du stichst");
  g_assert_cmpstr (_(scoring->subtitle), ==,
                   "Striche: 1, Schneider 2, Schwarz 3; Punkte: 1 ab 61 Augen, 2 ab 91");
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

  g_test_add_func ("/german/window", test_window_in_german);
  g_test_add_func ("/german/herzla", test_herzla_in_german);
  g_test_add_func ("/german/review", test_review_in_german);
  return g_test_run ();
}
