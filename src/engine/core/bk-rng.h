/* bk-rng.h: a small, fast, seedable random generator (splitmix64), the same on every
 * machine, so a seed always gives the same deals and the same continuation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 state;
} BkRng;

static inline guint64
bk_rng_mix (guint64 z)
{
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline void
bk_rng_init (BkRng   *rng,
             guint64  seed,
             guint64  stream)
{
  rng->state = bk_rng_mix (seed ^ bk_rng_mix (stream + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)));
}

static inline guint64
bk_rng_next (BkRng *rng)
{
  rng->state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return bk_rng_mix (rng->state);
}

/* Uniform in [0, n), n > 0; Lemire's multiply-shift, bias below 2^-32 for our small n. */
static inline guint
bk_rng_below (BkRng *rng,
              guint  n)
{
  return (guint) (((bk_rng_next (rng) >> 32) * (guint64) n) >> 32);
}

static inline void
bk_rng_shuffle (BkRng  *rng,
                guint8 *items,
                guint   n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = bk_rng_below (rng, i);
      guint8 t = items[i - 1];
      items[i - 1] = items[j];
      items[j] = t;
    }
}

G_END_DECLS
