/* pace-shots.c: screenshots of the table at a person's pace, for the eye: a Retour chain
 * with the person's decision, and a finished trick in view. Not a test; run it on an X
 * display with a window manager, e.g.
 *
 *   xvfb-run -a -s '-screen 0 1280x800x24' sh -c 'openbox & sleep 1; pace-shots DIR'
 *
 * With "issue34" after the size (pace-shots DIR 360x640 issue34), the pictures of issue 34
 * instead: a trick 1.2 s after its last card landed, a toast above the hand, the person's
 * own word before his next question.
 *
 * It takes each picture of the whole screen with ImageMagick's import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "bk-window-test.h"
#include "test-raiser.h"
#include "ui-test-helpers.h"

static const char *out_dir;

static void
shoot (const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  ui_spin_for (G_USEC_PER_SEC / 3);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s: %s\n", path, error->message);
  else
    g_print ("%s\n", path);
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found)
        return found;
    }
  return NULL;
}

static gboolean
offer_shown (BkWindow *window)
{
  return bk_bierkopf_game_is_waiting_for_retour (bk_window_get_game (window), BK_SEAT_S) &&
         !bk_table_is_holding (bk_window_get_table (window)) && bk_window_is_settled (window);
}

static gboolean
multiplier_8 (BkWindow *window)
{
  return bk_bierkopf_game_get_multiplier (bk_window_get_game (window)) == 8;
}

static gboolean
persons_card (BkWindow *window)
{
  BkGame *game = bk_window_get_game (window);

  return bk_window_is_settled (window) && bk_game_get_to_act (game) == BK_SEAT_S &&
         !bk_table_is_holding (bk_window_get_table (window));
}

static gboolean
has_dialog (BkWindow *window)
{
  return bk_window_get_dialog (window) != NULL;
}

static gboolean
trick_in_view (BkWindow *window)
{
  return bk_table_is_trick_in_view (bk_window_get_table (window));
}

static void
close_window (BkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

static gboolean
eighth_card_played (BkWindow *window)
{
  return bk_hand_state_cards_played (bk_bierkopf_game_get_state (
           bk_window_get_game (window))) == 8;
}

/* Issue 34: the finished trick 1.2 s after its last card (a computer's) landed, where it
 * used to be swept already; the person's own word before his next question; a toast above
 * the hand. */
