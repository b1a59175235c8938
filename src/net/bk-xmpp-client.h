/* bk-xmpp-client.h: one XMPP account's connection (RFC 6120/6121) and its multi-user chat
 * rooms (XEP-0045), on a thread of its own. libstrophe runs its event loop on that thread;
 * every request below may be called from any thread and is queued to it; every signal is
 * emitted on the GMainContext that was the thread-default one when the client was made.
 * Nothing outside the client's files (bk-xmpp-client-private.h) sees libstrophe: a stanza's
 * payload of our own namespace travels as a BkXmppElement (bk-xmpp-element.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-xmpp-element.h"
#include "bk-xmpp-form.h"

G_BEGIN_DECLS

#define BK_XMPP_ERROR (bk_xmpp_error_quark ())

typedef enum {
  BK_XMPP_ERROR_CONNECT,      /* the server cannot be reached */
  BK_XMPP_ERROR_TLS,          /* TLS failed or the certificate is not trusted */
  BK_XMPP_ERROR_AUTH,         /* wrong address or password */
  BK_XMPP_ERROR_ROOM,         /* a room refused us (password, members only, banned, full) */
  BK_XMPP_ERROR_CLOSED,       /* the stream ended */
  BK_XMPP_ERROR_REGISTER,     /* the server refused a new account (its own words) */
  BK_XMPP_ERROR_NO_GUESTS,    /* a login without an account: the server offers none */
  BK_XMPP_ERROR_NICK_TAKEN,   /* a room refused us: an occupant has our nickname (XEP-0045
                               * <conflict/>; a guest back while its old session lingers) */
  BK_XMPP_ERROR_TOKEN,        /* an invitation's token is spent, expired or unknown (XEP-0445):
                               * the registration it was for made no account */
} BkXmppError;

typedef enum {
  BK_XMPP_STATE_OFFLINE,
  BK_XMPP_STATE_CONNECTING,
  BK_XMPP_STATE_ONLINE,
} BkXmppState;

/* What one message carried: `type` "groupchat", "chat", "normal" or "error"; `from` the
 * full JID it came from (room@service/nick in a room); `real_jid` the sender's real bare
 * JID when the room tells us (non-anonymous rooms, to their owner), the bare `from` of a
 * message from outside our rooms (the server vouches for it), else NULL. A payload that
 * bk_xmpp_element_parse() refuses (too big, too deep, not well-formed) arrives as
 * `payload` NULL with `payload_error` saying why; messages with neither body nor payload
 * (chat states, a room's subject) are not signalled. */
typedef struct {
  const char            *type;
  const char            *from;
  const char            *real_jid;
  const char            *id;
  const char            *body;        /* NULL when none */
  const BkXmppElement   *payload;     /* the first child in BK_NET_NS, or NULL */
  gboolean               delayed;     /* XEP-0203: room history or offline, not live (a
                                       * stanza our server sends again after a resumed
                                       * stream is live) */
  const GError          *payload_error; /* why a payload in BK_NET_NS was refused, or NULL */
} BkXmppMessage;

#define BK_TYPE_XMPP_CLIENT (bk_xmpp_client_get_type ())
G_DECLARE_FINAL_TYPE (BkXmppClient, bk_xmpp_client, BK, XMPP_CLIENT, GObject)

GQuark        bk_xmpp_error_quark          (void);

/* `server` "host:port" or NULL (from the JID's domain); `cafile` a PEM file of certificates
 * to trust beside the system's, or NULL. A `jid` without a local part ("guest.example.org")
 * and `password` NULL log in without an account (SASL ANONYMOUS, RFC 4505): the server
 * gives a new JID at each login (bk_xmpp_client_get_jid() once online), and a server that
 * offers no such login ends it in BK_XMPP_ERROR_NO_GUESTS. Such a client registers
 * nothing. */
BkXmppClient *bk_xmpp_client_new           (const char   *jid,
                                            const char   *password,
                                            const char   *server,
                                            const char   *cafile);
