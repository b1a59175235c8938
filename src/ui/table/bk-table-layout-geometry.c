/* bk-table-layout-geometry.c: where each thing lies on a table once its sizes are chosen
 * (bk-table-layout.c's search): a card of a hand, of the trick, of a pile, laid aside or of
 * the seating draw; a name tag, a speech bubble; and the plane geometry of cards as turned
 * quadrilaterals that the search and the tests check for overlaps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <math.h>

#include "bk-table-layout-private.h"

BkQuad
bk_table_layout_quad (const BkTableLayout *layout,
                      BkPlace              place,
                      double               x0,
                      double               y0,
                      double               x1,
                      double               y1)
{
  double a = place.angle * G_PI / 180, c = cos (a), s = sin (a);
  double w = layout->card_width * place.scale, h = layout->card_height * place.scale;
  double us[4] = { x0, x1, x1, x0 }, vs[4] = { y0, y0, y1, y1 };
  BkQuad q;

  for (guint i = 0; i < 4; i++)
    {
      double dx = (us[i] - 0.5) * w, dy = (vs[i] - 0.5) * h;

      q.x[i] = place.x + c * dx - s * dy;
      q.y[i] = place.y + s * dx + c * dy;
    }
  return q;
}

BkQuad
bk_table_layout_card_quad (const BkTableLayout *layout,
                           BkPlace              place)
{
  return bk_table_layout_quad (layout, place, 0, 0, 1, 1);
}

BkQuad
bk_table_layout_index_quad (const BkTableLayout *layout,
                            BkPlace              place)
{
  return bk_table_layout_quad (layout, place, 0.03, 0.02, BK_TABLE_LAYOUT_INDEX_RIGHT,
                               BK_TABLE_LAYOUT_INDEX_BOTTOM);
}

BkRect
bk_quad_bounds (const BkQuad *quad)
{
  double x0 = quad->x[0], x1 = quad->x[0], y0 = quad->y[0], y1 = quad->y[0];

  for (guint i = 1; i < 4; i++)
    {
      x0 = MIN (x0, quad->x[i]);
      x1 = MAX (x1, quad->x[i]);
      y0 = MIN (y0, quad->y[i]);
      y1 = MAX (y1, quad->y[i]);
    }
  return (BkRect) { x0, y0, x1 - x0, y1 - y0 };
}

BkQuad
bk_rect_quad (const BkRect *rect)
{
  return (BkQuad) {
    { rect->x, rect_right (rect), rect_right (rect), rect->x },
    { rect->y, rect->y, rect_bottom (rect), rect_bottom (rect) },
  };
}

/* Whether @b lies apart from @a along one of @a's edge normals. */
static gboolean
separated_by_edges_of (const BkQuad *a,
                       const BkQuad *b)
{
  for (guint i = 0; i < 4; i++)
    {
      guint j = (i + 1) % 4;
      double nx = a->y[j] - a->y[i], ny = a->x[i] - a->x[j];
      double len = hypot (nx, ny);
      double amin = G_MAXDOUBLE, amax = -G_MAXDOUBLE, bmin = G_MAXDOUBLE, bmax = -G_MAXDOUBLE;

      if (len < 1e-9)
        continue;
      nx /= len;
      ny /= len;
      for (guint k = 0; k < 4; k++)
        {
          double pa = a->x[k] * nx + a->y[k] * ny, pb = b->x[k] * nx + b->y[k] * ny;

          amin = MIN (amin, pa);
          amax = MAX (amax, pa);
          bmin = MIN (bmin, pb);
          bmax = MAX (bmax, pb);
        }
      /* Touching, or overlapping by less than half a pixel, is apart. */
      if (amax <= bmin + 0.5 || bmax <= amin + 0.5)
        return TRUE;
    }
  return FALSE;
}

/* Two convex quadrilaterals overlap unless an edge of one separates them. */
gboolean
bk_quads_intersect (const BkQuad *a,
                    const BkQuad *b)
{
  return !separated_by_edges_of (a, b) && !separated_by_edges_of (b, a);
}

gboolean
bk_rects_intersect (const BkRect *a,
                    const BkRect *b)
{
  return a->x < rect_right (b) && b->x < rect_right (a) &&
         a->y < rect_bottom (b) && b->y < rect_bottom (a);
}

gboolean
bk_rect_contains (const BkRect *outer,
                  const BkRect *inner)
{
  return inner->x >= outer->x - 0.5 && inner->y >= outer->y - 0.5 &&
         rect_right (inner) <= rect_right (outer) + 0.5 &&
         rect_bottom (inner) <= rect_bottom (outer) + 0.5;
}

