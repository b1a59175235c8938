/* bk-xmpp-connection.c: the stream to the server: TLS and the certificate's
 * check, the login, what libstrophe's log tells, losing the link and coming back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>

#define RECONNECT_MAX_DELAY_S 30
/* Unacknowledged data older than this ends the TCP connection (TCP_USER_TIMEOUT). */
#define TCP_USER_TIMEOUT_MS 30000

/* libstrophe's TLS callback has no user data; each worker thread runs one client. */
static GPrivate current_client;

static void
log_cb (void             *data,
        xmpp_log_level_t  level,
        const char       *area,
        const char       *msg)
{
  BkXmppClient *self = data;

  /* An offered ANONYMOUS that the server refused: libstrophe drops the mechanism and then
   * says it is unsupported, but the server does take guests (issue 32 item 5). */
  if (strstr (msg, "SASL ANONYMOUS auth failed") != NULL)
    self->anonymous_refused = TRUE;
  /* libstrophe reports these stages only in its log. */
  if (level == XMPP_LEVEL_ERROR && g_strcmp0 (area, "auth") == 0) {
    self->auth_failed = TRUE;
    /* libstrophe 0.12: "No node in JID, and SASL ANONYMOUS unsupported." */
    if (self->password == NULL && !self->anonymous_refused &&
        strstr (msg, "ANONYMOUS unsupported") != NULL)
      self->no_anonymous = TRUE;
  }
  else if (level >= XMPP_LEVEL_ERROR &&
           (g_strcmp0 (area, "tls") == 0 || strstr (msg, "TLS") != NULL))
    self->tls_failed = TRUE;
  else if (g_str_has_prefix (msg, "Session resumed"))
    self->resumed = TRUE;
  else if (g_strcmp0 (area, "conn") == 0 &&
           (g_str_has_prefix (msg, "SENT: <message") || g_str_has_prefix (msg, "SENT: <presence") ||
            g_str_has_prefix (msg, "SENT: <iq"))) {
    bk_xmpp_written (self, msg + 6);
  }
  if (self->log_debug)
    g_debug ("%s: strophe %s: %s", self->jid, area, msg);
}

/* "ab:cd:…" or "ABCD…" as "ABCD…": fingerprints compare in one form. */
char *
bk_xmpp_fingerprint_normalize (const char *fingerprint)
{
  GString *normal = g_string_new (NULL);

  for (const char *c = fingerprint; c != NULL && *c != '\0'; c++)
    if (g_ascii_isxdigit (*c))
      g_string_append_c (normal, g_ascii_toupper (*c));
  return g_string_free (normal, FALSE);
}

/* "ABCD…" as people read it: "AB:CD:…". */
static char *
fingerprint_format (const char *normal)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; normal[i] != '\0'; i++) {
    if (i > 0 && i % 2 == 0)
      g_string_append_c (text, ':');
    g_string_append_c (text, normal[i]);
  }
  return g_string_free (text, FALSE);
}

static int
certfail_cb (const xmpp_tlscert_t *cert,
             const char *const     errormsg)
{
  BkXmppClient *self = g_private_get (&current_client);
  const char *fingerprint = xmpp_tlscert_get_string (cert, XMPP_CERT_FINGERPRINT_SHA256);
  g_autofree char *normal = bk_xmpp_fingerprint_normalize (fingerprint);

  if (self == NULL)
    return 0;
  /* the very certificate a person chose to trust for this server */
  if (self->trusted_fingerprint != NULL && g_strcmp0 (normal, self->trusted_fingerprint) == 0)
    return 1;
  g_free (self->certfail_pem);
  self->certfail_pem = g_strdup (xmpp_tlscert_get_pem (cert));
  g_free (self->certfail_fingerprint);
  self->certfail_fingerprint = fingerprint_format (normal);
  g_free (self->certfail);
  self->certfail = g_strdup_printf ("%s (SHA-256 %s)", errormsg, self->certfail_fingerprint);
  return 0;   /* never connect to a server we do not trust */
}

