/* bk-table-layout.c: the geometry of the card table. Seat 0 is the person, at the bottom;
 * the others sit clockwise around an oval, so 4 seats give West on the left, North at the
 * top and East on the right, and 3 to 8 seats spread the same way. The person's cards are
 * the largest on the table, fanned so that every corner index shows; the sizes shrink
 * together until the hands, the name tags and the trick no longer overlap. This file is
 * that search; where each thing then lies is bk-table-layout-geometry.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <math.h>

#include "bk-table-layout-private.h"

/* Moves the hand of @seat so that it lies on the table, out of both top corners. */
static void
keep_hand_free (BkTableLayout *layout,
                guint          seat)
{
  BkRect b = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
  BkPlace *a = &layout->anchors[seat];
  double dx = 0, dy = 0;

  if (b.x < MARGIN)
    dx = MARGIN - b.x;
  else if (rect_right (&b) > layout->width - MARGIN)
    dx = layout->width - MARGIN - rect_right (&b);
  if (b.y < MARGIN)
    dy = MARGIN - b.y;
  a->x += dx;
  a->y += dy;
  b.x += dx;
  b.y += dy;
  if (bk_rects_intersect (&b, &layout->left_corner))
    {
      if (is_top_seat (layout, seat))
        a->x += rect_right (&layout->left_corner) + GAP - b.x;
      else
        a->y += rect_bottom (&layout->left_corner) + GAP - b.y +
                (layout->narrow ? layout->tags[seat].height + GAP : 0);
    }
  else if (bk_rects_intersect (&b, &layout->right_corner))
    {
      if (is_top_seat (layout, seat))
        a->x -= rect_right (&b) - (layout->right_corner.x - GAP);
      else
        a->y += rect_bottom (&layout->right_corner) + GAP - b.y +
                (layout->narrow ? layout->tags[seat].height + GAP : 0);
    }
}

static BkRect
tag_kept_free (const BkTableLayout *layout,
               BkRect               tag)
{
  tag = bk_table_layout_clamp_rect (layout, tag);
  if (bk_rects_intersect (&tag, &layout->left_corner))
    tag.x = rect_right (&layout->left_corner) + GAP;
  if (bk_rects_intersect (&tag, &layout->right_corner))
    tag.y = rect_bottom (&layout->right_corner) + GAP;
  return tag;
}

/* The tag of an earlier seat that @tag would lie on, or NULL. */
static const BkRect *
tag_in_the_way (const BkTableLayout *layout,
                guint                seat,
                const BkRect        *tag)
{
  for (guint o = 1; o < seat; o++)
    if (bk_rects_intersect (tag, &layout->tags[o]))
      return &layout->tags[o];
  return NULL;
}

/* Clear of the tags placed before and of the others' hands. */
static gboolean
tag_fits (const BkTableLayout *layout,
          guint                seat,
          const BkRect        *tag)
{
  if (tag_in_the_way (layout, seat, tag))
    return FALSE;
  for (guint o = 1; o < layout->n_seats; o++)
    {
      BkRect hand = bk_table_layout_hand_bounds (layout, o, layout->hand_cards, 0);

      if (bk_rects_intersect (tag, &hand))
        return FALSE;
    }
  return TRUE;
}

/* The name by the hand: under it (above it down the sides of a narrow table), or beside
 * a hand at the top of a wide one; clear of the tags placed before it (many seats). */
static void
place_tag (BkTableLayout *layout,
           guint          seat)
{
  BkRect b = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
  BkRect *tag = &layout->tags[seat];
  BkRect candidates[3];
  guint n = 0;
  const BkRect *other;

  candidates[0] = *tag;
  candidates[0].x = b.x + b.width / 2 - tag->width / 2;
  if (!layout->narrow && is_top_seat (layout, seat))
    {
      /* Beside the hand: on its right, or on its left; else under it. */
      candidates[0].x = rect_right (&b) + GAP;
      candidates[0].y = b.y + b.height / 2 - tag->height / 2;
      candidates[1] = candidates[0];
      candidates[1].x = b.x - GAP - tag->width;
      candidates[2] = *tag;
      candidates[2].x = b.x + b.width / 2 - tag->width / 2;
      candidates[2].y = rect_bottom (&b) + GAP;
      n = 3;
      if (candidates[0].x + tag->width > layout->width - GAP && candidates[1].x >= GAP)
        {
          BkRect swap = candidates[0];

          candidates[0] = candidates[1];
          candidates[1] = swap;
        }
    }
  else
    {
      candidates[0].y = layout->narrow && !is_top_seat (layout, seat)
                        ? b.y - GAP - tag->height : rect_bottom (&b) + GAP;
      n = 1;
    }
  for (guint i = 0; i < n; i++)
    {
      *tag = tag_kept_free (layout, candidates[i]);
      if (tag_fits (layout, seat, tag))
        return;
    }
  /* Along the row, past the one in the way. */
  *tag = tag_kept_free (layout, candidates[0]);
  if ((other = tag_in_the_way (layout, seat, tag)) != NULL)
    {
      BkRect moved = *tag;

      moved.x = other->x + other->width / 2 < tag->x + tag->width / 2
                ? rect_right (other) + GAP : other->x - GAP - tag->width;
      moved = tag_kept_free (layout, moved);
      if (tag_fits (layout, seat, &moved))
        *tag = moved;
    }
}

