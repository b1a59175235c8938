/* bk-history.c: the history of finished hands in SQLite: opening it (and setting a damaged
 * file aside), adding hands, reading them back; its statistics are in bk-history-stats.c.
 *
 * The file is opened in WAL mode with a busy timeout, so that a second connection (the
 * statistics window, bierkopf-cli stats) reads while the game writes. Its schema version
 * is PRAGMA user_version: a new file is created at version 1 and migrated like any old
 * one, so the migrations run every time a history starts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "bk-history-private.h"

G_DEFINE_QUARK (bk-history-error-quark, bk_history_error)

G_DEFINE_FINAL_TYPE (BkHistory, bk_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PATH,
  PROP_SET_ASIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Version 1: the first history, a hand with its record, result and whether it was won. */
static const char schema_v1[] =
  "CREATE TABLE hands ("
  "  id INTEGER PRIMARY KEY,"
  "  game TEXT NOT NULL,"
  "  played_at INTEGER NOT NULL,"
  "  record TEXT NOT NULL,"
  "  result TEXT NOT NULL,"
  "  seat INTEGER NOT NULL DEFAULT 0,"
  "  won INTEGER NOT NULL DEFAULT 0,"
  "  card_points INTEGER NOT NULL DEFAULT 0"
  ");";

/* Version 2: the sessions, the levels, hints and take-backs, and every figure of the
 * statistics as a column. Ties were stored as not won; the result JSON tells them apart. */
static const char migration_v2[] =
  "ALTER TABLE hands ADD COLUMN session INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN levels TEXT NOT NULL DEFAULT '';"
  "ALTER TABLE hands ADD COLUMN strength TEXT NOT NULL DEFAULT 'unknown';"
  "ALTER TABLE hands ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN takeback_used INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN tied INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN schneider_given INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN schneider_taken INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN schwarz_given INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN schwarz_taken INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN lines INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN bollen INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN spritze_made INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN spritze_paid INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN retour_made INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN retour_paid INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN cents INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN heart_free INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN contract INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE hands ADD COLUMN contract_made INTEGER NOT NULL DEFAULT 0;"
  "UPDATE hands SET tied = (won = 0 AND json_valid(result)"
  "                         AND json_type(result, '$.winner') = 'null');"
  "CREATE INDEX hands_by_session ON hands (game, session);";

/* Version 3: a hand's identity, its number in its session, so that storing it again (a
 * restart that plays its last card again, a start that offers the save's hands) stores it
 * once. Older rows have no number (NULL, never equal to another); of the doubles that
 * older versions wrote after a kill, one is kept. `forgotten` keeps, per session, the last
 * hand a reset forgot, so that a start does not offer those hands again. */
static const char migration_v3[] =
  "ALTER TABLE hands ADD COLUMN number INTEGER;"
  "DELETE FROM hands WHERE id NOT IN"
  " (SELECT min(id) FROM hands GROUP BY game, session, record);"
  "CREATE UNIQUE INDEX hands_by_identity ON hands (session, number);"
  "CREATE TABLE forgotten (session INTEGER PRIMARY KEY, number INTEGER NOT NULL);";

/* Version 4: hands at a table with friends (issue 24), counted apart from those played
 * alone; every older hand was played alone. */
static const char migration_v4[] =
  "ALTER TABLE hands ADD COLUMN friends INTEGER NOT NULL DEFAULT 0;";

/* migrations[k] takes a file from version k + 1 to k + 2. */
static const char * const migrations[] = {
  migration_v2,
  migration_v3,
  migration_v4,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) + 1 == BK_HISTORY_SCHEMA_VERSION);

/* INSERT OR REPLACE: the latest finished version of a hand wins (a hand played to its end
 * again after a restart); INSERT OR IGNORE: what is stored stays (the hands a start offers
 * from the save, which know no hints or take-backs). */