static int
sockopt_cb (xmpp_conn_t *conn,
            void        *sock)
{
  BkXmppClient *self = g_private_get (&current_client);

  int on = 1;
  unsigned int user_timeout = TCP_USER_TIMEOUT_MS;

  if (self != NULL)
    self->sock = *(int *) sock;
  setsockopt (*(int *) sock, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_timeout, sizeof user_timeout);
  /* Small stanzas, each one awaited: Nagle would hold one back for the peer's ACK. */
  setsockopt (*(int *) sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  return xmpp_sockopt_cb_keepalive (conn, sock);
}

GError *
bk_xmpp_connect_error (BkXmppClient       *self,
                       int                 error,
                       xmpp_stream_error_t *stream_error)
{
  if (self->certfail != NULL)
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS,
                        _("The server’s certificate is not trusted: %s"), self->certfail);
  if (self->no_anonymous)
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_NO_GUESTS,
                                _("This server takes no guests: it offers no login without "
                                  "an account"));
  if (self->auth_failed ||
      (stream_error != NULL && stream_error->type == XMPP_SE_NOT_AUTHORIZED))
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_AUTH,
                                _("The address or the password is wrong"));
  if (self->tls_failed)
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS,
                                _("No secure connection to the server could be made"));
  if (stream_error != NULL)
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                        _("The server ended the connection: %s"),
                        stream_error->text != NULL ? stream_error->text : "");
  if (error != 0)
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT, _("The server cannot be reached: %s"),
                        g_strerror (error));
  return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                              _("The server cannot be reached"));
}

static void conn_cb (xmpp_conn_t *conn, xmpp_conn_event_t event, int error,
                     xmpp_stream_error_t *stream_error, void *data);

void
bk_xmpp_conn_ensure (BkXmppClient *self)
{
  long flags = XMPP_CONN_FLAG_MANDATORY_TLS;

  /* libstrophe keeps a connection raw once it was: a login needs a new one */
  if (self->conn != NULL && self->conn_raw) {
    xmpp_conn_release (self->conn);
    self->conn = NULL;
  }
  self->conn_raw = FALSE;
  if (self->conn == NULL) {
    self->conn = xmpp_conn_new (self->ctx);
    xmpp_conn_set_jid (self->conn, self->jid);
    /* no password and a JID without a local part: SASL ANONYMOUS */
    if (self->password != NULL)
      xmpp_conn_set_pass (self->conn, self->password);
    xmpp_conn_set_flags (self->conn, flags);
    if (self->cafile != NULL)
      xmpp_conn_set_cafile (self->conn, self->cafile);
    xmpp_conn_set_certfail_handler (self->conn, certfail_cb);
    xmpp_conn_set_sockopt_callback (self->conn, sockopt_cb);
  }
}

gboolean
bk_xmpp_start_connect (BkXmppClient *self)
{
  bk_xmpp_conn_ensure (self);
  g_clear_pointer (&self->certfail, g_free);
  g_clear_pointer (&self->certfail_pem, g_free);
  g_clear_pointer (&self->certfail_fingerprint, g_free);
  self->auth_failed = FALSE;
  self->no_anonymous = FALSE;
  self->anonymous_refused = FALSE;
  self->tls_failed = FALSE;
  self->resumed = FALSE;
  if (self->new_session) {
    /* the server stopped reading the stream: resumed, it stays just as stuck (Prosody
     * 0.12 under load), so a new session, back in the rooms (went_online) */
    xmpp_free_sm_state (xmpp_conn_get_sm_state (self->conn));
    self->new_session = FALSE;
  }
  self->sock = -1;
  self->stage = STAGE_NEGOTIATING;
  if (xmpp_connect_client (self->conn, self->host, self->port, conn_cb, self) != XMPP_EOK) {
    self->stage = STAGE_IDLE;
    return FALSE;
  }
  return TRUE;
}

void
bk_xmpp_schedule_reconnect (BkXmppClient *self)
{
  guint delay = MIN (1u << MIN (self->retries, 5u), RECONNECT_MAX_DELAY_S);

  self->retries++;
  self->stage = STAGE_WAITING;
  self->reconnect_at = g_get_monotonic_time () + (gint64) delay * G_USEC_PER_SEC;
  g_debug ("%s: reconnecting in %u s", self->jid, delay);
}

