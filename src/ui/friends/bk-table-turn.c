/* bk-table-turn.c: see bk-table-turn.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-net-protocol.h"
#include "bk-record.h"
#include "bk-table-turn.h"

/* The record's lines whose second word is a seat, besides the actions. The seating draw's
 * start stays the table's: its ceremony is turned once it is read (bk_table_turn_replay()). */
static const char *const seat_lines[] = { "dealer", "hand", NULL };

char *
bk_table_turn_line (const BkRules *rules,
                    guint          n_seats,
                    const char    *line,
                    guint          by)
{
  g_auto (GStrv) words = NULL;
  BkSeat seat;
  BkAction action;

  g_return_val_if_fail (rules != NULL && line != NULL && n_seats > 0, NULL);

  by %= n_seats;
  if (by == 0)
    return g_strdup (line);
  if (bk_net_is_action_line (rules, line))
    {
      if (!bk_net_action_parse (rules, line, &action, NULL) || action.seat >= n_seats)
        return g_strdup (line);
      action.seat = (action.seat + n_seats - by) % n_seats;
      return bk_net_action_to_string (rules, &action);
    }
  words = g_strsplit (line, " ", 3);
  if (g_strv_length (words) < 2 || !g_strv_contains (seat_lines, words[0]) ||
      !bk_seat_parse_for (rules, words[1], &seat, NULL) || seat >= n_seats)
    return g_strdup (line);
  seat = (seat + n_seats - by) % n_seats;
  return g_strjoin (" ", words[0], bk_seat_name (rules, seat), words[2], NULL);
}

char *
bk_table_turn_record (const BkRules *rules,
                      guint          n_seats,
                      const char    *record,
                      guint          by)
{
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  g_autoptr (GString) turned = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *line = bk_table_turn_line (rules, n_seats, lines[i], by);

      g_string_append (turned, line);
      if (lines[i + 1])
        g_string_append_c (turned, '\n');
    }
  return g_string_free (g_steal_pointer (&turned), FALSE);
}

typedef struct {
  guint    by;
  gboolean failed;
  GError  *error;
} Turning;

static void
partners_found_cb (BkGame  *game,
                   guint    first,
                   guint    second,
                   Turning *turning)
{
  if (!turning->failed &&
      !bk_bierkopf_game_turn_seating (game, turning->by, &turning->error))
    turning->failed = TRUE;
}

static void
replay_ready_cb (BkGame   *game,
                 gpointer  data)
{
  if (bk_game_get_rules (game)->game == BK_GAME_BIERKOPF)
    g_signal_connect (game, "partners-found", G_CALLBACK (partners_found_cb), data);
}

BkGame *
bk_table_turn_replay (const char *turned,
                      guint       by,
                      GError    **error)
{
  Turning turning = { by, FALSE, NULL };
  g_autoptr (BkGame) game = bk_record_replay (turned, NULL, replay_ready_cb, &turning, error);

  if (game == NULL)
    {
      g_clear_error (&turning.error);
      return NULL;
    }
  g_signal_handlers_disconnect_by_func (game, partners_found_cb, &turning);
  if (turning.failed)
    {
      g_propagate_error (error, turning.error);
      return NULL;
    }
  return g_steal_pointer (&game);
}
