/* bk-played-hand.c: a hand of Bierkopf copied for the review and the hint.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-error.h"
#include "bk-played-hand.h"

struct _BkPlayedHand
{
  BkHandState state;
};

/* A copy of @game's hand as it is now (a session of Bierkopf that has dealt a hand). */
BkPlayedHand *
bk_played_hand_new_from_game (BkGame *game)
{
  BkPlayedHand *self;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (bk_game_get_module (game)->kind == BK_GAME_BIERKOPF, NULL);

  self = g_new0 (BkPlayedHand, 1);
  self->state = *bk_bierkopf_game_get_state (game);
  return self;
}

/* The last finished hand of @record (e.g. a hand stored in the history). */
BkPlayedHand *
bk_played_hand_new_from_record (const char  *record,
                                GError     **error)
{
  g_autoptr (GArray) hands = NULL;
  BkPlayedHand *self;

  g_return_val_if_fail (record != NULL, NULL);

  hands = bk_review_read_record (record, strlen (record), NULL, NULL, error);
  if (hands == NULL)
    return NULL;
  if (hands->len == 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The record holds no finished hand."));
      return NULL;
    }
  self = g_new0 (BkPlayedHand, 1);
  self->state = g_array_index (hands, BkHandState, hands->len - 1);
  return self;
}

BkPlayedHand *
bk_played_hand_copy (const BkPlayedHand *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_memdup2 (self, sizeof *self);
}

void
bk_played_hand_free (BkPlayedHand *self)
{
  g_free (self);
}

gboolean
bk_played_hand_is_over (const BkPlayedHand *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return bk_hand_state_is_over (&self->state);
}

BkSeat
bk_played_hand_get_dealer (const BkPlayedHand *self)
{
  g_return_val_if_fail (self != NULL, BK_SEAT_NONE);
  return (BkSeat) self->state.dealer;
}

/* The cards @seat was dealt. */
BkHand
bk_played_hand_get_dealt (const BkPlayedHand *self,
                          BkSeat              seat)
{
  g_return_val_if_fail (self != NULL && seat < BK_N_SEATS, 0);
  return self->state.dealt[seat];
}

/* The actions since the deal (talk, doubling, cards), in order. */
guint
bk_played_hand_get_n_actions (const BkPlayedHand *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->state.n_history;
}

BkAction
bk_played_hand_get_action (const BkPlayedHand *self,
                           guint               index)
{
  BkAction none = { 0 };

  g_return_val_if_fail (self != NULL && index < self->state.n_history, none);
  return self->state.history[index];
}

/* Who took the last trick taken. */
BkSeat
bk_played_hand_get_last_winner (const BkPlayedHand *self)
{
  g_return_val_if_fail (self != NULL, BK_SEAT_NONE);
  return (BkSeat) self->state.last_winner;
}

/* @cards in the order the table shows a hand in this hand's game (trumps first), into
 * @sorted (room for BK_N_CARDS); returns how many. */
guint
bk_played_hand_sort (const BkPlayedHand *self,
                     BkHand              cards,
                     BkCard             *sorted)
{
  g_return_val_if_fail (self != NULL && sorted != NULL, 0);
  return bk_hand_sorted (self->state.game, cards, sorted);
}

/* bk_review_hand() of the hand, which must be over. */
BkReview *
bk_played_hand_review (const BkPlayedHand *self,
                       BkSeat              seat,
                       double              threshold,
                       guint64             seed,
                       GCancellable       *cancellable,
                       BkReviewProgress    progress,
                       gpointer            user_data,
                       GError            **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  return bk_review_hand (&self->state, seat, threshold, seed, cancellable, progress, user_data,
                         error);
}

/* bk_review_hint() at the hand's position. */
gboolean
bk_played_hand_hint (const BkPlayedHand *self,
                     BkSeat              seat,
                     guint64             seed,
                     BkReviewHint       *hint,
                     GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return bk_review_hint (&self->state, seat, seed, hint, error);
}

/* The Meister's card for @seat now, with its reasons (the practice hand, bk-reason.h). */
gboolean
bk_played_hand_advise (const BkPlayedHand *self,
                       BkSeat              seat,
                       guint64             seed,
                       BkAdvice           *advice,
                       GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return bk_reason_advise (&self->state, seat, seed, advice, error);
}

/* The Meister's word or doubling for @seat now, with its reasons. */
gboolean
bk_played_hand_advise_say (const BkPlayedHand *self,
                           BkSeat              seat,
                           guint64             seed,
                           BkSayAdvice        *advice,
                           GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return bk_reason_advise_say (&self->state, seat, seed, advice, error);
}

/* A new session whose first hand is this hand's deal: the same rules, dealer and cards at
 * the same seats, no word said and no card played yet. */
BkGame *
bk_played_hand_deal_again (const BkPlayedHand  *self,
                           guint64              seed,
                           GError             **error)
{
  g_autoptr (BkGame) game = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  game = bk_game_new (&self->state.rules, seed);
  if (!bk_game_deal (game, (BkSeat) self->state.dealer, self->state.dealt, 0, error))
    return NULL;
  return g_steal_pointer (&game);
}
