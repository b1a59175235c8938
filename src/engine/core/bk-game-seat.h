/* bk-game-seat.h: what a seat driven from outside (a person) asks about itself and does
 * beyond its turn, whatever the game: who plays with it, and a card it reaches for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* What became of a card reached for (bk_game_reach_for_card()). */
typedef enum {
  BK_REACH_PLAYED,       /* it was @seat's turn: the card is played */
  BK_REACH_OFFER_PASSED, /* not its turn: the offer it was asked to answer passes (B3.6) */
} BkReach;

BkSeat   bk_game_get_partner    (BkGame  *self,
                                 BkSeat   seat);
gboolean bk_game_reach_for_card (BkGame  *self,
                                 BkSeat   seat,
                                 BkCard   card,
                                 BkReach *reach,
                                 GError **error);

G_END_DECLS
