/* bk-ejabberd-fixture.c: ejabberd for the tests (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-test"

#include "bk-ejabberd-fixture.h"
#include "bk-test-process.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define CTL_TIMEOUT "30"
#define STOP_TIMEOUT_US (15 * G_USEC_PER_SEC)

static const char needs[] = "the net tests on ejabberd need ejabberd (build-aux/setup.sh "
                            "installs it)";

/* Debian's `normal` c2s shaper (3,000 B/s) is left out, as Prosody has no such limit: the
 * tests see the table's own limits, not the server's. Outgoing s2s is denied, so that a
 * test's server never asks the machine's DNS for a test domain. */
static char *
config_text (const BkEjabberdConfig *config,
             const char             *pem)
{
  const char *level = g_getenv ("BK_PROSODY_DEBUG") != NULL ? "debug" : "info";
  /* For benchmarks with hundreds of bots: any name, any password. */
  const char *auth = g_getenv ("BK_PROSODY_OPEN_ACCOUNTS") != NULL
    ? "auth_method: [anonymous]\nanonymous_protocol: login_anon\n"
      "allow_multiple_connections: true\n"
    : "auth_method: [internal]\nauth_password_format: scram\n";
  g_autofree char *captcha = config->captcha
    ? g_strdup_printf ("captcha_cmd: \"%s/conf/captcha.sh\"\ncaptcha_limit: %d\n", config->dir,
                       BK_EJABBERD_CAPTCHA_LIMIT)
    : g_strdup ("");

  /* Each host's options whole (host_config redefines an option, it does not add to one):
   * the accounts' host with its MUC and registration, the guests' host with SASL ANONYMOUS
   * and no MUC of its own (a guest's client finds DOMAIN's, beside its parent) */
  return g_strdup_printf (
    "# written by tests/net/bk-ejabberd-fixture.c\n"
    "hosts: [\"%s\", \"%s\"]\n"
    "loglevel: %s\n"
    "log_rotate_count: 0\n"
    "certfiles: [\"%s\"]\n"
    "listen:\n"
    "  - port: %u\n"
    "    ip: \"127.0.0.1\"\n"
    "    module: ejabberd_c2s\n"
    "    starttls_required: true\n"
    "    max_stanza_size: 262144\n"
    "    shaper: c2s_shaper\n"
    "    access: c2s\n"
    "%s"
    "%s"
    "registration_timeout: infinity\n"
    "s2s_use_starttls: required\n"
    "s2s_access: s2s\n"
    "acl:\n"
    "  local: {user_regexp: \"\"}\n"
    "  loopback: {ip: [127.0.0.0/8]}\n"
    "access_rules:\n"
    "  local: {allow: local}\n"
    "  c2s: {allow: all}\n"
    "  s2s: {deny: all}\n"
    "  muc_create: {allow: all}\n"
    "  register: {allow: all}\n"
    "api_permissions:\n"
    "  \"console commands\":\n"
    "    from: [ejabberd_ctl]\n"
    "    who: all\n"
    "    what: \"*\"\n"
    "shaper_rules:\n"
    "  max_user_sessions: 10\n"
    "  c2s_shaper: none\n"
    "host_config:\n"
    "  \"%s\":\n"
    "    modules:\n"
    "      mod_disco: {}\n"
    "      mod_ping: {}\n"
    "      mod_roster: {}\n"
    "      mod_stream_mgmt: {resume_timeout: %d}\n"
    "      mod_muc:\n"
    "        host: \"%s\"\n"
    "        access_create: muc_create\n"
    "%s"
    "  \"%s\":\n"
    "    auth_method: [anonymous]\n"
    "    anonymous_protocol: sasl_anon\n"
    "    modules:\n"
    "      mod_disco: {}\n"
    "      mod_ping: {}\n"
    "      mod_stream_mgmt: {resume_timeout: %d}\n",
    config->domain, config->guests, level, pem, config->c2s, auth, captcha,
    config->domain, config->resume_timeout, config->muc,
    !config->registration ? ""
    : config->captcha ? "      mod_register: {access: register, captcha_protected: true}\n"
    : "      mod_register: {access: register}\n",
    config->guests, config->resume_timeout);
}