static gboolean
hands_touch (const BkTableLayout *layout,
             guint                a,
             guint                b)
{
  guint n = layout->hand_cards;
  BkRect ra = bk_table_layout_hand_bounds (layout, a, n, 0);
  BkRect rb = bk_table_layout_hand_bounds (layout, b, n, 0);

  if (!bk_rects_intersect (&ra, &rb))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      BkQuad qa = bk_table_layout_card_quad (layout, bk_table_layout_hand (layout, a, i, n, 0));

      for (guint k = 0; k < n; k++)
        {
          BkQuad qb = bk_table_layout_card_quad (layout, bk_table_layout_hand (layout, b, k, n, 0));

          if (bk_quads_intersect (&qa, &qb))
            return TRUE;
        }
    }
  return FALSE;
}

/* A seat low down the side of a wide table sits as low as the person's hand and name
 * leave room for, with its name under it: else its hand lies beside its neighbour's and
 * one cannot tell their cards in the trick apart. */
static void
lower_side_seat (BkTableLayout *layout,
                 guint          seat,
                 const BkRect  *person)
{
  BkPlace *a = &layout->anchors[seat];
  double high = a->y;
  BkRect b = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
  double low = layout->height - MARGIN - layout->tags[seat].height - GAP - rect_bottom (&b) + a->y;
  /* The person's name on either side, so that both sides of the table stay alike. */
  BkRect name = layout->tags[0], mirrored = name;

  mirrored.x = layout->width - rect_right (&name);
  low = MIN (low, layout->hand_top - 1);

  /* The lowest place in eight steps whose hand and name keep off the person's. */
  for (guint i = 0; i <= 8 && low > high; i++)
    {
      double y = low - (low - high) * i / 8;
      BkRect tag;

      b = bk_table_layout_hand_bounds (layout, seat, layout->hand_cards, 0);
      b.y += y - a->y;
      tag = (BkRect) { b.x + b.width / 2 - layout->tags[seat].width / 2, rect_bottom (&b) + GAP,
                       layout->tags[seat].width, layout->tags[seat].height };
      if (!bk_rects_intersect (&b, person) && !bk_rects_intersect (&tag, person) &&
          !bk_rects_intersect (&b, &name) && !bk_rects_intersect (&tag, &name) &&
          !bk_rects_intersect (&b, &mirrored) && !bk_rects_intersect (&tag, &mirrored))
        {
          a->y = y;
          return;
        }
    }
}

