/* bk-table-turn.c: see bk-table-turn.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-net-protocol.h"
#include "bk-table-turn.h"

/* The record's lines whose second word is a seat, besides the actions. */
static const char *const seat_lines[] = { "dealer", "hand", "seating" };

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
