/* bk-test-process.h: what the fixtures that run a real program for the tests share (the
 * Prosody fixture, tests/net/bk-prosody-fixture.c; the keyring's,
 * tests/ui/bk-keyring-fixture.c): a temporary directory removed with all in it, the
 * program found or an error saying what to install, a child that dies with the test, a
 * bounded wait for it to be ready, and a bounded stop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @name on PATH, or NULL and an error that says @needs ("the net tests need Prosody and
 * openssl (build-aux/setup.sh installs them)"). */
char       *bk_test_find_program    (const char          *name,
                                     const char          *needs,
                                     GError             **error);
/* Removes @path and everything below it (links are removed, never followed). */
void        bk_test_remove_tree     (const char          *path);

/* g_spawn_async_with_pipes_and_fds() in @dir, not reaped (G_SPAWN_DO_NOT_REAP_CHILD is
 * added to @flags), the child sent SIGTERM when the test dies (a test that crashes takes
 * its server with it). @stdin_fd: NULL, or where the write end of a pipe to its standard
 * input goes. */
gboolean    bk_test_spawn           (const char          *dir,
                                     const char * const  *argv,
                                     const char * const  *envp,
                                     GSpawnFlags          flags,
                                     int                  stdout_fd,
                                     int                  stderr_fd,
                                     int                 *stdin_fd,
                                     GPid                *pid,
                                     GError             **error);

typedef enum {
  BK_TEST_READY,
  BK_TEST_EXITED,     /* the child ended first (reaped; *pid is 0 then) */
  BK_TEST_TIMED_OUT,
} BkTestWait;

/* Polls @ready every 20 ms until it says TRUE, the child @pid exits (its wait status in
 * @status), or the monotonic clock passes @deadline. */
BkTestWait  bk_test_wait_ready      (GPid                *pid,
                                     gint64               deadline,
                                     gboolean           (*ready) (gpointer data),
                                     gpointer             data,
                                     int                 *status);
/* SIGTERM, and SIGKILL when it has not ended within 5 s; reaped. 0 is fine. */
void        bk_test_stop            (GPid                 pid);

G_END_DECLS
