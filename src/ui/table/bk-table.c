/* bk-table.c: the card table. It reads the game and listens to its signals; every card is a
 * BkCardView child that the table places, and moves smoothly when its place changes: dealt
 * from the dealer, played into the trick, swept to the winner. The table holds no rules: it
 * asks the engine which cards are legal and why not, and reports a chosen card with the
 * "card-activated" signal. Where everything lies at a given size is bk-table-layout.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bk-card-view.h"
#include "bk-game-query.h"
#include "bk-name-tag.h"
#include "bk-table-decoration.h"
#include "bk-table-layout.h"
#include "bk-table-private.h"

#define MOVE_USEC (G_USEC_PER_SEC * 35 / 100)
#define DEAL_STEP_USEC (G_USEC_PER_SEC * 6 / 100)
#define TRICK_HOLD_USEC (G_USEC_PER_SEC * 13 / 10)
/* The last trick of a hand lies open this long before the result is shown. */
#define LAST_TRICK_HOLD_USEC (G_USEC_PER_SEC * 2)
/* A trick looked at again lies open at least this long, whatever the pace. */
#define LOOK_USEC (G_USEC_PER_SEC * 3)
#define BUBBLE_USEC (G_USEC_PER_SEC * 3)

struct _BkTable
{
  GtkWidget    parent_instance;

  BkGame      *game;
  BkCardTheme *theme;
  double       speed;

  GtkWidget   *cards[BK_N_CARDS];
  BkSprite     sprites[BK_N_CARDS];
  gint64       pending_start[BK_N_CARDS]; /* a delayed start for the next move, or 0 */

  /* The trick as shown, which outlives the model's trick until it is swept away. */
  BkCard       shown[BK_MAX_SEATS];
  guint8       shown_seat[BK_MAX_SEATS];
  guint        n_shown;
  BkSeat       shown_winner;
  gint64       sweep_at;
  gboolean     keep_trick; /* the hand's last trick: it stays until the next deal */
  BkHand       gone;   /* cards swept off the table in this hand */
  /* The last trick looked at again (L) while the next one is under way: it lies on top
   * of the middle until look_until, then goes back to its winner. */
  BkCard       looked[BK_MAX_SEATS];
  guint8       looked_seat[BK_MAX_SEATS];
  guint        n_looked;
  BkSeat       looked_winner;
  gint64       look_until;
  GtkWidget   *look_caption; /* over a trick looked at again: whose it is */
  gint64       caption_until;

  /* What the game's decoration shows (e.g. a seating ceremony) keeps the cards off the
   * table until then: the first deal waits for it. */
  gint64       cards_held_until;
  /* The names walk to new seats: the one now at seat s from walk_from[s]. */
  gint64       walk_start;
  gint64       walk_duration;
  guint8       walk_from[BK_MAX_SEATS];

  BkTableDecoration *decoration; /* the game's marks on the table, or NULL */
  GtkWidget   *tags[BK_MAX_SEATS]; /* BkNameTag */
  GtkWidget   *bubbles[BK_MAX_SEATS];
  gint64       bubble_until[BK_MAX_SEATS];
  char        *person[BK_MAX_SEATS];
  char        *seat_names[BK_MAX_SEATS]; /* the game's names for seats nobody named */
  guint        n_seats;    /* the game's, 4 without one */
  BkHand       aside;      /* the cards laid aside at this deal (H6.1) */
  BkTableCorners corners;  /* kept free for the window, or the decoration's widgets */
  gboolean     corners_set; /* by the window, for good */

  BkCard       order[BK_N_CARDS]; /* South's hand as shown, sorted */
  guint        n_order;
  guint        focus_index;

  int          last_width;
  int          last_height;
  BkTableLayout layout;   /* where everything goes at the current size */
  BkTableCorners layout_corners;             /* and what it was made for beyond the */
  double       layout_tags[BK_MAX_SEATS][2]; /* layout's own fields: corners, tag sizes */
  gboolean     layout_stale;
  int          card_width;
  gint64       busy_until;
  gint64       hold_until; /* something to read (a trick, a doubling) until then */
  /* The table's clock, which every time above is on: it stands still while the table is
   * paused (a window of ours over it), so nothing moves unseen and nothing is missed. */
  gint64       paused_at;  /* on the monotonic clock; 0 when not paused */
  gint64       paused_for; /* all the pauses so far */
  gboolean     my_turn;    /* South's turn to play, as last seen */
  guint        tick_id;
  guint        refresh_id; /* a refresh queued for a change of the model */
  guint        n_refreshes; /* for the tests: refreshes so far */
  GtkDropTarget *drop;
};

G_DEFINE_FINAL_TYPE (BkTable, bk_table, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CARD_ACTIVATED,
  SIGNAL_DISMISSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gint64
scaled (BkTable *self,
        gint64   usec)
{
  if (self->speed <= 0)
    return 0;
  return (gint64) (usec / self->speed);
}

static gboolean
animations_enabled (BkTable *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled && self->speed > 0;
}

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
  if (!sprite->placed || snap || !animations_enabled (self))
    {
      sprite->from = sprite->to = to;
      sprite->duration = 0;
      sprite->placed = TRUE;
      return;
    }
  sprite->from = bk_sprite_now (sprite, now);
  sprite->to = to;
  sprite->start = MAX (start, now);
  sprite->duration = scaled (self, MOVE_USEC);
  self->busy_until = MAX (self->busy_until, sprite->start + sprite->duration);
}

