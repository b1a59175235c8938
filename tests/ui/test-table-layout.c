/* test-table-layout.c: the table's geometry, without a display (issue 12, "Layout"): at
 * every window size from 360x640 to 1920x1080, at scale 1 and 2, each of the person's cards
 * shows its corner index, raised cards leave the name tag free, the hand lies centred and
 * large, no pile covers a name tag, and everything lies on the table. Then 3 to 8 seats.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "bk-table-layout.h"

/* The header bar above the table, and the smallest table the window allows (its size
 * request of 360x480 less the header bar). */
#define HEADER 47
#define MIN_TABLE_WIDTH 360
#define MIN_TABLE_HEIGHT 433

static const struct { int width, height; } windows[] = {
  { 360, 640 }, { 800, 600 }, { 1024, 720 }, { 1280, 800 }, { 1920, 1080 },
};

/* The card shapes of the three decks: Bavarian 57 × 100, French 63 × 88. */
static const double aspects[] = { 100.0 / 57.0, 88.0 / 63.0 };

/* Tags as the table measures them: "You · dealer" and the others' names. */
static const double tag_widths[BK_TABLE_LAYOUT_MAX_SEATS] = { 118, 74, 70, 96, 70, 70, 70, 70 };
static const double tag_heights[BK_TABLE_LAYOUT_MAX_SEATS] = { 27, 27, 27, 27, 27, 27, 27, 27 };

typedef struct {
  int      window_width;
  int      window_height;
  int      scale;
  double   aspect;
  guint    cards;
} Case;

static void
table_size (const Case *c,
            double     *width,
            double     *height)
{
  *width = MAX (c->window_width / c->scale, MIN_TABLE_WIDTH);
  *height = MAX (c->window_height / c->scale - HEADER, MIN_TABLE_HEIGHT);
}

static char *
describe (const Case *c)
{
  return g_strdup_printf ("%dx%d scale %d, aspect %.2f, %u cards", c->window_width,
                          c->window_height, c->scale, c->aspect, c->cards);
}

static void
check (gboolean    ok,
       const Case *c,
       const char *what)
{
  if (!ok)
    {
      g_autofree char *where = describe (c);

      g_test_message ("%s: %s", where, what);
      g_test_fail ();
    }
}

static BkRect
card_rect (const BkTableLayout *layout,
           BkPlace              place)
{
  BkQuad q = bk_table_layout_card_quad (layout, place);

  return bk_quad_bounds (&q);
}

static gboolean
card_on_table (const BkTableLayout *layout,
               BkPlace              place)
{
  BkRect table = { 0, 0, layout->width, layout->height };
  BkRect r = card_rect (layout, place);

  return bk_rect_contains (&table, &r);
}

static gboolean
card_hits_rect (const BkTableLayout *layout,
                BkPlace              place,
                const BkRect        *rect)
{
  BkQuad q = bk_table_layout_card_quad (layout, place);
  BkQuad r = bk_rect_quad (rect);

  return bk_quads_intersect (&q, &r);
}

