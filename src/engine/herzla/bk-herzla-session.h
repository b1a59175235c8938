/* bk-herzla-session.h: what a Herzla session keeps from hand to hand and tells of each hand
 * (docs/rules-herzla.md H5, H6.2, H6.3), as plain data (a memcpy copies it): the balances in
 * cents and the stock of the four-player game, the penalty totals of the simple form, the
 * hands played, whether the session is over, and the last hand's result.
 *
 * A round is one deal by every player (n_players hands). The session ends after the
 * agreed number of rounds (BkHerzlaRules.rounds, 0: never) or, in the simple form, as soon
 * as a penalty total reaches the limit (BkHerzlaRules.limit, 0: never); the lowest total
 * wins (H6.3). When the four-player session ends and the stock is to be shared out at its
 * end (H5.4, house rule), the last hand's payments include the shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"

G_BEGIN_DECLS

/* One finished hand as the session scored it ("hand-scored" hands on a pointer to it). */
typedef struct {
  BkHerzlaTally   tally;                /* what the tricks held */
  BkHerzlaPayment payment;              /* the four-player game; in the simple form no
                                         * cents, the stock unchanged */
  guint           totals[BK_MAX_SEATS]; /* penalty totals after the hand (H6.2) */
  gint            stock_in;             /* the stock before the hand */
  gint            stock_shared;         /* H5.4: shared out as the session ended, in
                                         * payment.cents (house rule "session-end") */
  guint8          variant;              /* BkHerzlaVariant */
  guint8          session_over;         /* this hand ended the session (H6.3) */
} BkHerzlaResult;

/* What a Herzla session carries from hand to hand (H5, H6). */
typedef struct {
  guint8          variant;              /* BkHerzlaVariant */
  guint8          n_players;
  guint8          over;                 /* the session is over (H6.3) */
  guint           hands;                /* hands scored */
  gint            cents[BK_MAX_SEATS];  /* balances: received (positive) or paid */
  gint            stock;                /* H5.6: balances and stock sum to zero */
  guint           received[BK_MAX_SEATS]; /* the balances in two parts: the cents won */
  guint           paid[BK_MAX_SEATS];   /* and lost hand by hand (cents = received - paid) */
  guint           penalty[BK_MAX_SEATS];/* hearts taken in the session (H6.2) */
  BkHerzlaResult  last;                 /* valid once hands > 0 */
} BkHerzlaScore;

void         bk_herzla_score_init     (BkHerzlaScore       *score,
                                       const BkHerzlaRules *rules);
gboolean     bk_herzla_score_add      (BkHerzlaScore       *score,
                                       const BkHerzlaHand  *hand);
gint         bk_herzla_score_finish   (BkHerzlaScore       *score,
                                       const BkHerzlaRules *rules,
                                       guint                first);
guint        bk_herzla_score_rounds   (const BkHerzlaScore *score);
guint32      bk_herzla_score_winners  (const BkHerzlaScore *score);

G_END_DECLS