#define INSERT_COLUMNS \
  " INTO hands (game, played_at, record, result, seat, won, card_points, session," \
  " levels, strength, hints_used, takeback_used, tied, schneider_given, schneider_taken," \
  " schwarz_given, schwarz_taken, lines, bollen, spritze_made, spritze_paid, retour_made," \
  " retour_paid, cents, heart_free, contract, contract_made, number," \
  " friends)"

static const char * const insert_sql[] = {
  "INSERT OR REPLACE" INSERT_COLUMNS
  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
  " ?)",
  /* ?8 is the session, ?28 the number (bind_hand()). */
  "INSERT OR IGNORE" INSERT_COLUMNS
  " SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,"
  " ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29"
  " WHERE NOT EXISTS (SELECT 1 FROM forgotten WHERE session = ?8 AND number >= ?28)",
};

static const char hands_sql[] =
  "SELECT id, game, played_at, record, result, seat, card_points, session, levels, strength,"
  " hints_used, takeback_used, won, tied, schneider_given, schneider_taken, schwarz_given,"
  " schwarz_taken, lines, bollen, spritze_made, spritze_paid, retour_made, retour_paid,"
  " cents, heart_free, contract, contract_made, number, friends"
  " FROM hands WHERE id > ? ORDER BY id LIMIT ?";

/* The same columns, the newest hands of one game played alone first: a hand at a table
 * with friends was shown with the others' hands guessed, no deal to review. */
static const char recent_sql[] =
  "SELECT id, game, played_at, record, result, seat, card_points, session, levels, strength,"
  " hints_used, takeback_used, won, tied, schneider_given, schneider_taken, schwarz_given,"
  " schwarz_taken, lines, bollen, spritze_made, spritze_paid, retour_made, retour_paid,"
  " cents, heart_free, contract, contract_made, number, friends"
  " FROM hands WHERE game = ? AND friends = 0 ORDER BY id DESC LIMIT ?";

/* How long a statement waits for another program's lock before it gives up: short, so
 * that the game never waits long for the disk; a hand that could not be written now is
 * written later (BkHistoryRecorder). */
#define BUSY_TIMEOUT_MS 200

/* The errors that mean the file itself is bad, not the moment. Busy, locked, a full disk,
 * an I/O error or a file that cannot be opened say nothing about what it holds. */