static void
check_person (const BkTableLayout *layout,
              const Case          *c,
              gboolean             largest)
{
  static const double lifts[] = { 0, BK_TABLE_LAYOUT_LIFT_LEGAL, BK_TABLE_LAYOUT_LIFT_MAX };
  BkRect tag = bk_table_layout_tag (layout, 0);
  BkRect table = { 0, 0, layout->width, layout->height };
  guint n = c->cards;

  /* Every hand as play goes on: n cards, then fewer. */
  for (guint held = n; held >= 1; held--)
    for (guint i = 0; i < held; i++)
      for (guint li = 0; li < G_N_ELEMENTS (lifts); li++)
        {
          BkPlace p = bk_table_layout_hand (layout, 0, i, held, lifts[li]);
          BkQuad index = bk_table_layout_index_quad (layout, p);

          check (card_on_table (layout, p), c, "a card of the hand is off the table");
          check (!card_hits_rect (layout, p, &tag), c, "a raised card covers the name tag");
          check (!card_hits_rect (layout, p, &layout->left_corner), c, "a card covers the coaster");
          /* The cards to the right lie on top: none may cover this card's index, whichever
           * of the two is raised. */
          for (guint j = i + 1; j < held; j++)
            for (guint lj = 0; lj < G_N_ELEMENTS (lifts); lj++)
              {
                BkQuad above = bk_table_layout_card_quad (layout,
                                                          bk_table_layout_hand (layout, 0, j,
                                                                                held, lifts[lj]));
                if (bk_quads_intersect (&index, &above))
                  {
                    g_test_message ("held %u: card %u (lift %.2f) covers the index of card %u "
                                    "(lift %.2f)", held, j, lifts[lj], i, lifts[li]);
                    check (FALSE, c, "a card's corner index is covered");
                  }
              }
        }

  /* Centred, and as large as the table allows: the fan fills the width, or the cards take
   * over a fifth of the table's height (the trick, the others and the coaster need the
   * rest; bk_table_layout_init grows the cards until they would overlap). */
  {
    BkRect hand = bk_table_layout_hand_bounds (layout, 0, n, 0);

    check (fabs (hand.x + hand.width / 2 - layout->width / 2) < 1, c, "the hand is not centred");
    check (bk_rect_contains (&table, &tag), c, "the name tag is off the table");
    check (!largest || hand.width >= 0.8 * (layout->width - 24) ||
           layout->card_height >= 0.21 * layout->height, c,
           "the hand does not use the space it has");
    /* And larger than the trick, which is larger than the others' cards. */
    check (layout->trick_scale <= 1 && layout->other_scale < layout->trick_scale, c,
           "the person's cards are not the largest");
  }
}

static void
check_table (const BkTableLayout *layout,
             const Case          *c)
{
  BkRect hand = bk_table_layout_hand_bounds (layout, 0, c->cards, BK_TABLE_LAYOUT_LIFT_MAX);

  for (guint s = 0; s < layout->n_seats; s++)
    {
      BkRect tag = bk_table_layout_tag (layout, s);
      BkPlace pile = bk_table_layout_pile (layout, s);
      BkPlace trick = bk_table_layout_trick (layout, s, 0);
      BkRect table = { 0, 0, layout->width, layout->height };

      check (bk_rect_contains (&table, &tag), c, "a name tag is off the table");
      check (!bk_rects_intersect (&tag, &layout->left_corner), c, "a name tag is under the coaster");
      check (card_on_table (layout, pile), c, "a pile is off the table");
      check (card_on_table (layout, trick), c, "a trick card is off the table");
      check (!card_hits_rect (layout, trick, &hand), c, "a trick card covers the person's hand");
      check (!card_hits_rect (layout, trick, &layout->left_corner), c,
             "a trick card covers the coaster");
      check (!bk_rects_intersect (&tag, &layout->right_corner), c,
             "a name tag is under the hand's value");
      /* A short word ("Good!") in a speech bubble keeps off the coaster and the value. */
      {
        BkRect bubble = bk_table_layout_bubble (layout, s, 64, 34);

        check (bk_rect_contains (&table, &bubble), c, "a speech bubble is off the table");
        check (!bk_rects_intersect (&bubble, &layout->left_corner) &&
               !bk_rects_intersect (&bubble, &layout->right_corner), c,
               "a speech bubble covers the coaster or the hand's value");
      }
      for (guint o = 0; o < layout->n_seats; o++)
        {
          BkRect other_tag = bk_table_layout_tag (layout, o);

          check (!card_hits_rect (layout, pile, &other_tag), c, "a pile covers a name tag");
          check (!card_hits_rect (layout, trick, &other_tag), c, "a trick card covers a name tag");
          if (o != s)
            check (!bk_rects_intersect (&tag, &other_tag), c, "two name tags overlap");
        }
      if (s == 0)
        continue;

      for (guint i = 0; i < c->cards; i++)
        {
          BkPlace p = bk_table_layout_hand (layout, s, i, c->cards, 0);

          check (card_on_table (layout, p), c, "an other player's card is off the table");
          check (!card_hits_rect (layout, p, &hand), c, "an other hand covers the person's hand");
          check (!card_hits_rect (layout, p, &layout->left_corner), c,
                 "an other hand is under the coaster");
          check (!card_hits_rect (layout, p, &layout->right_corner), c,
                 "an other hand is under the hand's value and the Retour button");
          for (guint o = 0; o < layout->n_seats; o++)
            {
              BkRect other_tag = bk_table_layout_tag (layout, o);

              check (!card_hits_rect (layout, p, &other_tag), c,
                     "an other hand covers a name tag");
            }
        }
    }
}

