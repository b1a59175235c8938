/* bk-table-private.h: what the table's files share (bk-table.c: the model, the clock and the
 * public calls; bk-table-allocate.c: where everything lies each frame; bk-table-input.c:
 * pointer and keyboard; bk-table-look.c: the last trick looked at again; bk-table-a11y.c:
 * what a screen reader reads; bk-table-decoration.c: what a game's decoration may do),
 * and what the table shows its tests beyond its public API.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-card-theme.h"
#include "bk-game-query.h"
#include "bk-table-decoration.h"
#include "bk-table-layout.h"
#include "bk-table.h"

G_BEGIN_DECLS

/* The seat drawn at the bottom, whose cards are in the hand: the person's. */
#define BK_TABLE_BOTTOM ((BkSeat) 0)
/* The chairs drawn before a game comes to the table. */
#define BK_TABLE_EMPTY_SEATS 4

#define MOVE_USEC (G_USEC_PER_SEC * 35 / 100)
#define DEAL_STEP_USEC (G_USEC_PER_SEC * 6 / 100)
/* A finished trick lies whole this long after its last card lands (issue 34: 1.3 s from
 * the card's start left a second to read the trick). */
#define TRICK_HOLD_USEC (G_USEC_PER_SEC * 15 / 10)
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
  /* The trick's hold is counted from when its last card lands, which the allocation that
   * starts that card's flight knows: until then sweep_at is a guess. */
  gboolean     sweep_after_landing;
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
  gboolean     turn_noted; /* the same, as the last change of the model left it */
  gboolean     turn_began; /* it began since the last refresh */
  guint        tick_id;
  guint        refresh_id; /* a refresh queued for a change of the model */
  guint        n_refreshes; /* for the tests: refreshes so far */
  GtkDropTarget *drop;
};


/* bk-table.c */
gint64      bk_table_now                     (BkTable   *self);
gint64      bk_table_scaled                  (BkTable   *self,
                                              gint64     usec);
gboolean    bk_table_animates                (BkTable   *self);
void        bk_table_ensure_ticking          (BkTable   *self);
GtkWidget  *bk_table_card_widget             (BkTable   *self,
                                              BkCard     card);
gboolean    bk_table_in_play                 (BkTable   *self);
const char *bk_table_person_at               (BkTable   *self,
                                              guint      seat);
void        bk_table_update_names            (BkTable   *self);
void        bk_table_flush_refresh           (BkTable   *self);
void        bk_table_emit_card_activated     (BkTable   *self,
                                              BkCard     card);
/* bk-table-input.c */
void        bk_table_class_init_input        (GtkWidgetClass *widget_class);
void        bk_table_init_input              (BkTable   *self);
void        bk_table_focus_card              (BkTable   *self,
                                              guint      index);
/* bk-table-look.c */
guint       bk_table_looked_index            (BkTable   *self,
                                              BkCard     card);
void        bk_table_end_look                (BkTable   *self);
void        bk_table_allocate_caption        (BkTable   *self,
                                              gint64     now);
/* bk-table-a11y.c */
void        bk_table_update_accessible_names (BkTable   *self);
/* bk-table-allocate.c */
void        bk_table_size_allocate           (GtkWidget *widget,
                                              int        width,
                                              int        height,
                                              int        baseline);
void        bk_table_measure                 (GtkWidget      *widget,
                                              GtkOrientation  orientation,
                                              int             for_size,
                                              int            *minimum,
                                              int            *natural,
                                              int            *minimum_baseline,
                                              int            *natural_baseline);
void        bk_table_snapshot                (GtkWidget   *widget,
                                              GtkSnapshot *snapshot);

/* How often the table has refreshed what it shows from the model (issue 22: once per
 * change of the model), for the tests. */
guint       bk_table_get_n_refreshes         (BkTable   *self);

G_END_DECLS