/* Places everything for a trick card width @tw; FALSE if something overlaps. */
static gboolean
arrange (BkTableLayout *layout,
         double         tw)
{
  guint n = layout->hand_cards;
  double hw = tw * HAND_RATIO, ch, depth, span, y_upper, bottom, band, cx = layout->width / 2;
  BkRect hand, hand_free, table_inner;

  /* The person's hand: wide enough for every index, at most 30% of the table's height. */
  hw = MIN (hw, (layout->width - 2 * MARGIN) / (1.1 + (n - 1) * MIN_SPACING));
  hw = MIN (hw, 0.3 * layout->height / layout->aspect);
  /* Whole pixels: the table allocates every card this big. */
  hw = MAX (floor (hw), 8);
  tw = MIN (tw, hw);
  layout->card_width = hw;
  layout->card_height = ch = round (hw * layout->aspect);
  layout->trick_scale = tw / hw;
  layout->other_scale = OTHER_SCALE * layout->trick_scale;
  layout->pile_scale = 0.35 * layout->trick_scale;
  layout->hand_spacing = bk_table_layout_hand_spacing (layout, n);
  layout->middle_x = cx;

  /* Its lowest card, unlifted, rests a margin above the bottom. */
  layout->anchors[0] = (BkPlace) { cx, 0, 0, 1 };
  hand = bk_table_layout_hand_bounds (layout, 0, n, 0);
  layout->anchors[0].y = layout->height - MARGIN - rect_bottom (&hand);
  layout->hand_top = bk_table_layout_hand_bounds (layout, 0, n, BK_TABLE_LAYOUT_LIFT_MAX).y;
  /* The person's name beside the fan where it has room (raised cards never reach it),
   * else above the raised cards. */
  hand = bk_table_layout_hand_bounds (layout, 0, n, BK_TABLE_LAYOUT_LIFT_MAX);
  if (!layout->narrow && hand.x - GAP - layout->tags[0].width >= MARGIN)
    {
      layout->tags[0].x = hand.x - GAP - layout->tags[0].width;
      layout->tags[0].y = layout->height - MARGIN - ch * 0.45 - layout->tags[0].height / 2;
    }
  else
    {
      layout->tags[0].x = cx - layout->tags[0].width / 2;
      layout->tags[0].y = layout->hand_top - GAP - layout->tags[0].height;
    }
  bottom = MIN (layout->tags[0].y, layout->hand_top);
  hand_free = bk_table_layout_hand_bounds (layout, 0, n, BK_TABLE_LAYOUT_LIFT_MAX);

  /* The others around the upper part of the oval. */
  depth = ch * layout->other_scale;
  span = layout->card_width * layout->other_scale +
         (n - 1) * bk_table_layout_other_step (layout, 1, n);
  band = rect_bottom (&layout->left_corner) + GAP;
  if (layout->narrow)
    {
      /* The top seats share the left corner's band; the trick goes just below them, or
       * below the corner if it would reach under it. */
      double tw_now = layout->card_width * layout->trick_scale;
      double reach = tw_now * (layout->n_seats > 4 ? TRICK_RING_X : 0.95) +
                     hypot (tw_now, tw_now * layout->aspect) / 2;

      y_upper = MARGIN;
      for (guint s = 1; s < layout->n_seats; s++)
        if (is_top_seat (layout, s))
          {
            double left = rect_right (&layout->left_corner) + GAP, right = layout->right_corner.x - GAP;
            BkPlace *a = &layout->anchors[s];
            double t = seat_angle (layout, s);

            a->angle = t * 180 / G_PI - 90;
            a->scale = layout->other_scale;
            a->x = (left + right) / 2 + cos (t) * (right - left) / 2;
            a->y = MARGIN + depth / 2;
            keep_hand_free (layout, s);
            place_tag (layout, s);
            y_upper = MAX (y_upper, rect_bottom (&layout->tags[s]) + GAP);
          }
      if (cx - reach < rect_right (&layout->left_corner) + GAP)
        y_upper = MAX (y_upper, band);
      layout->middle_y = (y_upper + bottom) / 2;
    }
  else
    {
      /* The names at the top sit beside their hands. */
      y_upper = MARGIN + depth * 1.1 + 2 * GAP;
      layout->middle_y = (y_upper + bottom) / 2;
    }

  for (guint s = 1; s < layout->n_seats; s++)
    {
      double t = seat_angle (layout, s), c = cos (t), sn = sin (t);
      double rx = cx - MARGIN - depth / 2;
      BkPlace *a = &layout->anchors[s];

      a->angle = t * 180 / G_PI - 90;
      a->scale = layout->other_scale;
      if (layout->narrow && is_top_seat (layout, s))
        continue;
      else if (layout->narrow)
        {
          /* Down the sides, the highest of them just below the left corner and the top
           * seats' names. */
          double y_side = MAX (band, y_upper) + layout->tags[s].height + GAP + span / 2;
          double down = MAX (0, bottom - GAP - span / 2 - y_side);
          double highest = 1;

          for (guint o = 1; o < layout->n_seats; o++)
            if (!is_top_seat (layout, o))
              highest = MIN (highest, sin (seat_angle (layout, o)));
          a->x = cx + rx * c;
          a->y = y_side + (highest < 1 ? (sn - highest) / (1 - highest) : 0) * down;
        }
      else
        {
          double up = layout->middle_y - MARGIN - depth / 2;
          double down = MAX (0, bottom - GAP - span / 2 - layout->middle_y);

          a->x = cx + rx * c;
          a->y = layout->middle_y + sn * (sn < 0 ? up : down);
          if (sn > 0.1)
            lower_side_seat (layout, s, &hand_free);
        }
      keep_hand_free (layout, s);
      place_tag (layout, s);
    }
  /* Does it all fit? Hands, tags and the trick apart, everything on the table. */
  table_inner = (BkRect) { 0, 0, layout->width, layout->height };
  hand = bk_table_layout_hand_bounds (layout, 0, n, BK_TABLE_LAYOUT_LIFT_MAX);
  if (!bk_rect_contains (&table_inner, &hand) || layout->tags[0].y < y_upper ||
      bk_rects_intersect (&hand, &layout->tags[0]))
    return FALSE;
  for (guint s = 0; s < layout->n_seats; s++)
    {
      BkRect tag = layout->tags[s];
      BkQuad q = bk_table_layout_card_quad (layout, bk_table_layout_trick (layout, s, 0));
      BkRect trick = bk_quad_bounds (&q);

      if (!bk_table_layout_inside_table (layout, &tag) || bk_rects_intersect (&trick, &hand) ||
          bk_rects_intersect (&trick, &layout->left_corner))
        return FALSE;
      for (guint o = 0; o < layout->n_seats; o++)
        if (bk_rects_intersect (&trick, &layout->tags[o]))
          return FALSE;
      for (guint o = 0; o < s; o++)
        if (bk_rects_intersect (&tag, &layout->tags[o]))
          return FALSE;
      if (s == 0)
        continue;
      if (bk_rects_intersect (&tag, &hand) || bk_rects_intersect (&tag, &layout->tags[0]))
        return FALSE;
      for (guint o = 0; o < layout->n_seats; o++)
        {
          BkRect other = bk_table_layout_hand_bounds (layout, o, n, 0);
          BkQuad oq = bk_table_layout_card_quad (layout, bk_table_layout_trick (layout, o, 0));
          BkRect other_trick = bk_quad_bounds (&oq);

          if (o == 0)
            continue;
          if (o != s && bk_rects_intersect (&tag, &other))
            return FALSE;
          if (bk_rects_intersect (&other, &other_trick))
            return FALSE;
        }
      /* The others' hands apart, card by card (fans at an angle have wide bounds). */
      for (guint o = s + 1; o < layout->n_seats; o++)
        if (hands_touch (layout, s, o))
          return FALSE;
      {
        BkRect mine = bk_table_layout_hand_bounds (layout, s, n, 0);

        if (!bk_table_layout_inside_table (layout, &mine) || bk_rects_intersect (&mine, &hand) ||
            bk_rects_intersect (&mine, &layout->tags[0]) ||
            bk_rects_intersect (&mine, &layout->right_corner) ||
            bk_rects_intersect (&mine, &layout->left_corner))
          return FALSE;
      }
    }
  return TRUE;
}

