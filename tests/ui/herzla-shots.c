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
#include <string.h>

#include "bk-new-session-dialog.h"
#include "bk-preferences-window.h"
#include "bk-rules-window.h"
#include "shots-common.h"

static const char *out_dir;
static GSettings *settings;  /* the app's, shots_settings() */

static void
shoot (const char *name)
{
  shots_import_screen (out_dir, name);
}

static BkWindow *
open_window (void)
{
  BkWindow *window = shots_open_window (1024, 720);

  shots_spin (2 * G_USEC_PER_SEC);
  return window;
}

static GtkWindow *
play_to_sheet (BkWindow *window)
{
  return shots_play_to_dialog (window, "herzla-result", 400);
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
  g_autofree char *home = NULL;
  BkWindow *window;
  GtkWindow *sheet;

  if (argc != 2)
    {
      g_printerr ("Usage: herzla-shots DIR\n");
      return 2;
    }
  out_dir = argv[1];
  g_mkdir_with_parents (out_dir, 0755);
  home = shots_init ();
  settings = shots_settings ();

  /* The game chooser over a Bierkopf session, Herzla chosen. */
  window = open_window ();
  {
    BkNewSessionDialog *dialog;

    bk_window_save (window, NULL);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
    shots_spin (G_USEC_PER_SEC / 2);
    dialog = BK_NEW_SESSION_DIALOG (shots_find_dialog (window));
    bk_new_session_dialog_set_game (dialog, "herzla");
    shoot ("game-chooser.png");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  shots_close_window (window);

  /* A four-player hand with the person's Beddl, his turn. */
  shots_write_save ("herzla", beddl_record);
  g_settings_set_string (settings, "last-game", "herzla");
  window = open_window ();
  shots_wait_person (window);
  shoot ("herzla-beddl.png");
  sheet = play_to_sheet (window);
  shoot ("herzla-result.png");

  shots_close_window (window);

  /* A hand that fills the stock, its result sheet, then the ledger. */
  shots_write_save ("herzla", stock_record);
  window = open_window ();
  sheet = play_to_sheet (window);
  shoot ("herzla-result-stock.png");
  if (sheet)
    shots_answer (sheet, "next");
  shots_spin (G_USEC_PER_SEC / 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL);
  shoot ("herzla-ledger.png");
  shots_close_window (window);

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
      shots_write_save ("herzla", record);
      window = open_window ();
      sheet = play_to_sheet (window);
      if (sheet)
        shots_answer (sheet, "settle");
      shoot (shared ? "herzla-settled-shared.png" : "herzla-settled-kept.png");
      shots_close_window (window);
    }

  /* Preferences and the rules over a phone-sized window (issue 21). */
  g_settings_set_string (settings, "last-game", "bierkopf");
  window = shots_open_window (360, 640);
  shots_spin (G_USEC_PER_SEC);
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
  shots_close_window (window);
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
        shots_answer (sheet, "next");
    }
  shoot ("herzla-simple-result.png");
  if (sheet)
    shots_answer (sheet, "next");
  shots_spin (G_USEC_PER_SEC / 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ledger", NULL);
  shoot ("herzla-simple-ledger.png");
  shots_close_window (window);
  return 0;
}
