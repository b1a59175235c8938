/* bk-coaster.c: the beer coaster that keeps the score of a Bollen
 *
 * SPDX-FileCopyrightText: The Bierkopf authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bk-ui"

#include "bk-coaster.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

/* A round cardboard Bierdeckel as a Franconian pub keeps it (spec B6): a pencil
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
 */

#define MIN_SIZE        120
#define NATURAL_SIZE    200
#define STRIKE_MS       250.0  /* per struck line at animation speed 1 */
#define MAX_DOTS_DRAWN  3      /* more Bollen are drawn as one dot and "×n" */

#define PENCIL_R 0.22
#define PENCIL_G 0.22
#define PENCIL_B 0.25

typedef enum {
  TEAM_US,
  TEAM_THEM,
  N_TEAMS
} Team;

typedef struct {
  guint         left;       /* lines left, as set */
  double        struck;     /* lines struck as drawn; fractional during a strike */
  guint         dots;
  AdwAnimation *animation;
} Side;

struct _BkCoaster
{
  GtkWidget   parent_instance;

  guint       total;
  Side        sides[N_TEAMS];
  guint       carry;
  double      animation_speed;

  GdkTexture *plate;        /* the bare coaster, plate_px square */
  int         plate_px;

  GPtrArray  *words;        /* Word: what the last snapshot wrote, for tests */
};

/* A text written on the coaster, and the part of its place it needs (above 1: squeezed). */
typedef struct {
  char   *text;
  double  share;
} Word;

static void
word_free (gpointer data)
{
  Word *word = data;

  g_free (word->text);
  g_free (word);
}

