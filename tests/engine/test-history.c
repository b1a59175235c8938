/* test-history.c: the history database and its statistics (issue 17): creation and
 * migration, damaged files set aside, many hands written and read back, a writer and a
 * reader at once, the figures of hand-made hands, and `bierkopf-cli stats`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bk-computer-turn.h"
#include "bk-games.h"
#include "bk-levels.h"
#include "bk-herzla-game.h"
#include "bk-herzla-result.h"
#include "bk-history.h"
#include "bk-record.h"
#include "test-helpers.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("bk-history-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "sub", "history.sqlite", NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
}

static void
exec_sql (sqlite3    *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

/* A hand whose every figure follows from @k, so that it can be checked when read back. */
static BkHistoryHand
numbered_hand (guint  k,
               char **record,
               char **result)
{
  BkHistoryHand hand = { 0 };

  *record = g_strdup_printf ("# Bierkopf game record\nformat 2\nseed %u\n", k);
  *result = g_strdup_printf ("{\"lines\":%u}", k % 7);
  hand.game = (char *) (k % 5 == 4 ? "herzla" : "bierkopf");
  hand.date = 1700000000 + k;
  hand.session = k / 50;
  hand.record = *record;
  hand.result = *result;
  hand.levels = (char *) "W=meister N=meister E=meister";
  hand.strength = (char *) (k % 3 ? "meister" : "pimc");
  hand.seat = k % 4;
  hand.hints_used = k % 11 == 0;
  hand.takeback_used = k % 13 == 0;
  hand.outcome = (gint) (k % 3) - 1;
  hand.card_points = k % 121;
  hand.schneider_given = k % 17 == 0;
  hand.schwarz_taken = k % 19 == 0;
  hand.lines = (gint) (k % 9) - 4;
  hand.bollen = (gint) (k % 23 == 0) - (gint) (k % 29 == 0);
  hand.spritze_made = k % 2;
  hand.spritze_paid = k % 4 == 1;
  hand.retour_made = k % 6 == 5;
  hand.cents = (gint) (k % 41) - 20;
  hand.heart_free = k % 7 == 0;
  hand.contract = (BkHistoryContract) (k % 3);
  hand.contract_made = k % 2 == 0;
  return hand;
}

static void
assert_same_hand (const BkHistoryHand *read,
                  const BkHistoryHand *written)
{
  g_assert_cmpstr (read->game, ==, written->game);
  g_assert_cmpint (read->date, ==, written->date);
  g_assert_cmpint (read->session, ==, written->session);
  g_assert_cmpstr (read->record, ==, written->record);
  g_assert_cmpstr (read->result, ==, written->result);
  g_assert_cmpstr (read->levels, ==, written->levels);
  g_assert_cmpstr (read->strength, ==, written->strength);
  g_assert_cmpuint (read->seat, ==, written->seat);
  g_assert_cmpint (read->hints_used, ==, written->hints_used);
  g_assert_cmpint (read->takeback_used, ==, written->takeback_used);
  g_assert_cmpint (read->outcome, ==, written->outcome);
  g_assert_cmpuint (read->card_points, ==, written->card_points);
  g_assert_cmpint (read->schneider_given, ==, written->schneider_given);
  g_assert_cmpint (read->schwarz_taken, ==, written->schwarz_taken);
  g_assert_cmpint (read->lines, ==, written->lines);
  g_assert_cmpint (read->bollen, ==, written->bollen);
  g_assert_cmpint (read->spritze_made, ==, written->spritze_made);
  g_assert_cmpint (read->spritze_paid, ==, written->spritze_paid);
  g_assert_cmpint (read->retour_made, ==, written->retour_made);
  g_assert_cmpint (read->cents, ==, written->cents);
  g_assert_cmpint (read->heart_free, ==, written->heart_free);
  g_assert_cmpint (read->contract, ==, written->contract);
  g_assert_cmpint (read->contract_made, ==, written->contract_made);
}

/* Stores hands @first … @first + @n - 1 of numbered_hand() in batches of @batch. */
static void
add_numbered (BkHistory *history,
              guint      first,
              guint      n,
              guint      batch)
{
  for (guint k = first; k < first + n; k += batch)
    {
      guint m = MIN (batch, first + n - k);
      g_autofree BkHistoryHand *hands = g_new0 (BkHistoryHand, m);
      g_autofree char **texts = g_new0 (char *, 2 * m);
      g_autoptr (GError) error = NULL;

      for (guint i = 0; i < m; i++)
        hands[i] = numbered_hand (k + i, &texts[2 * i], &texts[2 * i + 1]);
      bk_history_add_hands (history, hands, m, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < 2 * m; i++)
        g_free (texts[i]);
    }
}

static const BkHistoryGroup *
find_group (const BkHistoryStats *stats,
            const char           *game,
            const char           *strength,
            gboolean              assisted)
{
  for (guint i = 0; i < stats->groups->len; i++)
    {
      const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);

      if (g_str_equal (group->game, game) && g_str_equal (group->strength, strength) &&
          group->assisted == assisted)
        return group;
    }
  return NULL;
}

/* A new file is made at version 1 and migrated, in WAL mode, in a folder made for it. */
static void
test_new_file (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (history);
  g_assert_null (bk_history_get_set_aside (history));
  g_assert_cmpuint (bk_history_get_schema_version (history), ==, BK_HISTORY_SCHEMA_VERSION);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_REGULAR));

  stats = bk_history_get_stats (history, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 0);
  g_assert_cmpuint (stats->groups->len, ==, 0);
  g_assert_cmpuint (stats->bierkopf_balance->len, ==, 0);

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* A file of the first schema, as the first version of the history wrote it, is migrated:
 * its hands are kept, a tie told apart from a loss by the result, and new hands fit. */
static void
test_migration_v1 (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (BkHistoryStats) stats = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  const BkHistoryGroup *group;
  BkHistoryHand hand = { 0 };
  sqlite3 *db = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  exec_sql (db,
            "CREATE TABLE hands (id INTEGER PRIMARY KEY, game TEXT NOT NULL,"
            " played_at INTEGER NOT NULL, record TEXT NOT NULL, result TEXT NOT NULL,"
            " seat INTEGER NOT NULL DEFAULT 0, won INTEGER NOT NULL DEFAULT 0,"
            " card_points INTEGER NOT NULL DEFAULT 0);"
            "INSERT INTO hands (game, played_at, record, result, won, card_points) VALUES"
            " ('bierkopf', 1600000000, 'r1', '{\"winner\":\"SN\"}', 1, 90),"
            " ('bierkopf', 1600000100, 'r2', '{\"winner\":null}', 0, 60),"
            " ('bierkopf', 1600000200, 'r3', '{\"winner\":\"WE\"}', 0, 30);"
            "PRAGMA user_version = 1;");
  sqlite3_close (db);

  history = bk_history_new (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_null (bk_history_get_set_aside (history));
  g_assert_cmpuint (bk_history_get_schema_version (history), ==, BK_HISTORY_SCHEMA_VERSION);

  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 3);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[0])->outcome, ==, 1);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[1])->outcome, ==, 0);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[2])->outcome, ==, -1);
  g_assert_cmpstr (((BkHistoryHand *) hands->pdata[2])->record, ==, "r3");
  g_assert_cmpstr (((BkHistoryHand *) hands->pdata[2])->strength, ==, "unknown");

  hand.game = (char *) "bierkopf";
  hand.strength = (char *) "meister";
  hand.outcome = 1;
  hand.card_points = 100;
  bk_history_add_hand (history, &hand, &error);
  g_assert_no_error (error);

  stats = bk_history_get_stats (history, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 4);
  group = find_group (stats, "bierkopf", "unknown", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 3);
  g_assert_cmpuint (group->won, ==, 1);
  g_assert_cmpuint (group->lost, ==, 1);
  g_assert_cmpfloat_with_epsilon (group->average_card_points, 60.0, 1e-9);
  group = find_group (stats, "bierkopf", "meister", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->won, ==, 1);
}

