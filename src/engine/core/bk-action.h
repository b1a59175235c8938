/* bk-action.h: seats and one request to the game; what an action means is the game
 * module's (bk-game-module.h), and so are the names of the seats.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "bk-card.h"

G_BEGIN_DECLS

/* A seat: its number clockwise as play goes, 0 the person (notation.md), below the game's
 * number of seats (3 to BK_MAX_SEATS, bk_game_get_n_seats()). */
typedef guint BkSeat;
#define BK_SEAT_NONE 0xffu

/* What a request is: a card played, which every game has, or one of the game module's
 * own kinds (its steps before play, its answers to offers), which the module numbers with
 * any value but BK_ACTION_PLAY (e.g. bk-bierkopf-talk.h, bk-herzla.h). */
typedef guint8 BkActionType;
#define BK_ACTION_PLAY ((BkActionType) 3)

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

G_END_DECLS
