/* bk-game-seat.c: a seat's partner and a card it reaches for (bk-game-seat.h), asked of the
 * session so that a view keeps no rule of its own about them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-game-seat.h"

/* The one seat that plays with @seat in the current hand (the module's sides, e.g.
 * Bierkopf's partners opposite each other, B2.1); BK_SEAT_NONE when @seat plays alone or
 * with more than one, or before the first deal. */
BkSeat
bk_game_get_partner (BkGame *self,
                     BkSeat  seat)
{
  guint n_seats, side;
  BkSeat partner = BK_SEAT_NONE;

  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);
  n_seats = bk_game_get_n_seats (self);
  g_return_val_if_fail (seat < n_seats, BK_SEAT_NONE);

  if (bk_game_get_hand_number (self) == 0)
    return BK_SEAT_NONE;
  side = bk_game_get_side (self, seat);
  if (side == BK_SIDE_ALONE)
    return BK_SEAT_NONE;
  for (guint s = 0; s < n_seats; s++)
    {
      if (s == seat || bk_game_get_side (self, s) != side)
        continue;
      if (partner != BK_SEAT_NONE)
        return BK_SEAT_NONE;
      partner = (BkSeat) s;
    }
  return partner;
}

/* @seat reaches for @card while play is on: on its turn the card is played (FALSE with the
 * game's error when it may not be); before its turn, while the session waits for @seat to
 * answer an offer (bk_game_is_waiting_for_offer()), reaching for a card means playing on:
 * the offer passes (e.g. spec B3.6). Otherwise FALSE with
 * BK_ERROR_NOT_YOUR_TURN, and nothing changed. */
gboolean
bk_game_reach_for_card (BkGame   *self,
                        BkSeat    seat,
                        BkCard    card,
                        BkReach  *reach,
                        GError  **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < bk_game_get_n_seats (self), FALSE);
  g_return_val_if_fail (reach != NULL, FALSE);

  if (bk_game_get_phase (self) == BK_PHASE_PLAYING && bk_game_get_to_act (self) != seat &&
      bk_game_is_waiting_for_offer (self, seat))
    {
      bk_game_decline_offer (self, seat);
      *reach = BK_REACH_OFFER_PASSED;
      return TRUE;
    }
  if (!bk_game_play (self, seat, card, error))
    return FALSE;
  *reach = BK_REACH_PLAYED;
  return TRUE;
}
