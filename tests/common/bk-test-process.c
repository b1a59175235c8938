/* bk-test-process.c: see the header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-test"

#include "bk-test-process.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define STOP_TIMEOUT_US (5 * G_USEC_PER_SEC)

char *
bk_test_find_program (const char  *name,
                      const char  *needs,
                      GError     **error)
{
  char *path = g_find_program_in_path (name);

  if (path == NULL)
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT, "%s is not installed: %s", name,
                 needs);
  return path;
}

void
bk_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK)) {
    dir = g_dir_open (path, 0, NULL);
    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
      g_autofree char *child = g_build_filename (path, name, NULL);
      bk_test_remove_tree (child);
    }
  }
  g_remove (path);
}

static void
child_setup_cb (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

gboolean
bk_test_spawn (const char         *dir,
               const char * const *argv,
               const char * const *envp,
               GSpawnFlags         flags,
               int                 stdout_fd,
               int                 stderr_fd,
               int                *stdin_fd,
               GPid               *pid,
               GError            **error)
{
  return g_spawn_async_with_pipes_and_fds (dir, argv, envp, flags | G_SPAWN_DO_NOT_REAP_CHILD,
                                           child_setup_cb, NULL, -1, stdout_fd, stderr_fd,
                                           NULL, NULL, 0, pid, stdin_fd, NULL, NULL, error);
}

BkTestWait
bk_test_wait_ready (GPid     *pid,
                    gint64    deadline,
                    gboolean (*ready) (gpointer data),
                    gpointer  data,
                    int      *status)
{
  while (!ready (data)) {
    if (waitpid (*pid, status, WNOHANG) == *pid) {
      *pid = 0;
      return BK_TEST_EXITED;
    }
    if (g_get_monotonic_time () > deadline)
      return BK_TEST_TIMED_OUT;
    g_usleep (20 * 1000);
  }
  return BK_TEST_READY;
}

void
bk_test_stop (GPid pid)
{
  gint64 deadline = g_get_monotonic_time () + STOP_TIMEOUT_US;
  int status;

  if (pid <= 0)
    return;
  kill (pid, SIGTERM);
  while (waitpid (pid, &status, WNOHANG) != pid) {
    if (g_get_monotonic_time () > deadline) {
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      break;
    }
    g_usleep (10 * 1000);
  }
  g_spawn_close_pid (pid);
}
