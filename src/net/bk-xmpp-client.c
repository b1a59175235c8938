/* bk-xmpp-client.c: one XMPP account on libstrophe, on a thread of its own.
 *
 * The worker thread owns the libstrophe context and connection and is the only thread
 * that touches them. Requests come in through a GAsyncQueue and an eventfd; the worker
 * polls that eventfd and the connection's socket itself (libstrophe's own loop cannot
 * be woken), so an idle connected client sleeps until the network or a caller has
 * something. Events go out through a queue drained by one idle source on the creating
 * thread's main context, in the order they happened.
 *
 * The files beside this one do the worker's jobs (bk-xmpp-client-private.h lists them);
 * this one is the object: its API, which queues requests to the worker, and the events it
 * brings back to the creating thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"
#include "bk-net-enums.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* A quiet link may be dead (a NAT forgot it, a laptop slept): the server is pinged
 * (XEP-0199) this often and the stream given up when it does not answer in time. */
#define PING_INTERVAL_US (60 * G_USEC_PER_SEC)

enum {
  PROP_0,
  PROP_STATE,
  PROP_JID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_STATE_CHANGED,
  SIGNAL_ROOM_JOINED,
  SIGNAL_ROOM_ERROR,
  SIGNAL_OCCUPANT,
  SIGNAL_MESSAGE,
  SIGNAL_SERVICE_FOUND,
  SIGNAL_INVITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_TYPE (BkXmppClient, bk_xmpp_client, G_TYPE_OBJECT)
G_DEFINE_QUARK (bk-xmpp-error-quark, bk_xmpp_error)

void
bk_xmpp_request_free (Request *request)
{
  g_free (request->a);
  g_free (request->b);
  g_free (request->c);
  g_free (request->payload);
  g_clear_pointer (&request->form, bk_xmpp_form_unref);
  g_free (request);
}

static void
event_free (Event *event)
{
  g_clear_error (&event->error);
  g_free (event->a);
  g_free (event->b);
  g_free (event->c);
  g_free (event->type);
  g_free (event->from);
  g_free (event->real_jid);
  g_free (event->id);
  g_free (event->body);
  g_clear_pointer (&event->payload, bk_xmpp_element_unref);
  g_clear_error (&event->payload_error);
  g_clear_pointer (&event->form, bk_xmpp_form_unref);
  g_free (event);
}

static void
emit_event (BkXmppClient *self,
            Event        *event)
{
  switch (event->kind) {
  case EV_STATE:
    if (event->a != NULL && g_strcmp0 (event->a, self->bound_jid) != 0) {
      g_free (self->bound_jid);
      self->bound_jid = g_strdup (event->a);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JID]);
    }
    if (event->error != NULL || event->state == BK_XMPP_STATE_ONLINE) {
      g_free (self->refused_pem);
      self->refused_pem = g_strdup (event->b);
      g_free (self->refused_fingerprint);
      self->refused_fingerprint = g_strdup (event->c);
    }
    if (self->state != event->state) {
      self->state = event->state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
    g_signal_emit (self, signals[SIGNAL_STATE_CHANGED], 0, event->state, event->error);
    break;
  case EV_ROOM_JOINED:
    g_signal_emit (self, signals[SIGNAL_ROOM_JOINED], 0, event->a, event->b);
    break;
  case EV_ROOM_ERROR:
    g_signal_emit (self, signals[SIGNAL_ROOM_ERROR], 0, event->a, event->error);
    break;
  case EV_OCCUPANT:
    g_signal_emit (self, signals[SIGNAL_OCCUPANT], 0, event->a, event->b, event->c,
                   event->present);
    break;
  case EV_MESSAGE: {
    BkXmppMessage message = {
      .type = event->type,
      .from = event->from,
      .real_jid = event->real_jid,
      .id = event->id,
      .body = event->body,
      .payload = event->payload,
      .delayed = event->delayed,
      .payload_error = event->payload_error,
    };
    g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, &message);
    break;
  }
  case EV_SERVICE:
    g_signal_emit (self, signals[SIGNAL_SERVICE_FOUND], 0, event->a);
    break;
  case EV_INVITED:
    g_signal_emit (self, signals[SIGNAL_INVITED], 0, event->a, event->b, event->c);
    break;
  case EV_ECHO:
    event->echo (event->echo_data, self);
    break;
  case EV_INVITATION: {
    g_autoptr (GTask) task = g_steal_pointer (&self->invitation_task);
    if (task == NULL)
      break;
    if (event->error != NULL)
      g_task_return_error (task, g_steal_pointer (&event->error));
    else
      g_task_return_pointer (task, g_steal_pointer (&event->a), g_free);
    break;
  }
  case EV_REGISTERED: {
    g_autoptr (GTask) task = g_steal_pointer (&self->register_task);
    g_free (self->refused_pem);
    self->refused_pem = g_strdup (event->b);
    g_free (self->refused_fingerprint);
    self->refused_fingerprint = g_strdup (event->c);
    if (task == NULL)
      break;
    if (event->error != NULL)
      g_task_return_error (task, g_steal_pointer (&event->error));
    else if (g_task_get_source_tag (task) == bk_xmpp_client_fetch_register_form_async &&
             event->form == NULL)
      g_task_return_new_error (task, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                               _("The server’s registration form is malformed"));
    else if (g_task_get_source_tag (task) == bk_xmpp_client_fetch_register_form_async)
      g_task_return_pointer (task, g_steal_pointer (&event->form),
                             (GDestroyNotify) bk_xmpp_form_unref);
    else
      g_task_return_boolean (task, TRUE);
    break;
  }
  }
}