/* The table's clock (see paused_at). */
static gint64
now_of (BkTable *self)
{
  return (self->paused_at ? self->paused_at : g_get_monotonic_time ()) - self->paused_for;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  BkTable *self = BK_TABLE (widget);
  gint64 now = now_of (self);
  gboolean more;

  /* Frozen: bk_table_set_paused() starts ticking again. */
  if (self->paused_at)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  more = now < self->busy_until || now < self->hold_until ||
                  (self->sweep_at && now < self->sweep_at + 1);

  for (guint s = 0; s < self->n_seats; s++)
    if (self->bubble_until[s] && now >= self->bubble_until[s])
      {
        self->bubble_until[s] = 0;
        gtk_widget_set_visible (self->bubbles[s], FALSE);
      }
    else if (self->bubble_until[s])
      more = TRUE;

  gtk_widget_queue_allocate (widget);
  if (more || (self->cards_held_until && now < self->cards_held_until + 1))
    return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

static void
ensure_ticking (BkTable *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
}

static GtkWidget *
card_widget (BkTable *self,
             BkCard   card)
{
  if (self->cards[card] == NULL)
    {
      self->cards[card] = bk_card_view_new (self->theme, card);
      gtk_widget_set_parent (self->cards[card], GTK_WIDGET (self));
      gtk_widget_set_child_visible (self->cards[card], FALSE);
    }
  return self->cards[card];
}

static gboolean
in_play (BkTable *self)
{
  BkPhase phase = self->game ? bk_game_get_phase (self->game) : BK_PHASE_NEW;
  return phase != BK_PHASE_NEW;
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

static void focus_card (BkTable *self, guint index);

static void
update_card_states (BkTable *self)
{
  g_auto (BkOptions) options = { 0, };
  BkHand legal = 0;
  gboolean my_turn;

  if (!in_play (self))
    return;
  my_turn = bk_game_get_card_options (self->game, BK_SEAT_S, &options);
  for (guint i = 0; i < options.n; i++)
    if (options.options[i].action.type == BK_ACTION_PLAY && options.options[i].legal)
      legal |= BK_HAND_BIT (options.options[i].action.arg);

  self->n_order = bk_game_get_hand_sorted (self->game, BK_SEAT_S, self->order);
  /* The fan lies from the left, each card on the one before: so it is drawn and so a
   * click finds it, whatever order the cards came to the table in. */
  for (guint i = 1; i < self->n_order; i++)
    if (gtk_widget_get_prev_sibling (card_widget (self, self->order[i])) !=
        card_widget (self, self->order[i - 1]))
      {
        for (guint k = 0; k < self->n_order; k++)
          gtk_widget_insert_before (self->cards[self->order[k]], GTK_WIDGET (self), NULL);
        break;
      }
  if (self->focus_index >= self->n_order)
    self->focus_index = self->n_order ? self->n_order - 1 : 0;
  /* Enter never tries an illegal card: the focus starts each turn on a legal one. */
  if (my_turn && self->n_order && !bk_hand_has (legal, self->order[self->focus_index]))
    for (guint i = 0; i < self->n_order; i++)
      if (bk_hand_has (legal, self->order[i]))
        {
          self->focus_index = i;
          break;
        }

  for (guint i = 0; i < self->n_order; i++)
    {
      BkCard card = self->order[i];
      GtkWidget *view = card_widget (self, card);
      g_autofree char *name = bk_card_display_name (card);
      g_autofree char *label = NULL;
      const char *reason = NULL;

      if (my_turn && !bk_hand_has (legal, card))
        for (guint k = 0; k < options.n; k++)
          if (options.options[k].action.type == BK_ACTION_PLAY &&
              options.options[k].action.arg == card)
            reason = options.options[k].reason;
      bk_card_view_set_dimmed (BK_CARD_VIEW (view), reason != NULL);
      gtk_widget_set_tooltip_text (view, reason);
      gtk_widget_set_focusable (view, TRUE);
      label = bk_game_is_trump (self->game, card)
              /* Translators: the accessible name of a card in hand, e.g. "Ober of Hearts, trump" */
              ? g_strdup_printf (_("%s, trump"), name) : g_strdup (name);
      bk_card_view_set_labels (BK_CARD_VIEW (view), label, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (view),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      reason ? reason : "", -1);
    }

  /* A played card takes no focus with it into the trick: the focus stays in the hand. */
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

    if (focus && BK_IS_CARD_VIEW (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (self) &&
        bk_game_get_holder (self->game, bk_card_view_get_card (BK_CARD_VIEW (focus))) != BK_SEAT_S)
      {
        if (self->n_order)
          focus_card (self, self->focus_index);
        else
          gtk_widget_grab_focus (GTK_WIDGET (self));
      }
  }

  if (my_turn && !self->my_turn)
    {
      self->my_turn = TRUE;
      bk_table_focus_hand (self);
    }
  self->my_turn = my_turn;
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

static void update_accessible_names (BkTable *self);
static const char *person_at (BkTable *self, guint seat);

/* Where @card lies in the trick looked at again, or G_MAXUINT. */
static guint
looked_index (BkTable *self,
              BkCard   card)
{
  for (guint i = 0; i < self->n_looked; i++)
    if (self->looked[i] == card)
      return i;
  return G_MAXUINT;
}

static void
end_look (BkTable *self)
{
  self->n_looked = 0;
  self->look_until = 0;
  self->looked_winner = BK_SEAT_NONE;
  self->caption_until = 0;
}

/* The caption of a trick looked at again, above the trick (below it, where the names
 * leave room only there), while the look lasts. */
static void
allocate_caption (BkTable *self,
                  gint64   now)
{
  BkRect trick = { self->layout.middle_x, self->layout.middle_y, 0, 0 };
  int w, h;
  double x, y;

  if (!gtk_widget_get_visible (self->look_caption))
    return;
  gtk_widget_set_child_visible (self->look_caption, now < self->caption_until);
  for (guint s = 0; s < self->n_seats; s++)
    {
      BkQuad q = bk_table_layout_card_quad (&self->layout,
                                            bk_table_layout_trick (&self->layout, s, 0));
      BkRect r = bk_quad_bounds (&q);
      double right = MAX (trick.x + trick.width, r.x + r.width);
      double bottom = MAX (trick.y + trick.height, r.y + r.height);

      trick.x = MIN (trick.x, r.x);
      trick.y = MIN (trick.y, r.y);
      trick.width = right - trick.x;
      trick.height = bottom - trick.y;
    }
  gtk_widget_measure (self->look_caption, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  w = MIN (w, (int) self->layout.width - 24);
  gtk_widget_measure (self->look_caption, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  x = CLAMP (self->layout.middle_x - w / 2.0, 12, MAX (12, self->layout.width - 12 - w));
  y = trick.y - 6 - h;
  {
    BkRect above = { x, y, w, h }, below = { x, trick.y + trick.height + 6, w, h };
    BkRect hand = bk_table_layout_hand_bounds (&self->layout, 0, MAX (self->n_order, 1),
                                               BK_TABLE_LAYOUT_LIFT_MAX);
    gboolean above_free = y >= 6, below_free = !bk_rects_intersect (&below, &hand);

    for (guint s = 0; s < self->n_seats; s++)
      {
        BkRect tag = bk_table_layout_tag (&self->layout, s);

        above_free = above_free && !bk_rects_intersect (&above, &tag);
        below_free = below_free && !bk_rects_intersect (&below, &tag);
      }
    if (!above_free && below_free)
      y = below.y;
  }
  gtk_widget_size_allocate (self->look_caption, &(GtkAllocation) { x, y, w, h }, -1);
}

/* Says whose the trick looked at again is, until @until. */
static void
show_caption (BkTable *self,
              BkSeat   winner,
              gint64   until)
{
  g_autofree char *text = winner == BK_SEAT_S
                          /* Translators: over the last trick, looked at again (L) */
                          ? g_strdup (_("The last trick, taken by you"))
                          /* Translators: over the last trick, looked at again (L) */
                          : g_strdup_printf (_("The last trick, taken by %s"),
                                             person_at (self, winner));

  gtk_label_set_text (GTK_LABEL (self->look_caption), text);
  gtk_widget_set_visible (self->look_caption, TRUE);
  self->caption_until = until;
}

static void
bk_table_size_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  BkTable *self = BK_TABLE (widget);
  gint64 now = now_of (self);
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
  if (in_play (self))
    {
      BkCard dealt[BK_N_CARDS];

      hand_cards = MAX (bk_game_get_deal_order (self->game, BK_SEAT_S, dealt, NULL), 1);
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
  allocate_caption (self, now);
  if (self->decoration && BK_TABLE_DECORATION_GET_CLASS (self->decoration)->allocate)
    BK_TABLE_DECORATION_GET_CLASS (self->decoration)->allocate (self->decoration, self,
                                                                &self->layout, now, snap);

  if (!in_play (self))
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
      if (seat == BK_SEAT_S)
        {
          guint i = 0;
          while (i < self->n_order && self->order[i] != card)
            i++;
          double lift = 0;

          face_up = TRUE;
          if (bk_game_get_phase (self->game) == BK_PHASE_PLAYING &&
              bk_game_get_to_act (self->game) == BK_SEAT_S &&
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
      else if (looked_index (self, card) != G_MAXUINT)
        {
          guint i = looked_index (self, card);

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
          to = bk_table_layout_pile (&self->layout, BK_SEAT_S);
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
      gtk_widget_set_child_visible (view, visible && now >= self->cards_held_until);
      allocate_card (view, bk_sprite_now (&self->sprites[card], now), cw, ch);
    }

  /* The look is over and its cards are back with their winner. */
  if (self->n_looked && now >= self->look_until)
    {
      gboolean moving = FALSE;

      for (guint i = 0; i < self->n_looked; i++)
        moving |= bk_sprite_moving (&self->sprites[self->looked[i]], now);
      if (!moving)
        {
          end_look (self);
          update_accessible_names (self);
        }
    }
  if (now < self->busy_until || self->sweep_at)
    ensure_ticking (self);
}

static void
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

static void
bk_table_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  BkTable *self = BK_TABLE (widget);
  GtkWidget *child;

  /* Cards in the order they lie: hands, then the trick (in play order) on top. */
  for (child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
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
  for (child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (!BK_IS_CARD_VIEW (child) && !BK_IS_NAME_TAG (child) && !is_bubble (self, child) &&
        child != self->look_caption)
      gtk_widget_snapshot_child (widget, child, snapshot);
  for (guint s = 0; s < self->n_seats; s++)
    gtk_widget_snapshot_child (widget, self->tags[s], snapshot);
  for (guint s = 0; s < self->n_seats; s++)
    gtk_widget_snapshot_child (widget, self->bubbles[s], snapshot);
  gtk_widget_snapshot_child (widget, self->look_caption, snapshot);
}

/* Who sits at @seat: the name the window gave, else the game's name for the seat. */
static const char *
person_at (BkTable *self,
           guint    seat)
{
  if (seat < BK_MAX_SEATS && self->person[seat])
    return self->person[seat];
  if (seat < BK_MAX_SEATS && self->seat_names[seat])
    return self->seat_names[seat];
  return "";
}

/* The decoration follows what the table shows. */
static void
refresh_decoration (BkTable  *self,
                    gboolean  animate)
{
  if (self->decoration && BK_TABLE_DECORATION_GET_CLASS (self->decoration)->refresh)
    BK_TABLE_DECORATION_GET_CLASS (self->decoration)->refresh (self->decoration, self, animate);
}

static void
update_names (BkTable *self)
{
  BkSeat dealer = self->game ? bk_game_get_dealer (self->game) : BK_SEAT_NONE;
  BkSeat to_act = self->game ? bk_game_get_to_act (self->game) : BK_SEAT_NONE;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    gtk_widget_set_visible (self->tags[s], s < self->n_seats);
  for (guint s = 0; s < self->n_seats; s++)
    {
      BkNameTag *tag = BK_NAME_TAG (self->tags[s]);
      g_autofree char *text = NULL;
      const char *name = person_at (self, s);

      if (s == dealer)
        /* Translators: a player's name with the dealer's mark, e.g. "Gretl · dealer" */
        text = g_strdup_printf (_("%s · dealer"), name);
      else
        text = g_strdup (name);
      bk_name_tag_set_text (tag, text);
      bk_name_tag_set_to_act (tag, s == to_act);
    }
}

/* @view is one a screen reader reads (else it speaks for none: a card of a hand another
 * card names, or one swept off the table). */
static void
set_presented (GtkWidget *view,
               gboolean   presented)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_STATE_HIDDEN, !presented,
                               -1);
}

/* Face-down @cards as one thing a screen reader reads, @label, on the first of them. */
static void
name_pile (BkTable      *self,
           const BkCard *cards,
           guint         n,
           const char   *label)
{
  gboolean first = TRUE;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *view = self->cards[cards[i]];

      if (view == NULL)
        continue;
      bk_card_view_set_labels (BK_CARD_VIEW (view), NULL, label);
      set_presented (view, first);
      first = FALSE;
    }
}

/* What a screen reader says for the cards that are not the person's: each other hand as
 * one, by whose it is and how many cards it holds; the trick's cards by name and who
 * played them. */
static void
update_accessible_names (BkTable *self)
{
  if (!in_play (self))
    return;
  for (guint i = 0; i < self->n_order; i++)
    if (self->cards[self->order[i]])
      set_presented (self->cards[self->order[i]], TRUE);
  for (guint s = 1; s < self->n_seats; s++)
    {
      BkCard sorted[BK_N_CARDS];
      guint n = bk_game_get_hand_sorted (self->game, (BkSeat) s, sorted);
      const char *who = person_at (self, s);
      /* Translators: the accessible name of a player's face-down hand, e.g. "Sepp’s hand,
       * 4 cards" */
      g_autofree char *label = g_strdup_printf (ngettext ("%s’s hand, %u card",
                                                          "%s’s hand, %u cards", n), who, n);

      name_pile (self, sorted, n, label);
    }
  /* H6.1: the cards out of play, by how many. */
  if (self->aside)
    {
      BkCard aside[BK_N_CARDS];
      guint n = 0;
      g_autofree char *label = NULL;

      for (BkHand rest = self->aside; rest; rest &= rest - 1)
        aside[n++] = bk_hand_first (rest);
      /* Translators: the accessible name of the cards laid aside face down, out of play */
      label = g_strdup_printf (ngettext ("Laid aside, %u card", "Laid aside, %u cards", n), n);
      name_pile (self, aside, n, label);
    }
  /* Swept off the table: nothing to read, unless looked at again. */
  for (BkHand rest = self->gone; rest; rest &= rest - 1)
    if (self->cards[bk_hand_first (rest)])
      set_presented (self->cards[bk_hand_first (rest)],
                     looked_index (self, bk_hand_first (rest)) != G_MAXUINT);
  for (guint i = 0; i < self->n_looked; i++)
    if (self->cards[self->looked[i]])
      {
        g_autofree char *name = bk_card_display_name (self->looked[i]);
        g_autofree char *label = NULL;

        if (self->looked_seat[i] == BK_SEAT_S)
          label = g_strdup_printf (_("%s, played by you"), name);
        else
          label = g_strdup_printf (_("%s, played by %s"), name,
                                   person_at (self, self->looked_seat[i]));
        bk_card_view_set_labels (BK_CARD_VIEW (self->cards[self->looked[i]]), label, label);
      }
  for (guint i = 0; i < self->n_shown; i++)
    {
      BkCard card = self->shown[i];
      guint seat = self->shown_seat[i];
      g_autofree char *name = bk_card_display_name (card);
      g_autofree char *label = NULL;

      if (self->cards[card] == NULL)
        continue;
      if (seat == BK_SEAT_S)
        /* Translators: the accessible name of the person's card in the trick */
        label = g_strdup_printf (_("%s, played by you"), name);
      else
        /* Translators: a card in the trick, e.g. "Ober of Hearts, played by Sepp" */
        label = g_strdup_printf (_("%s, played by %s"), name,
                                 person_at (self, seat));
      bk_card_view_set_labels (BK_CARD_VIEW (self->cards[card]), label, label);
      set_presented (self->cards[card], !bk_hand_has (self->gone, card));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cards[card]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
    }
}

static void
refresh (BkTable *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->n_refreshes++;
  update_card_states (self);
  update_names (self);
  refresh_decoration (self, TRUE);
  update_accessible_names (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static gboolean
refresh_cb (gpointer user_data)
{
  BkTable *self = user_data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* One change of the model tells of itself in several signals (a card played, the trick
 * completed, whose turn it is, the phase): the table refreshes once for all of them,
 * when the model is done (before the next frame is drawn, its idle comes first), or at
 * once where someone asks the table what the refresh would change (flush_refresh()). */
static void
queue_refresh (BkTable *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refresh_cb, self, NULL);
}

static void
flush_refresh (BkTable *self)
{
  if (self->refresh_id != 0)
    refresh (self);
}

static void
sweep_now (BkTable *self)
{
  if (self->n_shown == 0)
    return;
  for (guint i = 0; i < self->n_shown; i++)
    self->gone |= BK_HAND_BIT (self->shown[i]);
  self->n_shown = 0;
  self->sweep_at = 0;
  self->keep_trick = FALSE;
  self->shown_winner = BK_SEAT_NONE;
}

static void
card_played_cb (BkTable *self,
                guint    seat,
                guint    card)
{
  /* A new trick sweeps away the last one at once, and ends a look at the one before. */
  if (self->n_shown == self->n_seats)
    sweep_now (self);
  end_look (self);
  self->shown[self->n_shown] = (BkCard) card;
  self->shown_seat[self->n_shown] = (guint8) seat;
  self->n_shown++;
  self->shown_winner = BK_SEAT_NONE;
  card_widget (self, (BkCard) card);
  /* The card starts to move at the next allocation; until then the table is busy with it
   * already, so that nothing that waits for the table (the Retour offer of B3.6, the next
   * computer player) comes before the card is seen. */
  if (animations_enabled (self))
    self->busy_until = MAX (self->busy_until, now_of (self) + scaled (self, MOVE_USEC));
  queue_refresh (self);
}

static void
trick_completed_cb (BkTable *self,
                    guint    winner,
                    guint    points)
{
  gint64 now = now_of (self);

  self->shown_winner = (BkSeat) winner;
  if (bk_game_is_last_trick_done (self->game))
    {
      /* The last trick stays on the table; the result waits a while for it. */
      self->keep_trick = TRUE;
      self->sweep_at = 0;
      self->hold_until = MAX (self->hold_until, now + scaled (self, LAST_TRICK_HOLD_USEC));
    }
  else
    {
      self->sweep_at = now + scaled (self, TRICK_HOLD_USEC);
      self->busy_until = MAX (self->busy_until, self->sweep_at + scaled (self, MOVE_USEC));
    }
  ensure_ticking (self);
  queue_refresh (self);
}

static void
end_walk (BkTable *self)
{
  self->cards_held_until = 0;
  self->walk_start = 0;
  self->walk_duration = 0;
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    self->walk_from[s] = (guint8) s;
}

/* A layout for the game's number of seats at once, for a deal before the next allocation
 * (which makes it again with the names' sizes). */
static void
layout_for_seats (BkTable *self)
{
  bk_table_layout_init_with (&self->layout, self->n_seats,
                             self->last_width > 0 ? self->last_width : 900,
                             self->last_height > 0 ? self->last_height : 640,
                             self->layout.aspect, 5, NULL, NULL, self->corners);
  self->layout_stale = TRUE;
}

/* @card waits at the dealer, face down, and leaves for its place at @when. */
static void
deal_card (BkTable *self,
           BkCard   card,
           guint    dealer,
           gint64   when)
{
  GtkWidget *view = card_widget (self, card);
  BkSprite *sprite = &self->sprites[card];
  BkPlace from;

  if (self->layout.n_seats != self->n_seats)
    layout_for_seats (self);
  from = bk_table_layout_anchor (&self->layout, dealer);

  from.angle = 0;
  from.scale = self->layout.trick_scale * 0.6;
  sprite->from = sprite->to = from;
  sprite->duration = 0;
  sprite->placed = TRUE;
  self->pending_start[card] = when;
  bk_card_view_set_face_up (BK_CARD_VIEW (view), FALSE);
}

static void
hand_dealt_cb (BkTable *self,
               guint    dealer)
{
  gint64 start = MAX (now_of (self), self->cards_held_until);
  guint last_step = 0;
  BkCard cards[BK_N_CARDS];
  guint8 packets[BK_N_CARDS];

  self->n_shown = 0;
  self->sweep_at = 0;
  self->keep_trick = FALSE;
  self->hold_until = 0;
  self->gone = 0;
  end_look (self);
  self->shown_winner = BK_SEAT_NONE;

  /* Every card starts at the dealer and is dealt in packets (B2.3, H2.1): the first
   * packet to every seat clockwise from the dealer's left, then the second; the view
   * shows each seat's cards of a packet in one go. */
  for (guint k = 1; k <= self->n_seats; k++)
    {
      BkSeat seat = (BkSeat) ((dealer + k) % self->n_seats);
      guint n = bk_game_get_deal_order (self->game, seat, cards, packets);
      guint per_packet = 1, in_packet = 0;

      /* The largest packet sets the beat (Bierkopf's 3 of 2+3, Herzla's 4 or 2). */
      for (guint i = 0; i < n; i++)
        {
          in_packet = i > 0 && packets[i] == packets[i - 1] ? in_packet + 1 : 1;
          per_packet = MAX (per_packet, in_packet);
        }
      for (guint i = 0; i < n; i++)
        {
          guint step = packets[i] * self->n_seats * per_packet + (k - 1) * per_packet +
                       i % per_packet;

          deal_card (self, cards[i], dealer, start + scaled (self, DEAL_STEP_USEC) * step);
          last_step = MAX (last_step, step + 1);
        }
    }
  /* H6.1: the rest goes aside, face down by the dealer, last. */
  self->aside = bk_game_get_aside (self->game);
  for (BkHand rest = self->aside; rest; rest &= rest - 1)
    deal_card (self, bk_hand_first (rest), dealer,
               start + scaled (self, DEAL_STEP_USEC) * last_step);
  if (self->aside)
    last_step++;
  self->busy_until = MAX (self->busy_until,
                          start + scaled (self, DEAL_STEP_USEC) * last_step +
                          scaled (self, MOVE_USEC));
  for (guint s = 0; s < self->n_seats; s++)
    {
      self->bubble_until[s] = 0;
      gtk_widget_set_visible (self->bubbles[s], FALSE);
    }
  ensure_ticking (self);
  queue_refresh (self);
}

static void
game_changed_cb (BkTable *self)
{
  queue_refresh (self);
}

static void
disconnect_game (BkTable *self)
{
  if (self->game == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
}

/* The decoration takes its widgets away and lets the game go. */
static void
drop_decoration (BkTable *self)
{
  g_autoptr (BkTableDecoration) decoration = g_steal_pointer (&self->decoration);

  if (decoration && BK_TABLE_DECORATION_GET_CLASS (decoration)->detach)
    BK_TABLE_DECORATION_GET_CLASS (decoration)->detach (decoration, self);
}

static void
bk_table_dispose (GObject *object)
{
  BkTable *self = BK_TABLE (object);
  GtkWidget *child;

  drop_decoration (self);
  disconnect_game (self);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  memset (self->cards, 0, sizeof self->cards);
  memset (self->tags, 0, sizeof self->tags);
  memset (self->bubbles, 0, sizeof self->bubbles);
  self->look_caption = NULL;
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (bk_table_parent_class)->dispose (object);
}

static void
bk_table_finalize (GObject *object)
{
  BkTable *self = BK_TABLE (object);

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      g_free (self->person[s]);
      g_free (self->seat_names[s]);
    }

  G_OBJECT_CLASS (bk_table_parent_class)->finalize (object);
}

/* The card of South's hand whose view is @widget, or BK_CARD_NONE. */
static BkCard
card_of_widget (BkTable   *self,
                GtkWidget *widget)
{
  for (guint i = 0; i < self->n_order; i++)
    if (self->cards[self->order[i]] == widget)
      return self->order[i];
  return BK_CARD_NONE;
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   BkTable         *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  BkCard card;

  flush_refresh (self);
  while (picked && !BK_IS_CARD_VIEW (picked))
    picked = gtk_widget_get_parent (picked);
  card = picked ? card_of_widget (self, picked) : BK_CARD_NONE;
  /* A click beside the own hand moves on from a trick or doubling being shown. */
  if (card == BK_CARD_NONE)
    {
      bk_table_dismiss (self);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_CARD_ACTIVATED], 0, (guint) card);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 BkTable       *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  BkCard card;

  flush_refresh (self);
  while (picked && !BK_IS_CARD_VIEW (picked))
    picked = gtk_widget_get_parent (picked);
  card = picked ? card_of_widget (self, picked) : BK_CARD_NONE;
  if (card == BK_CARD_NONE)
    return NULL;
  gtk_drag_source_set_icon (source, gtk_widget_paintable_new (picked), 20, 20);
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) card);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BkTable       *self)
{
  /* Dropped anywhere above the own hand: played into the middle. */
  if (y > self->layout.hand_top)
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CARD_ACTIVATED], 0, g_value_get_uint (value));
  return TRUE;
}

static void
focus_card (BkTable *self,
            guint    index)
{
  if (self->n_order == 0)
    return;
  self->focus_index = MIN (index, self->n_order - 1);
  if (!gtk_widget_grab_focus (self->cards[self->order[self->focus_index]]))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static guint
focused_index (BkTable *self)
{
  for (guint i = 0; i < self->n_order; i++)
    if (gtk_widget_has_focus (self->cards[self->order[i]]))
      return i;
  return self->focus_index;
}

static gboolean
move_focus_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  BkTable *self = BK_TABLE (widget);
  int delta = g_variant_get_int32 (args);
  int index;

  flush_refresh (self);
  index = (int) focused_index (self) + delta;
  focus_card (self, (guint) CLAMP (index, 0, (int) self->n_order - 1));
  return TRUE;
}

static gboolean
activate_focused_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  BkTable *self = BK_TABLE (widget);

  flush_refresh (self);
  return bk_table_activate_card (self, focused_index (self));
}

/* Any key moves on from what the table holds; Enter and Space do nothing else while it is
 * not South's turn. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                BkTable               *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));

  flush_refresh (self);
  if (event && gdk_key_event_is_modifier (event))
    return FALSE;
  if (!bk_table_dismiss (self))
    return FALSE;
  return !self->my_turn && (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter ||
                            keyval == GDK_KEY_space);
}

static gboolean
activate_nth_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  return bk_table_activate_card (BK_TABLE (widget), (guint) g_variant_get_int32 (args));
}

static void
bk_table_class_init (BkTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bk_table_dispose;
  object_class->finalize = bk_table_finalize;
  widget_class->measure = bk_table_measure;
  widget_class->size_allocate = bk_table_size_allocate;
  widget_class->snapshot = bk_table_snapshot;

  /* (card): South chose a card, by click, drag, Enter or its number. */
  signals[SIGNAL_CARD_ACTIVATED] =
    g_signal_new ("card-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* The person moved on from what the table held (bk_table_dismiss()). */
  signals[SIGNAL_DISMISSED] =
    g_signal_new ("dismissed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, move_focus_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, move_focus_cb, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, activate_focused_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, activate_focused_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_space, 0, activate_focused_cb, NULL);
  /* Up to nine cards by their number (a Herzla hand holds up to twelve). */
  for (int i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, 0, activate_nth_cb, "i", i);
      gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_1 + i, 0, activate_nth_cb, "i", i);
    }

  gtk_widget_class_set_css_name (widget_class, "cardtable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bk_table_init (BkTable *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkDragSource *drag = gtk_drag_source_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->speed = 1.0;
  self->corners = BK_TABLE_CORNER_ALL;
  self->n_seats = BK_N_SEATS;
  self->shown_winner = BK_SEAT_NONE;
  /* A layout before the first allocation, for a deal that comes first. */
  bk_table_layout_init (&self->layout, BK_N_SEATS, 900, 640, 1.6, 5, NULL, NULL);
  self->layout_stale = TRUE;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      self->walk_from[s] = (guint8) s;
      self->tags[s] = bk_name_tag_new ();
      gtk_widget_set_parent (self->tags[s], GTK_WIDGET (self));

      self->bubbles[s] = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->bubbles[s]), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (self->bubbles[s]), 22);
      gtk_widget_add_css_class (self->bubbles[s], "bubble");
      gtk_widget_set_visible (self->bubbles[s], FALSE);
      gtk_widget_set_parent (self->bubbles[s], GTK_WIDGET (self));
    }
  self->look_caption = gtk_label_new (NULL);
  gtk_widget_set_name (self->look_caption, "look-caption");
  gtk_widget_add_css_class (self->look_caption, "bubble");
  gtk_widget_set_visible (self->look_caption, FALSE);
  gtk_widget_set_parent (self->look_caption, GTK_WIDGET (self));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (drag_prepare_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  self->drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (self->drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drop));
}

