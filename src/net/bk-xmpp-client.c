/* bk-xmpp-client.c: one XMPP account on libstrophe, on a thread of its own.
 *
 * The worker thread owns the libstrophe context and connection and is the only thread
 * that touches them. Requests come in through a GAsyncQueue and an eventfd; the worker
 * polls that eventfd and the connection's socket itself (libstrophe's own loop cannot
 * be woken), so an idle connected client sleeps until the network or a caller has
 * something. Events go out through a queue drained by one idle source on the creating
 * thread's main context, in the order they happened.
 *
 * Why it is above 1,000 lines: nothing outside this file may see libstrophe (issue 23),
 * so the stream, the rooms' owner forms, disco, invitations and resumption are all
 * here, each on the worker's one connection state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client.h"
#include "bk-xmpp-private.h"
#include "bk-net-enums.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <strophe.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#define NS_MUC        "http://jabber.org/protocol/muc"
#define NS_MUC_USER   "http://jabber.org/protocol/muc#user"
#define NS_MUC_OWNER  "http://jabber.org/protocol/muc#owner"
#define NS_DATA       "jabber:x:data"
#define NS_CONFERENCE "jabber:x:conference"
#define NS_HINTS      "urn:xmpp:hints"
#define NS_DELAY      "urn:xmpp:delay"
#define NS_PING       "urn:xmpp:ping"
#define NS_REGISTER   "jabber:iq:register"

/* While libstrophe negotiates or closes it runs timers of its own: look in this often. */
#define NEGOTIATION_TICK_MS 100
#define ROOM_ANSWER_TIMEOUT_US (20 * G_USEC_PER_SEC)
#define DISCO_TIMEOUT_US (10 * G_USEC_PER_SEC)
#define REGISTER_TIMEOUT_US (20 * G_USEC_PER_SEC)
#define RECONNECT_MAX_DELAY_S 30
/* A quiet link may be dead (a NAT forgot it, a laptop slept): the server is pinged
 * (XEP-0199) this often and the stream given up when it does not answer in time. */
#define PING_INTERVAL_US (60 * G_USEC_PER_SEC)
#define PING_TIMEOUT_US (20 * G_USEC_PER_SEC)
/* After a network change the link is asked at once, and given up sooner. */
#define CHECK_TIMEOUT_US (5 * G_USEC_PER_SEC)
/* Unacknowledged data older than this ends the TCP connection (TCP_USER_TIMEOUT). */
#define TCP_USER_TIMEOUT_MS 30000
/* Messages sent while the connection is down wait for it, up to this many. */
#define MAX_WAITING_STANZAS 512
/* A 16 KiB TLS record leaves up to four more 4 KiB reads inside OpenSSL, which poll()
 * cannot see: after the socket was readable the loop turns this many more times. */
#define TLS_DRAIN_TURNS 5

typedef enum {
  REQ_CONNECT,
  REQ_DISCONNECT,
  REQ_CREATE_ROOM,
  REQ_JOIN_ROOM,
  REQ_LEAVE_ROOM,
  REQ_FIND_MUC,
  REQ_INVITE,
  REQ_GROUPCHAT,
  REQ_CHAT,
  REQ_BREAK,
  REQ_IGNORE_PINGS,
  REQ_ECHO,
  REQ_QUIT,
  REQ_TRUST,
  REQ_REGISTER,
  REQ_CHECK,
} RequestKind;

typedef struct {
  RequestKind kind;
  char       *a;
  char       *b;
  char       *c;
  char       *payload;   /* serialized BkXmppElement */
  gboolean    flag;
  GFunc       echo;
  gpointer    echo_data;
} Request;

typedef enum {
  EV_STATE,
  EV_ROOM_JOINED,
  EV_ROOM_ERROR,
  EV_OCCUPANT,
  EV_MESSAGE,
  EV_SERVICE,
  EV_INVITED,
  EV_ECHO,
  EV_REGISTERED,
} EventKind;

typedef struct {
  EventKind      kind;
  BkXmppState    state;
  GError        *error;
  char          *a;        /* jid, room */
  char          *b;        /* nick, password; a refused certificate */
  char          *c;        /* real jid, inviter; its fingerprint */
  gboolean       present;
  /* EV_MESSAGE */
  char          *type;
  char          *from;
  char          *real_jid;
  char          *id;
  char          *body;
  BkXmppElement *payload;
  GError        *payload_error;
  gboolean       delayed;
  GFunc          echo;
  gpointer       echo_data;
} Event;

typedef struct {
  char       *jid;
  char       *nick;
  char       *password;
  gboolean    create;      /* create-and-configure when new, else join only */
  gboolean    joined;      /* our own presence came back in this session */
  gboolean    owner;
  gboolean    leaving;
  Request    *rejoin;      /* a join asked while we leave: made once the room let us go */
  gint64      deadline;    /* monotonic µs by which the room must answer, or 0 */
  GHashTable *occupants;   /* nick → real bare JID ("" when the room hides it) */
} Room;

typedef enum {
  IQ_ROOM_CONFIG_FORM,
  IQ_ROOM_CONFIG_SUBMIT,
  IQ_DISCO_ITEMS,
  IQ_DISCO_INFO,
  IQ_PING,
  IQ_OTHER,
} IqKind;

typedef struct {
  IqKind  kind;
  char   *room_jid;
} PendingIq;

typedef enum {
  STAGE_IDLE,          /* no connection and none wanted */
  STAGE_NEGOTIATING,   /* TCP, TLS, SASL, bind */
  STAGE_ONLINE,
  STAGE_WAITING,       /* dropped; reconnecting at reconnect_at */
  STAGE_CLOSING,       /* we asked libstrophe to close */
  STAGE_REGISTERING,   /* a stream of its own for XEP-0077, without a login */
} Stage;

struct _BkXmppClient {
  GObject       parent_instance;

  /* Set once, read by both threads. */
  char         *jid;
  char         *password;
  char         *host;
  unsigned short port;
  char         *cafile;
  GMainContext *context;
  GThread      *thread;
  GAsyncQueue  *requests;
  int           wake_fd;

  /* The creating thread's view, changed only by dispatch. */
  BkXmppState   state;
  char         *bound_jid;
  char         *refused_pem;
  char         *refused_fingerprint;
  GTask        *register_task;

  /* Events to the creating thread. */
  GMutex        events_lock;
  GQueue        events;
  GSource      *dispatch_source;

  /* The worker's own. */
  xmpp_ctx_t   *ctx;
  xmpp_conn_t  *conn;
  xmpp_log_t    log;
  gboolean      log_debug;
  int           sock;
  Stage         stage;
  gboolean      want_online;
  gboolean      was_online;
  gboolean      quit;
  guint         retries;
  gint64        reconnect_at;
  BkXmppState   posted_state;   /* the last state posted */
  char         *certfail;       /* why TLS refused the server's certificate */
  char         *certfail_pem;   /* and that certificate */
  char         *certfail_fingerprint;
  char         *trusted_fingerprint;   /* normalized: upper case, no colons */
  /* XEP-0077 */
  GError       *register_error;
  gboolean      register_done;
  gint64        register_deadline;
  gboolean      conn_raw;       /* `conn` was a registration's */
  gboolean      auth_failed;
  gboolean      tls_failed;
  gboolean      resumed;        /* the last CONNECT resumed a stream (XEP-0198) */
  guint         unsent;         /* our stanzas libstrophe has not written out yet */
  char         *worker_jid;     /* bound full JID */
  GHashTable   *rooms;          /* bare room JID → Room */
  GHashTable   *pending_iqs;    /* id → PendingIq */
  GQueue        waiting;        /* xmpp_stanza_t sent while the connection was down */
  GQueue        in_flight;      /* the text of each stanza handed to libstrophe, until
                                 * its log says it was written */
  guint         serial;
  /* service discovery */
  gboolean      disco_running;
  gboolean      disco_wanted;   /* asked for before we were online: runs once we are */
  gboolean      disco_found;
  guint         disco_pending;
  gint64        disco_deadline;
  /* keepalive */
  gint64        ping_interval;
  gint64        ping_at;
  gint64        ping_deadline;
  gboolean      checking;       /* the ping in flight checks a changed network */
  gboolean      new_session;    /* the next connect starts a new session, not resuming */
  gboolean      ignore_pings;   /* for testing: answers to pings count for nothing */
};

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

