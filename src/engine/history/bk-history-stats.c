/* bk-history-stats.c: the statistics of the history (BkHistoryStats): the hands counted by
 * game, strength and help, and each session's balance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "bk-history-private.h"

static const char groups_sql[] =
  "SELECT game, strength, (hints_used OR takeback_used) AS assisted, friends, count(*),"
  " sum(won),"
  " sum(won = 0 AND tied = 0), sum(schneider_given), sum(schneider_taken),"
  " sum(schwarz_given), sum(schwarz_taken), sum(bollen > 0), sum(bollen < 0),"
  " sum(spritze_made), sum(spritze_paid), sum(retour_made), sum(retour_paid), sum(lines),"
  " avg(card_points), sum(cents), sum(heart_free), sum(contract = 1),"
  " sum(contract = 1 AND contract_made), sum(contract = 2), sum(contract = 2 AND contract_made)"
  " FROM hands GROUP BY game, friends, strength, assisted"
  " ORDER BY game, friends, strength, assisted";

static const char balance_sql[] =
  "SELECT session, min(played_at), count(*), sum(lines), sum(cents)"
  " FROM hands WHERE game = ? AND friends = 0 GROUP BY session ORDER BY session";

static void
group_free (BkHistoryGroup *group)
{
  g_free (group->game);
  g_free (group->strength);
  g_free (group);
}

void
bk_history_stats_free (BkHistoryStats *stats)
{
  if (stats == NULL)
    return;
  g_clear_pointer (&stats->groups, g_ptr_array_unref);
  g_clear_pointer (&stats->bierkopf_balance, g_array_unref);
  g_clear_pointer (&stats->herzla_balance, g_array_unref);
  g_free (stats);
}

static int
read_groups (sqlite3        *db,
             BkHistoryStats *stats)
{
  sqlite3_stmt *stmt = NULL;
  int code = sqlite3_prepare_v2 (db, groups_sql, -1, &stmt, NULL);

  while (code == SQLITE_OK && (code = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      BkHistoryGroup *group = g_new0 (BkHistoryGroup, 1);
      int i = 0;

#define NEXT_UINT() bk_history_column_count (stmt, i++)
      group->game = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
      group->strength = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
      group->assisted = sqlite3_column_int (stmt, i++) != 0;
      group->with_friends = sqlite3_column_int (stmt, i++) != 0;
      group->hands = NEXT_UINT ();
      group->won = NEXT_UINT ();
      group->lost = NEXT_UINT ();
      group->schneider_given = NEXT_UINT ();
      group->schneider_taken = NEXT_UINT ();
      group->schwarz_given = NEXT_UINT ();
      group->schwarz_taken = NEXT_UINT ();
      group->bollen_won = NEXT_UINT ();
      group->bollen_lost = NEXT_UINT ();
      group->spritze_made = NEXT_UINT ();
      group->spritze_paid = NEXT_UINT ();
      group->retour_made = NEXT_UINT ();
      group->retour_paid = NEXT_UINT ();
      group->lines = sqlite3_column_int (stmt, i++);
      group->average_card_points = sqlite3_column_double (stmt, i++);
      group->cents = sqlite3_column_int (stmt, i++);
      group->heart_free = NEXT_UINT ();
      group->beddl_bid = NEXT_UINT ();
      group->beddl_made = NEXT_UINT ();
      group->mord_bid = NEXT_UINT ();
      group->mord_made = NEXT_UINT ();
#undef NEXT_UINT
      stats->hands += group->hands;
      g_ptr_array_add (stats->groups, group);
      code = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  return code == SQLITE_DONE ? SQLITE_OK : code;
}

/* The last @n_sessions sessions of @game with the running balance (lines or cents). */
static int
read_balance (sqlite3    *db,
              const char *game,
              guint       n_sessions,
              GArray     *points)
{
  sqlite3_stmt *stmt = NULL;
  gboolean cents = g_str_equal (game, "herzla");
  gint running = 0;
  int code = sqlite3_prepare_v2 (db, balance_sql, -1, &stmt, NULL);

  if (code == SQLITE_OK)
    code = sqlite3_bind_text (stmt, 1, game, -1, SQLITE_STATIC);
  while (code == SQLITE_OK && (code = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      BkHistoryPoint point = { 0 };

      point.session = sqlite3_column_int64 (stmt, 0);
      point.date = sqlite3_column_int64 (stmt, 1);
      point.hands = (guint) sqlite3_column_int (stmt, 2);
      point.balance = sqlite3_column_int (stmt, cents ? 4 : 3);
      running += point.balance;
      point.running = running;
      g_array_append_val (points, point);
      code = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (points->len > n_sessions)
    g_array_remove_range (points, 0, points->len - n_sessions);
  return code == SQLITE_DONE ? SQLITE_OK : code;
}

/* The statistics per game, computer strength and help (hints or take-backs), and the
 * running balance over the last @n_sessions sessions of each game. One read
 * transaction, so that a writer in between cannot make the figures disagree. */
BkHistoryStats *
bk_history_get_stats (BkHistory  *self,
                      guint       n_sessions,
                      GError    **error)
{
  g_autoptr (BkHistoryStats) stats = NULL;
  int code;

  g_return_val_if_fail (BK_IS_HISTORY (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bk_history_require_db (self, error))
    return NULL;
  stats = g_new0 (BkHistoryStats, 1);
  stats->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  stats->bierkopf_balance = g_array_new (FALSE, TRUE, sizeof (BkHistoryPoint));
  stats->herzla_balance = g_array_new (FALSE, TRUE, sizeof (BkHistoryPoint));

  code = sqlite3_exec (self->db, "BEGIN", NULL, NULL, NULL);
  if (code == SQLITE_OK)
    code = read_groups (self->db, stats);
  if (code == SQLITE_OK)
    code = read_balance (self->db, "bierkopf", n_sessions, stats->bierkopf_balance);
  if (code == SQLITE_OK)
    code = read_balance (self->db, "herzla", n_sessions, stats->herzla_balance);
  if (code != SQLITE_OK)
    {
      bk_history_set_sqlite_error (error, self->db, code, BK_HISTORY_ERROR_READ,
                                   _("Could not read the statistics"));
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return NULL;
    }
  sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);
  return g_steal_pointer (&stats);
}
