/* bk-friends-link.h: a table with friends on the XMPP client: the host's app finds its
 * server's multi-user chat, makes the private room (password-protected; the invitation
 * carries the password) and opens the table in it; a guest's app joins the room of an
 * invitation, learns the chairs and takes the one its person picks. Everything the
 * table says goes out on the client, everything the room says comes in to the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-friends-table.h"
#include "bk-xmpp-client.h"

G_BEGIN_DECLS

#define BK_TYPE_FRIENDS_LINK (bk_friends_link_get_type ())

G_DECLARE_FINAL_TYPE (BkFriendsLink, bk_friends_link, BK, FRIENDS_LINK, GObject)

/* "xmpp:room@service?join;password=PW" (XEP-0147) or room@service, either of them also
 * as the clickable "bierkopf:xmpp:…": FALSE when it is neither. */
gboolean        bk_friends_parse_invitation  (const char      *uri,
                                              char           **room,
                                              char           **password);
/* The same, and the table's guest domain (its "guests=DOMAIN", issue 32; NULL when the
 * link has none): a person without an account logs in there anonymously. */
gboolean        bk_friends_parse_link        (const char      *uri,
                                              char           **room,
                                              char           **password,
                                              char           **guests);

/* The host's: @game (not started) is the table; the person here takes chair 0. */
BkFriendsLink  *bk_friends_link_new_host     (BkXmppClient    *client,
                                              BkGame          *game);
/* The same, for a table that takes guests without an account who log in on @guests (issue
 * 32; NULL: none): the room is made on that domain's multi-user chat, or, when it has none,
 * on the account's for those with an account alone. */
BkFriendsLink  *bk_friends_link_new_host_for_guests (BkXmppClient *client,
                                                     BkGame       *game,
                                                     const char   *guests);
BkFriendsLink  *bk_friends_link_new_guest    (BkXmppClient    *client,
                                              const char      *room,
                                              const char      *password);
/* A guest whose nickname is @nick, not its address's local part: one logged in
 * anonymously (issue 32), whose address is random, under the name it typed. */
BkFriendsLink  *bk_friends_link_new_named_guest (BkXmppClient *client,
                                              const char      *room,
                                              const char      *password,
                                              const char      *nick);
/* hostquit: where the host's app keeps its table (bk_friends_table_set_resume_path()), and
 * the host's table taken up again from it, in the same room with the same link. */
char           *bk_friends_dup_resume_path   (void);
BkFriendsLink  *bk_friends_link_new_resumed  (BkXmppClient    *client,
                                              GKeyFile        *file,
                                              GError         **error);
gboolean        bk_friends_link_is_host      (BkFriendsLink   *self);
/* Our nickname in the room. */
const char     *bk_friends_link_get_nick     (BkFriendsLink   *self);
/* The table once there is one (the host's at once, a guest's once it sits). */
BkFriendsTable *bk_friends_link_get_table    (BkFriendsLink   *self);
/* The invitation (XEP-0147 URI), NULL until the room is there. */
const char     *bk_friends_link_get_invitation (BkFriendsLink *self);
/* Who sits where: the table's last <table/>, NULL before it came. */
/* The connection it uses (the account's, or a guest's own). */
BkXmppClient   *bk_friends_link_get_client   (BkFriendsLink   *self);
/* The guest domain the invitation carries, NULL when it has none (or is not there yet). */
const char     *bk_friends_link_get_guests   (BkFriendsLink   *self);
const BkNetStanza *bk_friends_link_get_seats (BkFriendsLink   *self);
/* Where things stand, in a person's words. */
const char     *bk_friends_link_get_status   (BkFriendsLink   *self);
/* A guest takes @chair. */
void            bk_friends_link_sit          (BkFriendsLink   *self,
                                              BkSeat           chair);
/* XEP-0249: an invitation to @jid. */
void            bk_friends_link_invite       (BkFriendsLink   *self,
                                              const char      *jid);
void            bk_friends_link_connect      (BkFriendsLink   *self);

/* Signals:
 *   changed (): the seats, the invitation or the status changed
 *   seated ():  the guest's table is there (bk_friends_link_get_table())
 */

G_END_DECLS
