/* bk-table.c: the card table of any game. It reads the game and listens to its signals;
 * every card is a BkCardView child that the table places, and moves smoothly when its place
 * changes: dealt from the dealer, played into the trick, swept to the winner. The table
 * holds no rules: it asks the engine which cards are legal and why not, and reports a
 * chosen card with the "card-activated" signal. A change of the model refreshes it once.
 * What a game adds is its decoration (bk-table-decoration.h); where everything lies at a
 * given size is bk-table-layout.c's, and this frame bk-table-allocate.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-card-view.h"
#include "bk-game-query.h"
#include "bk-name-tag.h"
#include "bk-table-decoration.h"
#include "bk-table-layout.h"
#include "bk-table-private.h"

G_DEFINE_FINAL_TYPE (BkTable, bk_table, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CARD_ACTIVATED,
  SIGNAL_DISMISSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* South chose @card (bk-table-input.c). */
void
bk_table_emit_card_activated (BkTable *self,
                              BkCard   card)
{
  g_signal_emit (self, signals[SIGNAL_CARD_ACTIVATED], 0, (guint) card);
}

gint64
bk_table_scaled (BkTable *self,
                 gint64   usec)
{
  if (self->speed <= 0)
    return 0;
  return (gint64) (usec / self->speed);
}

gboolean
bk_table_animates (BkTable *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled && self->speed > 0;
}

/* The table's clock (see paused_at). */
gint64
bk_table_now (BkTable *self)
{
  return (self->paused_at ? self->paused_at : g_get_monotonic_time ()) - self->paused_for;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  BkTable *self = BK_TABLE (widget);
  gint64 now = bk_table_now (self);
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

void
bk_table_ensure_ticking (BkTable *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
}

/* @child is in the accessibility tree while it is drawn and the table presents it
 * (bk_table_set_child_presented(); a card of a hand another card names is not): a
 * screen reader read the seating draw's six cards, out of sight, with the first trick
 * (issue 34). Told only when it changes: the table calls this on every frame. */
static void
update_child_hidden (GtkWidget *child)
{
  gboolean hidden = !gtk_widget_get_child_visible (child) ||
                    g_object_get_data (G_OBJECT (child), "bk-not-presented") != NULL;
  int told = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "bk-hidden-told"));

  if (told == hidden + 1)
    return;
  gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
  g_object_set_data (G_OBJECT (child), "bk-hidden-told", GINT_TO_POINTER (hidden + 1));
}

/* Whether @child of the table is drawn now (a card still to be dealt, the seating draw's
 * once it is over: not). */
void
bk_table_set_child_shown (GtkWidget *child,
                          gboolean   shown)
{
  gtk_widget_set_child_visible (child, shown);
  update_child_hidden (child);
}

/* Whether a screen reader reads @child when it is drawn. */
void
bk_table_set_child_presented (GtkWidget *child,
                              gboolean   presented)
{
  g_object_set_data (G_OBJECT (child), "bk-not-presented", GINT_TO_POINTER (!presented));
  update_child_hidden (child);
}

GtkWidget *
bk_table_card_widget (BkTable *self,
                      BkCard   card)
{
  if (self->cards[card] == NULL)
    {
      self->cards[card] = bk_card_view_new (self->theme, card);
      gtk_widget_set_parent (self->cards[card], GTK_WIDGET (self));
      bk_table_set_child_shown (self->cards[card], FALSE);
    }
  return self->cards[card];
}

gboolean
bk_table_in_play (BkTable *self)
{
  BkPhase phase = self->game ? bk_game_get_phase (self->game) : BK_PHASE_NEW;
  return phase != BK_PHASE_NEW;
}