/* libstrophe's TLS callback has no user data; each worker thread runs one client. */
static GPrivate current_client;

static void
stanza_release_cb (gpointer stanza)
{
  xmpp_stanza_release (stanza);
}

static void
request_free (Request *request)
{
  g_free (request->a);
  g_free (request->b);
  g_free (request->c);
  g_free (request->payload);
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
  g_free (event);
}

static void
room_free (Room *room)
{
  g_free (room->jid);
  g_free (room->nick);
  g_free (room->password);
  g_clear_pointer (&room->rejoin, request_free);
  g_hash_table_unref (room->occupants);
  g_free (room);
}

static void
pending_iq_free (PendingIq *iq)
{
  g_free (iq->room_jid);
  g_free (iq);
}

/* ---- the creating thread's side ---------------------------------------------------- */

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

/* ---- worker → creating thread ------------------------------------------------------ */

static void
post (BkXmppClient *self,
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

static void post_service (BkXmppClient *self,
                          const char   *service);

static void
post_state (BkXmppClient *self,
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
      post_service (self, NULL);
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
  post (self, event);
  if (no_service)
    post_service (self, NULL);
}


static void
post_room_error (BkXmppClient *self,
                 const char   *room_jid,
                 GError       *error)   /* takes it */
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_ROOM_ERROR;
  event->a = g_strdup (room_jid);
  event->error = error;
  post (self, event);
}

static void
post_occupant (BkXmppClient *self,
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
  post (self, event);
}

static void
post_service (BkXmppClient *self,
              const char   *service)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EV_SERVICE;
  event->a = g_strdup (service);
  post (self, event);
}

/* ---- worker helpers ---------------------------------------------------------------- */

static char *
new_id (BkXmppClient *self,
        const char   *what)
{
  return g_strdup_printf ("bk-%s-%u-%u", what, g_random_int (), ++self->serial);
}

static char *
jid_bare (const char *jid)
{
  const char *slash = jid != NULL ? strchr (jid, '/') : NULL;

  return slash != NULL ? g_strndup (jid, (gsize) (slash - jid)) : g_strdup (jid);
}

static const char *
jid_resource (const char *jid)
{
  const char *slash = jid != NULL ? strchr (jid, '/') : NULL;

  return slash != NULL ? slash + 1 : NULL;
}

static char *
jid_domain (const char *jid)
{
  g_autofree char *bare = jid_bare (jid);
  const char *at = strchr (bare, '@');

  return g_strdup (at != NULL ? at + 1 : bare);
}

static xmpp_stanza_t *
child_new (xmpp_ctx_t    *ctx,
           xmpp_stanza_t *parent,
           const char    *name,
           const char    *ns)
{
  xmpp_stanza_t *child = xmpp_stanza_new (ctx);

  xmpp_stanza_set_name (child, name);
  if (ns != NULL)
    xmpp_stanza_set_ns (child, ns);
  xmpp_stanza_add_child (parent, child);
  xmpp_stanza_release (child);   /* the parent holds it */
  return child;
}

static void
child_text (xmpp_ctx_t    *ctx,
            xmpp_stanza_t *parent,
            const char    *name,
            const char    *text)
{
  xmpp_stanza_t *child = child_new (ctx, parent, name, NULL);
  xmpp_stanza_t *node = xmpp_stanza_new (ctx);
  g_autofree char *clean = bk_xmpp_text_sanitize (text);

  xmpp_stanza_set_text (node, clean);
  xmpp_stanza_add_child (child, node);
  xmpp_stanza_release (node);
}

/* libstrophe's queue length leaves out a stanza it has begun to write, so the worker
 * counts its own until libstrophe's log says they went out: while any is unsent, the
 * loop waits for the socket to take more. */
static void
send_stanza (BkXmppClient  *self,
             xmpp_stanza_t *stanza)
{
  char *text = NULL;
  size_t length = 0;

  self->unsent++;
  if (xmpp_stanza_to_text (stanza, &text, &length) == XMPP_EOK) {
    g_queue_push_tail (&self->in_flight, g_strndup (text, length));
    xmpp_free (self->ctx, text);
    if (self->in_flight.length > MAX_WAITING_STANZAS)
      g_free (g_queue_pop_head (&self->in_flight));
  }
  xmpp_send (self->conn, stanza);
}

static gboolean
is_online (BkXmppClient *self)
{
  return self->stage == STAGE_ONLINE && self->conn != NULL && xmpp_conn_is_connected (self->conn);
}

/* Sends now, or keeps the stanza for the next connection. Takes `stanza`. */
static void
send_or_keep (BkXmppClient  *self,
              xmpp_stanza_t *stanza)
{
  if (is_online (self)) {
    send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
  } else if (self->want_online && self->waiting.length < MAX_WAITING_STANZAS) {
    g_queue_push_tail (&self->waiting, stanza);
  } else {
    g_debug ("%s: offline, a stanza is dropped", self->jid);
    xmpp_stanza_release (stanza);
  }
}

static void
send_iq (BkXmppClient  *self,
         xmpp_stanza_t *iq,      /* takes it */
         IqKind         kind,
         const char    *room_jid)
{
  PendingIq *pending = g_new0 (PendingIq, 1);

  pending->kind = kind;
  pending->room_jid = g_strdup (room_jid);
  g_hash_table_insert (self->pending_iqs, g_strdup (xmpp_stanza_get_id (iq)), pending);
  send_stanza (self, iq);
  xmpp_stanza_release (iq);
}

static GError *
room_error_new (const char *condition)
{
  static const struct { const char *condition; const char *message; } messages[] = {
    { "not-authorized", N_("The table’s password is wrong or missing") },
    { "registration-required", N_("The table is for invited players only") },
    { "conflict", N_("Someone at the table already has this name") },
    { "forbidden", N_("The table has banned this account") },
    { "item-not-found", N_("The table does not exist") },
    { "not-allowed", N_("The server does not let this account open tables") },
    { "service-unavailable", N_("The table is full") },
    { "remote-server-not-found", N_("The table’s server cannot be reached") },
    { "remote-server-timeout", N_("The table’s server cannot be reached") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    if (g_strcmp0 (condition, messages[i].condition) == 0)
      return g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM, _(messages[i].message));
  return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM, _("The table refused this account (%s)"),
                      condition != NULL ? condition : "?");
}

static const char *
error_condition (xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *error = xmpp_stanza_get_child_by_name (stanza, "error");

  for (xmpp_stanza_t *c = error != NULL ? xmpp_stanza_get_children (error) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c))
    if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_ns (c), XMPP_NS_STANZAS_IETF) == 0)
      return xmpp_stanza_get_name (c);
  return NULL;
}

/* ---- rooms ------------------------------------------------------------------------- */

