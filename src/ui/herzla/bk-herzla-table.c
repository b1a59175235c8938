/* bk-herzla-table.c: Herzla's decoration of the table (see the header). The hearts badges
 * and the contract are parts of the name tags; the glass is the table's, in the corner
 * its layout keeps free (the four-player Herzla has no hand's value to show there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla.h"
#include "bk-herzla-game.h"
#include "bk-herzla-table.h"
#include "bk-stock-pot.h"

struct _BkHerzlaTable
{
  BkTableDecoration parent_instance;

  BkGame    *game;
  GtkWidget *hearts[BK_MAX_SEATS]; /* each seat's hearts taken this hand, in its tag */
  GtkWidget *contract;             /* the declarer's contract, in his tag */
  guint      contract_seat;        /* whose tag holds it, or BK_SEAT_NONE */
  GtkWidget *pot;                  /* the stock (BkStockPot), on the table */
};

G_DEFINE_FINAL_TYPE (BkHerzlaTable, bk_herzla_table, BK_TYPE_TABLE_DECORATION)

static gboolean
has_stock (BkGame *game)
{
  return bk_game_get_rules (game)->herzla.variant == BK_HERZLA_VIER;
}

static void
changed_cb (BkTable *table)
{
  bk_table_queue_refresh (table);
}

static void
bk_herzla_table_attach (BkTableDecoration *decoration,
                        BkTable           *table,
                        BkGame            *game)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (decoration);

  g_set_object (&self->game, game);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      self->hearts[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->hearts[s], "hearts-badge");
      gtk_widget_set_visible (self->hearts[s], FALSE);
      bk_name_tag_add_part (bk_table_get_name_tag (table, s), self->hearts[s]);
    }
  self->contract = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->contract, "contract-badge");
  gtk_widget_set_visible (self->contract, FALSE);
  self->contract_seat = BK_SEAT_S;
  bk_name_tag_add_part (bk_table_get_name_tag (table, self->contract_seat), self->contract);
  self->pot = bk_stock_pot_new ();
  gtk_widget_set_visible (self->pot, FALSE);
  bk_stock_pot_set_animation_speed (BK_STOCK_POT (self->pot),
                                    bk_table_get_animation_speed (table));
  bk_table_add_widget (table, self->pot);

  /* What the table does not hear of itself. */
  g_signal_connect_object (game, "hearts-taken", G_CALLBACK (changed_cb), table,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "contract-decided", G_CALLBACK (changed_cb), table,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "stock-changed", G_CALLBACK (changed_cb), table,
                           G_CONNECT_SWAPPED);
}

static void
bk_herzla_table_detach (BkTableDecoration *decoration,
                        BkTable           *table)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (decoration);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, table);
  g_clear_object (&self->game);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (self->hearts[s])
      bk_name_tag_remove_part (bk_table_get_name_tag (table, s),
                               g_steal_pointer (&self->hearts[s]));
  if (self->contract)
    bk_name_tag_remove_part (bk_table_get_name_tag (table, self->contract_seat),
                             g_steal_pointer (&self->contract));
  if (self->pot)
    bk_table_remove_widget (table, g_steal_pointer (&self->pot));
}

/* The contract's badge moves to the tag of @seat. */
static void
move_contract (BkHerzlaTable *self,
               BkTable       *table,
               guint          seat)
{
  if (seat == self->contract_seat)
    return;
  g_object_ref (self->contract);
  bk_name_tag_remove_part (bk_table_get_name_tag (table, self->contract_seat), self->contract);
  bk_name_tag_add_part (bk_table_get_name_tag (table, seat), self->contract);
  g_object_unref (self->contract);
  self->contract_seat = seat;
}

/* Each seat's hearts taken this hand (H1.3), the contract by its declarer (H3.1), and the
 * stock in its glass (H5.2-H5.4). */
