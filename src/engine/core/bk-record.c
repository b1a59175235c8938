/* bk-record.c: the game record reader (notation.md "Game record"); reading a record's file
 * is in bk-record-file.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-game-module.h"
#include "bk-game-private.h"
#include "bk-record.h"

/* The words of the state line after the score's: format 1 has "hands H phase P", format
 * 2 adds "rest N sha256 HEX". */
enum {
  STATE_TAIL_1 = 4,
  STATE_TAIL_2 = 8,
};

typedef struct {
  BkRules            rules;
  guint64            seed;
  gint64             session_id;  /* of the session line; 0: none */
  BkGame            *game;
  BkRecordReadyFunc  ready;
  gpointer           user_data;

  /* The deal being read: a dealer line, then one hand line per seat, then an aside line
   * when the hands leave cards of the pack (notation.md, Herzla). */
  BkSeat             dealer;
  BkHand             hands[BK_MAX_SEATS];
  guint              hands_seen;

  guint              format;   /* of the format line; 1 when there is none */
  gboolean           has_content;

  gboolean           has_state;
  char             **state_score; /* the score's words, as the game's module writes them */
  guint              state[2];    /* hands, phase */

  /* Format 2: the state line pins the rest of the save, so that a save cut short or
   * changed afterwards is not taken for a shorter session. */
  gboolean           pinned;
  guint64            rest_lines;      /* as the state line says */
  char              *rest_digest;     /* SHA-256, lower-case hex, as the state line says */
  guint64            rest_seen;       /* lines read after the state line */
  GChecksum         *rest_checksum;   /* of those lines, each as its words and a newline */
} Reader;

static gboolean
ensure_game (Reader  *reader,
             GError **error)
{
  if (reader->game)
    return TRUE;
  reader->game = bk_game_new (&reader->rules, reader->seed);
  if (reader->session_id > 0)
    bk_game_set_session_id (reader->game, reader->session_id, NULL);
  if (reader->ready)
    reader->ready (reader->game, reader->user_data);
  return TRUE;
}

static gboolean
expect_args (char      **words,
             guint       n_min,
             guint       n_max,
             GError    **error)
{
  guint n = g_strv_length (words) - 1;

  if (n >= n_min && n <= n_max)
    return TRUE;
  g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
               _("“%s” takes %u to %u words, not %u"), words[0], n_min, n_max, n);
  return FALSE;
}

/* `variant kurz`: a house rule written without `rule` (its description says so). */
static gboolean
is_plain_rule (Reader     *reader,
               const char *keyword)
{
  const BkHouseRule *rule = bk_rules_find_for (&reader->rules, keyword);

  return rule && rule->writing == BK_HOUSE_RULE_WRITE_PLAIN;
}

static gboolean
read_rule_line (Reader    *reader,
                char     **words,
                GError   **error)
{
  BkRules rules = reader->rules;
  gboolean is_rule = g_str_equal (words[0], "rule");
  g_autoptr (GError) local = NULL;

  if (!expect_args (words, is_rule ? 2 : 1, is_rule ? 2 : 1, error))
    return FALSE;
  if (!bk_rules_set_option (&rules, is_rule ? words[1] : words[0], words[is_rule ? 2 : 1], error))
    return FALSE;
  if (!bk_game_module_playable (&rules, &local))
    {
      g_set_error_literal (error, BK_ERROR, BK_ERROR_RECORD, local->message);
      return FALSE;
    }
  if (reader->game && !bk_game_change_rules (reader->game, &rules, error))
    return FALSE;
  reader->rules = rules;
  return TRUE;
}

static guint
n_seats (Reader *reader)
{
  return bk_game_module_get (reader->rules.game)->n_seats (&reader->rules);
}

/* The deal is read: the game deals it (and checks it). */
static gboolean
finish_deal (Reader  *reader,
             BkHand   aside,
             GError **error)
{
  BkSeat dealer = reader->dealer;

  reader->dealer = BK_SEAT_NONE;
  return ensure_game (reader, error) &&
         bk_game_deal (reader->game, dealer, reader->hands, aside, error);
}