static int
issue34_shots (const char *save)
{
  BkWindow *window;

  g_file_set_contents (save,
                       "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                       "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                       "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\nplay S HK\n"
                       "play W EO\nplay N S10\n", -1, NULL);
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  if (!ui_spin_until (persons_card, window))
    return 1;
  bk_table_activate_card (bk_window_get_table (window), 0);
  if (!ui_spin_until (eighth_card_played, window))
    return 1;
  /* shoot() waits a third of a second: 0.35 s of flight, then 1.2 s */
  ui_spin_for (G_USEC_PER_SEC * 12 / 10);
  shoot ("issue34-trick-1.2s-after-landing.png");
  bk_window_show_toast (window, "Sepp: Retour! ×8");
  ui_spin_for (G_USEC_PER_SEC / 2);
  shoot ("issue34-toast-above-hand.png");
  close_window (window);

  /* North deals: East says "gut", West "schlecht"; the person answers "I can help". */
  g_file_set_contents (save,
                       "seed 3\ndealer N\nhand S EO GO HO SO EU\nhand W G10 GK SA S10 SK\n"
                       "hand N GU HU SU HA H10\nhand E HK EA E10 EK GA\n", -1, NULL);
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  if (!ui_spin_until (has_dialog, window))
    return 1;
  adw_message_dialog_response (bk_window_get_dialog (window), "helfen");
  ui_spin_for (G_USEC_PER_SEC * 9 / 10);
  shoot ("issue34-own-word-1.2s.png");
  if (!ui_spin_until (has_dialog, window))
    return 1;
  shoot ("issue34-own-word-next-question.png");
  close_window (window);
  g_remove (save);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *save = NULL;
  g_autofree char *dir = NULL;
  g_autoptr (GSettings) settings = NULL;
  BkWindow *window;
  BkGame *game;

  int width = 1100, height = 740;

  if (argc < 2 || argc > 4 || (argc >= 3 && sscanf (argv[2], "%dx%d", &width, &height) != 2) ||
      (argc == 4 && g_strcmp0 (argv[3], "issue34") != 0))
    {
      g_printerr ("usage: pace-shots DIR [WIDTHxHEIGHT [issue34]]\n");
      return 2;
    }
  out_dir = argv[1];
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "normal");
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);

  /* The opponents' Spritze; West has led, North plays second: then the person's team
   * may answer with a Retour (spec B3.6). */
  save = bk_window_dup_save_path ();
  dir = g_path_get_dirname (save);
  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (save,
                       "seed 4\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                       "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                       "talk W gut\ntalk E schlecht\ndouble W\nplay W SO\n", -1, NULL);

  {
    /* The style the application would load. */
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  if (argc == 4)
    return issue34_shots (save);
  window = ui_new_loaded_window ();
  game = bk_window_get_game (window);
  for (guint s = BK_SEAT_W; s < BK_N_SEATS; s++)
    {
      g_autoptr (TestRaiser) player = g_object_new (TEST_TYPE_RAISER, NULL);

      player->raises = s == BK_SEAT_E;
      bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (player));
    }
  gtk_window_present (GTK_WINDOW (window));

  if (!ui_spin_until (offer_shown, window))
    return 1;
  shoot ("retour-1-offer-x2.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.retour", NULL);
  if (!ui_spin_until (multiplier_8, window))
    return 1;
  shoot ("retour-2-east-answers-x8.png");

  if (!ui_spin_until (offer_shown, window))
    return 1;
  shoot ("retour-3-offer-x8.png");

  {
    GtkWidget *log = find_named (GTK_WIDGET (window), "talk-log");
    GtkWidget *popover = log ? gtk_widget_get_ancestor (log, GTK_TYPE_POPOVER) : NULL;

    if (popover)
      {
        gtk_popover_popup (GTK_POPOVER (popover));
        shoot ("retour-4-talk-log.png");
        gtk_popover_popdown (GTK_POPOVER (popover));
      }
  }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.no-retour", NULL);
  if (!ui_spin_until (persons_card, window))
    return 1;
  bk_table_activate_card (bk_window_get_table (window), 0);
  if (!ui_spin_until (trick_in_view, window))
    return 1;
  ui_spin_for (G_USEC_PER_SEC / 2);
  shoot ("trick-in-view.png");

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);

  /* Issue 21: the last trick looked at again (L) while the next is under way. */
  g_file_set_contents (save,
                       "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                       "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                       "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\nplay S HK\n"
                       "play W EO\nplay N S10\n", -1, NULL);
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  if (!ui_spin_until (persons_card, window))
    return 1;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.last-trick", NULL);
  ui_spin_for (G_USEC_PER_SEC / 2);
  shoot ("last-trick-look.png");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);

  /* And the result, which covers the middle, with the last trick on it. */
  g_file_set_contents (save,
                       "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                       "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                       "pass W\npass N\npass E\n"
                       "play W SO\nplay N SK\nplay E H10\nplay S HK\n"
                       "play W EO\nplay N S10\nplay E HA\nplay S GA\n"
                       "play W GO\nplay N SA\nplay E SU\nplay S EK\n"
                       "play W HO\nplay N GK\nplay E HU\nplay S E10\n"
                       "play W EU\nplay N G10\nplay E GU\n", -1, NULL);
  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  if (!ui_spin_until (persons_card, window))
    return 1;
  bk_table_activate_card (bk_window_get_table (window), 0);
  if (!ui_spin_until (has_dialog, window))
    return 1;
  shoot ("result-last-trick.png");
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  g_remove (save);
  return 0;
}
