/* test-session-store.c: the session on disk. A save that cannot be read is kept and never
 * overwritten, a newer one is kept aside, damaged ones do not pile up, a failed save is
 * told once, every action is saved, Ctrl+N saves at once; and a computer player's late
 * answer never reaches a window that is gone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-players.h"
#include "bk-computer-turn.h"
#include "bk-error.h"
#include "bk-herzla.h"
#include "bk-levels.h"
#include "bk-session-store.h"
#include "bk-window-test.h"
#include "ui-test-helpers.h"

static GSettings *settings;
static char *scratch; /* a folder for the store-level tests */

/* West leads; the human (South) holds one trump. */
static const char *record =
  "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
  "pass W\npass N\npass E\n";

static void
write_file (const char *path,
            const char *text)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Removes a file, or a folder with what is in it (one level). */
static void
remove_path (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_remove (child);
    }
  g_remove (path);
}

/* Everything the default save place holds, cleared for the next test. */
static void
clear_data (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);

  remove_path (path);
  remove_path (dir);
}

static guint
count_prefixed (const char *dir,
                const char *prefix)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing && (name = g_dir_read_name (listing)))
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* ---- The store alone ------------------------------------------------------------------- */

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  GAsyncResult **out = user_data;
  *out = g_object_ref (result);
}

static BkGame *
load (BkSessionStore   *store,
      BkSessionOutcome *outcome,
      GError          **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  bk_session_store_load_async (store, NULL, NULL, NULL, NULL, loaded_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return bk_session_store_load_finish (store, result, outcome, error);
}

/* Only "no such file" is a new session. */
static void
test_store_missing (void)
{
  g_autofree char *path = g_build_filename (scratch, "missing", "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;

  game = load (store, &outcome, &error);
  g_assert_no_error (error);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_NEW);
  g_assert_true (bk_session_store_get_writable (store));
}

/* A save that cannot be read (here: a folder where the file should be; we run as root, so
 * a chmod would not stop us) is left alone: not moved, not overwritten. Issue 21: the new
 * session is saved under another name beside it, the first one free. */
static void
test_store_unreadable (void)
{
  g_autofree char *path = g_build_filename (scratch, "unreadable.bierkopf", NULL);
  g_autofree char *inside = g_build_filename (path, "keep", NULL);
  g_autofree char *taken = g_build_filename (scratch, "unreadable-2.bierkopf", NULL);
  g_autofree char *other = g_build_filename (scratch, "unreadable-3.bierkopf", NULL);
  g_autofree char *text = NULL;
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;

  write_file (inside, "precious");
  write_file (taken, "someone else's");
  game = load (store, &outcome, &error);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_UNREADABLE);
  g_assert_nonnull (error);
  g_assert_true (bk_session_store_get_writable (store));
  g_assert_cmpstr (bk_session_store_get_unreadable_path (store), ==, path);
  g_assert_cmpstr (bk_session_store_get_path (store), ==, other);

  g_assert_true (bk_session_store_save_now (store, g_strdup ("seed 1\n"), NULL));
  bk_session_store_save (store, g_strdup ("seed 2\n"));
  bk_session_store_flush (store);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  text = read_file (other);
  g_assert_cmpstr (text, ==, "seed 2\n");
  g_free (text);
  text = read_file (taken);
  g_assert_cmpstr (text, ==, "someone else's");
  remove_path (path);
  g_remove (taken);
  g_remove (other);
}

/* Issue 21: a save its owner may not read (chmod 000), as a person who is not root: in a
 * child that gives up root for "nobody" when it has it. The file stays as it was, mode
 * and all; the new session goes beside it. */
