/* bk-balance-chart.c: the running balance over the last sessions (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-balance-chart.h"

#define MARGIN 8
#define DOT_RADIUS 3.0

struct _BkBalanceChart
{
  GtkWidget  parent_instance;

  GArray    *points; /* of BkHistoryPoint, oldest first */
};

G_DEFINE_FINAL_TYPE (BkBalanceChart, bk_balance_chart, GTK_TYPE_WIDGET)

/* A named colour of the style (libadwaita's accent_color, error_color), or @fallback. */
static GdkRGBA
style_color (GtkWidget     *widget,
             const char    *name,
             const GdkRGBA *fallback)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GdkRGBA color;

  if (!gtk_style_context_lookup_color (context, name, &color))
    color = *fallback;
  return color;
}

static PangoLayout *
value_layout (GtkWidget *widget,
              gint       value)
{
  g_autofree char *text = g_strdup_printf ("%+d", value);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, value ? text : "0");

  return layout;
}

/* The day of a session, as the locale writes dates. */
static PangoLayout *
date_layout (GtkWidget *widget,
             gint64     date)
{
  g_autoptr (GDateTime) time = g_date_time_new_from_unix_local (date);
  g_autofree char *text = time ? g_date_time_format (time, "%x") : NULL;

  return gtk_widget_create_pango_layout (widget, text ? text : "");
}

static void
bk_balance_chart_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  BkBalanceChart *self = BK_BALANCE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA fg, accent, negative, grid, fill, fill_negative;
  g_autoptr (PangoLayout) top_label = NULL;
  g_autoptr (PangoLayout) bottom_label = NULL;
  g_autoptr (PangoLayout) first_date = NULL;
  g_autoptr (PangoLayout) last_date = NULL;
  int date_height = 0;
  int label_width = 0, label_height = 0, w, h;
  gint low = 0, high = 0;
  double left, right, top, bottom, zero_y;
  cairo_t *cr;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  accent = style_color (widget, "accent_color", &fg);
  negative = style_color (widget, "error_color", &fg);
  grid = fg;
  grid.alpha *= 0.25f;

  for (guint i = 0; i < self->points->len; i++)
    {
      gint running = g_array_index (self->points, BkHistoryPoint, i).running;
      low = MIN (low, running);
      high = MAX (high, running);
    }
  if (low == high)
    high = low + 1;

  top_label = value_layout (widget, high);
  bottom_label = value_layout (widget, low);
  pango_layout_get_pixel_size (top_label, &w, &h);
  label_width = MAX (label_width, w);
  label_height = MAX (label_height, h);
  pango_layout_get_pixel_size (bottom_label, &w, &h);
  label_width = MAX (label_width, w);

  /* Under the line: the day of the first and of the last session shown. */
  if (self->points->len > 0)
    {
      first_date = date_layout (widget, g_array_index (self->points, BkHistoryPoint, 0).date);
      last_date = date_layout (widget, g_array_index (self->points, BkHistoryPoint,
                                                      self->points->len - 1).date);
      pango_layout_get_pixel_size (first_date, NULL, &date_height);
      date_height += MARGIN / 2;
    }

  left = MARGIN + label_width + MARGIN;
  right = width - MARGIN - DOT_RADIUS;
  top = MARGIN + label_height / 2.0;
  bottom = height - MARGIN - label_height / 2.0 - date_height;
  if (right <= left || bottom <= top)
    return;
  zero_y = bottom - (0 - low) * (bottom - top) / (high - low);

  /* The values at the top and bottom, and the zero line. */
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (MARGIN, MARGIN));
  gtk_snapshot_append_layout (snapshot, top_label, &fg);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (MARGIN, bottom - label_height / 2.0));
  gtk_snapshot_append_layout (snapshot, bottom_label, &fg);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_append_color (snapshot, &grid, &GRAPHENE_RECT_INIT (left, top, right - left, 1));
  gtk_snapshot_append_color (snapshot, &grid,
                             &GRAPHENE_RECT_INIT (left, bottom, right - left, 1));
  gtk_snapshot_append_color (snapshot, &fg, &GRAPHENE_RECT_INIT (left, round (zero_y) - 0.5,
                                                                 right - left, 1));
  if (self->points->len == 0)
    return;

  {
    GdkRGBA dim = fg;

    dim.alpha *= 0.7f;
    gtk_snapshot_save (snapshot);
    gtk_snapshot_translate (snapshot,
                            &GRAPHENE_POINT_INIT (left, height - MARGIN - date_height + MARGIN / 2));
    gtk_snapshot_append_layout (snapshot, first_date, &dim);
    gtk_snapshot_restore (snapshot);
    if (self->points->len > 1)
      {
        pango_layout_get_pixel_size (last_date, &w, NULL);
        gtk_snapshot_save (snapshot);
        gtk_snapshot_translate (snapshot,
                                &GRAPHENE_POINT_INIT (right - w,
                                                      height - MARGIN - date_height + MARGIN / 2));
        gtk_snapshot_append_layout (snapshot, last_date, &dim);
        gtk_snapshot_restore (snapshot);
      }
  }

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  fill = accent;
  fill.alpha *= 0.25f;
  fill_negative = negative;
  fill_negative.alpha *= 0.25f;

