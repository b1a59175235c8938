/* bk-net-bucket.c: a token bucket (bk-net-bucket.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "bk-net-bucket.h"

void
bk_net_bucket_init (BkNetBucket *bucket,
                    double       burst,
                    double       per_second,
                    gint64       now)
{
  g_return_if_fail (bucket != NULL && burst >= 1 && per_second > 0);

  bucket->burst = burst;
  bucket->per_second = per_second;
  bucket->tokens = burst;
  bucket->last = now;
}

static void
refill (BkNetBucket *bucket,
        gint64       now)
{
  /* a clock that went back adds nothing */
  if (now > bucket->last)
    bucket->tokens = MIN (bucket->burst, bucket->tokens + (double) (now - bucket->last) /
                                                          G_USEC_PER_SEC * bucket->per_second);
  bucket->last = MAX (bucket->last, now);
}

gboolean
bk_net_bucket_take (BkNetBucket *bucket,
                    gint64       now)
{
  g_return_val_if_fail (bucket != NULL, FALSE);

  refill (bucket, now);
  if (bucket->tokens < 1)
    return FALSE;
  bucket->tokens -= 1;
  return TRUE;
}

gint64
bk_net_bucket_next (BkNetBucket *bucket,
                    gint64       now)
{
  g_return_val_if_fail (bucket != NULL, now);

  refill (bucket, now);
  if (bucket->tokens >= 1)
    return now;
  /* one microsecond more, so that rounding never leaves the token a hair short */
  return bucket->last + 1 +
         (gint64) ceil ((1 - bucket->tokens) / bucket->per_second * G_USEC_PER_SEC);
}
