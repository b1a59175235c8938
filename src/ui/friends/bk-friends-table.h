/* bk-friends-table.h: a table with friends as this app plays it (issue 24). The person here
 * plays a chair through a BkTableGuest of his own; the host's app also runs the table
 * (BkTableHost) and talks to its own person's guest in this process. The window shows the
 * guest's game of the hand turned so that the person sits at the bottom (bk-table-turn.h):
 * his cards and words go to the table as requests, and what the others did comes back
 * through the window's remote controllers (bk-remote-controller.h).
 *
 * What goes to the room or to an occupant, the table hands to ::send; what comes from the
 * room, the caller gives to bk_friends_table_receive(): the XMPP client does that
 * (bk-friends-link.h), and a test wires two tables to each other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-net-protocol.h"
#include "bk-table-guest.h"
#include "bk-table-host.h"
#include "bk-window.h"

G_BEGIN_DECLS

#define BK_TYPE_FRIENDS_TABLE (bk_friends_table_get_type ())

G_DECLARE_FINAL_TYPE (BkFriendsTable, bk_friends_table, BK, FRIENDS_TABLE, GObject)

/* The host's: @game (not started) is the table, in @room under @nick; the person here
 * (bare JID @jid) takes @chair. */
BkFriendsTable *bk_friends_table_new_host     (BkGame          *game,
                                               const char      *room,
                                               const char      *nick,
                                               const char      *jid,
                                               BkSeat           chair);
/* A guest's: the person takes @chair at the table in @room (the host's nickname is
 * learnt from its <table/>). */
BkFriendsTable *bk_friends_table_new_guest    (const char      *room,
                                               const char      *nick,
                                               BkSeat           chair);
gboolean        bk_friends_table_is_host      (BkFriendsTable  *self);
BkTableHost    *bk_friends_table_get_host     (BkFriendsTable  *self);
BkTableGuest   *bk_friends_table_get_guest    (BkFriendsTable  *self);
const char     *bk_friends_table_get_room     (BkFriendsTable  *self);
BkSeat          bk_friends_table_get_chair    (BkFriendsTable  *self);
/* The window that shows the table (weak): each hand is taken into it. */
void            bk_friends_table_set_window   (BkFriendsTable  *self,
                                               BkWindow        *window);
/* The host: the table is posted to the room; the chairs fill as friends claim them. */
void            bk_friends_table_open         (BkFriendsTable  *self);
/* The host: the free chairs take computer players of @level; the first hand begins once
 * every person's chair is taken. */
gboolean        bk_friends_table_start        (BkFriendsTable  *self,
                                               const char      *level,
                                               GError         **error);
/* The host's house rule: FALSE turns hints off for everyone at the table (its guests'
 * apps and the host's own window obey it, docs/network.md 3.15). */
void            bk_friends_table_set_hints    (BkFriendsTable  *self,
                                               gboolean         allowed);
/* A payload from the occupant @nick of the room (@real_jid as the room shows it, or
 * NULL); @private when it came to us alone. */
void            bk_friends_table_receive      (BkFriendsTable      *self,
                                               const char          *nick,
                                               const char          *real_jid,
                                               const BkXmppElement *payload,
                                               gboolean             private);
/* An occupant came or went (the host counts who is here). */
void            bk_friends_table_occupant     (BkFriendsTable  *self,
                                               const char      *nick,
                                               const char      *real_jid,
                                               gboolean         present);
/* The last <table/> seen: who sits where (NULL before the first). */
const BkNetStanza *bk_friends_table_get_seats (BkFriendsTable  *self);
/* The controller of seat @seat of the shown game (0 the person here), or NULL. */
GObject        *bk_friends_table_get_controller (BkFriendsTable *self,
                                                 BkSeat          seat);
/* The window's game of the hand in play, NULL between hands. */
BkGame         *bk_friends_table_get_shown    (BkFriendsTable  *self);
BkGame         *bk_friends_table_dup_revealed (BkFriendsTable  *self);

/* hostquit (docs/network.md §7, "A host started again"): the host keeps its table at
 * @path (0600, written atomically at each BkTableHost::changed) with the room's
 * @password; NULL keeps nothing. */
void            bk_friends_table_set_resume_path (BkFriendsTable *self,
                                                  const char     *path,
                                                  const char     *password);
/* The guest domain of the table's link (issue 32; NULL: none), kept with the table so that
 * the link of the table taken up again lets the same guests in: set before
 * bk_friends_table_set_resume_path(). */
void            bk_friends_table_set_guest_domain (BkFriendsTable *self,
                                                   const char     *guests);
/* The guest domain kept in @file (a table's kept file), or NULL when it keeps none or one
 * that is not a domain. */
char           *bk_friends_table_dup_kept_guest_domain (GKeyFile *file);
/* The host's table taken up again from what it kept: bk_friends_table_open() then posts
 * it again and gives every person in the room the table so far. */
BkFriendsTable *bk_friends_table_new_resumed  (GKeyFile        *file,
                                               GError         **error);
gboolean        bk_friends_table_is_finished  (BkFriendsTable  *self);
/* The host closes the table for good: the room is told (<end/>) and what it kept is
 * deleted. */
void            bk_friends_table_close        (BkFriendsTable  *self);

/* Signals:
 *   send      (const char *nick_or_NULL, const char *body_or_NULL, BkXmppElement *payload,
 *              gboolean private): as BkTableHost's
 *   seats-changed (): a new <table/>
 *   verified  (guint hand, gboolean verified, const char *message)
 *   shown     (): the window took a hand
 *   finished  ()
 */

G_END_DECLS