static void
test_four_seats (void)
{
  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    for (int scale = 1; scale <= 2; scale++)
      for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
        for (guint cards = 5; cards <= 6; cards++)
          {
            Case c = { windows[w].width, windows[w].height, scale, aspects[a], cards };
            BkTableLayout layout;
            double width, height;

            table_size (&c, &width, &height);
            bk_table_layout_init (&layout, 4, width, height, c.aspect, cards, tag_widths,
                                  tag_heights);
            g_test_message ("%dx%d@%d: table %.0fx%.0f, cards %.0fx%.0f, trick x%.2f, "
                            "spacing %.0f", c.window_width, c.window_height, scale, width,
                            height, layout.card_width, layout.card_height, layout.trick_scale,
                            layout.hand_spacing);
            check_person (&layout, &c, TRUE);
            check_table (&layout, &c);
          }
}

/* A screen of 1280x800 at scale 2 is 640x400: with a window no taller than that, the
 * table is 640x353 (or 360x353 when narrowed). The layout fits it too. */
static void
test_short_screen (void)
{
  static const double widths[] = { 360, 480, 640 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint cards = 5; cards <= 6; cards++)
      {
        Case c = { (int) widths[w], 400, 1, aspects[0], cards };
        BkTableLayout layout;

        bk_table_layout_init (&layout, 4, widths[w], 400 - HEADER, c.aspect, cards, tag_widths,
                              tag_heights);
        /* Narrow and short, the coaster's band takes a third of the height: the hand is
         * smaller than a fifth there, so only the wide table is held to the size rule. */
        check_person (&layout, &c, !layout.narrow);
        check_table (&layout, &c);
      }
}

/* 4 seats put West left, North on top, East right (bk-table.c's seats S W N E). */
static void
test_four_seats_around (void)
{
  BkTableLayout layout;
  BkPlace w, n, e;

  bk_table_layout_init (&layout, 4, 1280, 753, 100.0 / 57.0, 5, NULL, NULL);
  w = bk_table_layout_anchor (&layout, 1);
  n = bk_table_layout_anchor (&layout, 2);
  e = bk_table_layout_anchor (&layout, 3);
  g_assert_cmpfloat (w.x, <, layout.middle_x - 200);
  g_assert_cmpfloat (e.x, >, layout.middle_x + 200);
  g_assert_cmpfloat_with_epsilon (n.x, layout.middle_x, 1);
  g_assert_cmpfloat (n.y, <, w.y);
  g_assert_cmpfloat_with_epsilon (w.y, e.y, 1);
  /* The others' cards face the middle. */
  g_assert_cmpfloat_with_epsilon (w.angle, 90, 0.01);
  g_assert_cmpfloat_with_epsilon (n.angle, 180, 0.01);
  g_assert_cmpfloat_with_epsilon (fmod (e.angle + 360, 360), 270, 0.01);
}

/* At 360x640 a dialog sits in the middle: every other player's name and the start of the
 * hand lie in the upper third, above it. */
static void
test_narrow_players_above_dialog (void)
{
  BkTableLayout layout;

  bk_table_layout_init (&layout, 4, 360, 640 - HEADER, 100.0 / 57.0, 6, tag_widths,
                        tag_heights);
  g_assert_true (layout.narrow);
  for (guint s = 1; s < 4; s++)
    {
      BkRect tag = bk_table_layout_tag (&layout, s);
      BkRect hand = bk_table_layout_hand_bounds (&layout, s, 6, 0);

      g_test_message ("seat %u: tag y %.0f-%.0f, hand y %.0f", s, tag.y, tag.y + tag.height,
                      hand.y);
      g_assert_cmpfloat (tag.y + tag.height, <=, (640 - HEADER) / 3.0);
      g_assert_cmpfloat (hand.y, <=, (640 - HEADER) / 3.0);
    }
}