static void
update_card_states (BkTable *self)
{
  g_auto (BkOptions) options = { 0, };
  BkHand legal = 0;
  gboolean my_turn;

  if (!bk_table_in_play (self))
    return;
  my_turn = bk_game_get_card_options (self->game, BK_TABLE_BOTTOM, &options);
  for (guint i = 0; i < options.n; i++)
    if (options.options[i].action.type == BK_ACTION_PLAY && options.options[i].legal)
      legal |= BK_HAND_BIT (options.options[i].action.arg);

  self->n_order = bk_game_get_hand_sorted (self->game, BK_TABLE_BOTTOM, self->order);
  /* The fan lies from the left, each card on the one before: so it is drawn and so a
   * click finds it, whatever order the cards came to the table in. */
  for (guint i = 1; i < self->n_order; i++)
    if (gtk_widget_get_prev_sibling (bk_table_card_widget (self, self->order[i])) !=
        bk_table_card_widget (self, self->order[i - 1]))
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
      GtkWidget *view = bk_table_card_widget (self, card);
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
        bk_game_get_holder (self->game, bk_card_view_get_card (BK_CARD_VIEW (focus))) != BK_TABLE_BOTTOM)
      {
        if (self->n_order)
          bk_table_focus_card (self, self->focus_index);
        else
          gtk_widget_grab_focus (GTK_WIDGET (self));
      }
  }

  /* South's turn began (since the last refresh, or within the changes it shows at once):
   * the hand takes the keyboard. */
  if (my_turn && (!self->my_turn || self->turn_began))
    {
      self->my_turn = TRUE;
      bk_table_focus_hand (self);
    }
  self->my_turn = my_turn;
  self->turn_began = FALSE;
  self->turn_noted = my_turn;
}

/* Who sits at @seat: the name the window gave, else the game's name for the seat. */
const char *
bk_table_person_at (BkTable *self,
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

void
bk_table_update_names (BkTable *self)
{
  BkSeat dealer = self->game ? bk_game_get_dealer (self->game) : BK_SEAT_NONE;
  BkSeat to_act = self->game ? bk_game_get_to_act (self->game) : BK_SEAT_NONE;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    gtk_widget_set_visible (self->tags[s], s < self->n_seats);
  for (guint s = 0; s < self->n_seats; s++)
    {
      BkNameTag *tag = BK_NAME_TAG (self->tags[s]);
      g_autofree char *text = NULL;
      const char *name = bk_table_person_at (self, s);

      /* the person's own: the mark agrees with "You" (Russian: «Вы · сдаёте», issue 34) */
      if (s == dealer && s == BK_TABLE_BOTTOM && g_strcmp0 (name, _("You")) == 0)
        /* Translators: the person's name tag ("You") with the dealer's mark */
        text = g_strdup (_("You · dealer"));
      else if (s == dealer)
        /* Translators: a player's name with the dealer's mark, e.g. "Gretl · dealer" */
        text = g_strdup_printf (_("%s · dealer"), name);
      else
        text = g_strdup (name);
      bk_name_tag_set_text (tag, text);
      bk_name_tag_set_to_act (tag, s == to_act);
    }
}

static void
refresh (BkTable *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->n_refreshes++;
  update_card_states (self);
  bk_table_update_names (self);
  refresh_decoration (self, TRUE);
  bk_table_update_accessible_names (self);
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
  /* Several changes may come before the refresh: South's turn may end and begin again
   * among them, which the refresh alone would not see. */
  gboolean turn = self->game && bk_game_get_phase (self->game) == BK_PHASE_PLAYING &&
                  bk_game_get_to_act (self->game) == BK_TABLE_BOTTOM;

  if (turn && !self->turn_noted)
    self->turn_began = TRUE;
  self->turn_noted = turn;
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refresh_cb, self, NULL);
}

void
bk_table_flush_refresh (BkTable *self)
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
  self->sweep_after_landing = FALSE;
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
  bk_table_end_look (self);
  self->shown[self->n_shown] = (BkCard) card;
  self->shown_seat[self->n_shown] = (guint8) seat;
  self->n_shown++;
  self->shown_winner = BK_SEAT_NONE;
  bk_table_card_widget (self, (BkCard) card);
  /* The card starts to move at the next allocation; until then the table is busy with it
   * already, so that nothing that waits for the table (an offer a game makes, the next
   * computer player) comes before the card is seen. */
  if (bk_table_animates (self))
    self->busy_until = MAX (self->busy_until,
                            bk_table_now (self) + bk_table_scaled (self, MOVE_USEC));
  queue_refresh (self);
}