G_DEFINE_FINAL_TYPE (BkCoaster, bk_coaster, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LINES_TOTAL,
  PROP_LINES_LEFT_US,
  PROP_LINES_LEFT_THEM,
  PROP_DOTS_US,
  PROP_DOTS_THEM,
  PROP_CARRY,
  PROP_ANIMATION_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const int left_props[N_TEAMS] = { PROP_LINES_LEFT_US, PROP_LINES_LEFT_THEM };
static const int dots_props[N_TEAMS] = { PROP_DOTS_US, PROP_DOTS_THEM };

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

static void
ensure_plate (BkCoaster *self,
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
    Word *word = g_new (Word, 1);

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

static void
draw_pencil (BkCoaster *self,
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

/* GtkWidget */

static void
bk_coaster_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  /* Equal requests in both directions keep it square; a larger allocation
   * centres the coaster.
   */
  *minimum = MIN_SIZE;
  *natural = NATURAL_SIZE;
}

static void
bk_coaster_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  BkCoaster *self = BK_COASTER (widget);
  GtkStateFlags flags = gtk_widget_get_state_flags (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int side = MIN (width, height);
  int pad = MAX (4, side / 20);
  int diameter = side - 2 * pad;
  int x, y, lift = 0;
  double radius, blur, dy;
  GskRoundedRect round;
  cairo_t *cr;

  if (diameter < 16)
    return;

  /* The coaster lifts a little under the pointer and settles when pressed. */
  blur = diameter * 0.05;
  dy = diameter * 0.015;
  if ((flags & GTK_STATE_FLAG_ACTIVE) != 0)
    {
      blur *= 0.6;
      dy *= 0.5;
    }
  else if ((flags & GTK_STATE_FLAG_PRELIGHT) != 0)
    {
      lift = 1;
      blur *= 1.5;
      dy *= 1.6;
    }

  radius = diameter / 2.0;
  x = (width - diameter) / 2;
  y = (height - diameter) / 2 - lift;

  gsk_rounded_rect_init_from_rect (&round, &GRAPHENE_RECT_INIT (x, y, diameter, diameter), radius);
  gtk_snapshot_append_outset_shadow (snapshot, &round, &(GdkRGBA) { 0, 0, 0, 0.38 },
                                     0, dy, 0, blur);

  ensure_plate (self, diameter * gtk_widget_get_scale_factor (widget));
  gtk_snapshot_append_texture (snapshot, self->plate,
                               &GRAPHENE_RECT_INIT (x, y, diameter, diameter));

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if ((flags & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0)
    {
      GtkStyleContext *context = gtk_widget_get_style_context (widget);
      GdkRGBA ring;

      if (!gtk_style_context_lookup_color (context, "accent_color", &ring))
        gtk_style_context_get_color (context, &ring);
      ring.alpha *= 0.6;

      gdk_cairo_set_source_rgba (cr, &ring);
      cairo_set_line_width (cr, 2.0);
      cairo_arc (cr, x + radius, y + radius, radius + 2.0, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  cairo_translate (cr, x + radius, y + radius);
  cairo_scale (cr, radius, radius);
  g_ptr_array_set_size (self->words, 0);
  draw_pencil (self, cr, radius);
  cairo_destroy (cr);
}

static void
bk_coaster_state_flags_changed (GtkWidget     *widget,
                                GtkStateFlags  previous)
{
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  if ((changed & (GTK_STATE_FLAG_PRELIGHT |
                  GTK_STATE_FLAG_ACTIVE |
                  GTK_STATE_FLAG_FOCUS_VISIBLE)) != 0)
    gtk_widget_queue_draw (widget);

  GTK_WIDGET_CLASS (bk_coaster_parent_class)->state_flags_changed (widget, previous);
}

/* Input */

static void
click_pressed_cb (BkCoaster       *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  gtk_widget_set_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE, FALSE);
}

static void
click_released_cb (BkCoaster       *self,
                   int              n_press,
                   double           x,
                   double           y,
                   GtkGestureClick *gesture)
{
  gtk_widget_unset_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE);

  /* A double click opens the history once, not twice. */
  if (n_press == 1 && gtk_widget_contains (GTK_WIDGET (self), x, y))
    g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0);
}

static void
click_stopped_cb (BkCoaster       *self,
                  GtkGestureClick *gesture)
{
  gtk_widget_unset_state_flags (GTK_WIDGET (self), GTK_STATE_FLAG_ACTIVE);
}

/* State */

static gboolean
can_animate (BkCoaster *self)
{
  gboolean enabled = TRUE;

  if (self->animation_speed <= 0.0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled,
                NULL);
  return enabled;
}

static void
set_struck (BkCoaster *self,
            Team       team,
            double     struck)
{
  self->sides[team].struck = struck;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
us_struck_cb (double   value,
              gpointer user_data)
{
  set_struck (BK_COASTER (user_data), TEAM_US, value);
}

static void
them_struck_cb (double   value,
                gpointer user_data)
{
  set_struck (BK_COASTER (user_data), TEAM_THEM, value);
}

/* Shows the lines of @team as set, ending any strike in progress. */
static void
show_now (BkCoaster *self,
          Team       team)
{
  Side *side = &self->sides[team];

  if (adw_animation_get_state (side->animation) == ADW_ANIMATION_PLAYING)
    adw_animation_skip (side->animation);

  set_struck (self, team, self->total - side->left);
}

static void
update_description (BkCoaster *self)
{
  g_autofree char *description = bk_coaster_dup_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static gboolean
set_lines_left (BkCoaster *self,
                Team       team,
                guint      left)
{
  Side *side = &self->sides[team];
  AdwTimedAnimation *animation = ADW_TIMED_ANIMATION (side->animation);
  double target;

  left = MIN (left, self->total);
  if (side->left == left)
    return FALSE;

  target = self->total - left;

  if (left < side->left && target > side->struck && can_animate (self))
    {
      /* Continue from where a strike in progress has got to. */
      double from = side->struck;

      side->left = left;
      adw_timed_animation_set_value_from (animation, from);
      adw_timed_animation_set_value_to (animation, target);
      adw_timed_animation_set_duration (animation,
                                        (guint) ceil ((target - from) * STRIKE_MS /
                                                      self->animation_speed));
      adw_animation_play (side->animation);
    }
  else
    {
      /* More lines left means a new Bollen: a fresh coaster at once. */
      side->left = left;
      show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[left_props[team]]);
  return TRUE;
}

static gboolean
set_dots (BkCoaster *self,
          Team       team,
          guint      dots)
{
  if (self->sides[team].dots == dots)
    return FALSE;

  self->sides[team].dots = dots;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[dots_props[team]]);
  return TRUE;
}

/* GObject */

static void
bk_coaster_dispose (GObject *object)
{
  BkCoaster *self = BK_COASTER (object);

  /* A playing animation keeps itself alive and calls back into us: stop it
   * before letting go.
   */
  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];

      if (side->animation != NULL)
        adw_animation_reset (side->animation);
      g_clear_object (&side->animation);
    }

  g_clear_object (&self->plate);

  G_OBJECT_CLASS (bk_coaster_parent_class)->dispose (object);
}

static void
bk_coaster_finalize (GObject *object)
{
  BkCoaster *self = BK_COASTER (object);

  g_ptr_array_unref (self->words);

  G_OBJECT_CLASS (bk_coaster_parent_class)->finalize (object);
}

static void
bk_coaster_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BkCoaster *self = BK_COASTER (object);

  switch (prop_id)
    {
    case PROP_LINES_TOTAL:
      g_value_set_uint (value, self->total);
      break;

    case PROP_LINES_LEFT_US:
      g_value_set_uint (value, self->sides[TEAM_US].left);
      break;

    case PROP_LINES_LEFT_THEM:
      g_value_set_uint (value, self->sides[TEAM_THEM].left);
      break;

    case PROP_DOTS_US:
      g_value_set_uint (value, self->sides[TEAM_US].dots);
      break;

    case PROP_DOTS_THEM:
      g_value_set_uint (value, self->sides[TEAM_THEM].dots);
      break;

    case PROP_CARRY:
      g_value_set_uint (value, self->carry);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_double (value, self->animation_speed);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_coaster_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  BkCoaster *self = BK_COASTER (object);

  switch (prop_id)
    {
    case PROP_LINES_TOTAL:
      bk_coaster_set_lines_total (self, g_value_get_uint (value));
      break;

    case PROP_LINES_LEFT_US:
      bk_coaster_set_lines_left_us (self, g_value_get_uint (value));
      break;

    case PROP_LINES_LEFT_THEM:
      bk_coaster_set_lines_left_them (self, g_value_get_uint (value));
      break;

    case PROP_DOTS_US:
      bk_coaster_set_dots_us (self, g_value_get_uint (value));
      break;

    case PROP_DOTS_THEM:
      bk_coaster_set_dots_them (self, g_value_get_uint (value));
      break;

    case PROP_CARRY:
      bk_coaster_set_carry (self, g_value_get_uint (value));
      break;

    case PROP_ANIMATION_SPEED:
      bk_coaster_set_animation_speed (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_coaster_class_init (BkCoasterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const guint activate_keys[] = {
    GDK_KEY_space, GDK_KEY_KP_Space, GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter,
  };

  object_class->dispose = bk_coaster_dispose;
  object_class->finalize = bk_coaster_finalize;
  object_class->get_property = bk_coaster_get_property;
  object_class->set_property = bk_coaster_set_property;

  widget_class->measure = bk_coaster_measure;
  widget_class->snapshot = bk_coaster_snapshot;
  widget_class->state_flags_changed = bk_coaster_state_flags_changed;

  /**
   * BkCoaster:lines-total:
   *
   * The lines each team starts a Bollen with (spec B6.1). Lines left above
   * it are cut down to it, so set this first.
   */
  properties[PROP_LINES_TOTAL] =
    g_param_spec_uint ("lines-total", NULL, NULL,
                       1, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:lines-left-us:
   *
   * The lines Us still have to strike. Fewer strikes the difference with an
   * animation; more redraws the coaster at once.
   */
  properties[PROP_LINES_LEFT_US] =
    g_param_spec_uint ("lines-left-us", NULL, NULL,
                       0, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:lines-left-them:
   *
   * The lines Them still have to strike.
   */
  properties[PROP_LINES_LEFT_THEM] =
    g_param_spec_uint ("lines-left-them", NULL, NULL,
                       0, BK_COASTER_MAX_LINES, BK_COASTER_DEFAULT_LINES,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:dots-us:
   *
   * The Bollen Us have lost in this session (spec B6.2).
   */
  properties[PROP_DOTS_US] =
    g_param_spec_uint ("dots-us", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:dots-them:
   *
   * The Bollen Them have lost in this session.
   */
  properties[PROP_DOTS_THEM] =
    g_param_spec_uint ("dots-them", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:carry:
   *
   * Lines carried over from 60:60 ties to the next hand's winner (spec B5.3).
   */
  properties[PROP_CARRY] =
    g_param_spec_uint ("carry", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_STATIC_STRINGS |
                        G_PARAM_EXPLICIT_NOTIFY));

  /**
   * BkCoaster:animation-speed:
   *
   * How fast struck lines are drawn: 1 is about a quarter of a second a line,
   * 0 strikes them at once. Nothing animates either while
   * #GtkSettings:gtk-enable-animations is %FALSE.
   */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL,
                         0.0, 100.0, 1.0,
                         (G_PARAM_READWRITE |
                          G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * BkCoaster::activated:
   *
   * Emitted when the coaster is clicked, or activated with the keyboard: the
   * window shows the hands of the current Bollen.
   */
  signals[SIGNAL_ACTIVATED] =
    g_signal_new ("activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0,
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_activate_signal (widget_class, signals[SIGNAL_ACTIVATED]);
  for (gsize i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_signal (widget_class, activate_keys[i], 0, "activated", NULL);

  gtk_widget_class_set_css_name (widget_class, "coaster");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
bk_coaster_init (BkCoaster *self)
{
  GtkGesture *click;
  AdwAnimationTargetFunc struck_cbs[N_TEAMS] = { us_struck_cb, them_struck_cb };

  self->total = BK_COASTER_DEFAULT_LINES;
  self->animation_speed = 1.0;
  self->words = g_ptr_array_new_with_free_func (word_free);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];
      AdwAnimationTarget *target = adw_callback_animation_target_new (struck_cbs[team], self, NULL);

      side->left = self->total;
      side->animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 0, 0, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (side->animation), ADW_LINEAR);
    }

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Show the hands of this Bollen"));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect_swapped (click, "released", G_CALLBACK (click_released_cb), self);
  g_signal_connect_swapped (click, "stopped", G_CALLBACK (click_stopped_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  /* The plate's pixel size depends on the scale factor. */
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (gtk_widget_queue_draw), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Beer coaster"),
                                  -1);
  update_description (self);
}

/* Public API */

/**
 * bk_coaster_new:
 *
 * Returns: (transfer floating): a fresh coaster, 21 lines a side
 */
GtkWidget *
bk_coaster_new (void)
{
  return g_object_new (BK_TYPE_COASTER, NULL);
}

guint
bk_coaster_get_lines_total (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->total;
}

void
bk_coaster_set_lines_total (BkCoaster *self,
                            guint      lines_total)
{
  g_return_if_fail (BK_IS_COASTER (self));
  g_return_if_fail (lines_total >= 1 && lines_total <= BK_COASTER_MAX_LINES);

  if (self->total == lines_total)
    return;

  g_object_freeze_notify (G_OBJECT (self));

  self->total = lines_total;
  for (Team team = 0; team < N_TEAMS; team++)
    {
      Side *side = &self->sides[team];

      if (side->left > lines_total)
        {
          side->left = lines_total;
          g_object_notify_by_pspec (G_OBJECT (self), properties[left_props[team]]);
        }
      show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINES_TOTAL]);
  update_description (self);

  g_object_thaw_notify (G_OBJECT (self));
}

guint
bk_coaster_get_lines_left_us (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_US].left;
}

/**
 * bk_coaster_set_lines_left_us:
 * @self: a coaster
 * @lines_left: the lines Us have left, at most #BkCoaster:lines-total
 *
 * Fewer lines than before are struck one after the other; more lines (a new
 * Bollen) are shown at once.
 */
void
bk_coaster_set_lines_left_us (BkCoaster *self,
                              guint      lines_left)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_lines_left (self, TEAM_US, lines_left))
    update_description (self);
}

guint
bk_coaster_get_lines_left_them (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_THEM].left;
}

void
bk_coaster_set_lines_left_them (BkCoaster *self,
                                guint      lines_left)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_lines_left (self, TEAM_THEM, lines_left))
    update_description (self);
}

guint
bk_coaster_get_dots_us (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_US].dots;
}

void
bk_coaster_set_dots_us (BkCoaster *self,
                        guint      dots)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_dots (self, TEAM_US, dots))
    update_description (self);
}