/* A file from a newer version is left alone: no history, but nothing is lost either. */
static void
test_newer_schema (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  sqlite3 *db = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  exec_sql (db, "CREATE TABLE hands (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;");
  sqlite3_close (db);

  history = bk_history_new (fixture->path, &error);
  g_assert_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_NEWER_SCHEMA);
  g_assert_null (history);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_REGULAR));
}

/* Opens @path expecting the damaged file to be set aside with @contents kept. */
static void
assert_set_aside (const char *path,
                  const char *contents,
                  gsize       length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  g_autofree char *kept = NULL;
  gsize kept_length = 0;
  BkHistoryHand hand = { 0 };

  g_assert_no_error (error);
  g_assert_nonnull (history);
  g_assert_nonnull (bk_history_get_set_aside (history));
  g_assert_true (g_str_has_prefix (bk_history_get_set_aside (history), path));
  g_file_get_contents (bk_history_get_set_aside (history), &kept, &kept_length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (kept, kept_length, contents, length);

  /* The new history works. */
  hand.game = (char *) "bierkopf";
  bk_history_add_hand (history, &hand, &error);
  g_assert_no_error (error);
  stats = bk_history_get_stats (history, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 1);
}

static void
test_damaged_garbage (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  char garbage[8192];

  for (guint i = 0; i < sizeof garbage; i++)
    garbage[i] = (char) g_rand_int_range (rand, 0, 256);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (fixture->path, garbage, sizeof garbage, &error);
  g_assert_no_error (error);
  assert_set_aside (fixture->path, garbage, sizeof garbage);
}

/* A history cut short (a full disk, a copy broken off) is set aside, whether the cut
 * leaves the first page or only part of the header. */
static void
test_damaged_truncated (Fixture       *fixture,
                        gconstpointer  data)
{
  const gsize cuts[] = { 0 /* half */, 50 };

  for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize length = 0;

      remove_tree (fixture->dir);
      {
        g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);

        g_assert_no_error (error);
        add_numbered (history, 0, 500, 100);
      }
      /* Closing the last connection folds the WAL into the file. */
      g_file_get_contents (fixture->path, &contents, &length, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (length, >, 65536);
      length = cuts[c] ? cuts[c] : length / 2;
      g_file_set_contents (fixture->path, contents, length, &error);
      g_assert_no_error (error);
      assert_set_aside (fixture->path, contents, length);
    }
}

/* 10,000 hands (scaled) written in batches and read back field by field. */
static void
test_many_hands (Fixture       *fixture,
                 gconstpointer  data)
{
  guint n = bk_test_scaled (10000);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  gint64 last_id = 0;
  guint seen = 0, herzla = 0;

  g_assert_no_error (error);
  add_numbered (history, 0, n, 250);

  while (seen < n)
    {
      g_autoptr (GPtrArray) hands = bk_history_get_hands (history, last_id, 1000, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (hands->len, >, 0);
      for (guint i = 0; i < hands->len; i++)
        {
          const BkHistoryHand *read = hands->pdata[i];
          g_autofree char *record = NULL;
          g_autofree char *result = NULL;
          BkHistoryHand written = numbered_hand (seen, &record, &result);

          assert_same_hand (read, &written);
          g_assert_cmpint (read->id, >, last_id);
          last_id = read->id;
          seen++;
          herzla += g_str_equal (read->game, "herzla");
        }
    }
  g_assert_cmpuint (seen, ==, n);

  stats = bk_history_get_stats (history, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, n);
  g_assert_cmpuint (stats->bierkopf_balance->len, <=, 5);
  {
    guint sum = 0;

    for (guint i = 0; i < stats->groups->len; i++)
      {
        const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);

        if (g_str_equal (group->game, "herzla"))
          sum += group->hands;
      }
    g_assert_cmpuint (sum, ==, herzla);
  }
}

typedef struct {
  const char *path;
  guint       n;
  GError     *error;
  gint        finished;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *writer = data;
  g_autoptr (BkHistory) history = bk_history_new (writer->path, &writer->error);

  for (guint k = 0; history && k < writer->n; k++)
    {
      g_autofree char *record = NULL;
      g_autofree char *result = NULL;
      BkHistoryHand hand = numbered_hand (k, &record, &result);

      hand.game = (char *) "bierkopf";
      if (!bk_history_add_hand (history, &hand, &writer->error))
        break;
    }
  g_atomic_int_set (&writer->finished, 1);
  return NULL;
}

/* The game writes while the statistics window reads, on two connections: neither fails,
 * and every read sees one consistent moment (its groups and its chart agree). */
static void
test_concurrent (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) reader = bk_history_new (fixture->path, &error);
  Writer writer = { fixture->path, bk_test_scaled (2000), NULL, 0 };
  GThread *thread;
  guint last = 0, reads = 0;
  gboolean done = FALSE;

  g_assert_no_error (error);
  thread = g_thread_new ("writer", writer_thread, &writer);
  while (!done)
    {
      g_autoptr (BkHistoryStats) stats = NULL;
      guint chart_hands = 0;

      /* One more read after the writer finished sees everything. */
      done = g_atomic_int_get (&writer.finished);
      stats = bk_history_get_stats (reader, G_MAXUINT, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < stats->bierkopf_balance->len; i++)
        chart_hands += g_array_index (stats->bierkopf_balance, BkHistoryPoint, i).hands;
      g_assert_cmpuint (chart_hands, ==, stats->hands);
      g_assert_cmpuint (stats->hands, >=, last);
      last = stats->hands;
      reads++;
    }
  g_thread_join (thread);
  g_assert_no_error (writer.error);
  g_assert_cmpuint (last, ==, writer.n);
  g_assert_cmpuint (reads, >=, 1);
}