static void
test_store_unreadable_mode (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = NULL;
      g_autofree char *path = NULL;
      g_autofree char *alternative = NULL;
      g_autofree char *text = NULL;
      g_autoptr (BkSessionStore) store = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = NULL;
      BkSessionOutcome outcome;
      struct stat info;

      if (geteuid () == 0)
        {
          /* nobody: the uid and gid 65534 of Debian. */
          g_assert_cmpint (setgid (65534), ==, 0);
          g_assert_cmpint (setuid (65534), ==, 0);
        }
      dir = g_dir_make_tmp ("bierkopf-mode-XXXXXX", &error);
      g_assert_no_error (error);
      path = g_build_filename (dir, "session.bierkopf", NULL);
      alternative = g_build_filename (dir, "session-2.bierkopf", NULL);
      write_file (path, record);
      g_assert_cmpint (g_chmod (path, 0), ==, 0);
      /* Root reads anything: then there is nothing to test here. */
      g_assert_cmpint (g_access (path, R_OK), !=, 0);

      store = bk_session_store_new (path);
      game = load (store, &outcome, &error);
      g_assert_null (game);
      g_assert_cmpint (outcome, ==, BK_SESSION_UNREADABLE);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
      g_assert_cmpstr (bk_session_store_get_path (store), ==, alternative);
      g_assert_true (bk_session_store_save_now (store, g_strdup ("seed 3\n"), NULL));
      text = read_file (alternative);
      g_assert_cmpstr (text, ==, "seed 3\n");
      g_assert_cmpint (g_stat (path, &info), ==, 0);
      g_assert_cmpint (info.st_mode & 0777, ==, 0);
      g_assert_cmpint (info.st_size, ==, strlen (record));
      g_chmod (path, 0600);
      g_remove (path);
      g_remove (alternative);
      g_rmdir (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Issue 21: the temporary files of saves cut short by a kill go at the next start; what
 * only looks like one stays. */
static void
test_store_leftovers (void)
{
  g_autofree char *dir = g_build_filename (scratch, "leftovers", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  static const char * const gone[] = { "session.bierkopf.A1b2C3", "session.bierkopf.zzzzzz" };
  static const char * const kept[] = {
    "session.bierkopf.damaged-20260101T000000000000", "session.bierkopf.A1b2C", 
    "session-herzla.bierkopf.A1b2C3", "session.bierkopf.ab-cde", "notes.A1b2C3",
  };
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;

  write_file (path, record);
  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *file = g_build_filename (dir, gone[i], NULL);
      write_file (file, "seed 1\n");
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (dir, kept[i], NULL);
      write_file (file, "seed 1\n");
    }
  game = load (store, &outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, BK_SESSION_RESUMED);
  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *file = g_build_filename (dir, gone[i], NULL);
      g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (dir, kept[i], NULL);
      g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
    }
  remove_path (dir);
}

/* Issue 21: the writer never writes what the reader refuses: a text over the record's
 * limit is refused with a reason, and the save on disk stays. */
static void
test_store_refuses_too_large (void)
{
  g_autofree char *path = g_build_filename (scratch, "huge", "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  char *huge = g_malloc (BK_RECORD_MAX_SIZE + 2);

  memset (huge, '#', BK_RECORD_MAX_SIZE + 1);
  huge[BK_RECORD_MAX_SIZE + 1] = '\0';
  g_assert_true (bk_session_store_save_now (store, g_strdup (record), NULL));
  g_assert_false (bk_session_store_save_now (store, huge, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_TOO_LARGE);
  text = read_file (path);
  g_assert_cmpstr (text, ==, record);
}

/* Issue 21: one instance plays the saves; the second is told it is open already, and
 * the lock goes with the first. */
static void
test_store_lock (void)
{
  g_autofree char *dir = g_build_filename (scratch, "lock", NULL);
  g_autoptr (GError) error = NULL;
  int first, second;

  first = bk_session_store_lock (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, >=, 0);
  second = bk_session_store_lock (dir, &error);
  g_assert_cmpint (second, ==, -1);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  close (first);
  second = bk_session_store_lock (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (second, >=, 0);
  close (second);
  remove_path (dir);
}

/* A FIFO is not read at all (reading it would block for ever) and is kept. */
static void
test_store_fifo (void)
{
  g_autofree char *path = g_build_filename (scratch, "fifo.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  game = load (store, &outcome, &error);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_UNREADABLE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (path);
}

/* A huge file is refused from its size, before it is read, and set aside. */
static void
test_store_too_large (void)
{
  g_autofree char *dir = g_build_filename (scratch, "large", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;
  gint64 start;
  FILE *file;

  g_mkdir_with_parents (dir, 0700);
  file = fopen (path, "w");
  g_assert_nonnull (file);
  /* Sparse: 100 MB that take no room and no time to write. */
  g_assert_cmpint (ftruncate (fileno (file), 100 * 1024 * 1024), ==, 0);
  fclose (file);

  start = g_get_monotonic_time ();
  game = load (store, &outcome, &error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_SET_ASIDE);
  g_assert_error (error, BK_ERROR, BK_ERROR_TOO_LARGE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_prefixed (dir, "session.bierkopf.damaged-"), ==, 1);
  remove_path (dir);
}

/* A save of a game the app does not play yet (Herzla) is set aside, not resumed. */
static void
test_store_other_game (void)
{
  g_autofree char *dir = g_build_filename (scratch, "herzla", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;

  g_mkdir_with_parents (dir, 0700);
  write_file (path, "game herzla\nvariant einfach\nplayers 3\n");
  game = load (store, &outcome, &error);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_SET_ASIDE);
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_PLAYABLE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  remove_path (dir);
}

/* Issue 34 (12): a save with bytes that are no text is set aside, and the reason reads as
 * a player says it (it was "Part of it is not text, so it is no saved game"). */
static void
test_store_not_text (void)
{
  g_autofree char *dir = g_build_filename (scratch, "not-text", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  BkSessionOutcome outcome;
  static const char damaged[] = "format 2\nseed 1\0\1\2\n";

  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, damaged, sizeof damaged - 1, NULL));
  game = load (store, &outcome, &error);
  g_assert_null (game);
  g_assert_cmpint (outcome, ==, BK_SESSION_SET_ASIDE);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_assert_cmpstr (error->message, ==, "The file is damaged: part of it is garbled");
  remove_path (dir);
}

/* Damaged saves are set aside, and only the last three are kept. */
static void
test_store_damaged_capped (void)
{
  g_autofree char *dir = g_build_filename (scratch, "damaged", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = NULL;
      g_autofree char *text = g_strdup_printf ("dealer S\nhand W EO EO\n# %u\n", i);
      BkSessionOutcome outcome;

      write_file (path, text);
      game = load (store, &outcome, &error);
      g_assert_null (game);
      g_assert_cmpint (outcome, ==, BK_SESSION_SET_ASIDE);
      g_assert_nonnull (error);
      g_assert_cmpuint (count_prefixed (dir, "session.bierkopf.damaged-"), ==, MIN (i + 1, 3));
    }
  /* The newest are the ones kept. */
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;
    guint kept = 0;

    while ((name = g_dir_read_name (listing)))
      {
        g_autofree char *aside = g_build_filename (dir, name, NULL);
        g_autofree char *text = read_file (aside);

        g_assert_nonnull (text);
        g_assert_null (strstr (text, "# 0\n"));
        g_assert_null (strstr (text, "# 1\n"));
        kept++;
      }
    g_assert_cmpuint (kept, ==, 3);
  }
  remove_path (dir);
}

static void
count_cb (BkSessionStore *store,
          const GError   *error,
          guint          *count)
{
  g_assert_nonnull (error);
  (*count)++;
}

/* A failed save is told once, not on every action; again only after one has worked. */
static void
test_store_failed_once (void)
{
  g_autofree char *blocker = g_build_filename (scratch, "blocker", NULL);
  g_autofree char *path = g_build_filename (blocker, "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autoptr (GError) error = NULL;
  guint failures = 0;

  write_file (blocker, "a file where the folder should be");
  g_signal_connect (store, "save-failed", G_CALLBACK (count_cb), &failures);
  for (guint i = 0; i < 5; i++)
    {
      bk_session_store_save (store, g_strdup_printf ("seed %u\n", i));
      bk_session_store_flush (store);
      ui_spin_for (G_USEC_PER_SEC / 50);
    }
  g_assert_cmpuint (failures, ==, 1);
  g_assert_true (bk_session_store_get_failing (store));
  g_assert_false (bk_session_store_save_now (store, g_strdup ("seed 9\n"), &error));
  g_assert_nonnull (error);
  ui_spin_for (G_USEC_PER_SEC / 50);
  g_assert_true (bk_session_store_get_failing (store));

  /* It works again (no longer failing), then fails again: told again. */
  g_remove (blocker);
  bk_session_store_save (store, g_strdup ("seed 10\n"));
  bk_session_store_flush (store);
  ui_spin_for (G_USEC_PER_SEC / 20);
  g_assert_false (bk_session_store_get_failing (store));
  remove_path (blocker);
  write_file (blocker, "in the way again");
  bk_session_store_save (store, g_strdup ("seed 11\n"));
  bk_session_store_flush (store);
  ui_spin_for (G_USEC_PER_SEC / 20);
  g_assert_cmpuint (failures, ==, 2);
  g_remove (blocker);
}

/* Saves come out in order, the newest last, whatever was skipped in between. */
static void
test_store_newest_wins (void)
{
  g_autofree char *path = g_build_filename (scratch, "order", "session.bierkopf", NULL);
  g_autoptr (BkSessionStore) store = bk_session_store_new (path);
  g_autofree char *text = NULL;

  for (guint i = 0; i < 200; i++)
    bk_session_store_save (store, g_strdup_printf ("seed %u\n", i));
  bk_session_store_flush (store);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "seed 199\n");
}

/* ---- Through the window ---------------------------------------------------------------- */

static BkWindow *
open_window_sized (int width)
{
  BkWindow *window = bk_window_new (NULL);
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  if (width > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), width, 600);
  gtk_window_present (GTK_WINDOW (window));
  /* The game is there once the worker thread has read the save. */
  g_assert_null (bk_window_get_game (window));
  while (bk_window_is_loading (window) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (bk_window_is_loading (window));
  g_assert_nonnull (bk_window_get_game (window));
  return window;
}

static BkWindow *
open_window (void)
{
  return open_window_sized (0);
}



static gboolean file_contains (const char *path, const char *part);

/* A message that stays at the top of the window until dismissed. */
static void
assert_notice (BkWindow   *window,
               const char *part)
{
  const char *notice = bk_window_get_notice (window);

  g_test_message ("notice: %s", notice ? notice : "(none)");
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, part));
}

/* The save cannot be read: the person is told why and where this session is saved
 * instead (issue 21), the file stays, nothing overwrites it; the message stays. */
static void
test_window_unreadable (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *inside = g_build_filename (path, "keep", NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *alternative = g_build_filename (dir, "session-2.bierkopf", NULL);
  BkWindow *window;
  BkGame *game;

  clear_data ();
  write_file (inside, "precious");
  window = open_window ();
  assert_notice (window, "cannot be read");
  assert_notice (window, alternative);
  game = bk_window_get_game (window);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);
  /* Longer than a toast's few seconds. */
  ui_spin_for (G_USEC_PER_SEC / 5);
  assert_notice (window, "cannot be read");

  /* The session goes on, saved beside it; the folder in the save's place is untouched. */
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  g_assert_true (file_contains (alternative, "seating "));
  g_remove (alternative);
  clear_data ();
}

/* Issue 21: a damaged save with a word of 5 MB: the message quotes a few dozen
 * characters of it, whole at the top of the window, and the table comes up. */
static void
test_window_huge_word (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  const gsize size = 5 * 1024 * 1024;
  g_autofree char *text = g_malloc (size + 16);
  BkWindow *window;
  gint64 end;

  clear_data ();
  memcpy (text, "seed 1\n", 7);
  memset (text + 7, 'x', size);
  strcpy (text + 7 + size, " S\n");
  write_file (path, text);
  window = open_window ();
  assert_notice (window, "put aside");
  g_assert_cmpuint (strlen (bk_window_get_notice (window)), <, 400);
  g_assert_null (bk_window_get_toast (window));
  /* The new session's table settles: nothing holds the main loop. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!bk_window_is_settled (window) && g_get_monotonic_time () < end)
    ui_spin_for (G_USEC_PER_SEC / 100);
  g_assert_true (bk_window_is_settled (window));
  ui_close_window (window);
  clear_data ();
}

/* Issue 21: a message longer than a toast holds at the window's width is shown whole at
 * the top; a short one is a toast. */
static void
test_window_long_message (void)
{
  const char *long_message = "The ledger is kept in Herzla; Bierkopf has its coasters";
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;

  clear_data ();
  write_file (path, record);
  window = open_window_sized (360);
  ui_spin_for (G_USEC_PER_SEC / 10);
  g_assert_null (bk_window_get_notice (window));
  /* A sentence too long for a toast 360 pixels wide (told by the hint, as any toast). */
  g_signal_emit_by_name (bk_window_get_hint (window), "message", long_message);
  assert_notice (window, "Bierkopf has its coasters");
  g_assert_null (bk_window_get_toast (window));
  ui_close_window (window);

  /* At 960 pixels it is read whole in a toast. */
  window = open_window ();
  ui_spin_for (G_USEC_PER_SEC / 10);
  g_signal_emit_by_name (bk_window_get_hint (window), "message", long_message);
  g_assert_nonnull (strstr (bk_window_get_toast (window), "Bierkopf has its coasters"));
  g_assert_null (bk_window_get_notice (window));
  ui_close_window (window);
  clear_data ();
}

/* A save by a newer version is kept aside, and the toast says so. */
static void
test_window_newer (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) probe = NULL;
  g_autoptr (BkGame) none = NULL;
  g_autoptr (GDir) listing = NULL;
  const char *newer = "# Bierkopf game record\nformat 99\nseed 1\n";
  const char *name;
  gboolean kept = FALSE;
  BkWindow *window;

  none = bk_record_replay (newer, NULL, NULL, NULL, &probe);
  if (!g_error_matches (probe, BK_ERROR, BK_ERROR_NEWER_FORMAT))
    {
      g_test_skip ("the engine does not report BK_ERROR_NEWER_FORMAT yet (issue 10, engine)");
      return;
    }

  clear_data ();
  write_file (path, newer);
  window = open_window ();
  assert_notice (window, "newer version");

  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)))
    if (g_str_has_prefix (name, "session.bierkopf.newer-"))
      {
        g_autofree char *aside = g_build_filename (dir, name, NULL);
        g_autofree char *text = read_file (aside);

        g_assert_cmpstr (text, ==, newer);
        kept = TRUE;
      }
  g_assert_true (kept);
  g_assert_cmpuint (count_prefixed (dir, "session.bierkopf.damaged-"), ==, 0);
  ui_close_window (window);
  clear_data ();
}