static void
send_room_presence (BkXmppClient *self,
                    Room         *room,
                    gboolean      rejoin)
{
  xmpp_stanza_t *presence = xmpp_presence_new (self->ctx);
  g_autofree char *to = g_strdup_printf ("%s/%s", room->jid, room->nick);
  xmpp_stanza_t *x;

  xmpp_stanza_set_to (presence, to);
  x = child_new (self->ctx, presence, "x", NS_MUC);
  if (room->password != NULL)
    child_text (self->ctx, x, "password", room->password);
  /* Coming back after a drop: our games restore their state themselves. */
  if (rejoin) {
    xmpp_stanza_t *history = child_new (self->ctx, x, "history", NULL);
    xmpp_stanza_set_attribute (history, "maxstanzas", "0");
  }
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  send_stanza (self, presence);
  xmpp_stanza_release (presence);
}

static void handle_request (BkXmppClient *self, Request *request);
static Request *request_new (RequestKind kind, const char *a, const char *b, const char *c);

static void
forget_room (BkXmppClient *self,
             const char   *room_jid)
{
  Room *room = g_hash_table_lookup (self->rooms, room_jid);
  Request *rejoin = room != NULL ? g_steal_pointer (&room->rejoin) : NULL;

  g_hash_table_remove (self->rooms, room_jid);
  if (rejoin != NULL) {
    handle_request (self, rejoin);
    request_free (rejoin);
  }
}

static void
fail_room (BkXmppClient *self,
           Room         *room,
           GError       *error)   /* takes it */
{
  g_autofree char *jid = g_strdup (room->jid);

  post_room_error (self, jid, error);
  forget_room (self, jid);
}

static void
leave_room_now (BkXmppClient *self,
                Room         *room)
{
  xmpp_stanza_t *presence = xmpp_presence_new (self->ctx);
  g_autofree char *to = g_strdup_printf ("%s/%s", room->jid, room->nick);

  xmpp_stanza_set_to (presence, to);
  xmpp_stanza_set_type (presence, "unavailable");
  send_stanza (self, presence);
  xmpp_stanza_release (presence);
}

static void
destroy_room (BkXmppClient *self,
              Room         *room)
{
  g_autofree char *id = new_id (self, "destroy");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "set", id);
  xmpp_stanza_t *query;

  xmpp_stanza_set_to (iq, room->jid);
  query = child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  child_new (self->ctx, query, "destroy", NULL);
  send_iq (self, iq, IQ_OTHER, NULL);
}

static void
room_joined (BkXmppClient *self,
             Room         *room)
{
  Event *event = g_new0 (Event, 1);

  room->joined = TRUE;
  room->deadline = 0;
  event->kind = EV_ROOM_JOINED;
  event->a = g_strdup (room->jid);
  event->b = g_strdup (room->nick);
  post (self, event);
}

static void
request_room_config (BkXmppClient *self,
                     Room         *room)
{
  g_autofree char *id = new_id (self, "config");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, room->jid);
  child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  send_iq (self, iq, IQ_ROOM_CONFIG_FORM, room->jid);
}

static void
add_field (xmpp_ctx_t    *ctx,
           xmpp_stanza_t *form,
           const char    *var,
           const char    *value)
{
  xmpp_stanza_t *field = child_new (ctx, form, "field", NULL);

  xmpp_stanza_set_attribute (field, "var", var);
  child_text (ctx, field, "value", value);
}

/* Answers the room's configuration form: a private table has a password (the key the
 * invitation link carries: whoever has the link may come in, invited or not; so it is
 * not members-only), is hidden from the service's list, shows real JIDs (the host binds
 * seats to them) and goes with its last occupant. A form that cannot say so is refused
 * rather than leaving an open room. */
static void
submit_room_config (BkXmppClient  *self,
                    Room          *room,
                    xmpp_stanza_t *result)
{
  xmpp_stanza_t *query = xmpp_stanza_get_child_by_ns (result, NS_MUC_OWNER);
  xmpp_stanza_t *form = query != NULL ? xmpp_stanza_get_child_by_ns (query, NS_DATA) : NULL;
  g_autoptr (GHashTable) vars = g_hash_table_new (g_str_hash, g_str_equal);
  static const char *const required[] = {
    "muc#roomconfig_roomsecret", "muc#roomconfig_whois", "muc#roomconfig_publicroom",
  };
  g_autofree char *id = NULL;
  xmpp_stanza_t *iq, *submit;

  for (xmpp_stanza_t *c = form != NULL ? xmpp_stanza_get_children (form) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c)) {
    const char *var = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_attribute (c, "var") : NULL;
    if (var != NULL)
      g_hash_table_add (vars, (gpointer) var);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (required); i++) {
    if (!g_hash_table_contains (vars, required[i])) {
      destroy_room (self, room);
      fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                  _("The server cannot make a private table")));
      return;
    }
  }

  id = new_id (self, "config");
  iq = xmpp_iq_new (self->ctx, "set", id);
  xmpp_stanza_set_to (iq, room->jid);
  query = child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  submit = child_new (self->ctx, query, "x", NS_DATA);
  xmpp_stanza_set_type (submit, "submit");
  add_field (self->ctx, submit, "FORM_TYPE", "http://jabber.org/protocol/muc#roomconfig");
  if (g_hash_table_contains (vars, "muc#roomconfig_membersonly"))
    add_field (self->ctx, submit, "muc#roomconfig_membersonly", "0");
  add_field (self->ctx, submit, "muc#roomconfig_roomsecret",
             room->password != NULL ? room->password : "");
  add_field (self->ctx, submit, "muc#roomconfig_whois", "anyone");
  if (g_hash_table_contains (vars, "muc#roomconfig_passwordprotectedroom"))
    add_field (self->ctx, submit, "muc#roomconfig_passwordprotectedroom", "1");
  if (g_hash_table_contains (vars, "muc#roomconfig_persistentroom"))
    add_field (self->ctx, submit, "muc#roomconfig_persistentroom", "0");
  add_field (self->ctx, submit, "muc#roomconfig_publicroom", "0");
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  send_iq (self, iq, IQ_ROOM_CONFIG_SUBMIT, room->jid);
}

static gboolean
has_status (xmpp_stanza_t *x,
            const char    *code)
{
  for (xmpp_stanza_t *c = x != NULL ? xmpp_stanza_get_children (x) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c))
    if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_name (c), "status") == 0 &&
        g_strcmp0 (xmpp_stanza_get_attribute (c, "code"), code) == 0)
      return TRUE;
  return FALSE;
}

static void
room_self_presence (BkXmppClient *self,
                    Room         *room,
                    xmpp_stanza_t *x,
                    const char   *affiliation)
{
  if (room->joined)
    return;
  if (has_status (x, "201")) {
    if (room->create) {
      request_room_config (self, room);
    } else {
      /* Joining made a new, locked room: there was no table here. */
      destroy_room (self, room);
      fail_room (self, room, room_error_new ("item-not-found"));
    }
    return;
  }
  room->owner = g_strcmp0 (affiliation, "owner") == 0;
  if (room->create && !room->owner) {
    leave_room_now (self, room);
    fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                _("The table belongs to someone else")));
    return;
  }
  room_joined (self, room);
}