/* Whether a deal of the game under the reader's rules puts cards aside. */
static gboolean
deals_aside (Reader *reader)
{
  const BkGameModule *module = bk_game_module_get (reader->rules.game);
  BkHand deck = module->trick_rules ()->deck (&reader->rules);
  BkCard cards[BK_N_CARDS];
  BkHand hands[BK_MAX_SEATS], aside = 0;
  guint n = 0;

  for (; deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  module->deal (&reader->rules, cards, 0, hands, &aside);
  return aside != 0;
}

/* Whether every seat's hand was read. */
static gboolean
all_hands_seen (Reader *reader)
{
  return reader->hands_seen == (1u << n_seats (reader)) - 1;
}

static gboolean
read_deal_line (Reader    *reader,
                char     **words,
                GError   **error)
{
  BkSeat seat;
  BkHand hand;

  if (g_str_equal (words[0], "dealer"))
    {
      if (!expect_args (words, 1, 1, error) ||
          !bk_seat_parse_for (&reader->rules, words[1], &seat, error))
        return FALSE;
      if (reader->dealer != BK_SEAT_NONE)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("The previous deal is incomplete: it needs a hand line for every seat"));
          return FALSE;
        }
      reader->dealer = seat;
      reader->hands_seen = 0;
      memset (reader->hands, 0, sizeof reader->hands);
      return TRUE;
    }

  if (g_str_equal (words[0], "aside"))
    {
      if (reader->dealer == BK_SEAT_NONE || !all_hands_seen (reader))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("An aside line must follow the hand lines of a deal"));
          return FALSE;
        }
      {
        g_autofree char *cards = g_strjoinv (" ", words + 1);
        if (!bk_hand_parse (cards, &hand, error))
          return FALSE;
      }
      return finish_deal (reader, hand, error);
    }

  /* hand SEAT CARD… */
  if (!expect_args (words, 1, BK_N_CARDS + 1, error) ||
      !bk_seat_parse_for (&reader->rules, words[1], &seat, error))
    return FALSE;
  if (reader->dealer == BK_SEAT_NONE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("A hand line must follow a dealer line"));
      return FALSE;
    }
  if (reader->hands_seen & (1u << seat))
    {
      g_autofree char *name = bk_seat_dup_display_name (&reader->rules, seat);

      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("%s’s hand is given twice"), name);
      return FALSE;
    }
  {
    g_autofree char *cards = g_strjoinv (" ", words + 2);
    if (!bk_hand_parse (cards, &hand, error))
      return FALSE;
  }
  for (guint s = 0; s < n_seats (reader); s++)
    if ((reader->hands_seen & (1u << s)) && (reader->hands[s] & hand))
      {
        g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE, _("The card %s is dealt twice"),
                     bk_card_to_string (bk_hand_first (reader->hands[s] & hand)));
        return FALSE;
      }
  reader->hands[seat] = hand;
  reader->hands_seen |= 1u << seat;

  /* The deal is complete with the last hand, unless the game's deal puts cards aside:
   * then an aside line follows. */
  if (!all_hands_seen (reader))
    return TRUE;
  if (deals_aside (reader))
    return TRUE;
  return finish_deal (reader, 0, error);
}

/* An action line of the game's module (e.g. `play S EO`), with the actions the record
 * leaves out before it. */
static gboolean
read_move_line (Reader    *reader,
                char     **words,
                GError   **error)
{
  const BkGameModule *module = bk_game_module_get (reader->rules.game);
  BkGame *game = reader->game;
  BkAction action, implied;

  if (reader->dealer != BK_SEAT_NONE || game == NULL ||
      bk_game_get_phase (game) == BK_PHASE_NEW)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("A move must follow a complete deal "
                     "(a dealer line and a hand line for every seat)"));
      return FALSE;
    }
  if (!module->action_read (&reader->rules, (const char * const *) words, &action, error))
    return FALSE;
  while (module->action_implied (bk_game_get_hand (game), &action, &implied))
    if (!bk_game_apply (game, &implied, error))
      return FALSE;
  return bk_game_apply (game, &action, error);
}

