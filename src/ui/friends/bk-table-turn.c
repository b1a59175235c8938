/* bk-table-turn.c: see bk-table-turn.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-net-protocol.h"
#include "bk-table-turn.h"

/* The record's lines whose second word is a seat, besides the actions and the seating. */
static const char *const seat_lines[] = { "dealer", "hand", NULL };

/* The seating draw keeps the table's start and cards: South never moves in its ceremony
 * (spec B2.1), so it cannot be replayed from a turned start. The line says by how much the
 * game's seats are turned instead (notation.md, "turned"), and the game turns its moves. */
static char *
turn_seating (const char *line,
              guint       n_seats,
              guint       by)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  guint n = g_strv_length (words);
  guint64 before = 0;

  if (n >= 4 && g_str_equal (words[n - 2], "turned") &&
      g_ascii_string_to_unsigned (words[n - 1], 10, 0, n_seats - 1, &before, NULL))
    {
      g_clear_pointer (&words[n - 2], g_free);
      g_clear_pointer (&words[n - 1], g_free);
    }
  by = (guint) ((before + by) % n_seats);
  {
    g_autofree char *kept = g_strjoinv (" ", words);

    return by ? g_strdup_printf ("%s turned %u", kept, by) : g_steal_pointer (&kept);
  }
}

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
  if (g_str_has_prefix (line, "seating "))
    return turn_seating (line, n_seats, by);
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

