/* bk-remote-controller.h: a seat of a table with friends played at another computer: by a
 * person (a guest, or the host) or by one of the host's computer players. Its moves are
 * the table's: they come from the table host, through the window's BkRemoteFeed. The
 * controller says whether its player is here, thinking or away (and how long the table
 * waits for him), for the chairs to show.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-remote-feed.h"
#include "bk-seat-controller.h"

G_BEGIN_DECLS

typedef enum {
  BK_REMOTE_HERE,      /* at the table, not asked now */
  BK_REMOTE_THINKING,  /* the table waits for his move */
  BK_REMOTE_AWAY,      /* dropped: the table waits for him to come back */
} BkRemotePresence;

#define BK_TYPE_REMOTE_CONTROLLER (bk_remote_controller_get_type ())

G_DECLARE_FINAL_TYPE (BkRemoteController, bk_remote_controller, BK, REMOTE_CONTROLLER,
                      BkSeatController)

/* @computer: one of the host's computer players plays the seat. */
BkSeatController *bk_remote_controller_new          (BkRemoteFeed       *feed,
                                                     gboolean            computer);
gboolean          bk_remote_controller_is_computer  (BkRemoteController *self);
BkRemotePresence  bk_remote_controller_get_presence (BkRemoteController *self);
/* How long the table waits for an away player, in seconds (0 when he is here). */
guint             bk_remote_controller_get_wait     (BkRemoteController *self);
/* Notifies "presence". */
void              bk_remote_controller_set_presence (BkRemoteController *self,
                                                     BkRemotePresence    presence,
                                                     guint               wait);

G_END_DECLS