static gboolean
is_damage (int code)
{
  code &= 0xff;
  return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

static gboolean
is_busy (int code)
{
  code &= 0xff;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

static gboolean
is_read_only (int code)
{
  code &= 0xff;
  return code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_CANTOPEN ||
         code == SQLITE_AUTH;
}

static gint
error_code_of (int  code,
               gint domain_code)
{
  if (is_damage (code))
    return BK_HISTORY_ERROR_DAMAGED;
  if (is_busy (code))
    return BK_HISTORY_ERROR_BUSY;
  if ((code & 0xff) == SQLITE_READONLY)
    return BK_HISTORY_ERROR_READ_ONLY;
  return domain_code;
}

void
bk_history_set_sqlite_error (GError     **error,
                             sqlite3     *db,
                             int          code,
                             gint         domain_code,
                             const char  *what)
{
  /* Translators: the first %s says what failed (e.g. "Could not store the hand"), the
   * second is SQLite's own message. */
  g_set_error (error, BK_HISTORY_ERROR, error_code_of (code, domain_code), _("%s: %s"), what,
               db ? sqlite3_errmsg (db) : sqlite3_errstr (code));
}

static void
close_db (BkHistory *self)
{
  g_clear_pointer (&self->insert[0], sqlite3_finalize);
  g_clear_pointer (&self->insert[1], sqlite3_finalize);
  g_clear_pointer (&self->db, sqlite3_close);
}

static gboolean
exec (sqlite3     *db,
      const char  *sql,
      gint         domain_code,
      const char  *what,
      GError     **error)
{
  int code = sqlite3_exec (db, sql, NULL, NULL, NULL);

  if (code != SQLITE_OK)
    {
      bk_history_set_sqlite_error (error, db, code, domain_code, what);
      return FALSE;
    }
  return TRUE;
}

/* Reads one integer of a PRAGMA or query; FALSE with the SQLite code in *code. */
static gboolean
query_int (sqlite3    *db,
           const char *sql,
           gint64     *value,
           int        *code)
{
  sqlite3_stmt *stmt = NULL;

  *code = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (*code == SQLITE_OK)
    {
      *code = sqlite3_step (stmt);
      if (*code == SQLITE_ROW)
        {
          *value = sqlite3_column_int64 (stmt, 0);
          *code = SQLITE_OK;
        }
    }
  sqlite3_finalize (stmt);
  return *code == SQLITE_OK;
}

/* Runs the migrations from @version up, each in its own transaction. */
static gboolean
migrate (sqlite3  *db,
         gint64    version,
         GError  **error)
{
  const char *what = _("Could not update the history to the current version");

  for (gint64 v = version; v < BK_HISTORY_SCHEMA_VERSION; v++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT,
                                                      v + 1);

      if (!exec (db, "BEGIN IMMEDIATE", BK_HISTORY_ERROR_WRITE, what, error))
        return FALSE;
      if (!exec (db, v == 0 ? schema_v1 : migrations[v - 1], BK_HISTORY_ERROR_WRITE, what,
                 error) ||
          !exec (db, set_version, BK_HISTORY_ERROR_WRITE, what, error) ||
          !exec (db, "COMMIT", BK_HISTORY_ERROR_WRITE, what, error))
        {
          sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
      g_debug ("history migrated to version %" G_GINT64_FORMAT, v + 1);
    }
  return TRUE;
}

/* Opens @path with @flags (SQLITE_OPEN_…) and @uri, NULL with the SQLite code in @code. */
static sqlite3 *
open_file (const char *path,
           int         flags,
           int        *code)
{
  sqlite3 *db = NULL;

  *code = sqlite3_open_v2 (path, &db, flags, NULL);
  if (*code != SQLITE_OK)
    {
      g_clear_pointer (&db, sqlite3_close);
      return NULL;
    }
  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (db, TRUE);
  return db;
}

/* Checks the file opened as @db; the SQLite code of the first failure, SQLITE_CORRUPT for
 * a failed quick check, SQLITE_OK. */
static int
check_file (sqlite3 *db,
            gint64  *version,
            gint64  *n_tables)
{
  sqlite3_stmt *stmt = NULL;
  const char *verdict = NULL;
  int code;

  /* The first read of the file: garbage fails here with SQLITE_NOTADB. */
  if (!query_int (db, "PRAGMA user_version", version, &code) ||
      !query_int (db, "SELECT count(*) FROM sqlite_master", n_tables, &code))
    return code;
  if (*version == 0)
    return SQLITE_OK;

  /* A truncated or overwritten file may still have a good first page. */
  code = sqlite3_prepare_v2 (db, "PRAGMA quick_check(1)", -1, &stmt, NULL);
  if (code == SQLITE_OK && (code = sqlite3_step (stmt)) == SQLITE_ROW)
    verdict = (const char *) sqlite3_column_text (stmt, 0);
  if (code == SQLITE_ROW)
    code = g_strcmp0 (verdict, "ok") == 0 ? SQLITE_OK : SQLITE_CORRUPT;
  sqlite3_finalize (stmt);
  return code;
}

/* Opens @path and brings it to the current schema. A file that is not ours or damaged
 * fails with BK_HISTORY_ERROR_DAMAGED; one in use by another program with
 * BK_HISTORY_ERROR_BUSY; one from a newer version with BK_HISTORY_ERROR_NEWER_SCHEMA. A
 * file that cannot be written is opened for reading (@read_only). */
static sqlite3 *
open_db (const char  *path,
         gboolean    *read_only,
         GError     **error)
{
  sqlite3 *db = NULL;
  const char *what = _("Could not open the history");
  gint64 version = 0, n_tables = 0;
  int code;

  *read_only = FALSE;
  db = open_file (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &code);
  if (db)
    code = check_file (db, &version, &n_tables);
  /* A read-only file or folder (a read-only mount: no -shm can be made beside a file in
   * WAL mode): read it as it is on disk. */
  if (is_read_only (code) && g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *uri = NULL;
      g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);

      g_clear_pointer (&db, sqlite3_close);
      db = open_file (path, SQLITE_OPEN_READONLY, &code);
      if (db)
        code = check_file (db, &version, &n_tables);
      if (code != SQLITE_OK && !is_damage (code) && !is_busy (code))
        {
          g_clear_pointer (&db, sqlite3_close);
          uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);
          db = open_file (uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &code);
          if (db)
            code = check_file (db, &version, &n_tables);
        }
      *read_only = TRUE;
    }
  if (code != SQLITE_OK)
    {
      g_set_error (error, BK_HISTORY_ERROR, error_code_of (code, BK_HISTORY_ERROR_OPEN),
                   "%s: %s", what, sqlite3_errstr (code));
      g_clear_pointer (&db, sqlite3_close);
      return NULL;
    }
  if (!*read_only && sqlite3_db_readonly (db, "main") == 1)
    *read_only = TRUE;

  if (version > BK_HISTORY_SCHEMA_VERSION)
    {
      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_NEWER_SCHEMA,
                   _("The history was written by a newer version of Bierkopf"));
      sqlite3_close (db);
      return NULL;
    }
  if (version == 0 && n_tables > 0)
    {
      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_DAMAGED,
                   _("The file is a database, but not a history of this game"));
      sqlite3_close (db);
      return NULL;
    }
  if (*read_only)
    {
      if (version == 0)
        {
          g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY,
                       _("The history cannot be created: the folder cannot be written"));
          sqlite3_close (db);
          return NULL;
        }
      return db;
    }

  if (!exec (db, "PRAGMA journal_mode = WAL", BK_HISTORY_ERROR_OPEN, what, error) ||
      !exec (db, "PRAGMA synchronous = NORMAL", BK_HISTORY_ERROR_OPEN, what, error) ||
      !migrate (db, version, error))
    {
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

/* Moves @path (and its WAL files) to a free name beside it; returns the new name. */
static char *
move_aside (const char  *path,
            GError     **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *target = NULL;
  int saved_errno;

  for (guint i = 0; i < 100; i++)
    {
      g_free (target);
      target = i == 0 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                      : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, i);
      if (!g_file_test (target, G_FILE_TEST_EXISTS))
        break;
    }
  if (g_rename (path, target) != 0)
    {
      saved_errno = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_OPEN,
                   _("Could not set the damaged history “%s” aside: %s"), display,
                   g_strerror (saved_errno));
      return NULL;
    }
  /* A WAL file belongs to the old database only; a new one must not read it. */
  for (guint i = 0; i < 2; i++)
    {
      const char *suffix = i == 0 ? "-wal" : "-shm";
      g_autofree char *from = g_strconcat (path, suffix, NULL);
      g_autofree char *to = g_strconcat (target, suffix, NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  return g_steal_pointer (&target);
}

/* Opens the file, setting a damaged one aside and starting a new one in its place. */
static gboolean
open_or_renew (BkHistory  *self,
               GError    **error)
{
  g_autoptr (GError) local_error = NULL;
  char *aside;

  self->db = open_db (self->path, &self->read_only, &local_error);
  if (self->db)
    return TRUE;
  /* Only damage is set aside: never a file busy, locked or read-only for the moment. */
  if (!g_error_matches (local_error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_DAMAGED) ||
      self->read_only)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  g_debug ("history %s set aside: %s", self->path, local_error->message);
  aside = move_aside (self->path, error);
  if (aside == NULL)
    return FALSE;
  g_free (self->set_aside);
  self->set_aside = aside;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SET_ASIDE]);

  self->db = open_db (self->path, &self->read_only, error);
  return self->db != NULL;
}

