/* bench-window.c: how fast the window starts (to its first frame), and how long a frame
 * takes to lay out and paint while cards fly (a whole hand of computer play at normal
 * animation speed). Prints medians; never a pass/fail on time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <stdlib.h>

#include "bk-window-test.h"

#define RUNS 7

typedef struct {
  gint64  start;
  gint64  first_frame;
  gint64  frame_start;
  GArray *frame_us;
} Probe;

static void
layout_cb (GdkFrameClock *clock,
           Probe         *probe)
{
  probe->frame_start = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Probe         *probe)
{
  gint64 now = g_get_monotonic_time ();

  if (probe->first_frame == 0)
    probe->first_frame = now;
  if (probe->frame_us && probe->frame_start)
    {
      double us = (double) (now - probe->frame_start);
      g_array_append_val (probe->frame_us, us);
    }
}

static int
compare (gconstpointer a,
         gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
percentile (GArray *values,
            double  p)
{
  g_array_sort (values, compare);
  return values->len ? g_array_index (values, double, (guint) (p * (values->len - 1))) : 0;
}

static void
watch (BkWindow *window,
       Probe    *probe)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), probe);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), probe);
}

static void
realize_cb (GtkWidget *widget,
            Probe     *probe)
{
  watch (BK_WINDOW (widget), probe);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *home = g_dir_make_tmp ("bierkopf-bench-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", home, TRUE);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "fast");

  for (guint run = 0; run < RUNS; run++)
    {
      Probe probe = { 0 };
      BkWindow *window;
      double ms;
      gint64 end;

      probe.start = g_get_monotonic_time ();
      window = bk_window_new (NULL);
      g_signal_connect (window, "realize", G_CALLBACK (realize_cb), &probe);
      gtk_window_present (GTK_WINDOW (window));
      while (probe.first_frame == 0)
        g_main_context_iteration (NULL, TRUE);
      ms = (probe.first_frame - probe.start) / 1000.0;
      g_array_append_val (starts, ms);

      /* Let the computer players and the animations run for a while: seating, dealing,
       * cards flying, tricks swept. The human's turns stop it; that is enough frames. */
      probe.frame_us = frames;
      end = g_get_monotonic_time () + 4 * G_USEC_PER_SEC;
      while (g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
      probe.frame_us = NULL;

      g_signal_handlers_disconnect_by_data (gtk_widget_get_frame_clock (GTK_WIDGET (window)),
                                            &probe);
      gtk_window_destroy (GTK_WINDOW (window));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }

  g_print ("# start_to_first_frame_ms median=%.1f max=%.1f (%u runs)\n",
           percentile (starts, 0.5), percentile (starts, 1.0), RUNS);
  g_print ("# frame_layout_paint_ms median=%.2f p95=%.2f max=%.2f (%u frames)\n",
           percentile (frames, 0.5) / 1000, percentile (frames, 0.95) / 1000,
           percentile (frames, 1.0) / 1000, frames->len);
  return EXIT_SUCCESS;
}
