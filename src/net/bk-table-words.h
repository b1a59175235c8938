/* bk-table-words.h: free words at a table (docs/network.md, 3.13 "Free words"): what the
 * pub table hears besides the game's talk. Words travel as a plain groupchat <body/>
 * without a payload of ours, so that any XMPP client in the room takes part; they are
 * untrusted text, made one plain line (no control characters, no line breaks, no
 * direction overrides) and capped in length, and each occupant's are capped in rate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "bk-net-bucket.h"

G_BEGIN_DECLS

/* the longest words, in characters: a few sentences */
#define BK_NET_WORDS_MAX_CHARS 300
/* what an occupant may say: a burst of 5, then one every 2 seconds */
#define BK_NET_WORDS_BURST 5
#define BK_NET_WORDS_PER_SECOND 0.5

/* @text as one plain line: FALSE with BK_NET_ERROR_MALFORMED when nothing is left, or
 * BK_NET_ERROR_TOO_LARGE above BK_NET_WORDS_MAX_CHARS (the sender's own rule). */
char     *bk_net_words_clean (const char  *text,
                              GError     **error);
/* A body heard: the same line, cut at BK_NET_WORDS_MAX_CHARS with "…"; NULL when nothing
 * is left. Any bytes (invalid UTF-8 is mended first). */
char     *bk_net_words_heard (const char  *body);

/* Each occupant's rate of words heard (by nickname), and our own. */
typedef struct _BkNetWordsRate BkNetWordsRate;

BkNetWordsRate *bk_net_words_rate_new  (void);
void            bk_net_words_rate_free (BkNetWordsRate *rate);
/* A token for @nick's words at @now (monotonic microseconds): FALSE when @nick said too
 * much too fast (the words are not shown). */
gboolean        bk_net_words_rate_take (BkNetWordsRate *rate,
                                        const char     *nick,
                                        gint64          now);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkNetWordsRate, bk_net_words_rate_free)

G_END_DECLS