guint
bk_coaster_get_dots_them (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->sides[TEAM_THEM].dots;
}

void
bk_coaster_set_dots_them (BkCoaster *self,
                          guint      dots)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (set_dots (self, TEAM_THEM, dots))
    update_description (self);
}

guint
bk_coaster_get_carry (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->carry;
}

void
bk_coaster_set_carry (BkCoaster *self,
                      guint      carry)
{
  g_return_if_fail (BK_IS_COASTER (self));

  if (self->carry == carry)
    return;

  self->carry = carry;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARRY]);
  update_description (self);
}

double
bk_coaster_get_animation_speed (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0.0);

  return self->animation_speed;
}

void
bk_coaster_set_animation_speed (BkCoaster *self,
                                double     speed)
{
  g_return_if_fail (BK_IS_COASTER (self));
  g_return_if_fail (speed >= 0.0);

  if (self->animation_speed == speed)
    return;

  self->animation_speed = speed;
  if (speed == 0.0)
    {
      for (Team team = 0; team < N_TEAMS; team++)
        show_now (self, team);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

/**
 * bk_coaster_set_state:
 * @self: a coaster
 * @lines_left_us: the lines Us have left
 * @lines_left_them: the lines Them have left
 * @dots_us: the Bollen Us have lost
 * @dots_them: the Bollen Them have lost
 * @carry: the lines carried over from 60:60 ties
 *
 * Sets the whole score at once, with one change of the accessible
 * description; the notifications come together at the end.
 */
void
bk_coaster_set_state (BkCoaster *self,
                      guint      lines_left_us,
                      guint      lines_left_them,
                      guint      dots_us,
                      guint      dots_them,
                      guint      carry)
{
  gboolean changed = FALSE;

  g_return_if_fail (BK_IS_COASTER (self));

  g_object_freeze_notify (G_OBJECT (self));

  changed |= set_lines_left (self, TEAM_US, lines_left_us);
  changed |= set_lines_left (self, TEAM_THEM, lines_left_them);
  changed |= set_dots (self, TEAM_US, dots_us);
  changed |= set_dots (self, TEAM_THEM, dots_them);
  if (self->carry != carry)
    {
      self->carry = carry;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARRY]);
      changed = TRUE;
    }

  if (changed)
    update_description (self);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * bk_coaster_is_animating:
 * @self: a coaster
 *
 * Returns: whether struck lines are being drawn
 */
gboolean
bk_coaster_is_animating (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), FALSE);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      if (adw_animation_get_state (self->sides[team].animation) == ADW_ANIMATION_PLAYING)
        return TRUE;
    }

  return FALSE;
}

