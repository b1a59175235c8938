/* bk-coaster-drawing.c: how the beer coaster looks: its plate and the pencil work of the
 * score.
 *
 * A round cardboard Bierdeckel as a Franconian pub keeps it (spec B6): a pencil
 * "T" splits it into Us (left) and Them (right); each half starts with its
 * lines as upright strokes in groups of five, and a won hand strikes lines off
 * with a stroke through them. The team that lost a Bollen gets a filled dot;
 * lines carried over from 60:60 ties (B5.3) sit circled at the foot of the
 * divider.
 *
 * The cardboard, its printed rim and its grain do not change with the score,
 * so they are rendered once per pixel size into a texture; the pencil work is
 * a cairo node drawn every frame, which is cheap and keeps the strike
 * animation smooth. All pencil geometry is in coaster units: the centre is
 * (0, 0) and the rim is at radius 1.
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "bk-coaster-private.h"

#define MAX_DOTS_DRAWN  3      /* more Bollen are drawn as one dot and "×n" */

#define PENCIL_R 0.22
#define PENCIL_G 0.22
#define PENCIL_B 0.25

/* Deterministic jitter in [-1, 1], so a hand-drawn stroke keeps its shape
 * from frame to frame.
 */
static double
jitter (guint a,
        guint b)
{
  guint32 h = (a * 0x9e3779b1u) ^ ((b + 0x7f4a7c15u) * 0x85ebca6bu);

  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;

  return (double) h / (double) G_MAXUINT32 * 2.0 - 1.0;
}

/* The plate: cardboard, the brewery's printed rim, grain and the cut edge. */

static void
draw_plate (cairo_t *cr,
            int      px)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1516);
  cairo_pattern_t *pattern;
  double unit_px = 2.0 / px;

  cairo_scale (cr, px / 2.0, px / 2.0);
  cairo_translate (cr, 1.0, 1.0);

  cairo_arc (cr, 0, 0, 1.0, 0, 2 * G_PI);
  cairo_clip (cr);

  pattern = cairo_pattern_create_radial (-0.35, -0.4, 0.0, 0.0, 0.0, 1.0);
  cairo_pattern_add_color_stop_rgb (pattern, 0.0, 0.975, 0.950, 0.890);
  cairo_pattern_add_color_stop_rgb (pattern, 0.7, 0.950, 0.915, 0.830);
  cairo_pattern_add_color_stop_rgb (pattern, 1.0, 0.905, 0.855, 0.755);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);

  /* The printed rim: a broad band and a hairline inside it. */
  cairo_set_source_rgb (cr, 0.58, 0.17, 0.13);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_arc (cr, 0, 0, 0.955, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 0.905, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_line_width (cr, MAX (0.008, unit_px * 0.9));
  cairo_arc (cr, 0, 0, 0.878, 0, 2 * G_PI);
  cairo_stroke (cr);

  /* Pulp grain over everything, print included: short fibres, light and dark,
   * and a few darker flecks of recycled board.
   */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (0.004, unit_px * 0.8));
  for (int i = 0; i < 1800; i++)
    {
      double r = sqrt (g_rand_double (rand));
      double a = g_rand_double_range (rand, 0, 2 * G_PI);
      double d = g_rand_double_range (rand, 0, 2 * G_PI);
      double len = g_rand_double_range (rand, 0.008, 0.03);
      double x = r * cos (a), y = r * sin (a);

      if (g_rand_int_range (rand, 0, 5) < 3)
        cairo_set_source_rgba (cr, 0.45, 0.35, 0.22, g_rand_double_range (rand, 0.05, 0.13));
      else
        cairo_set_source_rgba (cr, 1.0, 1.0, 0.96, g_rand_double_range (rand, 0.2, 0.45));

      cairo_move_to (cr, x, y);
      cairo_rel_line_to (cr, len * cos (d), len * sin (d));
      cairo_stroke (cr);
    }

  for (int i = 0; i < 60; i++)
    {
      double r = sqrt (g_rand_double (rand));
      double a = g_rand_double_range (rand, 0, 2 * G_PI);

      cairo_set_source_rgba (cr, 0.35, 0.28, 0.20, g_rand_double_range (rand, 0.15, 0.35));
      cairo_arc (cr, r * cos (a), r * sin (a), MAX (0.004, unit_px * 0.5), 0, 2 * G_PI);
      cairo_fill (cr);
    }

  /* The cut edge of the board is a little darker. */
  cairo_set_source_rgba (cr, 0.62, 0.52, 0.38, 0.55);
  cairo_set_line_width (cr, MAX (0.018, unit_px * 1.5));
  cairo_arc (cr, 0, 0, 1.0, 0, 2 * G_PI);
  cairo_stroke (cr);
}