/**
 * bk_table_layout_init:
 * @n_seats: 3 to 8
 * @hand_cards: the most cards a hand holds in this deal
 * @tag_widths: (nullable): the name tags' sizes, one per seat
 *
 * Lays out a table @width × @height whose cards are @aspect times as high as wide, with
 * both top corners kept free.
 */
void
bk_table_layout_init (BkTableLayout *layout,
                      guint          n_seats,
                      double         width,
                      double         height,
                      double         aspect,
                      guint          hand_cards,
                      const double  *tag_widths,
                      const double  *tag_heights)
{
  bk_table_layout_init_with (layout, n_seats, width, height, aspect, hand_cards, tag_widths,
                             tag_heights, BK_TABLE_CORNER_ALL);
}

/* The same, keeping free only @corners: a corner the window leaves empty is table. */
void
bk_table_layout_init_with (BkTableLayout  *layout,
                           guint           n_seats,
                           double          width,
                           double          height,
                           double          aspect,
                           guint           hand_cards,
                           const double   *tag_widths,
                           const double   *tag_heights,
                           BkTableCorners  corners)
{
  double tw;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (n_seats >= BK_TABLE_LAYOUT_MIN_SEATS && n_seats <= BK_TABLE_LAYOUT_MAX_SEATS);

  *layout = (BkTableLayout) { 0 };
  layout->n_seats = n_seats;
  layout->width = MAX (width, 1);
  layout->height = MAX (height, 1);
  layout->aspect = aspect > 0 ? aspect : 1.6;
  layout->hand_cards = MAX (hand_cards, 1);
  layout->narrow = width < 620;
  /* A free corner is an empty rectangle at the table's edge: nothing meets it. */
  layout->left_corner = (corners & BK_TABLE_CORNER_LEFT)
                    ? bk_table_layout_left_corner_for (width, height) : (BkRect) { 0, 0, 0, 0 };
  /* As tall as a value with a button under it. */
  layout->right_corner = (corners & BK_TABLE_CORNER_RIGHT)
                   ? (BkRect) { width - 12 - 124, 12, 124, 100 } : (BkRect) { width, 0, 0, 0 };
  for (guint s = 0; s < n_seats; s++)
    {
      layout->tags[s].width = tag_widths ? tag_widths[s] : DEFAULT_TAG_WIDTH;
      layout->tags[s].height = tag_heights ? tag_heights[s] : DEFAULT_TAG_HEIGHT;
    }

  /* The largest trick card that leaves room round it, then smaller until all fits. */
  tw = MIN (200, (layout->width - 2 * MARGIN - 2 * GAP) / (3.1 + 2 * OTHER_SCALE * layout->aspect));
  for (guint i = 0; i < 80 && !arrange (layout, tw) && tw > 24; i++)
    tw *= 0.96;
}
