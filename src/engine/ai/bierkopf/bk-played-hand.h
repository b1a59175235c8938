/* bk-played-hand.h: a copy of one hand of Bierkopf, finished or running, as the view
 * keeps it for the review and the hint (issue 17) without reading the hand state: what
 * was dealt, the actions in order, and the review, the hint and the deal played again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"
#include "bk-reason.h"
#include "bk-review.h"

G_BEGIN_DECLS

typedef struct _BkPlayedHand BkPlayedHand;

BkPlayedHand *bk_played_hand_new_from_game   (BkGame              *game);
BkPlayedHand *bk_played_hand_new_from_record (const char          *record,
                                              GError             **error);
BkPlayedHand *bk_played_hand_copy            (const BkPlayedHand  *self);
void          bk_played_hand_free            (BkPlayedHand        *self);
gboolean      bk_played_hand_is_over         (const BkPlayedHand  *self);
BkSeat        bk_played_hand_get_dealer      (const BkPlayedHand  *self);
BkHand        bk_played_hand_get_dealt       (const BkPlayedHand  *self,
                                              BkSeat               seat);
guint         bk_played_hand_get_n_actions   (const BkPlayedHand  *self);
BkAction      bk_played_hand_get_action      (const BkPlayedHand  *self,
                                              guint                index);
BkSeat        bk_played_hand_get_last_winner (const BkPlayedHand  *self);
guint         bk_played_hand_sort            (const BkPlayedHand  *self,
                                              BkHand               cards,
                                              BkCard              *sorted);
BkReview     *bk_played_hand_review          (const BkPlayedHand  *self,
                                              BkSeat               seat,
                                              double               threshold,
                                              guint64              seed,
                                              GCancellable        *cancellable,
                                              BkReviewProgress     progress,
                                              gpointer             user_data,
                                              GError             **error);
gboolean      bk_played_hand_hint            (const BkPlayedHand  *self,
                                              BkSeat               seat,
                                              guint64              seed,
                                              BkReviewHint        *hint,
                                              GError             **error);
gboolean      bk_played_hand_advise          (const BkPlayedHand  *self,
                                              BkSeat               seat,
                                              guint64              seed,
                                              BkAdvice            *advice,
                                              GError             **error);
gboolean      bk_played_hand_advise_say      (const BkPlayedHand  *self,
                                              BkSeat               seat,
                                              guint64              seed,
                                              BkSayAdvice         *advice,
                                              GError             **error);
BkGame       *bk_played_hand_deal_again      (const BkPlayedHand  *self,
                                              guint64              seed,
                                              GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkPlayedHand, bk_played_hand_free)

G_END_DECLS