static int
presence_cb (xmpp_conn_t   *conn,
             xmpp_stanza_t *stanza,
             void          *data)
{
  BkXmppClient *self = data;
  const char *from = xmpp_stanza_get_from (stanza);
  const char *type = xmpp_stanza_get_type (stanza);
  g_autofree char *bare = jid_bare (from);
  const char *nick = jid_resource (from);
  Room *room = bare != NULL ? g_hash_table_lookup (self->rooms, bare) : NULL;
  xmpp_stanza_t *x, *item;
  const char *real = NULL, *affiliation = NULL;
  gboolean is_self;
  g_autofree char *real_bare = NULL;

  if (room == NULL)
    return 1;
  if (g_strcmp0 (type, "error") == 0) {
    if (!room->joined)
      fail_room (self, room, room_error_new (error_condition (stanza)));
    return 1;
  }
  if (nick == NULL)
    return 1;

  x = xmpp_stanza_get_child_by_ns (stanza, NS_MUC_USER);
  item = x != NULL ? xmpp_stanza_get_child_by_name (x, "item") : NULL;
  if (item != NULL) {
    real = xmpp_stanza_get_attribute (item, "jid");
    affiliation = xmpp_stanza_get_attribute (item, "affiliation");
  }
  real_bare = real != NULL ? jid_bare (real) : g_strdup ("");
  is_self = has_status (x, "110");

  if (g_strcmp0 (type, "unavailable") == 0) {
    if (g_hash_table_remove (room->occupants, nick))
      post_occupant (self, room->jid, nick, real_bare, FALSE);
    if (is_self) {
      if (room->leaving || !room->joined)
        forget_room (self, room->jid);
      else
        fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                    _("The table sent this account away")));
    }
    return 1;
  }

  if (g_strcmp0 (g_hash_table_lookup (room->occupants, nick), real_bare) != 0) {
    g_hash_table_insert (room->occupants, g_strdup (nick), g_strdup (real_bare));
    post_occupant (self, room->jid, nick, real_bare, TRUE);
  }
  if (is_self)
    room_self_presence (self, room, x, affiliation);
  return 1;
}

/* ---- messages ---------------------------------------------------------------------- */

/* A <delay/> (XEP-0203) marks old news: a room's history, an offline message. Not the one
 * our own server adds to what it sends again after a stream was resumed (XEP-0198): that
 * was never read, and is live. Prosody's mod_smacks puts it from our own bare JID,
 * ejabberd's mod_stream_mgmt from our server's domain with the text "Resent". */
static gboolean
is_history (BkXmppClient  *self,
            xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *delay = xmpp_stanza_get_child_by_ns (stanza, NS_DELAY);
  const char *from = delay != NULL ? xmpp_stanza_get_attribute (delay, "from") : NULL;
  g_autofree char *own = jid_bare (self->jid);
  g_autofree char *domain = jid_domain (self->jid);
  g_autofree char *text = from != NULL ? xmpp_stanza_get_text (delay) : NULL;

  if (from != NULL && g_ascii_strcasecmp (from, domain) == 0 && g_strcmp0 (text, "Resent") == 0)
    return FALSE;
  return delay != NULL && (from == NULL || g_ascii_strcasecmp (from, own) != 0);
}

static int
message_cb (xmpp_conn_t   *conn,
            xmpp_stanza_t *stanza,
            void          *data)
{
  BkXmppClient *self = data;
  const char *from = xmpp_stanza_get_from (stanza);
  const char *type = xmpp_stanza_get_type (stanza);
  g_autofree char *bare = jid_bare (from);
  Room *room = bare != NULL ? g_hash_table_lookup (self->rooms, bare) : NULL;
  xmpp_stanza_t *payload = xmpp_stanza_get_child_by_ns (stanza, BK_NET_NS);
  xmpp_stanza_t *body = xmpp_stanza_get_child_by_name (stanza, "body");
  xmpp_stanza_t *invite = xmpp_stanza_get_child_by_ns (stanza, NS_CONFERENCE);
  xmpp_stanza_t *muc_user = xmpp_stanza_get_child_by_ns (stanza, NS_MUC_USER);
  xmpp_stanza_t *mediated =
    muc_user != NULL ? xmpp_stanza_get_child_by_name (muc_user, "invite") : NULL;
  Event *event;

  if (from == NULL)
    return 1;

  /* XEP-0249 direct and XEP-0045 mediated invitations (an error is our own bounced). */
  if (g_strcmp0 (type, "error") != 0 &&
      ((invite != NULL && xmpp_stanza_get_attribute (invite, "jid") != NULL) || mediated != NULL)) {
    xmpp_stanza_t *password =
      muc_user != NULL ? xmpp_stanza_get_child_by_name (muc_user, "password") : NULL;
    event = g_new0 (Event, 1);
    event->kind = EV_INVITED;
    if (mediated != NULL) {
      event->a = g_strdup (bare);
      event->b = password != NULL ? xmpp_stanza_get_text (password) : NULL;
      event->c = jid_bare (xmpp_stanza_get_attribute (mediated, "from"));
    } else {
      event->a = g_strdup (xmpp_stanza_get_attribute (invite, "jid"));
      event->b = g_strdup (xmpp_stanza_get_attribute (invite, "password"));
      event->c = g_strdup (bare);
    }
    post (self, event);
    return 1;
  }

  if (g_strcmp0 (type, "error") != 0 && body == NULL && payload == NULL)
    return 1;   /* chat states, receipts, a room's subject */

  event = g_new0 (Event, 1);
  event->kind = EV_MESSAGE;
  event->type = g_strdup (type != NULL ? type : "normal");
  event->from = g_strdup (from);
  event->id = g_strdup (xmpp_stanza_get_id (stanza));
  event->body = body != NULL ? xmpp_stanza_get_text (body) : NULL;
  event->delayed = is_history (self, stanza);
  if (room != NULL) {
    const char *nick = jid_resource (from);
    const char *real = nick != NULL ? g_hash_table_lookup (room->occupants, nick) : NULL;
    event->real_jid = real != NULL && *real != '\0' ? g_strdup (real) : NULL;
  } else {
    /* Not a room: the server vouches for the sender's address. */
    event->real_jid = g_strdup (bare);
  }
  if (payload != NULL) {
    char *text = NULL;
    size_t length = 0;
    /* Our own bounded parser is the one gate for what the protocol code sees. */
    if (xmpp_stanza_to_text (payload, &text, &length) == XMPP_EOK) {
      event->payload = bk_xmpp_element_parse (text, (gssize) length, &event->payload_error);
      xmpp_free (self->ctx, text);
    } else {
      event->payload_error = g_error_new_literal (G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE,
                                                  "payload not serializable");
    }
  }
  post (self, event);
  return 1;
}

static void
send_message (BkXmppClient *self,
              const char   *type,
              const char   *to,
              const char   *body,
              const char   *payload,
              gboolean      private)
{
  g_autofree char *id = new_id (self, "m");
  xmpp_stanza_t *message = xmpp_message_new (self->ctx, type, to, id);
  g_autofree char *bare = jid_bare (to);

  if (body != NULL)
    child_text (self->ctx, message, "body", body);
  if (payload != NULL) {
    xmpp_stanza_t *element = xmpp_stanza_new_from_string (self->ctx, payload);
    if (element != NULL) {
      xmpp_stanza_add_child (message, element);
      xmpp_stanza_release (element);
    }
  }
  /* A private message to an occupant of one of our rooms is a MUC private message. */
  if (g_strcmp0 (type, "chat") == 0 && jid_resource (to) != NULL &&
      g_hash_table_contains (self->rooms, bare))
    child_new (self->ctx, message, "x", NS_MUC_USER);
  if (private) {
    child_new (self->ctx, message, "no-copy", NS_HINTS);
    child_new (self->ctx, message, "no-store", NS_HINTS);
  }
  send_or_keep (self, message);
}

/* ---- iq ---------------------------------------------------------------------------- */

/* disco#items of our server, then disco#info of each item for a MUC identity */
static void
disco_start (BkXmppClient *self)
{
  g_autofree char *id = new_id (self, "items");
  g_autofree char *domain = jid_domain (self->jid);
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, domain);
  child_new (self->ctx, iq, "query", XMPP_NS_DISCO_ITEMS);
  self->disco_wanted = FALSE;
  self->disco_running = TRUE;
  self->disco_pending = 0;
  self->disco_deadline = g_get_monotonic_time () + DISCO_TIMEOUT_US;
  send_iq (self, iq, IQ_DISCO_ITEMS, NULL);
}

