/* bk-action.h: seats and one request to the game; what an action means is the game
 * module's (bk-game-module.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "bk-card.h"

G_BEGIN_DECLS

/* Clockwise as play goes, the human at the bottom (notation.md). */
typedef enum {
  BK_SEAT_S,
  BK_SEAT_W,
  BK_SEAT_N,
  BK_SEAT_E,
  BK_N_SEATS,
  BK_SEAT_NONE = 0xff
} BkSeat;

static inline BkSeat
bk_seat_after (BkSeat seat,
               guint  steps)
{
  return (BkSeat) ((seat + steps) & 3);
}

typedef enum {
  BK_ACTION_TALK,
  BK_ACTION_DOUBLE,
  BK_ACTION_PASS,
  BK_ACTION_PLAY,
  BK_ACTION_BID,    /* Herzla (H3): arg is the BkContract bid, normal for "weiter" */
} BkActionType;

typedef struct {
  guint8 type; /* BkActionType */
  guint8 seat; /* BkSeat */
  guint8 arg;  /* BkCard for PLAY; for the module's other actions what it says there (e.g.
                a word of Bierkopf's talk, a contract of Herzla's bidding) */
} BkAction;

static inline BkAction
bk_action_make (BkActionType type,
                BkSeat       seat,
                guint        arg)
{
  BkAction action = { (guint8) type, (guint8) seat, (guint8) arg };
  return action;
}

const char  *bk_seat_to_string   (BkSeat       seat);
const char  *bk_seat_display_name (BkSeat      seat);
gboolean     bk_seat_parse       (const char  *text,
                                  BkSeat      *seat,
                                  GError     **error);

G_END_DECLS