static void
add_made (BkHistory     *history,
          BkHistoryHand *hand)
{
  g_autoptr (GError) error = NULL;

  if (hand->game == NULL)
    hand->game = (char *) "bierkopf";
  if (hand->strength == NULL)
    hand->strength = (char *) "meister";
  bk_history_add_hand (history, hand, &error);
  g_assert_no_error (error);
}

/* The figures of issue 17 on hands made by hand. */
static void
test_stats_figures (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  const BkHistoryGroup *group;
  const BkHistoryPoint *point;

  g_assert_no_error (error);
  /* Session 1: a Spritze that paid with Schneider, a Retour lost Schwarz ending a Bollen. */
  add_made (history, &(BkHistoryHand) { .session = 1, .outcome = 1, .card_points = 95,
                                        .schneider_given = TRUE, .spritze_made = TRUE,
                                        .spritze_paid = TRUE, .lines = 4 });
  add_made (history, &(BkHistoryHand) { .session = 1, .outcome = -1, .card_points = 0,
                                        .schwarz_taken = TRUE, .retour_made = TRUE,
                                        .lines = -12, .bollen = -1 });
  /* Session 2: 60:60. */
  add_made (history, &(BkHistoryHand) { .session = 2, .outcome = 0, .card_points = 60 });
  /* Session 3: a hand with a hint, one against Stammtisch that won a Bollen. */
  add_made (history, &(BkHistoryHand) { .session = 3, .outcome = 1, .card_points = 70,
                                        .hints_used = TRUE, .lines = 1 });
  add_made (history, &(BkHistoryHand) { .session = 3, .outcome = 1, .card_points = 80,
                                        .strength = (char *) "pimc", .lines = 2,
                                        .bollen = 1 });
  /* Herzla: heart-free with a Beddl made, a Mord lost, heart-free again. */
  add_made (history, &(BkHistoryHand) { .game = (char *) "herzla", .session = 4, .cents = 40,
                                        .heart_free = TRUE, .outcome = 1,
                                        .contract = BK_HISTORY_CONTRACT_BEDDL,
                                        .contract_made = TRUE });
  add_made (history, &(BkHistoryHand) { .game = (char *) "herzla", .session = 4, .cents = -80,
                                        .outcome = -1, .contract = BK_HISTORY_CONTRACT_MORD });
  add_made (history, &(BkHistoryHand) { .game = (char *) "herzla", .session = 5, .cents = 10,
                                        .heart_free = TRUE, .outcome = 1 });

  stats = bk_history_get_stats (history, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 8);
  g_assert_cmpuint (stats->groups->len, ==, 4);

  group = find_group (stats, "bierkopf", "meister", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 3);
  g_assert_cmpuint (group->won, ==, 1);
  g_assert_cmpuint (group->lost, ==, 1);
  g_assert_cmpuint (group->schneider_given, ==, 1);
  g_assert_cmpuint (group->schneider_taken, ==, 0);
  g_assert_cmpuint (group->schwarz_given, ==, 0);
  g_assert_cmpuint (group->schwarz_taken, ==, 1);
  g_assert_cmpuint (group->bollen_won, ==, 0);
  g_assert_cmpuint (group->bollen_lost, ==, 1);
  g_assert_cmpuint (group->spritze_made, ==, 1);
  g_assert_cmpuint (group->spritze_paid, ==, 1);
  g_assert_cmpuint (group->retour_made, ==, 1);
  g_assert_cmpuint (group->retour_paid, ==, 0);
  g_assert_cmpint (group->lines, ==, -8);
  g_assert_cmpfloat_with_epsilon (group->average_card_points, (95 + 0 + 60) / 3.0, 1e-9);

  /* Hands with hints or take-backs are counted apart. */
  group = find_group (stats, "bierkopf", "meister", TRUE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 1);
  g_assert_cmpuint (group->won, ==, 1);

  group = find_group (stats, "bierkopf", "pimc", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->bollen_won, ==, 1);

  group = find_group (stats, "herzla", "meister", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 3);
  g_assert_cmpint (group->cents, ==, -30);
  g_assert_cmpuint (group->heart_free, ==, 2);
  g_assert_cmpuint (group->beddl_bid, ==, 1);
  g_assert_cmpuint (group->beddl_made, ==, 1);
  g_assert_cmpuint (group->mord_bid, ==, 1);
  g_assert_cmpuint (group->mord_made, ==, 0);

  /* The running balance over the last two sessions: 1 (-8), 2 (0), 3 (+3). */
  g_assert_cmpuint (stats->bierkopf_balance->len, ==, 2);
  point = &g_array_index (stats->bierkopf_balance, BkHistoryPoint, 0);
  g_assert_cmpint (point->session, ==, 2);
  g_assert_cmpint (point->balance, ==, 0);
  g_assert_cmpint (point->running, ==, -8);
  point = &g_array_index (stats->bierkopf_balance, BkHistoryPoint, 1);
  g_assert_cmpint (point->session, ==, 3);
  g_assert_cmpuint (point->hands, ==, 2);
  g_assert_cmpint (point->balance, ==, 3);
  g_assert_cmpint (point->running, ==, -5);
  g_assert_cmpuint (stats->herzla_balance->len, ==, 2);
  point = &g_array_index (stats->herzla_balance, BkHistoryPoint, 1);
  g_assert_cmpint (point->running, ==, -30);

  /* Reset forgets them all. */
  bk_history_reset (history, &error);
  g_assert_no_error (error);
  g_clear_pointer (&stats, bk_history_stats_free);
  stats = bk_history_get_stats (history, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 0);
}

/* Nonsense is refused with an error and stores nothing. */
static void
test_invalid_hand (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  BkHistoryHand hands[2] = { { .game = (char *) "bierkopf" }, { .game = (char *) "skat" } };

  g_assert_no_error (error);
  g_assert_false (bk_history_add_hands (history, hands, 2, &error));
  g_assert_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_INVALID);
  g_clear_error (&error);
  hands[1].game = (char *) "bierkopf";
  hands[1].outcome = 2;
  g_assert_false (bk_history_add_hands (history, hands, 2, &error));
  g_assert_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_INVALID);
  g_clear_error (&error);
  stats = bk_history_get_stats (history, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 0);
}

typedef struct {
  BkTeam bollen;
} Bollen;

static void
bollen_won_cb (BkGame *game,
               guint   team,
               Bollen *bollen)
{
  bollen->bollen = (BkTeam) team;
}

/* The figures read from finished hands of a session agree with its results (spec B5, B6),
 * and the hand's record replays to the same result. */
