/* bk-xmpp-register.c: in-band registration (XEP-0077) of a new account.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define REGISTER_TIMEOUT_US (20 * G_USEC_PER_SEC)

/* A raw stream (libstrophe has no registration of its own): STARTTLS as a login would,
 * then the registration form asked for and answered with the JID's local part and the
 * password, then closed. */
#define REGISTER_FORM_ID   "bk-register-form"
#define NO_TLS             N_("No secure connection to the server could be made")
#define REGISTER_SUBMIT_ID "bk-register-submit"
/* the stream feature of a server that makes accounts in-band */
#define NS_REGISTER_FEATURE "http://jabber.org/features/iq-register"

static void
post_registered (BkXmppClient *self,
                 GError       *error)   /* takes it */
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_REGISTERED;
  event->error = error;
  if (error != NULL && g_error_matches (error, BK_XMPP_ERROR, BK_XMPP_ERROR_TLS)) {
    event->b = g_strdup (self->certfail_pem);
    event->c = g_strdup (self->certfail_fingerprint);
  }
  bk_xmpp_post (self, event);
}

/* The server's own words when it gave any, else ours for its condition. */
static GError *
register_error_new (xmpp_stanza_t *stanza)
{
  static const struct {
    const char *condition;
    const char *message;
  } messages[] = {
    { "conflict", N_("This name is taken on this server") },
    { "not-allowed", N_("This server makes no new accounts here") },
    { "forbidden", N_("This server makes no new accounts here") },
    { "service-unavailable", N_("This server makes no new accounts here") },
    { "feature-not-implemented", N_("This server makes no new accounts here") },
    { "not-acceptable", N_("The server does not take this name or password") },
    { "bad-request", N_("The server does not take this name or password") },
    { "resource-constraint", N_("The server asks to wait before making another account") },
  };
  xmpp_stanza_t *error = xmpp_stanza_get_child_by_name (stanza, "error");
  const char *condition = NULL;
  g_autofree char *text = NULL;

  for (xmpp_stanza_t *c = error != NULL ? xmpp_stanza_get_children (error) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c)) {
    if (!xmpp_stanza_is_tag (c) || g_strcmp0 (xmpp_stanza_get_ns (c), XMPP_NS_STANZAS_IETF) != 0)
      continue;
    if (g_strcmp0 (xmpp_stanza_get_name (c), "text") == 0) {
      char *raw = xmpp_stanza_get_text (c);
      text = g_strdup (raw);
      xmpp_free (xmpp_stanza_get_context (stanza), raw);
    } else if (condition == NULL) {
      condition = xmpp_stanza_get_name (c);
    }
  }
  if (text != NULL && *g_strstrip (text) != '\0')
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, text);
  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    if (g_strcmp0 (condition, messages[i].condition) == 0)
      return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, _(messages[i].message));
  return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                      _("The server made no account (%s)"), condition != NULL ? condition : "?");
}

/* The outcome (NULL: registered) is known: the stream closes, and register_conn_cb tells. */
void
bk_xmpp_register_end (BkXmppClient *self,
                      GError       *error)   /* takes it */
{
  if (self->register_done) {
    g_clear_error (&error);
    return;
  }
  self->register_done = TRUE;
  self->register_error = error;
  xmpp_disconnect (self->conn);
}

static int
register_iq_cb (xmpp_conn_t   *conn,
                xmpp_stanza_t *stanza,
                void          *data)
{
  BkXmppClient *self = data;
  gboolean form = g_strcmp0 (xmpp_stanza_get_id (stanza), REGISTER_FORM_ID) == 0;
  xmpp_stanza_t *iq, *query;
  g_autofree char *bare = NULL;
  char *at;

  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "result") != 0) {
    bk_xmpp_register_end (self, register_error_new (stanza));
    return 0;
  }
  if (!form) {
    bk_xmpp_register_end (self, NULL);
    return 0;
  }
  /* The legacy fields: every server that offers the form takes them (XEP-0077 §3.1). */
  bare = bk_xmpp_jid_bare (self->jid);
  at = strchr (bare, '@');
  if (at != NULL)
    *at = '\0';
  iq = xmpp_iq_new (self->ctx, "set", REGISTER_SUBMIT_ID);
  query = bk_xmpp_child_new (self->ctx, iq, "query", NS_REGISTER);
  bk_xmpp_child_text (self->ctx, query, "username", bare);
  bk_xmpp_child_text (self->ctx, query, "password", self->password);
  xmpp_id_handler_add (conn, register_iq_cb, REGISTER_SUBMIT_ID, self);
  xmpp_send (conn, iq);
  xmpp_stanza_release (iq);
  return 0;
}

