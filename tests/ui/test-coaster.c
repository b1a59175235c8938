/* test-coaster.c: the beer coaster keeps its score, reads it out and draws it
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-coaster.h"

#include <adwaita.h>
#include <string.h>

#define RENDER_SIZE 160

/* Notifications, counted per property name. */
typedef struct {
  GHashTable *counts;
} NotifyLog;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           NotifyLog  *log)
{
  const char *name = g_param_spec_get_name (pspec);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (log->counts, name));

  g_hash_table_insert (log->counts, (gpointer) name, GUINT_TO_POINTER (n + 1));
}

static guint
notify_count (NotifyLog  *log,
              const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (log->counts, name));
}

static guint
notify_total (NotifyLog *log)
{
  GHashTableIter iter;
  gpointer value;
  guint total = 0;

  g_hash_table_iter_init (&iter, log->counts);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    total += GPOINTER_TO_UINT (value);
  return total;
}

static void
notify_reset (NotifyLog *log)
{
  g_hash_table_remove_all (log->counts);
}

/* Runs the main loop for @ms milliseconds. */
static gboolean
flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_properties (void)
{
  BkCoaster *coaster = BK_COASTER (g_object_ref_sink (bk_coaster_new ()));
  NotifyLog log = { g_hash_table_new (g_str_hash, g_str_equal) };
  const char * const uint_props[] = {
    "lines-left-us", "lines-left-them", "dots-us", "dots-them", "carry",
  };
  guint total, left_us, left_them, dots_us, dots_them, carry;
  double speed;

  g_object_get (coaster,
                "lines-total", &total,
                "lines-left-us", &left_us,
                "lines-left-them", &left_them,
                "dots-us", &dots_us,
                "dots-them", &dots_them,
                "carry", &carry,
                "animation-speed", &speed,
                NULL);
  g_assert_cmpuint (total, ==, 21);
  g_assert_cmpuint (left_us, ==, 21);
  g_assert_cmpuint (left_them, ==, 21);
  g_assert_cmpuint (dots_us, ==, 0);
  g_assert_cmpuint (dots_them, ==, 0);
  g_assert_cmpuint (carry, ==, 0);
  g_assert_cmpfloat (speed, ==, 1.0);

  g_signal_connect (coaster, "notify", G_CALLBACK (notify_cb), &log);

  /* Each property round-trips and notifies once, and only on a change. */
  for (gsize i = 0; i < G_N_ELEMENTS (uint_props); i++)
    {
      guint value = 0;

      notify_reset (&log);
      g_object_set (coaster, uint_props[i], 7u, NULL);
      g_object_get (coaster, uint_props[i], &value, NULL);
      g_assert_cmpuint (value, ==, 7);
      g_assert_cmpuint (notify_count (&log, uint_props[i]), ==, 1);
      g_assert_cmpuint (notify_total (&log), ==, 1);

      g_object_set (coaster, uint_props[i], 7u, NULL);
      g_assert_cmpuint (notify_total (&log), ==, 1);
    }

  notify_reset (&log);
  g_object_set (coaster, "animation-speed", 0.5, NULL);
  g_object_get (coaster, "animation-speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 0.5);
  g_object_set (coaster, "animation-speed", 0.5, NULL);
  g_assert_cmpuint (notify_count (&log, "animation-speed"), ==, 1);
  g_assert_cmpuint (notify_total (&log), ==, 1);

  /* The getters agree with the properties. */
  g_assert_cmpuint (bk_coaster_get_lines_left_us (coaster), ==, 7);
  g_assert_cmpuint (bk_coaster_get_lines_left_them (coaster), ==, 7);
  g_assert_cmpuint (bk_coaster_get_dots_us (coaster), ==, 7);
  g_assert_cmpuint (bk_coaster_get_dots_them (coaster), ==, 7);
  g_assert_cmpuint (bk_coaster_get_carry (coaster), ==, 7);
  g_assert_cmpfloat (bk_coaster_get_animation_speed (coaster), ==, 0.5);

  /* Lines left cannot exceed the total; a smaller total cuts them down. */
  notify_reset (&log);
  bk_coaster_set_lines_left_us (coaster, 40);
  g_assert_cmpuint (bk_coaster_get_lines_left_us (coaster), ==, 21);
  g_assert_cmpuint (notify_count (&log, "lines-left-us"), ==, 1);

  notify_reset (&log);
  bk_coaster_set_lines_total (coaster, 11);
  g_assert_cmpuint (bk_coaster_get_lines_total (coaster), ==, 11);
  g_assert_cmpuint (bk_coaster_get_lines_left_us (coaster), ==, 11);
  g_assert_cmpuint (bk_coaster_get_lines_left_them (coaster), ==, 7);
  g_assert_cmpuint (notify_count (&log, "lines-total"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "lines-left-us"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "lines-left-them"), ==, 0);

  notify_reset (&log);
  bk_coaster_set_lines_total (coaster, 11);
  g_assert_cmpuint (notify_total (&log), ==, 0);

  /* The whole state at once: one notification per changed property. */
  bk_coaster_set_lines_total (coaster, 21);
  notify_reset (&log);
  bk_coaster_set_state (coaster, 14, 9, 0, 1, 2);
  g_assert_cmpuint (bk_coaster_get_lines_left_us (coaster), ==, 14);
  g_assert_cmpuint (bk_coaster_get_lines_left_them (coaster), ==, 9);
  g_assert_cmpuint (bk_coaster_get_dots_us (coaster), ==, 0);
  g_assert_cmpuint (bk_coaster_get_dots_them (coaster), ==, 1);
  g_assert_cmpuint (bk_coaster_get_carry (coaster), ==, 2);
  g_assert_cmpuint (notify_count (&log, "lines-left-us"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "lines-left-them"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "dots-us"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "dots-them"), ==, 1);
  g_assert_cmpuint (notify_count (&log, "carry"), ==, 1);
  g_assert_cmpuint (notify_total (&log), ==, 5);

  notify_reset (&log);
  bk_coaster_set_state (coaster, 14, 9, 0, 1, 2);
  g_assert_cmpuint (notify_total (&log), ==, 0);

  /* Not in a window: nothing animates. */
  bk_coaster_set_animation_speed (coaster, 1.0);
  bk_coaster_set_lines_left_us (coaster, 3);
  g_assert_false (bk_coaster_is_animating (coaster));

  g_signal_handlers_disconnect_by_func (coaster, notify_cb, &log);
  g_hash_table_unref (log.counts);
  g_assert_finalize_object (coaster);
}

static void
test_description (void)
{
  BkCoaster *coaster = BK_COASTER (g_object_ref_sink (bk_coaster_new ()));
  char *text;

  text = bk_coaster_dup_description (coaster);
  g_assert_cmpstr (text, ==, "Us: 21 lines left, Them: 21 lines left");
  g_free (text);

  bk_coaster_set_state (coaster, 14, 9, 0, 1, 0);
  text = bk_coaster_dup_description (coaster);
  g_assert_cmpstr (text, ==, "Us: 14 lines left, Them: 9 lines left, Them: 1 Bollen lost");
  g_free (text);

  bk_coaster_set_state (coaster, 1, 2, 3, 1, 1);
  text = bk_coaster_dup_description (coaster);
  g_assert_cmpstr (text, ==,
                   "Us: 1 line left, Them: 2 lines left, Us: 3 Bollen lost, "
                   "Them: 1 Bollen lost, 1 line carried over from 60:60");
  g_free (text);

  bk_coaster_set_state (coaster, 0, 21, 0, 0, 3);
  text = bk_coaster_dup_description (coaster);
  g_assert_cmpstr (text, ==,
                   "Us: 0 lines left, Them: 21 lines left, 3 lines carried over from 60:60");
  g_free (text);

  g_assert_finalize_object (coaster);
}

static void
test_accessible (void)
{
  GtkWidget *coaster = g_object_ref_sink (bk_coaster_new ());
  const char *tooltip;
  int minimum, natural;

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (coaster)), ==,
                   GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_true (gtk_widget_get_focusable (coaster));
  tooltip = gtk_widget_get_tooltip_text (coaster);
  g_assert_cmpstr (tooltip, ==, "Show the hands of this Bollen");
  g_assert_cmpstr (gtk_widget_get_css_name (coaster), ==, "coaster");

  /* Square: the same request in both directions. */
  gtk_widget_measure (coaster, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 120);
  g_assert_cmpint (natural, ==, 200);
  gtk_widget_measure (coaster, GTK_ORIENTATION_VERTICAL, 300, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 120);
  g_assert_cmpint (natural, ==, 200);

  g_assert_finalize_object (coaster);
}

