/* language-shots.c: screenshots for the eye in one language (issue 25): the table with the
 * talk dialog, the table in play, a Herzla result sheet with the stock, the statistics and
 * the preferences.
 * Not a test; run it on an X display of the wanted size, with a window manager, in the
 * language to look at, from this tree's .mo files:
 *
 *   LANGUAGE=ru LANG=C.UTF-8 BIERKOPF_LOCALEDIR=_build/po GSETTINGS_BACKEND=memory \
 *   GSETTINGS_SCHEMA_DIR=_build/data GSK_RENDERER=cairo \
 *   xvfb-run -a -s '-screen 0 360x640x24' \
 *     sh -c 'openbox & sleep 1; _build/tests/ui/language-shots DIR 360x640'
 *
 * The pictures are DIR/LANGUAGE-WIDTHxHEIGHT-{talk,table,herzla-sheet,statistics,
 * preferences}.png, each of the whole screen, taken with ImageMagick's import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>

#include "bk-game-query.h"
#include "bk-history.h"
#include "bk-history-recorder.h"
#include "bk-preferences-window.h"
#include "bk-session-store.h"
#include "bk-statistics-window.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static const char *out_dir;
static char *prefix;
static int width, height;

static void
shoot (const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s-%s.png", out_dir, prefix, name);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  ui_spin_for (G_USEC_PER_SEC);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s\n", error->message);
  else
    g_print ("%s\n", path);
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

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
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

/* The default answer to every dialog, the first legal card, on to Herzla's result sheet. */
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

/* The person leads (East deals) and is asked to talk. */
static const char *talk_record =
  "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
  "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
  "hand E HK EA E10 EK GA\n";

/* North takes all eight hearts (H5.2: 80 cents into the stock); the person's last card is
 * to come. As in herzla-shots.c. */
static const char *stock_record =
  "format 2\nseed 12\ngame herzla\nvariant vier\nplayers 4\ndealer E\n"
  "hand S H7 H8 EA EK EO EU E10 E9\nhand W HO H9 GA GK GO GU G10 G9\n"
  "hand N HA HK E8 E7 G8 G7 S8 S7\nhand E HU H10 SA SK SO SU S10 S9\n"
  "bid S weiter\nbid W weiter\nbid N weiter\nbid E weiter\n"
  "play S EA\nplay W G9\nplay N E7\nplay E S9\n"
  "play S EK\nplay W G10\nplay N E8\nplay E S10\n"
  "play S H7\nplay W H9\nplay N HA\nplay E H10\n"
  "play N HK\nplay E HU\nplay S H8\nplay W HO\n"
  "play N G8\nplay E SU\nplay S EO\nplay W GA\n"
  "play W GK\nplay N G7\nplay E SO\nplay S EU\n"
  "play W GO\nplay N S7\nplay E SK\nplay S E10\n"
  "play W GU\nplay N S8\nplay E SA\n";

static BkHistoryHand
hand (const char *strength,
      gint64      session,
      gint        outcome,
      guint       card_points,
      gint        lines)
{
  BkHistoryHand h = { 0 };

  h.game = (char *) "bierkopf";
  h.session = session;
  h.record = (char *) "format 1\nvariant bierkopf\ndealer W\n";
  h.result = (char *) "{}";
  h.levels = (char *) "W=meister N=meister E=meister";
  h.strength = (char *) strength;
  h.seat = BK_SEAT_S;
  h.outcome = outcome;
  h.card_points = card_points;
  h.lines = lines;
  return h;
}

static void
shoot_statistics (const char *home)
{
  g_autofree char *path = g_build_filename (home, "shots-history.sqlite", NULL);
  g_autoptr (BkHistoryRecorder) recorder = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GError) error = NULL;
  BkHistoryHand hands[6] = {
    hand ("meister", 1, 1, 91, 3), hand ("meister", 1, -1, 40, -2),
    hand ("meister", 2, 1, 120, 6), hand ("meister", 2, -1, 29, -3),
    hand ("meister", 2, 1, 70, 1), hand ("heuristic", 2, 1, 61, 1),
  };
  BkStatisticsWindow *statistics;
  gint64 end;

  hands[0].schneider_given = TRUE;
  hands[0].spritze_made = hands[0].spritze_paid = TRUE;
  hands[1].bollen = -1;
  hands[2].schwarz_given = TRUE;
  hands[2].retour_made = hands[2].retour_paid = TRUE;
  hands[2].bollen = 1;
  hands[4].hints_used = TRUE;
  history = bk_history_new (path, &error);
  if (!history || !bk_history_add_hands (history, hands, G_N_ELEMENTS (hands), &error))
    {
      g_printerr ("%s\n", error->message);
      return;
    }
  g_clear_object (&history);
  recorder = bk_history_recorder_new (path);
  statistics = bk_statistics_window_new (NULL, recorder);
  gtk_window_set_default_size (GTK_WINDOW (statistics), width, height);
  gtk_window_present (GTK_WINDOW (statistics));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_str_equal (bk_statistics_window_get_page (statistics), "loading") &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  shoot ("statistics");
  gtk_window_destroy (GTK_WINDOW (statistics));
  ui_spin_for (G_USEC_PER_SEC / 2);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GSettings) settings = NULL;
  const char *language = g_getenv ("LANGUAGE");
  BkWindow *window;

  if (argc != 3 || sscanf (argv[2], "%dx%d", &width, &height) != 2)
    {
      g_printerr ("Usage: language-shots DIR WIDTHxHEIGHT\n");
      return 2;
    }
  out_dir = argv[1];
  prefix = g_strdup_printf ("%s-%dx%d", language ? language : "en", width, height);
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

  /* Bierkopf: the talk, then the table once the person has played a card. */
  write_save ("bierkopf", talk_record);
  g_settings_set_string (settings, "last-game", "bierkopf");
  window = open_window ();
  ui_spin_until (human_due, window);
  shoot ("talk");
  if (bk_window_get_dialog (window))
    {
      AdwMessageDialog *dialog = bk_window_get_dialog (window);

      adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
    }
  /* The default answer to the doublings, until the person plays a card, once. */
  for (guint steps = 0, played = 0; steps < 40; steps++)
    {
      AdwMessageDialog *dialog;

      ui_spin_until (human_due, window);
      dialog = bk_window_get_dialog (window);
      if (dialog)
        adw_message_dialog_response (dialog, adw_message_dialog_get_default_response (dialog));
      else if (played++ == 0)
        play_first_legal (window);
      else
        break;
    }
  shoot ("table");
  close_window (window);

  /* Herzla: a hand that fills the stock, and its result sheet. */
  write_save ("herzla", stock_record);
  g_settings_set_string (settings, "last-game", "herzla");
  window = open_window ();
  play_to_sheet (window);
  shoot ("herzla-sheet");
  close_window (window);

  shoot_statistics (home);

  /* The preferences, whose chosen values wrap on a phone. */
  {
    GtkWidget *preferences = bk_preferences_window_new ();

    gtk_window_set_default_size (GTK_WINDOW (preferences), width, height);
    gtk_window_present (GTK_WINDOW (preferences));
    shoot ("preferences");
    gtk_window_destroy (GTK_WINDOW (preferences));
  }
  return 0;
}
