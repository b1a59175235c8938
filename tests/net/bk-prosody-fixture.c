/* bk-prosody-fixture.c: Prosody, or ejabberd, for the tests (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-test"

#include "bk-prosody-fixture.h"
#include "bk-ejabberd-fixture.h"
#include "bk-test-process.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <netinet/in.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define READY_TIMEOUT_US (20 * G_USEC_PER_SEC)
/* The Erlang VM takes seconds to start, more on a loaded machine (about 2 s seen here). */
#define EJABBERD_READY_TIMEOUT_US (60 * G_USEC_PER_SEC)
/* Short, so that a client killed without a word leaves its rooms soon after (XEP-0198
 * keeps a dropped session this long for it to resume). */
#define HIBERNATION_S 10

static int
hibernation_seconds (void)
{
  const char *value = g_getenv ("BK_PROSODY_HIBERNATION");
  guint64 seconds;

  if (value != NULL && g_ascii_string_to_unsigned (value, 10, 0, 86400, &seconds, NULL))
    return (int) seconds;
  return HIBERNATION_S;
}

struct _BkProsody {
  char  *domain;
  char  *muc;
  char  *guests;           /* "guest.DOMAIN": logins without an account (Prosody only) */
  char  *dir;
  char  *config;
  char  *cert;
  char  *key;
  char  *cafile;
  char  *server;
  char  *log;
  guint  c2s;
  guint  s2s;
  guint  component;
  guint  dist;             /* ejabberd: its Erlang node's port */
  GPid   pid;
  gboolean registration;   /* mod_register, open to anyone */
  gboolean captcha;        /* ejabberd: and it asks a CAPTCHA */
  gboolean ejabberd;       /* BK_TEST_SERVER=ejabberd */
};

gboolean
bk_test_server_is_ejabberd (void)
{
  const char *name = g_getenv ("BK_TEST_SERVER");

  if (name == NULL || *name == '\0' || g_str_equal (name, "prosody"))
    return FALSE;
  if (g_str_equal (name, "ejabberd"))
    return TRUE;
  g_error ("BK_TEST_SERVER=%s: the tests know prosody and ejabberd", name);
}

const char *
bk_test_server_name (void)
{
  return bk_test_server_is_ejabberd () ? "ejabberd" : "prosody";
}

void
bk_test_add_func_prosody_only (const char *path,
                               GTestFunc   func,
                               const char *why)
{
  if (bk_test_server_is_ejabberd ())
    g_test_message ("%s is left out on ejabberd: %s", path, why);
  else
    g_test_add_func (path, func);
}

static char *
program (const char  *name,
         GError     **error)
{
  return bk_test_find_program (name, "the net tests need Prosody and openssl "
                               "(build-aux/setup.sh installs them)", error);
}

/* Runs argv under timeout(1): every child of the fixture ends in bounded time. */
static gboolean
run (const char * const  *argv,
     GError             **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) full = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_strv_builder_add_many (builder, "timeout", "20", NULL);
  g_strv_builder_addv (builder, (const char **) argv);
  full = g_strv_builder_end (builder);
  if (!g_spawn_sync (NULL, full, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDIN_FROM_DEV_NULL,
                     NULL, NULL, &out, &err, &status, error))
    return FALSE;
  if (!g_spawn_check_wait_status (status, error)) {
    g_prefix_error (error, "%s: %s%s: ", argv[0], out, err);
    return FALSE;
  }
  return TRUE;
}

/* A port the kernel gives out now; `held` keeps it bound until all are chosen, so that
 * one server never gets the same port twice. */
static guint
free_port (GArray *held)
{
  struct sockaddr_in address = { .sin_family = AF_INET };
  socklen_t length = sizeof address;
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

  g_assert (fd >= 0);
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  g_assert (bind (fd, (struct sockaddr *) &address, sizeof address) == 0);
  g_assert (getsockname (fd, (struct sockaddr *) &address, &length) == 0);
  g_array_append_val (held, fd);
  return ntohs (address.sin_port);
}

static void
release_ports (GArray *held)
{
  for (guint i = 0; i < held->len; i++)
    close (g_array_index (held, int, i));
  g_array_set_size (held, 0);
}