#define X(i) (self->points->len == 1 ? (left + right) / 2 : \
              left + (i) * (right - left) / (self->points->len - 1))
#define Y(v) (bottom - ((v) - low) * (bottom - top) / (high - low))

  /* The area between the line and zero: above in the accent colour, below in red. */
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_save (cr);
      if (pass == 0)
        cairo_rectangle (cr, left, 0, right - left, zero_y);
      else
        cairo_rectangle (cr, left, zero_y, right - left, height - zero_y);
      cairo_clip (cr);
      cairo_move_to (cr, X (0), zero_y);
      for (guint i = 0; i < self->points->len; i++)
        cairo_line_to (cr, X (i), Y (g_array_index (self->points, BkHistoryPoint, i).running));
      cairo_line_to (cr, X (self->points->len - 1), zero_y);
      cairo_close_path (cr);
      gdk_cairo_set_source_rgba (cr, pass == 0 ? &fill : &fill_negative);
      cairo_fill (cr);
      cairo_restore (cr);
    }

  cairo_set_line_width (cr, 2.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < self->points->len; i++)
    cairo_line_to (cr, X (i), Y (g_array_index (self->points, BkHistoryPoint, i).running));
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_stroke (cr);
  for (guint i = 0; i < self->points->len; i++)
    {
      gint running = g_array_index (self->points, BkHistoryPoint, i).running;

      cairo_arc (cr, X (i), Y (running), DOT_RADIUS, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, running < 0 ? &negative : &accent);
      cairo_fill (cr);
    }
#undef X
#undef Y
  cairo_destroy (cr);
}

static void
bk_balance_chart_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 120;
      *natural = 180;
    }
}

static void
bk_balance_chart_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (bk_balance_chart_parent_class)->css_changed (widget, change);
  /* Light and dark style: the colours come from the style. */
  gtk_widget_queue_draw (widget);
}

static void
bk_balance_chart_finalize (GObject *object)
{
  BkBalanceChart *self = BK_BALANCE_CHART (object);

  g_array_unref (self->points);

  G_OBJECT_CLASS (bk_balance_chart_parent_class)->finalize (object);
}

static void
bk_balance_chart_class_init (BkBalanceChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bk_balance_chart_finalize;
  widget_class->snapshot = bk_balance_chart_snapshot;
  widget_class->measure = bk_balance_chart_measure;
  widget_class->css_changed = bk_balance_chart_css_changed;
  gtk_widget_class_set_css_name (widget_class, "balancechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
bk_balance_chart_init (BkBalanceChart *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (BkHistoryPoint));
}

GtkWidget *
bk_balance_chart_new (void)
{
  return g_object_new (BK_TYPE_BALANCE_CHART, NULL);
}

/* Shows @points (oldest first); the accessible description says where it ends. */
void
bk_balance_chart_set_points (BkBalanceChart       *self,
                             const BkHistoryPoint *points,
                             guint                 n_points)
{
  g_autofree char *description = NULL;

  g_return_if_fail (BK_IS_BALANCE_CHART (self));
  g_return_if_fail (points != NULL || n_points == 0);

  g_array_set_size (self->points, 0);
  g_array_append_vals (self->points, points, n_points);
  if (n_points > 0)
    /* Translators: the chart's description for screen readers, e.g. "The running
     * balance over the last 12 sessions: +8" */
    description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "The running balance over the last %u "
                                                "session: %+d",
                                                "The running balance over the last %u "
                                                "sessions: %+d",
                                                n_points),
                                   n_points, points[n_points - 1].running);
  else
    description = g_strdup (_("No sessions yet"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bk_balance_chart_get_n_points (BkBalanceChart *self)
{
  g_return_val_if_fail (BK_IS_BALANCE_CHART (self), 0);
  return self->points->len;
}
