/* bk-table-allocate.c: where everything on the table lies this frame, and in
 * which order it is drawn: the name tags and speech bubbles, the cards (each a sprite
 * that moves from where it was to where the game puts it), and what a decoration places.
 * The geometry at a given size is bk-table-layout.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <math.h>

#include "bk-card-view.h"
#include "bk-name-tag.h"
#include "bk-table-private.h"

static double
ease_out (double t)
{
  t = 1.0 - CLAMP (t, 0.0, 1.0);
  return 1.0 - t * t * t;
}

BkPlace
bk_sprite_now (const BkSprite *sprite,
               gint64          now)
{
  BkPlace p;
  double t;

  if (sprite->duration <= 0 || now >= sprite->start + sprite->duration)
    return sprite->to;
  if (now <= sprite->start)
    return sprite->from;
  t = ease_out ((double) (now - sprite->start) / sprite->duration);
  p.x = sprite->from.x + (sprite->to.x - sprite->from.x) * t;
  p.y = sprite->from.y + (sprite->to.y - sprite->from.y) * t;
  p.angle = sprite->from.angle + (sprite->to.angle - sprite->from.angle) * t;
  p.scale = sprite->from.scale + (sprite->to.scale - sprite->from.scale) * t;
  return p;
}

gboolean
bk_sprite_moving (const BkSprite *sprite,
                  gint64          now)
{
  return sprite->duration > 0 && now < sprite->start + sprite->duration;
}

static gboolean
same_place (const BkPlace *a,
            const BkPlace *b)
{
  return fabs (a->x - b->x) < 0.5 && fabs (a->y - b->y) < 0.5 &&
         fabs (a->angle - b->angle) < 0.1 && fabs (a->scale - b->scale) < 0.005;
}

/* Sends the sprite to @to, leaving at @start: at once while sizes change (@snap), else as
 * a move from where it is; the table is busy until it is there. */
void
bk_table_move_sprite (BkTable  *self,
                      BkSprite *sprite,
                      BkPlace   to,
                      gint64    now,
                      gint64    start,
                      gboolean  snap)
{
  if (sprite->placed && same_place (&sprite->to, &to))
    return;
  if (!sprite->placed || snap || !bk_table_animates (self))
    {
      sprite->from = sprite->to = to;
      sprite->duration = 0;
      sprite->placed = TRUE;
      return;
    }
  sprite->from = bk_sprite_now (sprite, now);
  sprite->to = to;
  sprite->start = MAX (start, now);
  sprite->duration = bk_table_scaled (self, MOVE_USEC);
  self->busy_until = MAX (self->busy_until, sprite->start + sprite->duration);
}

static void
allocate_card (GtkWidget *child,
               BkPlace    p,
               int        cw,
               int        ch)
{
  GskTransform *t = NULL;

  t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (p.x, p.y));
  t = gsk_transform_rotate (t, p.angle);
  t = gsk_transform_scale (t, p.scale, p.scale);
  t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (-cw / 2.0, -ch / 2.0));
  gtk_widget_allocate (child, cw, ch, -1, t);
}

/* @seat's tag as it measures: the layout fits it. */
static void
measure_tag (BkTable *self,
             guint    seat,
             int     *width,
             int     *height)
{
  gtk_widget_measure (self->tags[seat], GTK_ORIENTATION_HORIZONTAL, -1, NULL, width, NULL,
                      NULL);
  gtk_widget_measure (self->tags[seat], GTK_ORIENTATION_VERTICAL, *width, NULL, height, NULL,
                      NULL);
}

