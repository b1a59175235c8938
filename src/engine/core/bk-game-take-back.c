/* bk-game-take-back.c: a seat's last card taken back, with everything after it (the
 * other seats' cards and words), by replaying the game's record without those lines.
 * The new session holds the old one's strategies; its computer players then decide again
 * from the same seeds (the seed of a decision is the session's seed, the hand's number
 * and the action's place in the hand), so the same position brings the same moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-game-module.h"
#include "bk-game-take-back.h"
#include "bk-record.h"

/* The words of a record line, its comment and blanks left out. */
static char **
line_words (const char *start,
            gsize       length)
{
  g_autofree char *line = g_strndup (start, length);
  char *comment = strchr (line, '#');
  g_auto (GStrv) split = NULL;
  GPtrArray *words = g_ptr_array_new ();

  if (comment)
    *comment = '\0';
  split = g_strsplit_set (line, " \t\r\n", -1);
  for (guint i = 0; split[i]; i++)
    if (*split[i])
      g_ptr_array_add (words, g_strdup (split[i]));
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

/* Where the line of @seat's last card in the running hand starts in @record, or -1 when
 * the seat has played none since the last deal. */
static gssize
last_card_line (BkGame     *game,
                const char *record,
                BkSeat      seat)
{
  const BkGameModule *module = bk_game_get_module (game);
  const BkRules *rules = bk_game_get_rules (game);
  gsize end = strlen (record);

  while (end > 0)
    {
      gsize start = end;
      g_auto (GStrv) words = NULL;
      BkAction action;

      /* The line before @end (which is past its newline, or the record's end). */
      if (start > 0 && record[start - 1] == '\n')
        start--;
      while (start > 0 && record[start - 1] != '\n')
        start--;
      words = line_words (record + start, end - start);
      end = start;
      if (words[0] == NULL)
        continue;
      /* The deal of the running hand: nothing of the seat's before it counts. */
      if (g_str_equal (words[0], "dealer") || g_str_equal (words[0], "hand") ||
          g_str_equal (words[0], "aside"))
        return -1;
      if (!g_strv_contains (module->action_keywords, words[0]) ||
          !module->action_read (rules, (const char * const *) words, &action, NULL))
        continue;
      if (action.type == BK_ACTION_PLAY && action.seat == seat)
        return (gssize) start;
    }
  return -1;
}

/**
 * bk_game_new_taken_back:
 * @game: a session whose hand is being played
 * @seat: the seat whose last card is taken back
 *
 * A new session where @seat's last card of the running hand, and every action after it,
 * has not happened yet: the game's record without those lines, replayed, with @game's
 * strategies. @game itself does not change.
 *
 * Returns: (transfer full): the new session, or NULL with @error when the hand is over or
 *   @seat has played no card in it
 */
BkGame *
bk_game_new_taken_back (BkGame  *game,
                        guint    seat,
                        GError **error)
{
  g_autofree char *record = NULL;
  BkGame *taken_back;
  gssize cut;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (seat < bk_game_get_n_seats (game), NULL);

  if (bk_game_get_phase (game) == BK_PHASE_HAND_OVER)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The hand is over: its cards can no longer be taken back"));
      return NULL;
    }
  record = bk_game_to_record (game);
  cut = bk_game_get_phase (game) == BK_PHASE_PLAYING
        ? last_card_line (game, record, (BkSeat) seat) : -1;
  if (cut < 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("No card to take back: none has been played from this hand yet"));
      return NULL;
    }

  taken_back = bk_record_replay_data (record, (gsize) cut, NULL, NULL, NULL, error);
  if (taken_back == NULL)
    return NULL;
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    bk_game_set_strategy (taken_back, (BkSeat) s, bk_game_get_strategy (game, (BkSeat) s));
  return taken_back;
}
