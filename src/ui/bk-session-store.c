/* bk-session-store.c: the session on disk. Loading reads and replays the save on a worker
 * thread (GTask), so a huge or slow file never holds up the window; saving takes the text
 * on the main thread and writes it atomically on a writer thread of its own, in order, the
 * newest text only. Only "no such file" means a new session: a file that cannot be read is
 * left where it is and never overwritten, a damaged one is set aside (the last few kept),
 * one written by a newer version is set aside and kept.
 *
 * With BIERKOPF_TRACE_SAVES=path every save that is on disk (after the rename and fsync)
 * appends "saved ACTIONS SHA256" to that file, and every load "loaded ACTIONS SHA256
 * REPLAYED-SHA256" (or "loaded none"): the kill test reads it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <string.h>
#include <unistd.h>

#include "bk-error.h"
#include "bk-game-view.h"
#include "bk-session-store.h"

struct _BkSessionStore
{
  GObject        parent_instance;

  char          *path;
  char          *game;      /* the game this store keeps: a row of the chooser */
  char          *trace_path;
  GMainContext  *context;   /* where failures are reported */
  gboolean       writable;  /* FALSE once the save could not be read: it is never overwritten */
  gboolean       failing;   /* the last save failed and the failure was reported */
  char          *unreadable; /* the save that could not be read, kept; NULL when none */

  /* Shared with the writer thread. */
  GMutex         lock;
  GCond          cond;
  GThread       *writer;
  char          *pending;   /* the newest text not yet taken by the writer */
  guint64        queued;    /* sequence number of the newest text queued */
  guint64        written;   /* ... and of the newest text the writer finished with */
  guint64        error_seq; /* the text that failed last */
  GError        *error;
  gboolean       quit;
};

G_DEFINE_FINAL_TYPE (BkSessionStore, bk_session_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FAILING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trace (BkSessionStore *self,
       const char     *line)
{
  int fd;

  if (self->trace_path == NULL)
    return;
  fd = g_open (self->trace_path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (fd < 0)
    return;
  if (write (fd, line, strlen (line)) < 0)
    g_debug ("Could not write the save trace: %s", g_strerror (errno));
  close (fd);
}

static void
trace_text (BkSessionStore *self,
            const char     *what,
            const char     *text,
            const char     *replayed)
{
  g_autofree char *sum = NULL;
  g_autofree char *replayed_sum = NULL;
  g_autofree char *line = NULL;

  if (self->trace_path == NULL)
    return;
  sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  if (replayed)
    replayed_sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, replayed, -1);
  line = g_strdup_printf ("%s %u %s%s%s\n", what, bk_record_count_actions (text), sum,
                          replayed_sum ? " " : "", replayed_sum ? replayed_sum : "");
  trace (self, line);
}

/* ---- Saving ---------------------------------------------------------------------------- */

typedef struct {
  GWeakRef  store;
  GError   *error; /* NULL: a save succeeded again */
} Report;

static void
report_free (Report *report)
{
  g_weak_ref_clear (&report->store);
  g_clear_error (&report->error);
  g_free (report);
}

static gboolean
report_cb (gpointer user_data)
{
  Report *report = user_data;
  g_autoptr (BkSessionStore) self = g_weak_ref_get (&report->store);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  /* Told once, not on every action; again only after a save has worked in between. The
   * property says it all the while. */
  if (report->error && !self->failing)
    {
      self->failing = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILING]);
      g_signal_emit (self, signals[SIGNAL_SAVE_FAILED], 0, report->error);
    }
  else if (report->error == NULL && self->failing)
    {
      self->failing = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILING]);
    }
  return G_SOURCE_REMOVE;
}

/* From the writer thread to the main thread. */
static void
report (BkSessionStore *self,
        const GError   *error)
{
  Report *report = g_new0 (Report, 1);
  g_autoptr (GSource) source = g_idle_source_new ();

  g_weak_ref_init (&report->store, self);
  report->error = error ? g_error_copy (error) : NULL;
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, report_cb, report, (GDestroyNotify) report_free);
  g_source_attach (source, self->context);
}