static void
test_hand_from_game (void)
{
  g_autoptr (BkGame) game = NULL;
  BkRules rules;
  Bollen bollen = { BK_TEAM_NONE };
  /* Random hands are cheap: never so few that no Bollen ends (seed 5 ends one by then). */
  guint n = MAX (bk_test_scaled (200), 80), bollen_hands = 0, doubled = 0;
  const char * const levels[BK_N_SEATS] = { NULL, "meister", "meister", "pimc" };
  g_autofree char *strength = NULL;
  g_autofree char *text = bk_history_levels (levels, BK_SEAT_S, &strength);

  g_assert_cmpstr (text, ==, "W=meister N=meister E=pimc");
  g_assert_cmpstr (strength, ==, "mixed");

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "random", NULL);

      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_signal_connect (game, "bollen-won", G_CALLBACK (bollen_won_cb), &bollen);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GError) error = NULL;
      BkHistoryHand hand = { 0 };
      const BkHandResult *result;
      BkSeat person = (BkSeat) (k % BK_N_SEATS);
      BkTeam team = bk_seat_team (person);

      bollen.bollen = BK_TEAM_NONE;
      bk_game_next_hand (game, &error);
      g_assert_no_error (error);
      bk_game_run (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
      result = bk_bierkopf_game_get_last_result (game);

      bk_history_hand_from_bierkopf (&hand, game, person, bollen.bollen);
      g_assert_cmpstr (hand.game, ==, "bierkopf");
      g_assert_cmpuint (hand.card_points, ==, result->points[team]);
      g_assert_cmpint (hand.outcome, ==, result->winner == BK_TEAM_NONE ? 0
                                         : result->winner == team ? 1 : -1);
      g_assert_cmpint (ABS (hand.lines), ==, result->lines);
      g_assert_cmpint (hand.lines > 0, ==, hand.outcome > 0 && result->lines > 0);
      g_assert_false (hand.schneider_given && hand.schwarz_given);
      g_assert_true (!hand.schwarz_given || result->schwarz);
      g_assert_true (!hand.spritze_paid || (hand.spritze_made && hand.outcome == 1));
      g_assert_true (!hand.retour_made || result->multiplier >= 4);
      g_assert_true (!hand.spritze_made || result->multiplier >= 2);
      /* One of the two teams said the Spritze of every doubled hand. */
      if (result->multiplier >= 2)
        {
          BkHistoryHand other = { 0 };

          bk_history_hand_from_bierkopf (&other, game, bk_seat_after (person, 1),
                                         bollen.bollen);
          g_assert_true (hand.spritze_made != other.spritze_made);
          doubled++;
        }
      if (bollen.bollen != BK_TEAM_NONE)
        {
          g_assert_cmpint (hand.bollen, ==, bollen.bollen == team ? 1 : -1);
          bollen_hands++;
        }

      /* The hand's own record replays to the same result. */
      if (k % 10 == 0)
        {
          g_autofree char *session = bk_game_to_record (game);
          g_autofree char *record = bk_history_hand_record (session);
          g_autoptr (BkGame) replayed = NULL;
          const BkHandResult *again;

          g_assert_nonnull (record);
          replayed = bk_record_replay (record, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (bk_game_get_hand_number (replayed), ==, 1);
          again = bk_bierkopf_game_get_last_result (replayed);
          g_assert_cmpuint (again->points[BK_TEAM_SN], ==, result->points[BK_TEAM_SN]);
          g_assert_cmpuint (again->multiplier, ==, result->multiplier);
        }
    }
  g_assert_cmpuint (doubled, >, 0);
  g_assert_cmpuint (bollen_hands, >, 0);
  g_assert_null (bk_history_hand_record ("# Bierkopf game record\nformat 2\n"));
}

/* Issue 17 for Herzla (H5, H6.2): the figures of finished Herzla hands agree with the
 * session's results, both forms; stored, they count in Herzla's statistics (cents, the
 * heart-free hands, the contracts bid and made), apart from Bierkopf's. */
static void
test_herzla_hands (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char *forms[][2] = { { "vier", "4" }, { "einfach", "5" } };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;
  guint stored = 0, free_hands = 0, bid = 0, made = 0;
  gint cents = 0;

  g_assert_no_error (error);
  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      g_autoptr (BkGame) game = NULL;
      BkRules rules;

      bk_rules_init_default (&rules);
      g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
      g_assert_true (bk_rules_set_option (&rules, "variant", forms[f][0], NULL));
      g_assert_true (bk_rules_set_option (&rules, "players", forms[f][1], NULL));
      game = bk_game_new (&rules, 11 + f);
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        {
          g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_HERZLA,
                                                                       "random", NULL);

          bk_game_set_strategy (game, s, strategy);
        }
      for (guint k = 0; k < 12 && !bk_game_is_session_over (game); k++)
        {
          BkHistoryHand hand = { 0 };
          g_autofree char *json = NULL;
          g_autofree char *session = NULL;
          g_autofree char *record = NULL;
          g_autoptr (GString) expected = g_string_new (NULL);
          const BkHerzlaResult *result;

          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
          bk_game_run (game);
          result = bk_herzla_game_get_last_result (game);
          bk_history_hand_from_herzla (&hand, game, 0, &json);

          g_assert_cmpstr (hand.game, ==, "herzla");
          bk_herzla_result_write (result, expected);
          g_assert_cmpstr (json, ==, expected->str);
          g_assert_cmpint (hand.heart_free, ==, result->tally.hearts[0] == 0);
          g_assert_cmpint (hand.cents, ==, f == 0 ? result->payment.cents[0] : 0);
          g_assert_cmpint (hand.contract != BK_HISTORY_CONTRACT_NONE, ==,
                           result->tally.declarer == 0);

          session = bk_game_to_record (game);
          record = bk_history_hand_record (session);
          hand.record = record;
          hand.result = json;
          hand.levels = (char *) "W=random";
          hand.strength = (char *) "random";
          hand.session = f + 1;
          g_assert_true (bk_history_add_hand (history, &hand, &error));
          g_assert_no_error (error);
          stored++;
          free_hands += hand.heart_free;
          cents += hand.cents;
          bid += hand.contract != BK_HISTORY_CONTRACT_NONE;
          made += hand.contract != BK_HISTORY_CONTRACT_NONE && hand.contract_made;
        }
    }

  stats = bk_history_get_stats (history, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, stored);
  for (guint i = 0; i < stats->groups->len; i++)
    {
      const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);

      g_assert_cmpstr (group->game, ==, "herzla");
      g_assert_cmpuint (group->hands, ==, stored);
      g_assert_cmpuint (group->heart_free, ==, free_hands);
      g_assert_cmpint (group->cents, ==, cents);
      g_assert_cmpuint (group->beddl_bid + group->mord_bid, ==, bid);
      g_assert_cmpuint (group->beddl_made + group->mord_made, ==, made);
    }
  g_assert_cmpuint (stats->groups->len, ==, 1);
}


/* issue 21: a file with no ".damaged-" file beside it. */
static void
assert_nothing_set_aside (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  while ((name = g_dir_read_name (dir)))
    g_assert_null (strstr (name, ".damaged-"));
}

static guint
count_rows (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (path, &error);
  g_autoptr (BkHistoryStats) stats = NULL;

  g_assert_no_error (error);
  stats = bk_history_get_stats (history, 10, &error);
  g_assert_no_error (error);
  return stats->hands;
}