static gboolean
dispatch_cb (gpointer data)
{
  BkXmppClient *self = data;
  GQueue events = G_QUEUE_INIT;
  Event *event;

  g_mutex_lock (&self->events_lock);
  events = self->events;
  g_queue_init (&self->events);
  g_clear_pointer (&self->dispatch_source, g_source_unref);
  g_mutex_unlock (&self->events_lock);

  g_object_ref (self);
  while ((event = g_queue_pop_head (&events)) != NULL) {
    /* A handler that let go of the client hears nothing more. */
    if (G_OBJECT (self)->ref_count > 1)
      emit_event (self, event);
    event_free (event);
  }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

void
bk_xmpp_post (BkXmppClient *self,
              Event        *event)
{
  g_mutex_lock (&self->events_lock);
  g_queue_push_tail (&self->events, event);
  if (self->dispatch_source == NULL) {
    self->dispatch_source = g_idle_source_new ();
    g_source_set_priority (self->dispatch_source, G_PRIORITY_DEFAULT);
    g_source_set_callback (self->dispatch_source, dispatch_cb, self, NULL);
    g_source_set_static_name (self->dispatch_source, "[bk-xmpp-client] dispatch");
    g_source_attach (self->dispatch_source, self->context);
  }
  g_mutex_unlock (&self->events_lock);
}

void
bk_xmpp_post_state (BkXmppClient *self,
                    BkXmppState   state,
                    GError       *error)   /* takes it */
{
  Event *event;

  /* offline: a search for the MUC service that waited for the login finds nothing (after
   * the news of the state, which says why) */
  gboolean no_service = state == BK_XMPP_STATE_OFFLINE && self->disco_wanted;

  if (no_service)
    self->disco_wanted = FALSE;
  /* Only news: disconnect() twice is offline once. */
  if (state == self->posted_state && error == NULL && state != BK_XMPP_STATE_ONLINE) {
    if (no_service)
      bk_xmpp_post_service (self, NULL);
    return;
  }
  self->posted_state = state;
  event = g_new0 (Event, 1);
  event->kind = EV_STATE;
  event->state = state;
  event->error = error;
  event->a = state == BK_XMPP_STATE_ONLINE ? g_strdup (self->worker_jid) : NULL;
  if (error != NULL && g_error_matches (error, BK_XMPP_ERROR, BK_XMPP_ERROR_TLS)) {
    event->b = g_strdup (self->certfail_pem);
    event->c = g_strdup (self->certfail_fingerprint);
  }
  bk_xmpp_post (self, event);
  if (no_service)
    bk_xmpp_post_service (self, NULL);
}

void
bk_xmpp_post_room_error (BkXmppClient *self,
                         const char   *room_jid,
                         GError       *error)   /* takes it */
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_ROOM_ERROR;
  event->a = g_strdup (room_jid);
  event->error = error;
  bk_xmpp_post (self, event);
}

void
bk_xmpp_post_occupant (BkXmppClient *self,
                       const char   *room_jid,
                       const char   *nick,
                       const char   *real_jid,
                       gboolean      present)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_OCCUPANT;
  event->a = g_strdup (room_jid);
  event->b = g_strdup (nick);
  event->c = real_jid != NULL && *real_jid != '\0' ? g_strdup (real_jid) : NULL;
  event->present = present;
  bk_xmpp_post (self, event);
}

void
bk_xmpp_post_service (BkXmppClient *self,
                      const char   *service)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_SERVICE;
  event->a = g_strdup (service);
  bk_xmpp_post (self, event);
}