static BkRect
rect_union (const BkRect *a,
            const BkRect *b)
{
  double x0 = MIN (a->x, b->x), y0 = MIN (a->y, b->y);
  double x1 = MAX (rect_right (a), rect_right (b)), y1 = MAX (rect_bottom (a), rect_bottom (b));

  return (BkRect) { x0, y0, x1 - x0, y1 - y0 };
}

/* The top left corner, as the window places its widget there: it grows with the table. */
BkRect
bk_table_layout_left_corner_for (double width,
                                 double height)
{
  double size = CLAMP (floor (MIN (width, height) / 4), 120, 220);

  return (BkRect) { 8, 8, size, size };
}

/* The step between the person's cards when @n are in hand. */
double
bk_table_layout_hand_spacing (const BkTableLayout *layout,
                              guint                n)
{
  double cw = layout->card_width;

  if (n <= 1)
    return 0;
  return MIN (cw * MAX_SPACING, (layout->width - 2 * MARGIN - cw * 1.1) / (n - 1));
}

/* The step between an other player's cards, along the hand. On a narrow table the hand at
 * the top fits between the two corners. */
double
bk_table_layout_other_step (const BkTableLayout *layout,
                            guint                seat,
                            guint                n)
{
  double cw = layout->card_width * layout->trick_scale;
  double w = layout->card_width * layout->other_scale;
  double span = cw * 2.2;

  if (n <= 1)
    return 0;
  if (layout->narrow && is_top_seat (layout, seat))
    span = MIN (span, layout->right_corner.x - rect_right (&layout->left_corner) - 2 * GAP);
  return MAX (0, MIN (cw * 0.28, (span - w) / (n - 1)));
}

static double
fan_angle_step (guint n)
{
  return n <= 1 ? 0 : MIN (3.0, 15.0 / ((n - 1) / 2.0));
}

BkPlace
bk_table_layout_hand (const BkTableLayout *layout,
                      guint                seat,
                      guint                index,
                      guint                n,
                      double               lift)
{
  double off = index - (n - 1) / 2.0;
  BkPlace p = { 0, 0, 0, 1 };

  g_return_val_if_fail (seat < layout->n_seats, p);

  if (seat == 0)
    {
      double a = layout->anchors[0].y;

      p.x = layout->middle_x + off * bk_table_layout_hand_spacing (layout, n);
      p.y = a + off * off * layout->card_height * 0.012 - lift * layout->card_height;
      p.angle = off * fan_angle_step (n);
      return p;
    }
  else
    {
      BkPlace a = layout->anchors[seat];
      double r = a.angle * G_PI / 180, step = bk_table_layout_other_step (layout, seat, n);

      p.x = a.x + off * step * cos (r);
      p.y = a.y + off * step * sin (r);
      p.angle = a.angle + off * 2.0;
      p.scale = layout->other_scale;
      return p;
    }
}

BkRect
bk_table_layout_hand_bounds (const BkTableLayout *layout,
                             guint                seat,
                             guint                n,
                             double               lift)
{
  BkRect bounds = { 0 };

  n = MAX (n, 1);
  for (guint i = 0; i < n; i++)
    {
      BkQuad q = bk_table_layout_card_quad (layout, bk_table_layout_hand (layout, seat, i, n,
                                                                          lift));
      BkRect r = bk_quad_bounds (&q);

      bounds = i == 0 ? r : rect_union (&bounds, &r);
    }
  return bounds;
}

/* The middle of a seat's hand: where the dealer deals from. */
BkPlace
bk_table_layout_anchor (const BkTableLayout *layout,
                        guint                seat)
{
  BkPlace p = { layout->middle_x, layout->middle_y, 0, layout->trick_scale };

  g_return_val_if_fail (seat < layout->n_seats, p);
  p = layout->anchors[seat];
  if (seat == 0)
    p.x = layout->middle_x;
  return p;
}