/* A damaged save: set aside with a toast; five in a row leave three. */
static void
test_window_damaged (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);

  clear_data ();
  for (guint i = 0; i < 5; i++)
    {
      BkWindow *window;

      write_file (path, "dealer S\nhand W EO EO\n");
      window = open_window ();
      assert_notice (window, "put aside");
      ui_close_window (window);
    }
  g_assert_cmpuint (count_prefixed (dir, "session.bierkopf.damaged-"), ==, 3);
  clear_data ();
}

static gboolean
file_contains (const char *path,
               const char *part)
{
  g_autofree char *text = read_file (path);

  return text && strstr (text, part);
}

static gboolean
spin_until_file_contains (const char *path,
                          const char *part)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!file_contains (path, part) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return file_contains (path, part);
}

/* The human's card is on disk right after it is played, not only after the hand. */
static void
test_window_saves_every_action (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;
  BkGame *game;
  BkCard card;
  g_autofree char *line = NULL;
  g_autoptr (GError) error = NULL;

  clear_data ();
  /* The human's turn once West has led. */
  write_file (path, "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
              "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
              "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\n");
  window = open_window ();
  game = bk_window_get_game (window);
  g_assert_cmpint (bk_game_get_to_act (game), ==, BK_SEAT_S);

  card = bk_hand_first (bk_game_get_legal (game));
  line = g_strdup_printf ("play S %s\n", bk_card_to_string (card));
  g_assert_false (file_contains (path, line));
  g_assert_true (bk_game_play (game, BK_SEAT_S, card, &error));
  g_assert_no_error (error);
  g_assert_true (spin_until_file_contains (path, line));
  ui_close_window (window);
  clear_data ();
}