static void
bk_history_finalize (GObject *object)
{
  BkHistory *self = BK_HISTORY (object);

  close_db (self);
  g_free (self->path);
  g_free (self->set_aside);

  G_OBJECT_CLASS (bk_history_parent_class)->finalize (object);
}

static void
bk_history_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BkHistory *self = BK_HISTORY (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_SET_ASIDE:
      g_value_set_string (value, self->set_aside);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_history_class_init (BkHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bk_history_finalize;
  object_class->get_property = bk_history_get_property;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Where a damaged file was moved, for a toast; NULL while none was. */
  properties[PROP_SET_ASIDE] =
    g_param_spec_string ("set-aside", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_history_init (BkHistory *self)
{
}

/* The history of this user: $XDG_DATA_HOME/bierkopf/history.sqlite. */
char *
bk_history_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "bierkopf", "history.sqlite", NULL);
}

/* Opens the history at @path, creating it (and its folder) when missing. A damaged or
 * unreadable file is set aside (bk_history_get_set_aside()) and a new one started; NULL
 * only when no history can be had at @path at all. */
BkHistory *
bk_history_new (const char  *path,
                GError     **error)
{
  g_autoptr (BkHistory) self = NULL;
  g_autofree char *folder = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_OPEN,
                   _("Could not create the folder “%s” for the history: %s"), display,
                   g_strerror (saved_errno));
      return NULL;
    }

  self = g_object_new (BK_TYPE_HISTORY, NULL);
  self->path = g_strdup (path);
  if (!open_or_renew (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
bk_history_get_path (BkHistory *self)
{
  g_return_val_if_fail (BK_IS_HISTORY (self), NULL);
  return self->path;
}

/* Where a damaged history was moved to, or NULL. */
const char *
bk_history_get_set_aside (BkHistory *self)
{
  g_return_val_if_fail (BK_IS_HISTORY (self), NULL);
  return self->set_aside;
}

/* Whether the file could only be opened for reading: no hand is stored. */
gboolean
bk_history_is_read_only (BkHistory *self)
{
  g_return_val_if_fail (BK_IS_HISTORY (self), FALSE);
  return self->read_only;
}

guint
bk_history_get_schema_version (BkHistory *self)
{
  gint64 version = 0;
  int code;

  g_return_val_if_fail (BK_IS_HISTORY (self), 0);
  if (self->db == NULL || !query_int (self->db, "PRAGMA user_version", &version, &code))
    return 0;
  return (guint) version;
}

static gboolean
check_hand (const BkHistoryHand  *hand,
            GError              **error)
{
  if (hand->game == NULL || (!g_str_equal (hand->game, "bierkopf") &&
                             !g_str_equal (hand->game, "herzla")))
    {
      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_INVALID,
                   _("A hand of an unknown game cannot be stored: “%s”"),
                   hand->game ? hand->game : "");
      return FALSE;
    }
  if (hand->seat >= BK_N_SEATS || hand->outcome < -1 || hand->outcome > 1 ||
      hand->bollen < -1 || hand->bollen > 1 || hand->contract > BK_HISTORY_CONTRACT_MORD)
    {
      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_INVALID,
                   _("A hand with impossible figures cannot be stored"));
      return FALSE;
    }
  return TRUE;
}