/**
 * bk_coaster_get_n_words:
 * @self: a coaster
 *
 * How many texts the coaster wrote when it was last drawn: its halves' names, the dots'
 * counts, the carry. For the tests of the translations (issue 25).
 */
guint
bk_coaster_get_n_words (BkCoaster *self)
{
  g_return_val_if_fail (BK_IS_COASTER (self), 0);

  return self->words->len;
}

/**
 * bk_coaster_get_word:
 * @self: a coaster
 * @i: below bk_coaster_get_n_words()
 * @share: (out) (optional): the part of its place on the coaster the text needs; above 1
 *   it was squeezed to fit
 *
 * Returns: the @i-th text the coaster wrote when it was last drawn.
 */
const char *
bk_coaster_get_word (BkCoaster *self,
                     guint      i,
                     double    *share)
{
  const Word *word;

  g_return_val_if_fail (BK_IS_COASTER (self), NULL);
  g_return_val_if_fail (i < self->words->len, NULL);

  word = g_ptr_array_index (self->words, i);
  if (share)
    *share = word->share;
  return word->text;
}

/**
 * bk_coaster_dup_description:
 * @self: a coaster
 *
 * The score as the accessible description reads it, for example "Us: 14
 * lines left, Them: 9 lines left, Them: 1 Bollen lost". It describes the
 * score as set, not as a strike animation has got to.
 *
 * Returns: (transfer full): the description
 */