/* The CAPTCHA's text is known to the test (DIR/captcha-answers) without reading the image;
 * the image itself is Debian's. */
static char *
captcha_script_text (const BkEjabberdConfig *config)
{
  return g_strdup_printf ("#!/bin/sh\n"
                          "# written by tests/net/bk-ejabberd-fixture.c\n"
                          "printf '%%s\\n' \"$1\" >> '%s/captcha-answers'\n"
                          "exec /bin/bash /usr/share/ejabberd/captcha.sh \"$1\"\n",
                          config->dir);
}

/* Read by ejabberdctl: the node's name and port, no epmd (ERL_DIST_PORT), a cookie of its
 * own, the distribution on loopback only, and erl started so that it dies with
 * ejabberdctl (a test that crashes takes its server with it). */
static char *
ctl_config_text (const BkEjabberdConfig *config,
                 const char             *erl)
{
  g_autofree char *cookie = g_strdup_printf ("bk%08x%08x", g_random_int (), g_random_int ());

  return g_strdup_printf (
    "# written by tests/net/bk-ejabberd-fixture.c\n"
    "ERL=\"%s\"\n"
    "ERLANG_NODE=bk%u@localhost\n"
    "ERL_DIST_PORT=%u\n"
    "ERL_OPTIONS=\"-env ERL_CRASH_DUMP_BYTES 0 -setcookie %s "
    "-kernel inet_dist_use_interface {127,0,0,1}\"\n",
    erl, config->dist, config->dist, cookie);
}

static gboolean
write_file (const char  *dir,
            const char  *name,
            const char  *text,
            int          mode,
            GError     **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, mode, error);
}

static gboolean
run_bounded (const char * const  *argv,
             const char * const  *envp,
             GError             **error)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, (char **) envp,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_STDIN_FROM_DEV_NULL, NULL, NULL, &out, &err,
                     &status, error))
    return FALSE;
  if (!g_spawn_check_wait_status (status, error)) {
    g_prefix_error (error, "%s %s: %s%s: ", argv[0], argv[1], out, err);
    return FALSE;
  }
  return TRUE;
}

gboolean
bk_ejabberd_prepare (const BkEjabberdConfig *config,
                     GError                **error)
{
  g_autofree char *ctl = bk_test_find_program ("ejabberdctl", needs, error);
  g_autofree char *conf = g_build_filename (config->dir, "conf", NULL);
  g_autofree char *logs = g_build_filename (config->dir, "logs", NULL);
  g_autofree char *spool = g_build_filename (config->dir, "spool", NULL);
  g_autofree char *pem = g_build_filename (conf, "server.pem", NULL);
  g_autofree char *erl = g_build_filename (conf, "erl", NULL);
  g_autofree char *key = NULL;
  g_autofree char *cert = NULL;
  g_autofree char *both = NULL;
  g_autofree char *yml = NULL;
  g_autofree char *cfg = NULL;
  g_autofree char *captcha = captcha_script_text (config);
  const char *chown_argv[] = { "chown", "-R", "ejabberd:ejabberd", config->dir, NULL };

  if (ctl == NULL)
    return FALSE;
  if (geteuid () != 0) {
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_PERM,
                 "the tests on ejabberd run as root: Debian's ejabberdctl runs only as root "
                 "or as the user ejabberd, and the fixture hands the server to that user");
    return FALSE;
  }
  if (g_mkdir (conf, 0700) != 0 || g_mkdir (logs, 0700) != 0 || g_mkdir (spool, 0700) != 0) {
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", config->dir,
                 g_strerror (errno));
    return FALSE;
  }
  if (!g_file_get_contents (config->key, &key, NULL, error) ||
      !g_file_get_contents (config->cert, &cert, NULL, error))
    return FALSE;
  both = g_strconcat (key, cert, NULL);
  yml = config_text (config, pem);
  cfg = ctl_config_text (config, erl);
  return write_file (conf, "server.pem", both, 0600, error) &&
         write_file (conf, "ejabberd.yml", yml, 0600, error) &&
         write_file (conf, "ejabberdctl.cfg", cfg, 0600, error) &&
         (!config->captcha || write_file (conf, "captcha.sh", captcha, 0700, error)) &&
         write_file (conf, "inetrc",
                     "{lookup, [\"file\"]}.\n{host, {127,0,0,1}, [\"localhost\"]}.\n", 0600,
                     error) &&
         /* setpriv, as ejabberdctl has changed user: the parent-death signal is lost then. */
         write_file (conf, "erl", "#!/bin/sh\nexec setpriv --pdeathsig TERM /usr/bin/erl \"$@\"\n",
                     0700, error) &&
         g_chmod (config->dir, 0700) == 0 &&
         run_bounded (chown_argv, NULL, error);
}

