/* bk-prosody-run: the Prosody test fixture for shell and CLI tests.
 *
 *   eval "$(bk-prosody-run --daemon --user alice:pw --user bob:pw)"
 *   bierkopf-cli table host --jid alice@$BK_PROSODY_DOMAIN --server $BK_PROSODY_SERVER \
 *       --cafile $BK_PROSODY_CAFILE …
 *   kill $BK_PROSODY_PID
 *
 * prints shell assignments: BK_PROSODY_PID (the process to SIGTERM), _DOMAIN, _SERVER
 * (127.0.0.1:PORT), _C2S_PORT, _S2S_PORT, _MUC (the MUC service), _CAFILE, _DIR; with
 * --pair the same with _A_ and _B_ (a.localhost, b.localhost, federated), --user-b for
 * the accounts on b. Without --daemon it stays in the foreground until stdin ends. It
 * stops the server and removes its files on SIGTERM, SIGINT or after --lifetime seconds
 * (default 900), whichever is first. --hibernation and --open-accounts set the
 * fixture's BK_PROSODY_HIBERNATION and BK_PROSODY_OPEN_ACCOUNTS. Exit 1 (with the reason
 * on stderr) if Prosody does not start.
 *
 * With BK_TEST_SERVER=ejabberd in its environment the one server is Debian's ejabberd
 * (bk-prosody-fixture.h), with the same assignments; --pair is Prosody's only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE

#include "bk-prosody-fixture.h"

#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
stdin_cb (GIOChannel   *channel,
          GIOCondition  condition,
          gpointer      data)
{
  char buffer[256];
  gsize n = 0;

  if (g_io_channel_read_chars (channel, buffer, sizeof buffer, &n, NULL) != G_IO_STATUS_NORMAL ||
      n == 0) {
    g_main_loop_quit (data);
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

static void
describe (GString    *out,
          const char *prefix,
          BkProsody  *server)
{
  g_string_append_printf (out,
                          "BK_PROSODY_%sDOMAIN=%s\n"
                          "BK_PROSODY_%sSERVER=%s\n"
                          "BK_PROSODY_%sC2S_PORT=%u\n"
                          "BK_PROSODY_%sS2S_PORT=%u\n"
                          "BK_PROSODY_%sMUC=%s\n"
                          "BK_PROSODY_%sCAFILE=%s\n"
                          "BK_PROSODY_%sDIR=%s\n",
                          prefix, bk_prosody_get_domain (server),
                          prefix, bk_prosody_get_server (server),
                          prefix, bk_prosody_get_c2s_port (server),
                          prefix, bk_prosody_get_s2s_port (server),
                          prefix, bk_prosody_get_muc_service (server),
                          prefix, bk_prosody_get_cafile (server),
                          prefix, bk_prosody_get_dir (server));
}

int
main (int    argc,
      char **argv)
{
  gboolean pair = FALSE, daemon_mode = FALSE;
  int lifetime = 900, hibernation = -1;
  gboolean open_accounts = FALSE;
  g_auto (GStrv) users = NULL;
  g_auto (GStrv) users_b = NULL;
  char *domain = NULL;
  GOptionEntry entries[] = {
    { "pair", 0, 0, G_OPTION_ARG_NONE, &pair,
      "two federated servers, a.localhost and b.localhost", NULL },
    { "user", 0, 0, G_OPTION_ARG_STRING_ARRAY, &users,
      "an account (on a with --pair)", "NAME:PASSWORD" },
    { "user-b", 0, 0, G_OPTION_ARG_STRING_ARRAY, &users_b,
      "an account on b (--pair)", "NAME:PASSWORD" },
    { "domain", 0, 0, G_OPTION_ARG_STRING, &domain,
      "the domain of the one server (localhost)", "DOMAIN" },
    { "daemon", 0, 0, G_OPTION_ARG_NONE, &daemon_mode, "print, then run in the background", NULL },
    { "lifetime", 0, 0, G_OPTION_ARG_INT, &lifetime,
      "stop after this many seconds (900)", "SECONDS" },
    { "hibernation", 0, 0, G_OPTION_ARG_INT, &hibernation,
      "seconds a dropped session may resume (10)", "SECONDS" },
    { "open-accounts", 0, 0, G_OPTION_ARG_NONE, &open_accounts,
      "any account, any password (benchmarks)", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new ("- Prosody (or ejabberd: BK_TEST_SERVER) for the tests");
  g_autoptr (GError) error = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  BkProsody *a = NULL, *b = NULL;
  int pipe_fds[2] = { -1, -1 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }

  if (hibernation >= 0) {
    g_autofree char *value = g_strdup_printf ("%d", hibernation);
    g_setenv ("BK_PROSODY_HIBERNATION", value, TRUE);
  }
  if (open_accounts)
    g_setenv ("BK_PROSODY_OPEN_ACCOUNTS", "1", TRUE);

  /* Fork before Prosody starts: it dies with the thread that started it. */
  if (daemon_mode) {
    pid_t child;
    g_autoptr (GString) report = g_string_new (NULL);
    char buffer[1024];
    ssize_t n;

    if (!g_unix_open_pipe (pipe_fds, FD_CLOEXEC, &error)) {
      g_printerr ("%s\n", error->message);
      return 1;
    }
    child = fork ();
    if (child < 0)
      return 1;
    if (child > 0) {
      close (pipe_fds[1]);
      while ((n = read (pipe_fds[0], buffer, sizeof buffer)) > 0)
        g_string_append_len (report, buffer, n);
      fputs (report->str, stdout);
      return g_str_has_prefix (report->str, "BK_PROSODY_PID=") ? 0 : 1;
    }
    close (pipe_fds[0]);
    setsid ();
  }

  if (pair) {
    bk_prosody_start_pair ((const char * const *) users, (const char * const *) users_b, &a, &b,
                           &error);
  } else {
    a = bk_prosody_start (domain != NULL ? domain : "localhost", (const char * const *) users,
                          &error);
  }
  if (error != NULL) {
    g_printerr ("bk-prosody-run: %s\n", error->message);
    return 1;
  }

  g_string_append_printf (out, "BK_PROSODY_PID=%d\n", (int) getpid ());
  describe (out, pair ? "A_" : "", a);
  if (b != NULL)
    describe (out, "B_", b);

  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_timeout_add_seconds ((guint) MAX (lifetime, 1), quit_cb, loop);
  if (daemon_mode) {
    if (write (pipe_fds[1], out->str, out->len) < 0)
      return 1;
    close (pipe_fds[1]);
    freopen ("/dev/null", "r", stdin);
    freopen ("/dev/null", "w", stdout);
  } else {
    GIOChannel *channel = g_io_channel_unix_new (STDIN_FILENO);
    fputs (out->str, stdout);
    fflush (stdout);
    g_io_add_watch (channel, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_cb, loop);
    g_io_channel_unref (channel);
  }
  g_main_loop_run (loop);

  bk_prosody_stop (b);
  bk_prosody_stop (a);
  g_free (domain);
  return 0;
}
