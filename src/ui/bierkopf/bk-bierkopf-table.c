/* bk-bierkopf-table.c: Bierkopf's decoration of the table (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-table.h"
#include "bk-seating-ceremony.h"

struct _BkBierkopfTable
{
  BkTableDecoration  parent_instance;

  BkSeatingCeremony *ceremony;
};

G_DEFINE_FINAL_TYPE (BkBierkopfTable, bk_bierkopf_table, BK_TYPE_TABLE_DECORATION)

static const char *
team_class (guint seat)
{
  return bk_seat_team ((BkSeat) seat) == BK_TEAM_SN ? "team-us" : "team-them";
}

static void
bk_bierkopf_table_attach (BkTableDecoration *decoration,
                          BkTable           *table,
                          BkGame            *game)
{
  BkBierkopfTable *self = BK_BIERKOPF_TABLE (decoration);

  /* The partners by colour: the seats' teams never change (the ceremony moves people). */
  for (guint s = 0; s < bk_table_get_n_seats (table); s++)
    gtk_widget_add_css_class (GTK_WIDGET (bk_name_tag_get_label (bk_table_get_name_tag (table, s))),
                              team_class (s));
  self->ceremony = bk_seating_ceremony_new (table, game);
}

static void
bk_bierkopf_table_detach (BkTableDecoration *decoration,
                          BkTable           *table)
{
  BkBierkopfTable *self = BK_BIERKOPF_TABLE (decoration);

  g_clear_pointer (&self->ceremony, bk_seating_ceremony_free);
  for (guint s = 0; s < bk_table_get_n_seats (table); s++)
    gtk_widget_remove_css_class (GTK_WIDGET (bk_name_tag_get_label (bk_table_get_name_tag (table,
                                                                                          s))),
                                 team_class (s));
}

/* The window's coaster top left and the hand's value top right. */
static BkTableCorners
bk_bierkopf_table_corners (BkTableDecoration *decoration,
                           BkGame            *game)
{
  return BK_TABLE_CORNER_ALL;
}

static void
bk_bierkopf_table_allocate (BkTableDecoration   *decoration,
                            BkTable             *table,
                            const BkTableLayout *layout,
                            gint64               now,
                            gboolean             snap)
{
  BkBierkopfTable *self = BK_BIERKOPF_TABLE (decoration);

  bk_seating_ceremony_allocate (self->ceremony, layout, now, snap);
}

static void
bk_bierkopf_table_finish_animations (BkTableDecoration *decoration,
                                     BkTable           *table)
{
  BkBierkopfTable *self = BK_BIERKOPF_TABLE (decoration);

  bk_seating_ceremony_finish (self->ceremony);
}

static void
bk_bierkopf_table_class_init (BkBierkopfTableClass *klass)
{
  BkTableDecorationClass *decoration_class = BK_TABLE_DECORATION_CLASS (klass);

  decoration_class->attach = bk_bierkopf_table_attach;
  decoration_class->detach = bk_bierkopf_table_detach;
  decoration_class->corners = bk_bierkopf_table_corners;
  decoration_class->allocate = bk_bierkopf_table_allocate;
  decoration_class->finish_animations = bk_bierkopf_table_finish_animations;
}

static void
bk_bierkopf_table_init (BkBierkopfTable *self)
{
}

BkTableDecoration *
bk_bierkopf_table_new (void)
{
  return g_object_new (BK_TYPE_BIERKOPF_TABLE, NULL);
}
