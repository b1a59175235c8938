/* bk-game-offer.c: a session's computer turns and the answers a seat owes outside the
 * turn order (the module's offers): who is due, whom the session waits for, and a seat
 * letting an offer pass.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <string.h>

#include "bk-game-internal.h"
#include "bk-rng.h"

static guint64
decision_seed (BkGame *self)
{
  return bk_rng_mix (self->seed ^ bk_rng_mix (((guint64) self->hand_number << 16) |
                                              self->n_actions));
}

/* The seats asked about an offer at the current card: the record of who was asked is
 * only good for the card it was made at. */
static guint
offer_asked_now (BkGame *self)
{
  return self->offer_position == self->n_cards
         ? self->offer_asked : 0;
}

static gboolean
offer_may_answer (BkGame *self,
                  BkSeat  seat)
{
  return self->module->offer_may_answer &&
         self->module->offer_may_answer (self->hand, seat);
}

/* A computer player who may answer the module's offer now and was not asked at this card
 * yet, or BK_SEAT_NONE. */
static BkSeat
computer_offer_due (BkGame *self)
{
  guint asked = offer_asked_now (self);

  if (self->phase != BK_PHASE_PLAYING || !self->module->offer_open ||
      !self->module->offer_open (self->hand))
    return BK_SEAT_NONE;
  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (self->strategies[s] && !(asked & (1u << s)) && offer_may_answer (self, (BkSeat) s))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* @seat, driven from outside, may answer an offer now and has not answered it at this
 * level yet. */
gboolean
bk_game_offer_owed (BkGame *self,
                    BkSeat  seat)
{
  return self->phase == BK_PHASE_PLAYING && self->strategies[seat] == NULL &&
         offer_may_answer (self, seat) &&
         self->offer_declined[seat] != self->module->offer_level (self->hand) + 1u;
}

/* Whether the session waits for @seat, a seat driven from outside (a person), to answer
 * the module's offer (e.g. B3.6): @seat may answer, the computer players who may answer
 * at this card have been asked, and @seat has neither taken nor declined the offer at
 * this level. While it waits, no computer player plays a card. A seat answers once per
 * level: after declining it may still take the offer while the module allows it, but
 * play no longer waits for it until a new level begins. */
gboolean
bk_game_is_waiting_for_offer (BkGame *self,
                              BkSeat  seat)
{
  g_return_val_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self), FALSE);
  return bk_game_offer_owed (self, seat) && computer_offer_due (self) == BK_SEAT_NONE;
}

/* The seat whose answer to an offer the session waits for, or BK_SEAT_NONE. */
BkSeat
bk_game_get_waiting_for (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), BK_SEAT_NONE);

  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (bk_game_is_waiting_for_offer (self, (BkSeat) s))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The computer player due now: first any who may answer the module's offer and was not
 * asked at this card yet, then the one whose turn it is. FALSE when a seat driven from
 * outside is due, or the session waits for its answer to an offer, or the hand is over.
 * Only reads the game: the answer is given with bk_game_decline_offer() or by applying
 * the move. */
gboolean
bk_game_get_computer_turn (BkGame         *self,
                           BkComputerTurn *turn)
{
  BkSeat offered;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (turn != NULL, FALSE);

  if (self->phase != BK_PHASE_BIDDING && self->phase != BK_PHASE_PLAYING)
    return FALSE;

  turn->seed = decision_seed (self);
  turn->generation = self->generation;
  memcpy (turn->hand.bytes, self->hand, self->module->hand_size);
  turn->module = self->module;

  offered = computer_offer_due (self);
  if (offered != BK_SEAT_NONE)
    {
      turn->seat = offered;
      turn->offer = TRUE;
      return TRUE;
    }
  for (guint s = 0; s < bk_game_get_n_seats (self); s++)
    if (bk_game_offer_owed (self, (BkSeat) s))
      return FALSE;

  turn->seat = (BkSeat) self->module->to_act (self->hand);
  turn->offer = FALSE;
  return self->strategies[turn->seat] != NULL;
}

void
bk_game_offer_mark_declined (BkGame *self,
                             BkSeat  seat)
{
  guint position = self->n_cards;

  if (position != self->offer_position)
    {
      self->offer_position = position;
      self->offer_asked = 0;
    }
  self->offer_asked |= 1u << seat;
  if (self->strategies[seat] == NULL)
    self->offer_declined[seat] = self->module->offer_level (self->hand) + 1u;
}

/* @seat lets the module's offer pass: a computer player at this card, a seat driven from
 * outside at this level (play no longer waits for it; see
 * bk_game_is_waiting_for_offer()). The module then tells of it (offer_declined). */
void
bk_game_decline_offer (BkGame *self,
                       BkSeat  seat)
{
  g_return_if_fail (BK_IS_GAME (self) && seat < bk_game_get_n_seats (self));

  if (self->phase != BK_PHASE_PLAYING || !offer_may_answer (self, seat))
    return;
  bk_game_offer_mark_declined (self, seat);
  if (self->module->offer_declined)
    self->module->offer_declined (self, seat);
  bk_game_emit_acted (self, seat);
}
