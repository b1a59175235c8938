/* bench-card-theme.c: how long rendering a whole deck takes
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each theme: cold = load the theme (new handle, empty cache) and render
 * the 36 faces at 120 px; warm = fetch the same 36 from the cache. Median of
 * RUNS runs, one thread. Prints "# THEME cold_ms=… warm_ms=… load_ms=…" and
 * a last "# cold_ms=… warm_ms=…" line for the Bavarian deck, the default.
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-card-theme.h"

#include <stdlib.h>

#define RUNS  11
#define WIDTH 120

static const char * const suits[] = { "eichel", "gras", "herz", "schellen" };
static const char * const ranks[] = { "sau", "10", "koenig", "ober", "unter", "9", "8", "7", "6" };

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof *v, compare_doubles);
  return v[n / 2];
}

static void
bench_theme (const char *path,
             double     *cold_out,
             double     *warm_out)
{
  double cold[RUNS], warm[RUNS], load[RUNS], slowest[RUNS];
  char *ids[36];
  const char *slowest_id = NULL;

  for (int i = 0; i < 36; i++)
    ids[i] = g_strdup_printf ("%s-%s", suits[i / 9], ranks[i % 9]);

  for (int run = 0; run < RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BkCardTheme) theme = NULL;
      gint64 t0, t1, t2, t3;
      double worst = 0.0;

      t0 = g_get_monotonic_time ();
      theme = bk_card_theme_new (path, &error);
      g_assert_no_error (error);
      t1 = g_get_monotonic_time ();
      for (int i = 0; i < 36; i++)
        {
          gint64 a = g_get_monotonic_time ();
          bk_card_theme_get_texture (theme, ids[i], WIDTH, 1);
          double ms = (g_get_monotonic_time () - a) / 1000.0;
          if (ms > worst)
            {
              worst = ms;
              if (run == RUNS - 1)
                slowest_id = ids[i];
            }
        }
      t2 = g_get_monotonic_time ();
      for (int i = 0; i < 36; i++)
        bk_card_theme_get_texture (theme, ids[i], WIDTH, 1);
      t3 = g_get_monotonic_time ();

      load[run] = (t1 - t0) / 1000.0;
      cold[run] = (t2 - t0) / 1000.0;
      warm[run] = (t3 - t2) / 1000.0;
      slowest[run] = worst;
    }

  *cold_out = median (cold, RUNS);
  *warm_out = median (warm, RUNS);
  g_print ("# %s cold_ms=%.2f warm_ms=%.3f load_ms=%.2f slowest_card_ms=%.2f (%s)\n",
           path, *cold_out, *warm_out, median (load, RUNS), median (slowest, RUNS),
           slowest_id);

  for (int i = 0; i < 36; i++)
    g_free (ids[i]);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const themes[] = {
    BK_CARD_THEME_FRENCH, BK_CARD_THEME_FRENCH_4COLOR, BK_CARD_THEME_BAVARIAN,
  };
  double cold = 0.0, warm = 0.0;

  (void) argc;
  (void) argv;

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    bench_theme (themes[t], &cold, &warm);

  /* The last theme is the Bavarian one, the default deck. */
  g_print ("# cold_ms=%.2f warm_ms=%.3f\n", cold, warm);

  return EXIT_SUCCESS;
}