/* A figure of the state line: a whole number of the range of guint. */
static gboolean
is_figure (const char *word)
{
  return g_ascii_string_to_unsigned (word, 10, 0, G_MAXUINT, NULL, NULL);
}

static guint
figure (const char *word)
{
  guint64 value = 0;

  g_ascii_string_to_unsigned (word, 10, 0, G_MAXUINT, &value, NULL);
  return (guint) value;
}

/* A figure of the score: a whole number, negative for what a seat paid (e.g. Herzla's
 * cents). */
static gboolean
is_amount (const char *word)
{
  return g_ascii_string_to_signed (word, 10, G_MININT, G_MAXUINT, NULL, NULL);
}

/* A word of a score that is no number: lower-case letters and dashes. */
static gboolean
is_name (const char *word)
{
  if (!*word)
    return FALSE;
  for (; *word; word++)
    if (!g_ascii_islower (*word) && *word != '-')
      return FALSE;
  return TRUE;
}

static gint64
amount (const char *word)
{
  gint64 value = 0;

  g_ascii_string_to_signed (word, 10, G_MININT, G_MAXUINT, &value, NULL);
  return value;
}

/* The words of a score as the module writes it: the game's, or a fresh session's. */
static char **
score_words (const BkGameModule *module,
             gconstpointer       score)
{
  g_autoptr (GString) line = g_string_new (NULL);

  module->score_write (score, line);
  return g_strsplit (line->str, " ", -1);
}

static char **
fresh_score_words (const BkRules *rules)
{
  const BkGameModule *module = bk_game_module_get (rules->game);
  g_autofree gpointer score = g_malloc0 (module->score_size);

  module->score_init (score, rules);
  return score_words (module, score);
}

static gboolean
read_header_line (Reader    *reader,
                  char     **words,
                  GError   **error)
{
  char **tail_words;

  if (g_str_equal (words[0], "format"))
    {
      guint64 format;
      gboolean digits = TRUE;

      if (!expect_args (words, 1, 1, error))
        return FALSE;

      for (guint i = 0; words[1][i]; i++)
        digits = digits && g_ascii_isdigit (words[1][i]);
      if (!digits || strspn (words[1], "0") == strlen (words[1]))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The format line is damaged"));
          return FALSE;
        }
      /* A number too large for us is a format from far in the future. */
      if (!g_ascii_string_to_unsigned (words[1], 10, 1, G_MAXUINT64, &format, NULL) ||
          format > BK_RECORD_FORMAT)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_NEWER_FORMAT,
                       _("This file was saved by a newer version of Bierkopf (format %s); "
                         "this version reads up to format %d"),
                       words[1], BK_RECORD_FORMAT);
          return FALSE;
        }
      reader->format = (guint) format;
      return TRUE;
    }

  if (g_str_equal (words[0], "seed"))
    {
      if (!expect_args (words, 1, 1, error))
        return FALSE;
      if (reader->game ||
          !g_ascii_string_to_unsigned (words[1], 10, 0, G_MAXUINT64, &reader->seed, NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("The seed must be a number and come before the first hand"));
          return FALSE;
        }
      return TRUE;
    }

  /* session ID: the session's identity in the history of hands. */
  if (g_str_equal (words[0], "session"))
    {
      guint64 id;

      if (!expect_args (words, 1, 1, error))
        return FALSE;
      if (reader->game || reader->session_id > 0 ||
          !g_ascii_string_to_unsigned (words[1], 10, 1, G_MAXINT64, &id, NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("The session line must hold a number and come once, before the "
                         "first hand"));
          return FALSE;
        }
      reader->session_id = (gint64) id;
      return TRUE;
    }

  /* state SCORE… hands H phase P [rest N sha256 HEX], SCORE as the module writes it (e.g.
   * Bierkopf's coasters: see bk-bierkopf-module.c). */
  {
    guint n_words = g_strv_length (words);
    guint tail = reader->format >= 2 ? STATE_TAIL_2 : STATE_TAIL_1;
    guint n_score = 0;
    gboolean fits = FALSE;
    static const char * const keywords[] = { "hands", NULL, "phase", NULL,
                                             "rest", NULL, "sha256", NULL };

    if (reader->has_state)
      {
        g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The state line is given twice"));
        return FALSE;
      }
    /* The score's words as a game's module writes them: names and whole numbers. The
     * state line stands before the `game` line (and a game's score may have a word per
     * seat), so its shape is only checked here; the end of the record checks that it is
     * its game's score, word for word. */
    fits = n_words > tail;
    n_score = fits ? n_words - 1 - tail : 0;
    for (guint i = 0; fits && i < n_score; i++)
      fits = is_amount (words[1 + i]) || is_name (words[1 + i]);
    if (!fits)
      {
        g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The state line is damaged"));
        return FALSE;
      }
    for (guint i = 0; i < tail; i++)
      if (keywords[i] ? !g_str_equal (words[1 + n_score + i], keywords[i])
                      : i < 4 && !is_figure (words[1 + n_score + i]))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The state line is damaged"));
          return FALSE;
        }
    reader->state_score = g_new0 (char *, n_score + 1);
    for (guint i = 0; i < n_score; i++)
      reader->state_score[i] = g_strdup (words[1 + i]);
    reader->state[0] = figure (words[1 + n_score + 1]);
    reader->state[1] = figure (words[1 + n_score + 3]);
    tail_words = words + 1 + n_score;
  }
  if (reader->format >= 2)
    {
      const char *digest = tail_words[7];
      gboolean hex = strlen (digest) == 64;

      for (guint i = 0; hex && digest[i]; i++)
        hex = g_ascii_isxdigit (digest[i]) && !g_ascii_isupper (digest[i]);
      if (!hex ||
          !g_ascii_string_to_unsigned (tail_words[5], 10, 0, G_MAXUINT64, &reader->rest_lines,
                                       NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The state line is damaged"));
          return FALSE;
        }
      reader->pinned = TRUE;
      reader->rest_digest = g_strdup (digest);
      reader->rest_checksum = g_checksum_new (G_CHECKSUM_SHA256);
    }
  reader->has_state = TRUE;
  return TRUE;
}

