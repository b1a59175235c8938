/* bk-seating.h: the seating ceremony that starts a session (spec B2.1, B2.2), and its
 * random draw from a 32-byte seed (a table's fair deal, docs/network.md "The seating").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-seats.h"

G_BEGIN_DECLS

typedef struct {
  BkCard cards[BK_N_CARDS];     /* the face-up cards, in the order dealt */
  guint8 to[BK_N_CARDS];        /* the seat (before moving) each card went to */
  guint8 n;
  guint8 first;                 /* holder of the first Sau: stays, deals first */
  guint8 second;                /* holder of the second Sau: the first one's partner */
  guint8 moved[BK_N_SEATS];     /* moved[seat before] = seat after; South never moves */
} BkSeating;

gboolean     bk_seating_run     (BkSeating     *seating,
                                 const BkCard  *cards,
                                 guint          n_cards,
                                 BkSeat         start,
                                 GError       **error);
BkSeat       bk_seating_draw_from_seed (BkHand         deck,
                                        const guint8  *seed,
                                        BkCard        *cards,
                                        guint         *n_cards);

static inline BkSeat
bk_seating_first_dealer (const BkSeating *seating)
{
  return (BkSeat) seating->moved[seating->first];
}

G_END_DECLS
