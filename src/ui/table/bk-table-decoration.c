/* bk-table-decoration.c: the base of a game's decoration of the table (see the header;
 * every hook is optional), and what the table lets a decoration do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <string.h>

#include "bk-table-private.h"

G_DEFINE_ABSTRACT_TYPE (BkTableDecoration, bk_table_decoration, G_TYPE_OBJECT)

static void
bk_table_decoration_class_init (BkTableDecorationClass *klass)
{
}

static void
bk_table_decoration_init (BkTableDecoration *self)
{
}

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
  return bk_table_person_at (self, seat);
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
  return bk_table_now (self);
}

/* @usec at the table's pace (0 when animations are off). */
gint64
bk_table_scale_time (BkTable *self,
                     gint64   usec)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 0);
  return bk_table_scaled (self, usec);
}

gboolean
bk_table_get_animates (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), FALSE);
  return bk_table_animates (self);
}

double
bk_table_get_animation_speed (BkTable *self)
{
  g_return_val_if_fail (BK_IS_TABLE (self), 1.0);
  return self->speed;
}

/* The table is busy (a computer player waits) and keeps drawing until @until. */
void
bk_table_keep_busy (BkTable *self,
                    gint64   until)
{
  g_return_if_fail (BK_IS_TABLE (self));

  self->busy_until = MAX (self->busy_until, until);
  bk_table_ensure_ticking (self);
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
  bk_table_update_names (self);
  bk_table_ensure_ticking (self);
}
