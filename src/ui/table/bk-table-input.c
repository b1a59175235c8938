/* bk-table-input.c: what the person does at the table: a card clicked,
 * dragged into the middle, chosen with the arrows and Enter or by its number; a click or
 * key beside the hand moves on from what the table holds. The chosen card goes out as
 * "card-activated"; the table holds no rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-card-view.h"
#include "bk-table-private.h"

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

  bk_table_flush_refresh (self);
  while (picked && !BK_IS_CARD_VIEW (picked))
    picked = gtk_widget_get_parent (picked);
  card = picked ? card_of_widget (self, picked) : BK_CARD_NONE;
  /* A click beside the own hand moves on from a trick or doubling being shown. */
  if (card == BK_CARD_NONE)
    {
      bk_table_dismiss (self);
      return;
    }
  bk_table_emit_card_activated (self, card);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 BkTable       *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  BkCard card;

  bk_table_flush_refresh (self);
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
  bk_table_emit_card_activated (self, (BkCard) g_value_get_uint (value));
  return TRUE;
}

void
bk_table_focus_card (BkTable *self,
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

  bk_table_flush_refresh (self);
  index = (int) focused_index (self) + delta;
  bk_table_focus_card (self, (guint) CLAMP (index, 0, (int) self->n_order - 1));
  return TRUE;
}

static gboolean
activate_focused_cb (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  BkTable *self = BK_TABLE (widget);

  bk_table_flush_refresh (self);
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

  bk_table_flush_refresh (self);
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

/* Gives the keyboard to South's hand, with a visible focus ring on the card arrows and
 * Enter start from: a legal one while it is South's turn. */
void
bk_table_focus_hand (BkTable *self)
{
  GtkRoot *root;

  g_return_if_fail (BK_IS_TABLE (self));
  bk_table_flush_refresh (self);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  /* A person typing (the chat of a table with friends) keeps the keyboard: a turn that
   * begins meanwhile must not take the words' Enter for a card. */
  if (root && GTK_IS_EDITABLE (gtk_root_get_focus (root)) &&
      gtk_widget_get_mapped (gtk_root_get_focus (root)))
    return;
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
  bk_table_focus_card (self, self->focus_index);
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
  bk_table_flush_refresh (self);

  for (guint i = 0; i < self->n_order; i++)
    if (self->order[i] == card)
      {
        bk_table_focus_card (self, i);
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
  bk_table_flush_refresh (self);

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
  bk_table_flush_refresh (self);

  if (index >= self->n_order)
    return FALSE;
  bk_table_emit_card_activated (self, self->order[index]);
  return TRUE;
}

void
bk_table_class_init_input (GtkWidgetClass *widget_class)
{
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Left, 0, move_focus_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Right, 0, move_focus_cb, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, activate_focused_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, activate_focused_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_space, 0, activate_focused_cb, NULL);
  /* Up to nine cards by their number (a hand may hold more). */
  for (int i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, 0, activate_nth_cb, "i", i);
      gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_1 + i, 0, activate_nth_cb, "i", i);
    }
}

void
bk_table_init_input (BkTable *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkDragSource *drag = gtk_drag_source_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

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
