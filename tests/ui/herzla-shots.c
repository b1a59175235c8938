/* herzla-shots.c: screenshots of a Herzla session for the eye (issue 16): the game chooser,
 * a four-player hand with the person's Beddl, the result sheet, the ledger with a stock,
 * and the simple form's penalty table. Not a test; run it on an X display with a window
 * manager, in English or German (LANGUAGE=de LANG=de_DE.UTF-8 or C.UTF-8 and
 * BIERKOPF_LOCALEDIR=<build>/po):
 *
 *   xvfb-run -a -s '-screen 0 1280x800x24' \
 *     sh -c 'openbox & sleep 1; GSETTINGS_BACKEND=memory herzla-shots DIR'
 *
 * Each picture is of the whole screen, taken with ImageMagick's import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "bk-game-query.h"
#include "bk-herzla-game.h"
#include "bk-new-session-dialog.h"
#include "bk-preferences-window.h"
#include "bk-rules-window.h"
#include "bk-session-store.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static const char *out_dir;
static GSettings *settings;

static void
shoot (const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  ui_spin_for (G_USEC_PER_SEC);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s\n", error->message);
  else
    g_print ("%s\n", path);
}

static gboolean
human_due (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  if (bk_window_get_dialog (window))
    return TRUE;
  return game && bk_window_is_settled (window) &&
         bk_table_get_busy_until (bk_window_get_table (window)) < g_get_monotonic_time () &&
         bk_game_get_phase (game) == BK_PHASE_PLAYING && bk_game_get_to_act (game) == 0;
}

static void
play_first_legal (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);
  BkCard sorted[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, 0, sorted);
  BkHand legal = bk_game_get_legal (game);

  for (guint i = 0; i < n; i++)
    if (bk_hand_has (legal, sorted[i]))
      {
        bk_table_activate_card (bk_window_get_table (window), i);
        return;
      }
}

/* Weiter to every bid, the first legal card, on to the result sheet. */
static AdwMessageDialog *
play_to_sheet (BkWindow *window)
{
  for (guint steps = 0; steps < 400; steps++)
    {
      AdwMessageDialog *dialog;

      ui_spin_until (human_due, window);
      dialog = bk_window_get_dialog (window);
      if (dialog && g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "herzla-result") == 0)
        return dialog;
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else
        play_first_legal (window);
    }
  return NULL;
}

static void
write_save (const char *game,
            const char *text)
{
  g_autofree char *path = bk_session_store_dup_path_for_game (game);
  g_autofree char *dir = g_path_get_dirname (path);

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, text, -1, NULL);
}

static BkWindow *
open_window (void)
{
  BkWindow *window = ui_new_loaded_window ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 720);
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_for (2 * G_USEC_PER_SEC);
  return window;
}