static void
prosody_free (BkProsody *self)
{
  g_free (self->domain);
  g_free (self->muc);
  g_free (self->guests);
  g_free (self->dir);
  g_free (self->config);
  g_free (self->cert);
  g_free (self->key);
  g_free (self->cafile);
  g_free (self->server);
  g_free (self->log);
  g_free (self);
}

static BkProsody *
prepare (const char  *domain,
         GArray      *held,
         GError     **error)
{
  BkProsody *self = g_new0 (BkProsody, 1);
  g_autofree char *san = NULL;
  g_autofree char *subject = NULL;
  g_autofree char *data = NULL;
  g_autofree char *openssl = program ("openssl", error);

  if (openssl == NULL) {
    prosody_free (self);
    return NULL;
  }
  self->ejabberd = bk_test_server_is_ejabberd ();
  self->domain = g_strdup (domain);
  self->muc = g_strdup_printf ("conference.%s", domain);
  self->guests = g_strdup_printf ("guest.%s", domain);
  self->dir = g_dir_make_tmp ("bk-prosody-XXXXXX", error);
  if (self->dir == NULL) {
    prosody_free (self);
    return NULL;
  }
  self->config = g_build_filename (self->dir, "prosody.cfg.lua", NULL);
  self->cert = g_build_filename (self->dir, "cert.pem", NULL);
  self->key = g_build_filename (self->dir, "key.pem", NULL);
  self->cafile = g_strdup (self->cert);
  self->log = g_build_filename (self->dir, self->ejabberd ? "ejabberd.log" : "prosody.log", NULL);
  data = g_build_filename (self->dir, "data", NULL);
  g_mkdir (data, 0700);

  subject = g_strdup_printf ("/CN=%s", domain);
  san = g_strdup_printf ("subjectAltName=DNS:%s,DNS:%s,DNS:%s", domain, self->muc,
                         self->guests);
  {
    const char *argv[] = {
      openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
      "-keyout", self->key, "-out", self->cert, "-days", "2", "-subj", subject,
      "-addext", san, NULL,
    };
    if (!run (argv, error)) {
      bk_prosody_stop (self);
      return NULL;
    }
  }

  self->c2s = free_port (held);
  self->s2s = free_port (held);
  self->component = free_port (held);
  if (self->ejabberd)
    self->dist = free_port (held);
  self->server = g_strdup_printf ("127.0.0.1:%u", self->c2s);
  return self;
}

static gboolean
write_config (BkProsody  *self,
              BkProsody  *peer,
              GError    **error)
{
  g_autofree char *routes = NULL;
  g_autofree char *text = NULL;
  g_autofree char *ssl = NULL;
  g_autofree char *extra = NULL;
  const char *level = g_getenv ("BK_PROSODY_DEBUG") != NULL ? "debug" : "info";
  const char *snippet = g_getenv ("BK_PROSODY_EXTRA_CONFIG");
  /* For benchmarks with hundreds of bots: any name, any password. */
  const char *auth = g_getenv ("BK_PROSODY_OPEN_ACCOUNTS") != NULL
    ? "authentication = \"insecure\"\n"
      "insecure_open_authentication = \"Yes please, I know what I'm doing!\"\n"
    : "authentication = \"internal_hashed\"\n";

  /* a test's own settings, after everything (a VirtualHost line there opens that host) */
  if (snippet != NULL)
    extra = g_strdup_printf ("Include \"%s\"\n", snippet);
  if (peer != NULL)
    routes = g_strdup_printf ("bk_test_routes = { [\"%s\"] = %u; [\"%s\"] = %u }\n",
                              peer->domain, peer->s2s, peer->muc, peer->s2s);
  ssl = g_strdup_printf ("{ certificate = \"%s\"; key = \"%s\"; cafile = \"%s\" }",
                         self->cert, self->key, self->cafile);
  text = g_strdup_printf (
    "-- written by tests/net/bk-prosody-fixture.c\n"
    "run_as_root = true\n"
    "pidfile = \"%s/prosody.pid\"\n"
    "data_path = \"%s/data\"\n"
    "certificates = \"%s\"\n"
    "log = { { levels = { min = \"%s\" }, to = \"file\", filename = \"%s\" } }\n"
    "plugin_paths = { \"%s\" }\n"
    "interfaces = { \"127.0.0.1\" }\n"
    "c2s_ports = { %u }\n"
    "s2s_ports = { %u }\n"
    "component_ports = { %u }\n"
    "c2s_direct_tls_ports = {}\n"
    "s2s_direct_tls_ports = {}\n"
    "modules_enabled = { \"roster\"; \"saslauth\"; \"tls\"; \"dialback\"; \"disco\"; \"ping\";"
    " \"smacks\"; \"posix\"; \"bk_test_routes\"%s }\n"
    "%s"
    "storage = \"internal\"\n"
    "allow_registration = %s\n"
    "c2s_require_encryption = true\n"
    "s2s_require_encryption = true\n"
    "s2s_secure_auth = true\n"
    "smacks_hibernation_time = %d\n"
    "%s"
    "VirtualHost \"%s\"\n"
    "  ssl = %s\n"
    "VirtualHost \"%s\"\n"
    "  ssl = %s\n"
    "  authentication = \"anonymous\"\n"
    "Component \"%s\" \"muc\"\n"
    "  ssl = %s\n"
    "  restrict_room_creation = false\n"
    "  muc_room_locking = true\n"
    "%s",
    self->dir, self->dir, self->dir, level, self->log, BK_NET_TEST_SRCDIR,
    self->c2s, self->s2s, self->component, self->registration ? "; \"register\"" : "", auth,
    self->registration ? "true" : "false", hibernation_seconds (),
    routes != NULL ? routes : "",
    self->domain, ssl, self->guests, ssl, self->muc, ssl, extra != NULL ? extra : "");
  return g_file_set_contents (self->config, text, -1, error);
}