static gboolean
write_text (BkSessionStore  *self,
            const char      *path,
            const char      *text,
            GError         **error)
{
  g_autofree char *dir = NULL;
  g_autoptr (GError) local = NULL;
  gsize length = strlen (text);

  /* Never a save the next start would refuse (bk_record_replay_data()). */
  if (length > BK_RECORD_MAX_SIZE)
    {
      /* Translators: after "The session cannot be saved: " */
      g_set_error (error, BK_ERROR, BK_ERROR_TOO_LARGE,
                   _("it has grown larger than a save may be (%u MiB)"),
                   (guint) (BK_RECORD_MAX_SIZE / (1024 * 1024)));
      return FALSE;
    }
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: after "The session cannot be saved: " */
                   _("the folder %s cannot be made: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  /* A temporary file, fsync, rename: a kill leaves the old save or the new one. */
  if (!g_file_set_contents_full (path, text, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, &local))
    {
      g_autofree char *name = g_filename_display_name (path);

      /* GLib's message names the temporary file and the system call: a person's words
       * for the usual causes instead. */
      g_debug ("Saving failed: %s", local->message);
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOSPC))
        g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC,
                             _("the disk is full"));
      else if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ACCES) ||
               g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_PERM) ||
               g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ROFS))
        g_set_error (error, G_FILE_ERROR, local->code,
                     _("the folder of %s may not be written to"), name);
      else
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  trace_text (self, "saved", text, NULL);
  return TRUE;
}

static gpointer
writer_thread (gpointer data)
{
  BkSessionStore *self = data;
  gboolean failed = FALSE;

  g_mutex_lock (&self->lock);
  for (;;)
    {
      g_autofree char *text = NULL;
      g_autofree char *path = NULL;
      g_autoptr (GError) error = NULL;
      guint64 seq;
      gboolean ok;

      while (self->pending == NULL && !self->quit)
        g_cond_wait (&self->cond, &self->lock);
      if (self->pending == NULL)
        break;
      /* Only the newest text: an older one is never written after it. */
      text = g_steal_pointer (&self->pending);
      seq = self->queued;
      /* The path is the main thread's to change (after an unreadable save). */
      path = g_strdup (self->path);
      g_mutex_unlock (&self->lock);

      ok = write_text (self, path, text, &error);
      if (!ok || failed)
        report (self, error);
      failed = !ok;

      g_mutex_lock (&self->lock);
      self->written = seq;
      if (!ok)
        {
          g_clear_error (&self->error);
          self->error = g_steal_pointer (&error);
          self->error_seq = seq;
        }
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

static guint64
enqueue (BkSessionStore *self,
         char           *text)
{
  guint64 seq;

  g_mutex_lock (&self->lock);
  if (self->quit)
    {
      /* Disposed already: nobody would wait for a new writer. */
      g_debug ("A save after the store was disposed is dropped");
      g_free (text);
      seq = self->written = ++self->queued;
      g_mutex_unlock (&self->lock);
      return seq;
    }
  if (self->writer == NULL)
    self->writer = g_thread_new ("bk-session-writer", writer_thread, self);
  g_free (self->pending);
  self->pending = text;
  seq = ++self->queued;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  return seq;
}

/* Queues @text (taken over) to be written on the writer thread; returns at once. A failure
 * is reported once through ::save-failed. */
void
bk_session_store_save (BkSessionStore *self,
                       char           *text)
{
  g_return_if_fail (BK_IS_SESSION_STORE (self));
  g_return_if_fail (text != NULL);

  if (!self->writable)
    {
      g_free (text);
      return;
    }
  enqueue (self, text);
}

/* Writes @text (taken over) after everything queued before, and waits until it is on
 * disk: for quitting, and for a new session that must not be lost to a kill. */
gboolean
bk_session_store_save_now (BkSessionStore  *self,
                           char            *text,
                           GError         **error)
{
  guint64 seq;
  gboolean ok = TRUE;

  g_return_val_if_fail (BK_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!self->writable)
    {
      g_free (text);
      return TRUE;
    }
  seq = enqueue (self, text);
  g_mutex_lock (&self->lock);
  while (self->written < seq)
    g_cond_wait (&self->cond, &self->lock);
  if (self->error_seq == seq && self->error)
    {
      ok = FALSE;
      g_propagate_error (error, g_error_copy (self->error));
    }
  g_mutex_unlock (&self->lock);
  return ok;
}

/* Waits until everything queued is written. */
void
bk_session_store_flush (BkSessionStore *self)
{
  g_return_if_fail (BK_IS_SESSION_STORE (self));

  g_mutex_lock (&self->lock);
  while (self->written < self->queued)
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* ---- Loading --------------------------------------------------------------------------- */

typedef struct {
  BkRecordReadyFunc  ready;
  gpointer           ready_data;
  GDestroyNotify     ready_destroy;
  BkSessionOutcome   outcome;
  GError            *reason;
  BkGame            *game;
  char              *alternative; /* where to save instead of an unreadable save */
} Load;

static void
load_free (Load *load)
{
  if (load->ready_destroy)
    load->ready_destroy (load->ready_data);
  g_clear_error (&load->reason);
  g_clear_object (&load->game);
  g_free (load->alternative);
  g_free (load);
}

static char *
aside_path (BkSessionStore *self,
            const char     *kind)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  /* Fixed width, so that the names sort by age. */
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S%f");

  return g_strdup_printf ("%s.%s-%s", self->path, kind, stamp);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Damaged saves do not pile up: the newest few stay for a bug report. */
static void
prune_damaged (BkSessionStore *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *base = g_path_get_basename (self->path);
  g_autofree char *prefix = g_strconcat (base, ".damaged-", NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)))
    if (g_str_has_prefix (name, prefix))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i + BK_SESSION_STORE_KEEP_DAMAGED < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      if (g_remove (path) != 0)
        g_debug ("Could not remove the old damaged save %s: %s", path, g_strerror (errno));
    }
}

