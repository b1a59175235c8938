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
#define REGISTER_PREAUTH_ID "bk-register-preauth"
/* XEP-0445: the stream features of a server that takes an invitation's token, and the token */
#define NS_IBR_TOKEN       "urn:xmpp:ibr-token:0"
#define NS_INVITE_FEATURE  "urn:xmpp:invite"
#define NS_PARS            "urn:xmpp:pars:0"
/* the stream feature of a server that makes accounts in-band */
#define NS_REGISTER_FEATURE "http://jabber.org/features/iq-register"

static void
post_registered (BkXmppClient *self,
                 GError       *error)   /* takes it */
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_REGISTERED;
  event->error = error;
  if (error == NULL && self->register_mode == REGISTER_FETCH)
    event->form = g_steal_pointer (&self->register_form);
  if (error != NULL && g_error_matches (error, BK_XMPP_ERROR, BK_XMPP_ERROR_TLS)) {
    event->b = g_strdup (self->certfail_pem);
    event->c = g_strdup (self->certfail_fingerprint);
  }
  bk_xmpp_post (self, event);
}

/* The server's words, bounded and on one line: they are shown beside ours. */
static char *
server_text (const char *raw)
{
  g_autofree char *text = NULL;
  const char *end;

  if (raw == NULL || !g_utf8_validate (raw, -1, &end))
    return NULL;
  text = g_utf8_substring (raw, 0, MIN (g_utf8_strlen (raw, -1), 200));
  for (char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20)
      *p = ' ';
  g_strstrip (text);
  return *text != '\0' ? g_steal_pointer (&text) : NULL;
}

/* Our words for the server's condition (RFC 6120 §8.3.3, XEP-0077 §3.2, XEP-0158 §4), and
 * its own beside them when it gave any. */
static GError *
register_error_new (xmpp_stanza_t *stanza,
                    gboolean       captcha,
                    gboolean       invitations)   /* the server takes invitations, we had none */
{
  static const struct {
    const char *condition;
    const char *message;
  } messages[] = {
    { "conflict", N_("This name is taken on this server: choose another one") },
    { "not-allowed", N_("This server makes no new accounts here") },
    { "forbidden", N_("This server makes no new accounts here") },
    { "registration-required", N_("This server makes no new accounts here") },
    { "service-unavailable", N_("This server makes no new accounts here") },
    { "feature-not-implemented", N_("This server makes no new accounts here") },
    { "not-authorized", N_("This server makes new accounts only with an invitation") },
    { "not-acceptable", N_("The server does not take this name or password") },
    { "bad-request", N_("The server does not take this name or password") },
    { "jid-malformed", N_("The server does not take this name") },
    { "resource-constraint", N_("Too many attempts: the server asks to wait a while before "
                                "making another account") },
    { "policy-violation", N_("Too many attempts, or the server’s rules forbid this account: "
                             "wait a while and try again") },
  };
  xmpp_stanza_t *error = xmpp_stanza_get_child_by_name (stanza, "error");
  const char *condition = NULL;
  const char *ours = NULL;
  g_autofree char *text = NULL;

  for (xmpp_stanza_t *c = error != NULL ? xmpp_stanza_get_children (error) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c)) {
    if (!xmpp_stanza_is_tag (c) || g_strcmp0 (xmpp_stanza_get_ns (c), XMPP_NS_STANZAS_IETF) != 0)
      continue;
    if (g_strcmp0 (xmpp_stanza_get_name (c), "text") == 0) {
      char *raw = xmpp_stanza_get_text (c);
      text = server_text (raw);
      xmpp_free (xmpp_stanza_get_context (stanza), raw);
    } else if (condition == NULL) {
      condition = xmpp_stanza_get_name (c);
    }
  }
  /* XEP-0158 says not-acceptable for a wrong answer; ejabberd says not-allowed (a server
   * that handed out the form makes accounts) */
  if (captcha && (g_strcmp0 (condition, "not-acceptable") == 0 ||
                  g_strcmp0 (condition, "not-allowed") == 0 ||
                  g_strcmp0 (condition, "bad-request") == 0))
    ours = _("The answer to the CAPTCHA was wrong, or the server does not take this name or "
             "password");
  /* Prosody with mod_invites_register says not-acceptable, "through invitation only" */
  if (ours == NULL && invitations && (g_strcmp0 (condition, "not-acceptable") == 0 ||
                                      g_strcmp0 (condition, "not-allowed") == 0 ||
                                      g_strcmp0 (condition, "forbidden") == 0))
    ours = _("This server makes new accounts only with an invitation");
  for (gsize i = 0; i < G_N_ELEMENTS (messages) && ours == NULL; i++)
    if (g_strcmp0 (condition, messages[i].condition) == 0)
      ours = _(messages[i].message);
  if (ours == NULL && text != NULL)
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, text);
  if (ours == NULL)
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                        _("The server made no account (%s)"),
                        condition != NULL ? condition : "?");
  if (text != NULL)
    /* TRANSLATORS: our words for the refusal, then the server's own in its language */
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, _("%s (the server says: “%s”)"),
                        ours, text);
  return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, ours);
}

/* The server did not take the invitation's token. */
static GError *
preauth_error_new (xmpp_stanza_t *stanza)
{
  const char *condition = bk_xmpp_error_condition (stanza);

  if (g_strcmp0 (condition, "forbidden") == 0 || g_strcmp0 (condition, "not-authorized") == 0 ||
      g_strcmp0 (condition, "item-not-found") == 0)
    return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TOKEN,
                                _("This invitation is spent or has expired: ask for a new "
                                  "one"));
  return register_error_new (stanza, FALSE, FALSE);
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