static gboolean
register_users (BkProsody          *self,
                const char * const *users,
                GError            **error)
{
  for (gsize i = 0; users != NULL && users[i] != NULL; i++) {
    g_auto (GStrv) parts = g_strsplit (users[i], ":", 2);
    g_return_val_if_fail (parts[0] != NULL && parts[1] != NULL, FALSE);
    if (!bk_prosody_register (self, parts[0], parts[1], error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
spawn (BkProsody  *self,
       GError    **error)
{
  g_autofree char *prosody = NULL;
  const char *argv[] = { NULL, "-F", "--config", NULL, NULL };
  int log_fd;
  gboolean ok;

  if (self->ejabberd)
    return bk_ejabberd_spawn (self->dir, self->log, &self->pid, error);
  prosody = program ("prosody", error);
  if (prosody == NULL)
    return FALSE;
  argv[0] = prosody;
  argv[3] = self->config;
  log_fd = g_open (self->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (log_fd < 0) {
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", self->log,
                 g_strerror (errno));
    return FALSE;
  }
  ok = bk_test_spawn (self->dir, argv, NULL, G_SPAWN_STDIN_FROM_DEV_NULL, log_fd, log_fd, NULL,
                      &self->pid, error);
  close (log_fd);
  return ok;
}

static gboolean
port_open (guint port)
{
  struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons ((guint16) port) };
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  gboolean open;

  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  open = connect (fd, (struct sockaddr *) &address, sizeof address) == 0;
  close (fd);
  return open;
}

static char *
log_tail (BkProsody *self)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!g_file_get_contents (self->log, &text, &length, NULL))
    return g_strdup ("(no log)");
  return g_strdup (length > 2000 ? text + length - 2000 : text);
}

static gboolean
ports_open_cb (gpointer data)
{
  BkProsody *self = data;

  /* ejabberd: c2s only (no s2s listener); wait_ejabberd_started() follows. */
  return port_open (self->c2s) && (self->ejabberd || port_open (self->s2s));
}

static gboolean
wait_ready (BkProsody  *self,
            GError    **error)
{
  gint64 timeout = self->ejabberd ? EJABBERD_READY_TIMEOUT_US : READY_TIMEOUT_US;
  gint64 deadline = g_get_monotonic_time () + timeout;
  const char *name = self->ejabberd ? "ejabberd" : "prosody";
  g_autofree char *log = NULL;
  int status = 0;

  switch (bk_test_wait_ready (&self->pid, deadline, ports_open_cb, self, &status)) {
  case BK_TEST_EXITED: {
    g_autofree char *tail = log_tail (self);
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                 "%s for %s exited at start (status %d):\n%s", name, self->domain, status, tail);
    return FALSE;
  }
  case BK_TEST_TIMED_OUT: {
    g_autofree char *tail = log_tail (self);
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                 "%s for %s did not open its ports within %d s:\n%s", name, self->domain,
                 (int) (timeout / G_USEC_PER_SEC), tail);
    return FALSE;
  }
  case BK_TEST_READY:
    break;
  }
  /* Another process may have taken a port between our choice and Prosody's bind. */
  if (g_file_get_contents (self->log, &log, NULL, NULL) &&
      (strstr (log, "Failed to open") != NULL || strstr (log, "eaddrinuse") != NULL)) {
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED, "%s for %s: a port was taken",
                 name, self->domain);
    return FALSE;
  }
  return TRUE;
}

