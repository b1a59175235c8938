/* bk-deal-seed.c: the deal from a 32-byte seed (docs/network.md, "The shuffle").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <string.h>

#include "bk-deal-seed.h"

/* Told apart from any other use of the same seed. */
static const char stream_label[] = "bierkopf-deal";

void
bk_seed_stream_init (BkSeedStream *stream,
                     const guint8 *seed)
{
  bk_seed_stream_init_labelled (stream, seed, stream_label);
}

/* Another use of the same seed (e.g. a game's ceremony before the deal) under a label of
 * its own, so that its numbers tell nothing of the deal's. */
void
bk_seed_stream_init_labelled (BkSeedStream *stream,
                              const guint8 *seed,
                              const char   *label)
{
  g_return_if_fail (stream != NULL && seed != NULL && label != NULL);

  memcpy (stream->seed, seed, BK_DEAL_SEED_SIZE);
  stream->label = label;
  stream->counter = 0;
  stream->used = sizeof stream->block;
}

/* Block k is SHA-256(seed ‖ label ‖ k as 4 bytes big-endian), the label's ASCII bytes
 * without a terminator. */
static void
next_block (BkSeedStream *stream)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 counter[4] = {
    (guint8) (stream->counter >> 24), (guint8) (stream->counter >> 16),
    (guint8) (stream->counter >> 8), (guint8) stream->counter
  };
  gsize length = sizeof stream->block;

  g_checksum_update (checksum, stream->seed, BK_DEAL_SEED_SIZE);
  g_checksum_update (checksum, (const guchar *) stream->label, strlen (stream->label));
  g_checksum_update (checksum, counter, sizeof counter);
  g_checksum_get_digest (checksum, stream->block, &length);
  g_assert (length == sizeof stream->block);
  stream->counter++;
  stream->used = 0;
}

/* The next 4 bytes of the stream, big-endian. */
guint32
bk_seed_stream_next (BkSeedStream *stream)
{
  guint32 value;

  g_return_val_if_fail (stream != NULL, 0);

  if (stream->used + 4 > sizeof stream->block)
    next_block (stream);
  value = (guint32) stream->block[stream->used] << 24 |
          (guint32) stream->block[stream->used + 1] << 16 |
          (guint32) stream->block[stream->used + 2] << 8 |
          (guint32) stream->block[stream->used + 3];
  stream->used += 4;
  return value;
}

/* Uniform in [0, n), 0 < n: a draw at or above the largest multiple of n below 2^32 is
 * drawn again, so that no number is more likely than another. */
guint
bk_seed_stream_below (BkSeedStream *stream,
                      guint         n)
{
  guint64 limit;
  guint32 value;

  g_return_val_if_fail (stream != NULL && n > 0, 0);

  limit = (G_GUINT64_CONSTANT (1) << 32) - (G_GUINT64_CONSTANT (1) << 32) % n;
  do
    value = bk_seed_stream_next (stream);
  while (value >= limit);
  return value % n;
}

/* Fisher-Yates from the last place down: place i takes the card at a place drawn in
 * [0, i]. */
void
bk_seed_stream_shuffle (BkSeedStream *stream,
                        BkCard       *cards,
                        guint         n)
{
  g_return_if_fail (stream != NULL && (cards != NULL || n == 0));

  for (guint i = n; i > 1; i--)
    {
      guint j = bk_seed_stream_below (stream, i);
      BkCard t = cards[i - 1];

      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

BkSeat
bk_deal_from_seed (const BkRules *rules,
                   const guint8  *seed,
                   BkSeat         dealer,
                   BkHand        *hands,
                   BkHand        *aside)
{
  const BkGameModule *module;
  BkHand deck, put_aside = 0;
  BkCard cards[BK_N_CARDS];
  BkSeedStream stream;
  guint n = 0;

  g_return_val_if_fail (rules != NULL && seed != NULL && hands != NULL, BK_SEAT_NONE);
  module = bk_game_module_get (rules->game);
  g_return_val_if_fail (dealer == BK_SEAT_NONE || dealer < module->n_seats (rules),
                        BK_SEAT_NONE);

  /* The pack in the order of the card numbers (bk-card.h), then shuffled. */
  for (deck = module->trick_rules ()->deck (rules); deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  bk_seed_stream_init (&stream, seed);
  bk_seed_stream_shuffle (&stream, cards, n);
  if (dealer == BK_SEAT_NONE)
    dealer = (BkSeat) bk_seed_stream_below (&stream, module->n_seats (rules));

  memset (hands, 0, BK_MAX_SEATS * sizeof *hands);
  module->deal (rules, cards, dealer, hands, &put_aside);
  if (aside)
    *aside = put_aside;
  return dealer;
}