/* Also the read-only properties "jid" and "state", notified before ::state-changed. */
const char   *bk_xmpp_client_get_jid       (BkXmppClient *self);   /* full JID once online */
BkXmppState   bk_xmpp_client_get_state     (BkXmppClient *self);

/* After a login ended in BK_XMPP_ERROR_TLS because the server's certificate is not
 * trusted: that certificate (PEM), so that a person may choose to trust it (written to a
 * file, it serves as `cafile`); else NULL. Its SHA-256 fingerprint is in the error's
 * message. */
char         *bk_xmpp_client_dup_refused_certificate (BkXmppClient *self);

/* A certificate that neither the system nor `cafile` trusts is taken all the same when
 * its SHA-256 fingerprint is this one ("AB:CD:…", any case, colons optional): a person
 * chose to trust it for this server. NULL trusts none. Takes effect at the next
 * connect() or register. */
void          bk_xmpp_client_set_trusted_fingerprint (BkXmppClient *self,
                                                      const char   *fingerprint);
/* After a login or a registration ended in BK_XMPP_ERROR_TLS because the certificate is
 * not trusted: its SHA-256 fingerprint ("AB:CD:…"), else NULL. */
char         *bk_xmpp_client_dup_refused_fingerprint (BkXmppClient *self);

/* XEP-0077 in-band registration of the client's JID (its local part) and password: a
 * stream of its own (TLS as connect()'s, no login), closed once the server answered, in
 * at most 20 s. Fails with BK_XMPP_ERROR_REGISTER in the server's own words when it
 * refuses (the name is taken, it makes no accounts), or _CONNECT or _TLS. Only while
 * offline; a connect() meanwhile logs in once the registration is over. */