GtkWidget *
bk_table_new (void)
{
  return g_object_new (BK_TYPE_TABLE, NULL);
}

void
bk_table_set_game (BkTable *self,
                   BkGame  *game)
{
  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (game == NULL || BK_IS_GAME (game));

  drop_decoration (self);
  disconnect_game (self);
  end_walk (self);
  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      g_clear_pointer (&self->cards[card], gtk_widget_unparent);
      self->sprites[card] = (BkSprite) { 0 };
      self->pending_start[card] = 0;
    }
  self->n_shown = 0;
  self->sweep_at = 0;
  self->keep_trick = FALSE;
  self->hold_until = 0;
  end_look (self);
  self->my_turn = FALSE;
  self->gone = 0;
  self->n_order = 0;
  self->aside = 0;
  self->n_seats = BK_N_SEATS;
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_pointer (&self->seat_names[s], g_free);

  if (game == NULL)
    {
      refresh (self);
      return;
    }

  self->game = g_object_ref (game);
  self->n_seats = CLAMP (bk_game_get_n_seats (game), BK_TABLE_LAYOUT_MIN_SEATS,
                         BK_TABLE_LAYOUT_MAX_SEATS);
  for (guint s = 0; s < self->n_seats; s++)
    self->seat_names[s] = bk_seat_dup_display_name (bk_game_get_rules (game), s);
  /* Without a decoration the window's widgets cover both top corners; the decoration
   * says otherwise (bk_table_set_decoration()). */
  if (!self->corners_set)
    self->corners = BK_TABLE_CORNER_ALL;
  layout_for_seats (self);
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_connect_swapped (game, "card-played", G_CALLBACK (card_played_cb), self);
  g_signal_connect_swapped (game, "trick-completed", G_CALLBACK (trick_completed_cb), self);
  g_signal_connect_swapped (game, "notify::to-act", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify::dealer", G_CALLBACK (game_changed_cb), self);

  /* A game that is already under way (a resumed session): show it as it stands. */
  if (in_play (self))
    {
      BkCard trick[BK_MAX_SEATS];
      BkSeat seats[BK_MAX_SEATS];
      guint n = bk_game_get_table_trick (game, trick, seats);

      for (guint s = 0; s < self->n_seats; s++)
        for (BkHand rest = bk_game_get_cards (game, (BkSeat) s); rest; rest &= rest - 1)
          card_widget (self, bk_hand_first (rest));
      for (guint i = 0; i < n; i++)
        {
          card_widget (self, trick[i]);
          self->shown[i] = trick[i];
          self->shown_seat[i] = (guint8) seats[i];
        }
      self->n_shown = n;
      for (guint s = 0; s < self->n_seats; s++)
        self->gone |= bk_game_get_gone (game, (BkSeat) s);
      for (guint i = 0; i < self->n_shown; i++)
        self->gone &= ~BK_HAND_BIT (self->shown[i]);
      self->aside = bk_game_get_aside (game);
      for (BkHand rest = self->aside; rest; rest &= rest - 1)
        bk_card_view_set_face_up (BK_CARD_VIEW (card_widget (self, bk_hand_first (rest))), FALSE);
    }
  refresh (self);
}