/* checkpoint hands H dealer SEAT round-ended yes|no WORDS…: the session before the hands
 * that follow, the module's words last (notation.md). */
static gboolean
read_checkpoint_line (Reader    *reader,
                      char     **words,
                      GError   **error)
{
  guint64 hands = 0;
  BkSeat dealer;

  if (g_strv_length (words) < 8 || !g_str_equal (words[1], "hands") ||
      !g_ascii_string_to_unsigned (words[2], 10, 1, G_MAXUINT, &hands, NULL) ||
      !g_str_equal (words[3], "dealer") || !g_str_equal (words[5], "round-ended") ||
      (!g_str_equal (words[6], "yes") && !g_str_equal (words[6], "no")))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The checkpoint is damaged"));
      return FALSE;
    }
  if (reader->dealer != BK_SEAT_NONE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("A checkpoint must come before the first hand"));
      return FALSE;
    }
  return bk_seat_parse_for (&reader->rules, words[4], &dealer, error) &&
         ensure_game (reader, error) &&
         bk_game_restore_checkpoint (reader->game, (guint) hands, dealer,
                                     g_str_equal (words[6], "yes"),
                                     (const char * const *) words + 7, error);
}

static gboolean
read_line (Reader  *reader,
           char    *line,
           GError **error)
{
  g_auto (GStrv) words = NULL;
  char *comment = strchr (line, '#');
  const char *keyword;
  const BkGameModule *module;

  if (comment)
    *comment = '\0';
  g_strstrip (line);
  if (*line == '\0')
    return TRUE;

  words = g_strsplit_set (line, " \t", -1);
  /* Collapse runs of blanks. */
  {
    guint j = 0;
    for (guint i = 0; words[i]; i++)
      if (*words[i])
        words[j++] = words[i];
      else
        g_free (words[i]);
    words[j] = NULL;
  }

  keyword = words[0];
  reader->has_content = TRUE;
  /* Everything after a pinning state line counts, as its words on a line of their own. */
  if (reader->rest_checksum)
    {
      for (guint i = 0; words[i]; i++)
        {
          if (i > 0)
            g_checksum_update (reader->rest_checksum, (const guchar *) " ", 1);
          g_checksum_update (reader->rest_checksum, (const guchar *) words[i], -1);
        }
      g_checksum_update (reader->rest_checksum, (const guchar *) "\n", 1);
      reader->rest_seen++;
    }

  if (g_str_equal (keyword, "rule") || is_plain_rule (reader, keyword))
    return read_rule_line (reader, words, error);
  if (g_str_equal (keyword, "format") || g_str_equal (keyword, "seed") ||
      g_str_equal (keyword, "session") || g_str_equal (keyword, "state"))
    return read_header_line (reader, words, error);
  if (g_str_equal (keyword, "checkpoint"))
    return read_checkpoint_line (reader, words, error);
  module = bk_game_module_get (reader->rules.game);
  if (module->line_keywords && g_strv_contains (module->line_keywords, keyword))
    return ensure_game (reader, error) &&
           module->read_line (reader->game, (const char * const *) words, error);
  if (g_str_equal (keyword, "dealer") || g_str_equal (keyword, "hand") ||
      g_str_equal (keyword, "aside"))
    return read_deal_line (reader, words, error);
  if (g_strv_contains (module->action_keywords, keyword))
    return read_move_line (reader, words, error);

  g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("Unknown keyword “%s”"), keyword);
  return FALSE;
}