void
bk_coaster_ensure_plate (BkCoaster *self,
                         int        px)
{
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (self->plate != NULL && self->plate_px == px)
    return;

  g_clear_object (&self->plate);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  cr = cairo_create (surface);
  draw_plate (cr, px);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * px);
  self->plate = gdk_memory_texture_new (px, px, GDK_MEMORY_DEFAULT, bytes,
                                        cairo_image_surface_get_stride (surface));
  self->plate_px = px;
  cairo_surface_destroy (surface);
}

/* Pencil work, in coaster units. */

typedef struct {
  cairo_t *cr;
  double   radius_px;  /* device pixels a coaster unit spans */
  double   width;      /* of a pencil line, in coaster units */
} Pencil;

static void
pencil_init (Pencil  *p,
             cairo_t *cr,
             double   radius_px)
{
  p->cr = cr;
  p->radius_px = radius_px;
  /* A real pencil line is thin for the size of a coaster; keep it at least
   * one and a half pixels so a small coaster still reads.
   */
  p->width = MAX (1.5 / radius_px, 0.012);
}

static void
pencil_source (cairo_t *cr,
               double   alpha)
{
  cairo_set_source_rgba (cr, PENCIL_R, PENCIL_G, PENCIL_B, alpha);
}

/* Graphite on board is grainy: where a line is wide enough to show it, bits
 * of the board show through.
 */
static void
pencil_grain (const Pencil *p,
              double        width,
              guint         seed)
{
  double dashes[] = { width * 0.7, width * 1.9, width * 0.4, width * 2.6 };

  if (width * p->radius_px < 2.2)
    {
      cairo_new_path (p->cr);
      return;
    }

  cairo_save (p->cr);
  cairo_set_dash (p->cr, dashes, G_N_ELEMENTS (dashes), (jitter (seed, 21) + 1.0) * 2.0 * width);
  cairo_set_line_width (p->cr, width * 0.45);
  cairo_set_source_rgba (p->cr, 0.96, 0.93, 0.86, 0.45);
  cairo_stroke (p->cr);
  cairo_restore (p->cr);
}

/* A slightly bowed graphite line from (x0, y0) towards (x1, y1), drawn up to
 * fraction @t of its length: a firm core and a fainter second trace beside it,
 * as a pencil leaves on cardboard.
 */
