/* bk-table-look.c: the last trick looked at again (spec B4.5, the L key):
 * onto the empty middle, or over the next trick's cards while that is under way, with a
 * caption that says whose it is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-table-private.h"

/* Where @card lies in the trick looked at again, or G_MAXUINT. */
guint
bk_table_looked_index (BkTable *self,
                       BkCard   card)
{
  for (guint i = 0; i < self->n_looked; i++)
    if (self->looked[i] == card)
      return i;
  return G_MAXUINT;
}

void
bk_table_end_look (BkTable *self)
{
  self->n_looked = 0;
  self->look_until = 0;
  self->looked_winner = BK_SEAT_NONE;
  self->caption_until = 0;
}

/* The caption of a trick looked at again, above the trick (below it, where the names
 * leave room only there), while the look lasts. */
void
bk_table_allocate_caption (BkTable *self,
                           gint64   now)
{
  BkRect trick = { self->layout.middle_x, self->layout.middle_y, 0, 0 };
  int w, h;
  double x, y;

  if (!gtk_widget_get_visible (self->look_caption))
    return;
  bk_table_set_child_shown (self->look_caption, now < self->caption_until);
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
  g_autofree char *text = winner == BK_TABLE_BOTTOM
                          /* Translators: over the last trick, looked at again (L) */
                          ? g_strdup (_("The last trick, taken by you"))
                          /* Translators: over the last trick, looked at again (L) */
                          : g_strdup_printf (_("The last trick, taken by %s"),
                                             bk_table_person_at (self, winner));

  gtk_label_set_text (GTK_LABEL (self->look_caption), text);
  gtk_widget_set_visible (self->look_caption, TRUE);
  self->caption_until = until;
}

/* A completed trick lies open in the middle (until it is swept to its winner, or until
 * the next deal for the last trick of a hand). */
gboolean
bk_table_is_trick_in_view (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);

  if (self->look_until > bk_table_now (self))
    return TRUE;
  if (self->n_shown < self->n_seats || self->shown_winner == BK_SEAT_NONE)
    return FALSE;
  return self->keep_trick || self->sweep_at > bk_table_now (self);
}

/* spec B4.5: the last trick taken comes back to the middle for a while (the engine says
 * whether South may look at it): onto the empty middle, or over the cards of the next
 * trick while that is under way. FALSE if there is none to look at. */
gboolean
bk_table_show_last_trick (BkTable *self)
{
  gint64 now = bk_table_now (self);
  BkCard on_table[BK_MAX_SEATS];
  BkTrick trick;
  BkSeat winner;
  guint index;

  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  bk_table_flush_refresh (self);

  if (!bk_table_in_play (self))
    return FALSE;
  if (bk_table_is_trick_in_view (self))
    return TRUE;
  if (bk_game_get_tricks_done (self->game) == 0)
    return FALSE;
  index = bk_game_get_tricks_done (self->game) - 1;
  if (!bk_game_may_view_trick (self->game, BK_TABLE_BOTTOM, index) ||
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
          bk_table_card_widget (self, trick.cards[i]);
        }
      self->n_looked = trick.n;
      self->looked_winner = winner;
      self->look_until = now + MAX (bk_table_scaled (self, TRICK_HOLD_USEC), LOOK_USEC);
      self->busy_until = MAX (self->busy_until,
                              self->look_until + bk_table_scaled (self, MOVE_USEC));
      show_caption (self, winner, self->look_until);
      bk_table_update_accessible_names (self);
      bk_table_ensure_ticking (self);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      return TRUE;
    }

  for (guint i = 0; i < trick.n; i++)
    {
      self->shown[i] = trick.cards[i];
      self->shown_seat[i] = (guint8) ((trick.leader + i) % self->n_seats);
      self->gone &= ~BK_HAND_BIT (trick.cards[i]);
      bk_table_card_widget (self, trick.cards[i]);
    }
  self->n_shown = trick.n;
  self->shown_winner = winner;
  self->sweep_at = now + MAX (bk_table_scaled (self, TRICK_HOLD_USEC), LOOK_USEC);
  show_caption (self, winner, self->sweep_at);
  /* Nobody plays on while the person looks. */
  self->busy_until = MAX (self->busy_until, self->sweep_at + bk_table_scaled (self, MOVE_USEC));
  bk_table_ensure_ticking (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  return TRUE;
}