/* Moves the save aside; if that fails it stays where it is and is not overwritten. */
static void
set_aside (BkSessionStore *self,
           Load           *load,
           const char     *kind,
           BkSessionOutcome outcome,
           GError         *reason)
{
  g_autofree char *aside = aside_path (self, kind);

  if (g_rename (self->path, aside) != 0)
    {
      int saved_errno = errno;

      g_clear_error (&reason);
      g_set_error (&load->reason, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("It cannot be moved aside: %s"), g_strerror (saved_errno));
      load->outcome = BK_SESSION_UNREADABLE;
      return;
    }
  g_message ("The saved session cannot be loaded (%s); it was moved to %s", reason->message,
             aside);
  load->reason = reason;
  load->outcome = outcome;
  if (outcome == BK_SESSION_SET_ASIDE)
    prune_damaged (self);
}

/* The temporary files of saves a kill cut short (g_file_set_contents_full() writes
 * "session.bierkopf.XXXXXX" and renames it): nobody else writes this save (the
 * application holds its lock), so they are left over and go. */
static void
remove_leftovers (BkSessionStore *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *base = g_path_get_basename (self->path);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  gsize n = strlen (base);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)))
    {
      g_autofree char *path = NULL;
      gboolean temporary = strncmp (name, base, n) == 0 && name[n] == '.' &&
                           strlen (name + n + 1) == 6;

      for (guint i = 0; temporary && i < 6; i++)
        temporary = g_ascii_isalnum (name[n + 1 + i]);
      if (!temporary)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_remove (path) != 0)
        g_debug ("Could not remove the left-over %s: %s", path, g_strerror (errno));
      else
        g_debug ("Removed the left-over %s", path);
    }
}

/* Where a new session is saved when the save cannot be read: beside it as
 * "session-2.bierkopf" (the first such name that is free), or in the cache folder when its
 * folder cannot be written either. NULL when there is no free name. */
