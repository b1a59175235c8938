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
#include <stdio.h>

#include "bk-history.h"
#include "bk-history-recorder.h"
#include "bk-preferences-window.h"
#include "bk-statistics-window.h"
#include "shots-common.h"

static const char *out_dir;
static char *prefix;
static int width, height;

static void
shoot (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s-%s.png", prefix, name);

  shots_import_screen (out_dir, file);
}

static BkWindow *
open_window (void)
{
  BkWindow *window = shots_open_window (width, height);

  shots_spin (2 * G_USEC_PER_SEC);
  return window;
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
  shots_spin (G_USEC_PER_SEC / 2);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  GSettings *settings;
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
  home = shots_init ();
  settings = shots_settings ();

  /* Bierkopf: the talk, then the table once the person has played a card. */
  shots_write_save ("bierkopf", talk_record);
  g_settings_set_string (settings, "last-game", "bierkopf");
  window = open_window ();
  shots_wait_person (window);
  shoot ("talk");
  if (shots_find_dialog (window))
    shots_answer (shots_find_dialog (window), NULL);
  /* The default answer to the doublings, until the person plays a card, once. */
  for (guint steps = 0, played = 0; steps < 40; steps++)
    {
      GtkWindow *dialog;

      shots_wait_person (window);
      dialog = shots_find_dialog (window);
      if (dialog)
        shots_answer (dialog, NULL);
      else if (played++ == 0)
        shots_play_first_legal (window);
      else
        break;
    }
  shoot ("table");
  shots_close_window (window);

  /* Herzla: a hand that fills the stock, and its result sheet. */
  shots_write_save ("herzla", stock_record);
  g_settings_set_string (settings, "last-game", "herzla");
  window = open_window ();
  shots_play_to_dialog (window, "herzla-result", 400);
  shoot ("herzla-sheet");
  shots_close_window (window);

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