static void
pencil_line (const Pencil *p,
             double        x0,
             double        y0,
             double        x1,
             double        y1,
             double        width,
             guint         seed,
             double        t)
{
  cairo_t *cr = p->cr;
  double dx = x1 - x0, dy = y1 - y0;
  double len = hypot (dx, dy);
  double nx, ny, bow, cx, cy;
  double qx, qy, ex, ey;

  if (t <= 0.0 || len <= 0.0)
    return;

  t = MIN (t, 1.0);
  nx = -dy / len;
  ny = dx / len;
  bow = jitter (seed, 11) * 0.035 * len;
  cx = (x0 + x1) / 2 + nx * bow;
  cy = (y0 + y1) / 2 + ny * bow;

  /* The quadratic curve cut at t, by de Casteljau. */
  qx = x0 + t * (cx - x0);
  qy = y0 + t * (cy - y0);
  ex = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
  ey = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;

  for (int pass = 0; pass < 2; pass++)
    {
      double off = pass == 0 ? 0.0 : width * 0.45 * (jitter (seed, 12) > 0 ? 1 : -1);
      double ox = nx * off, oy = ny * off;

      cairo_move_to (cr, x0 + ox, y0 + oy);
      cairo_curve_to (cr,
                      x0 + 2.0 / 3.0 * (qx - x0) + ox, y0 + 2.0 / 3.0 * (qy - y0) + oy,
                      ex + 2.0 / 3.0 * (qx - ex) + ox, ey + 2.0 / 3.0 * (qy - ey) + oy,
                      ex + ox, ey + oy);
      cairo_set_line_width (cr, pass == 0 ? width : width * 0.6);
      pencil_source (cr, pass == 0 ? 0.82 : 0.30);
      if (pass == 0)
        {
          cairo_stroke_preserve (cr);
          pencil_grain (p, width, seed);
        }
      else
        cairo_stroke (cr);
    }
}

/* A hand-drawn ring, not quite closed, starting and ending a little apart. */
static void
pencil_ring (const Pencil *p,
             double        x,
             double        y,
             double        r,
             guint         seed)
{
  cairo_t *cr = p->cr;
  const int n = 12;
  double start = jitter (seed, 1) * G_PI;
  double sweep = 2 * G_PI + 0.45;
  double px = 0, py = 0, pdx = 0, pdy = 0;

  /* A smooth curve through points of a slowly widening circle. */
  for (int i = 0; i <= n; i++)
    {
      double a = start + sweep * i / n;
      double rr = r * (1.0 + 0.03 * jitter (seed, 100 + (guint) (i % n)) + 0.07 * i / n);
      double qx = x + rr * cos (a), qy = y + rr * sin (a);
      double k = rr * sweep / n / 3.0;
      double qdx = -sin (a) * k, qdy = cos (a) * k;

      if (i == 0)
        cairo_move_to (cr, qx, qy);
      else
        cairo_curve_to (cr, px + pdx, py + pdy, qx - qdx, qy - qdy, qx, qy);
      px = qx;
      py = qy;
      pdx = qdx;
      pdy = qdy;
    }

  cairo_set_line_width (cr, p->width * 0.9);
  pencil_source (cr, 0.82);
  cairo_stroke_preserve (cr);
  pencil_grain (p, p->width * 0.9, seed);
}

/* A Bolle: a dot filled in with the pencil, a little lopsided. */
static void
pencil_dot (const Pencil *p,
            double        x,
            double        y,
            double        r,
            guint         seed)
{
  cairo_t *cr = p->cr;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, jitter (seed, 1) * G_PI);
  cairo_scale (cr, 1.0 + 0.07 * jitter (seed, 2), 1.0 - 0.05 * jitter (seed, 3));
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  cairo_restore (cr);

  pencil_source (cr, 0.80);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, p->width * 0.8);
  pencil_source (cr, 0.55);
  cairo_stroke (cr);
}

/* Pencil writing centred on (x, y), at most @max_width wide. The text is laid
 * out in device pixels, not coaster units, so the font is hinted for the size
 * it is shown at.
 */