static void
push_request (BkXmppClient *self,
              Request      *request)
{
  guint64 one = 1;

  g_async_queue_push (self->requests, request);
  if (write (self->wake_fd, &one, sizeof one) < 0 && errno != EAGAIN)
    g_critical ("eventfd: %s", g_strerror (errno));
}

Request *
bk_xmpp_request_new (RequestKind kind,
                     const char *a,
                     const char *b,
                     const char *c)
{
  Request *request = g_new0 (Request, 1);

  request->kind = kind;
  request->a = g_strdup (a);
  request->b = g_strdup (b);
  request->c = g_strdup (c);
  return request;
}

static void
bk_xmpp_client_dispose (GObject *object)
{
  BkXmppClient *self = BK_XMPP_CLIENT (object);

  if (self->thread != NULL) {
    push_request (self, bk_xmpp_request_new (REQ_QUIT, NULL, NULL, NULL));
    g_thread_join (g_steal_pointer (&self->thread));
  }
  g_mutex_lock (&self->events_lock);
  if (self->dispatch_source != NULL) {
    g_source_destroy (self->dispatch_source);
    g_clear_pointer (&self->dispatch_source, g_source_unref);
  }
  g_queue_clear_full (&self->events, (GDestroyNotify) event_free);
  g_mutex_unlock (&self->events_lock);

  G_OBJECT_CLASS (bk_xmpp_client_parent_class)->dispose (object);
}

static void
bk_xmpp_client_finalize (GObject *object)
{
  BkXmppClient *self = BK_XMPP_CLIENT (object);

  g_free (self->jid);
  g_free (self->password);
  g_free (self->host);
  g_free (self->cafile);
  g_free (self->bound_jid);
  g_free (self->worker_jid);
  g_free (self->certfail);
  g_free (self->certfail_pem);
  g_free (self->certfail_fingerprint);
  g_free (self->trusted_fingerprint);
  g_free (self->disco_domain);
  g_free (self->disco_parent);
  g_clear_error (&self->register_error);
  g_clear_pointer (&self->register_form, bk_xmpp_form_unref);
  g_clear_pointer (&self->invite_token, g_free);
  g_free (self->refused_pem);
  g_free (self->refused_fingerprint);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->requests, g_async_queue_unref);
  g_clear_pointer (&self->rooms, g_hash_table_unref);
  g_clear_pointer (&self->pending_iqs, g_hash_table_unref);
  if (self->wake_fd >= 0)
    close (self->wake_fd);
  g_mutex_clear (&self->events_lock);

  G_OBJECT_CLASS (bk_xmpp_client_parent_class)->finalize (object);
}

static void
bk_xmpp_client_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BkXmppClient *self = BK_XMPP_CLIENT (object);

  switch (prop_id) {
  case PROP_STATE:
    g_value_set_enum (value, self->state);
    break;
  case PROP_JID:
    g_value_set_string (value, bk_xmpp_client_get_jid (self));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
bk_xmpp_client_class_init (BkXmppClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_xmpp_client_dispose;
  object_class->finalize = bk_xmpp_client_finalize;
  object_class->get_property = bk_xmpp_client_get_property;

  /* The state and the JID as of the last ::state-changed, for bindings. */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, BK_TYPE_XMPP_STATE, BK_XMPP_STATE_OFFLINE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_JID] =
    g_param_spec_string ("jid", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_STATE_CHANGED] =
    g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, BK_TYPE_XMPP_STATE, G_TYPE_ERROR);
  signals[SIGNAL_ROOM_JOINED] =
    g_signal_new ("room-joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_ROOM_ERROR] =
    g_signal_new ("room-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
  signals[SIGNAL_OCCUPANT] =
    g_signal_new ("occupant", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_STRING,
                  G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_SERVICE_FOUND] =
    g_signal_new ("service-found", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_INVITED] =
    g_signal_new ("invited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING,
                  G_TYPE_STRING);
}

static void
bk_xmpp_client_init (BkXmppClient *self)
{
  g_mutex_init (&self->events_lock);
  self->wake_fd = -1;
  self->sock = -1;
  self->ping_interval = PING_INTERVAL_US;
}

static gpointer
init_strophe_cb (gpointer data)
{
  xmpp_initialize ();
  return NULL;
}

BkXmppClient *
bk_xmpp_client_new (const char *jid,
                    const char *password,
                    const char *server,
                    const char *cafile)
{
  static GOnce strophe_once = G_ONCE_INIT;
  BkXmppClient *self;

  /* an account's JID and password, or a domain alone for a login without an account */
  g_return_val_if_fail (jid != NULL && *jid != '\0', NULL);
  g_return_val_if_fail ((strchr (jid, '@') != NULL) == (password != NULL), NULL);

  g_once (&strophe_once, init_strophe_cb, NULL);

  self = g_object_new (BK_TYPE_XMPP_CLIENT, NULL);
  self->jid = g_strdup (jid);
  self->password = g_strdup (password);
  self->cafile = g_strdup (cafile);
  if (server != NULL) {
    const char *colon = strrchr (server, ':');
    guint64 port = 0;
    if (colon != NULL && g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &port, NULL)) {
      self->host = g_strndup (server, (gsize) (colon - server));
      self->port = (unsigned short) port;
    } else {
      self->host = g_strdup (server);
    }
  }
  self->context = g_main_context_ref_thread_default ();
  self->requests = g_async_queue_new_full ((GDestroyNotify) bk_xmpp_request_free);
  self->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) bk_xmpp_room_free);
  self->pending_iqs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) bk_xmpp_pending_iq_free);
  self->wake_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (self->wake_fd < 0)
    g_error ("eventfd: %s", g_strerror (errno));
  self->thread = g_thread_new ("bk-xmpp", bk_xmpp_worker_cb, self);
  return self;
}