static void
allocate_labels (BkTable *self,
                 gint64   now,
                 int      width)
{
  BkRect placed[BK_MAX_SEATS]; /* the bubbles so far: the next keeps off them */
  guint n_placed = 0;

  for (guint s = 0; s < self->n_seats; s++)
    {
      BkRect tag = bk_table_layout_tag (&self->layout, s), bubble;
      int bw, bh;

      if (self->walk_from[s] != s && now < self->walk_start + self->walk_duration)
        {
          /* Walking from the middle of the old seat's tag to the new one. */
          BkRect from = bk_table_layout_tag (&self->layout, self->walk_from[s]);
          double t = 0;

          if (now > self->walk_start)
            t = ease_out ((double) (now - self->walk_start) / self->walk_duration);
          from.x += (from.width - tag.width) / 2;
          from.y += (from.height - tag.height) / 2;
          tag.x = from.x + (tag.x - from.x) * t;
          tag.y = from.y + (tag.y - from.y) * t;
        }
      gtk_widget_size_allocate (self->tags[s],
                                &(GtkAllocation) { tag.x, tag.y, tag.width, tag.height }, -1);

      if (!gtk_widget_get_visible (self->bubbles[s]))
        continue;
      gtk_widget_measure (self->bubbles[s], GTK_ORIENTATION_HORIZONTAL, -1, NULL, &bw, NULL, NULL);
      bw = MIN (bw, width - 24);
      gtk_widget_measure (self->bubbles[s], GTK_ORIENTATION_VERTICAL, bw, NULL, &bh, NULL, NULL);
      bubble = bk_table_layout_bubble_avoiding (&self->layout, s, bw, bh, placed, n_placed);
      gtk_widget_size_allocate (self->bubbles[s],
                                &(GtkAllocation) { bubble.x, bubble.y, bw, bh }, -1);
      placed[n_placed++] = bubble;
    }
}

/* The finished trick's last card has just set off: the trick lies whole for the hold from
 * when it lands (issue 34: counted from the card's start, a second was left to read it). */
static void
hold_after_landing (BkTable *self,
                    gint64   now)
{
  gint64 lands = now;

  for (guint i = 0; i < self->n_shown; i++)
    {
      const BkSprite *sprite = &self->sprites[self->shown[i]];

      if (sprite->duration > 0)
        lands = MAX (lands, sprite->start + sprite->duration);
    }
  if (self->keep_trick)
    self->hold_until = MAX (self->hold_until,
                            lands + bk_table_scaled (self, LAST_TRICK_HOLD_USEC));
  else if (self->sweep_at)
    {
      self->sweep_at = MAX (self->sweep_at, lands + bk_table_scaled (self, TRICK_HOLD_USEC));
      self->busy_until = MAX (self->busy_until,
                              self->sweep_at + bk_table_scaled (self, MOVE_USEC));
    }
  self->sweep_after_landing = FALSE;
}

