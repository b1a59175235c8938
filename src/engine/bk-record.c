/* bk-record.c: the game record reader (notation.md "Game record").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-game-private.h"
#include "bk-record.h"

#define RECORD_FORMAT 1

typedef struct {
  BkRules            rules;
  guint64            seed;
  BkGame            *game;
  BkRecordReadyFunc  ready;
  gpointer           user_data;

  /* The deal being read: a dealer line, then one hand line per seat. */
  BkSeat             dealer;
  BkHand             hands[BK_N_SEATS];
  guint              hands_seen;

  gboolean           has_state;
  guint              state[8]; /* lines SN WE, dots SN WE, carry, hands, phase */
} Reader;

static gboolean
ensure_game (Reader  *reader,
             GError **error)
{
  if (reader->game)
    return TRUE;
  reader->game = bk_game_new (&reader->rules, reader->seed);
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

/* Position of @seat in the order of deciding before the first card: Vorhand first. */
static guint
decide_position (const BkHandState *state,
                 BkSeat             seat)
{
  return (seat + BK_N_SEATS - state->dealer - 1) % BK_N_SEATS;
}

/* notation.md: a `double` or `pass` for a seat means the seats before it passed; the
 * first `play` means every seat still to speak passed. */
static gboolean
pass_until (Reader  *reader,
            BkSeat   seat,
            GError **error)
{
  const BkHandState *state = bk_game_get_state (reader->game);

  while (bk_game_get_phase (reader->game) == BK_PHASE_BIDDING)
    {
      BkSeat decider = bk_hand_state_decider (state);

      if (seat != BK_SEAT_NONE &&
          decide_position (state, decider) >= decide_position (state, seat))
        return TRUE;
      if (!bk_game_pass (reader->game, decider, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_rule_line (Reader    *reader,
                char     **words,
                GError   **error)
{
  BkRules rules = reader->rules;
  gboolean is_rule = g_str_equal (words[0], "rule");

  if (!expect_args (words, is_rule ? 2 : 1, is_rule ? 2 : 1, error))
    return FALSE;
  if (!bk_rules_set_option (&rules, is_rule ? words[1] : words[0], words[is_rule ? 2 : 1], error))
    return FALSE;
  if (rules.game != BK_GAME_BIERKOPF)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("Only Bierkopf records can be read yet"));
      return FALSE;
    }
  if (reader->game && !bk_game_change_rules (reader->game, &rules, error))
    return FALSE;
  reader->rules = rules;
  return TRUE;
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
      if (!expect_args (words, 1, 1, error) || !bk_seat_parse (words[1], &seat, error))
        return FALSE;
      if (reader->dealer != BK_SEAT_NONE)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("The previous deal is incomplete: it needs a hand line for every seat"));
          return FALSE;
        }
      reader->dealer = seat;
      reader->hands_seen = 0;
      return TRUE;
    }

  /* hand SEAT CARD… */
  if (!expect_args (words, 1, BK_N_CARDS + 1, error) || !bk_seat_parse (words[1], &seat, error))
    return FALSE;
  if (reader->dealer == BK_SEAT_NONE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("A hand line must follow a dealer line"));
      return FALSE;
    }
  if (reader->hands_seen & (1u << seat))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("%s’s hand is given twice"),
                   bk_seat_display_name (seat));
      return FALSE;
    }
  {
    g_autofree char *cards = g_strjoinv (" ", words + 2);
    if (!bk_hand_parse (cards, &hand, error))
      return FALSE;
  }
  for (guint s = 0; s < BK_N_SEATS; s++)
    if ((reader->hands_seen & (1u << s)) && (reader->hands[s] & hand))
      {
        g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE, _("The card %s is dealt twice"),
                     bk_card_to_string (bk_hand_first (reader->hands[s] & hand)));
        return FALSE;
      }
  reader->hands[seat] = hand;
  reader->hands_seen |= 1u << seat;

  if (reader->hands_seen == (1u << BK_N_SEATS) - 1)
    {
      BkSeat dealer = reader->dealer;

      reader->dealer = BK_SEAT_NONE;
      return ensure_game (reader, error) &&
             bk_game_deal (reader->game, dealer, reader->hands, error);
    }
  return TRUE;
}

static gboolean
read_move_line (Reader    *reader,
                char     **words,
                GError   **error)
{
  BkSeat seat;
  BkGame *game = reader->game;

  if (reader->dealer != BK_SEAT_NONE || game == NULL ||
      bk_game_get_phase (game) == BK_PHASE_NEW)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("A move must follow a complete deal (a dealer line and four hand lines)"));
      return FALSE;
    }

  if (g_str_equal (words[0], "talk"))
    {
      BkWord word;

      return expect_args (words, 2, 2, error) && bk_seat_parse (words[1], &seat, error) &&
             bk_word_parse (words[2], &word, error) && bk_game_talk (game, seat, word, error);
    }
  if (g_str_equal (words[0], "double") || g_str_equal (words[0], "pass"))
    {
      gboolean is_double = g_str_equal (words[0], "double");

      if (!expect_args (words, 1, 1, error) || !bk_seat_parse (words[1], &seat, error) ||
          !pass_until (reader, seat, error))
        return FALSE;
      return is_double ? bk_game_double (game, seat, error) : bk_game_pass (game, seat, error);
    }

  /* play SEAT CARD */
  {
    BkCard card;

    if (!expect_args (words, 2, 2, error) || !bk_seat_parse (words[1], &seat, error) ||
        !bk_card_parse (words[2], &card, error) || !pass_until (reader, BK_SEAT_NONE, error))
      return FALSE;
    return bk_game_play (game, seat, card, error);
  }
}

