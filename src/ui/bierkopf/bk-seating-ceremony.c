/* bk-seating-ceremony.c: the seating ceremony as the table shows it (see the header). It
 * listens to the game's "seating-card-dealt" and "partners-found"; its cards lie on the
 * table among the table's own, on the table's clock, so a pause stops them too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-game.h"
#include "bk-card-view.h"
#include "bk-seating-ceremony.h"

#define SEATING_STEP_USEC (G_USEC_PER_SEC * 45 / 100)
#define SEATING_HOLD_USEC (G_USEC_PER_SEC * 25 / 10)
#define WALK_USEC (G_USEC_PER_SEC * 9 / 10)

struct _BkSeatingCeremony
{
  BkTable   *table;   /* holds the ceremony, which lives no longer than its decoration */
  BkGame    *game;
  GtkWidget *cards[BK_N_CARDS];
  BkSprite   sprites[BK_N_CARDS];
  BkSeating  seating;  /* the cards dealt so far and where they went */
  gint64     start;    /* of the first card */
  gint64     walk_start; /* the cards go when the names walk */
};

static void
card_dealt_cb (BkSeatingCeremony *self,
               guint              seat,
               guint              card)
{
  GtkWidget *view;
  guint i = self->seating.n;

  if (i == 0)
    self->start = bk_table_get_clock (self->table);
  view = bk_card_view_new (bk_table_get_theme (self->table), (BkCard) card);
  bk_table_add_widget (self->table, view);
  bk_table_set_child_shown (view, FALSE);
  if (self->cards[i])
    bk_table_remove_widget (self->table, self->cards[i]);
  self->cards[i] = view;
  self->sprites[i] = (BkSprite) { 0 };
  self->seating.cards[i] = (BkCard) card;
  {
    g_autofree char *name = bk_card_display_name ((BkCard) card);

    gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);
  }
  self->seating.to[i] = (guint8) seat;
  self->seating.n++;
}

/* spec B2.1: the ceremony's cards lie a while, then the partners move opposite each
 * other: each name walks to its new seat, and the first deal waits for it. */
static void
partners_found_cb (BkSeatingCeremony *self,
                   guint              first,
                   guint              second)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (self->game);
  gint64 now = bk_table_get_clock (self->table);
  gint64 duration = bk_table_get_animates (self->table)
                    ? bk_table_scale_time (self->table, WALK_USEC) : 0;

  self->walk_start = MAX (now, self->start +
                               self->seating.n * bk_table_scale_time (self->table,
                                                                      SEATING_STEP_USEC) +
                               bk_table_scale_time (self->table, SEATING_HOLD_USEC));
  bk_table_walk_people (self->table, seating->moved, self->walk_start, duration);
  bk_table_hold_cards (self->table, self->walk_start + duration);
}

BkSeatingCeremony *
bk_seating_ceremony_new (BkTable *table,
                         BkGame  *game)
{
  BkSeatingCeremony *self = g_new0 (BkSeatingCeremony, 1);

  self->table = table;
  self->game = g_object_ref (game);
  g_signal_connect_swapped (game, "seating-card-dealt", G_CALLBACK (card_dealt_cb), self);
  g_signal_connect_swapped (game, "partners-found", G_CALLBACK (partners_found_cb), self);
  return self;
}

void
bk_seating_ceremony_free (BkSeatingCeremony *self)
{
  g_signal_handlers_disconnect_by_data (self->game, self);
  for (guint i = 0; i < BK_N_CARDS; i++)
    if (self->cards[i])
      bk_table_remove_widget (self->table, self->cards[i]);
  g_object_unref (self->game);
  g_free (self);
}

/* The face-up cards, dealt one by one from the middle before each seat, until the names
 * walk. */
void
bk_seating_ceremony_allocate (BkSeatingCeremony   *self,
                              const BkTableLayout *layout,
                              gint64               now,
                              gboolean             snap)
{
  guint per_seat[BK_MAX_SEATS] = { 0 };
  gboolean over = now >= self->walk_start;

  for (guint i = 0; i < self->seating.n; i++)
    {
      GtkWidget *view = self->cards[i];
      BkSeat seat = (BkSeat) self->seating.to[i];
      gint64 start = self->start + i * bk_table_scale_time (self->table, SEATING_STEP_USEC);
      BkPlace deck = { layout->middle_x, layout->middle_y, 0, layout->trick_scale * 0.8 };
      BkPlace to = bk_table_layout_seating (layout, seat, per_seat[seat]++);

      if (over)
        {
          bk_table_set_child_shown (view, FALSE);
          continue;
        }
      if (!self->sprites[i].placed)
        bk_table_move_sprite (self->table, &self->sprites[i], deck, now, now, TRUE);
      bk_table_move_sprite (self->table, &self->sprites[i], to, now, start, snap);
      bk_table_set_child_shown (view, now >= start || snap);
      bk_table_allocate_card (self->table, view, bk_sprite_now (&self->sprites[i], now));
    }
}

/* Over at once (tests, "animations off"). */
void
bk_seating_ceremony_finish (BkSeatingCeremony *self)
{
  if (self->walk_start)
    self->walk_start = 1;
}