static int
bind_hand (sqlite3_stmt        *stmt,
           const BkHistoryHand *hand,
           gint64               now)
{
  int i = 1, code = SQLITE_OK;

#define BIND_TEXT(value) \
  if (code == SQLITE_OK) code = sqlite3_bind_text (stmt, i++, (value) ? (value) : "", -1, \
                                                   SQLITE_STATIC)
#define BIND_INT(value) \
  if (code == SQLITE_OK) code = sqlite3_bind_int64 (stmt, i++, (sqlite3_int64) (value))

  BIND_TEXT (hand->game);
  BIND_INT (hand->date ? hand->date : now);
  BIND_TEXT (hand->record);
  BIND_TEXT (hand->result);
  BIND_INT (hand->seat);
  BIND_INT (hand->outcome == 1);
  BIND_INT (hand->card_points);
  BIND_INT (hand->session);
  BIND_TEXT (hand->levels);
  if (code == SQLITE_OK)
    code = sqlite3_bind_text (stmt, i++, hand->strength ? hand->strength : "unknown", -1,
                              SQLITE_STATIC);
  BIND_INT (hand->hints_used != FALSE);
  BIND_INT (hand->takeback_used != FALSE);
  BIND_INT (hand->outcome == 0);
  BIND_INT (hand->schneider_given != FALSE);
  BIND_INT (hand->schneider_taken != FALSE);
  BIND_INT (hand->schwarz_given != FALSE);
  BIND_INT (hand->schwarz_taken != FALSE);
  BIND_INT (hand->lines);
  BIND_INT (hand->bollen);
  BIND_INT (hand->spritze_made != FALSE);
  BIND_INT (hand->spritze_paid != FALSE);
  BIND_INT (hand->retour_made != FALSE);
  BIND_INT (hand->retour_paid != FALSE);
  BIND_INT (hand->cents);
  BIND_INT (hand->heart_free != FALSE);
  BIND_INT (hand->contract);
  BIND_INT (hand->contract_made != FALSE);
  if (code == SQLITE_OK)
    code = hand->number ? sqlite3_bind_int64 (stmt, i++, hand->number)
                        : sqlite3_bind_null (stmt, i++);
  BIND_INT (hand->with_friends != FALSE);

#undef BIND_TEXT
#undef BIND_INT
  return code;
}