void
bk_table_size_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  BkTable *self = BK_TABLE (widget);
  gint64 now = bk_table_now (self);
  gboolean snap = width != self->last_width || height != self->last_height;
  double aspect = self->theme ? bk_card_theme_get_aspect (self->theme) : 1.6;
  double tag_widths[BK_MAX_SEATS], tag_heights[BK_MAX_SEATS];
  guint hand_cards = 5;
  int cw, ch;

  /* The geometry (bk-table-layout.c) fits the name tags as they measure. */
  for (guint s = 0; s < self->n_seats; s++)
    {
      int lw, lh;

      measure_tag (self, s, &lw, &lh);
      tag_widths[s] = lw;
      tag_heights[s] = lh;
    }
  if (bk_table_in_play (self))
    {
      BkCard dealt[BK_N_CARDS];

      hand_cards = MAX (bk_game_get_deal_order (self->game, BK_TABLE_BOTTOM, dealt, NULL), 1);
    }
  /* The geometry again only when something it depends on changed (it takes a while for
   * many seats, and the table is allocated every frame while cards move). */
  {
    gboolean same = !self->layout_stale &&
                    self->layout.n_seats == self->n_seats && self->layout.width == width &&
                    self->layout.height == height && self->layout.aspect == aspect &&
                    self->layout.hand_cards == hand_cards && self->layout_corners == self->corners;

    for (guint s = 0; same && s < self->n_seats; s++)
      same = self->layout_tags[s][0] == tag_widths[s] && self->layout_tags[s][1] == tag_heights[s];
    if (!same)
      {
        bk_table_layout_init_with (&self->layout, self->n_seats, width, height, aspect,
                                   hand_cards, tag_widths, tag_heights, self->corners);
        self->layout_corners = self->corners;
        self->layout_stale = FALSE;
        for (guint s = 0; s < self->n_seats; s++)
          {
            self->layout_tags[s][0] = tag_widths[s];
            self->layout_tags[s][1] = tag_heights[s];
          }
      }
  }
  cw = (int) self->layout.card_width;
  ch = (int) self->layout.card_height;

  if (cw != self->card_width && self->theme)
    bk_card_theme_clear_cache (self->theme); /* a new size for good: old textures go */
  self->card_width = cw;
  self->last_width = width;
  self->last_height = height;

  allocate_labels (self, now, width);
  bk_table_allocate_caption (self, now);
  if (self->decoration && BK_TABLE_DECORATION_GET_CLASS (self->decoration)->allocate)
    BK_TABLE_DECORATION_GET_CLASS (self->decoration)->allocate (self->decoration, self,
                                                                &self->layout, now, snap);

  if (!bk_table_in_play (self))
    return;

  /* The hold is over: the trick slides to its winner (and is gone with the next card). */
  if (self->sweep_at && now >= self->sweep_at)
    self->sweep_at = 0;

  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      GtkWidget *view = self->cards[card];
      BkSeat seat;
      BkPlace to;
      gboolean face_up = FALSE, visible = TRUE, hidden_after = FALSE;
      guint shown_index = G_MAXUINT;

      if (view == NULL)
        continue;

      for (guint i = 0; i < self->n_shown; i++)
        if (self->shown[i] == card)
          shown_index = i;

      seat = bk_game_get_holder (self->game, card);
      if (seat == BK_TABLE_BOTTOM)
        {
          guint i = 0;
          while (i < self->n_order && self->order[i] != card)
            i++;
          double lift = 0;

          face_up = TRUE;
          if (bk_game_get_phase (self->game) == BK_PHASE_PLAYING &&
              bk_game_get_to_act (self->game) == BK_TABLE_BOTTOM &&
              bk_hand_has (bk_game_get_legal (self->game), card))
            lift += BK_TABLE_LAYOUT_LIFT_LEGAL;
          if (gtk_widget_has_focus (view))
            lift += BK_TABLE_LAYOUT_LIFT_FOCUS;
          to = bk_table_layout_hand (&self->layout, seat, i, self->n_order, lift);
        }
      else if (seat != BK_SEAT_NONE)
        {
          BkCard sorted[BK_N_CARDS];
          guint n = bk_game_get_hand_sorted (self->game, seat, sorted), i = 0;

          while (i < n && sorted[i] != card)
            i++;
          to = bk_table_layout_hand (&self->layout, seat, i, n, 0);
        }
      else if (bk_table_looked_index (self, card) != G_MAXUINT)
        {
          guint i = bk_table_looked_index (self, card);

          if (now < self->look_until)
            {
              face_up = TRUE;
              to = bk_table_layout_trick (&self->layout, self->looked_seat[i], i);
            }
          else
            {
              to = bk_table_layout_pile (&self->layout, self->looked_winner);
              hidden_after = TRUE;
            }
        }
      else if (shown_index != G_MAXUINT && !bk_hand_has (self->gone, card))
        {
          face_up = TRUE;
          if (self->sweep_at == 0 && self->shown_winner != BK_SEAT_NONE && !self->keep_trick)
            {
              to = bk_table_layout_pile (&self->layout, self->shown_winner);
              face_up = FALSE;
              hidden_after = TRUE;
            }
          else
            to = bk_table_layout_trick (&self->layout, self->shown_seat[shown_index],
                                                  shown_index);
        }
      else if (bk_hand_has (self->aside, card))
        {
          /* H6.1: laid aside, face down by the dealer. */
          BkHand before = self->aside & (BK_HAND_BIT (card) - 1);

          to = bk_table_layout_aside (&self->layout,
                                                bk_game_get_dealer (self->game) % self->n_seats,
                                                bk_hand_count (before),
                                                bk_hand_count (self->aside));
        }
      else
        {
          /* Swept to its winner earlier: off the table. */
          to = bk_table_layout_pile (&self->layout, BK_TABLE_BOTTOM);
          visible = FALSE;
        }

      bk_table_move_sprite (self, &self->sprites[card], to, now,
                   MAX (self->pending_start[card], now), snap);
      self->pending_start[card] = 0;
      if (hidden_after && !bk_sprite_moving (&self->sprites[card], now))
        visible = FALSE;
      /* Dealt cards wait at the dealer until their packet comes. */
      if (now < self->sprites[card].start)
        face_up = FALSE;
      bk_card_view_set_face_up (BK_CARD_VIEW (view), face_up);
      bk_table_set_child_shown (view, visible && now >= self->cards_held_until);
      allocate_card (view, bk_sprite_now (&self->sprites[card], now), cw, ch);
    }

  if (self->sweep_after_landing)
    hold_after_landing (self, now);

  /* The look is over and its cards are back with their winner. */
  if (self->n_looked && now >= self->look_until)
    {
      gboolean moving = FALSE;

      for (guint i = 0; i < self->n_looked; i++)
        moving |= bk_sprite_moving (&self->sprites[self->looked[i]], now);
      if (!moving)
        {
          bk_table_end_look (self);
          bk_table_update_accessible_names (self);
        }
    }
  if (now < self->busy_until || self->sweep_at)
    bk_table_ensure_ticking (self);
}