static void
trick_completed_cb (BkTable *self,
                    guint    winner,
                    guint    points)
{
  gint64 now = bk_table_now (self);

  /* The last card is still to fly in: the hold counts from its landing (the allocation
   * that starts the flight sets it exactly: bk-table-allocate.c, hold_after_landing()). */
  gint64 lands = now + (bk_table_animates (self) ? bk_table_scaled (self, MOVE_USEC) : 0);

  self->shown_winner = (BkSeat) winner;
  if (bk_game_is_last_trick_done (self->game))
    {
      /* The last trick stays on the table; the result waits a while for it. */
      self->keep_trick = TRUE;
      self->sweep_at = 0;
      self->hold_until = MAX (self->hold_until,
                              lands + bk_table_scaled (self, LAST_TRICK_HOLD_USEC));
    }
  else
    {
      self->sweep_at = lands + bk_table_scaled (self, TRICK_HOLD_USEC);
      self->busy_until = MAX (self->busy_until, self->sweep_at + bk_table_scaled (self, MOVE_USEC));
    }
  self->sweep_after_landing = TRUE;
  bk_table_ensure_ticking (self);
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
  GtkWidget *view = bk_table_card_widget (self, card);
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
  gint64 start = MAX (bk_table_now (self), self->cards_held_until);
  guint last_step = 0;
  BkCard cards[BK_N_CARDS];
  guint8 packets[BK_N_CARDS];

  self->n_shown = 0;
  self->sweep_at = 0;
  self->sweep_after_landing = FALSE;
  self->keep_trick = FALSE;
  self->hold_until = 0;
  self->gone = 0;
  bk_table_end_look (self);
  self->shown_winner = BK_SEAT_NONE;

  /* Every card starts at the dealer and is dealt in packets (B2.3, H2.1): the first
   * packet to every seat clockwise from the dealer's left, then the second; the view
   * shows each seat's cards of a packet in one go. */
  for (guint k = 1; k <= self->n_seats; k++)
    {
      BkSeat seat = (BkSeat) ((dealer + k) % self->n_seats);
      guint n = bk_game_get_deal_order (self->game, seat, cards, packets);
      guint per_packet = 1, in_packet = 0;

      /* The largest packet sets the beat (3 of packets of 2 and 3, say). */
      for (guint i = 0; i < n; i++)
        {
          in_packet = i > 0 && packets[i] == packets[i - 1] ? in_packet + 1 : 1;
          per_packet = MAX (per_packet, in_packet);
        }
      for (guint i = 0; i < n; i++)
        {
          guint step = packets[i] * self->n_seats * per_packet + (k - 1) * per_packet +
                       i % per_packet;

          deal_card (self, cards[i], dealer, start + bk_table_scaled (self, DEAL_STEP_USEC) * step);
          last_step = MAX (last_step, step + 1);
        }
    }
  /* H6.1: the rest goes aside, face down by the dealer, last. */
  self->aside = bk_game_get_aside (self->game);
  for (BkHand rest = self->aside; rest; rest &= rest - 1)
    deal_card (self, bk_hand_first (rest), dealer,
               start + bk_table_scaled (self, DEAL_STEP_USEC) * last_step);
  if (self->aside)
    last_step++;
  self->busy_until = MAX (self->busy_until,
                          start + bk_table_scaled (self, DEAL_STEP_USEC) * last_step +
                          bk_table_scaled (self, MOVE_USEC));
  for (guint s = 0; s < self->n_seats; s++)
    {
      self->bubble_until[s] = 0;
      gtk_widget_set_visible (self->bubbles[s], FALSE);
    }
  bk_table_ensure_ticking (self);
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

  bk_table_class_init_input (widget_class);

  gtk_widget_class_set_css_name (widget_class, "cardtable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bk_table_init (BkTable *self)
{
  self->speed = 1.0;
  self->corners = BK_TABLE_CORNER_ALL;
  self->n_seats = BK_TABLE_EMPTY_SEATS;
  self->shown_winner = BK_SEAT_NONE;
  /* A layout before the first allocation, for a deal that comes first. */
  bk_table_layout_init (&self->layout, BK_TABLE_EMPTY_SEATS, 900, 640, 1.6, 5, NULL, NULL);
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

  bk_table_init_input (self);
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
  self->sweep_after_landing = FALSE;
  self->keep_trick = FALSE;
  self->hold_until = 0;
  /* the words said belong to the game before */
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      self->bubble_until[s] = 0;
      if (self->bubbles[s] != NULL)
        gtk_widget_set_visible (self->bubbles[s], FALSE);
    }
  bk_table_end_look (self);
  self->my_turn = FALSE;
  self->turn_began = FALSE;
  self->turn_noted = FALSE;
  self->gone = 0;
  self->n_order = 0;
  self->aside = 0;
  self->n_seats = BK_TABLE_EMPTY_SEATS;
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
  if (bk_table_in_play (self))
    {
      BkCard trick[BK_MAX_SEATS];
      BkSeat seats[BK_MAX_SEATS];
      guint n = bk_game_get_table_trick (game, trick, seats);

      for (guint s = 0; s < self->n_seats; s++)
        for (BkHand rest = bk_game_get_cards (game, (BkSeat) s); rest; rest &= rest - 1)
          bk_table_card_widget (self, bk_hand_first (rest));
      for (guint i = 0; i < n; i++)
        {
          bk_table_card_widget (self, trick[i]);
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
        bk_card_view_set_face_up (BK_CARD_VIEW (bk_table_card_widget (self, bk_hand_first (rest))),
                                  FALSE);
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
  bk_table_flush_refresh (self);
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

/* Which top corners the window covers with its own widgets, for the table to keep free
 * from now on, whatever the game. Without it the table keeps what the game's decoration
 * says (both without one). */
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

/* Where the table keeps @corner (BK_TABLE_CORNER_LEFT or _RIGHT) free at its size now, in
 * its own coordinates: for the widget a game's view puts there (e.g. a game's score drawn
 * over the table). FALSE if the table keeps that corner for no one. */
gboolean
bk_table_get_corner (BkTable        *self,
                     BkTableCorners  corner,
                     BkRect         *rect)
{
  const BkRect *r;

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (corner == BK_TABLE_CORNER_LEFT || corner == BK_TABLE_CORNER_RIGHT,
                        FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  r = corner == BK_TABLE_CORNER_LEFT ? &self->layout.left_corner : &self->layout.right_corner;
  if (r->width <= 0 || r->height <= 0)
    return FALSE;
  *rect = *r;
  return TRUE;
}

/* How far down the table what one says may come: the person's hand (its raised cards
 * included) and name lie below this; the table's height when no hand is dealt. */
double
bk_table_get_hand_top (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);

  if (!bk_table_in_play (self) || self->layout.height <= 0)
    return gtk_widget_get_height (GTK_WIDGET (self));
  return MIN (self->layout.tags[0].y, self->layout.hand_top);
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
  bk_table_update_names (self);
  refresh_decoration (self, FALSE);
  bk_table_update_accessible_names (self);
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
  self->bubble_until[seat] = bk_table_now (self) + MAX (bk_table_scaled (self, BUBBLE_USEC),
                                                            G_USEC_PER_SEC * 3 / 2);
  bk_table_ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Until when the table is still showing something (a deal, a card in flight, a trick
 * before it is swept); a computer player waits for it. */
gint64
bk_table_get_busy_until (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  /* On the monotonic clock, as the callers count; while paused, as if it went on now. */
  return MAX (self->busy_until, self->hold_until) + g_get_monotonic_time () - bk_table_now (self);
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
  bk_table_ensure_ticking (self);
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

  self->hold_until = MAX (self->hold_until, bk_table_now (self) + bk_table_scaled (self, usec));
  bk_table_ensure_ticking (self);
}

/* The table holds something for the person to read: a trick, a doubling. */
gboolean
bk_table_is_holding (BkTable *self)
{
  gint64 now = bk_table_now (self);

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return self->hold_until > now || self->sweep_at > now || self->look_until > now;
}

/* The person has seen it (a click or a key): the held trick goes to its winner at once,
 * the hold ends, and "dismissed" tells who waits for it. FALSE if nothing was held. */
gboolean
bk_table_dismiss (BkTable *self)
{
  gint64 now = bk_table_now (self);

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);

  if (!bk_table_is_holding (self))
    return FALSE;
  self->sweep_after_landing = FALSE;
  if (self->sweep_at > now)
    {
      self->sweep_at = now;
      self->busy_until = now + bk_table_scaled (self, MOVE_USEC);
    }
  if (self->look_until > now)
    {
      self->look_until = now;
      self->busy_until = now + bk_table_scaled (self, MOVE_USEC);
    }
  self->caption_until = 0;
  self->hold_until = 0;
  bk_table_ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_DISMISSED], 0);
  return TRUE;
}

/* What the decoration shows before the cards (a seating ceremony) is being shown. */
gboolean
bk_table_is_seating (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return self->cards_held_until > bk_table_now (self);
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
  bk_table_flush_refresh (self);
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
  self->sweep_after_landing = FALSE;
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

/* The model changed in a way the table does not hear of itself: one refresh, as for the
 * table's own signals. */
void
bk_table_queue_refresh (BkTable *self)
{
  g_return_if_fail (BK_IS_TABLE (self));
  queue_refresh (self);
}
