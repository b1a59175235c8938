/* bk-xmpp-client-private.h: the client's state and the worker's functions, shared by the
 * files of one XMPP client (bk-xmpp-client.c and bk-xmpp-*.c beside it). Only those files
 * include it: nothing else sees libstrophe (issue 23).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <strophe.h>

#include "bk-xmpp-client.h"
#include "bk-xmpp-form.h"
#include "bk-xmpp-private.h"

G_BEGIN_DECLS

#define NS_MUC        "http://jabber.org/protocol/muc"
#define NS_MUC_USER   "http://jabber.org/protocol/muc#user"
#define NS_MUC_OWNER  "http://jabber.org/protocol/muc#owner"
#define NS_DATA       "jabber:x:data"
#define NS_CONFERENCE "jabber:x:conference"
#define NS_HINTS      "urn:xmpp:hints"
#define NS_DELAY      "urn:xmpp:delay"
#define NS_PING       "urn:xmpp:ping"
#define NS_REGISTER   "jabber:iq:register"

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
  REQ_INVITATION,
  REQ_TOKEN,
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
  BkXmppForm *form;      /* REQ_REGISTER: the filled form to send, or NULL */
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
  EV_INVITATION,
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
  BkXmppForm    *form;     /* EV_REGISTERED: the server's form, when it was asked for */
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
  IQ_INVITE_ACCOUNT,   /* XEP-0401's command urn:xmpp:invite#create-account */
  IQ_INVITE_CONTACT,   /* and urn:xmpp:invite#invite */
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

typedef enum {
  REGISTER_PLAIN,      /* the form asked for, answered with the JID's name and password */
  REGISTER_FETCH,      /* the form asked for and handed to the caller */
  REGISTER_SUBMIT,     /* a form the caller filled sent */
} RegisterMode;

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
  GTask        *invitation_task;

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
  RegisterMode  register_mode;
  BkXmppForm   *register_form;  /* FETCH: the form read; SUBMIT: the form to send */
  gboolean      register_captcha;   /* the form sent had a CAPTCHA */
  char         *invite_token;   /* XEP-0445: sent before registering, or NULL */
  gboolean      register_invitations;   /* the server takes tokens; we sent none */
  gint64        invitation_deadline;   /* an invitation asked for: its answer by then */
  GError       *register_error;
  gboolean      register_done;
  gint64        register_deadline;
  gboolean      conn_raw;       /* `conn` was a registration's */
  gboolean      auth_failed;
  gboolean      no_anonymous;   /* a login without an account the server does not offer */
  gboolean      anonymous_refused; /* …that it offered, and refused */
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
  char         *disco_domain;   /* whose items are searched (NULL: our server's) */
  char         *disco_parent;   /* searched next when those hold no MUC service */
  /* keepalive */
  gint64        ping_interval;
  gint64        ping_at;
  gint64        ping_deadline;
  gboolean      checking;       /* the ping in flight checks a changed network */
  gboolean      new_session;    /* the next connect starts a new session, not resuming */
  gboolean      ignore_pings;   /* for testing: answers to pings count for nothing */
};

/* bk-xmpp-client.c: requests to the worker, events back to the creating thread */
void bk_xmpp_request_free (Request *request);
void bk_xmpp_post (BkXmppClient *self,
                   Event        *event);
void bk_xmpp_post_state (BkXmppClient *self,
                         BkXmppState   state,
                         GError       *error);   /* takes it */
void bk_xmpp_post_room_error (BkXmppClient *self,
                              const char   *room_jid,
                              GError       *error);   /* takes it */
void bk_xmpp_post_occupant (BkXmppClient *self,
                            const char   *room_jid,
                            const char   *nick,
                            const char   *real_jid,
                            gboolean      present);
void bk_xmpp_post_service (BkXmppClient *self,
                           const char   *service);
Request *bk_xmpp_request_new (RequestKind kind,
                              const char *a,
                              const char *b,
                              const char *c);

/* bk-xmpp-worker.c: the worker thread, its requests and timers */
void bk_xmpp_handle_request (BkXmppClient *self,
                             Request      *request);
void bk_xmpp_run_timers (BkXmppClient *self,
                         gint64        now);
gpointer bk_xmpp_worker_cb (gpointer data);

/* bk-xmpp-connection.c: the stream: login, TLS, reconnecting */
void bk_xmpp_connection_setup (BkXmppClient *self);
char *bk_xmpp_fingerprint_normalize (const char *fingerprint);
GError *bk_xmpp_connect_error (BkXmppClient       *self,
                               int                 error,
                               xmpp_stream_error_t *stream_error);
void bk_xmpp_conn_ensure (BkXmppClient *self);
gboolean bk_xmpp_start_connect (BkXmppClient *self);
void bk_xmpp_schedule_reconnect (BkXmppClient *self);
void bk_xmpp_begin_close (BkXmppClient *self);

