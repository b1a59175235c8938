/* table-shots.c: the table's states rendered offscreen to PNG, to compare before and after a
 * change of the table's code byte for byte (issue 22: "the same pixels"). Not a test:
 *
 *   LANGUAGE=ru LANG=C.UTF-8 BIERKOPF_LOCALEDIR=_build/po GSETTINGS_BACKEND=memory \
 *   GSETTINGS_SCHEMA_DIR=_build/data GSK_RENDERER=cairo GTK_A11Y=none \
 *   xvfb-run -a -s '-screen 0 1280x800x24' _build/tests/ui/table-shots DIR
 *
 * The pictures are DIR/LANGUAGE-WIDTHxHEIGHT-STATE.png: Bierkopf's talk and a trick under
 * way, Herzla's table with hearts and the stock, at 360x640 and 1280x800.
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
#include "bk-session-store.h"
#include "bk-table.h"
#include "bk-window.h"
#include "ui-test-helpers.h"

static const char *out_dir;
static const char *language;
static int width, height;

static void
shoot (BkWindow   *window,
       const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s-%dx%d-%s.png", out_dir, language, width,
                                           height, name);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  int w, h;

  ui_spin_for (G_USEC_PER_SEC / 2);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  w = gtk_widget_get_width (GTK_WIDGET (window));
  h = gtk_widget_get_height (GTK_WIDGET (window));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_printerr ("%s: nothing drawn\n", path);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
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
  ui_spin_for (G_USEC_PER_SEC);
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

/* The person leads (East deals) and is asked to talk. */
static const char *talk_record =
  "seed 3\ndealer E\nhand S EO GO HO SO EU\n"
  "hand W G10 GK SA S10 SK\nhand N GU HU SU HA H10\n"
  "hand E HK EA E10 EK GA\n";

/* North took all eight hearts; the person's last card is to come. */
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

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-table-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GSettings) settings = NULL;
  static const int sizes[][2] = { { 360, 640 }, { 1280, 800 } };
  BkWindow *window;

  if (argc != 2)
    {
      g_printerr ("Usage: table-shots DIR\n");
      return 2;
    }
  out_dir = argv[1];
  language = g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "en";
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

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      width = sizes[z][0];
      height = sizes[z][1];

      /* Bierkopf: the talk, then a trick under way once the person has played. */
      write_save ("bierkopf", talk_record);
      g_settings_set_string (settings, "last-game", "bierkopf");
      window = open_window ();
      ui_spin_until (human_due, window);
      shoot (window, "bierkopf-talk");
      for (guint steps = 0, played = 0; steps < 40; steps++)
        {
          AdwMessageDialog *dialog;

          ui_spin_until (human_due, window);
          dialog = bk_window_get_dialog (window);
          if (dialog)
            adw_message_dialog_response (dialog,
                                         adw_message_dialog_get_default_response (dialog));
          else if (played++ == 0)
            play_first_legal (window);
          else
            break;
        }
      shoot (window, "bierkopf-play");
      close_window (window);

      /* Herzla: hearts by the names, the stock in its glass. */
      write_save ("herzla", stock_record);
      g_settings_set_string (settings, "last-game", "herzla");
      window = open_window ();
      ui_spin_until (human_due, window);
      shoot (window, "herzla-play");
      close_window (window);
    }
  return 0;
}