/* @decoration (or none) puts the game's marks on the table for the session it shows now:
 * it follows the game until the table takes another game or decoration. */
void
bk_table_set_decoration (BkTable           *self,
                         BkTableDecoration *decoration)
{
  BkTableDecorationClass *klass;

  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (decoration == NULL || BK_IS_TABLE_DECORATION (decoration));
  g_return_if_fail (decoration == NULL || self->game != NULL);

  if (decoration == self->decoration)
    return;
  drop_decoration (self);
  if (!self->corners_set)
    self->corners = BK_TABLE_CORNER_ALL;
  if (decoration == NULL)
    {
      layout_for_seats (self);
      refresh (self);
      return;
    }
  self->decoration = g_object_ref (decoration);
  klass = BK_TABLE_DECORATION_GET_CLASS (decoration);
  if (!self->corners_set && klass->corners)
    self->corners = klass->corners (decoration, self->game);
  layout_for_seats (self);
  if (klass->set_animation_speed)
    klass->set_animation_speed (decoration, self->speed);
  if (klass->attach)
    klass->attach (decoration, self, self->game);
  flush_refresh (self);
  refresh_decoration (self, FALSE);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
bk_table_set_theme (BkTable     *self,
                    BkCardTheme *theme)
{
  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (BK_IS_CARD_THEME (theme));

  if (!g_set_object (&self->theme, theme))
    return;
  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      if (self->cards[card])
        bk_card_view_set_theme (BK_CARD_VIEW (self->cards[card]), theme);
    }
  /* And the decoration's cards. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child))
    if (BK_IS_CARD_VIEW (child))
      bk_card_view_set_theme (BK_CARD_VIEW (child), theme);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Which top corners the window covers with its own widgets (the coaster top left, the
 * hand's value top right), for the table to keep free from now on, whatever the game.
 * Without it the table keeps both for Bierkopf, the top right one (its stock) for the
 * four-player Herzla and none for the simple Herzla. */
void
bk_table_set_reserved_corners (BkTable        *self,
                               BkTableCorners  corners)
{
  g_return_if_fail (BK_IS_TABLE (self));

  self->corners = corners;
  self->corners_set = TRUE;
  self->layout_stale = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* @names: NULL-terminated, the people at seats 0, 1, … of any game (the person first); a
 * seat without one shows the game's name for it ("Player 5"). */
void
bk_table_set_player_names (BkTable            *self,
                           const char * const *names)
{
  guint s = 0;

  g_return_if_fail (BK_IS_TABLE (self));

  for (; names && names[s] && s < BK_MAX_SEATS; s++)
    {
      g_free (self->person[s]);
      self->person[s] = g_strdup (names[s]);
    }
  for (; s < BK_MAX_SEATS; s++)
    g_clear_pointer (&self->person[s], g_free);
  update_names (self);
  refresh_decoration (self, FALSE);
  update_accessible_names (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
bk_table_set_animation_speed (BkTable *self,
                              double   speed)
{
  g_return_if_fail (BK_IS_TABLE (self));
  self->speed = MAX (speed, 0.0);
  if (self->decoration && BK_TABLE_DECORATION_GET_CLASS (self->decoration)->set_animation_speed)
    BK_TABLE_DECORATION_GET_CLASS (self->decoration)->set_animation_speed (self->decoration,
                                                                           self->speed);
}

/* A speech bubble at @seat for a few seconds. */
void
bk_table_say (BkTable    *self,
              BkSeat      seat,
              const char *text)
{
  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (seat < self->n_seats);

  gtk_label_set_text (GTK_LABEL (self->bubbles[seat]), text);
  gtk_widget_set_visible (self->bubbles[seat], TRUE);
  self->bubble_until[seat] = now_of (self) + MAX (scaled (self, BUBBLE_USEC),
                                                            G_USEC_PER_SEC * 3 / 2);
  ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Until when the table is still showing something (a deal, a card in flight, a trick
 * before it is swept); a computer player waits for it. */
gint64
bk_table_get_busy_until (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  /* On the monotonic clock, as the callers count; while paused, as if it went on now. */
  return MAX (self->busy_until, self->hold_until) + g_get_monotonic_time () - now_of (self);
}

/* While @paused, what the table shows stands still (a deal, the seating draw, a card in
 * flight, a trick held for reading) and goes on from there when it is unpaused. */
void
bk_table_set_paused (BkTable  *self,
                     gboolean  paused)
{
  g_return_if_fail (BK_IS_TABLE (self));

  if (paused == (self->paused_at != 0))
    return;
  if (paused)
    {
      self->paused_at = g_get_monotonic_time ();
      return;
    }
  self->paused_for += g_get_monotonic_time () - self->paused_at;
  self->paused_at = 0;
  ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

gboolean
bk_table_is_paused (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return self->paused_at != 0;
}

/* Keeps the table busy for @usec at the normal pace (longer when slow), so that what it
 * shows now (a doubling, say) is read before anyone moves on; bk_table_dismiss() ends it. */
void
bk_table_hold (BkTable *self,
               gint64   usec)
{
  g_return_if_fail (BK_IS_TABLE (self));

  self->hold_until = MAX (self->hold_until, now_of (self) + scaled (self, usec));
  ensure_ticking (self);
}

/* A completed trick lies open in the middle (until it is swept to its winner, or until
 * the next deal for the last trick of a hand). */
gboolean
bk_table_is_trick_in_view (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);

  if (self->look_until > now_of (self))
    return TRUE;
  if (self->n_shown < self->n_seats || self->shown_winner == BK_SEAT_NONE)
    return FALSE;
  return self->keep_trick || self->sweep_at > now_of (self);
}

/* spec B4.5: the last trick taken comes back to the middle for a while (the engine says
 * whether South may look at it): onto the empty middle, or over the cards of the next
 * trick while that is under way. FALSE if there is none to look at. */
gboolean
bk_table_show_last_trick (BkTable *self)
{
  gint64 now = now_of (self);
  BkCard on_table[BK_MAX_SEATS];
  BkTrick trick;
  BkSeat winner;
  guint index;

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  flush_refresh (self);

  if (!in_play (self))
    return FALSE;
  if (bk_table_is_trick_in_view (self))
    return TRUE;
  if (bk_game_get_tricks_done (self->game) == 0)
    return FALSE;
  index = bk_game_get_tricks_done (self->game) - 1;
  if (!bk_game_may_view_trick (self->game, BK_SEAT_S, index) ||
      !bk_game_get_trick (self->game, index, &trick, &winner))
    return FALSE;

  if (bk_game_get_table_trick (self->game, on_table, NULL) > 0 ||
      self->n_shown % self->n_seats != 0)
    {
      /* The next trick is under way: the last one lies over it for the look. */
      for (guint i = 0; i < trick.n; i++)
        {
          self->looked[i] = trick.cards[i];
          self->looked_seat[i] = (guint8) ((trick.leader + i) % self->n_seats);
          card_widget (self, trick.cards[i]);
        }
      self->n_looked = trick.n;
      self->looked_winner = winner;
      self->look_until = now + MAX (scaled (self, TRICK_HOLD_USEC), LOOK_USEC);
      self->busy_until = MAX (self->busy_until, self->look_until + scaled (self, MOVE_USEC));
      show_caption (self, winner, self->look_until);
      update_accessible_names (self);
      ensure_ticking (self);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      return TRUE;
    }

  for (guint i = 0; i < trick.n; i++)
    {
      self->shown[i] = trick.cards[i];
      self->shown_seat[i] = (guint8) ((trick.leader + i) % self->n_seats);
      self->gone &= ~BK_HAND_BIT (trick.cards[i]);
      card_widget (self, trick.cards[i]);
    }
  self->n_shown = trick.n;
  self->shown_winner = winner;
  self->sweep_at = now + MAX (scaled (self, TRICK_HOLD_USEC), LOOK_USEC);
  show_caption (self, winner, self->sweep_at);
  /* Nobody plays on while the person looks. */
  self->busy_until = MAX (self->busy_until, self->sweep_at + scaled (self, MOVE_USEC));
  ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  return TRUE;
}

/* The table holds something for the person to read: a trick, a doubling. */
gboolean
bk_table_is_holding (BkTable *self)
{
  gint64 now = now_of (self);

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return self->hold_until > now || self->sweep_at > now || self->look_until > now;
}

/* The person has seen it (a click or a key): the held trick goes to its winner at once,
 * the hold ends, and "dismissed" tells who waits for it. FALSE if nothing was held. */
gboolean
bk_table_dismiss (BkTable *self)
{
  gint64 now = now_of (self);

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);

  if (!bk_table_is_holding (self))
    return FALSE;
  if (self->sweep_at > now)
    {
      self->sweep_at = now;
      self->busy_until = now + scaled (self, MOVE_USEC);
    }
  if (self->look_until > now)
    {
      self->look_until = now;
      self->busy_until = now + scaled (self, MOVE_USEC);
    }
  self->caption_until = 0;
  self->hold_until = 0;
  ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_DISMISSED], 0);
  return TRUE;
}

/* What the decoration shows before the cards (a seating ceremony) is being shown. */
gboolean
bk_table_is_seating (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return self->cards_held_until > now_of (self);
}

/* Gives the keyboard to South's hand, with a visible focus ring on the card arrows and
 * Enter start from: a legal one while it is South's turn. */
void
bk_table_focus_hand (BkTable *self)
{
  GtkRoot *root;

  g_return_if_fail (BK_IS_TABLE (self));
  flush_refresh (self);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (self->n_order == 0)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self));
      return;
    }
  /* A focused card of the hand keeps the focus unless it may not be played now. */
  for (guint i = 0; i < self->n_order; i++)
    if (gtk_widget_has_focus (self->cards[self->order[i]]) &&
        (!self->my_turn || bk_hand_has (bk_game_get_legal (self->game), self->order[i])))
      self->focus_index = i;
  focus_card (self, self->focus_index);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
}