static void
bk_herzla_table_refresh (BkTableDecoration *decoration,
                         BkTable           *table,
                         gboolean           animate)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (decoration);
  guint n_seats = bk_table_get_n_seats (table);
  gboolean playing = bk_game_get_phase (self->game) != BK_PHASE_NEW;
  BkContract contract = BK_CONTRACT_NORMAL;
  guint declarer = BK_SEAT_NONE;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      GtkWidget *badge = self->hearts[s];
      guint n;
      g_autofree char *text = NULL;
      g_autofree char *description = NULL;

      gtk_widget_set_visible (badge, playing && s < n_seats);
      if (!playing || s >= n_seats)
        continue;
      n = bk_herzla_game_get_hearts (self->game, s);
      /* Translators: the hearts a player took this hand, by his name: "♥ 3" */
      text = g_strdup_printf (_("♥ %u"), n);
      gtk_label_set_text (GTK_LABEL (badge), text);
      if (n == 0)
        gtk_widget_add_css_class (badge, "none");
      else
        gtk_widget_remove_css_class (badge, "none");
      if (s == BK_SEAT_S)
        /* Translators: the tooltip and accessible name of the person's hearts badge */
        description = g_strdup_printf (ngettext ("You took %u heart this hand",
                                                 "You took %u hearts this hand", n), n);
      else
        /* Translators: the tooltip and accessible name of a player's hearts badge */
        description = g_strdup_printf (ngettext ("%s took %u heart this hand",
                                                 "%s took %u hearts this hand", n),
                                       bk_table_get_person (table, s), n);
      gtk_widget_set_tooltip_text (badge, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (badge), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      description, -1);
    }

  if (playing)
    {
      contract = bk_herzla_game_get_contract (self->game);
      declarer = bk_herzla_game_get_declarer (self->game);
    }
  if (contract != BK_CONTRACT_NORMAL && declarer < n_seats)
    {
      g_autofree char *description = NULL;

      gtk_label_set_text (GTK_LABEL (self->contract), bk_herzla_contract_name (contract));
      if (contract == BK_CONTRACT_BEDDL)
        {
          if (declarer == BK_SEAT_S)
            /* Translators: the tooltip of the contract badge by the person's name */
            description = g_strdup (_("You play a Beddl: you must take no trick"));
          else
            /* Translators: the tooltip of the contract badge */
            description = g_strdup_printf (_("%s plays a Beddl and must take no trick"),
                                           bk_table_get_person (table, declarer));
        }
      else
        {
          if (declarer == BK_SEAT_S)
            /* Translators: the tooltip of the contract badge by the person's name */
            description = g_strdup (_("You play a Mord: you must take every trick"));
          else
            /* Translators: the tooltip of the contract badge */
            description = g_strdup_printf (_("%s plays a Mord and must take every trick"),
                                           bk_table_get_person (table, declarer));
        }
      gtk_widget_set_tooltip_text (self->contract, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->contract),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      move_contract (self, table, declarer);
      gtk_widget_set_visible (self->contract, TRUE);
    }
  else
    gtk_widget_set_visible (self->contract, FALSE);

  /* Only the four-player game has a stock (H6 pays in points). */
  gtk_widget_set_visible (self->pot, has_stock (self->game));
  if (has_stock (self->game))
    bk_stock_pot_set_cents (BK_STOCK_POT (self->pot), bk_herzla_game_get_stock (self->game),
                            animate);
}

/* The four-player game keeps the top right corner for its stock and has the rest. */
static BkTableCorners
bk_herzla_table_corners (BkTableDecoration *decoration,
                         BkGame            *game)
{
  return has_stock (game) ? BK_TABLE_CORNER_RIGHT : BK_TABLE_CORNER_NONE;
}

static void
bk_herzla_table_allocate (BkTableDecoration   *decoration,
                          BkTable             *table,
                          const BkTableLayout *layout,
                          gint64               now,
                          gboolean             snap)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (decoration);
  BkRect corner = layout->right_corner;
  int pw, ph;

  if (!gtk_widget_get_visible (self->pot))
    return;
  gtk_widget_measure (self->pot, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &pw, NULL, NULL);
  gtk_widget_measure (self->pot, GTK_ORIENTATION_VERTICAL, pw, NULL, &ph, NULL, NULL);
  gtk_widget_size_allocate (self->pot,
                            &(GtkAllocation) { corner.x + corner.width - pw, corner.y, pw, ph },
                            -1);
}

static void
bk_herzla_table_set_animation_speed (BkTableDecoration *decoration,
                                     double             speed)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (decoration);

  if (self->pot)
    bk_stock_pot_set_animation_speed (BK_STOCK_POT (self->pot), speed);
}

static void
bk_herzla_table_dispose (GObject *object)
{
  BkHerzlaTable *self = BK_HERZLA_TABLE (object);

  g_clear_object (&self->game);

  G_OBJECT_CLASS (bk_herzla_table_parent_class)->dispose (object);
}

static void
bk_herzla_table_class_init (BkHerzlaTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  BkTableDecorationClass *decoration_class = BK_TABLE_DECORATION_CLASS (klass);

  object_class->dispose = bk_herzla_table_dispose;
  decoration_class->attach = bk_herzla_table_attach;
  decoration_class->detach = bk_herzla_table_detach;
  decoration_class->refresh = bk_herzla_table_refresh;
  decoration_class->corners = bk_herzla_table_corners;
  decoration_class->allocate = bk_herzla_table_allocate;
  decoration_class->set_animation_speed = bk_herzla_table_set_animation_speed;
}

static void
bk_herzla_table_init (BkHerzlaTable *self)
{
  self->contract_seat = BK_SEAT_NONE;
}

BkTableDecoration *
bk_herzla_table_new (void)
{
  return g_object_new (BK_TYPE_HERZLA_TABLE, NULL);
}