static char **
ctl_argv (const char         *dir,
          const char * const *args,
          gboolean            bounded)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *home = g_strdup_printf ("HOME=%s", dir);
  g_autofree char *conf = g_build_filename (dir, "conf", NULL);
  g_autofree char *logs = g_build_filename (dir, "logs", NULL);
  g_autofree char *spool = g_build_filename (dir, "spool", NULL);

  if (bounded)
    g_strv_builder_add_many (builder, "timeout", CTL_TIMEOUT, NULL);
  g_strv_builder_add_many (builder, "env", home, "setpriv", "--reuid=ejabberd",
                           "--regid=ejabberd", "--init-groups", "--pdeathsig", "TERM",
                           "ejabberdctl", "--config-dir", conf, "--logs", logs, "--spool",
                           spool, NULL);
  g_strv_builder_addv (builder, (const char **) args);
  return g_strv_builder_end (builder);
}

/* Its own process group, so that bk_ejabberd_stop() reaches erl and beam.smp, which
 * ejabberdctl starts as children rather than exec'ing them. */
static void
child_setup_cb (gpointer data)
{
  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

gboolean
bk_ejabberd_spawn (const char  *dir,
                   const char  *log,
                   GPid        *pid,
                   GError     **error)
{
  const char *args[] = { "foreground", NULL };
  g_auto (GStrv) argv = ctl_argv (dir, args, FALSE);
  int log_fd = g_open (log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  gboolean ok;

  if (log_fd < 0) {
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", log,
                 g_strerror (errno));
    return FALSE;
  }
  ok = g_spawn_async_with_pipes_and_fds (dir, (const char * const *) argv, NULL,
                                         G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                         G_SPAWN_STDIN_FROM_DEV_NULL,
                                         child_setup_cb, NULL, -1, log_fd, log_fd, NULL, NULL, 0,
                                         pid, NULL, NULL, NULL, error);
  close (log_fd);
  return ok;
}

gboolean
bk_ejabberd_ctl (const char         *dir,
                 const char * const *args,
                 GError            **error)
{
  g_auto (GStrv) argv = ctl_argv (dir, args, TRUE);

  return run_bounded ((const char * const *) argv, NULL, error);
}

void
bk_ejabberd_signal (GPid pid,
                    int  signal)
{
  if (pid > 0)
    kill (-pid, signal);
}

void
bk_ejabberd_stop (GPid pid)
{
  gint64 deadline = g_get_monotonic_time () + STOP_TIMEOUT_US;
  gboolean reaped = FALSE;
  int status;

  if (pid <= 0)
    return;
  kill (-pid, SIGCONT);   /* a paused server must hear the SIGTERM */
  kill (-pid, SIGTERM);
  /* The group lives on after its leader (ejabberdctl) while the VM shuts down. */
  while (!reaped || kill (-pid, 0) == 0) {
    if (!reaped && waitpid (pid, &status, WNOHANG) == pid)
      reaped = TRUE;
    if (g_get_monotonic_time () > deadline) {
      kill (-pid, SIGKILL);
      if (!reaped)
        waitpid (pid, &status, 0);
      break;
    }
    g_usleep (20 * 1000);
  }
  g_spawn_close_pid (pid);
}