/* A hand of session 7 with @number and @lines as its figure. */
static BkHistoryHand
identified_hand (guint number,
                 gint  lines)
{
  BkHistoryHand hand = { 0 };

  hand.game = (char *) "bierkopf";
  hand.session = 7;
  hand.number = number;
  hand.record = (char *) "seed 1\n";
  hand.result = (char *) "{}";
  hand.outcome = lines > 0 ? 1 : -1;
  hand.lines = lines;
  return hand;
}

/* issue 21, "Busy/locked is never damage": another program holds the file with BEGIN
 * EXCLUSIVE. Opening and writing fail with BK_HISTORY_ERROR_BUSY within a moment, the
 * file is not set aside, and once the lock ends the same hand is stored. @wal: the file
 * is in WAL mode (else a rollback journal, where the lock keeps readers out too). */
static void
test_busy (Fixture       *fixture,
           gconstpointer  data)
{
  gboolean wal = GPOINTER_TO_INT (data);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (BkHistory) second = NULL;
  g_autoptr (BkHistoryStats) stats = NULL;
  BkHistoryHand first = identified_hand (1, 2), hand = identified_hand (2, 3);
  sqlite3 *other = NULL;
  gint64 start;

  g_assert_no_error (error);
  bk_history_add_hand (history, &first, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (fixture->path, &other), ==, SQLITE_OK);
  /* The game's connection lets go, so that the file can leave WAL mode. */
  g_clear_object (&history);
  if (!wal)
    exec_sql (other, "PRAGMA journal_mode = DELETE");
  history = wal ? bk_history_new (fixture->path, &error) : NULL;
  g_assert_no_error (error);
  exec_sql (other, "BEGIN EXCLUSIVE; INSERT INTO hands (game, played_at, record, result)"
                   " VALUES ('bierkopf', 1, 'other', '{}')");

  /* Opening: waits a moment, then says busy; the file stays where it is. */
  start = g_get_monotonic_time ();
  second = bk_history_new (fixture->path, &error);
  if (wal)
    {
      /* WAL readers read past the lock: the statistics are there. */
      g_assert_no_error (error);
      stats = bk_history_get_stats (second, 10, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (stats->hands, ==, 1);
    }
  else
    {
      g_assert_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_BUSY);
      g_assert_null (second);
      g_clear_error (&error);
      g_assert_null (history);
    }
  /* Generous: the busy timeout is 200 ms; the issue saw 5 s. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  assert_nothing_set_aside (fixture->path);

  if (history)
    {
      start = g_get_monotonic_time ();
      g_assert_false (bk_history_add_hand (history, &hand, &error));
      g_assert_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_BUSY);
      g_clear_error (&error);
      g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
    }

  exec_sql (other, "COMMIT");
  sqlite3_close (other);
  assert_nothing_set_aside (fixture->path);
  if (history == NULL)
    {
      history = bk_history_new (fixture->path, &error);
      g_assert_no_error (error);
    }
  bk_history_add_hand (history, &hand, &error);
  g_assert_no_error (error);
  g_clear_object (&history);
  g_clear_object (&second);
  /* Ours two and the other program's one. */
  g_assert_cmpuint (count_rows (fixture->path), ==, 3);
}

/* issue 21: a history that cannot be written (a read-only file; as root, read by a user
 * that may not write it) is read, not set aside; a hand is refused with
 * BK_HISTORY_ERROR_READ_ONLY. */
static void
test_read_only (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  pid_t pid;
  int status = 0;

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);

    g_assert_no_error (error);
    add_numbered (history, 0, 10, 10);
  }
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  g_assert_cmpint (g_chmod (fixture->dir, 0755), ==, 0);

  /* In a child: root writes whatever the mode says, so the child is nobody. */
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkHistory) history = NULL;
      g_autoptr (BkHistoryStats) stats = NULL;
      BkHistoryHand hand = identified_hand (1, 2);

      if (geteuid () == 0 && setuid (65534) != 0)
        _exit (2);
      history = bk_history_new (fixture->path, &error);
      if (history == NULL || !bk_history_is_read_only (history) ||
          bk_history_get_set_aside (history) != NULL)
        _exit (3);
      stats = bk_history_get_stats (history, 10, &error);
      if (stats == NULL || stats->hands != 10)
        _exit (4);
      if (bk_history_add_hand (history, &hand, &error) ||
          !g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY))
        _exit (5);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_chmod (folder, 0700);
  g_chmod (fixture->path, 0600);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  assert_nothing_set_aside (fixture->path);
  g_assert_cmpuint (count_rows (fixture->path), ==, 10);
}

/* issue 21, "Idempotent write": a hand is one row per (session, number). Stored again
 * it replaces the first (the latest finished version wins); offered again (a start's
 * hands of the save) it leaves the stored one. Hands without a number are all kept. A
 * reset's hands are not offered back. */
static void
test_idempotent (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = bk_history_new (fixture->path, &error);
  g_autoptr (GPtrArray) hands = NULL;
  BkHistoryHand first = identified_hand (4, 2), again = identified_hand (4, 3);
  BkHistoryHand offered = identified_hand (4, -5), next = identified_hand (5, 1);
  BkHistoryHand other_session = identified_hand (4, 1), plain = identified_hand (0, 1);

  g_assert_no_error (error);
  other_session.session = 8;
  g_assert_true (bk_history_add_hand (history, &first, &error));
  g_assert_true (bk_history_add_hand (history, &again, &error));
  g_assert_true (bk_history_offer_hands (history, &offered, 1, &error));
  g_assert_true (bk_history_offer_hands (history, &next, 1, &error));
  g_assert_true (bk_history_add_hand (history, &other_session, &error));
  g_assert_true (bk_history_add_hand (history, &plain, &error));
  g_assert_true (bk_history_add_hand (history, &plain, &error));
  g_assert_no_error (error);

  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 5);
  for (guint i = 0; i < hands->len; i++)
    {
      const BkHistoryHand *hand = g_ptr_array_index (hands, i);

      if (hand->session == 7 && hand->number == 4)
        g_assert_cmpint (hand->lines, ==, 3);
      if (hand->session == 7 && hand->number == 5)
        g_assert_cmpint (hand->lines, ==, 1);
    }

  /* After a reset a start does not bring back the hands of the save it forgot. */
  g_assert_true (bk_history_reset (history, &error));
  g_assert_true (bk_history_offer_hands (history, &first, 1, &error));
  g_assert_true (bk_history_offer_hands (history, &next, 1, &error));
  g_assert_no_error (error);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_cmpuint (hands->len, ==, 0);
  next.number = 6;
  g_assert_true (bk_history_offer_hands (history, &next, 1, &error));
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 1);
}

/* issue 21: a file of schema 2 with the doubles an older version wrote after a kill (the
 * same hand twice in one session) keeps one of each and gets its identity index. */