void
bk_table_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  /* Readable from 360 px wide and 350 px high (a 1280x800 screen at scale 2; the layout
   * test checks it); at home on a laptop screen. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = 340, *natural = 900;
  else
    *minimum = 350, *natural = 640;
}

static gboolean
is_bubble (BkTable   *self,
           GtkWidget *widget)
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (self->bubbles[s] == widget)
      return TRUE;
  return FALSE;
}

void
bk_table_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  BkTable *self = BK_TABLE (widget);
  GtkWidget *child;

  /* Cards in the order they lie: hands, then the trick (in play order) on top. */
  for (child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      gboolean in_trick = FALSE;

      /* The names and the rest come after the cards, once. */
      if (!BK_IS_CARD_VIEW (child))
        continue;
      for (guint i = 0; i < self->n_shown; i++)
        in_trick |= child == self->cards[self->shown[i]];
      for (guint i = 0; i < self->n_looked; i++)
        in_trick |= child == self->cards[self->looked[i]];
      if (!in_trick)
        gtk_widget_snapshot_child (widget, child, snapshot);
    }
  /* A trick of five or more seats from the left, so every index shows. */
  if (self->n_seats > 4)
    for (guint slot = 0; slot < self->n_seats; slot++)
      for (guint i = 0; i < self->n_shown; i++)
        {
          if (bk_table_layout_trick_slot (&self->layout, self->shown_seat[i]) == slot &&
              self->cards[self->shown[i]])
            gtk_widget_snapshot_child (widget, self->cards[self->shown[i]], snapshot);
        }
  else
    for (guint i = 0; i < self->n_shown; i++)
      if (self->cards[self->shown[i]])
        gtk_widget_snapshot_child (widget, self->cards[self->shown[i]], snapshot);
  /* The trick looked at again over the one under way, in the same order. */
  if (self->n_seats > 4)
    for (guint slot = 0; slot < self->n_seats; slot++)
      for (guint i = 0; i < self->n_looked; i++)
        {
          if (bk_table_layout_trick_slot (&self->layout, self->looked_seat[i]) == slot &&
              self->cards[self->looked[i]])
            gtk_widget_snapshot_child (widget, self->cards[self->looked[i]], snapshot);
        }
  else
    for (guint i = 0; i < self->n_looked; i++)
      if (self->cards[self->looked[i]])
        gtk_widget_snapshot_child (widget, self->cards[self->looked[i]], snapshot);
  /* The decoration's own widgets, then the names and speech above every card. */
  for (child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (!BK_IS_CARD_VIEW (child) && !BK_IS_NAME_TAG (child) && !is_bubble (self, child) &&
        child != self->look_caption)
      gtk_widget_snapshot_child (widget, child, snapshot);
  for (guint s = 0; s < self->n_seats; s++)
    gtk_widget_snapshot_child (widget, self->tags[s], snapshot);
  for (guint s = 0; s < self->n_seats; s++)
    gtk_widget_snapshot_child (widget, self->bubbles[s], snapshot);
  gtk_widget_snapshot_child (widget, self->look_caption, snapshot);
}

/* Places @view, a card view of the decoration's, at @place at the table's card size. */
void
bk_table_allocate_card (BkTable   *self,
                        GtkWidget *view,
                        BkPlace    place)
{
  g_return_if_fail (BK_IS_TABLE (self));

  allocate_card (view, place, (int) self->layout.card_width, (int) self->layout.card_height);
}