void          bk_xmpp_client_register_async  (BkXmppClient        *self,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
gboolean      bk_xmpp_client_register_finish (BkXmppClient  *self,
                                              GAsyncResult  *result,
                                              GError       **error);

/* Registration as the server asks for it, in two streams of their own (each as
 * register_async()'s, closed once the server answered): fetch asks for the server's form
 * (XEP-0077), its data form (XEP-0004) with the CAPTCHA it carries (XEP-0158, the picture
 * as XEP-0231 data) or its legacy fields, and returns it (bk-xmpp-form.h; a form above its
 * limits or malformed fails with BK_XMPP_ERROR_REGISTER saying so). submit sends the filled
 * form back without asking again (a server would make a new CAPTCHA); a refusal is
 * BK_XMPP_ERROR_REGISTER in our words for its condition (name taken, registration closed,
 * the CAPTCHA's answer wrong, too many attempts), with the server's own words beside them.
 * A CAPTCHA is good once: after a refusal, fetch a new form. */
void          bk_xmpp_client_fetch_register_form_async  (BkXmppClient        *self,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
BkXmppForm   *bk_xmpp_client_fetch_register_form_finish (BkXmppClient        *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);
void          bk_xmpp_client_submit_register_form_async  (BkXmppClient        *self,
                                                          const BkXmppForm    *form,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
gboolean      bk_xmpp_client_submit_register_form_finish (BkXmppClient        *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

/* XEP-0445: the invitation's token (bk-xmpp-invitation.h), sent before the registration
 * streams ask or answer (where the server offers urn:xmpp:ibr-token:0), so that a server
 * that makes accounts by invitation only makes this one; a spent or expired token fails
 * the registration with BK_XMPP_ERROR_TOKEN saying so. NULL: none. */
void          bk_xmpp_client_set_invitation_token (BkXmppClient *self,
                                                   const char   *token);
/* XEP-0401: an invitation that makes an account on our server, while online: the URI
 * (xmpp:…?register;preauth=… or …?roster;preauth=…;ibr=y) that bk_xmpp_invitation_parse()
 * reads. An account invitation where the server lets us make one (its admins), else a
 * contact's invitation that lets the invitee register; BK_XMPP_ERROR_REGISTER when the
 * server makes neither; at most 20 s. */
void          bk_xmpp_client_create_invitation_async  (BkXmppClient        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
char         *bk_xmpp_client_create_invitation_finish (BkXmppClient        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

void          bk_xmpp_client_connect       (BkXmppClient *self);
/* The network changed (another Wi-Fi, a cable): while online, the server is pinged at once
 * and the stream given up after 5 s without an answer (then reconnected as after any
 * drop), rather than after the next keepalive's 60 + 20 s; while waiting to reconnect
 * after a drop, the client tries at once (and its back-off starts again). */
void          bk_xmpp_client_check_connection (BkXmppClient *self);
void          bk_xmpp_client_disconnect    (BkXmppClient *self);

/* Rooms. create makes a password-protected, hidden, non-anonymous, temporary room, open
 * to whoever has the password (not members-only), through the owner's config form, or
 * joins it when it exists and we own it; join enters as `nick` and
 * fails when the room does not exist. Both end in ::room-joined or ::room-error (also
 * when the room does not answer within 20 s); the ::occupant signals of those already
 * there come before ::room-joined. Either may be called before connect() or while
 * reconnecting: the room is joined once online. After a reconnection that could not
 * resume the stream (XEP-0198) every room is joined again: ::occupant (present FALSE) for
 * everyone we knew, then the room's occupants and ::room-joined again. A room that sends
 * us away (kicked, banned, destroyed) ends in ::room-error. */
void          bk_xmpp_client_create_room   (BkXmppClient *self,
                                            const char   *room_jid,
                                            const char   *nick,
                                            const char   *password);
void          bk_xmpp_client_join_room     (BkXmppClient *self,
                                            const char   *room_jid,
                                            const char   *nick,
                                            const char   *password);
void          bk_xmpp_client_leave_room    (BkXmppClient *self,
                                            const char   *room_jid);
/* The MUC service of our server (service discovery); ::service-found. */
void          bk_xmpp_client_find_muc_service (BkXmppClient *self);
/* The MUC service for `domain` (a guest domain, whose anonymous users may reach only their
 * own server): among `domain`'s items, else among those of its parent domain
 * (guest.example.org: example.org, which lists a component named under it as Prosody
 * does); ::service-found. */
void          bk_xmpp_client_find_muc_service_for (BkXmppClient *self,
                                                   const char   *domain);
/* XEP-0249 direct invitation, with the room's password (the key; no membership). */
void          bk_xmpp_client_invite        (BkXmppClient *self,
                                            const char   *room_jid,
                                            const char   *password,
                                            const char   *to_bare_jid);

/* Messages: `to` a room's bare JID (groupchat) or a full JID (chat: an occupant's
 * room@service/nick is a MUC private message); `body` and `payload` may each be NULL.
 * `private` adds the XEP-0334 no-copy and no-store hints. While the connection is down
 * (reconnecting) messages wait for it, up to 512; offline they are dropped. */
void          bk_xmpp_client_send_groupchat (BkXmppClient        *self,
                                             const char          *room_jid,
                                             const char          *body,
                                             const BkXmppElement *payload);
void          bk_xmpp_client_send_chat     (BkXmppClient        *self,
                                            const char          *to,
                                            const char          *body,
                                            const BkXmppElement *payload,
                                            gboolean             private);

/* Signals (all on the creating thread's main context, in the order things happened):
 *   state-changed (BkXmppState state, GError *error_or_NULL): CONNECTING on connect(),
 *                  ONLINE, OFFLINE on disconnect() or with the error that ended a login
 *                  (BK_XMPP_ERROR_CONNECT, _TLS, _AUTH); a stream lost while online is
 *                  CONNECTING with BK_XMPP_ERROR_CLOSED, then reconnected with a back-off
 *                  (1, 2, 4 … 30 s) and resumed (XEP-0198) where the server can.
 *   room-joined   (const char *room_jid, const char *nick)
 *   room-error    (const char *room_jid, GError *error)
 *   occupant      (const char *room_jid, const char *nick, const char *real_jid_or_NULL,
 *                  gboolean present)
 *   message       (const BkXmppMessage *message)
 *   service-found (const char *muc_service_or_NULL)
 *   invited       (const char *room_jid, const char *password_or_NULL,
 *                  const char *from_bare_jid): a XEP-0249 or XEP-0045 invitation
 */

G_END_DECLS