const char *
bk_xmpp_client_get_jid (BkXmppClient *self)
{
  g_return_val_if_fail (BK_IS_XMPP_CLIENT (self), NULL);
  return self->bound_jid != NULL ? self->bound_jid : self->jid;
}

BkXmppState
bk_xmpp_client_get_state (BkXmppClient *self)
{
  g_return_val_if_fail (BK_IS_XMPP_CLIENT (self), BK_XMPP_STATE_OFFLINE);
  return self->state;
}

void
bk_xmpp_client_connect (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_CONNECT, NULL, NULL, NULL));
}

void
bk_xmpp_client_disconnect (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_DISCONNECT, NULL, NULL, NULL));
}

void
bk_xmpp_client_create_room (BkXmppClient *self,
                            const char   *room_jid,
                            const char   *nick,
                            const char   *password)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL && strchr (room_jid, '@') != NULL);
  g_return_if_fail (nick != NULL && *nick != '\0');
  g_return_if_fail (password != NULL && *password != '\0');
  push_request (self, bk_xmpp_request_new (REQ_CREATE_ROOM, room_jid, nick, password));
}

void
bk_xmpp_client_join_room (BkXmppClient *self,
                          const char   *room_jid,
                          const char   *nick,
                          const char   *password)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL && strchr (room_jid, '@') != NULL);
  g_return_if_fail (nick != NULL && *nick != '\0');
  push_request (self, bk_xmpp_request_new (REQ_JOIN_ROOM, room_jid, nick, password));
}

void
bk_xmpp_client_leave_room (BkXmppClient *self,
                           const char   *room_jid)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL);
  push_request (self, bk_xmpp_request_new (REQ_LEAVE_ROOM, room_jid, NULL, NULL));
}

void
bk_xmpp_client_find_muc_service (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_FIND_MUC, NULL, NULL, NULL));
}

void
bk_xmpp_client_find_muc_service_for (BkXmppClient *self,
                                     const char   *domain)
{
  const char *dot;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (domain != NULL && *domain != '\0' && strpbrk (domain, "@/") == NULL);
  dot = strchr (domain, '.');
  push_request (self, bk_xmpp_request_new (REQ_FIND_MUC, domain,
                                           dot != NULL && dot[1] != '\0' ? dot + 1 : NULL,
                                           NULL));
}

void
bk_xmpp_client_invite (BkXmppClient *self,
                       const char   *room_jid,
                       const char   *password,
                       const char   *to_bare_jid)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL);
  g_return_if_fail (to_bare_jid != NULL && strchr (to_bare_jid, '/') == NULL);
  push_request (self, bk_xmpp_request_new (REQ_INVITE, room_jid, password, to_bare_jid));
}

static Request *
message_request (RequestKind          kind,
                 const char          *to,
                 const char          *body,
                 const BkXmppElement *payload)
{
  Request *request = bk_xmpp_request_new (kind, to, body, NULL);

  if (payload != NULL)
    request->payload = bk_xmpp_element_to_string (payload);
  return request;
}

void
bk_xmpp_client_send_groupchat (BkXmppClient        *self,
                               const char          *room_jid,
                               const char          *body,
                               const BkXmppElement *payload)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL);
  push_request (self, message_request (REQ_GROUPCHAT, room_jid, body, payload));
}