BkPlace
bk_table_layout_trick (const BkTableLayout *layout,
                       guint                seat,
                       guint                index)
{
  static const double tilt[BK_TABLE_LAYOUT_MAX_SEATS] = { 2, -8, -3, 7, -5, 4, -2, 6 };
  double t = seat_angle (layout, seat);
  double cw = layout->card_width * layout->trick_scale;
  double ch = layout->card_height * layout->trick_scale;
  BkPlace p = { layout->middle_x, layout->middle_y, 0, layout->trick_scale };

  g_return_val_if_fail (seat < layout->n_seats, p);
  if (layout->n_seats > 4)
    {
      /* Five or more: each card on the way from the middle to its player's hand, where
       * that way leaves a box round the middle; so a trick half played still shows who
       * played which. The table draws them from the top (bk_table_layout_trick_slot()), so
       * each card leaves the index of the one before free. */
      BkPlace a = bk_table_layout_anchor (layout, seat);
      double dx = a.x - p.x, dy = a.y - p.y, k;

      if (hypot (dx, dy) < 1)
        dx = cos (t), dy = sin (t);
      k = MIN (fabs (dx) > 1e-6 ? cw * TRICK_RING_X / fabs (dx) : G_MAXDOUBLE,
               fabs (dy) > 1e-6 ? ch * TRICK_RING_Y / fabs (dy) : G_MAXDOUBLE);
      p.x += dx * k;
      p.y += dy * k;
      p.angle = tilt[seat] * 0.4;
      return p;
    }
  p.x += cos (t) * cw * 0.95;
  p.y += sin (t) * ch * 0.36;
  p.angle = tilt[seat] + index * 0.5;
  return p;
}

/* Whether @a's card of a trick of five or more is drawn before @b's: the higher first, and
 * of two at about the same height the one on the left, so that no card lies on the
 * corner index of one drawn before it. */
static gboolean
trick_drawn_before (const BkTableLayout *layout,
                    guint                a,
                    guint                b)
{
  BkPlace pa = bk_table_layout_trick (layout, a, 0), pb = bk_table_layout_trick (layout, b, 0);
  double ch = layout->card_height * layout->trick_scale;

  if (fabs (pa.y - pb.y) >= ch * (BK_TABLE_LAYOUT_INDEX_BOTTOM + 0.02))
    return pa.y < pb.y;
  if (fabs (pa.x - pb.x) > 0.5)
    return pa.x < pb.x;
  return a < b;
}

/* Where @seat's card of a trick of five or more comes in the drawing: 0 first. */
guint
bk_table_layout_trick_slot (const BkTableLayout *layout,
                            guint                seat)
{
  guint slot = 0;

  g_return_val_if_fail (seat < layout->n_seats, 0);
  for (guint o = 0; o < layout->n_seats; o++)
    if (o != seat && trick_drawn_before (layout, o, seat))
      slot++;
  return slot;
}

/* The cards laid aside (H6.1), face down in a small fan before the dealer, on the way to
 * the middle where that leaves the hands, the names and the trick free; else where the
 * dealer's taken tricks go. */
static BkPlace
aside_card (const BkTableLayout *layout,
            BkPlace              centre,
            guint                index,
            guint                n)
{
  double r = centre.angle * G_PI / 180, off = index - (n - 1) / 2.0;
  double step = layout->card_width * centre.scale * 0.3;

  centre.x += off * step * cos (r);
  centre.y += off * step * sin (r);
  centre.angle += off * 3;
  return centre;
}

static gboolean
aside_fits (const BkTableLayout *layout,
            BkPlace              centre,
            guint                n)
{
  BkRect hand = bk_table_layout_hand_bounds (layout, 0, layout->hand_cards,
                                             BK_TABLE_LAYOUT_LIFT_MAX);

  for (guint i = 0; i < n; i++)
    {
      BkQuad q = bk_table_layout_card_quad (layout, aside_card (layout, centre, i, n));
      BkRect r = bk_quad_bounds (&q);

      if (!bk_table_layout_inside_table (layout, &r) || bk_rects_intersect (&r, &layout->left_corner) ||
          bk_rects_intersect (&r, &layout->right_corner) || bk_rects_intersect (&r, &hand))
        return FALSE;
      for (guint s = 0; s < layout->n_seats; s++)
        {
          BkQuad tq = bk_table_layout_card_quad (layout, bk_table_layout_trick (layout, s, 0));
          BkRect trick = bk_quad_bounds (&tq);
          BkRect other = bk_table_layout_hand_bounds (layout, s, layout->hand_cards, 0);

          if (bk_rects_intersect (&r, &layout->tags[s]) || bk_rects_intersect (&r, &trick) ||
              (s > 0 && bk_rects_intersect (&r, &other)))
            return FALSE;
        }
    }
  return TRUE;
}

