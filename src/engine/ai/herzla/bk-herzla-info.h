/* bk-herzla-info.h: what one seat of a Herzla hand knows, and the deals it cannot tell
 * apart (docs/ai.md "Herzla computer players").
 *
 * The view holds the seat's own cards and the public record: the bids and their absence,
 * every card played, the voids a seat revealed by not following (and, under H4.2, a leader
 * who led a heart to the first two tricks holds nothing else). The cards of the others and
 * the cards laid aside in the simple form (H6.1) are unknown to it. A world is a deal of
 * the unseen cards consistent with the view; worlds are drawn uniformly, weighted by the
 * bids for the strongest level, or all enumerated when few are left.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"
#include "bk-rng.h"

G_BEGIN_DECLS

#define BK_HERZLA_NO_BID 0xff

typedef struct {
  /* The hand with every card the seat cannot see taken out: the others' hands, their
   * dealt cards and the cards aside are empty. */
  BkHerzlaHand public_hand;
  guint8       seat;
  guint8       n_players;
  guint8       n_held[BK_MAX_SEATS];  /* cards each seat still holds */
  guint8       n_aside;
  guint8       voids[BK_MAX_SEATS];   /* a bit per suit the seat has shown void in */
  guint8       bid[BK_MAX_SEATS];     /* each seat's bid (BkContract) or BK_HERZLA_NO_BID */
  BkHand       own;
  BkHand       played;
  BkHand       played_by[BK_MAX_SEATS];
  BkHand       unseen;                /* in the others' hands or aside */
} BkHerzlaInfo;

/* One deal of the unseen cards: the others' hands and the cards aside. */
typedef struct {
  BkHand hands[BK_MAX_SEATS];
  BkHand aside;
} BkHerzlaWorld;

void         bk_herzla_info_init        (BkHerzlaInfo        *info,
                                         const BkHerzlaHand  *state,
                                         guint                seat);
gboolean     bk_herzla_info_equal       (const BkHerzlaInfo  *a,
                                         const BkHerzlaInfo  *b);
gboolean     bk_herzla_info_consistent  (const BkHerzlaInfo  *info,
                                         const BkHerzlaWorld *world);
void         bk_herzla_info_make_hand   (const BkHerzlaInfo  *info,
                                         const BkHerzlaWorld *world,
                                         BkHerzlaHand        *state);
gboolean     bk_herzla_info_sample      (const BkHerzlaInfo  *info,
                                         BkRng               *rng,
                                         BkHerzlaWorld       *world);
guint        bk_herzla_info_enumerate   (const BkHerzlaInfo  *info,
                                         guint                limit,
                                         BkHerzlaWorld       *worlds);

/* Hand features for the bidding (H3) and the bid evidence. */
guint        bk_herzla_natural          (BkCard               card);
guint        bk_herzla_beddl_danger     (BkHand               hand,
                                         BkHerzlaVariant      variant);
guint        bk_herzla_mord_danger      (BkHand               hand,
                                         BkHerzlaVariant      variant,
                                         gboolean             leads);
double       bk_herzla_bid_likelihood   (BkHand               dealt,
                                         BkHerzlaVariant      variant,
                                         gboolean             vorhand,
                                         guint                bid);
double       bk_herzla_info_weight      (const BkHerzlaInfo  *info,
                                         const BkHerzlaWorld *world);

G_END_DECLS
