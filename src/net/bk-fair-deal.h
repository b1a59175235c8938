/* bk-fair-deal.h: the fair deal of a table (docs/network.md, "The fair deal"): the host's
 * commitment, the seed of a hand from the host's secret and each seated person's, and the
 * check of a finished hand once the secrets are revealed: the commitment, the seed, the
 * deal, and every action replayed through the engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-deal-seed.h"
#include "bk-net-protocol.h"

G_BEGIN_DECLS

G_STATIC_ASSERT (BK_NET_SECRET_SIZE == BK_DEAL_SEED_SIZE);

/* A secret from the kernel's CSPRNG (getrandom(2)), or from the source a test set. */
gboolean  bk_fair_deal_new_secret  (guint8        *secret,
                                    GError       **error);
/* For tests: every secret of the process from @source (NULL: the CSPRNG again), so that a
 * table's seeds, and with them its deals and seatings, repeat. */
typedef void (*BkFairDealSource) (guint8   *secret,
                                  gpointer  user_data);
void      bk_fair_deal_set_source  (BkFairDealSource source,
                                    gpointer      user_data);
void      bk_fair_deal_commitment  (const guint8  *host_secret,
                                    guint8        *commitment);
/* SHA-256(s_host ‖ s_1 ‖ … ‖ s_n ‖ room ‖ hand number as 4 bytes big-endian), the
 * seats' secrets in the order of the seats. */
void      bk_fair_deal_seed        (const guint8  *host_secret,
                                    const guint8 (*secrets)[BK_NET_SECRET_SIZE],
                                    guint          n_secrets,
                                    const char    *room,
                                    guint          hand_number,
                                    guint8        *seed);

/* One finished hand as a guest saw it. */
typedef struct {
  const char   *room;
  guint         hand_number;       /* the hand the host committed to and revealed */
  guint         expected_hand;     /* the hand that had to come next (consecutive) */
  guint8        commitment[BK_NET_SECRET_SIZE];   /* as posted before the deal */
  const BkNetStanza *reveal;       /* BK_NET_REVEAL */
  BkSeat        own_seat;          /* our chair (bk_net_seat_chair()); BK_SEAT_NONE: a
                                    * spectator */
  gboolean      own_secret_known;  /* FALSE after a restart of the guest */
  guint8        own_secret[BK_NET_SECRET_SIZE];
  guint32       person_seats;      /* bit per chair that a person holds (sends a secret) */
  BkHand        own_cards;         /* the cards the host sent, when own_seat is one */
} BkFairDealHand;

/* Checks @hand: @before is the whole record before it (the header, then every finished
 * hand in full), @lines the hand's public lines as the room saw them. On success
 * @record (may be NULL) is @before with the whole hand, its deal recomputed from the
 * seed; FALSE with BK_NET_ERROR_VERIFY saying exactly what failed. */
gboolean  bk_fair_deal_verify      (const BkFairDealHand *hand,
                                    const char    *before,
                                    const char    *lines,
                                    char         **record,
                                    GError       **error);

G_END_DECLS