BkPlace
bk_table_layout_aside (const BkTableLayout *layout,
                       guint                dealer,
                       guint                index,
                       guint                n)
{
  static const double ways[] = { 0.5, 0.4, 0.6, 0.3, 0.7 };
  static const double turns[] = { 0, 35, -35, 70, -70 };
  double scale = layout->pile_scale * ASIDE_SCALE;
  const BkRect *tag;
  BkRect b;
  BkPlace a, centre;

  g_return_val_if_fail (dealer < layout->n_seats, layout->anchors[0]);

  /* Under the dealer's name, or beside it or his hand. */
  tag = &layout->tags[dealer];
  b = bk_table_layout_hand_bounds (layout, dealer, layout->hand_cards, 0);
  {
    double h = layout->card_height * scale;
    double w = layout->card_width * scale * (1 + 0.3 * (n - 1));
    BkPlace by_name[] = {
      { tag->x + tag->width / 2, rect_bottom (tag) + GAP + h / 2 + 4, 0, scale },
      { tag->x + tag->width / 2, tag->y - GAP - h / 2 - 4, 0, scale },
      { tag->x - GAP - w / 2 - 4, tag->y + tag->height / 2, 0, scale },
      { rect_right (tag) + GAP + w / 2 + 4, tag->y + tag->height / 2, 0, scale },
      { b.x + b.width / 2, rect_bottom (&b) + GAP + h / 2 + 4, 0, scale },
      { b.x + b.width / 2, b.y - GAP - h / 2 - 4, 0, scale },
      { b.x - GAP - w / 2 - 4, b.y + b.height / 2, 0, scale },
      { rect_right (&b) + GAP + w / 2 + 4, b.y + b.height / 2, 0, scale },
    };

    for (guint k = 0; k < G_N_ELEMENTS (by_name); k++)
      if (aside_fits (layout, by_name[k], n))
        return aside_card (layout, by_name[k], index, n);
  }

  /* Else on the way from the dealer to the middle, or a little to either side of it. */
  a = bk_table_layout_anchor (layout, dealer);
  if (dealer == 0)
    a.y = layout->hand_top;
  for (guint k = 0; k < G_N_ELEMENTS (turns); k++)
    for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
      {
        double dx = (layout->middle_x - a.x) * ways[w], dy = (layout->middle_y - a.y) * ways[w];
        double t = turns[k] * G_PI / 180;

        centre = (BkPlace) { a.x + dx * cos (t) - dy * sin (t), a.y + dx * sin (t) + dy * cos (t),
                             dealer == 0 ? 0 : a.angle, scale };
        if (aside_fits (layout, centre, n))
          return aside_card (layout, centre, index, n);
      }
  centre = bk_table_layout_pile (layout, dealer);
  centre.scale = scale;
  return aside_card (layout, centre, index, n);
}

/* The face-up cards of the seating draw: fanned before each seat. */
BkPlace
bk_table_layout_seating (const BkTableLayout *layout,
                         guint                seat,
                         guint                index)
{
  BkPlace p = bk_table_layout_trick (layout, seat, index);

  p.scale = layout->trick_scale * 0.75;
  p.x += (p.x - layout->middle_x) * 0.9 + index * layout->card_width * layout->trick_scale * 0.22;
  p.y += (p.y - layout->middle_y) * 0.7;
  return p;
}

BkRect
bk_table_layout_tag (const BkTableLayout *layout,
                     guint                seat)
{
  BkRect none = { 0 };

  g_return_val_if_fail (seat < layout->n_seats, none);
  return layout->tags[seat];
}

BkRect
bk_table_layout_clamp_rect (const BkTableLayout *layout,
                            BkRect               r)
{
  /* A little air at the table's edge, where there is room for it. */
  r.x = CLAMP (r.x, MIN (GAP, layout->width - r.width), MAX (layout->width - r.width - GAP, 0));
  r.y = CLAMP (r.y, MIN (GAP, layout->height - r.height), MAX (layout->height - r.height - GAP, 0));
  return r;
}

/* Whether a speech bubble at @r leaves the corners, the name tags and @avoid free. */
static gboolean
bubble_fits (const BkTableLayout *layout,
             const BkRect        *r,
             const BkRect        *avoid,
             guint                n_avoid)
{
  if (bk_rects_intersect (r, &layout->left_corner) || bk_rects_intersect (r, &layout->right_corner))
    return FALSE;
  for (guint s = 0; s < layout->n_seats; s++)
    if (bk_rects_intersect (r, &layout->tags[s]))
      return FALSE;
  for (guint i = 0; i < n_avoid; i++)
    if (bk_rects_intersect (r, &avoid[i]))
      return FALSE;
  return TRUE;
}