static void
pencil_text (BkCoaster    *self,
             const Pencil *p,
             const char   *text,
             double        x,
             double        y,
             double        size,
             double        max_width,
             double        angle)
{
  cairo_t *cr = p->cr;
  double radius_px = p->radius_px;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font;
  PangoRectangle ink, logical;
  double scale = 1.0;

  font = pango_font_description_copy (pango_context_get_font_description (
                                        pango_layout_get_context (layout)));
  pango_font_description_set_style (font, PANGO_STYLE_ITALIC);
  /* A small coaster needs a firmer hand to stay legible. */
  pango_font_description_set_weight (font, radius_px < 100 ? PANGO_WEIGHT_SEMIBOLD
                                                            : PANGO_WEIGHT_MEDIUM);
  pango_font_description_set_absolute_size (font, size * radius_px * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  pango_layout_get_pixel_extents (layout, &ink, &logical);
  if (logical.width > max_width * radius_px)
    scale = max_width * radius_px / logical.width;
  {
    BkCoasterWord *word = g_new (BkCoasterWord, 1);

    word->text = g_strdup (text);
    word->share = logical.width / (max_width * radius_px);
    g_ptr_array_add (self->words, word);
  }

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_scale (cr, scale / radius_px, scale / radius_px);
  cairo_move_to (cr, -logical.width / 2.0, -(ink.y + ink.height / 2.0));
  pencil_source (cr, 0.85);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* Where the strokes of one half go: groups of five, two groups a row (three
 * for long games), centred in the half.
 */
typedef struct {
  double x0, y0;      /* top left stroke */
  double spacing;     /* between strokes of a group */
  double group_step;  /* between groups of a row */
  double pitch;       /* between rows */
  double height;      /* of a stroke */
  guint  cols;
} TallyLayout;

#define GROUP_GAP 2.3   /* in stroke spacings, between two groups */

static void
tally_layout (guint        total,
              double       centre_x,
              TallyLayout *l)
{
  guint groups = (total + 4) / 5;
  guint rows;
  double width;

  l->cols = MIN (groups, total > 30 ? 3u : 2u);
  rows = (groups + l->cols - 1) / l->cols;
  l->spacing = MIN (0.068, 0.60 / (4.0 * l->cols + GROUP_GAP * (l->cols - 1)));
  l->group_step = (4.0 + GROUP_GAP) * l->spacing;
  l->pitch = MIN (0.29, 0.84 / rows);
  l->height = 0.70 * l->pitch;

  width = 4.0 * l->spacing + (l->cols - 1) * l->group_step;
  l->x0 = centre_x - width / 2.0;
  l->y0 = 0.02 - ((rows - 1) * l->pitch + l->height) / 2.0;
}

static void
tally_position (const TallyLayout *l,
                guint              line,
                double            *x,
                double            *y)
{
  guint group = line / 5;

  *x = l->x0 + (group % l->cols) * l->group_step + (line % 5) * l->spacing;
  *y = l->y0 + (group / l->cols) * l->pitch;
}

/* The strike of each line is drawn quickly and then rests a moment, as a hand
 * would, before the next line.
 */
static double
eased_struck (double struck)
{
  double whole = floor (struck);
  double f = (struck - whole) / 0.8;

  if (f >= 1.0)
    return whole + 1.0;

  return whole + f * f * (3.0 - 2.0 * f);
}

static void
draw_tally (BkCoaster    *self,
            const Pencil *p,
            Team          team)
{
  const Side *side = &self->sides[team];
  double centre_x = team == TEAM_US ? -0.40 : 0.40;
  double struck = eased_struck (side->struck);
  guint seed = 1000u * (team + 1);
  TallyLayout l;

  tally_layout (self->total, centre_x, &l);

  /* The lines a lesson marks: a highlighter over each as its strike reaches it. */
  if (side->marked > 0)
    {
      guint last = self->total - MIN (side->left, self->total);
      guint first = last - MIN (side->marked, last);

      cairo_set_source_rgba (p->cr, 0.96, 0.83, 0.18, 0.75);
      for (guint i = first; i < last && i + 0.5 < struck; i++)
        {
          double x, y;

          tally_position (&l, i, &x, &y);
          cairo_rectangle (p->cr, x - 0.45 * l.spacing, y - 0.12 * l.height,
                           0.9 * l.spacing, 1.24 * l.height);
        }
      cairo_fill (p->cr);
    }

  for (guint i = 0; i < self->total; i++)
    {
      double x, y;
      double top_dx = jitter (seed + i, 1) * 0.12 * l.spacing;
      double lean = 0.08 * l.spacing + jitter (seed + i, 2) * 0.18 * l.spacing;

      tally_position (&l, i, &x, &y);
      pencil_line (p,
                   x + top_dx, y + jitter (seed + i, 3) * 0.07 * l.height,
                   x + top_dx - lean, y + l.height + jitter (seed + i, 4) * 0.07 * l.height,
                   p->width, seed + i, 1.0);
    }

  /* Struck lines: one stroke through the struck lines of each group, rising
   * a little to the right, grown line by line.
   */
  for (guint first = 0; first < self->total; first += 5)
    {
      guint n = MIN (5u, self->total - first);
      double done = CLAMP (struck - first, 0.0, (double) n);
      double x, y, x0, x1, rise;

      if (done <= 0.0)
        continue;

      tally_position (&l, first, &x, &y);
      x0 = x - 0.8 * l.spacing;
      x1 = x + (n - 1) * l.spacing + 0.8 * l.spacing;
      rise = 0.20 * l.height * (n == 1 ? 1.5 : 1.0) * (1.0 + 0.2 * jitter (seed + first, 6));
      y += 0.5 * l.height + jitter (seed + first, 5) * 0.08 * l.height;

      pencil_line (p, x0, y + rise, x1, y - rise, p->width * 1.15,
                   seed + 500 + first, done / n);
    }
}

static void
draw_dots (BkCoaster    *self,
           const Pencil *p,
           Team          team)
{
  guint dots = self->sides[team].dots;
  double centre_x = team == TEAM_US ? -0.37 : 0.37;
  double y = 0.60, r = 0.046, step = 0.12;
  guint seed = 7000u * (team + 1);

  if (dots == 0)
    return;

  if (dots <= MAX_DOTS_DRAWN)
    {
      double x = centre_x - (dots - 1) * step / 2.0;

      for (guint i = 0; i < dots; i++)
        pencil_dot (p, x + i * step + jitter (seed, i) * 0.01, y + jitter (seed, 10 + i) * 0.015,
                    r, seed + i);
    }
  else
    {
      g_autofree char *times = NULL;

      /* Translators: Bollen a team lost, pencilled after one dot when too many to draw */
      times = g_strdup_printf (C_("coaster", "×%u"), dots);
      pencil_dot (p, centre_x - 0.11, y, r, seed);
      pencil_text (self, p, times, centre_x + 0.07, y, 0.14, 0.26, -0.04);
    }
}

static void
draw_carry (BkCoaster    *self,
            const Pencil *p)
{
  g_autofree char *text = NULL;
  gboolean wide;

  if (self->carry == 0)
    return;

  /* Translators: lines carried over from 60:60 ties, pencilled in a circle */
  text = g_strdup_printf (C_("coaster", "+%u"), self->carry);
  wide = g_utf8_strlen (text, -1) > 2;
  pencil_ring (p, 0.0, 0.64, wide ? 0.14 : 0.12, 4242);
  pencil_text (self, p, text, 0.0, 0.64, 0.14, wide ? 0.22 : 0.18, -0.05);
}

void
bk_coaster_draw_pencil (BkCoaster *self,
                        cairo_t   *cr,
                        double     radius_px)
{
  Pencil p;

  pencil_init (&p, cr, radius_px);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* The "T": a line under the names and one between the teams. */
  pencil_line (&p, -0.75, -0.44, 0.74, -0.46, p.width, 1, 1.0);
  pencil_line (&p, 0.006, -0.79, -0.008, self->carry > 0 ? 0.50 : 0.80, p.width, 2, 1.0);

  /* Translators: the player's half of the beer coaster; Franconian pubs write "Mir" */
  pencil_text (self, &p, C_("coaster", "Us"), -0.38, -0.60, 0.17, 0.50, -0.05);
  /* Translators: the other team's half of the beer coaster; Franconian pubs write "Ihr" */
  pencil_text (self, &p, C_("coaster", "Them"), 0.38, -0.60, 0.17, 0.50, -0.03);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      draw_tally (self, &p, team);
      draw_dots (self, &p, team);
    }

  draw_carry (self, &p);
}