/* Raises @card of South's hand: it takes the keyboard focus, and so stands out of the
 * hand (e.g. a hint). FALSE when South does not hold it. */
gboolean
bk_table_raise_card (BkTable *self,
                     BkCard   card)
{
  GtkRoot *root;

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  flush_refresh (self);

  for (guint i = 0; i < self->n_order; i++)
    if (self->order[i] == card)
      {
        focus_card (self, i);
        root = gtk_widget_get_root (GTK_WIDGET (self));
        if (GTK_IS_WINDOW (root))
          gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
        gtk_widget_queue_allocate (GTK_WIDGET (self));
        return TRUE;
      }
  return FALSE;
}

/* The card of South's hand that has the keyboard focus, or BK_CARD_NONE. */
BkCard
bk_table_get_focus_card (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), BK_CARD_NONE);
  flush_refresh (self);

  for (guint i = 0; i < self->n_order; i++)
    if (gtk_widget_is_focus (self->cards[self->order[i]]))
      return self->order[i];
  return BK_CARD_NONE;
}

/* Plays the @index-th card of South's hand (0-based, as shown). */
gboolean
bk_table_activate_card (BkTable *self,
                        guint    index)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  flush_refresh (self);

  if (index >= self->n_order)
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CARD_ACTIVATED], 0, (guint) self->order[index]);
  return TRUE;
}