/* Herzla's tables: 3 to 8 seats, the person at the bottom, the others round an oval. */
static void
test_other_seat_counts (void)
{
  for (guint seats = BK_TABLE_LAYOUT_MIN_SEATS; seats <= BK_TABLE_LAYOUT_MAX_SEATS; seats++)
    for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
      {
        guint cards = seats <= 4 ? 8 : 32 / seats;
        Case c = { windows[w].width, windows[w].height, 1, aspects[1], cards };
        BkTableLayout layout;
        double width, height;
        BkRect table, hand;

        table_size (&c, &width, &height);
        bk_table_layout_init (&layout, seats, width, height, c.aspect, cards, tag_widths,
                              tag_heights);
        table = (BkRect) { 0, 0, width, height };
        hand = bk_table_layout_hand_bounds (&layout, 0, cards, BK_TABLE_LAYOUT_LIFT_MAX);
        check (bk_rect_contains (&table, &hand), &c, "the person's hand is off the table");
        /* Many seats leave the person less room: sized to fit, not checked for size. */
        check_person (&layout, &c, FALSE);
        for (guint s = 1; s < seats; s++)
          {
            BkRect tag = bk_table_layout_tag (&layout, s);
            BkRect other = bk_table_layout_hand_bounds (&layout, s, cards, 0);
            BkPlace a = bk_table_layout_anchor (&layout, s);

            check (bk_rect_contains (&table, &tag), &c, "a name tag is off the table");
            check (bk_rect_contains (&table, &other), &c, "a hand is off the table");
            check (!bk_rects_intersect (&other, &hand), &c, "a hand covers the person's");
            check (!bk_rects_intersect (&other, &layout.left_corner), &c,
                   "a hand is under the coaster");
            /* Clockwise from the person: the first half on the left, the rest on the right. */
            if ((2 * s < seats && a.x >= layout.middle_x) ||
                (2 * s > seats && a.x <= layout.middle_x))
              {
                g_test_message ("%u seats: seat %u at %.0f", seats, s, a.x);
                check (FALSE, &c, "a seat is on the wrong side");
              }
            check (a.y < layout.hand_top, &c, "a seat is below the person's hand");
          }
      }
}

/* Issue 16: Herzla's tables as the table lays them out, 3 to 8 seats with each seat's hand
 * (H6.1: 12, 9, 7, 6, 5, 4 cards; 8 for the four-player game), name tags widened by the
 * hearts badge and the person's by a contract badge, the top right corner kept for the
 * stock in the four-player game only. At every window size: nothing overlaps (hands,
 * tags, the trick, the cards aside), every index of a trick of five or more shows, and
 * the person's cards show their indices. */