static char *
alternative_path (BkSessionStore *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *base = g_path_get_basename (self->path);
  const char *dot = strrchr (base, '.');
  g_autofree char *stem = g_strndup (base, dot ? (gsize) (dot - base) : strlen (base));
  const char *ext = dot ? dot : "";

  if (g_access (dir, W_OK | X_OK) != 0)
    {
      g_free (dir);
      dir = g_build_filename (g_get_user_cache_dir (), "bierkopf", NULL);
    }
  for (guint i = 2; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%u%s", stem, i, ext);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  BkSessionStore *self = source;
  Load *load = task_data;
  g_autoptr (GFile) file = g_file_new_for_path (self->path);
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *replayed = NULL;
  gsize length = 0;

  remove_leftovers (self);
  /* The size first, so a huge file is refused before it is read. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                            G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &error);
  if (info && g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      load->outcome = BK_SESSION_UNREADABLE;
      g_set_error_literal (&load->reason, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           _("It is not a regular file"));
      goto done;
    }
  if (info && g_file_info_get_size (info) > BK_RECORD_MAX_SIZE)
    {
      g_autofree char *size = g_format_size ((guint64) g_file_info_get_size (info));

      set_aside (self, load, "damaged", BK_SESSION_SET_ASIDE,
                 g_error_new (BK_ERROR, BK_ERROR_TOO_LARGE,
                              _("It is far too large for a session (%s)"), size));
      goto done;
    }
  if (info)
    g_file_load_contents (file, cancellable, &text, &length, NULL, &error);
  if (text == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          load->outcome = BK_SESSION_NEW;
          trace (self, "loaded none\n");
        }
      else
        {
          /* Permission denied, an I/O error: keep the file, it may be readable tomorrow. */
          load->outcome = BK_SESSION_UNREADABLE;
          load->reason = g_steal_pointer (&error);
        }
      goto done;
    }

  if (length > BK_RECORD_MAX_SIZE)
    {
      g_autofree char *size = g_format_size (length);

      error = g_error_new (BK_ERROR, BK_ERROR_TOO_LARGE,
                           _("It is far too large for a session (%s)"), size);
    }
  else if (memchr (text, '\0', length) != NULL)
    error = g_error_new_literal (BK_ERROR, BK_ERROR_RECORD,
                                 _("The file is damaged: part of it is garbled"));
  else
    load->game = bk_record_replay (text, NULL, load->ready, load->ready_data, &error);
  /* Each game has its own save: a session of another game here is set aside. */
  if (load->game && !bk_session_store_is_own_game (self, load->game))
    {
      error = g_error_new (BK_ERROR, BK_ERROR_NOT_PLAYABLE,
                           /* Translators: %s is the name of a game */
                           _("It is a session of %s, which belongs in another save"),
                           _(bk_game_get_module (load->game)->name));
      g_clear_object (&load->game);
    }

  if (load->game)
    {
      load->outcome = BK_SESSION_RESUMED;
      if (self->trace_path)
        {
          replayed = bk_game_to_save_text (load->game);
          trace_text (self, "loaded", text, replayed);
        }
    }
  else if (g_error_matches (error, BK_ERROR, BK_ERROR_NEWER_FORMAT))
    set_aside (self, load, "newer", BK_SESSION_NEWER, g_steal_pointer (&error));
  else
    set_aside (self, load, "damaged", BK_SESSION_SET_ASIDE, g_steal_pointer (&error));

done:
  if (load->outcome == BK_SESSION_UNREADABLE)
    load->alternative = alternative_path (self);
  g_task_return_boolean (task, TRUE);
}

/* Reads and replays the save on a worker thread. @ready runs on that thread, once the game
 * exists and before its first move: it may connect to the game's signals, and whatever they
 * touch must be safe there. */