/* bk-xmpp-resume.c: what is sent, and what waits for the next link */
void bk_xmpp_send_stanza (BkXmppClient  *self,
                          xmpp_stanza_t *stanza);
gboolean bk_xmpp_is_online (BkXmppClient *self);
void bk_xmpp_send_or_keep (BkXmppClient  *self,
                           xmpp_stanza_t *stanza);
void bk_xmpp_keep_unsent (BkXmppClient *self);
void bk_xmpp_written (BkXmppClient *self,
                      const char   *text);
void bk_xmpp_send_waiting (BkXmppClient *self);
void bk_xmpp_drop_unsent (BkXmppClient *self);

/* bk-xmpp-stanza.c: building and reading stanzas */
char *bk_xmpp_new_id (BkXmppClient *self,
                      const char   *what);
char *bk_xmpp_jid_bare (const char *jid);
const char *bk_xmpp_jid_resource (const char *jid);
char *bk_xmpp_jid_domain (const char *jid);
xmpp_stanza_t *bk_xmpp_child_new (xmpp_ctx_t    *ctx,
                                  xmpp_stanza_t *parent,
                                  const char    *name,
                                  const char    *ns);
void bk_xmpp_child_text (xmpp_ctx_t    *ctx,
                         xmpp_stanza_t *parent,
                         const char    *name,
                         const char    *text);
const char *bk_xmpp_error_condition (xmpp_stanza_t *stanza);

/* bk-xmpp-room.c: rooms: joining, the owner's form, occupants */
void bk_xmpp_room_free (Room *room);
GError *bk_xmpp_room_error_new (const char *condition);
void bk_xmpp_send_room_presence (BkXmppClient *self,
                                 Room         *room,
                                 gboolean      rejoin);
void bk_xmpp_forget_room (BkXmppClient *self,
                          const char   *room_jid);
void bk_xmpp_fail_room (BkXmppClient *self,
                        Room         *room,
                        GError       *error);   /* takes it */
void bk_xmpp_leave_room_now (BkXmppClient *self,
                             Room         *room);
void bk_xmpp_destroy_room (BkXmppClient *self,
                           Room         *room);
void bk_xmpp_room_joined (BkXmppClient *self,
                          Room         *room);
void bk_xmpp_submit_room_config (BkXmppClient  *self,
                                 Room          *room,
                                 xmpp_stanza_t *result);
int bk_xmpp_presence_cb (xmpp_conn_t   *conn,
                         xmpp_stanza_t *stanza,
                         void          *data);
Room *bk_xmpp_room_new (const char *jid,
                        const char *nick,
                        const char *password,
                        gboolean    create);
void bk_xmpp_rooms_rejoin (BkXmppClient *self);

/* bk-xmpp-message.c: messages in and out */
int bk_xmpp_message_cb (xmpp_conn_t   *conn,
                        xmpp_stanza_t *stanza,
                        void          *data);
void bk_xmpp_send_message (BkXmppClient *self,
                           const char   *type,
                           const char   *to,
                           const char   *body,
                           const char   *payload,
                           gboolean      private);

/* bk-xmpp-iq.c: iq: service discovery, pings, answers */
void bk_xmpp_pending_iq_free (PendingIq *iq);
void bk_xmpp_send_iq (BkXmppClient  *self,
                      xmpp_stanza_t *iq,      /* takes it */
                      IqKind         kind,
                      const char    *room_jid);
void bk_xmpp_disco_start (BkXmppClient *self);
void bk_xmpp_disco_done (BkXmppClient *self,
                         const char   *service);
int bk_xmpp_iq_cb (xmpp_conn_t   *conn,
                   xmpp_stanza_t *stanza,
                   void          *data);

/* bk-xmpp-register.c: in-band registration (XEP-0077) */
void bk_xmpp_register_end (BkXmppClient *self,
                           GError       *error);   /* takes it */
void bk_xmpp_start_register (BkXmppClient *self,
                             RegisterMode  mode,
                             BkXmppForm   *form);   /* takes it */

/* bk-xmpp-invite.c: an invitation that makes an account (XEP-0401) */
void bk_xmpp_invitation_start  (BkXmppClient  *self);
void bk_xmpp_invitation_result (BkXmppClient  *self,
                                IqKind         kind,
                                xmpp_stanza_t *stanza,
                                gboolean       ok);
void bk_xmpp_invitation_end    (BkXmppClient  *self,
                                char          *uri,     /* takes it */
                                GError        *error);  /* takes it */

/* bk-xmpp-register-form.c: the form read from a <query/> (or its <iq/>), and its answer */
BkXmppForm    *bk_xmpp_register_form_read   (xmpp_ctx_t       *ctx,
                                             xmpp_stanza_t    *stanza,
                                             GError          **error);
xmpp_stanza_t *bk_xmpp_register_form_answer (xmpp_ctx_t       *ctx,
                                             const BkXmppForm *form,
                                             const char       *id,
                                             const char       *to);

G_END_DECLS