static AdwMessageDialog *
find_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) top = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (top) &&
          g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (top)), heading) == 0)
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
}

/* Ctrl+N: the new session is on disk at once, before the main loop runs again. */
static void
test_window_new_session_saved (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;

  clear_data ();
  write_file (path, record);
  window = open_window ();
  g_assert_true (file_contains (path, "seed 5\n"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
  dialog = find_dialog ("Start a New Session?");
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "new");

  text = read_file (path);
  g_assert_nonnull (text);
  g_assert_null (strstr (text, "seed 5\n"));
  g_assert_nonnull (strstr (text, "seating "));
  ui_close_window (window);
  clear_data ();
}

/* The save fails (the data folder is a file now): a message that stays while saving fails
 * and goes once a save works again (issue 21); the game carries on. */
static void
test_window_failed_save (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  BkWindow *window;
  BkGame *game;
  BkCard card;
  g_autoptr (GError) error = NULL;

  clear_data ();
  write_file (path, "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
              "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
              "pass W\npass N\npass E\nplay W SO\nplay N SK\nplay E H10\n");
  window = open_window ();
  game = bk_window_get_game (window);
  g_assert_null (bk_window_get_toast (window));
  g_assert_null (bk_window_get_save_problem (window));

  clear_data ();
  write_file (dir, "a file where the folder should be");
  card = bk_hand_first (bk_game_get_legal (game));
  g_assert_true (bk_game_play (game, BK_SEAT_S, card, &error));
  g_assert_no_error (error);
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (bk_window_get_save_problem (window) == NULL && g_get_monotonic_time () < end)
      ui_spin_for (G_USEC_PER_SEC / 100);
  }
  g_assert_nonnull (strstr (bk_window_get_save_problem (window), "cannot be saved"));
  /* Every later action fails too: the message stays. */
  while (bk_game_get_to_act (game) == BK_SEAT_S && bk_game_get_phase (game) == BK_PHASE_PLAYING)
    {
      card = bk_hand_first (bk_game_get_legal (game));
      g_assert_true (bk_game_play (game, BK_SEAT_S, card, &error));
      ui_spin_for (G_USEC_PER_SEC / 20);
      g_assert_nonnull (bk_window_get_save_problem (window));
      if (bk_game_get_to_act (game) != BK_SEAT_S)
        break;
    }

  /* The disk has room again: the next save works and the message goes. */
  g_remove (dir);
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-session", NULL));
  {
    AdwMessageDialog *dialog = find_dialog ("Start a New Session?");

    g_assert_nonnull (dialog);
    adw_message_dialog_response (dialog, "new");
  }
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (bk_window_get_save_problem (window) != NULL && g_get_monotonic_time () < end)
      ui_spin_for (G_USEC_PER_SEC / 100);
  }
  g_assert_null (bk_window_get_save_problem (window));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  ui_close_window (window);
  clear_data ();
}