void
bk_session_store_load_async (BkSessionStore      *self,
                             BkRecordReadyFunc    ready,
                             gpointer             ready_data,
                             GDestroyNotify       ready_destroy,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Load *load;

  g_return_if_fail (BK_IS_SESSION_STORE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bk_session_store_load_async);
  load = g_new0 (Load, 1);
  load->ready = ready;
  load->ready_data = ready_data;
  load->ready_destroy = ready_destroy;
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);
  g_task_run_in_thread (task, load_in_thread);
}

/* The resumed game, or NULL; @outcome says why, and @error gives the reason for anything
 * but a resumed or a new session. */
BkGame *
bk_session_store_load_finish (BkSessionStore    *self,
                              GAsyncResult      *result,
                              BkSessionOutcome  *outcome,
                              GError           **error)
{
  Load *load;

  g_return_val_if_fail (BK_IS_SESSION_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  *outcome = BK_SESSION_NEW;
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  load = g_task_get_task_data (G_TASK (result));
  *outcome = load->outcome;
  /* The save that cannot be read stays as it is; the new session goes elsewhere. */
  if (load->outcome == BK_SESSION_UNREADABLE)
    {
      g_free (self->unreadable);
      g_mutex_lock (&self->lock);
      self->unreadable = self->path;
      self->path = load->alternative ? g_steal_pointer (&load->alternative)
                                     : g_strdup (self->unreadable);
      g_mutex_unlock (&self->lock);
      self->writable = !g_str_equal (self->path, self->unreadable);
    }
  if (load->reason)
    g_propagate_error (error, g_steal_pointer (&load->reason));
  return g_steal_pointer (&load->game);
}

/* ---- The object ------------------------------------------------------------------------ */

char *
bk_session_store_dup_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "bierkopf", "session.bierkopf", NULL);
}

/* Where the session of @game (a row of the chooser, BkGameChoice) is saved: the first
 * game's plain form where the one game always was, each other beside it. */
char *
bk_session_store_dup_path_for_game (const char *game)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  if (g_str_equal (game, bk_game_views ()[0]->choices[0].id))
    return bk_session_store_dup_default_path ();
  name = g_strdup_printf ("session-%s.bierkopf", game);
  return g_build_filename (g_get_user_data_dir (), "bierkopf", name, NULL);
}

/* Whether @game is a session of the game this store keeps. */
gboolean
bk_session_store_is_own_game (BkSessionStore *self,
                              BkGame         *game)
{
  const BkGameView *view;

  g_return_val_if_fail (BK_IS_SESSION_STORE (self), FALSE);
  g_return_val_if_fail (BK_IS_GAME (game), FALSE);

  view = bk_game_view_get (bk_game_get_rules (game)->game);
  return g_str_equal (view->choice_of ? view->choice_of (game) : view->choices[0].id,
                      self->game);
}

/* The game this store keeps. */
const char *
bk_session_store_get_game (BkSessionStore *self)
{
  g_return_val_if_fail (BK_IS_SESSION_STORE (self), NULL);
  return self->game;
}

const char *
bk_session_store_get_path (BkSessionStore *self)
{
  g_return_val_if_fail (BK_IS_SESSION_STORE (self), NULL);
  return self->path;
}

/* The save that could not be read and is kept as it was (the session is saved at
 * bk_session_store_get_path() instead), or NULL. */
const char *
bk_session_store_get_unreadable_path (BkSessionStore *self)
{
  g_return_val_if_fail (BK_IS_SESSION_STORE (self), NULL);
  return self->unreadable;
}

/* TRUE from a failed save until a save works again. */
gboolean
bk_session_store_get_failing (BkSessionStore *self)
{
  g_return_val_if_fail (BK_IS_SESSION_STORE (self), FALSE);
  return self->failing;
}

/* FALSE after a save that could not be read when no other name was free: this session is
 * not saved over it. */
gboolean
bk_session_store_get_writable (BkSessionStore *self)
{
  g_return_val_if_fail (BK_IS_SESSION_STORE (self), FALSE);
  return self->writable;
}