static void
disco_done (BkXmppClient *self,
            const char   *service)
{
  if (!self->disco_running)
    return;
  self->disco_running = FALSE;
  self->disco_deadline = 0;
  post_service (self, service);
}

static void
disco_info (BkXmppClient *self,
            const char   *to)
{
  g_autofree char *id = new_id (self, "info");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, to);
  child_new (self->ctx, iq, "query", XMPP_NS_DISCO_INFO);
  self->disco_pending++;
  send_iq (self, iq, IQ_DISCO_INFO, to);
}

static void
iq_result (BkXmppClient  *self,
           PendingIq     *pending,
           xmpp_stanza_t *stanza,
           gboolean       ok)
{
  Room *room =
    pending->room_jid != NULL ? g_hash_table_lookup (self->rooms, pending->room_jid) : NULL;
  xmpp_stanza_t *query = xmpp_stanza_get_child_by_name (stanza, "query");

  switch (pending->kind) {
  case IQ_ROOM_CONFIG_FORM:
    if (room == NULL)
      break;
    if (ok) {
      submit_room_config (self, room, stanza);
    } else {
      destroy_room (self, room);
      fail_room (self, room, room_error_new (error_condition (stanza)));
    }
    break;
  case IQ_ROOM_CONFIG_SUBMIT:
    if (room == NULL)
      break;
    if (ok) {
      room->owner = TRUE;
      room_joined (self, room);
    } else {
      destroy_room (self, room);
      fail_room (self, room, room_error_new (error_condition (stanza)));
    }
    break;
  case IQ_DISCO_ITEMS:
    if (!self->disco_running)
      break;
    for (xmpp_stanza_t *c = ok && query != NULL ? xmpp_stanza_get_children (query) : NULL;
         c != NULL; c = xmpp_stanza_get_next (c)) {
      const char *jid = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_attribute (c, "jid") : NULL;
      if (jid != NULL)
        disco_info (self, jid);
    }
    if (self->disco_pending == 0)
      disco_done (self, NULL);
    break;
  case IQ_DISCO_INFO:
    self->disco_pending--;
    for (xmpp_stanza_t *c = ok && query != NULL ? xmpp_stanza_get_children (query) : NULL;
         c != NULL; c = xmpp_stanza_get_next (c)) {
      if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_name (c), "identity") == 0 &&
          g_strcmp0 (xmpp_stanza_get_attribute (c, "category"), "conference") == 0 &&
          g_strcmp0 (xmpp_stanza_get_attribute (c, "type"), "text") == 0) {
        disco_done (self, pending->room_jid);
        break;
      }
    }
    if (self->disco_pending == 0)
      disco_done (self, NULL);
    break;
  case IQ_PING:
    /* any answer, even an error, says the link is alive */
    if (self->ignore_pings)
      break;
    self->ping_deadline = 0;
    self->checking = FALSE;
    break;
  case IQ_OTHER:
    if (!ok)
      g_debug ("%s: %s refused a request: %s", self->jid, xmpp_stanza_get_from (stanza),
               error_condition (stanza));
    break;
  }
}

static void
reply_iq (BkXmppClient  *self,
          xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *query = xmpp_stanza_get_children (stanza);
  const char *ns = query != NULL ? xmpp_stanza_get_ns (query) : NULL;
  xmpp_stanza_t *reply;

  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "get") == 0 && g_strcmp0 (ns, NS_PING) == 0) {
    reply = xmpp_stanza_reply (stanza);
    xmpp_stanza_set_type (reply, "result");
  } else if (g_strcmp0 (xmpp_stanza_get_type (stanza), "get") == 0 &&
             g_strcmp0 (ns, XMPP_NS_DISCO_INFO) == 0) {
    static const char *const features[] = {
      XMPP_NS_DISCO_INFO, NS_PING, NS_CONFERENCE, BK_NET_NS,
    };
    xmpp_stanza_t *answer, *identity;
    reply = xmpp_stanza_reply (stanza);
    xmpp_stanza_set_type (reply, "result");
    answer = child_new (self->ctx, reply, "query", XMPP_NS_DISCO_INFO);
    identity = child_new (self->ctx, answer, "identity", NULL);
    xmpp_stanza_set_attribute (identity, "category", "client");
    xmpp_stanza_set_attribute (identity, "type", "pc");
    xmpp_stanza_set_attribute (identity, "name", "Bierkopf");
    for (gsize i = 0; i < G_N_ELEMENTS (features); i++) {
      xmpp_stanza_t *feature = child_new (self->ctx, answer, "feature", NULL);
      xmpp_stanza_set_attribute (feature, "var", features[i]);
    }
  } else {
    /* RFC 6120 8.2.3: every get or set gets an answer. */
    reply = xmpp_stanza_reply_error (stanza, "cancel", "service-unavailable", NULL);
  }
  send_stanza (self, reply);
  xmpp_stanza_release (reply);
}

static int
iq_cb (xmpp_conn_t   *conn,
       xmpp_stanza_t *stanza,
       void          *data)
{
  BkXmppClient *self = data;
  const char *type = xmpp_stanza_get_type (stanza);
  const char *id = xmpp_stanza_get_id (stanza);
  g_autofree char *key = NULL;
  PendingIq *pending;

  if (g_strcmp0 (type, "get") == 0 || g_strcmp0 (type, "set") == 0) {
    reply_iq (self, stanza);
    return 1;
  }
  if (id == NULL ||
      !g_hash_table_steal_extended (self->pending_iqs, id, (gpointer *) &key,
                                    (gpointer *) &pending))
    return 1;
  iq_result (self, pending, stanza, g_strcmp0 (type, "result") == 0);
  pending_iq_free (pending);
  return 1;
}

/* ---- the connection ---------------------------------------------------------------- */

static void
log_cb (void             *data,
        xmpp_log_level_t  level,
        const char       *area,
        const char       *msg)
{
  BkXmppClient *self = data;

  /* libstrophe reports these stages only in its log. */
  if (level == XMPP_LEVEL_ERROR && g_strcmp0 (area, "auth") == 0)
    self->auth_failed = TRUE;
  else if (level >= XMPP_LEVEL_ERROR &&
           (g_strcmp0 (area, "tls") == 0 || strstr (msg, "TLS") != NULL))
    self->tls_failed = TRUE;
  else if (g_str_has_prefix (msg, "Session resumed"))
    self->resumed = TRUE;
  else if (g_strcmp0 (area, "conn") == 0 &&
           (g_str_has_prefix (msg, "SENT: <message") || g_str_has_prefix (msg, "SENT: <presence") ||
            g_str_has_prefix (msg, "SENT: <iq"))) {
    if (self->unsent > 0)
      self->unsent--;
    /* written whole: a resumed stream sends it again if the server did not get it */
    if (self->in_flight.head != NULL && strcmp (msg + 6, self->in_flight.head->data) == 0)
      g_free (g_queue_pop_head (&self->in_flight));
  }
  if (self->log_debug)
    g_debug ("%s: strophe %s: %s", self->jid, area, msg);
}

/* "ab:cd:…" or "ABCD…" as "ABCD…": fingerprints compare in one form. */
static char *
fingerprint_normalize (const char *fingerprint)
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
  g_autofree char *normal = fingerprint_normalize (fingerprint);

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

static GError *
connect_error (BkXmppClient       *self,
               int                 error,
               xmpp_stream_error_t *stream_error)
{
  if (self->certfail != NULL)
    return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS,
                        _("The server’s certificate is not trusted: %s"), self->certfail);
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

