/* bk-table-layout-private.h: what the table's geometry (bk-table-layout-geometry.c) and its
 * fitting search (bk-table-layout.c) share: the measures and the small helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "bk-table-layout.h"

G_BEGIN_DECLS

#define MARGIN 12.0
#define GAP 6.0
/* The person's cards next to the trick's: larger where the table has room. */
#define HAND_RATIO 1.3
/* The next card leaves at least this much of a card free: the index and a little air. */
#define MIN_SPACING (BK_TABLE_LAYOUT_INDEX_RIGHT + 0.1)
#define MAX_SPACING 0.72
#define OTHER_SCALE 0.7
#define DEFAULT_TAG_WIDTH 90.0
#define DEFAULT_TAG_HEIGHT 26.0
/* A trick of five or more: each card lies from the middle towards its player, at the edge
 * of a box this many card widths across and card heights up and down from the middle. */
#define TRICK_RING_X 1.6
#define TRICK_RING_Y 0.6
/* The cards laid aside, against the taken tricks' piles. */
#define ASIDE_SCALE 1.3

static inline double
rect_right (const BkRect *r)
{
  return r->x + r->width;
}

static inline double
rect_bottom (const BkRect *r)
{
  return r->y + r->height;
}

static inline double
seat_angle (const BkTableLayout *layout,
            guint                seat)
{
  return G_PI / 2 + 2 * G_PI * seat / layout->n_seats;
}

/* Seats near the top of the oval, as against those at its sides. */
static inline gboolean
is_top_seat (const BkTableLayout *layout,
             guint                seat)
{
  /* A narrow table has room for one hand between the top corners. */
  /* (Three seats put the others at exactly -0.5: at the sides, both alike.) */
  return seat > 0 && sin (seat_angle (layout, seat)) < (layout->narrow ? -0.95 : -0.5 - 1e-6);
}

BkRect   bk_table_layout_clamp_rect   (const BkTableLayout *layout,
                                       BkRect               r);
gboolean bk_table_layout_inside_table (const BkTableLayout *layout,
                                       const BkRect        *r);
double   bk_table_layout_hand_spacing (const BkTableLayout *layout,
                                       guint                n);
double   bk_table_layout_other_step   (const BkTableLayout *layout,
                                       guint                seat,
                                       guint                n);

G_END_DECLS