/* Whether @r lies on a hand (the person's with its raised cards), or only on @seat's own
 * with @only_own. */
static gboolean
bubble_on_hand (const BkTableLayout *layout,
                const BkRect        *r,
                guint                seat,
                gboolean             only_own)
{
  for (guint s = 0; s < layout->n_seats; s++)
    {
      BkRect hand = bk_table_layout_hand_bounds (layout, s, layout->hand_cards,
                                                 s == 0 ? BK_TABLE_LAYOUT_LIFT_MAX : 0);

      if ((!only_own || s == seat) && bk_rects_intersect (r, &hand))
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  BkRect rect;
  double distance; /* from the usual place it slid from */
  guint  order;    /* of that place: the first is the one preferred */
} Spot;

static int
compare_spots (gconstpointer a,
               gconstpointer b)
{
  const Spot *x = a, *y = b;

  if (fabs (x->distance - y->distance) >= 0.5)
    return x->distance < y->distance ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static void
add_spot (GArray              *spots,
          const BkTableLayout *layout,
          const BkRect        *from,
          guint                order,
          double               x,
          double               y)
{
  Spot spot = { { x, y, from->width, from->height }, 0, order };

  spot.rect = bk_table_layout_clamp_rect (layout, spot.rect);
  spot.distance = fabs (spot.rect.x - from->x) + fabs (spot.rect.y - from->y);
  g_array_append_val (spots, spot);
}

/* The places a bubble may slide to from its usual ones (@n @from): along one axis, a gap
 * away from (or just clear of) a corner, a name tag or something in @avoid; the nearest
 * first. */
static GArray *
bubble_spots (const BkTableLayout *layout,
              const BkRect        *from,
              guint                n,
              const BkRect        *avoid,
              guint                n_avoid)
{
  GArray *spots = g_array_new (FALSE, FALSE, sizeof (Spot));
  guint n_things = 2 + layout->n_seats + n_avoid;

  for (guint c = 0; c < n; c++)
    for (guint k = 0; k < n_things; k++)
      {
        const BkRect *o = k == 0 ? &layout->left_corner : k == 1 ? &layout->right_corner
                          : k < 2 + layout->n_seats ? &layout->tags[k - 2]
                          : &avoid[k - 2 - layout->n_seats];
        const BkRect *f = &from[c];

        if (o->width <= 0 || o->height <= 0)
          continue;
        for (guint g = 0; g < 2; g++)
          {
            double gap = g == 0 ? GAP : 0;

            add_spot (spots, layout, f, c, rect_right (o) + gap, f->y);
            add_spot (spots, layout, f, c, o->x - gap - f->width, f->y);
            add_spot (spots, layout, f, c, f->x, rect_bottom (o) + gap);
            add_spot (spots, layout, f, c, f->x, o->y - gap - f->height);
          }
      }
  g_array_sort (spots, compare_spots);
  return spots;
}

/* Where a player's speech bubble goes: above the person's name; beside an other player's
 * hand, towards the middle, or else under the name. */
BkRect
bk_table_layout_bubble (const BkTableLayout *layout,
                        guint                seat,
                        double               bubble_width,
                        double               bubble_height)
{
  return bk_table_layout_bubble_avoiding (layout, seat, bubble_width, bubble_height, NULL, 0);
}

/* The same, keeping off @avoid (the bubbles shown already) too. Where none of the usual
 * places is free (a narrow table, long words), the bubble slides from them to the nearest
 * place where it covers no name, corner or other bubble: onto no hand if it can, else
 * onto a hand. */
BkRect
bk_table_layout_bubble_avoiding (const BkTableLayout *layout,
                                 guint                seat,
                                 double               bubble_width,
                                 double               bubble_height,
                                 const BkRect        *avoid,
                                 guint                n_avoid)
{
  BkRect r = { 0, 0, bubble_width, bubble_height }, hand, candidates[3];
  g_autoptr (GArray) spots = NULL;
  const BkRect *tag;
  guint n = G_N_ELEMENTS (candidates);

  g_return_val_if_fail (seat < layout->n_seats, r);
  if (seat == 0)
    {
      r.x = layout->middle_x - bubble_width / 2;
      r.y = MIN (layout->tags[0].y, layout->hand_top) - bubble_height - GAP;
      candidates[0] = r;
      n = 1;
    }
  else
    {
      hand = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
      tag = &layout->tags[seat];
      candidates[0] = candidates[1] = candidates[2] = r;
      candidates[0].x = rect_right (&hand) + GAP;
      candidates[0].y = hand.y;
      candidates[1].x = hand.x - GAP - bubble_width;
      candidates[1].y = hand.y;
      candidates[2].x = tag->x + tag->width / 2 - bubble_width / 2;
      candidates[2].y = rect_bottom (tag) + GAP;
      /* A bubble on the right of the table looks to the middle, on its left. */
      if (layout->anchors[seat].x > layout->middle_x && !is_top_seat (layout, seat))
        {
          BkRect swap = candidates[0];

          candidates[0] = candidates[1];
          candidates[1] = swap;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      BkRect c = bk_table_layout_clamp_rect (layout, candidates[i]);

      /* Pushed back onto the table, a bubble beside the hand may come to lie on it. */
      if (bubble_fits (layout, &c, avoid, n_avoid) &&
          (seat == 0 || !bubble_on_hand (layout, &c, seat, TRUE)))
        return c;
    }
  spots = bubble_spots (layout, candidates, n, avoid, n_avoid);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < spots->len; i++)
      {
        const BkRect *c = &g_array_index (spots, Spot, i).rect;

        if (bubble_fits (layout, c, avoid, n_avoid) &&
            !bubble_on_hand (layout, c, seat, pass == 1))
          return *c;
      }
  return bk_table_layout_clamp_rect (layout, candidates[0]);
}

gboolean
bk_table_layout_inside_table (const BkTableLayout *layout,
                              const BkRect        *r)
{
  BkRect table = { 0, 0, layout->width, layout->height };

  return bk_rect_contains (&table, r);
}

/* A pile is fine where it is on the table and leaves the tags and corners free. */
static gboolean
pile_fits (const BkTableLayout *layout,
           BkPlace              p)
{
  BkQuad q = bk_table_layout_card_quad (layout, p);
  BkRect r = bk_quad_bounds (&q);

  if (!bk_table_layout_inside_table (layout, &r) || bk_rects_intersect (&r, &layout->left_corner) ||
      bk_rects_intersect (&r, &layout->right_corner))
    return FALSE;
  for (guint s = 0; s < layout->n_seats; s++)
    if (bk_rects_intersect (&r, &layout->tags[s]))
      return FALSE;
  return TRUE;
}

/* Where a seat's taken tricks go: beside its hand, wherever that leaves the name tags
 * free. */
BkPlace
bk_table_layout_pile (const BkTableLayout *layout,
                      guint                seat)
{
  BkPlace candidates[4];
  guint n = 0;
  double pw = layout->card_width * layout->pile_scale;
  double ph = layout->card_height * layout->pile_scale;
  double reach = hypot (pw, ph) / 2 + GAP;
  BkRect hand;

  g_return_val_if_fail (seat < layout->n_seats, layout->anchors[0]);

  hand = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
  if (seat == 0)
    {
      const BkRect *tag = &layout->tags[0];

      candidates[n++] = (BkPlace) { rect_right (&hand) + reach, hand.y + hand.height / 2, 8, 0 };
      candidates[n++] = (BkPlace) { rect_right (tag) + reach, tag->y + tag->height / 2, 8, 0 };
      candidates[n++] = (BkPlace) { tag->x - reach, tag->y + tag->height / 2, -8, 0 };
      candidates[n++] = (BkPlace) { hand.x - reach, hand.y + hand.height / 2, -8, 0 };
    }
  else
    {
      BkPlace a = layout->anchors[seat];
      double r = a.angle * G_PI / 180, c = cos (r), s = sin (r);
      double half = MAX (fabs (c) * hand.width, fabs (s) * hand.height) / 2 + reach;

      /* Along the hand past either end, then in front of it. */
      candidates[n++] = (BkPlace) { a.x - c * half, a.y - s * half, a.angle, 0 };
      candidates[n++] = (BkPlace) { a.x + c * half, a.y + s * half, a.angle, 0 };
      candidates[n++] = (BkPlace) { a.x + (layout->middle_x - a.x) * 0.35,
                                    a.y + (layout->middle_y - a.y) * 0.35, a.angle, 0 };
      candidates[n++] = a;
    }
  for (guint i = 0; i < n; i++)
    {
      candidates[i].scale = layout->pile_scale;
      if (pile_fits (layout, candidates[i]))
        return candidates[i];
    }
  return candidates[0];
}