static int register_iq_cb (xmpp_conn_t *conn, xmpp_stanza_t *stanza, void *data);

/* The form asked for, or the filled one sent back. */
static void
register_ask (BkXmppClient *self)
{
  g_autofree char *domain = bk_xmpp_jid_domain (self->jid);
  xmpp_stanza_t *iq;

  /* A filled form goes straight back: asked again, a server would make a new CAPTCHA. */
  if (self->register_mode == REGISTER_SUBMIT) {
    self->register_captcha = bk_xmpp_form_has_captcha (self->register_form);
    iq = bk_xmpp_register_form_answer (self->ctx, self->register_form, REGISTER_SUBMIT_ID,
                                       domain);
    xmpp_id_handler_add (self->conn, register_iq_cb, REGISTER_SUBMIT_ID, self);
  } else {
    iq = xmpp_iq_new (self->ctx, "get", REGISTER_FORM_ID);
    xmpp_stanza_set_to (iq, domain);
    bk_xmpp_child_new (self->ctx, iq, "query", NS_REGISTER);
    xmpp_id_handler_add (self->conn, register_iq_cb, REGISTER_FORM_ID, self);
  }
  xmpp_send (self->conn, iq);
  xmpp_stanza_release (iq);
}

static int
register_iq_cb (xmpp_conn_t   *conn,
                xmpp_stanza_t *stanza,
                void          *data)
{
  BkXmppClient *self = data;
  gboolean form = g_strcmp0 (xmpp_stanza_get_id (stanza), REGISTER_FORM_ID) == 0;
  gboolean preauth = g_strcmp0 (xmpp_stanza_get_id (stanza), REGISTER_PREAUTH_ID) == 0;
  xmpp_stanza_t *iq, *query;
  g_autofree char *bare = NULL;
  char *at;

  if (preauth && g_strcmp0 (xmpp_stanza_get_type (stanza), "result") != 0) {
    bk_xmpp_register_end (self, preauth_error_new (stanza));
    return 0;
  }
  if (preauth) {
    register_ask (self);
    return 0;
  }
  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "result") != 0) {
    bk_xmpp_register_end (self, register_error_new (stanza, self->register_captcha,
                                                    self->register_invitations));
    return 0;
  }
  if (!form) {
    bk_xmpp_register_end (self, NULL);
    return 0;
  }
  if (self->register_mode == REGISTER_FETCH) {
    GError *error = NULL;
    g_clear_pointer (&self->register_form, bk_xmpp_form_unref);
    self->register_form = bk_xmpp_register_form_read (self->ctx, stanza, &error);
    bk_xmpp_register_end (self, error);
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
  /* XEP-0445: the invitation's token first, on this stream (the server ties it to it) */
  self->register_invitations = self->invite_token == NULL &&
                               (xmpp_stanza_get_child_by_ns (stanza, NS_IBR_TOKEN) != NULL ||
                                xmpp_stanza_get_child_by_ns (stanza, NS_INVITE_FEATURE) != NULL);
  if (self->invite_token != NULL &&
      (xmpp_stanza_get_child_by_ns (stanza, NS_IBR_TOKEN) != NULL ||
       xmpp_stanza_get_child_by_ns (stanza, NS_INVITE_FEATURE) != NULL)) {
    xmpp_stanza_t *preauth;
    iq = xmpp_iq_new (self->ctx, "set", REGISTER_PREAUTH_ID);
    xmpp_stanza_set_to (iq, domain);
    preauth = bk_xmpp_child_new (self->ctx, iq, "preauth", NS_PARS);
    xmpp_stanza_set_attribute (preauth, "token", self->invite_token);
    xmpp_id_handler_add (conn, register_iq_cb, REGISTER_PREAUTH_ID, self);
    xmpp_send (conn, iq);
    xmpp_stanza_release (iq);
    return 0;
  }
  register_ask (self);
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
  xmpp_id_handler_delete (conn, register_iq_cb, REGISTER_PREAUTH_ID);
  self->sock = -1;
  self->stage = STAGE_IDLE;
  outcome = self->register_done ? g_steal_pointer (&self->register_error)
                                : bk_xmpp_connect_error (self, error, stream_error);
  self->register_done = FALSE;
  post_registered (self, outcome);
  g_clear_pointer (&self->register_form, bk_xmpp_form_unref);
  /* connect() while registering: the login follows, on a new connection made outside
   * this one's callback (bk_xmpp_run_timers) */
  if (self->want_online && !self->quit) {
    self->stage = STAGE_WAITING;
    self->reconnect_at = g_get_monotonic_time ();
  }
}

void
bk_xmpp_start_register (BkXmppClient *self,
                        RegisterMode  mode,
                        BkXmppForm   *form)
{
  if (self->stage != STAGE_IDLE || self->want_online) {
    g_clear_pointer (&form, bk_xmpp_form_unref);
    post_registered (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                _("The account is connected already")));
    return;
  }
  self->register_mode = mode;
  g_clear_pointer (&self->register_form, bk_xmpp_form_unref);
  self->register_form = form;
  self->register_captcha = FALSE;
  self->register_invitations = FALSE;
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
    g_clear_pointer (&self->register_form, bk_xmpp_form_unref);
    post_registered (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                                _("The server cannot be reached")));
  }
}