static void
test_herzla_tables (void)
{
  /* As the table measures them: "Sepp" and "♥ 3"; the person's "You · dealer", "♥ 8" and
   * "Beddl"; one "Schorsch · dealer". */
  static const double herzla_widths[BK_TABLE_LAYOUT_MAX_SEATS] = { 220, 104, 110, 166, 104,
                                                                  120, 104, 104 };

  for (guint seats = BK_TABLE_LAYOUT_MIN_SEATS; seats <= BK_TABLE_LAYOUT_MAX_SEATS; seats++)
    for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
      for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
        {
          guint cards = seats == 4 ? 8 : 36 / seats;
          guint aside = seats == 4 ? 0 : 36 % seats;
          Case c = { windows[w].width, windows[w].height, 1, aspects[a], cards };
          BkTableLayout layout;
          double width, height;

          table_size (&c, &width, &height);
          bk_table_layout_init_with (&layout, seats, width, height, c.aspect, cards,
                                     herzla_widths, tag_heights,
                                     seats == 4 ? BK_TABLE_CORNER_RIGHT : BK_TABLE_CORNER_NONE);
          g_test_message ("%u seats at %dx%d: cards %.0fx%.0f, trick x%.2f", seats,
                          c.window_width, c.window_height, layout.card_width,
                          layout.card_height, layout.trick_scale);
          check_person (&layout, &c, FALSE);
          check_table (&layout, &c);

          /* The others' hands apart, card by card. */
          for (guint s = 1; s < seats; s++)
            for (guint o = s + 1; o < seats; o++)
              for (guint i = 0; i < cards; i++)
                for (guint k = 0; k < cards; k++)
                  {
                    BkQuad qs = bk_table_layout_card_quad (&layout,
                                                           bk_table_layout_hand (&layout, s, i, cards, 0));
                    BkQuad qo = bk_table_layout_card_quad (&layout,
                                                           bk_table_layout_hand (&layout, o, k, cards, 0));

                    check (!bk_quads_intersect (&qs, &qo), &c, "two other hands overlap");
                  }
          /* The trick: each card's index free of the cards that lie on it. */
          if (seats > 4)
            for (guint s = 0; s < seats; s++)
              for (guint o = 0; o < seats; o++)
                {
                  BkPlace p = bk_table_layout_trick (&layout, s, 0);
                  BkQuad index = bk_table_layout_index_quad (&layout, p);
                  BkQuad above = bk_table_layout_card_quad (&layout,
                                                            bk_table_layout_trick (&layout, o, 0));

                  if (bk_table_layout_trick_slot (&layout, o) > bk_table_layout_trick_slot (&layout, s))
                    check (!bk_quads_intersect (&index, &above), &c,
                           "a card of the trick covers another's index");
                }
          /* The cards aside, wherever the deal is. */
          for (guint dealer = 0; aside && dealer < seats; dealer++)
            for (guint i = 0; i < aside; i++)
              {
                BkPlace p = bk_table_layout_aside (&layout, dealer, i, aside);
                BkRect person = bk_table_layout_hand_bounds (&layout, 0, cards,
                                                             BK_TABLE_LAYOUT_LIFT_MAX);

                check (card_on_table (&layout, p), &c, "a card aside is off the table");
                check (!card_hits_rect (&layout, p, &person), &c,
                       "a card aside lies on the person's hand");
                for (guint s = 0; s < seats; s++)
                  {
                    BkRect tag = bk_table_layout_tag (&layout, s);

                    check (!card_hits_rect (&layout, p, &tag), &c, "a card aside covers a name");
                    for (guint k = 0; s > 0 && k < cards; k++)
                      {
                        BkQuad q = bk_table_layout_card_quad (&layout, p);
                        BkQuad other = bk_table_layout_card_quad (&layout,
                                                                  bk_table_layout_hand (&layout, s, k, cards, 0));

                        check (!bk_quads_intersect (&q, &other), &c,
                               "a card aside lies on a hand");
                      }
                  }
              }
        }
}

static double
distance (double x0,
          double y0,
          double x1,
          double y1)
{
  return hypot (x1 - x0, y1 - y0);
}

/* Issue 21: a trick of five to eight, as Herzla's tables lay it out: the whole trick
 * centred in the table, and each card towards its player, so that it is nearer its own
 * player's seat (the middle of his hand) than any other card of the trick. */