static gboolean
check_state (Reader  *reader,
             GError **error)
{
  BkGame *game = reader->game;
  g_auto (GStrv) score = NULL;
  guint actual[2];
  gboolean same;

  if (!reader->has_state)
    return TRUE;

  score = game ? score_words (bk_game_get_module (game), bk_game_get_score (game))
               : fresh_score_words (&reader->rules);
  actual[0] = game ? bk_game_get_hand_number (game) : 0;
  actual[1] = game ? (guint) bk_game_get_phase (game) : BK_PHASE_NEW;
  same = memcmp (actual, reader->state, sizeof actual) == 0 &&
         g_strv_length (score) == g_strv_length (reader->state_score);
  for (guint i = 0; same && score[i]; i++)
    same = is_amount (score[i]) ? amount (score[i]) == amount (reader->state_score[i])
                                : g_str_equal (score[i], reader->state_score[i]);

  if (reader->pinned &&
      (reader->rest_seen != reader->rest_lines ||
       !g_str_equal (g_checksum_get_string (reader->rest_checksum), reader->rest_digest)))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The save file is incomplete or was changed after it was saved"));
      return FALSE;
    }
  if (!same)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The saved session state does not match the moves in the file"));
      return FALSE;
    }
  return TRUE;
}

static void
reader_clear (Reader *reader)
{
  g_clear_pointer (&reader->rest_digest, g_free);
  g_clear_pointer (&reader->state_score, g_strfreev);
  g_clear_pointer (&reader->rest_checksum, g_checksum_free);
}

/* A message about a line quotes at most this many characters of one word: a damaged
 * save may hold a word of megabytes, and the message goes to the log and a window. */
#define QUOTED_WORD_MAX 40

/* @message with every word longer than QUOTED_WORD_MAX characters cut short. */
static char *
cap_words (const char *message)
{
  GString *capped = g_string_sized_new (MIN (strlen (message), 1024));
  const char *at = message;

  while (*at)
    {
      const char *end = at;
      glong n = 0;

      /* A word: up to a blank. */
      while (*end && *end != ' ')
        {
          end = g_utf8_next_char (end);
          n++;
        }
      if (n > QUOTED_WORD_MAX)
        {
          const char *last = g_utf8_find_prev_char (at, end);

          g_string_append_len (capped, at, g_utf8_offset_to_pointer (at, QUOTED_WORD_MAX) - at);
          g_string_append (capped, "…");
          /* A closing quotation mark or stop stays. */
          if (!g_unichar_isalnum (g_utf8_get_char (last)))
            g_string_append_len (capped, last, end - last);
        }
      else
        g_string_append_len (capped, at, end - at);
      at = end;
      while (*at == ' ')
        g_string_append_c (capped, *at++);
    }
  return g_string_free (capped, FALSE);
}