char *
bk_coaster_dup_description (BkCoaster *self)
{
  g_autofree char *us = NULL;
  g_autofree char *them = NULL;
  char *text;

  g_return_val_if_fail (BK_IS_COASTER (self), NULL);

  us = g_strdup_printf (ngettext ("%u line left", "%u lines left", self->sides[TEAM_US].left),
                        self->sides[TEAM_US].left);
  them = g_strdup_printf (ngettext ("%u line left", "%u lines left", self->sides[TEAM_THEM].left),
                          self->sides[TEAM_THEM].left);
  /* Translators: the score on the beer coaster; both are "%u lines left" */
  text = g_strdup_printf (_("Us: %1$s, Them: %2$s"), us, them);

  for (Team team = 0; team < N_TEAMS; team++)
    {
      guint dots = self->sides[team].dots;
      g_autofree char *part = NULL;
      char *joined;

      if (dots == 0)
        continue;

      if (team == TEAM_US)
        {
          /* Translators: Bollen (games of 21 lines) lost, each a dot on the coaster */
          part = g_strdup_printf (ngettext ("Us: %u Bollen lost", "Us: %u Bollen lost", dots),
                                  dots);
        }
      else
        {
          /* Translators: Bollen (games of 21 lines) lost, each a dot on the coaster */
          part = g_strdup_printf (ngettext ("Them: %u Bollen lost", "Them: %u Bollen lost", dots),
                                  dots);
        }

      /* Translators: joins two parts of the beer coaster's description */
      joined = g_strdup_printf (_("%1$s, %2$s"), text, part);
      g_free (text);
      text = joined;
    }

  if (self->carry > 0)
    {
      g_autofree char *part = NULL;
      char *joined;

      /* Translators: a 60:60 tie's lines wait for the next hand's winner */
      part = g_strdup_printf (ngettext ("%u line carried over from 60:60",
                                        "%u lines carried over from 60:60",
                                        self->carry),
                              self->carry);
      joined = g_strdup_printf (_("%1$s, %2$s"), text, part);
      g_free (text);
      text = joined;
    }

  return text;
}
