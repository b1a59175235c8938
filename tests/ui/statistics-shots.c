/* statistics-shots.c: screenshots of the statistics window over the game, for the eye:
 * filled, the reset's confirmation and the empty state, in light and dark style. Not a
 * test; fill a history first and run it on an X display with a window manager, e.g.
 *
 *   bierkopf-cli history-fill --db /tmp/h.sqlite --hands 1500 --seed 5
 *   xvfb-run -a -s '-screen 0 1280x800x24' \
 *     sh -c 'openbox & sleep 1; statistics-shots /tmp/h.sqlite DIR'
 *
 * The history is copied; the original is left as it is. Each picture is of the whole
 * screen, taken with ImageMagick's import.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "bk-statistics-window.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static const char *out_dir;

static void
shoot (const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr (GError) error = NULL;

  ui_spin_for (G_USEC_PER_SEC / 2);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("%s\n", error->message);
  else
    g_print ("%s\n", path);
}

static BkStatisticsWindow *
open_statistics (BkWindow *window)
{
  BkStatisticsWindow *statistics =
    bk_statistics_window_new (GTK_WINDOW (window), bk_window_get_history_recorder (window));
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_present (GTK_WINDOW (statistics));
  while (g_str_equal (bk_statistics_window_get_page (statistics), "loading") &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return statistics;
}

static GtkScrolledWindow *
find_scrolled (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return GTK_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = find_scrolled (child);

      if (found)
        return found;
    }
  return NULL;
}

/* Scrolls the statistics to their end: the groups further down. */
static void
scroll_to_end (BkStatisticsWindow *statistics)
{
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (find_scrolled (GTK_WIDGET (statistics)));

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

/* As a click on the dialog's button: the answer, then the dialog closes. */
static void
answer (BkStatisticsWindow *statistics,
        const char         *response)
{
  AdwMessageDialog *dialog = bk_statistics_window_get_dialog (statistics);

  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-shots-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  BkWindow *window;
  BkStatisticsWindow *statistics;
  AdwStyleManager *style;

  if (argc != 3)
    {
      g_printerr ("usage: statistics-shots HISTORY.sqlite OUT_DIR\n");
      return 2;
    }
  out_dir = argv[2];
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  /* In German with LANGUAGE=de and BIERKOPF_LOCALEDIR=<build>/po. */
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  {
    g_autofree char *path = bk_history_default_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_mkdir_with_parents (dir, 0700);
    if (!g_file_get_contents (argv[1], &contents, &length, &error) ||
        !g_file_set_contents (path, contents, (gssize) length, &error))
      {
        g_printerr ("%s\n", error->message);
        return 1;
      }
  }
  style = adw_style_manager_get_default ();
  {
    /* What AdwApplication loads by itself: the table's baize. */
    g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/bierkopf/Bierkopf/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  window = ui_new_loaded_window ();
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_for (4 * G_USEC_PER_SEC);

  /* Filled and the reset's question in light, then in dark; the reset then empties it
   * and the empty state is shown in dark and light. */
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  statistics = open_statistics (window);
  shoot ("statistics-light.png");
  scroll_to_end (statistics);
  shoot ("statistics-end-light.png");
  gtk_widget_activate_action (GTK_WIDGET (statistics), "statistics.reset", NULL);
  shoot ("statistics-reset-light.png");
  answer (statistics, "cancel");

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  shoot ("statistics-dark.png");
  gtk_widget_activate_action (GTK_WIDGET (statistics), "statistics.reset", NULL);
  shoot ("statistics-reset-dark.png");
  answer (statistics, "reset");
  ui_spin_for (G_USEC_PER_SEC);
  shoot ("statistics-empty-dark.png");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  shoot ("statistics-empty-light.png");
  gtk_window_destroy (GTK_WINDOW (statistics));

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