static void
count_cb (GtkWidget *widget,
          guint     *count)
{
  (*count)++;
}

static void
test_activate (void)
{
  GtkWidget *coaster = g_object_ref_sink (bk_coaster_new ());
  guint activated = 0;

  /* Enter and space are bound to "activated", the widget's activate signal. */
  g_signal_connect (coaster, "activated", G_CALLBACK (count_cb), &activated);
  g_assert_true (gtk_widget_activate (coaster));
  g_assert_cmpuint (activated, ==, 1);

  g_assert_finalize_object (coaster);
}

/* Rendering */

typedef struct {
  int     width;
  int     height;
  guint8 *data;   /* B8G8R8A8 premultiplied, stride width * 4 */
} Pixels;

static void
pixels_clear (Pixels *p)
{
  g_clear_pointer (&p->data, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pixels, pixels_clear)

static void
render (GtkWidget  *widget,
        const char *png_name,
        Pixels     *pixels)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderer *renderer;
  const char *dir = g_getenv ("BK_COASTER_PNG_DIR");
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  /* A snapshot shows the last frame: let the change reach the screen first. */
  gtk_test_widget_wait_for_draw (widget);

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (dir != NULL && png_name != NULL)
    {
      g_autofree char *path = g_build_filename (dir, png_name, NULL);

      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("Wrote %s", path);
    }

  pixels->width = gdk_texture_get_width (texture);
  pixels->height = gdk_texture_get_height (texture);
  pixels->data = g_malloc ((gsize) pixels->width * pixels->height * 4);
  gdk_texture_download (texture, pixels->data, (gsize) pixels->width * 4);
}