/* Issue 21: why hands cannot be recorded now (a locked or full history) stays at the top
 * of the window, read whole, until the recorder has stored them. */
static void
test_window_history_problem (void)
{
  const char *text = "The history of your hands is in use by another program; "
                     "the hands of this session are kept and stored as soon as it is free.";
  BkWindow *window;
  BkHistoryRecorder *recorder;

  clear_data ();
  window = open_window ();
  recorder = bk_window_get_history_recorder (window);
  g_assert_null (bk_window_get_history_problem (window));
  g_signal_emit_by_name (recorder, "problem", text);
  g_assert_cmpstr (bk_window_get_history_problem (window), ==, text);
  g_assert_null (bk_window_get_toast (window));
  g_signal_emit_by_name (recorder, "problem-solved");
  g_assert_null (bk_window_get_history_problem (window));
  ui_close_window (window);
  clear_data ();
}

/* Issue 21: a long session's save starts from a checkpoint, stays small, and the window
 * resumes it where it stood: the hand count goes on. */
static void
test_window_long_session (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *save = NULL;
  BkWindow *window;
  BkRules rules;

  clear_data ();
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 21);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) random = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "random",
                                                                 NULL);
      bk_game_set_strategy (game, (BkSeat) s, random);
    }
  while (bk_game_get_hand_number (game) < 300)
    {
      g_assert_true (bk_game_next_hand (game, &error));
      bk_game_run (game);
    }
  save = bk_game_to_save_text (game);
  g_assert_nonnull (strstr (save, "\ncheckpoint hands "));
  g_assert_cmpuint (strlen (save), <, 128 * 1024);
  write_file (path, save);

  window = open_window ();
  g_assert_null (bk_window_get_notice (window));
  /* Resumed, and the next hand dealt. */
  g_assert_cmpuint (bk_game_get_hand_number (bk_window_get_game (window)), ==, 301);
  g_assert_cmpuint (bk_bierkopf_game_get_dots (bk_window_get_game (window), BK_TEAM_SN), ==,
                    bk_bierkopf_game_get_dots (game, BK_TEAM_SN));
  ui_close_window (window);
  clear_data ();
}