static gboolean
read_seating_line (Reader    *reader,
                   char     **words,
                   GError   **error)
{
  BkSeat start;
  BkCard cards[BK_N_CARDS];
  guint n;
  g_autofree char *list = NULL;

  if (!expect_args (words, 2, BK_N_CARDS + 1, error) || !bk_seat_parse (words[1], &start, error))
    return FALSE;
  list = g_strjoinv (" ", words + 2);
  if (!bk_card_list_parse (list, cards, BK_N_CARDS, &n, error))
    return FALSE;
  return ensure_game (reader, error) && bk_game_seat (reader->game, start, cards, n, error);
}

static gboolean
read_header_line (Reader    *reader,
                  char     **words,
                  GError   **error)
{
  if (g_str_equal (words[0], "format"))
    {
      guint64 format;

      if (!expect_args (words, 1, 1, error))
        return FALSE;
      if (!g_ascii_string_to_unsigned (words[1], 10, 1, G_MAXUINT, &format, NULL) ||
          format > RECORD_FORMAT)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                       _("This file was written by a newer version of Bierkopf (format %s)"),
                       words[1]);
          return FALSE;
        }
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

  /* state lines A B dots A B carry C hands H phase P */
  if (!expect_args (words, 12, 12, error))
    return FALSE;
  for (guint i = 0; i < 7; i++)
    {
      static const guint at[] = { 2, 3, 5, 6, 8, 10, 12 };
      guint64 value;

      if (!g_ascii_string_to_unsigned (words[at[i]], 10, 0, G_MAXUINT, &value, NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The state line is damaged"));
          return FALSE;
        }
      reader->state[i] = (guint) value;
    }
  reader->has_state = TRUE;
  return TRUE;
}

static gboolean
read_line (Reader  *reader,
           char    *line,
           GError **error)
{
  g_auto (GStrv) words = NULL;
  char *comment = strchr (line, '#');
  const char *keyword;

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
  if (g_str_equal (keyword, "game") || g_str_equal (keyword, "variant") ||
      g_str_equal (keyword, "void") || g_str_equal (keyword, "scoring") ||
      g_str_equal (keyword, "rule"))
    return read_rule_line (reader, words, error);
  if (g_str_equal (keyword, "format") || g_str_equal (keyword, "seed") ||
      g_str_equal (keyword, "state"))
    return read_header_line (reader, words, error);
  if (g_str_equal (keyword, "seating"))
    return read_seating_line (reader, words, error);
  if (g_str_equal (keyword, "dealer") || g_str_equal (keyword, "hand"))
    return read_deal_line (reader, words, error);
  if (g_str_equal (keyword, "talk") || g_str_equal (keyword, "double") ||
      g_str_equal (keyword, "pass") || g_str_equal (keyword, "play"))
    return read_move_line (reader, words, error);

  g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("Unknown keyword “%s”"), keyword);
  return FALSE;
}

static gboolean
check_state (Reader  *reader,
             GError **error)
{
  BkGame *game = reader->game;
  guint actual[7];

  if (!reader->has_state)
    return TRUE;

  actual[0] = game ? bk_game_get_lines_left (game, BK_TEAM_SN) : reader->rules.lines;
  actual[1] = game ? bk_game_get_lines_left (game, BK_TEAM_WE) : reader->rules.lines;
  actual[2] = game ? bk_game_get_dots (game, BK_TEAM_SN) : 0;
  actual[3] = game ? bk_game_get_dots (game, BK_TEAM_WE) : 0;
  actual[4] = game ? bk_game_get_carry (game) : 0;
  actual[5] = game ? bk_game_get_hand_number (game) : 0;
  actual[6] = game ? (guint) bk_game_get_phase (game) : BK_PHASE_NEW;

  if (memcmp (actual, reader->state, sizeof actual) != 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The saved session state does not match the moves in the file"));
      return FALSE;
    }
  return TRUE;
}

BkGame *
bk_record_replay (const char         *text,
                  const BkRules      *defaults,
                  BkRecordReadyFunc   ready,
                  gpointer            user_data,
                  GError            **error)
{
  g_auto (GStrv) lines = NULL;
  Reader reader = { 0 };

  g_return_val_if_fail (text != NULL, NULL);

  if (defaults)
    reader.rules = *defaults;
  else
    bk_rules_init_default (&reader.rules);
  reader.ready = ready;
  reader.user_data = user_data;
  reader.dealer = BK_SEAT_NONE;

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("This is not a game record (not text)"));
      return NULL;
    }

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *copy = g_strdup (lines[i]);

      if (!read_line (&reader, lines[i], error))
        {
          g_strstrip (copy);
          g_prefix_error (error, _("Line %u (%s): "), i + 1, copy);
          g_clear_object (&reader.game);
          return NULL;
        }
    }

  if (reader.dealer != BK_SEAT_NONE)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("The record ends in the middle of a deal"));
      g_clear_object (&reader.game);
      return NULL;
    }

  ensure_game (&reader, error);
  if (!check_state (&reader, error))
    {
      g_clear_object (&reader.game);
      return NULL;
    }
  return reader.game;
}

BkGame *
bk_game_load (const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  return bk_record_replay (text, NULL, NULL, NULL, error);
}
