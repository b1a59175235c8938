/* bk-table-link.h: a table's room on the XMPP client, as every side of a table wires it
 * (`bierkopf-cli table`, the app's friends): what the room says to us comes out as
 * ::message and ::occupant (our own echo, the room's history and other rooms left out),
 * and is handed to the BkTableHost or BkTableGuest attached; what a host, guest or any
 * object with their ::send signal hands to ::send goes to the room, or to one occupant.
 * The connection and the room's joining stay the caller's (the account's, in the app).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table-guest.h"
#include "bk-table-host.h"
#include "bk-table-invitation.h"
#include "bk-xmpp-client.h"

G_BEGIN_DECLS

#define BK_TYPE_TABLE_LINK (bk_table_link_get_type ())

G_DECLARE_FINAL_TYPE (BkTableLink, bk_table_link, BK, TABLE_LINK, GObject)

/* How often a newcomer asks the room for the table until it comes: the first stanza
 * after a join is sometimes lost (docs/network.md). */
#define BK_TABLE_LINK_ASK_SECONDS 2

/* Whether the table has come (bk_table_link_ask_for_table() stops asking then). */
typedef gboolean (*BkTableLinkHaveFunc) (gpointer data);

/* @room may be NULL until the host has made one (bk_table_link_set_room()). */
BkTableLink  *bk_table_link_new            (BkXmppClient        *client,
                                            const char          *room,
                                            const char          *nick);
const char   *bk_table_link_get_room       (BkTableLink         *self);
void          bk_table_link_set_room       (BkTableLink         *self,
                                            const char          *room);
const char   *bk_table_link_get_nick       (BkTableLink         *self);
void          bk_table_link_set_nick       (BkTableLink         *self,
                                            const char          *nick);
/* The room's occupants we know the real JID of: nick → real bare JID (owned by @self). */
GHashTable   *bk_table_link_get_real_jids  (BkTableLink         *self);

/* To the room (@nick NULL) or to the occupant @nick (@private: not copied, not stored);
 * the arguments of BkTableHost's and BkTableGuest's ::send. */
void          bk_table_link_send           (BkTableLink         *self,
                                            const char          *nick,
                                            const char          *body,
                                            const BkXmppElement *payload,
                                            gboolean             private);
/* @source's ::send (nick_or_NULL, body_or_NULL, payload, private) goes out through
 * bk_table_link_send() while @self lives. */
void          bk_table_link_attach_sender  (BkTableLink         *self,
                                            GObject             *source);
/* The host takes the requests sent to us alone and, in the room, a newcomer's <resync/>
 * (it answers with <table/> to the room), and counts who is here; what it sends goes out. */
void          bk_table_link_attach_host    (BkTableLink         *self,
                                            BkTableHost         *host);
/* The guest takes every payload from the room and to us, and hears who comes and goes;
 * what it sends goes out. */
void          bk_table_link_attach_guest   (BkTableLink         *self,
                                            BkTableGuest        *guest);

/* A newcomer's <resync/> to the room now and every BK_TABLE_LINK_ASK_SECONDS until @have
 * says the table is there. */
void          bk_table_link_ask_for_table  (BkTableLink         *self,
                                            BkTableLinkHaveFunc  have,
                                            gpointer             data);

/* Who sits where: @payload's <table/> in place of @seats (TRUE), or FALSE and @seats as
 * it was when @payload is none. */
gboolean      bk_table_link_take_seats     (BkNetStanza         *seats,
                                            const BkXmppElement *payload);

/* A new room's JID on the MUC @service: bierkopf-<12 random hex digits>@service. */
char         *bk_table_link_new_room_name  (const char          *service);
/* The link's clickable form (BK_TABLE_LINK_SCHEME) and its bound (BK_TABLE_LINK_MAX_BYTES):
 * bk-table-invitation.h, which reads and writes every parameter of a link. */

/* The invitation: "xmpp:room@service?join;password=PW" (XEP-0147). */
char         *bk_table_link_dup_invitation (const char          *room,
                                            const char          *password);
/* …and ";guests=DOMAIN" when @guests is not NULL: people without an account log in there
 * (SASL ANONYMOUS) to come in (docs/network.md, "Guests without an account"). */
char         *bk_table_link_dup_guest_invitation (const char    *room,
                                                  const char    *password,
                                                  const char    *guests);
/* Whether @domain may stand as a link's guest domain. */
gboolean      bk_table_link_is_guest_domain (const char         *domain);
/* An invitation, or a bare room@service (@password NULL then): FALSE when it is neither,
 * and nothing is set. Spaces around it are ignored. */
gboolean      bk_table_link_parse_invitation (const char        *uri,
                                              char             **room,
                                              char             **password);
/* As bk_table_link_parse_invitation(), in either form ("xmpp:…" or "bierkopf:xmpp:…"),
 * and the guest domain in @guests (NULL when the link has none). Refused: whatever
 * bk_table_invitation_parse() refuses (a text longer than BK_TABLE_LINK_MAX_BYTES, not UTF-8
 * or with control characters, a guests= that is no domain or comes twice, …). */
gboolean      bk_table_link_parse_link     (const char          *uri,
                                            char               **room,
                                            char               **password,
                                            char               **guests);

/* Signals (the attached host or guest takes each after the signal's handlers):
 *   message  (const char *nick, const char *real_jid_or_NULL, const BkXmppMessage *message,
 *             gboolean private): live, from another occupant of our room, "chat" (@private)
 *             or "groupchat"; message->payload may be NULL (message->payload_error says why)
 *   occupant (const char *nick, const char *real_jid_or_NULL, gboolean present): of our room
 *   joined   (): we are in our room (again, after a reconnection)
 */

G_END_DECLS