static void
close_window (BkWindow *window)
{
  if (bk_window_get_dialog (window))
    gtk_window_destroy (GTK_WINDOW (bk_window_get_dialog (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_spin_for (G_USEC_PER_SEC / 2);
}

/* The person (South, Vorhand: East deals) has bid Beddl with the lowest cards; West took
 * the first trick. */
static const char *beddl_record =
  "format 2\n"
  "seed 11\n"
  "game herzla\n"
  "variant vier\n"
  "players 4\n"
  "dealer E\n"
  "hand S E7 E8 G7 G8 H7 H8 S7 S8\n"
  "hand W EA EK EO EU GA GK GO GU\n"
  "hand N E10 E9 G10 G9 HA HK HO HU\n"
  "hand E SA SK SO SU S10 S9 H10 H9\n"
  "bid S beddl\n"
  "play S E7\n"
  "play W EA\n"
  "play N E10\n"
  "play E H9\n";

/* A normal game in which North takes all eight hearts (H5.2: 80 cents into the stock)
 * without taking every trick; the person's last card is to come. */
static const char *stock_record =
  "format 2\n"
  "seed 12\n"
  "game herzla\n"
  "variant vier\n"
  "players 4\n"
  "dealer E\n"
  "hand S H7 H8 EA EK EO EU E10 E9\n"
  "hand W HO H9 GA GK GO GU G10 G9\n"
  "hand N HA HK E8 E7 G8 G7 S8 S7\n"
  "hand E HU H10 SA SK SO SU S10 S9\n"
  "bid S weiter\n"
  "bid W weiter\n"
  "bid N weiter\n"
  "bid E weiter\n"
  "play S EA\n"
  "play W G9\n"
  "play N E7\n"
  "play E S9\n"
  "play S EK\n"
  "play W G10\n"
  "play N E8\n"
  "play E S10\n"
  "play S H7\n"
  "play W H9\n"
  "play N HA\n"
  "play E H10\n"
  "play N HK\n"
  "play E HU\n"
  "play S H8\n"
  "play W HO\n"
  "play N G8\n"
  "play E SU\n"
  "play S EO\n"
  "play W GA\n"
  "play W GK\n"
  "play N G7\n"
  "play E SO\n"
  "play S EU\n"
  "play W GO\n"
  "play N S7\n"
  "play E SK\n"
  "play S E10\n"
  "play W GU\n"
  "play N S8\n"
  "play E SA\n";

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  BkWindow *window;
  AdwMessageDialog *sheet;

  if (argc != 2)
    {
      g_printerr ("Usage: herzla-shots DIR\n");
      return 2;
    }
  out_dir = argv[1];
  g_mkdir_with_parents (out_dir, 0755);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  {
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  /* The game chooser over a Bierkopf session, Herzla chosen. */
  window = open_window ();
  {
    g_autofree char *saved = NULL;
    BkNewSessionDialog *dialog;

    bk_window_save (window, NULL);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
    ui_spin_for (G_USEC_PER_SEC / 2);
    dialog = NULL;
    {
      GListModel *tops = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
        {
          g_autoptr (GtkWidget) top = g_list_model_get_item (tops, i);
          if (BK_IS_NEW_SESSION_DIALOG (top))
            dialog = BK_NEW_SESSION_DIALOG (top);
        }
    }
    bk_new_session_dialog_set_game (dialog, "herzla");
    shoot ("game-chooser.png");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  close_window (window);

  /* A four-player hand with the person's Beddl, his turn. */
  write_save ("herzla", beddl_record);
  g_settings_set_string (settings, "last-game", "herzla");
  window = open_window ();
  ui_spin_until (human_due, window);
  shoot ("herzla-beddl.png");
  sheet = play_to_sheet (window);
  shoot ("herzla-result.png");

  close_window (window);

  /* A hand that fills the stock, its result sheet, then the ledger. */
  write_save ("herzla", stock_record);
  window = open_window ();
  sheet = play_to_sheet (window);
  shoot ("herzla-result-stock.png");
  if (sheet)
    adw_message_dialog_response (sheet, "next");
  ui_spin_for (G_USEC_PER_SEC / 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL);
  shoot ("herzla-ledger.png");
  close_window (window);

  /* Settle Up after that hand (issue 21): the stock kept under our rule (H5.4), then
   * shared out under the house rule "session-end". */
  for (guint shared = 0; shared < 2; shared++)
    {
      g_autofree char *record = NULL;

      record = shared ? g_strjoin ("", "format 2\nseed 12\ngame herzla\nvariant vier\n"
                                       "players 4\nrule stock session-end\n",
                                   stock_record + strlen ("format 2\nseed 12\ngame herzla\n"
                                                          "variant vier\nplayers 4\n"), NULL)
                      : g_strdup (stock_record);
      write_save ("herzla", record);
      window = open_window ();
      sheet = play_to_sheet (window);
      if (sheet)
        adw_message_dialog_response (sheet, "settle");
      shoot (shared ? "herzla-settled-shared.png" : "herzla-settled-kept.png");
      close_window (window);
    }

  /* Preferences and the rules over a phone-sized window (issue 21). */
  g_settings_set_string (settings, "last-game", "bierkopf");
  window = ui_new_loaded_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_for (G_USEC_PER_SEC);
  {
    GtkWidget *preferences = bk_preferences_window_new ();
    GtkWidget *rules;

    gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
    gtk_window_present (GTK_WINDOW (preferences));
    shoot ("preferences-360.png");
    gtk_window_destroy (GTK_WINDOW (preferences));
    rules = bk_rules_window_new_for_game ("herzla");
    gtk_window_set_transient_for (GTK_WINDOW (rules), GTK_WINDOW (window));
    gtk_window_present (GTK_WINDOW (rules));
    shoot ("rules.png");
    gtk_window_destroy (GTK_WINDOW (rules));
  }
  close_window (window);
  g_settings_set_string (settings, "last-game", "herzla");

  /* The simple form with five players: a few hands, the penalty table and the ledger. */
  g_settings_set_string (settings, "last-game", "herzla-simple");
  g_settings_set_int (settings, "herzla-players", 5);
  window = open_window ();
  shoot ("herzla-simple-table.png");
  for (guint hands = 0; hands < 3; hands++)
    {
      sheet = play_to_sheet (window);
      if (hands < 2 && sheet)
        adw_message_dialog_response (sheet, "next");
    }
  shoot ("herzla-simple-result.png");
  if (sheet)
    adw_message_dialog_response (sheet, "next");
  ui_spin_for (G_USEC_PER_SEC / 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL);
  shoot ("herzla-simple-ledger.png");
  close_window (window);
  return 0;
}