BkCardTheme *
bk_table_get_theme (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), NULL);
  return self->theme;
}

GtkWidget *
bk_table_get_card_widget (BkTable *self,
                          BkCard   card)
{
  g_return_val_if_fail (BK_IS_TABLE (self), NULL);
  flush_refresh (self);
  return card < BK_N_CARDS ? self->cards[card] : NULL;
}

/* Ends every running animation at once (tests, and "animations off"). */
void
bk_table_finish_animations (BkTable *self)
{
  g_return_if_fail (BK_IS_TABLE (self));

  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      self->sprites[card].duration = 0;
      self->sprites[card].start = 0;
      self->pending_start[card] = 0;
    }
  if (self->sweep_at)
    self->sweep_at = 1;
  if (self->look_until)
    self->look_until = 1;
  if (self->caption_until)
    self->caption_until = 1;
  if (self->cards_held_until)
    self->cards_held_until = 1;
  if (self->walk_start)
    self->walk_start = 1;
  self->walk_duration = 0;
  self->busy_until = 0;
  self->hold_until = 0;
  if (self->decoration && BK_TABLE_DECORATION_GET_CLASS (self->decoration)->finish_animations)
    BK_TABLE_DECORATION_GET_CLASS (self->decoration)->finish_animations (self->decoration, self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

guint
bk_table_get_n_refreshes (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  return self->n_refreshes;
}

/* What the table lets its decoration do (bk-table-decoration.h). */

guint
bk_table_get_n_seats (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  return self->n_seats;
}

BkNameTag *
bk_table_get_name_tag (BkTable *self,
                       guint    seat)
{
  g_return_val_if_fail (BK_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < BK_MAX_SEATS, NULL);
  return BK_NAME_TAG (self->tags[seat]);
}

/* Who sits at @seat, as the table names them. */
const char *
bk_table_get_person (BkTable *self,
                     guint    seat)
{
  g_return_val_if_fail (BK_IS_TABLE (self), "");
  return person_at (self, seat);
}

/* @widget lies on the table until bk_table_remove_widget() (or the table's end): a card
 * view among the cards, anything else above them, under the names. The decoration
 * allocates it. */
void
bk_table_add_widget (BkTable   *self,
                     GtkWidget *widget)
{
  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (gtk_widget_get_parent (widget) == NULL);

  gtk_widget_set_parent (widget, GTK_WIDGET (self));
}

void
bk_table_remove_widget (BkTable   *self,
                        GtkWidget *widget)
{
  g_return_if_fail (BK_IS_TABLE (self));
  g_return_if_fail (gtk_widget_get_parent (widget) == GTK_WIDGET (self));

  gtk_widget_unparent (widget);
}

/* The table's clock, which stands still while the table is paused: every time the table
 * and its decoration keep is on it. */
gint64
bk_table_get_clock (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  return now_of (self);
}

/* @usec at the table's pace (0 when animations are off). */
gint64
bk_table_scale_time (BkTable *self,
                     gint64   usec)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  return scaled (self, usec);
}

