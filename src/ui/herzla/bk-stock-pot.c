/* bk-stock-pot.c: the stock as a glass of coins. The glass fills with the stock: a level
 * that grows quickly at first and never spills over (80 cents a good quarter, 3,20 € three
 * quarters); under it the amount. A change runs as an animation, its length following the
 * table's speed, and is shown at once when animations are off (reduced motion) or the
 * speed is 0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-money.h"
#include "bk-stock-pot.h"

#define FILL_USEC (G_USEC_PER_SEC * 9 / 10)
#define GLASS_WIDTH 50
#define GLASS_HEIGHT 58
#define GAP 3

struct _BkStockPot
{
  GtkWidget  parent_instance;

  GtkWidget *label;
  int        cents;       /* the stock */
  int        from_cents;  /* shown when the animation began */
  int        shown_cents; /* shown now */
  gint64     start;
  gint64     duration;
  double     speed;
  guint      tick_id;
};

G_DEFINE_FINAL_TYPE (BkStockPot, bk_stock_pot, GTK_TYPE_WIDGET)

/* How full the glass is for @cents: 0 empty, towards 1 without reaching it. */
static double
level_for (int cents)
{
  return cents <= 0 ? 0 : 1 - exp (-cents / 240.0);
}

static void
update_label (BkStockPot *self)
{
  g_autofree char *amount = bk_money_format_cents (self->shown_cents, FALSE);
  g_autofree char *full = bk_money_format_cents (self->cents, FALSE);
  /* Translators: the stock (the pot of H5.2) under its glass, "Stock 0,80 €" */
  g_autofree char *text = g_strdup_printf (_("Stock %s"), amount);
  /* Translators: what a screen reader says of the stock's glass */
  g_autofree char *description = g_strdup_printf (_("The stock holds %s"), full);

  gtk_label_set_text (GTK_LABEL (self->label), text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description, -1);
}

static double
ease (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  return t < 0.5 ? 4 * t * t * t : 1 - pow (-2 * t + 2, 3) / 2;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  BkStockPot *self = BK_STOCK_POT (widget);
  gint64 now = g_get_monotonic_time ();
  double t = self->duration > 0 ? (double) (now - self->start) / self->duration : 1;

  self->shown_cents = self->from_cents +
                      (int) round ((self->cents - self->from_cents) * ease (t));
  update_label (self);
  gtk_widget_queue_draw (widget);
  if (t < 1)
    return G_SOURCE_CONTINUE;
  self->shown_cents = self->cents;
  self->duration = 0;
  self->tick_id = 0;
  update_label (self);
  return G_SOURCE_REMOVE;
}

static gboolean
animations_enabled (BkStockPot *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled && self->speed > 0;
}