static void
test_trick_toward_players (void)
{
  for (guint seats = 5; seats <= BK_TABLE_LAYOUT_MAX_SEATS; seats++)
    for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
      for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
        {
          guint cards = 36 / seats;
          Case c = { windows[w].width, windows[w].height, 1, aspects[a], cards };
          BkTableLayout layout;
          BkPlace trick[BK_TABLE_LAYOUT_MAX_SEATS];
          BkRect bounds = { 0 };
          double width, height, trick_height;

          table_size (&c, &width, &height);
          bk_table_layout_init_with (&layout, seats, width, height, c.aspect, cards, NULL,
                                     NULL, BK_TABLE_CORNER_NONE);
          trick_height = layout.card_height * layout.trick_scale;
          for (guint s = 0; s < seats; s++)
            {
              BkQuad q;
              BkRect r;

              trick[s] = bk_table_layout_trick (&layout, s, s);
              q = bk_table_layout_card_quad (&layout, trick[s]);
              r = bk_quad_bounds (&q);
              if (s == 0)
                bounds = r;
              else
                {
                  double right = MAX (bounds.x + bounds.width, r.x + r.width);
                  double bottom = MAX (bounds.y + bounds.height, r.y + r.height);

                  bounds.x = MIN (bounds.x, r.x);
                  bounds.y = MIN (bounds.y, r.y);
                  bounds.width = right - bounds.x;
                  bounds.height = bottom - bounds.y;
                }
            }
          g_test_message ("%u seats at %.0fx%.0f: the trick %.0f,%.0f %.0fx%.0f", seats, width,
                          height, bounds.x, bounds.y, bounds.width, bounds.height);
          /* (Each card a little askew: a few pixels either way.) */
          check (fabs (bounds.x + bounds.width / 2 - width / 2) <=
                 0.05 * layout.card_width * layout.trick_scale, &c,
                 "the trick is not centred across the table");
          check (fabs (bounds.y + bounds.height / 2 - layout.middle_y) <= 0.1 * trick_height,
                 &c, "the trick is not centred in the middle of the table");
          for (guint s = 0; s < seats; s++)
            {
              BkPlace seat = bk_table_layout_anchor (&layout, s);
              double own = distance (seat.x, seat.y, trick[s].x, trick[s].y);

              for (guint o = 0; o < seats; o++)
                if (o != s && distance (seat.x, seat.y, trick[o].x, trick[o].y) <= own)
                  {
                    g_test_message ("%u seats: seat %u's card %.0f px from it, seat %u's %.0f",
                                    seats, s, own, o,
                                    distance (seat.x, seat.y, trick[o].x, trick[o].y));
                    check (FALSE, &c, "a card of the trick lies nearer another player");
                  }
            }
        }
}

/* Issue 25: everybody speaks at once, in short words and in long ones («Не могу помочь»):
 * each bubble, placed after the ones before it, keeps off them, the name tags and the
 * corners, and stays on the table; at every size of four seats and of 3 to 8. */
static void
test_bubbles_apart (void)
{
  static const double widths[] = { 64, 145 };

  for (guint seats = BK_TABLE_LAYOUT_MIN_SEATS; seats <= BK_TABLE_LAYOUT_MAX_SEATS; seats++)
    for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
      for (guint b = 0; b < G_N_ELEMENTS (widths); b++)
        {
          Case c = { windows[w].width, windows[w].height, 1, aspects[0], seats == 4 ? 5 : 4 };
          BkRect table, placed[BK_TABLE_LAYOUT_MAX_SEATS];
          BkTableLayout layout;
          double width, height;

          table_size (&c, &width, &height);
          bk_table_layout_init_with (&layout, seats, width, height, c.aspect, c.cards,
                                     tag_widths, tag_heights,
                                     seats == 4 ? BK_TABLE_CORNER_ALL : BK_TABLE_CORNER_NONE);
          table = (BkRect) { 0, 0, layout.width, layout.height };
          for (guint s = 0; s < seats; s++)
            {
              placed[s] = bk_table_layout_bubble_avoiding (&layout, s, widths[b], 28, placed, s);
              check (bk_rect_contains (&table, &placed[s]), &c, "a bubble is off the table");
              check (!bk_rects_intersect (&placed[s], &layout.left_corner) &&
                     !bk_rects_intersect (&placed[s], &layout.right_corner), &c,
                     "a bubble covers a corner");
              for (guint o = 0; o < seats; o++)
                {
                  BkRect tag = bk_table_layout_tag (&layout, o);

                  check (!bk_rects_intersect (&placed[s], &tag), &c, "a bubble covers a name");
                }
              for (guint o = 0; o < s; o++)
                check (!bk_rects_intersect (&placed[s], &placed[o]), &c, "two bubbles overlap");
            }
        }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-layout/four-seats", test_four_seats);
  g_test_add_func ("/table-layout/four-seats-around", test_four_seats_around);
  g_test_add_func ("/table-layout/short-screen", test_short_screen);
  g_test_add_func ("/table-layout/narrow-players-above-dialog", test_narrow_players_above_dialog);
  g_test_add_func ("/table-layout/other-seat-counts", test_other_seat_counts);
  g_test_add_func ("/table-layout/herzla-tables", test_herzla_tables);
  g_test_add_func ("/table-layout/trick-toward-players", test_trick_toward_players);
  g_test_add_func ("/table-layout/bubbles-apart", test_bubbles_apart);

  return g_test_run ();
}