/* ---- A late answer --------------------------------------------------------------------- */

static gboolean busy_after_cancel;
static gboolean cancelled;

static gint64
busy_cb (gpointer user_data)
{
  if (cancelled)
    busy_after_cancel = TRUE;
  return 0;
}

/* Cancelled while the Meister thinks: the answer is dropped, the busy function (the
 * window's) is never called again, and the players go away once the thought ends. */
static void
test_cancel_thinking (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = bk_record_replay (record, NULL, NULL, NULL, &error);
  BkComputerPlayers *players;
  gint64 end;

  g_assert_no_error (error);
  for (guint s = 1; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "meister", NULL);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_assert_cmpint (bk_game_get_to_act (game), ==, BK_SEAT_W);

  cancelled = busy_after_cancel = FALSE;
  players = bk_computer_players_new (game, busy_cb, NULL);
  bk_computer_players_set_speed (players, 0);
  g_object_add_weak_pointer (G_OBJECT (players), (gpointer *) &players);
  /* The wake-up idle starts the thought on a worker thread. */
  g_main_context_iteration (NULL, FALSE);
  bk_computer_players_cancel (players);
  cancelled = TRUE;
  g_object_unref (players);

  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (players && g_get_monotonic_time () < end)
    ui_spin_for (G_USEC_PER_SEC / 100);
  g_assert_null (players);
  ui_spin_for (G_USEC_PER_SEC / 10);
  g_assert_false (busy_after_cancel);
  /* Nobody moved for West. */
  g_assert_cmpuint (bk_hand_state_cards_played (bk_bierkopf_game_get_state (game)), ==, 0);
}