static void
went_online (BkXmppClient *self)
{
  xmpp_stanza_t *stanza;

  self->stage = STAGE_ONLINE;
  self->retries = 0;
  self->unsent = 0;
  self->ping_at = g_get_monotonic_time () + self->ping_interval;
  self->ping_deadline = 0;
  self->checking = FALSE;
  self->ignore_pings = FALSE;
  g_free (self->worker_jid);
  self->worker_jid = g_strdup (xmpp_conn_get_bound_jid (self->conn));

  xmpp_handler_delete (self->conn, bk_xmpp_presence_cb);
  xmpp_handler_delete (self->conn, bk_xmpp_message_cb);
  xmpp_handler_delete (self->conn, bk_xmpp_iq_cb);
  xmpp_handler_add (self->conn, bk_xmpp_presence_cb, NULL, "presence", NULL, self);
  xmpp_handler_add (self->conn, bk_xmpp_message_cb, NULL, "message", NULL, self);
  xmpp_handler_add (self->conn, bk_xmpp_iq_cb, NULL, "iq", NULL, self);

  if (!self->resumed) {
    /* A new session: available, so that messages to our bare JID reach us, and back in
     * every room, which knows nothing of the old session. */
    stanza = xmpp_presence_new (self->ctx);
    bk_xmpp_send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
    g_hash_table_remove_all (self->pending_iqs);
    bk_xmpp_rooms_rejoin (self);
  }
  bk_xmpp_send_waiting (self);
  bk_xmpp_post_state (self, BK_XMPP_STATE_ONLINE, NULL);
  if (self->disco_wanted && !self->disco_running)
    bk_xmpp_disco_start (self);
}

static void
conn_cb (xmpp_conn_t         *conn,
         xmpp_conn_event_t    event,
         int                  error,
         xmpp_stream_error_t *stream_error,
         void                *data)
{
  BkXmppClient *self = data;
  Stage stage = self->stage;
  g_autoptr (GError) failure = NULL;

  if (event == XMPP_CONN_CONNECT) {
    if (stage == STAGE_CLOSING)
      return;   /* a disconnect request overtook the login */
    self->was_online = TRUE;
    went_online (self);
    return;
  }
  if (event == XMPP_CONN_RAW_CONNECT)
    return;

  self->sock = -1;
  self->unsent = 0;
  if (stage != STAGE_CLOSING && self->want_online)
    bk_xmpp_keep_unsent (self);
  if (stage == STAGE_CLOSING || !self->want_online) {
    self->stage = STAGE_IDLE;
    /* connect() while the old stream was closing */
    if (self->want_online && !self->quit && !bk_xmpp_start_connect (self)) {
      self->want_online = FALSE;
      bk_xmpp_post_state (self, BK_XMPP_STATE_OFFLINE,
                          g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                               _("The server cannot be reached")));
    }
    return;
  }
  if (stage == STAGE_ONLINE) {
    bk_xmpp_post_state (self, BK_XMPP_STATE_CONNECTING,
                        g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED,
                                             _("The connection to the server was lost")));
    bk_xmpp_schedule_reconnect (self);
    return;
  }
  failure = bk_xmpp_connect_error (self, error, stream_error);
  /* A table that was online waits out a server or network that is away; a wrong
   * password or certificate does not mend itself. */
  if (self->was_online && failure->code == BK_XMPP_ERROR_CONNECT) {
    bk_xmpp_schedule_reconnect (self);
    return;
  }
  self->want_online = FALSE;
  self->stage = STAGE_IDLE;
  bk_xmpp_drop_unsent (self);
  bk_xmpp_post_state (self, BK_XMPP_STATE_OFFLINE, g_steal_pointer (&failure));
}

/* Offline at once for the caller; libstrophe closes the stream (or gives up on it after
 * its own timeout) in the background. */
void
bk_xmpp_begin_close (BkXmppClient *self)
{
  if (self->conn != NULL && !xmpp_conn_is_disconnected (self->conn)) {
    if (self->stage != STAGE_CLOSING)
      xmpp_disconnect (self->conn);
    self->stage = STAGE_CLOSING;
  } else {
    self->stage = STAGE_IDLE;
  }
  bk_xmpp_post_state (self, BK_XMPP_STATE_OFFLINE, NULL);
}

/* On the worker thread, before anything else: the context and its log. */
void
bk_xmpp_connection_setup (BkXmppClient *self)
{
  g_private_set (&current_client, self);
  self->log.handler = log_cb;
  self->log.userdata = self;
  self->log_debug = !g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN);
  self->ctx = xmpp_ctx_new (NULL, &self->log);
}