static void
test_migration_v2 (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  BkHistoryHand hand = identified_hand (1, 1);
  sqlite3 *db = NULL;

  {
    g_autoptr (BkHistory) v3 = bk_history_new (fixture->path, &error);
    g_assert_no_error (error);
  }
  /* Back to version 2, as it was. */
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  exec_sql (db,
            "DROP INDEX hands_by_identity; ALTER TABLE hands DROP COLUMN number;"
            "ALTER TABLE hands DROP COLUMN friends; DROP TABLE forgotten;"
            "INSERT INTO hands (game, played_at, record, result, session) VALUES"
            " ('bierkopf', 1, 'r1', '{}', 5), ('bierkopf', 2, 'r1', '{}', 5),"
            " ('bierkopf', 3, 'r2', '{}', 5), ('bierkopf', 4, 'r1', '{}', 6);"
            "PRAGMA user_version = 2;");
  sqlite3_close (db);

  history = bk_history_new (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_history_get_schema_version (history), ==, BK_HISTORY_SCHEMA_VERSION);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 3);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[0])->date, ==, 1);
  bk_history_add_hand (history, &hand, &error);
  bk_history_add_hand (history, &hand, &error);
  g_assert_no_error (error);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_cmpuint (hands->len, ==, 4);
}

/* The group of @stats of @game at @strength, alone or with friends, unassisted; or NULL. */
static const BkHistoryGroup *
find_play_group (const BkHistoryStats *stats,
                 const char           *game,
                 const char           *strength,
                 gboolean              with_friends)
{
  for (guint i = 0; i < stats->groups->len; i++)
    {
      const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);

      if (g_str_equal (group->game, game) && g_str_equal (group->strength, strength) &&
          !group->assisted && group->with_friends == with_friends)
        return group;
    }
  return NULL;
}

/* issue 24: a file of schema 3 (today's) loads with its hands as they were, all of them
 * played alone; a hand at a table with friends then counts in a group of its own, never in
 * the figures, balance or recent hands of the hands alone. */
static void
test_migration_v3_friends (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  g_autoptr (BkHistoryStats) stats = NULL;
  g_autoptr (JsonNode) json = NULL;
  g_autofree char *text = NULL;
  BkHistoryHand solo = identified_hand (1, 3);
  BkHistoryHand table = identified_hand (1, -2);
  const BkHistoryGroup *group;
  sqlite3 *db = NULL;

  {
    g_autoptr (BkHistory) v4 = bk_history_new (fixture->path, &error);
    g_assert_no_error (error);
  }
  /* Back to version 3, with a hand in it as version 3 wrote it. */
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  exec_sql (db,
            "ALTER TABLE hands DROP COLUMN friends;"
            "INSERT INTO hands (game, played_at, record, result, session, number, strength,"
            " won, lines) VALUES ('bierkopf', 5, 'seed 1\n', '{}', 7, 1, 'meister', 1, 3);"
            "PRAGMA user_version = 3;");
  sqlite3_close (db);

  history = bk_history_new (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_history_get_schema_version (history), ==, BK_HISTORY_SCHEMA_VERSION);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 1);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[0])->date, ==, 5);
  g_assert_cmpint (((BkHistoryHand *) hands->pdata[0])->lines, ==, 3);
  g_assert_false (((BkHistoryHand *) hands->pdata[0])->with_friends);
  /* The old hand stays itself: storing it again replaces it, no double. */
  solo.strength = (char *) "meister";
  g_assert_true (bk_history_add_hand (history, &solo, &error));

  /* A hand at a table, of another session (the table's). */
  table.session = 8;
  table.strength = (char *) "meister";
  table.with_friends = TRUE;
  g_assert_true (bk_history_add_hand (history, &table, &error));
  g_assert_no_error (error);

  stats = bk_history_get_stats (history, 30, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->hands, ==, 2);
  group = find_play_group (stats, "bierkopf", "meister", FALSE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 1);
  g_assert_cmpuint (group->won, ==, 1);
  g_assert_cmpint (group->lines, ==, 3);
  group = find_play_group (stats, "bierkopf", "meister", TRUE);
  g_assert_nonnull (group);
  g_assert_cmpuint (group->hands, ==, 1);
  g_assert_cmpuint (group->lost, ==, 1);
  g_assert_cmpint (group->lines, ==, -2);
  /* The balance is the hands alone. */
  g_assert_cmpuint (stats->bierkopf_balance->len, ==, 1);
  g_assert_cmpint (g_array_index (stats->bierkopf_balance, BkHistoryPoint, 0).running, ==, 3);
  json = bk_history_stats_to_json (stats);
  text = json_to_string (json, FALSE);
  g_assert_nonnull (strstr (text, "\"with_friends\":true"));

  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = bk_history_get_recent_hands (history, "bierkopf", 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 1);
  g_assert_false (((BkHistoryHand *) hands->pdata[0])->with_friends);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = bk_history_get_hands (history, 0, 100, &error);
  g_assert_cmpuint (hands->len, ==, 2);
  g_assert_true (((BkHistoryHand *) hands->pdata[1])->with_friends);
}

/* A session of @n_hands hands of random players, started as the app starts one. */
static BkGame *
played_session (BkGameKind kind,
                guint      n_hands)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;
  BkGame *game;

  bk_rules_init_default (&rules);
  if (kind == BK_GAME_HERZLA)
    g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
  game = bk_game_new (&rules, 11);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (kind, "random", &error);

      g_assert_no_error (error);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_assert_true (bk_game_start (game, &error));
  for (guint k = 0; k < n_hands; k++)
    {
      if (k > 0)
        g_assert_true (bk_game_next_hand (game, &error));
      g_assert_no_error (error);
      bk_game_run (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
    }
  return game;
}

/* issue 21, "Sessions": a session started has an identity; it is in its record and save
 * and a replay of either (a restart) keeps it, as a take-back does. */