/* The c2s port may open before ejabberd has made its Mnesia tables (a `register` then
 * failed with {no_exists,passwd,storage_type} on a loaded machine): `ejabberdctl status`
 * succeeds once the whole application has started. */
static gboolean
wait_ejabberd_started (BkProsody  *self,
                       gint64      deadline,
                       GError    **error)
{
  const char *args[] = { "status", NULL };
  g_autoptr (GError) last = NULL;

  while (!bk_ejabberd_ctl (self->dir, args, &last)) {
    if (g_get_monotonic_time () > deadline) {
      g_propagate_prefixed_error (error, g_steal_pointer (&last),
                                  "ejabberd for %s did not start within %d s: ", self->domain,
                                  (int) (EJABBERD_READY_TIMEOUT_US / G_USEC_PER_SEC));
      return FALSE;
    }
    g_clear_error (&last);
    g_usleep (200 * 1000);
  }
  return TRUE;
}

/* ejabberd registers its users through the running server (ejabberdctl register). */
static BkProsody *
start_ejabberd (BkProsody          *self,
                const char * const *users,
                GArray             *held,
                GError            **error)
{
  BkEjabberdConfig config = {
    .dir = self->dir, .domain = self->domain, .muc = self->muc, .guests = self->guests,
    .cert = self->cert,
    .key = self->key, .c2s = self->c2s, .dist = self->dist,
    .registration = self->registration, .captcha = self->captcha,
    .resume_timeout = hibernation_seconds (),
  };
  gint64 deadline = g_get_monotonic_time () + EJABBERD_READY_TIMEOUT_US;
  gboolean ok = bk_ejabberd_prepare (&config, error);

  release_ports (held);
  if (!ok || !spawn (self, error) || !wait_ready (self, error) ||
      !wait_ejabberd_started (self, deadline, error) || !register_users (self, users, error)) {
    bk_prosody_stop (self);
    return NULL;
  }
  return self;
}

static BkProsody *
start_one (const char         *domain,
           const char * const *users,
           gboolean            registration,
           GError            **error)
{
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (int));
  BkProsody *self;

  g_return_val_if_fail (domain != NULL, NULL);

  self = prepare (domain, held, error);
  if (self == NULL)
    return NULL;
  self->registration = registration;
  if (self->ejabberd)
    return start_ejabberd (self, users, held, error);
  if (!write_config (self, NULL, error) || !register_users (self, users, error)) {
    release_ports (held);
    bk_prosody_stop (self);
    return NULL;
  }
  release_ports (held);
  if (!spawn (self, error) || !wait_ready (self, error)) {
    bk_prosody_stop (self);
    return NULL;
  }
  return self;
}

BkProsody *
bk_prosody_start (const char         *domain,
                  const char * const *users,
                  GError            **error)
{
  return start_one (domain, users, FALSE, error);
}

BkProsody *
bk_prosody_start_with_registration (const char         *domain,
                                    const char * const *users,
                                    GError            **error)
{
  return start_one (domain, users, TRUE, error);
}

BkProsody *
bk_prosody_start_ejabberd_with_captcha (const char  *domain,
                                        GError     **error)
{
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (int));
  BkProsody *self = prepare (domain, held, error);

  if (self == NULL)
    return NULL;
  /* ejabberd whatever BK_TEST_SERVER says */
  if (!self->ejabberd) {
    self->ejabberd = TRUE;
    self->dist = free_port (held);
    g_free (self->log);
    self->log = g_build_filename (self->dir, "ejabberd.log", NULL);
  }
  self->registration = TRUE;
  self->captcha = TRUE;
  return start_ejabberd (self, NULL, held, error);
}

