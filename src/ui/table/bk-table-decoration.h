/* bk-table-decoration.h: what a game puts on the shared table beside the cards, the names
 * and the speech (a team's colour, a ceremony before the deal, badges by the names, a
 * widget in a corner), and what the table lets it do. The table names no game: a game's view makes its
 * decoration (ui/<game>/) and gives it to the table with bk_table_set_decoration() once
 * the table shows that game's session.
 *
 * A decoration's widgets are the table's children (bk_table_add_widget()) or parts of a
 * seat's name tag (bk_name_tag_add_part()). Card views among them are drawn with the
 * table's cards; the others above the cards, under the names. The table calls its hooks;
 * each says what NULL means.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-game.h"
#include "bk-name-tag.h"
#include "bk-table-layout.h"
#include "bk-table.h"

G_BEGIN_DECLS

#define BK_TYPE_TABLE_DECORATION (bk_table_decoration_get_type ())

G_DECLARE_DERIVABLE_TYPE (BkTableDecoration, bk_table_decoration, BK, TABLE_DECORATION, GObject)

struct _BkTableDecorationClass
{
  GObjectClass parent_class;

  /* The table shows @game, as it stands: add the widgets, connect to the game. Then
   * `detach` when the table lets the game go or takes another decoration: disconnect,
   * take the widgets away. NULL: nothing to add. */
  void           (*attach)              (BkTableDecoration   *self,
                                         BkTable             *table,
                                         BkGame              *game);
  void           (*detach)              (BkTableDecoration   *self,
                                         BkTable             *table);
  /* After the table's own refresh: once per change of the model (@animate), and when the
   * table is shown anew without a change (names given, attached; not @animate). NULL:
   * nothing follows the model. */
  void           (*refresh)             (BkTableDecoration   *self,
                                         BkTable             *table,
                                         gboolean             animate);
  /* The corners the table keeps free for the game's own widgets, unless the window said
   * (bk_table_set_reserved_corners()). NULL: both. */
  BkTableCorners (*corners)             (BkTableDecoration   *self,
                                         BkGame              *game);
  /* Every allocation, once the names are placed and before the cards: place the
   * decoration's own widgets. @snap: the table's size changed (no move is shown). NULL:
   * none to place. */
  void           (*allocate)            (BkTableDecoration   *self,
                                         BkTable             *table,
                                         const BkTableLayout *layout,
                                         gint64               now,
                                         gboolean             snap);
  /* The pace of the table changed. NULL: nothing of the decoration moves. */
  void           (*set_animation_speed) (BkTableDecoration   *self,
                                         double               speed);
  /* Ends what the decoration shows moving at once (tests, "animations off"). NULL:
   * nothing moves. */
  void           (*finish_animations)   (BkTableDecoration   *self,
                                         BkTable             *table);
};

/* What the table lets a decoration do. */
guint       bk_table_get_n_seats        (BkTable    *table);
BkNameTag  *bk_table_get_name_tag       (BkTable    *table,
                                         guint       seat);
const char *bk_table_get_person         (BkTable    *table,
                                         guint       seat);
void        bk_table_add_widget         (BkTable    *table,
                                         GtkWidget  *widget);
void        bk_table_remove_widget      (BkTable    *table,
                                         GtkWidget  *widget);
void        bk_table_set_child_shown    (GtkWidget  *child,
                                         gboolean    shown);
void        bk_table_set_child_presented (GtkWidget *child,
                                          gboolean   presented);
gint64      bk_table_get_clock          (BkTable    *table);
gint64      bk_table_scale_time         (BkTable    *table,
                                         gint64      usec);
gboolean    bk_table_get_animates       (BkTable    *table);
double      bk_table_get_animation_speed (BkTable   *table);
void        bk_table_queue_refresh      (BkTable    *table);
void        bk_table_keep_busy          (BkTable    *table,
                                         gint64      until);
void        bk_table_hold_cards         (BkTable    *table,
                                         gint64      until);
void        bk_table_walk_people        (BkTable    *table,
                                         const guint8 *moved,
                                         gint64      start,
                                         gint64      duration);
void        bk_table_allocate_card      (BkTable    *table,
                                         GtkWidget  *view,
                                         BkPlace     place);

/* A card of a decoration moving over the table, as the table's own cards move. */
typedef struct {
  BkPlace  from;
  BkPlace  to;
  gint64   start;    /* when the move begins; it may lie in the future */
  gint64   duration;
  gboolean placed;   /* has been placed at least once */
} BkSprite;

BkPlace     bk_sprite_now               (const BkSprite *sprite,
                                         gint64          now);
gboolean    bk_sprite_moving            (const BkSprite *sprite,
                                         gint64          now);
void        bk_table_move_sprite        (BkTable    *table,
                                         BkSprite   *sprite,
                                         BkPlace     to,
                                         gint64      now,
                                         gint64      start,
                                         gboolean    snap);

G_END_DECLS