static void
conn_ensure (BkXmppClient *self)
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
    xmpp_conn_set_pass (self->conn, self->password);
    xmpp_conn_set_flags (self->conn, flags);
    if (self->cafile != NULL)
      xmpp_conn_set_cafile (self->conn, self->cafile);
    xmpp_conn_set_certfail_handler (self->conn, certfail_cb);
    xmpp_conn_set_sockopt_callback (self->conn, sockopt_cb);
  }
}

static gboolean
start_connect (BkXmppClient *self)
{
  conn_ensure (self);
  g_clear_pointer (&self->certfail, g_free);
  g_clear_pointer (&self->certfail_pem, g_free);
  g_clear_pointer (&self->certfail_fingerprint, g_free);
  self->auth_failed = FALSE;
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

static void
schedule_reconnect (BkXmppClient *self)
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
  GHashTableIter iter;
  Room *room;
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

  xmpp_handler_delete (self->conn, presence_cb);
  xmpp_handler_delete (self->conn, message_cb);
  xmpp_handler_delete (self->conn, iq_cb);
  xmpp_handler_add (self->conn, presence_cb, NULL, "presence", NULL, self);
  xmpp_handler_add (self->conn, message_cb, NULL, "message", NULL, self);
  xmpp_handler_add (self->conn, iq_cb, NULL, "iq", NULL, self);

  if (!self->resumed) {
    /* A new session: available, so that messages to our bare JID reach us, and back in
     * every room, which knows nothing of the old session. */
    stanza = xmpp_presence_new (self->ctx);
    send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
    g_hash_table_remove_all (self->pending_iqs);
    g_hash_table_iter_init (&iter, self->rooms);
    while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room)) {
      GHashTableIter occupants;
      const char *nick, *real;
      gboolean rejoin = room->joined;
      g_hash_table_iter_init (&occupants, room->occupants);
      while (g_hash_table_iter_next (&occupants, (gpointer *) &nick, (gpointer *) &real))
        post_occupant (self, room->jid, nick, real, FALSE);
      g_hash_table_remove_all (room->occupants);
      room->joined = FALSE;
      if (room->leaving) {
        g_hash_table_iter_remove (&iter);
        continue;
      }
      send_room_presence (self, room, rejoin);
    }
  }
  while ((stanza = g_queue_pop_head (&self->waiting)) != NULL) {
    send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
  }
  post_state (self, BK_XMPP_STATE_ONLINE, NULL);
  if (self->disco_wanted && !self->disco_running)
    disco_start (self);
}

/* What libstrophe had not written whole when the link went: its next connect frees it
 * (0.12), and a resumed stream sends again only what was written. It goes out first on
 * the next link, before what was asked meanwhile. */
static void
keep_unsent (BkXmppClient *self)
{
  GList *position = self->waiting.head;
  char *text;

  while ((text = g_queue_pop_head (&self->in_flight)) != NULL) {
    xmpp_stanza_t *stanza = xmpp_stanza_new_from_string (self->ctx, text);

    g_free (text);
    if (stanza == NULL)
      continue;
    if (position != NULL)
      g_queue_insert_before (&self->waiting, position, stanza);
    else
      g_queue_push_tail (&self->waiting, stanza);
  }
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
    keep_unsent (self);
  if (stage == STAGE_CLOSING || !self->want_online) {
    self->stage = STAGE_IDLE;
    /* connect() while the old stream was closing */
    if (self->want_online && !self->quit && !start_connect (self)) {
      self->want_online = FALSE;
      post_state (self, BK_XMPP_STATE_OFFLINE,
                  g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                       _("The server cannot be reached")));
    }
    return;
  }
  if (stage == STAGE_ONLINE) {
    post_state (self, BK_XMPP_STATE_CONNECTING,
                g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED,
                                     _("The connection to the server was lost")));
    schedule_reconnect (self);
    return;
  }
  failure = connect_error (self, error, stream_error);
  /* A table that was online waits out a server or network that is away; a wrong
   * password or certificate does not mend itself. */
  if (self->was_online && failure->code == BK_XMPP_ERROR_CONNECT) {
    schedule_reconnect (self);
    return;
  }
  self->want_online = FALSE;
  self->stage = STAGE_IDLE;
  g_queue_clear_full (&self->waiting, stanza_release_cb);
  g_queue_clear_full (&self->in_flight, g_free);
  post_state (self, BK_XMPP_STATE_OFFLINE, g_steal_pointer (&failure));
}

/* Offline at once for the caller; libstrophe closes the stream (or gives up on it after
 * its own timeout) in the background. */
static void
begin_close (BkXmppClient *self)
{
  if (self->conn != NULL && !xmpp_conn_is_disconnected (self->conn)) {
    if (self->stage != STAGE_CLOSING)
      xmpp_disconnect (self->conn);
    self->stage = STAGE_CLOSING;
  } else {
    self->stage = STAGE_IDLE;
  }
  post_state (self, BK_XMPP_STATE_OFFLINE, NULL);
}

/* ---- in-band registration (XEP-0077) ----------------------------------------------- */

/* A raw stream (libstrophe has no registration of its own): STARTTLS as a login would,
 * then the registration form asked for and answered with the JID's local part and the
 * password, then closed. */
#define REGISTER_FORM_ID   "bk-register-form"
#define NO_TLS             N_("No secure connection to the server could be made")
#define REGISTER_SUBMIT_ID "bk-register-submit"

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
  post (self, event);
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
static void
register_end (BkXmppClient *self,
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
    register_end (self, register_error_new (stanza));
    return 0;
  }
  if (!form) {
    register_end (self, NULL);
    return 0;
  }
  /* The legacy fields: every server that offers the form takes them (XEP-0077 §3.1). */
  bare = jid_bare (self->jid);
  at = strchr (bare, '@');
  if (at != NULL)
    *at = '\0';
  iq = xmpp_iq_new (self->ctx, "set", REGISTER_SUBMIT_ID);
  query = child_new (self->ctx, iq, "query", NS_REGISTER);
  child_text (self->ctx, query, "username", bare);
  child_text (self->ctx, query, "password", self->password);
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
  g_autofree char *domain = jid_domain (self->jid);
  xmpp_stanza_t *iq;

  if (!xmpp_conn_is_secured (conn)) {
    xmpp_stanza_t *starttls;
    if (xmpp_stanza_get_child_by_ns (stanza, XMPP_NS_TLS) == NULL) {
      register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS, _(NO_TLS)));
      return 0;
    }
    starttls = xmpp_stanza_new (self->ctx);
    xmpp_stanza_set_name (starttls, "starttls");
    xmpp_stanza_set_ns (starttls, XMPP_NS_TLS);
    xmpp_send (conn, starttls);
    xmpp_stanza_release (starttls);
    return 1;   /* the secured stream's features come next */
  }
  iq = xmpp_iq_new (self->ctx, "get", REGISTER_FORM_ID);
  xmpp_stanza_set_to (iq, domain);
  child_new (self->ctx, iq, "query", NS_REGISTER);
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
    register_end (self, connect_error (self, 0, NULL));
  else
    register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_TLS, _(NO_TLS)));
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
                                : connect_error (self, error, stream_error);
  self->register_done = FALSE;
  post_registered (self, outcome);
  /* connect() while registering: the login follows, on a new connection made outside
   * this one's callback (run_timers) */
  if (self->want_online && !self->quit) {
    self->stage = STAGE_WAITING;
    self->reconnect_at = g_get_monotonic_time ();
  }
}

static void
start_register (BkXmppClient *self)
{
  if (self->stage != STAGE_IDLE || self->want_online) {
    post_registered (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                _("The account is connected already")));
    return;
  }
  conn_ensure (self);
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