/* The share of pixels in the given part of the images that differ visibly. */
static double
fraction_different (const Pixels *a,
                    const Pixels *b,
                    double        x0,
                    double        y0,
                    double        x1,
                    double        y1)
{
  int px0 = (int) (x0 * a->width), px1 = (int) (x1 * a->width);
  int py0 = (int) (y0 * a->height), py1 = (int) (y1 * a->height);
  gsize n = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);

  for (int y = py0; y < py1; y++)
    for (int x = px0; x < px1; x++)
      {
        const guint8 *u = a->data + ((gsize) y * a->width + x) * 4;
        const guint8 *v = b->data + ((gsize) y * b->width + x) * 4;
        int d = 0;

        for (int c = 0; c < 4; c++)
          d = MAX (d, ABS ((int) u[c] - (int) v[c]));
        if (d > 24)
          n++;
      }

  return (double) n / ((double) (px1 - px0) * (py1 - py0));
}

static GtkWidget *
coaster_window (BkCoaster **coaster)
{
  GtkWidget *window = gtk_window_new ();

  *coaster = BK_COASTER (bk_coaster_new ());
  gtk_window_set_default_size (GTK_WINDOW (window), RENDER_SIZE, RENDER_SIZE);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (*coaster));
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (*coaster));

  /* The window is GTK's; these references are the test's. */
  g_object_ref (window);
  g_object_ref (*coaster);

  return window;
}

static void
destroy_window (GtkWidget *window,
                BkCoaster *coaster)
{
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_assert_finalize_object (coaster);
}