gboolean
bk_table_get_animates (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return animations_enabled (self);
}

double
bk_table_get_animation_speed (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 1.0);
  return self->speed;
}

/* The model changed in a way the table does not hear of itself: one refresh, as for the
 * table's own signals. */
void
bk_table_queue_refresh (BkTable *self)
{
  g_return_if_fail (BK_IS_TABLE (self));
  queue_refresh (self);
}

/* The table is busy (a computer player waits) and keeps drawing until @until. */
void
bk_table_keep_busy (BkTable *self,
                    gint64   until)
{
  g_return_if_fail (BK_IS_TABLE (self));

  self->busy_until = MAX (self->busy_until, until);
  ensure_ticking (self);
}

/* The cards stay off the table until @until, on the table's clock: the deal waits for
 * what the decoration shows first (bk_table_is_seating() says so meanwhile). */
void
bk_table_hold_cards (BkTable *self,
                     gint64   until)
{
  g_return_if_fail (BK_IS_TABLE (self));

  self->cards_held_until = until;
  bk_table_keep_busy (self, until);
}

/* The people change seats: the one at seat s goes to @moved[s]; the names walk there from
 * @start for @duration (at once if 0). */
void
bk_table_walk_people (BkTable      *self,
                      const guint8 *moved,
                      gint64        start,
                      gint64        duration)
{
  char *people[BK_MAX_SEATS] = { NULL };

  g_return_if_fail (BK_IS_TABLE (self));

  self->walk_start = start;
  self->walk_duration = duration;
  for (guint s = 0; s < self->n_seats; s++)
    {
      people[moved[s]] = self->person[s];
      self->walk_from[moved[s]] = (guint8) s;
    }
  memcpy (self->person, people, sizeof self->person[0] * self->n_seats);
  update_names (self);
  ensure_ticking (self);
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
