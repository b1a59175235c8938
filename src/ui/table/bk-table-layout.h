/* bk-table-layout.h: where things lie on the card table, for any number of seats: the
 * hands, the name tags, the trick, the piles of taken tricks and the two top corners kept
 * free for a game's own widgets (the window's, or its decoration's).
 * Plain values and pure functions, no widgets: the table asks, the tests check.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BK_TABLE_LAYOUT_MIN_SEATS 3
#define BK_TABLE_LAYOUT_MAX_SEATS 8

/* Where a card lies: its centre, its turn in degrees (clockwise), and its size relative to
 * the layout's card size. */
typedef struct {
  double x, y, angle, scale;
} BkPlace;

typedef struct {
  double x, y, width, height;
} BkRect;

/* A card's outline on the table: its four corners, clockwise from the top left. */
typedef struct {
  double x[4], y[4];
} BkQuad;

typedef struct {
  /* What it was made for. */
  guint    n_seats;      /* seat 0 is the person at the bottom, then clockwise */
  double   width;
  double   height;
  double   aspect;       /* card height / card width */
  guint    hand_cards;   /* the most cards a hand holds in this deal */

  /* The size every card is drawn at: the person's cards, the largest on the table. The
   * others are scaled down from it (BkPlace.scale). */
  double   card_width;
  double   card_height;
  double   trick_scale;  /* the trick's cards */
  double   other_scale;  /* the other players' hands */
  double   pile_scale;   /* the taken tricks */
  double   hand_spacing; /* between the person's cards, in pixels */

  gboolean narrow;       /* the others sit below the left corner's band at the top */
  BkRect   left_corner;  /* kept free top left (empty if not kept) */
  BkRect   right_corner; /* kept free top right (empty if not kept) */
  double   middle_x;     /* where the trick lies */
  double   middle_y;
  double   hand_top;     /* the person's hand, raised cards included, lies below this */

  /* The name tags (set from their measured sizes) and the others' hand anchors. */
  BkRect   tags[BK_TABLE_LAYOUT_MAX_SEATS];
  BkPlace  anchors[BK_TABLE_LAYOUT_MAX_SEATS];
} BkTableLayout;

/* The lift of a card the person may play, and of the focused card, in card heights. */
#define BK_TABLE_LAYOUT_LIFT_LEGAL 0.10
#define BK_TABLE_LAYOUT_LIFT_FOCUS 0.06
#define BK_TABLE_LAYOUT_LIFT_MAX   (BK_TABLE_LAYOUT_LIFT_LEGAL + BK_TABLE_LAYOUT_LIFT_FOCUS)

/* The corner index of a card, in card coordinates (0..1 from the top left): the rank
 * and the suit sign of every deck lie inside it (data/cards/generate.py). */
#define BK_TABLE_LAYOUT_INDEX_RIGHT  0.22
#define BK_TABLE_LAYOUT_INDEX_BOTTOM 0.235

/* The corners the window covers, which the table keeps free. */
typedef enum {
  BK_TABLE_CORNER_NONE    = 0,
  BK_TABLE_CORNER_LEFT    = 1 << 0, /* top left, as large as left_corner_for() */
  BK_TABLE_CORNER_RIGHT   = 1 << 1, /* top right, 124 x 100 */
  BK_TABLE_CORNER_ALL     = BK_TABLE_CORNER_LEFT | BK_TABLE_CORNER_RIGHT,
} BkTableCorners;

void     bk_table_layout_init_with   (BkTableLayout       *layout,
                                      guint                n_seats,
                                      double               width,
                                      double               height,
                                      double               aspect,
                                      guint                hand_cards,
                                      const double        *tag_widths,
                                      const double        *tag_heights,
                                      BkTableCorners       corners);
void     bk_table_layout_init        (BkTableLayout       *layout,
                                      guint                n_seats,
                                      double               width,
                                      double               height,
                                      double               aspect,
                                      guint                hand_cards,
                                      const double        *tag_widths,
                                      const double        *tag_heights);
BkRect   bk_table_layout_left_corner_for (double           width,
                                          double           height);
BkPlace  bk_table_layout_hand        (const BkTableLayout *layout,
                                      guint                seat,
                                      guint                index,
                                      guint                n,
                                      double               lift);
BkRect   bk_table_layout_hand_bounds (const BkTableLayout *layout,
                                      guint                seat,
                                      guint                n,
                                      double               lift);
BkPlace  bk_table_layout_anchor      (const BkTableLayout *layout,
                                      guint                seat);
BkPlace  bk_table_layout_trick       (const BkTableLayout *layout,
                                      guint                seat,
                                      guint                index);
BkPlace  bk_table_layout_pile        (const BkTableLayout *layout,
                                      guint                seat);
guint    bk_table_layout_trick_slot  (const BkTableLayout *layout,
                                      guint                seat);
BkPlace  bk_table_layout_aside       (const BkTableLayout *layout,
                                      guint                dealer,
                                      guint                index,
                                      guint                n);
BkPlace  bk_table_layout_seating     (const BkTableLayout *layout,
                                      guint                seat,
                                      guint                index);
BkRect   bk_table_layout_tag         (const BkTableLayout *layout,
                                      guint                seat);
BkRect   bk_table_layout_bubble      (const BkTableLayout *layout,
                                      guint                seat,
                                      double               bubble_width,
                                      double               bubble_height);
BkRect   bk_table_layout_bubble_avoiding (const BkTableLayout *layout,
                                          guint                seat,
                                          double               bubble_width,
                                          double               bubble_height,
                                          const BkRect        *avoid,
                                          guint                n_avoid);

BkQuad   bk_table_layout_quad        (const BkTableLayout *layout,
                                      BkPlace              place,
                                      double               x0,
                                      double               y0,
                                      double               x1,
                                      double               y1);
BkQuad   bk_table_layout_card_quad   (const BkTableLayout *layout,
                                      BkPlace              place);
BkQuad   bk_table_layout_index_quad  (const BkTableLayout *layout,
                                      BkPlace              place);
BkRect   bk_quad_bounds              (const BkQuad        *quad);
BkQuad   bk_rect_quad                (const BkRect        *rect);
gboolean bk_quads_intersect          (const BkQuad        *a,
                                      const BkQuad        *b);
gboolean bk_rects_intersect          (const BkRect        *a,
                                      const BkRect        *b);
gboolean bk_rect_contains            (const BkRect        *outer,
                                      const BkRect        *inner);

G_END_DECLS