static void
test_session_id (void)
{
  g_autoptr (BkGame) game = played_session (BK_GAME_BIERKOPF, 2);
  g_autoptr (GError) error = NULL;
  gint64 id = bk_game_get_session_id (game);
  g_autofree char *record = bk_game_to_record (game);
  g_autofree char *save = bk_game_to_save_text (game);
  g_autofree char *line = g_strdup_printf ("\nsession %" G_GINT64_FORMAT "\n", id);

  g_assert_cmpint (id, >, 0);
  g_assert_nonnull (strstr (record, line));
  g_assert_nonnull (strstr (save, line));
  for (guint round = 0; round < 10; round++)
    {
      g_autoptr (BkGame) loaded = bk_record_replay (save, NULL, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (bk_game_get_session_id (loaded), ==, id);
      g_free (save);
      save = bk_game_to_save_text (loaded);
    }
  /* Its identity cannot change once it has dealt; a record without the line has none. */
  g_assert_false (bk_game_set_session_id (game, 5, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  {
    g_autoptr (BkGame) plain = bk_record_replay ("seed 3\n", NULL, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpint (bk_game_get_session_id (plain), ==, 0);
    g_assert_null (bk_record_replay ("session 4\nsession 5\n", NULL, NULL, NULL, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  }
}

/* spec B6.2, issue 22: the hand just scored, as the history stores it, asked of the session
 * alone (the app's recorder names no game): the Bollen it won is the one "bollen-won" told,
 * and the rest is as bk_history_hand_new_from_game() gives it; a Herzla hand has none. */
static void
test_hand_from_scored (void)
{
  const char * const levels[BK_N_SEATS] = { NULL, "random", "random", "random" };
  g_autoptr (BkGame) game = NULL;
  Bollen bollen = { BK_TEAM_NONE };
  guint n = MAX (bk_test_scaled (200), 80), bollen_hands = 0;
  BkRules rules;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 5);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "random",
                                                                   NULL);

      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_signal_connect (game, "bollen-won", G_CALLBACK (bollen_won_cb), &bollen);
  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkHistoryHand) scored = NULL, told = NULL;
      BkSeat person = (BkSeat) (k % BK_N_SEATS);

      bollen.bollen = BK_TEAM_NONE;
      bk_game_next_hand (game, &error);
      g_assert_no_error (error);
      bk_game_run (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
      scored = bk_history_hand_new_from_scored (game, person, levels);
      told = bk_history_hand_new_from_game (game, person, bollen.bollen, levels);
      g_assert_cmpint (scored->bollen, ==, told->bollen);
      g_assert_cmpint (scored->bollen, ==, bollen.bollen == BK_TEAM_NONE ? 0
                                           : bollen.bollen == bk_seat_team (person) ? 1 : -1);
      g_assert_cmpstr (scored->record, ==, told->record);
      g_assert_cmpstr (scored->result, ==, told->result);
      g_assert_cmpint (scored->outcome, ==, told->outcome);
      bollen_hands += scored->bollen != 0;
    }
  g_assert_cmpuint (bollen_hands, >, 0);

  {
    g_autoptr (BkGame) herzla = played_session (BK_GAME_HERZLA, 2);
    g_autoptr (BkHistoryHand) scored = bk_history_hand_new_from_scored (herzla, 0, levels);
    g_autoptr (BkHistoryHand) told = bk_history_hand_new_from_game (herzla, 0, BK_TEAM_NONE,
                                                                    levels);

    g_assert_cmpstr (scored->game, ==, "herzla");
    g_assert_cmpint (scored->bollen, ==, 0);
    g_assert_cmpstr (scored->result, ==, told->result);
    g_assert_cmpint (scored->cents, ==, told->cents);
  }
}

/* issue 21, "A start stores the finished hands the history lacks": the hands a record
 * holds, as the recorder would have stored them live, with their identity. */
static void
test_hands_from_record (void)
{
  const char * const levels[BK_N_SEATS] = { NULL, "random", "random", "random" };

  for (BkGameKind kind = BK_GAME_BIERKOPF; kind <= BK_GAME_HERZLA; kind++)
    {
      g_autoptr (BkGame) game = played_session (kind, 3);
      g_autoptr (BkHistoryHand) last = bk_history_hand_new_from_game (game, 0, BK_TEAM_NONE,
                                                                      levels);
      g_autofree char *save = bk_game_to_save_text (game);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) hands = bk_history_hands_from_record (save, strlen (save), 0,
                                                                  levels, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (hands->len, ==, 3);
      for (guint i = 0; i < 3; i++)
        {
          const BkHistoryHand *hand = g_ptr_array_index (hands, i);

          g_assert_cmpint (hand->session, ==, bk_game_get_session_id (game));
          g_assert_cmpuint (hand->number, ==, i + 1);
        }
      /* The last as the live game gives it. */
      g_assert_cmpuint (last->number, ==, 3);
      g_assert_cmpstr (((BkHistoryHand *) hands->pdata[2])->record, ==, last->record);
      g_assert_cmpstr (((BkHistoryHand *) hands->pdata[2])->result, ==, last->result);
      g_assert_cmpstr (((BkHistoryHand *) hands->pdata[2])->levels, ==, last->levels);
      /* The hand's own record names no session: played again, it is a new one. */
      g_assert_null (strstr (last->record, "session "));
    }
}

/* `bierkopf-cli history-fill` then `stats`: one JSON object with the figures. */
static void
test_cli_stats (Fixture       *fixture,
                gconstpointer  data)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  guint n = bk_test_scaled (300);
  g_autofree char *hands = g_strdup_printf ("%u", n);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root, *group;
  JsonArray *groups, *balance;
  gint status = 0;
  guint sum = 0;

  if (cli == NULL)
    {
      g_test_skip ("BIERKOPF_CLI is not set");
      return;
    }
  {
    const char *argv[] = { cli, "history-fill", "--db", fixture->path, "--hands", hands,
                           "--seed", "3", NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                  &status, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (err, ==, "");
    g_assert_cmpstr (out, ==, "");
    g_spawn_check_wait_status (status, &error);
    g_assert_no_error (error);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *argv[] = { cli, "stats", "--db", fixture->path, "--sessions", "3", NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                  &status, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (err, ==, "");
    g_spawn_check_wait_status (status, &error);
    g_assert_no_error (error);
  }
  /* One object on one line. */
  g_assert_true (g_str_has_suffix (out, "}\n"));
  g_assert_true (strchr (out, '\n') == out + strlen (out) - 1);

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "hands"), ==, n);
  groups = json_object_get_array_member (root, "groups");
  g_assert_cmpuint (json_array_get_length (groups), >=, 1);
  for (guint i = 0; i < json_array_get_length (groups); i++)
    {
      group = json_array_get_object_element (groups, i);
      g_assert_cmpstr (json_object_get_string_member (group, "game"), ==, "bierkopf");
      g_assert_cmpstr (json_object_get_string_member (group, "strength"), ==, "random");
      g_assert_true (json_object_has_member (group, "schneider_given"));
      g_assert_true (json_object_has_member (group, "bollen_lost"));
      g_assert_true (json_object_has_member (group, "spritze_paid"));
      g_assert_true (json_object_has_member (group, "average_card_points"));
      g_assert_cmpint (json_object_get_int_member (group, "won") +
                       json_object_get_int_member (group, "lost"), <=,
                       json_object_get_int_member (group, "hands"));
      sum += (guint) json_object_get_int_member (group, "hands");
    }
  g_assert_cmpuint (sum, ==, n);
  balance = json_object_get_array_member (json_object_get_object_member (root, "balance"),
                                          "bierkopf");
  g_assert_cmpuint (json_array_get_length (balance), >=, 1);
  g_assert_cmpuint (json_array_get_length (balance), <=, 3);

  /* A damaged file is set aside, said on stderr, and the statistics start empty. */
  {
    g_autofree char *damaged = g_build_filename (fixture->dir, "damaged.sqlite", NULL);
    const char *argv[] = { cli, "stats", "--db", damaged, NULL };

    g_file_set_contents (damaged, "not a database, not at all", -1, &error);
    g_assert_no_error (error);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                  &status, &error);
    g_assert_no_error (error);
    g_spawn_check_wait_status (status, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (err, "set aside"));
    g_assert_true (g_str_has_prefix (out, "{\"hands\":0,"));
  }

  /* Arguments it does not take. */
  {
    const char *argv[] = { cli, "stats", "--db", fixture->path, "extra", NULL };

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                  &status, &error);
    g_assert_no_error (error);
    g_spawn_check_wait_status (status, &error);
    g_assert_error (error, G_SPAWN_EXIT_ERROR, 2);
  }
}