static gboolean
insert_hands (BkHistory            *self,
              const BkHistoryHand  *hands,
              guint                 n_hands,
              gboolean              keep,
              GError              **error)
{
  const char *what = _("Could not store the hand");
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  sqlite3_stmt **insert = &self->insert[keep ? 1 : 0];
  int code;

  if (self->read_only)
    {
      g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY,
                   _("The history can only be read: the file cannot be written"));
      return FALSE;
    }
  if (*insert == NULL)
    {
      code = sqlite3_prepare_v2 (self->db, insert_sql[keep ? 1 : 0], -1, insert, NULL);
      if (code != SQLITE_OK)
        {
          bk_history_set_sqlite_error (error, self->db, code, BK_HISTORY_ERROR_WRITE, what);
          return FALSE;
        }
    }

  if (!exec (self->db, "BEGIN IMMEDIATE", BK_HISTORY_ERROR_WRITE, what, error))
    return FALSE;
  for (guint k = 0; k < n_hands; k++)
    {
      code = bind_hand (*insert, &hands[k], now);
      if (code == SQLITE_OK)
        code = sqlite3_step (*insert);
      sqlite3_reset (*insert);
      sqlite3_clear_bindings (*insert);
      if (code != SQLITE_DONE)
        {
          bk_history_set_sqlite_error (error, self->db, code, BK_HISTORY_ERROR_WRITE, what);
          sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
  if (!exec (self->db, "COMMIT", BK_HISTORY_ERROR_WRITE, what, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

static gboolean
add_hands (BkHistory            *self,
           const BkHistoryHand  *hands,
           guint                 n_hands,
           gboolean              keep,
           GError              **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (BK_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (hands != NULL || n_hands == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint k = 0; k < n_hands; k++)
    if (!check_hand (&hands[k], error))
      return FALSE;

  if (self->db && insert_hands (self, hands, n_hands, keep, &local_error))
    return TRUE;
  if (self->db && !g_error_matches (local_error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_DAMAGED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* The file broke under us (or an earlier opening failed): start again. */
  close_db (self);
  if (!open_or_renew (self, error))
    return FALSE;
  return insert_hands (self, hands, n_hands, keep, error);
}

/* Stores @n_hands finished hands in one transaction: all or none. A hand already stored
 * (the same session and number) is replaced: the latest finished version wins. When the
 * file turns out to be damaged, it is set aside, a new one started and the hands stored
 * there. Busy or locked by another program: BK_HISTORY_ERROR_BUSY, nothing stored. */
gboolean
bk_history_add_hands (BkHistory            *self,
                      const BkHistoryHand  *hands,
                      guint                 n_hands,
                      GError              **error)
{
  return add_hands (self, hands, n_hands, FALSE, error);
}

/* As bk_history_add_hands(), but a hand already stored stays as it is: for the hands a
 * saved session holds, offered again at every start. */
gboolean
bk_history_offer_hands (BkHistory            *self,
                        const BkHistoryHand  *hands,
                        guint                 n_hands,
                        GError              **error)
{
  return add_hands (self, hands, n_hands, TRUE, error);
}

gboolean
bk_history_add_hand (BkHistory            *self,
                     const BkHistoryHand  *hand,
                     GError              **error)
{
  g_return_val_if_fail (hand != NULL, FALSE);
  return bk_history_add_hands (self, hand, 1, error);
}

void
bk_history_hand_free (BkHistoryHand *hand)
{
  if (hand == NULL)
    return;
  g_free (hand->game);
  g_free (hand->record);
  g_free (hand->result);
  g_free (hand->levels);
  g_free (hand->strength);
  g_free (hand);
}

gboolean
bk_history_require_db (BkHistory  *self,
                       GError    **error)
{
  if (self->db)
    return TRUE;
  g_set_error (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ, _("The history is not open"));
  return FALSE;
}

guint
bk_history_column_count (sqlite3_stmt *stmt,
                         int           column)
{
  sqlite3_int64 value = sqlite3_column_int64 (stmt, column);

  return (guint) CLAMP (value, 0, G_MAXUINT);
}

/* The hand of a row of hands_sql or recent_sql. */
static BkHistoryHand *
hand_from_row (sqlite3_stmt *stmt)
{
  BkHistoryHand *hand = g_new0 (BkHistoryHand, 1);
  int i = 0;

  hand->id = sqlite3_column_int64 (stmt, i++);
  hand->game = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
  hand->date = sqlite3_column_int64 (stmt, i++);
  hand->record = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
  hand->result = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
  hand->seat = (guint) sqlite3_column_int (stmt, i++);
  hand->card_points = (guint) sqlite3_column_int (stmt, i++);
  hand->session = sqlite3_column_int64 (stmt, i++);
  hand->levels = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
  hand->strength = g_strdup ((const char *) sqlite3_column_text (stmt, i++));
  hand->hints_used = sqlite3_column_int (stmt, i++) != 0;
  hand->takeback_used = sqlite3_column_int (stmt, i++) != 0;
  hand->outcome = sqlite3_column_int (stmt, i++) ? 1 : 0;
  if (sqlite3_column_int (stmt, i++) == 0 && hand->outcome == 0)
    hand->outcome = -1;
  hand->schneider_given = sqlite3_column_int (stmt, i++) != 0;
  hand->schneider_taken = sqlite3_column_int (stmt, i++) != 0;
  hand->schwarz_given = sqlite3_column_int (stmt, i++) != 0;
  hand->schwarz_taken = sqlite3_column_int (stmt, i++) != 0;
  hand->lines = sqlite3_column_int (stmt, i++);
  hand->bollen = sqlite3_column_int (stmt, i++);
  hand->spritze_made = sqlite3_column_int (stmt, i++) != 0;
  hand->spritze_paid = sqlite3_column_int (stmt, i++) != 0;
  hand->retour_made = sqlite3_column_int (stmt, i++) != 0;
  hand->retour_paid = sqlite3_column_int (stmt, i++) != 0;
  hand->cents = sqlite3_column_int (stmt, i++);
  hand->heart_free = sqlite3_column_int (stmt, i++) != 0;
  hand->contract = (BkHistoryContract) MIN (bk_history_column_count (stmt, i),
                                             BK_HISTORY_CONTRACT_MORD);
  i++;
  hand->contract_made = sqlite3_column_int (stmt, i++) != 0;
  hand->number = bk_history_column_count (stmt, i++);
  hand->with_friends = sqlite3_column_int (stmt, i++) != 0;
  return hand;
}

/* Up to @limit stored hands after the one with id @after_id (0: from the first), oldest
 * first; a GPtrArray of BkHistoryHand. */
GPtrArray *
bk_history_get_hands (BkHistory  *self,
                      gint64      after_id,
                      guint       limit,
                      GError    **error)
{
  g_autoptr (GPtrArray) hands = NULL;
  sqlite3_stmt *stmt = NULL;
  int code;

  g_return_val_if_fail (BK_IS_HISTORY (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bk_history_require_db (self, error))
    return NULL;
  hands = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  code = sqlite3_prepare_v2 (self->db, hands_sql, -1, &stmt, NULL);
  if (code == SQLITE_OK)
    code = sqlite3_bind_int64 (stmt, 1, after_id);
  if (code == SQLITE_OK)
    code = sqlite3_bind_int64 (stmt, 2, limit);
  while (code == SQLITE_OK && (code = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (hands, hand_from_row (stmt));
      code = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (code != SQLITE_DONE)
    {
      bk_history_set_sqlite_error (error, self->db, code, BK_HISTORY_ERROR_READ,
                                   _("Could not read the history"));
      return NULL;
    }
  return g_steal_pointer (&hands);
}

/* Up to @limit stored hands of @game ("bierkopf", "herzla"), the newest first; a
 * GPtrArray of BkHistoryHand. */
GPtrArray *
bk_history_get_recent_hands (BkHistory   *self,
                             const char  *game,
                             guint        limit,
                             GError     **error)
{
  g_autoptr (GPtrArray) hands = NULL;
  sqlite3_stmt *stmt = NULL;
  int code;

  g_return_val_if_fail (BK_IS_HISTORY (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bk_history_require_db (self, error))
    return NULL;
  hands = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  code = sqlite3_prepare_v2 (self->db, recent_sql, -1, &stmt, NULL);
  if (code == SQLITE_OK)
    code = sqlite3_bind_text (stmt, 1, game, -1, SQLITE_TRANSIENT);
  if (code == SQLITE_OK)
    code = sqlite3_bind_int64 (stmt, 2, limit);
  while (code == SQLITE_OK && (code = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (hands, hand_from_row (stmt));
      code = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (code != SQLITE_DONE)
    {
      bk_history_set_sqlite_error (error, self->db, code, BK_HISTORY_ERROR_READ,
                                   _("Could not read the history"));
      return NULL;
    }
  return g_steal_pointer (&hands);
}

/* Forgets every stored hand. */
gboolean
bk_history_reset (BkHistory  *self,
                  GError    **error)
{
  const char *what = _("Could not reset the history");

  g_return_val_if_fail (BK_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!bk_history_require_db (self, error))
    return FALSE;
  /* The save still holds the running session's hands: a start must not offer them again. */
  if (!exec (self->db, "BEGIN IMMEDIATE;"
             "INSERT OR REPLACE INTO forgotten (session, number)"
             " SELECT session, max(number) FROM hands WHERE number IS NOT NULL GROUP BY session;"
             "DELETE FROM hands;"
             "COMMIT", BK_HISTORY_ERROR_WRITE, what, error))
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  /* Give the space back; a failure here loses nothing. */
  sqlite3_exec (self->db, "VACUUM", NULL, NULL, NULL);
  return TRUE;
}