void
bk_xmpp_client_send_chat (BkXmppClient        *self,
                          const char          *to,
                          const char          *body,
                          const BkXmppElement *payload,
                          gboolean             private)
{
  Request *request;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (to != NULL);
  request = message_request (REQ_CHAT, to, body, payload);
  request->flag = private;
  push_request (self, request);
}

void
bk_xmpp_client_break_connection_for_testing (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_BREAK, NULL, NULL, NULL));
}

void
bk_xmpp_client_echo_for_testing (BkXmppClient *self,
                                 GFunc         func,
                                 gpointer      data)
{
  Request *request;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  request = bk_xmpp_request_new (REQ_ECHO, NULL, NULL, NULL);
  request->echo = func;
  request->echo_data = data;
  push_request (self, request);
}

void
bk_xmpp_client_ignore_pings_for_testing (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_IGNORE_PINGS, NULL, NULL, NULL));
}

void
bk_xmpp_client_set_ping_interval_for_testing (BkXmppClient *self,
                                              guint         milliseconds)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (milliseconds > 0);
  /* read by the worker only after the next request, which this precedes */
  self->ping_interval = (gint64) milliseconds * 1000;
}

char *
bk_xmpp_client_dup_refused_certificate (BkXmppClient *self)
{
  g_return_val_if_fail (BK_IS_XMPP_CLIENT (self), NULL);
  return g_strdup (self->refused_pem);
}

void
bk_xmpp_client_set_trusted_fingerprint (BkXmppClient *self,
                                        const char   *fingerprint)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_TRUST, fingerprint, NULL, NULL));
}

char *
bk_xmpp_client_dup_refused_fingerprint (BkXmppClient *self)
{
  g_return_val_if_fail (BK_IS_XMPP_CLIENT (self), NULL);
  return g_strdup (self->refused_fingerprint);
}

/* One registration at a time: the task holds the client until the worker answers
 * (REGISTER_TIMEOUT_US at most). */
static void
start_register (BkXmppClient        *self,
                gpointer             tag,
                gboolean             fetch,
                BkXmppForm          *form,   /* takes it */
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Request *request;

  g_task_set_source_tag (task, tag);
  if (self->password == NULL) {
    g_clear_pointer (&form, bk_xmpp_form_unref);
    g_task_return_new_error (task, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                             _("A login without an account makes no account"));
    return;
  }
  if (self->register_task != NULL) {
    g_clear_pointer (&form, bk_xmpp_form_unref);
    g_task_return_new_error (task, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                             _("A new account is being made already"));
    return;
  }
  self->register_task = g_steal_pointer (&task);
  request = bk_xmpp_request_new (REQ_REGISTER, NULL, NULL, NULL);
  request->flag = fetch;
  request->form = form;
  push_request (self, request);
}

void
bk_xmpp_client_register_async (BkXmppClient        *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  start_register (self, bk_xmpp_client_register_async, FALSE, NULL, cancellable, callback,
                  user_data);
}

gboolean
bk_xmpp_client_register_finish (BkXmppClient  *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
bk_xmpp_client_fetch_register_form_async (BkXmppClient        *self,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  start_register (self, bk_xmpp_client_fetch_register_form_async, TRUE, NULL, cancellable,
                  callback, user_data);
}

BkXmppForm *
bk_xmpp_client_fetch_register_form_finish (BkXmppClient  *self,
                                           GAsyncResult  *result,
                                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
bk_xmpp_client_submit_register_form_async (BkXmppClient        *self,
                                           const BkXmppForm    *form,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (form != NULL);
  start_register (self, bk_xmpp_client_submit_register_form_async, FALSE,
                  bk_xmpp_form_copy (form), cancellable, callback, user_data);
}

gboolean
bk_xmpp_client_submit_register_form_finish (BkXmppClient  *self,
                                            GAsyncResult  *result,
                                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
bk_xmpp_client_set_invitation_token (BkXmppClient *self,
                                     const char   *token)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_TOKEN, token, NULL, NULL));
}

void
bk_xmpp_client_create_invitation_async (BkXmppClient        *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bk_xmpp_client_create_invitation_async);
  if (self->invitation_task != NULL) {
    g_task_return_new_error (task, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                             _("An invitation is being made already"));
    return;
  }
  /* held until the worker answers (20 s at most) */
  self->invitation_task = g_steal_pointer (&task);
  push_request (self, bk_xmpp_request_new (REQ_INVITATION, NULL, NULL, NULL));
}

char *
bk_xmpp_client_create_invitation_finish (BkXmppClient  *self,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
bk_xmpp_client_check_connection (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, bk_xmpp_request_new (REQ_CHECK, NULL, NULL, NULL));
}
