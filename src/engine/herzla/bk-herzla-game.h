/* bk-herzla-game.h: what a session (BkGame) of Herzla offers beyond the core
 * (docs/rules-herzla.md H3-H6): the bidding request, the score of the session read from the
 * module's score, and the events the Herzla module adds to BkGame:
 *
 *   "bid-said" (seat, contract): a bid, BK_CONTRACT_NORMAL for weiter (H3.1);
 *   "contract-decided" (declarer, contract): the bidding is over; the normal game has the
 *     declarer BK_SEAT_NONE (H3.2); only the four-player game bids;
 *   "hand-ended-early" (seat, contract): @seat took the trick that broke the contract
 *     (H4.3, H4.4), the hand is over;
 *   "hearts-taken" (seat, n): @seat took a trick with n hearts (H1.3);
 *   "payments" (const BkHerzlaPayment *): the four-player hand's payments (H5), valid
 *     during the emission;
 *   "stock-changed" (cents): the stock after a hand that changed it (H5.2-H5.4);
 *   "session-over": the agreed rounds are played, or a total reached the limit (H6.3);
 *   "hand-scored" (the core's) hands on a const BkHerzlaResult *;
 *   the properties "contract" (BkContract), "declarer" (a seat, BK_SEAT_NONE in the normal
 *   game), "stock" (cents).
 *
 * The module tells of the bids and the tricks while the core applies the request, so
 * "hearts-taken" and "hand-ended-early" come before the core's "card-played" and
 * "trick-completed" of the same card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"
#include "bk-herzla-module.h"

G_BEGIN_DECLS

const BkHerzlaHand    *bk_herzla_game_get_hand         (BkGame      *game);
const BkHerzlaScore   *bk_herzla_game_get_score        (BkGame      *game);
BkContract             bk_herzla_game_get_contract     (BkGame      *game);
guint                  bk_herzla_game_get_declarer     (BkGame      *game);
gint                   bk_herzla_game_get_balance      (BkGame      *game,
                                                        guint        seat);
gint                   bk_herzla_game_get_stock        (BkGame      *game);
guint                  bk_herzla_game_get_penalty      (BkGame      *game,
                                                        guint        seat);
guint                  bk_herzla_game_get_hearts       (BkGame      *game,
                                                        guint        seat);
gboolean               bk_herzla_game_is_session_over  (BkGame      *game);
const BkHerzlaPayment *bk_herzla_game_get_last_payment (BkGame      *game);
const BkHerzlaResult  *bk_herzla_game_get_last_result  (BkGame      *game);
gboolean               bk_herzla_game_settle           (BkGame      *game,
                                                        BkHerzlaScore *settled,
                                                        GError     **error);
gboolean               bk_herzla_game_bid              (BkGame      *game,
                                                        guint        seat,
                                                        BkContract   contract,
                                                        GError     **error);

/* For the module (bk-herzla-module.c): BkGame's class hooks. */
void                   bk_herzla_game_class_init       (GObjectClass   *klass,
                                                        guint           first_prop_id);
gboolean               bk_herzla_game_get_property     (BkGame         *game,
                                                        guint           prop_id,
                                                        GValue         *value);
void                   bk_herzla_game_changed          (BkGame         *game,
                                                        const BkAction *action);
void                   bk_herzla_game_scored           (BkGame         *game,
                                                        gboolean        session_over);

G_END_DECLS