static int
register_features_cb (xmpp_conn_t   *conn,
                      xmpp_stanza_t *stanza,
                      void          *data)
{
  BkXmppClient *self = data;
  g_autofree char *domain = bk_xmpp_jid_domain (self->jid);
  xmpp_stanza_t *iq;

  if (!xmpp_conn_is_secured (conn)) {
    xmpp_stanza_t *starttls;
    if (xmpp_stanza_get_child_by_ns (stanza, XMPP_NS_TLS) == NULL) {
      bk_xmpp_register_end (self,
                            g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS, _(NO_TLS)));
      return 0;
    }
    starttls = xmpp_stanza_new (self->ctx);
    xmpp_stanza_set_name (starttls, "starttls");
    xmpp_stanza_set_ns (starttls, XMPP_NS_TLS);
    xmpp_send (conn, starttls);
    xmpp_stanza_release (starttls);
    return 1;   /* the secured stream's features come next */
  }
  /* A server that makes accounts says so in its features (XEP-0077 §4); asked anyway,
   * ejabberd without mod_register closes the stream, which would read as unreachable. */
  if (xmpp_stanza_get_child_by_ns (stanza, NS_REGISTER_FEATURE) == NULL) {
    bk_xmpp_register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                     _("This server makes no new accounts "
                                                       "here")));
    return 0;
  }
  iq = xmpp_iq_new (self->ctx, "get", REGISTER_FORM_ID);
  xmpp_stanza_set_to (iq, domain);
  bk_xmpp_child_new (self->ctx, iq, "query", NS_REGISTER);
  xmpp_id_handler_add (conn, register_iq_cb, REGISTER_FORM_ID, self);
  xmpp_send (conn, iq);
  xmpp_stanza_release (iq);
  return 0;
}

static int
register_proceed_cb (xmpp_conn_t   *conn,
                     xmpp_stanza_t *stanza,
                     void          *data)
{
  BkXmppClient *self = data;
  const char *name = xmpp_stanza_get_name (stanza);

  /* libstrophe matches a handler's namespace on children too: the features with their
   * <starttls/> come here first */
  if (g_strcmp0 (name, "proceed") != 0 && g_strcmp0 (name, "failure") != 0)
    return 1;
  if (g_strcmp0 (name, "proceed") == 0 && xmpp_conn_tls_start (conn) == XMPP_EOK) {
    xmpp_conn_open_stream_default (conn);
    return 0;
  }
  if (self->certfail != NULL)
    bk_xmpp_register_end (self, bk_xmpp_connect_error (self, 0, NULL));
  else
    bk_xmpp_register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS, _(NO_TLS)));
  return 0;
}

static void
register_conn_cb (xmpp_conn_t         *conn,
                  xmpp_conn_event_t    event,
                  int                  error,
                  xmpp_stream_error_t *stream_error,
                  void                *data)
{
  BkXmppClient *self = data;
  GError *outcome;

  if (event == XMPP_CONN_RAW_CONNECT) {
    xmpp_handler_add (conn, register_features_cb, XMPP_NS_STREAMS, "features", NULL, self);
    xmpp_handler_add (conn, register_proceed_cb, XMPP_NS_TLS, NULL, NULL, self);
    xmpp_conn_open_stream_default (conn);
    return;
  }
  if (event == XMPP_CONN_CONNECT)
    return;   /* a stream opened: its features follow */

  xmpp_handler_delete (conn, register_features_cb);
  xmpp_handler_delete (conn, register_proceed_cb);
  xmpp_id_handler_delete (conn, register_iq_cb, REGISTER_FORM_ID);
  xmpp_id_handler_delete (conn, register_iq_cb, REGISTER_SUBMIT_ID);
  self->sock = -1;
  self->stage = STAGE_IDLE;
  outcome = self->register_done ? g_steal_pointer (&self->register_error)
                                : bk_xmpp_connect_error (self, error, stream_error);
  self->register_done = FALSE;
  post_registered (self, outcome);
  /* connect() while registering: the login follows, on a new connection made outside
   * this one's callback (bk_xmpp_run_timers) */
  if (self->want_online && !self->quit) {
    self->stage = STAGE_WAITING;
    self->reconnect_at = g_get_monotonic_time ();
  }
}

void
bk_xmpp_start_register (BkXmppClient *self)
{
  if (self->stage != STAGE_IDLE || self->want_online) {
    post_registered (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                _("The account is connected already")));
    return;
  }
  bk_xmpp_conn_ensure (self);
  self->conn_raw = TRUE;
  g_clear_pointer (&self->certfail, g_free);
  g_clear_pointer (&self->certfail_pem, g_free);
  g_clear_pointer (&self->certfail_fingerprint, g_free);
  g_clear_error (&self->register_error);
  self->register_done = FALSE;
  self->auth_failed = FALSE;
  self->tls_failed = FALSE;
  self->sock = -1;
  self->stage = STAGE_REGISTERING;
  self->register_deadline = g_get_monotonic_time () + REGISTER_TIMEOUT_US;
  if (xmpp_connect_raw (self->conn, self->host, self->port, register_conn_cb, self) != XMPP_EOK) {
    self->stage = STAGE_IDLE;
    post_registered (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                                _("The server cannot be reached")));
  }
}