/* The line as an error message quotes it: stripped, and cut if it is very long. */
static char *
quote_line (const char *line,
            gsize       length)
{
  const gsize max = 80;
  g_autofree char *copy = g_strndup (line, length);

  g_strstrip (copy);
  if (strlen (copy) > max)
    {
      char *end = g_utf8_find_prev_char (copy, copy + max + 1);

      *end = '\0';
      return g_strconcat (copy, "…", NULL);
    }
  return g_steal_pointer (&copy);
}

/* Whether a record of @size bytes may be read: FALSE with BK_ERROR_TOO_LARGE above
 * BK_RECORD_MAX_SIZE. */
gboolean
bk_record_check_size (gsize    size,
                      GError **error)
{
  if (size <= BK_RECORD_MAX_SIZE)
    return TRUE;
  g_set_error (error, BK_ERROR, BK_ERROR_TOO_LARGE,
               _("This file is too large to be a Bierkopf record (more than %u MiB)"),
               (guint) (BK_RECORD_MAX_SIZE / (1024 * 1024)));
  return FALSE;
}

static BkGame *
replay (const char         *text,
        gsize               length,
        const BkRules      *defaults,
        BkRecordReadyFunc   ready,
        gpointer            user_data,
        GError            **error)
{
  g_autoptr (GString) line = g_string_new (NULL);
  Reader reader = { 0 };
  const char *end = text + length;
  guint number = 0;

  if (!bk_record_check_size (length, error))
    return NULL;
  /* Some editors start a UTF-8 file with a byte order mark: it is not part of the text. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  if (memchr (text, '\0', length) != NULL || !g_utf8_validate (text, (gssize) length, NULL))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("This is not a game record (not text)"));
      return NULL;
    }

  if (defaults)
    reader.rules = *defaults;
  else
    bk_rules_init_default (&reader.rules);
  reader.ready = ready;
  reader.user_data = user_data;
  reader.dealer = BK_SEAT_NONE;
  reader.format = 1;

  /* One line at a time into one buffer: linear in the size of the text, whatever it holds. */
  for (const char *at = text, *next = NULL; at != NULL; at = next)
    {
      g_autoptr (GError) line_error = NULL;
      const char *newline = memchr (at, '\n', end - at);
      gsize n = (newline ? newline : end) - at;

      next = newline ? newline + 1 : NULL;
      number++;
      /* Blank lines cost nothing. */
      {
        gsize blank = 0;

        while (blank < n && g_ascii_isspace (at[blank]))
          blank++;
        if (blank == n)
          continue;
      }
      g_string_truncate (line, 0);
      g_string_append_len (line, at, (gssize) n);
      if (!read_line (&reader, line->str, &line_error))
        {
          g_autofree char *quoted = quote_line (at, n);

          /* What the line's reader quoted of it (an unknown word, a card) is cut short. */
          {
            g_autofree char *message = cap_words (line_error->message);

            g_free (line_error->message);
            line_error->message = g_steal_pointer (&message);
          }
          if (g_error_matches (line_error, BK_ERROR, BK_ERROR_NEWER_FORMAT))
            g_propagate_error (error, g_steal_pointer (&line_error));
          else
            g_propagate_prefixed_error (error, g_steal_pointer (&line_error),
                                        _("Line %u (%s): "), number, quoted);
          g_clear_object (&reader.game);
          reader_clear (&reader);
          return NULL;
        }
    }

  if (!reader.has_content)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The record is empty: it has no line of a game"));
      reader_clear (&reader);
      return NULL;
    }
  if (reader.dealer != BK_SEAT_NONE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The record ends in the middle of a deal"));
      g_clear_object (&reader.game);
      reader_clear (&reader);
      return NULL;
    }

  ensure_game (&reader, error);
  if (!check_state (&reader, error))
    {
      g_clear_object (&reader.game);
      reader_clear (&reader);
      return NULL;
    }
  reader_clear (&reader);
  return reader.game;
}