/* Issue 34.15: the computer seats' pauses are as they were, and the game's view says them:
 * a Bierkopf doubling waits 1.6 s at normal speed, its words and cards 0.6 s, Herzla's
 * bids and cards 0.6 s. */
static void
test_computer_pause (void)
{
  g_autoptr (BkGame) bierkopf = NULL;
  g_autoptr (BkGame) herzla = NULL;
  BkRules rules;
  BkAction doubling = bk_action_make (BK_ACTION_DOUBLE, 1, 2);
  BkAction talk = bk_action_make (BK_ACTION_TALK, 1, 0);
  BkAction card = bk_action_make (BK_ACTION_PLAY, 1, 0);
  BkAction bid = bk_action_make (BK_ACTION_BID, 1, 0);

  bk_rules_init_default (&rules);
  bierkopf = bk_game_new (&rules, 21);
  bk_rules_init_default (&rules);
  rules.game = BK_GAME_HERZLA;
  herzla = bk_game_new (&rules, 21);

  g_assert_cmpfloat_with_epsilon (bk_computer_players_pause_factor (bierkopf, &doubling),
                                  16.0 / 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bk_computer_players_pause_factor (bierkopf, &talk),
                                  1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bk_computer_players_pause_factor (bierkopf, &card),
                                  1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bk_computer_players_pause_factor (herzla, &bid),
                                  1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bk_computer_players_pause_factor (herzla, &card),
                                  1.0, 1e-9);
}

