/* bk-table-a11y.c: what a screen reader reads of the cards that are not
 * the person's: each other hand as one, the cards laid aside as one, the trick by card and
 * player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-card-view.h"
#include "bk-table-private.h"

/* @view is one a screen reader reads (else it speaks for none: a card of a hand another
 * card names, or one swept off the table). */
static void
set_presented (GtkWidget *view,
               gboolean   presented)
{
  bk_table_set_child_presented (view, presented);
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
void
bk_table_update_accessible_names (BkTable *self)
{
  if (!bk_table_in_play (self))
    return;
  for (guint i = 0; i < self->n_order; i++)
    if (self->cards[self->order[i]])
      set_presented (self->cards[self->order[i]], TRUE);
  for (guint s = 1; s < self->n_seats; s++)
    {
      BkCard sorted[BK_N_CARDS];
      guint n = bk_game_get_hand_sorted (self->game, (BkSeat) s, sorted);
      const char *who = bk_table_person_at (self, s);
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
                     bk_table_looked_index (self, bk_hand_first (rest)) != G_MAXUINT);
  for (guint i = 0; i < self->n_looked; i++)
    if (self->cards[self->looked[i]])
      {
        g_autofree char *name = bk_card_display_name (self->looked[i]);
        g_autofree char *label = NULL;

        if (self->looked_seat[i] == BK_TABLE_BOTTOM)
          label = g_strdup_printf (_("%s, played by you"), name);
        else
          label = g_strdup_printf (_("%s, played by %s"), name,
                                   bk_table_person_at (self, self->looked_seat[i]));
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
      if (seat == BK_TABLE_BOTTOM)
        /* Translators: the accessible name of the person's card in the trick */
        label = g_strdup_printf (_("%s, played by you"), name);
      else
        /* Translators: a card in the trick, e.g. "Ober of Hearts, played by Sepp" */
        label = g_strdup_printf (_("%s, played by %s"), name,
                                 bk_table_person_at (self, seat));
      bk_card_view_set_labels (BK_CARD_VIEW (self->cards[card]), label, label);
      set_presented (self->cards[card], !bk_hand_has (self->gone, card));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cards[card]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
    }
}