/* Runs bierkopf-cli with @args (NULL-terminated, after the program); its exit code. */
static int
run_cli (const char * const *args,
         char              **out,
         char              **err)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  gint status = 0;

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static gint64
json_hands (const char *out)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  return json_object_get_int_member (json_node_get_object (json_parser_get_root (parser)),
                                     "hands");
}

/* issue 21: `stats --db` on a file another program holds locked (a rollback journal and
 * BEGIN EXCLUSIVE) waits for it: when the lock ends in time it prints the true figures,
 * else it exits 1 saying so; it never prints "hands":0 and never sets the file aside. */
static void
test_cli_busy (Fixture       *fixture,
               gconstpointer  data)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  const char * const fill[] = { "history-fill", "--db", fixture->path, "--hands", "40", NULL };
  const char * const stats[] = { "stats", "--db", fixture->path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  sqlite3 *other = NULL;

  if (cli == NULL)
    {
      g_test_skip ("BIERKOPF_CLI is not set");
      return;
    }
  g_assert_cmpint (run_cli (fill, &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (sqlite3_open (fixture->path, &other), ==, SQLITE_OK);
  exec_sql (other, "PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;"
                   " DELETE FROM hands WHERE id > 1000000");

  /* Released after a while: the figures come, all 40 hands. */
  {
    const char *argv[] = { cli, "stats", "--db", fixture->path, NULL };
    g_autoptr (GSubprocess) process =
      g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                         &error);

    g_assert_no_error (error);
    g_usleep (700 * 1000);
    exec_sql (other, "COMMIT");
    g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
    g_assert_no_error (error);
    g_assert_true (g_subprocess_get_if_exited (process));
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
    g_assert_cmpint (json_hands (out), ==, 40);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }

  /* Held all along: a clear message and exit 1, the file left as it is. The stats made
   * the file WAL again: a new connection takes it back to a rollback journal. */
  sqlite3_close (other);
  g_assert_cmpint (sqlite3_open (fixture->path, &other), ==, SQLITE_OK);
  exec_sql (other, "PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;"
                   " DELETE FROM hands WHERE id > 1000000");
  g_assert_cmpint (run_cli (stats, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "in use by another program"));
  exec_sql (other, "COMMIT");
  sqlite3_close (other);
  assert_nothing_set_aside (fixture->path);
  g_assert_cmpuint (count_rows (fixture->path), ==, 40);
}

/* issue 21: `history-fill --hands N` stores exactly N hands, of either game; `stats
 * --game` gives one game's figures. */
static void
test_cli_fill (Fixture       *fixture,
               gconstpointer  data)
{
  const char * const bierkopf[] = { "history-fill", "--db", fixture->path, "--hands", "2000",
                                    "--seed", "1", NULL };
  const char * const herzla[] = { "history-fill", "--db", fixture->path, "--hands", "100",
                                  "--game", "herzla", NULL };
  const char * const simple[] = { "history-fill", "--db", fixture->path, "--hands", "30",
                                  "--game", "herzla", "--variant", "einfach", "--players", "5",
                                  NULL };
  const char * const stats_herzla[] = { "stats", "--db", fixture->path, "--game", "herzla",
                                        NULL };
  const char * const stats_bierkopf[] = { "stats", "--db", fixture->path, "--game",
                                          "bierkopf", NULL };
  const char * const stats_bad[] = { "stats", "--db", fixture->path, "--game", "skat", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (g_getenv ("BIERKOPF_CLI") == NULL)
    {
      g_test_skip ("BIERKOPF_CLI is not set");
      return;
    }
#define RUN(args, code) \
  G_STMT_START { \
    g_clear_pointer (&out, g_free); \
    g_clear_pointer (&err, g_free); \
    g_assert_cmpint (run_cli (args, &out, &err), ==, code); \
  } G_STMT_END
  RUN (bierkopf, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_cmpuint (count_rows (fixture->path), ==, 2000);
  RUN (herzla, 0);
  g_assert_cmpstr (err, ==, "");
  RUN (simple, 0);
  g_assert_cmpuint (count_rows (fixture->path), ==, 2130);
  RUN (stats_herzla, 0);
  g_assert_cmpint (json_hands (out), ==, 130);
  g_assert_null (strstr (out, "\"bierkopf\",\"strength\""));
  RUN (stats_bierkopf, 0);
  g_assert_cmpint (json_hands (out), ==, 2000);
  g_assert_null (strstr (out, "\"herzla\",\"strength\""));
  RUN (stats_bad, 2);
#undef RUN
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/history/new-file", test_new_file);
  ADD ("/history/migration-v1", test_migration_v1);
  ADD ("/history/migration-v3-friends", test_migration_v3_friends);
  ADD ("/history/newer-schema", test_newer_schema);
  ADD ("/history/damaged/garbage", test_damaged_garbage);
  ADD ("/history/damaged/truncated", test_damaged_truncated);
  ADD ("/history/many-hands", test_many_hands);
  ADD ("/history/concurrent", test_concurrent);
  ADD ("/history/stats-figures", test_stats_figures);
  ADD ("/history/invalid-hand", test_invalid_hand);
  ADD ("/history/cli-stats", test_cli_stats);
  ADD ("/history/herzla-hands", test_herzla_hands);
  g_test_add ("/history/busy/rollback-journal", Fixture, GINT_TO_POINTER (FALSE),
              fixture_set_up, test_busy, fixture_tear_down);
  g_test_add ("/history/busy/wal", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up, test_busy,
              fixture_tear_down);
  ADD ("/history/read-only", test_read_only);
  ADD ("/history/idempotent", test_idempotent);
  ADD ("/history/migration-v2", test_migration_v2);
  ADD ("/history/cli-busy", test_cli_busy);
  ADD ("/history/cli-fill", test_cli_fill);
#undef ADD
  g_test_add_func ("/history/session-id", test_session_id);
  g_test_add_func ("/history/hands-from-record", test_hands_from_record);
  g_test_add_func ("/history/hand-from-game", test_hand_from_game);
  g_test_add_func ("/history/hand-from-scored", test_hand_from_scored);

  return g_test_run ();
}