/* The window closes while a Meister thinks; the main loop runs on (fatal warnings). */
static void
test_window_closed_while_thinking (void)
{
  g_autofree char *path = bk_window_dup_save_path ();
  BkWindow *window;

  clear_data ();
  g_settings_set_string (settings, "strength", "meister");
  write_file (path, record);
  window = open_window ();
  g_assert_cmpint (bk_game_get_to_act (bk_window_get_game (window)), ==, BK_SEAT_W);
  /* The computer players' wake-up starts West's thought on a worker thread. */
  g_main_context_iteration (NULL, FALSE);
  g_assert_false (bk_window_is_settled (window));
  ui_close_window (window);
  ui_spin_for (3 * G_USEC_PER_SEC);
  g_settings_reset (settings, "strength");
  clear_data ();
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  int result;

  /* A data folder of our own for the save file. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  scratch = g_build_filename (home, "scratch", NULL);
  g_mkdir_with_parents (scratch, 0700);
  settings = g_settings_new ("io.github.bierkopf.Bierkopf");
  g_settings_set_string (settings, "animation-speed", "off");

  g_test_add_func ("/session-store/missing", test_store_missing);
  g_test_add_func ("/session-store/unreadable", test_store_unreadable);
  g_test_add_func ("/session-store/unreadable-mode", test_store_unreadable_mode);
  g_test_add_func ("/session-store/leftovers", test_store_leftovers);
  g_test_add_func ("/session-store/refuses-too-large", test_store_refuses_too_large);
  g_test_add_func ("/session-store/lock", test_store_lock);
  g_test_add_func ("/session-store/fifo", test_store_fifo);
  g_test_add_func ("/session-store/too-large", test_store_too_large);
  g_test_add_func ("/session-store/damaged-capped", test_store_damaged_capped);
  g_test_add_func ("/session-store/other-game", test_store_other_game);
  g_test_add_func ("/session-store/not-text", test_store_not_text);
  g_test_add_func ("/session-store/failed-once", test_store_failed_once);
  g_test_add_func ("/session-store/newest-wins", test_store_newest_wins);
  g_test_add_func ("/session-store/window/unreadable", test_window_unreadable);
  g_test_add_func ("/session-store/window/newer-format", test_window_newer);
  g_test_add_func ("/session-store/window/damaged", test_window_damaged);
  g_test_add_func ("/session-store/window/huge-word", test_window_huge_word);
  g_test_add_func ("/session-store/window/long-message", test_window_long_message);
  g_test_add_func ("/session-store/window/long-session", test_window_long_session);
  g_test_add_func ("/session-store/window/every-action", test_window_saves_every_action);
  g_test_add_func ("/session-store/window/new-session-saved", test_window_new_session_saved);
  g_test_add_func ("/session-store/window/failed-save", test_window_failed_save);
  g_test_add_func ("/session-store/window/history-problem", test_window_history_problem);
  g_test_add_func ("/session-store/cancel-thinking", test_cancel_thinking);
  g_test_add_func ("/session-store/computer-pause", test_computer_pause);
  g_test_add_func ("/session-store/window/closed-while-thinking",
                   test_window_closed_while_thinking);

  result = g_test_run ();
  clear_data ();
  remove_path (scratch);
  g_free (scratch);
  return result;
}