/* ---- requests ---------------------------------------------------------------------- */

static Room *
room_new (const char *jid,
          const char *nick,
          const char *password,
          gboolean    create)
{
  Room *room = g_new0 (Room, 1);

  room->jid = g_strdup (jid);
  room->nick = g_strdup (nick);
  room->password = g_strdup (password);
  room->create = create;
  room->occupants = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return room;
}

static void
handle_request (BkXmppClient *self,
                Request      *request)
{
  Room *room;

  switch (request->kind) {
  case REQ_CONNECT:
    if (self->want_online)
      break;
    self->want_online = TRUE;
    self->was_online = FALSE;
    self->retries = 0;
    post_state (self, BK_XMPP_STATE_CONNECTING, NULL);
    if (self->stage == STAGE_CLOSING || self->stage == STAGE_REGISTERING)
      break;   /* the callback of the old stream starts the new one */
    if (!start_connect (self)) {
      self->want_online = FALSE;
      post_state (self, BK_XMPP_STATE_OFFLINE,
                  g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                       _("The server cannot be reached")));
    }
    break;
  case REQ_DISCONNECT:
    self->want_online = FALSE;
    self->reconnect_at = 0;
    g_queue_clear_full (&self->waiting, stanza_release_cb);
    g_queue_clear_full (&self->in_flight, g_free);
    begin_close (self);
    break;
  case REQ_CREATE_ROOM:
  case REQ_JOIN_ROOM:
    room = g_hash_table_lookup (self->rooms, request->a);
    /* Joined again while our goodbye is on its way (a lobby closed, the link opened
     * again): the same nickname would share the leaving occupant, whose goodbye then takes
     * it out of the room; the join waits for the room to let us go. */
    if (room != NULL && room->leaving && request->kind == REQ_JOIN_ROOM) {
      g_clear_pointer (&room->rejoin, request_free);
      room->rejoin = request_new (request->kind, request->a, request->b, request->c);
      break;
    }
    if (room != NULL) {
      post_room_error (self, request->a,
                       g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                            _("This account is already at the table")));
      break;
    }
    room = room_new (request->a, request->b, request->c, request->kind == REQ_CREATE_ROOM);
    g_hash_table_insert (self->rooms, g_strdup (room->jid), room);
    if (is_online (self))
      send_room_presence (self, room, FALSE);
    else
      room->deadline = 0;   /* joined when online */
    break;
  case REQ_LEAVE_ROOM:
    room = g_hash_table_lookup (self->rooms, request->a);
    if (room == NULL)
      break;
    if (is_online (self) && (room->joined || room->deadline != 0)) {
      room->leaving = TRUE;
      room->deadline = 0;
      leave_room_now (self, room);
    } else {
      forget_room (self, request->a);
    }
    break;
  case REQ_FIND_MUC:
    if (self->disco_running)
      break;
    /* asked before the login (the table host asks at once): it runs once we are online */
    if (!is_online (self))
      self->disco_wanted = TRUE;
    else
      disco_start (self);
    break;
  case REQ_INVITE: {
    g_autofree char *id = new_id (self, "invite");
    xmpp_stanza_t *message = xmpp_message_new (self->ctx, NULL, request->c, id);
    xmpp_stanza_t *x = child_new (self->ctx, message, "x", NS_CONFERENCE);
    /* the password is the key: an invitation makes nobody a member */
    xmpp_stanza_set_attribute (x, "jid", request->a);
    if (request->b != NULL)
      xmpp_stanza_set_attribute (x, "password", request->b);
    send_or_keep (self, message);
    break;
  }
  case REQ_GROUPCHAT:
    send_message (self, "groupchat", request->a, request->b, request->payload, FALSE);
    break;
  case REQ_CHAT:
    send_message (self, "chat", request->a, request->b, request->payload, request->flag);
    break;
  case REQ_IGNORE_PINGS:
    self->ignore_pings = TRUE;
    break;
  case REQ_BREAK:
    /* As a network would: the socket goes, libstrophe notices on its next read. */
    if (self->sock >= 0 && is_online (self))
      shutdown (self->sock, SHUT_RDWR);
    break;
  case REQ_ECHO: {
    Event *event = g_new0 (Event, 1);
    event->kind = EV_ECHO;
    event->echo = request->echo;
    event->echo_data = request->echo_data;
    post (self, event);
    break;
  }
  case REQ_QUIT:
    self->quit = TRUE;
    self->want_online = FALSE;
    begin_close (self);
    break;
  case REQ_TRUST:
    g_free (self->trusted_fingerprint);
    self->trusted_fingerprint = request->a != NULL ? fingerprint_normalize (request->a) : NULL;
    break;
  case REQ_REGISTER:
    start_register (self);
    break;
  case REQ_CHECK: {
    gint64 now = g_get_monotonic_time ();
    /* a ping now (run_timers), and the stream given up if it is not answered soon */
    if (is_online (self)) {
      self->checking = TRUE;
      self->ping_at = now;
      if (self->ping_deadline == 0 || self->ping_deadline > now + CHECK_TIMEOUT_US)
        self->ping_deadline = now + CHECK_TIMEOUT_US;
    } else if (self->stage == STAGE_WAITING && self->reconnect_at != 0) {
      /* waiting out a back-off: the new network may reach the server, try now */
      self->retries = 0;
      self->reconnect_at = now;
    }
    break;
  }
  }
}

/* ---- the worker's loop ------------------------------------------------------------- */

static void
run_timers (BkXmppClient *self,
            gint64        now)
{
  GHashTableIter iter;
  Room *room;
  g_autoptr (GPtrArray) late = g_ptr_array_new_with_free_func (g_free);

  if (self->stage == STAGE_WAITING && self->reconnect_at != 0 && now >= self->reconnect_at) {
    self->reconnect_at = 0;
    if (!start_connect (self))
      schedule_reconnect (self);
  }
  if (self->disco_running && now >= self->disco_deadline)
    disco_done (self, NULL);
  if (self->stage == STAGE_REGISTERING && now >= self->register_deadline &&
      !self->register_done) {
    register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                             _("The server does not answer")));
  }
  if (is_online (self) && self->ping_deadline != 0 && now >= self->ping_deadline) {
    /* As a broken network would end it: libstrophe notices, we reconnect. */
    g_debug ("%s: the server does not answer pings", self->jid);
    self->ping_deadline = 0;
    /* a changed network is the network's fault: that stream may be resumed */
    self->new_session = !self->checking;
    self->checking = FALSE;
    if (self->sock >= 0)
      shutdown (self->sock, SHUT_RDWR);
  } else if (is_online (self) && self->ping_at != 0 && now >= self->ping_at) {
    g_autofree char *id = new_id (self, "ping");
    g_autofree char *domain = jid_domain (self->jid);
    xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);
    xmpp_stanza_set_to (iq, domain);
    child_new (self->ctx, iq, "ping", NS_PING);
    send_iq (self, iq, IQ_PING, NULL);
    self->ping_at = now + self->ping_interval;
    if (self->ping_deadline == 0)
      self->ping_deadline = now + MIN (PING_TIMEOUT_US, self->ping_interval);
  }
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room))
    if (room->deadline != 0 && now >= room->deadline)
      g_ptr_array_add (late, g_strdup (room->jid));
  for (guint i = 0; i < late->len; i++) {
    room = g_hash_table_lookup (self->rooms, g_ptr_array_index (late, i));
    fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                _("The table does not answer")));
  }
}

