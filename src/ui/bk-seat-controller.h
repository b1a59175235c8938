/* bk-seat-controller.h: who plays a seat. The window and the table ask the seat's
 * controller instead of assuming that seat S is the person and the others computers: the
 * person at this screen (BkPersonController), a computer player (BkComputerController),
 * and a player at another computer (BkRemoteController, with the `net` feature). Every controller is paused while a window of
 * ours covers the table and hurried when the person moves on from what the table holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  BK_SEAT_CONTROLLER_PERSON_HERE, /* the person at this screen: the window asks him */
  BK_SEAT_CONTROLLER_COMPUTER,    /* a computer player, thinking on a worker thread */
  BK_SEAT_CONTROLLER_REMOTE,      /* at another computer: the table brings its moves
                                   * (src/ui/friends/bk-remote-controller.h) */
} BkSeatControllerKind;

#define BK_TYPE_SEAT_CONTROLLER (bk_seat_controller_get_type ())

G_DECLARE_DERIVABLE_TYPE (BkSeatController, bk_seat_controller, BK, SEAT_CONTROLLER, GObject)

struct _BkSeatControllerClass
{
  GObjectClass parent_class;

  BkSeatControllerKind kind;

  /* Holds the seat's moves until resume (calls nest), e.g. while a dialog is open. NULL:
   * the seat makes no move by itself. */
  void     (*pause)     (BkSeatController *self);
  void     (*resume)    (BkSeatController *self);
  /* The table has shown what it held: a move decided waits no longer. NULL: nothing
   * waits. */
  void     (*hurry)     (BkSeatController *self);
  /* Stops for good: nothing of this seat comes back into the game. NULL: nothing runs. */
  void     (*cancel)    (BkSeatController *self);
  /* 0: no pause before a move; 1: the normal pace. NULL: the seat has no pace. */
  void     (*set_speed) (BkSeatController *self,
                         double            speed);
  /* Nothing is thinking or about to move. NULL: always idle. */
  gboolean (*is_idle)   (BkSeatController *self);
};

BkSeatControllerKind bk_seat_controller_get_kind       (BkSeatController *self);
gboolean             bk_seat_controller_is_person_here (BkSeatController *self);
void                 bk_seat_controller_pause          (BkSeatController *self);
void                 bk_seat_controller_resume         (BkSeatController *self);
void                 bk_seat_controller_hurry          (BkSeatController *self);
void                 bk_seat_controller_cancel         (BkSeatController *self);
void                 bk_seat_controller_set_speed      (BkSeatController *self,
                                                        double            speed);
gboolean             bk_seat_controller_is_idle        (BkSeatController *self);

G_END_DECLS
