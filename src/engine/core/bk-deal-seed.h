/* bk-deal-seed.h: a deal from a 32-byte seed, by an algorithm written down in
 * docs/network.md ("The shuffle"), so that anybody who knows the seed can deal the same
 * hands again (the fair deal of a table over the network). Plain functions; they name no
 * game: the pack and the deal itself are the game module's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-module.h"

G_BEGIN_DECLS

#define BK_DEAL_SEED_SIZE 32

/* A stream of uniform numbers from a seed: SHA-256 in counter mode, under a label that
 * tells this use of the seed from any other ("bierkopf-deal" for the deal). */
typedef struct {
  guint8  seed[BK_DEAL_SEED_SIZE];
  const char *label;                 /* a static string */
  guint32 counter;                   /* the next block */
  guint8  block[32];
  guint   used;                      /* bytes of `block` already drawn */
} BkSeedStream;

void     bk_seed_stream_init    (BkSeedStream  *stream,
                                 const guint8  *seed);
void     bk_seed_stream_init_labelled (BkSeedStream *stream,
                                       const guint8 *seed,
                                       const char   *label);
guint32  bk_seed_stream_next    (BkSeedStream  *stream);
guint    bk_seed_stream_below   (BkSeedStream  *stream,
                                 guint          n);
void     bk_seed_stream_shuffle (BkSeedStream  *stream,
                                 BkCard        *cards,
                                 guint          n);

/* The deal of @rules' game from @seed: the pack shuffled, then, when @dealer is
 * BK_SEAT_NONE (any seat may deal), the dealer drawn, then the module deals. @hands has
 * BK_MAX_SEATS entries; @aside may be NULL. Returns the dealer. */
BkSeat   bk_deal_from_seed      (const BkRules *rules,
                                 const guint8  *seed,
                                 BkSeat         dealer,
                                 BkHand        *hands,
                                 BkHand        *aside);

G_END_DECLS