static void
bk_session_store_dispose (GObject *object)
{
  BkSessionStore *self = BK_SESSION_STORE (object);

  /* The writer finishes the last text before it goes. */
  g_mutex_lock (&self->lock);
  self->quit = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  if (self->writer)
    g_thread_join (g_steal_pointer (&self->writer));

  G_OBJECT_CLASS (bk_session_store_parent_class)->dispose (object);
}

static void
bk_session_store_finalize (GObject *object)
{
  BkSessionStore *self = BK_SESSION_STORE (object);

  g_free (self->path);
  g_free (self->unreadable);
  g_free (self->game);
  g_free (self->trace_path);
  g_free (self->pending);
  g_clear_error (&self->error);
  g_main_context_unref (self->context);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (bk_session_store_parent_class)->finalize (object);
}

static void
bk_session_store_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  BkSessionStore *self = BK_SESSION_STORE (object);

  switch (prop_id)
    {
    case PROP_FAILING:
      g_value_set_boolean (value, self->failing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_session_store_class_init (BkSessionStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_session_store_dispose;
  object_class->finalize = bk_session_store_finalize;
  object_class->get_property = bk_session_store_get_property;

  /* Saving fails now: from a failed save until one works again. */
  properties[PROP_FAILING] =
    g_param_spec_boolean ("failing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A save failed (the reason as a GError); emitted once until a save works again. */
  signals[SIGNAL_SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
bk_session_store_init (BkSessionStore *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->writable = TRUE;
  self->context = g_main_context_ref_thread_default ();
  self->trace_path = g_strdup (g_getenv ("BIERKOPF_TRACE_SAVES"));
  if (self->trace_path && self->trace_path[0] == '\0')
    g_clear_pointer (&self->trace_path, g_free);
}

/* A store for the save at @path, or at the default place (NULL). */
BkSessionStore *
bk_session_store_new (const char *path)
{
  BkSessionStore *self = g_object_new (BK_TYPE_SESSION_STORE, NULL);

  self->path = path ? g_strdup (path) : bk_session_store_dup_default_path ();
  self->game = g_strdup (bk_game_views ()[0]->choices[0].id);
  return self;
}

/* A store for the session of @game (a row of the chooser, BkGameChoice) at @path, or
 * at that game's default place (NULL). */
BkSessionStore *
bk_session_store_new_for_game (const char *game,
                               const char *path)
{
  BkSessionStore *self;

  g_return_val_if_fail (game != NULL, NULL);

  self = g_object_new (BK_TYPE_SESSION_STORE, NULL);
  self->path = path ? g_strdup (path) : bk_session_store_dup_path_for_game (game);
  self->game = g_strdup (game);
  return self;
}

/* The lock of the saves in @dir (NULL: the default place): only one instance plays them,
 * even without a session bus to make the application unique. Returns the locked file's
 * descriptor, held until it is closed (or the process ends); -1 with G_IO_ERROR_BUSY when
 * another instance holds it, or another error when it cannot be taken. */
int
bk_session_store_lock (const char  *dir,
                       GError     **error)
{
  g_autofree char *default_dir = NULL;
  g_autofree char *path = NULL;
  int fd;

  if (dir == NULL)
    {
      g_autofree char *save = bk_session_store_dup_default_path ();

      dir = default_dir = g_path_get_dirname (save);
    }
  path = g_build_filename (dir, "bierkopf.lock", NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      (fd = g_open (path, O_RDWR | O_CREAT, 0600)) < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Cannot open the lock file %s: %s"), path, g_strerror (saved_errno));
      return -1;
    }
  /* Not handed on to the programs we start (none yet, but a lock must not leak). */
  fcntl (fd, F_SETFD, FD_CLOEXEC);
  /* flock: released by the kernel when the process ends, however it ends. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      close (fd);
      if (saved_errno == EWOULDBLOCK)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                             _("Bierkopf is already open in another window"));
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     _("Cannot lock %s: %s"), path, g_strerror (saved_errno));
      return -1;
    }
  return fd;
}
