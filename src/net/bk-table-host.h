/* bk-table-host.h: the host of a table over XMPP (docs/network.md). It runs the one
 * authoritative BkGame; each seat is bound to a person (by bare JID) or played by a
 * computer player of the host's. Every stanza a guest sends is checked as a request from
 * the view is (bk_table_host_handle()); a refused one changes nothing and is answered to
 * its sender alone. What goes out, the host hands to ::send; the caller (the command
 * line, the app) puts it on the XMPP client, so that the host is tested without a
 * network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"
#include "bk-net-protocol.h"

G_BEGIN_DECLS

#define BK_TYPE_TABLE_HOST (bk_table_host_get_type ())
G_DECLARE_FINAL_TYPE (BkTableHost, bk_table_host, BK, TABLE_HOST, GObject)

BkTableHost  *bk_table_host_new            (BkGame        *game,
                                            const char    *room_jid,
                                            const char    *nick);
BkGame       *bk_table_host_get_game       (BkTableHost   *self);
/* Before start: a seat for a person, bound to @bare_jid or (NULL) to whoever claims it
 * first; or played by a computer player of @level. */
void          bk_table_host_seat_person    (BkTableHost   *self,
                                            BkSeat         seat,
                                            const char    *bare_jid);
gboolean      bk_table_host_seat_computer  (BkTableHost   *self,
                                            BkSeat         seat,
                                            const char    *level,
                                            GError       **error);
/* The room's bare JID, when it is known only after bk_table_host_new() (before start). */
void          bk_table_host_set_room       (BkTableHost   *self,
                                            const char    *room_jid);
void          bk_table_host_set_deals      (BkTableHost   *self,
                                            guint          deals);
void          bk_table_host_set_grace      (BkTableHost   *self,
                                            guint          seconds);
/* The host's house rule (docs/network.md 3.15): FALSE turns hints off for the whole
 * table, which every guest's app obeys. TRUE by default. */
void          bk_table_host_set_hints      (BkTableHost   *self,
                                            gboolean       allowed);
gboolean      bk_table_host_get_hints      (BkTableHost   *self);
/* Posts the table; the first hand begins once every person's seat is taken. */
void          bk_table_host_start          (BkTableHost   *self);
gboolean      bk_table_host_is_finished    (BkTableHost   *self);
/* The public lines of the hand so far: the `seq` a request names now. */
guint         bk_table_host_get_seq        (BkTableHost   *self);

/* A payload from the occupant @nick of the room whose real bare JID is @real_jid (NULL
 * when the room does not tell), at @now (monotonic µs). FALSE with the reason, which
 * ::send has already told the sender, and nothing changed. */
gboolean      bk_table_host_handle         (BkTableHost         *self,
                                            const char          *nick,
                                            const char          *real_jid,
                                            const BkXmppElement *payload,
                                            gint64               now,
                                            GError             **error);
/* A payload that @nick posted to the room: read as bk_table_host_handle() reads a private
 * one when a guest may post it there (a newcomer's <resync/>), ignored (FALSE, nothing
 * sent, nothing changed) when not. */
gboolean      bk_table_host_handle_room    (BkTableHost         *self,
                                            const char          *nick,
                                            const char          *real_jid,
                                            const BkXmppElement *payload,
                                            gint64               now,
                                            GError             **error);
/* A payload from @nick that the client could not even read (@reason: too large, not
 * well-formed): refused as bk_table_host_handle() refuses. */
void          bk_table_host_refuse_unread  (BkTableHost   *self,
                                            const char    *nick,
                                            const GError  *reason);
/* An occupant came (@present) or left. */
void          bk_table_host_occupant       (BkTableHost   *self,
                                            const char    *nick,
                                            const char    *real_jid,
                                            gboolean       present,
                                            gint64         now);
/* The time passes (grace periods): call every second or so. */
void          bk_table_host_tick           (BkTableHost   *self,
                                            gint64         now);

/* A host killed and started again (docs/network.md, "A host started again"). What it
 * keeps: a key file of the record, the seats' bindings and the secrets of the hand in
 * play (keep it private: mode 0600). Saved at each ::changed, it takes the table up again
 * where it was: bk_table_host_start() then sends every person in the room the table so
 * far and goes on. FALSE/NULL with a message when the file is not a table's. */
GKeyFile     *bk_table_host_save_resume    (BkTableHost   *self);
BkTableHost  *bk_table_host_new_from_resume (GKeyFile     *file,
                                             gint64        now,
                                             GError      **error);
const char   *bk_table_host_get_room       (BkTableHost   *self);
const char   *bk_table_host_get_nick       (BkTableHost   *self);

/* Signals:
 *   send     (const char *nick_or_NULL, const char *body_or_NULL, BkXmppElement *payload,
 *             gboolean private): to the room (nick NULL) or to one occupant; `private`
 *             asks for the no-copy and no-store hints
 *   refused  (const char *nick, const char *reason, const char *message)
 *   hand-finished (guint hand)
 *   finished ()
 *   changed  (): what bk_table_host_save_resume() keeps has changed; emitted before
 *             any of it goes out, so that a host killed after it sends it again
 */

G_END_DECLS