/* Replays the record @text, a string: see bk_record_replay_data(). */
BkGame *
bk_record_replay (const char         *text,
                  const BkRules      *defaults,
                  BkRecordReadyFunc   ready,
                  gpointer            user_data,
                  GError            **error)
{
  g_return_val_if_fail (text != NULL, NULL);

  return replay (text, strlen (text), defaults, ready, user_data, error);
}

/* Replays @length bytes of a record as read from a file: a NUL byte, text that is not
 * UTF-8 and a record with no line of a game are damaged (BK_ERROR_RECORD); more than
 * BK_RECORD_MAX_SIZE bytes are refused (BK_ERROR_TOO_LARGE) before any is read, and a
 * format newer than BK_RECORD_FORMAT is BK_ERROR_NEWER_FORMAT. */
BkGame *
bk_record_replay_data (const char         *data,
                       gsize               length,
                       const BkRules      *defaults,
                       BkRecordReadyFunc   ready,
                       gpointer            user_data,
                       GError            **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);

  return replay (data ? data : "", length, defaults, ready, user_data, error);
}

static void
keep_scored_hand (BkGame   *game,
                  gpointer  result,
                  GArray   *hands)
{
  g_array_append_vals (hands, bk_game_get_hand (game), 1);
}

static void
collect_hands (BkGame   *game,
               gpointer  user_data)
{
  GArray **hands = user_data;

  *hands = g_array_new (FALSE, FALSE, bk_game_get_module (game)->hand_size);
  g_signal_connect (game, "hand-scored", G_CALLBACK (keep_scored_hand), *hands);
}

/* Replays @data as bk_record_replay_data() does and keeps a copy of every hand the
 * session scored, in order (its module's hand values, hand_size bytes each; e.g. for a
 * review of the hands); the session at the record's end in @game. NULL with @error when
 * the record cannot be read. */
GArray *
bk_record_replay_hands (const char    *data,
                        gsize          length,
                        const BkRules *defaults,
                        BkGame       **game,
                        GError       **error)
{
  g_autoptr (GArray) hands = NULL;
  BkGame *replayed;

  g_return_val_if_fail (game != NULL, NULL);

  replayed = bk_record_replay_data (data, length, defaults, collect_hands, &hands, error);
  if (replayed == NULL)
    return NULL;
  g_signal_handlers_disconnect_by_func (replayed, keep_scored_hand, hands);
  *game = replayed;
  return g_steal_pointer (&hands);
}

/* Whether @keyword, the first word of a record's line, stands for one action of a session:
 * a deal, or a line of any game's module (its actions, and its own lines such as a
 * ceremony). */
static gboolean
is_action_keyword (const char *keyword)
{
  const BkGameModule * const *modules = bk_game_module_list ();

  if (g_str_equal (keyword, "dealer"))
    return TRUE;
  for (guint i = 0; modules[i]; i++)
    if (g_strv_contains (modules[i]->action_keywords, keyword) ||
        (modules[i]->line_keywords && g_strv_contains (modules[i]->line_keywords, keyword)))
      return TRUE;
  return FALSE;
}

/* How many lines of the record @text stand for an action (a deal, a bid, a card, a
 * ceremony…), whatever its game: e.g. to trace saves. Lines it does not know count for
 * nothing; @text need not be a valid record. */
guint
bk_record_count_actions (const char *text)
{
  guint n = 0;

  g_return_val_if_fail (text != NULL, 0);

  for (const char *line = text; line && *line;)
    {
      const char *newline = strchr (line, '\n');
      gsize length = newline ? (gsize) (newline - line) : strlen (line);
      gsize word = 0;
      char keyword[32];

      while (line[word] && word < length && line[word] != ' ' && line[word] != '\t')
        word++;
      if (word > 0 && word < sizeof keyword)
        {
          memcpy (keyword, line, word);
          keyword[word] = '\0';
          n += is_action_keyword (keyword);
        }
      line = newline ? newline + 1 : NULL;
    }
  return n;
}