static int
poll_timeout (BkXmppClient *self,
              gint64        now)
{
  gint64 next = G_MAXINT64;
  GHashTableIter iter;
  Room *room;

  if (self->stage == STAGE_NEGOTIATING || self->stage == STAGE_CLOSING ||
      self->stage == STAGE_REGISTERING)
    next = now + NEGOTIATION_TICK_MS * 1000;
  if (self->stage == STAGE_WAITING && self->reconnect_at != 0)
    next = MIN (next, self->reconnect_at);
  if (self->disco_running)
    next = MIN (next, self->disco_deadline);
  if (self->stage == STAGE_ONLINE && self->ping_at != 0)
    next = MIN (next, self->ping_at);
  if (self->stage == STAGE_ONLINE && self->ping_deadline != 0)
    next = MIN (next, self->ping_deadline);
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room))
    if (room->deadline != 0)
      next = MIN (next, room->deadline);
  if (next == G_MAXINT64)
    return -1;
  return (int) CLAMP ((next - now + 999) / 1000, 0, G_MAXINT);
}

static gpointer
worker_cb (gpointer data)
{
  BkXmppClient *self = data;
  guint drain = 0;
  Request *request;
  sigset_t pipe_signal;

  /* OpenSSL writes to a socket the peer has closed: EPIPE for this thread, not a
   * SIGPIPE that ends the process (a signal a write raises goes to its thread). */
  sigemptyset (&pipe_signal);
  sigaddset (&pipe_signal, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_signal, NULL);
  g_private_set (&current_client, self);
  self->log.handler = log_cb;
  self->log.userdata = self;
  self->log_debug = !g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN);
  self->ctx = xmpp_ctx_new (NULL, &self->log);

  while (!(self->quit && self->stage == STAGE_IDLE)) {
    struct pollfd fds[2] = { { .fd = self->wake_fd, .events = POLLIN } };
    nfds_t n = 1;
    guint64 count;
    int timeout;

    while ((request = g_async_queue_try_pop (self->requests)) != NULL) {
      handle_request (self, request);
      request_free (request);
    }
    if (self->conn != NULL)
      xmpp_run_once (self->ctx, 0);
    run_timers (self, g_get_monotonic_time ());
    if (self->quit && self->stage == STAGE_IDLE)
      break;

    if (self->conn != NULL && self->sock >= 0 && !xmpp_conn_is_disconnected (self->conn)) {
      fds[1].fd = self->sock;
      fds[1].events = POLLIN;
      if (xmpp_conn_is_connecting (self->conn) || xmpp_conn_send_queue_len (self->conn) > 0 ||
          self->unsent > 0)
        fds[1].events |= POLLOUT;
      n = 2;
    }
    timeout = drain > 0 ? 0 : poll_timeout (self, g_get_monotonic_time ());
    if (drain > 0)
      drain--;
    if (poll (fds, n, timeout) < 0 && errno != EINTR)
      g_error ("poll: %s", g_strerror (errno));
    if (fds[0].revents & POLLIN) {
      if (read (self->wake_fd, &count, sizeof count) < 0 && errno != EAGAIN)
        g_error ("eventfd: %s", g_strerror (errno));
    }
    if (n == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      int on = 1;
      drain = TLS_DRAIN_TURNS;
      /* Servers keep Nagle on (Prosody does): a stanza waits there until ours ACK the
       * last one, and a delayed ACK costs 40 ms. The kernel drops quick ACKs after a
       * while, so they are asked for again on every read. */
      setsockopt (self->sock, IPPROTO_TCP, TCP_QUICKACK, &on, sizeof on);
    }
  }

  /* Whatever is left: requests after quit, a connection that never closed. */
  while ((request = g_async_queue_try_pop (self->requests)) != NULL)
    request_free (request);
  g_queue_clear_full (&self->waiting, stanza_release_cb);
  g_queue_clear_full (&self->in_flight, g_free);
  g_hash_table_remove_all (self->pending_iqs);
  if (self->conn != NULL)
    xmpp_conn_release (self->conn);
  xmpp_ctx_free (self->ctx);
  return NULL;
}

/* ---- the object -------------------------------------------------------------------- */

static void
push_request (BkXmppClient *self,
              Request      *request)
{
  guint64 one = 1;

  g_async_queue_push (self->requests, request);
  if (write (self->wake_fd, &one, sizeof one) < 0 && errno != EAGAIN)
    g_critical ("eventfd: %s", g_strerror (errno));
}

static Request *
request_new (RequestKind kind,
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
    push_request (self, request_new (REQ_QUIT, NULL, NULL, NULL));
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
  g_clear_error (&self->register_error);
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

  g_return_val_if_fail (jid != NULL && strchr (jid, '@') != NULL, NULL);
  g_return_val_if_fail (password != NULL, NULL);

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
  self->requests = g_async_queue_new_full ((GDestroyNotify) request_free);
  self->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) room_free);
  self->pending_iqs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) pending_iq_free);
  self->wake_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (self->wake_fd < 0)
    g_error ("eventfd: %s", g_strerror (errno));
  self->thread = g_thread_new ("bk-xmpp", worker_cb, self);
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
  push_request (self, request_new (REQ_CONNECT, NULL, NULL, NULL));
}

void
bk_xmpp_client_disconnect (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, request_new (REQ_DISCONNECT, NULL, NULL, NULL));
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
  push_request (self, request_new (REQ_CREATE_ROOM, room_jid, nick, password));
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
  push_request (self, request_new (REQ_JOIN_ROOM, room_jid, nick, password));
}

void
bk_xmpp_client_leave_room (BkXmppClient *self,
                           const char   *room_jid)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  g_return_if_fail (room_jid != NULL);
  push_request (self, request_new (REQ_LEAVE_ROOM, room_jid, NULL, NULL));
}

void
bk_xmpp_client_find_muc_service (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, request_new (REQ_FIND_MUC, NULL, NULL, NULL));
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
  push_request (self, request_new (REQ_INVITE, room_jid, password, to_bare_jid));
}

static Request *
message_request (RequestKind          kind,
                 const char          *to,
                 const char          *body,
                 const BkXmppElement *payload)
{
  Request *request = request_new (kind, to, body, NULL);

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
  push_request (self, request_new (REQ_BREAK, NULL, NULL, NULL));
}

void
bk_xmpp_client_echo_for_testing (BkXmppClient *self,
                                 GFunc         func,
                                 gpointer      data)
{
  Request *request;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  request = request_new (REQ_ECHO, NULL, NULL, NULL);
  request->echo = func;
  request->echo_data = data;
  push_request (self, request);
}

void
bk_xmpp_client_ignore_pings_for_testing (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, request_new (REQ_IGNORE_PINGS, NULL, NULL, NULL));
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
  push_request (self, request_new (REQ_TRUST, fingerprint, NULL, NULL));
}

char *
bk_xmpp_client_dup_refused_fingerprint (BkXmppClient *self)
{
  g_return_val_if_fail (BK_IS_XMPP_CLIENT (self), NULL);
  return g_strdup (self->refused_fingerprint);
}

void
bk_xmpp_client_register_async (BkXmppClient        *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (BK_IS_XMPP_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bk_xmpp_client_register_async);
  if (self->register_task != NULL) {
    g_task_return_new_error (task, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                             _("A new account is being made already"));
    return;
  }
  /* the task holds the client until the worker answers (REGISTER_TIMEOUT_US at most) */
  self->register_task = g_steal_pointer (&task);
  push_request (self, request_new (REQ_REGISTER, NULL, NULL, NULL));
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
bk_xmpp_client_check_connection (BkXmppClient *self)
{
  g_return_if_fail (BK_IS_XMPP_CLIENT (self));
  push_request (self, request_new (REQ_CHECK, NULL, NULL, NULL));
}
