/* bk-table-words.c: free words at a table (bk-table-words.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-net-protocol.h"
#include "bk-table-words.h"

/* Marks that turn the direction of the text around would let words pose as somebody
 * else's, and a byte-order mark shows as nothing: they go. */
static gboolean
is_hidden_mark (gunichar c)
{
  return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x200e || c == 0x200f || c == 0x061c || c == 0xfeff;
}

static gboolean
is_blank (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_CONTROL || type == G_UNICODE_LINE_SEPARATOR ||
         type == G_UNICODE_PARAGRAPH_SEPARATOR || g_unichar_isspace (c);
}

/* @text (valid UTF-8) as one line, single spaces, at most @max + 1 characters (so that the
 * caller sees it was longer): *@chars says how many. */
static char *
one_line (const char *text,
          guint       max,
          guint      *chars)
{
  GString *line = g_string_new (NULL);
  gboolean space = FALSE;

  *chars = 0;
  for (const char *p = text; *p && *chars <= max; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_hidden_mark (c))
        continue;
      if (is_blank (c))
        {
          space = line->len > 0;
          continue;
        }
      if (space)
        {
          g_string_append_c (line, ' ');
          (*chars)++;
          space = FALSE;
        }
      g_string_append_unichar (line, c);
      (*chars)++;
    }
  return g_string_free (line, FALSE);
}

char *
bk_net_words_clean (const char  *text,
                    GError     **error)
{
  g_autofree char *line = NULL;
  guint chars;

  g_return_val_if_fail (text != NULL, NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED,
                           _("The words are not readable text"));
      return NULL;
    }
  line = one_line (text, BK_NET_WORDS_MAX_CHARS, &chars);
  if (chars == 0)
    {
      g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED,
                           _("There is nothing to say"));
      return NULL;
    }
  if (chars > BK_NET_WORDS_MAX_CHARS)
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE,
                   g_dngettext (GETTEXT_PACKAGE, "At most %u character can be said at once",
                                "At most %u characters can be said at once",
                                BK_NET_WORDS_MAX_CHARS),
                   BK_NET_WORDS_MAX_CHARS);
      return NULL;
    }
  return g_steal_pointer (&line);
}

char *
bk_net_words_heard (const char *body)
{
  g_autofree char *valid = NULL;
  g_autofree char *line = NULL;
  guint chars;

  g_return_val_if_fail (body != NULL, NULL);

  valid = g_utf8_make_valid (body, -1);
  line = one_line (valid, BK_NET_WORDS_MAX_CHARS, &chars);
  if (chars == 0)
    return NULL;
  if (chars > BK_NET_WORDS_MAX_CHARS)
    {
      /* the last character is the one too many: cut there, and say that it was cut */
      char *end = g_utf8_offset_to_pointer (line, BK_NET_WORDS_MAX_CHARS - 1);

      *end = '\0';
      g_strchomp (line);
      return g_strconcat (line, "…", NULL);
    }
  return g_steal_pointer (&line);
}

struct _BkNetWordsRate
{
  GHashTable *buckets;   /* nickname → BkNetBucket */
};

BkNetWordsRate *
bk_net_words_rate_new (void)
{
  BkNetWordsRate *rate = g_new0 (BkNetWordsRate, 1);

  rate->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return rate;
}

void
bk_net_words_rate_free (BkNetWordsRate *rate)
{
  if (rate == NULL)
    return;
  g_hash_table_unref (rate->buckets);
  g_free (rate);
}

gboolean
bk_net_words_rate_take (BkNetWordsRate *rate,
                        const char     *nick,
                        gint64          now)
{
  BkNetBucket *bucket;

  g_return_val_if_fail (rate != NULL && nick != NULL, FALSE);

  bucket = g_hash_table_lookup (rate->buckets, nick);
  if (bucket == NULL)
    {
      bucket = g_new0 (BkNetBucket, 1);
      bk_net_bucket_init (bucket, BK_NET_WORDS_BURST, BK_NET_WORDS_PER_SECOND, now);
      g_hash_table_insert (rate->buckets, g_strdup (nick), bucket);
    }
  return bk_net_bucket_take (bucket, now);
}
