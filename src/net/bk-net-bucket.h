/* bk-net-bucket.h: a token bucket (docs/network.md, "Caps"): the host's cap on each
 * occupant's stanzas, and the same measure by which a guest paces its own, so that a
 * well-behaved guest never meets the cap. Times are monotonic microseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double burst;      /* the most tokens it holds */
  double per_second; /* tokens added a second */
  double tokens;
  gint64 last;       /* when tokens was counted */
} BkNetBucket;

/* A full bucket at @now. */
void     bk_net_bucket_init (BkNetBucket *bucket,
                             double       burst,
                             double       per_second,
                             gint64       now);
/* Takes a token at @now: FALSE (and nothing taken) when there is none. */
gboolean bk_net_bucket_take (BkNetBucket *bucket,
                             gint64       now);
/* When the bucket holds a token again (@now or later). */
gint64   bk_net_bucket_next (BkNetBucket *bucket,
                             gint64       now);

G_END_DECLS