gboolean
bk_prosody_start_pair (const char * const *users_a,
                       const char * const *users_b,
                       BkProsody         **a,
                       BkProsody         **b,
                       GError            **error)
{
  g_autoptr (GArray) held = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (BkProsody) pa = NULL;
  g_autoptr (BkProsody) pb = NULL;
  g_autofree char *cert_a = NULL;
  g_autofree char *cert_b = NULL;
  g_autofree char *both = NULL;
  gboolean ok;

  if (bk_test_server_is_ejabberd ()) {
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED, "two federated servers are "
                 "Prosody's only (their routes come from mod_bk_test_routes.lua)");
    return FALSE;
  }
  pa = prepare ("a.localhost", held, error);
  if (pa == NULL)
    return FALSE;
  pb = prepare ("b.localhost", held, error);
  if (pb == NULL)
    return FALSE;

  /* Each trusts both certificates: the other's for s2s, and clients use either. */
  if (!g_file_get_contents (pa->cert, &cert_a, NULL, error) ||
      !g_file_get_contents (pb->cert, &cert_b, NULL, error))
    return FALSE;
  both = g_strconcat (cert_a, cert_b, NULL);
  g_free (pa->cafile);
  pa->cafile = g_build_filename (pa->dir, "cafile.pem", NULL);
  g_free (pb->cafile);
  pb->cafile = g_build_filename (pb->dir, "cafile.pem", NULL);
  ok = g_file_set_contents (pa->cafile, both, -1, error) &&
       g_file_set_contents (pb->cafile, both, -1, error) &&
       write_config (pa, pb, error) && write_config (pb, pa, error) &&
       register_users (pa, users_a, error) && register_users (pb, users_b, error);
  release_ports (held);
  if (!ok || !spawn (pa, error) || !spawn (pb, error) ||
      !wait_ready (pa, error) || !wait_ready (pb, error))
    return FALSE;
  *a = g_steal_pointer (&pa);
  *b = g_steal_pointer (&pb);
  return TRUE;
}

void
bk_prosody_stop (BkProsody *self)
{
  if (self == NULL)
    return;
  if (self->ejabberd)
    bk_ejabberd_stop (self->pid);
  else
    bk_test_stop (self->pid);
  if (self->dir != NULL && g_getenv ("BK_PROSODY_KEEP") == NULL)
    bk_test_remove_tree (self->dir);
  prosody_free (self);
}

void
bk_prosody_pause (BkProsody *self,
                  gboolean   paused)
{
  g_return_if_fail (self->pid > 0);
  if (self->ejabberd)
    bk_ejabberd_signal (self->pid, paused ? SIGSTOP : SIGCONT);
  else
    kill (self->pid, paused ? SIGSTOP : SIGCONT);
}

gboolean
bk_prosody_register (BkProsody   *self,
                     const char  *user,
                     const char  *password,
                     GError     **error)
{
  g_autofree char *prosodyctl = NULL;

  if (self->ejabberd) {
    const char *args[] = { "register", user, self->domain, password, NULL };
    return bk_ejabberd_ctl (self->dir, args, error);
  }
  prosodyctl = program ("prosodyctl", error);
  if (prosodyctl == NULL)
    return FALSE;
  {
    const char *argv[] = {
      prosodyctl, "--config", self->config, "register", user, self->domain, password, NULL,
    };
    return run (argv, error);
  }
}

const char *
bk_prosody_get_domain (BkProsody *self)
{
  return self->domain;
}

const char *
bk_prosody_get_muc_service (BkProsody *self)
{
  return self->muc;
}

const char *
bk_prosody_get_guest_domain (BkProsody *self)
{
  return self->guests;
}

const char *
bk_prosody_get_server (BkProsody *self)
{
  return self->server;
}

guint
bk_prosody_get_c2s_port (BkProsody *self)
{
  return self->c2s;
}

guint
bk_prosody_get_s2s_port (BkProsody *self)
{
  return self->s2s;
}

const char *
bk_prosody_get_cafile (BkProsody *self)
{
  return self->cafile;
}

const char *
bk_prosody_get_dir (BkProsody *self)
{
  return self->dir;
}