static void
test_click (void)
{
  BkCoaster *coaster;
  GtkWidget *window = coaster_window (&coaster);
  g_autoptr(GListModel) controllers = NULL;
  GtkGesture *click = NULL;
  guint activated = 0;
  double mid;

  /* GTK 4.8 cannot synthesize pointer events; drive the click gesture's
   * signals the way a real click on the mapped widget would.
   */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (coaster));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = GTK_GESTURE (controller);
    }
  g_assert_nonnull (click);
  g_clear_object (&controllers);

  g_signal_connect (coaster, "activated", G_CALLBACK (count_cb), &activated);
  mid = gtk_widget_get_width (GTK_WIDGET (coaster)) / 2.0;

  g_signal_emit_by_name (click, "pressed", 1, mid, mid);
  g_assert_true (gtk_widget_get_state_flags (GTK_WIDGET (coaster)) & GTK_STATE_FLAG_ACTIVE);
  g_signal_emit_by_name (click, "released", 1, mid, mid);
  g_assert_false (gtk_widget_get_state_flags (GTK_WIDGET (coaster)) & GTK_STATE_FLAG_ACTIVE);
  g_assert_cmpuint (activated, ==, 1);

  /* Released outside, or the second press of a double click: no. */
  g_signal_emit_by_name (click, "pressed", 1, mid, mid);
  g_signal_emit_by_name (click, "released", 1, 10 * mid, mid);
  g_assert_cmpuint (activated, ==, 1);
  g_signal_emit_by_name (click, "pressed", 2, mid, mid);
  g_signal_emit_by_name (click, "released", 2, mid, mid);
  g_assert_cmpuint (activated, ==, 1);

  /* Keyboard activation of the focused coaster. */
  gtk_widget_grab_focus (GTK_WIDGET (coaster));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (coaster)));
  g_assert_true (gtk_widget_activate (GTK_WIDGET (coaster)));
  g_assert_cmpuint (activated, ==, 2);

  destroy_window (window, coaster);
}

/* Left half (Us), right half (Them), the foot of the coaster (dots, carry). */
#define US      0.12, 0.25, 0.48, 0.75
#define THEM    0.52, 0.25, 0.88, 0.75
#define FOOT    0.15, 0.75, 0.85, 0.90

static void
test_render (void)
{
  BkCoaster *coaster;
  GtkWidget *window = coaster_window (&coaster);
  g_auto(Pixels) fresh = { 0 }, us_struck = { 0 }, both = { 0 }, full = { 0 }, again = { 0 };

  bk_coaster_set_animation_speed (coaster, 0.0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (coaster)), >=, 120);

  render (GTK_WIDGET (coaster), "coaster-fresh.png", &fresh);

  /* Cardboard in the middle, under the divider's gap. */
  {
    const guint8 *p = fresh.data + ((gsize) (fresh.height / 2) * fresh.width + fresh.width / 3) * 4;

    g_assert_cmpuint (p[3], ==, 0xff);
    g_assert_cmpuint (p[2], >, 200);
    g_assert_cmpuint (p[1], >, 190);
    g_assert_cmpuint (p[0], >, 150);
  }

  /* Striking lines of Us changes the left half only. */
  bk_coaster_set_lines_left_us (coaster, 14);
  render (GTK_WIDGET (coaster), "coaster-us-14.png", &us_struck);
  g_assert_cmpfloat (fraction_different (&fresh, &us_struck, US), >, 0.01);
  g_assert_cmpfloat (fraction_different (&fresh, &us_struck, THEM), ==, 0.0);

  /* Then Them, a Bollen dot and a carry. */
  bk_coaster_set_state (coaster, 14, 9, 0, 1, 2);
  render (GTK_WIDGET (coaster), "coaster-14-9.png", &both);
  g_assert_cmpfloat (fraction_different (&us_struck, &both, THEM), >, 0.01);
  g_assert_cmpfloat (fraction_different (&us_struck, &both, FOOT), >, 0.005);
  g_assert_cmpfloat (fraction_different (&fresh, &both, 0, 0, 1, 1), >, 0.02);

  /* Many dots and a long carry still draw. */
  bk_coaster_set_state (coaster, 0, 1, 7, 3, 12);
  render (GTK_WIDGET (coaster), "coaster-full.png", &full);
  g_assert_cmpfloat (fraction_different (&both, &full, 0, 0, 1, 1), >, 0.02);

  /* A new Bollen: both coasters fresh again at once, the dots stay. */
  bk_coaster_set_state (coaster, 21, 21, 0, 0, 0);
  render (GTK_WIDGET (coaster), NULL, &again);
  g_assert_cmpfloat (fraction_different (&fresh, &again, 0, 0, 1, 1), ==, 0.0);

  destroy_window (window, coaster);
}