/* Sets the stock; @animate: the glass fills or empties to it over a moment. */
void
bk_stock_pot_set_cents (BkStockPot *self,
                        int         cents,
                        gboolean    animate)
{
  g_return_if_fail (BK_IS_STOCK_POT (self));

  if (cents == self->cents && self->tick_id == 0)
    return;
  self->from_cents = self->shown_cents;
  self->cents = cents;
  if (!animate || !animations_enabled (self) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (self->tick_id)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
      self->duration = 0;
      self->shown_cents = cents;
      update_label (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->start = g_get_monotonic_time ();
  self->duration = (gint64) (FILL_USEC / self->speed);
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  update_label (self);
}

int
bk_stock_pot_get_cents (BkStockPot *self)
{
  g_return_val_if_fail (BK_IS_STOCK_POT (self), 0);
  return self->cents;
}

/* What the glass shows now (it lags behind the stock while it fills or empties). */
int
bk_stock_pot_get_shown_cents (BkStockPot *self)
{
  g_return_val_if_fail (BK_IS_STOCK_POT (self), 0);
  return self->shown_cents;
}

/* How full the glass is drawn now, 0 to 1. */
double
bk_stock_pot_get_level (BkStockPot *self)
{
  g_return_val_if_fail (BK_IS_STOCK_POT (self), 0);
  return level_for (self->shown_cents);
}

gboolean
bk_stock_pot_is_animating (BkStockPot *self)
{
  g_return_val_if_fail (BK_IS_STOCK_POT (self), FALSE);
  return self->tick_id != 0;
}

/* The table's pace: 2 twice as fast, 0 no animation. */
void
bk_stock_pot_set_animation_speed (BkStockPot *self,
                                  double      speed)
{
  g_return_if_fail (BK_IS_STOCK_POT (self));
  self->speed = MAX (speed, 0.0);
}

/* The glass: a tumbler, wider at the top, its coins a golden heap up to the level. */
static void
draw_glass (cairo_t *cr,
            double   x,
            double   y,
            double   level)
{
  double w = GLASS_WIDTH, h = GLASS_HEIGHT, inset = 6, bottom = y + h;
  double fill_h = (h - 6) * level, top_y = bottom - 3 - fill_h;
  /* The glass's half width at height @yy: narrower at the foot. */
#define HALF_AT(yy) (w / 2 - inset * ((yy) - y) / h)
  double cx = x + w / 2;

  /* The shadow on the baize. */
  cairo_save (cr);
  cairo_translate (cr, cx, bottom);
  cairo_scale (cr, w / 2, 5);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);

  /* The coins. */
  if (level > 0)
    {
      cairo_pattern_t *gold = cairo_pattern_create_linear (x, 0, x + w, 0);
      double hw_top = HALF_AT (top_y) - 2, hw_bottom = HALF_AT (bottom - 3) - 2;

      cairo_pattern_add_color_stop_rgb (gold, 0, 0.72, 0.50, 0.05);
      cairo_pattern_add_color_stop_rgb (gold, 0.45, 0.96, 0.80, 0.22);
      cairo_pattern_add_color_stop_rgb (gold, 1, 0.68, 0.45, 0.04);
      cairo_move_to (cr, cx - hw_top, top_y);
      cairo_line_to (cr, cx - hw_bottom, bottom - 3);
      cairo_line_to (cr, cx + hw_bottom, bottom - 3);
      cairo_line_to (cr, cx + hw_top, top_y);
      cairo_close_path (cr);
      cairo_set_source (cr, gold);
      cairo_fill (cr);
      cairo_pattern_destroy (gold);

      /* The rims of the stacked coins, and the top coin's face. */
      cairo_set_source_rgba (cr, 0.45, 0.30, 0.02, 0.55);
      cairo_set_line_width (cr, 1);
      for (double yy = bottom - 7; yy > top_y + 2; yy -= 4)
        {
          double hw = HALF_AT (yy) - 2;

          cairo_move_to (cr, cx - hw, yy + 0.5);
          cairo_line_to (cr, cx + hw, yy + 0.5);
        }
      cairo_stroke (cr);
      cairo_save (cr);
      cairo_translate (cr, cx, top_y);
      cairo_scale (cr, hw_top, MIN (4.0, fill_h / 2 + 1));
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_set_source_rgb (cr, 0.98, 0.86, 0.35);
      cairo_fill (cr);
    }

  /* The glass over them: a faint body, a bright outline and a highlight. */
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + inset, bottom);
  cairo_line_to (cr, x + w - inset, bottom);
  cairo_line_to (cr, x + w, y);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.14);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_translate (cr, cx, y);
  cairo_scale (cr, w / 2, 3.5);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.7);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_move_to (cr, x + 7, y + 7);
  cairo_line_to (cr, x + 11, bottom - 8);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.45);
  cairo_set_line_width (cr, 3);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
#undef HALF_AT
}

static void
bk_stock_pot_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  BkStockPot *self = BK_STOCK_POT (widget);
  int width = gtk_widget_get_width (widget);
  double x = floor ((width - GLASS_WIDTH) / 2.0);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                           &GRAPHENE_RECT_INIT (0, 0, width,
                                                                GLASS_HEIGHT + 8));

  draw_glass (cr, x, 4, level_for (self->shown_cents));
  cairo_destroy (cr);
  gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
bk_stock_pot_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  BkStockPot *self = BK_STOCK_POT (widget);
  int lmin, lnat;

  gtk_widget_measure (self->label, orientation, -1, &lmin, &lnat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (lmin, GLASS_WIDTH + 4);
      *natural = MAX (lnat, GLASS_WIDTH + 4);
    }
  else
    {
      *minimum = GLASS_HEIGHT + 8 + GAP + lmin;
      *natural = GLASS_HEIGHT + 8 + GAP + lnat;
    }
}

static void
bk_stock_pot_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  BkStockPot *self = BK_STOCK_POT (widget);
  int top = GLASS_HEIGHT + 8 + GAP;

  gtk_widget_size_allocate (self->label,
                            &(GtkAllocation) { 0, top, width, MAX (height - top, 0) }, -1);
}

static void
bk_stock_pot_dispose (GObject *object)
{
  BkStockPot *self = BK_STOCK_POT (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);

  G_OBJECT_CLASS (bk_stock_pot_parent_class)->dispose (object);
}

static void
bk_stock_pot_class_init (BkStockPotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_stock_pot_dispose;
  widget_class->measure = bk_stock_pot_measure;
  widget_class->size_allocate = bk_stock_pot_size_allocate;
  widget_class->snapshot = bk_stock_pot_snapshot;

  gtk_widget_class_set_css_name (widget_class, "stockpot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
bk_stock_pot_init (BkStockPot *self)
{
  self->speed = 1.0;
  self->label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->label, "stock-amount");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  update_label (self);
}

GtkWidget *
bk_stock_pot_new (void)
{
  return g_object_new (BK_TYPE_STOCK_POT, NULL);
}