static gboolean
animation_done (BkCoaster *coaster,
                guint      timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (bk_coaster_is_animating (coaster) && g_get_monotonic_time () < end)
    spin (10);

  return !bk_coaster_is_animating (coaster);
}

static void
test_animation (void)
{
  BkCoaster *coaster;
  GtkWidget *window = coaster_window (&coaster);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (coaster));
  g_auto(Pixels) before = { 0 }, during = { 0 }, after = { 0 }, instant = { 0 };
  gint64 start;
  char *text;

  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);

  render (GTK_WIDGET (coaster), NULL, &before);

  /* Fewer lines: struck one after the other, about 0.25 s a line at speed 1,
   * here 0.5 s a line. The properties and the description have the new score
   * at once.
   */
  bk_coaster_set_animation_speed (coaster, 0.5);
  start = g_get_monotonic_time ();
  bk_coaster_set_lines_left_us (coaster, 17);
  g_assert_true (bk_coaster_is_animating (coaster));
  g_assert_cmpuint (bk_coaster_get_lines_left_us (coaster), ==, 17);
  text = bk_coaster_dup_description (coaster);
  g_assert_cmpstr (text, ==, "Us: 17 lines left, Them: 21 lines left");
  g_free (text);

  spin (450);
  g_assert_true (bk_coaster_is_animating (coaster));
  render (GTK_WIDGET (coaster), "coaster-striking.png", &during);

  g_assert_true (animation_done (coaster, 10000));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 1800 * 1000);
  render (GTK_WIDGET (coaster), NULL, &after);

  g_assert_cmpfloat (fraction_different (&before, &during, US), >, 0.0);
  g_assert_cmpfloat (fraction_different (&during, &after, US), >, 0.0);
  g_assert_cmpfloat (fraction_different (&before, &after, THEM), ==, 0.0);

  /* Eight times as fast: 8 lines in half a second, not two seconds. */
  bk_coaster_set_animation_speed (coaster, 4.0);
  start = g_get_monotonic_time ();
  bk_coaster_set_lines_left_them (coaster, 13);
  g_assert_true (bk_coaster_is_animating (coaster));
  g_assert_true (animation_done (coaster, 10000));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 450 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 1500 * 1000);
  bk_coaster_set_animation_speed (coaster, 1.0);

  /* More lines, a new Bollen: at once. */
  bk_coaster_set_state (coaster, 21, 21, 0, 1, 0);
  g_assert_false (bk_coaster_is_animating (coaster));

  /* A strike cut short by a new Bollen ends at once too. */
  bk_coaster_set_lines_left_us (coaster, 10);
  g_assert_true (bk_coaster_is_animating (coaster));
  bk_coaster_set_lines_left_us (coaster, 21);
  g_assert_false (bk_coaster_is_animating (coaster));

  /* Speed 0, or animations off in the settings: no animation. */
  bk_coaster_set_animation_speed (coaster, 0.0);
  bk_coaster_set_lines_left_us (coaster, 17);
  g_assert_false (bk_coaster_is_animating (coaster));
  render (GTK_WIDGET (coaster), NULL, &instant);
  g_assert_cmpfloat (fraction_different (&after, &instant, US), ==, 0.0);

  bk_coaster_set_animation_speed (coaster, 1.0);
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  bk_coaster_set_lines_left_us (coaster, 12);
  g_assert_false (bk_coaster_is_animating (coaster));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);

  /* Destroyed in the middle of a strike. */
  bk_coaster_set_lines_left_them (coaster, 2);
  g_assert_true (bk_coaster_is_animating (coaster));
  destroy_window (window, coaster);
}

int
main (int   argc,
      char *argv[])
{
  /* gtk_init() aborts without a display; say why instead (run under xvfb-run). */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/coaster/properties", test_properties);
  g_test_add_func ("/coaster/description", test_description);
  g_test_add_func ("/coaster/accessible", test_accessible);
  g_test_add_func ("/coaster/activate", test_activate);
  g_test_add_func ("/coaster/click", test_click);
  g_test_add_func ("/coaster/render", test_render);
  g_test_add_func ("/coaster/animation", test_animation);

  return g_test_run ();
}
