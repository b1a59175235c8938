/* bk-table-guest.h: a seat (or a spectator) at a table over XMPP (docs/network.md). The
 * guest's game knows its own cards and what the room saw, nothing else: it keeps a world
 * of the hand consistent with both (the other hands filled in with cards nobody has
 * shown), enough to show the table and to offer only legal moves, and once the host
 * reveals the secrets it deals the hand again from the seed, replays every action
 * through the engine and says "deal and play verified" or exactly what failed.
 * What it sends, it hands to ::send (to the host's nickname).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"
#include "bk-net-protocol.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_TABLE_GUEST (bk_table_guest_get_type ())
G_DECLARE_FINAL_TYPE (BkTableGuest, bk_table_guest, BK, TABLE_GUEST, GObject)

typedef struct {
  guint     hand;
  gboolean  verified;
  char     *message;   /* "deal and play verified" or what failed */
} BkTableVerdict;

/* @seat: the seat to claim, BK_SEAT_NONE for a spectator. */
BkTableGuest *bk_table_guest_new          (const char     *room_jid,
                                           BkSeat          seat);
/* Our nickname in the room, when the caller knows it: a <table/> that shows it at our
 * chair beside a computer's level says our claim waits (else any name there does). */
void          bk_table_guest_set_nick     (BkTableGuest   *self,
                                           const char     *nick);
/* The claim of a computer's chair waits for the end of the hand in play: the host keeps
 * it (docs/network.md 3.14), and the guest sits from the next hand on. */
gboolean      bk_table_guest_is_claim_waiting (BkTableGuest *self);
/* Our chair's resume token (docs/network.md 3.16), 32 lowercase hex digits: set before
 * the claim (kept from a run before), the claim carries it and takes the chair back under
 * any address. FALSE when @token is not one (NULL forgets it). ::token tells each new one
 * the host sends. */
gboolean      bk_table_guest_set_token    (BkTableGuest   *self,
                                           const char     *token);
char         *bk_table_guest_dup_token    (BkTableGuest   *self);
/* A computer player who plays the seat (NULL: a person asks through request()). */
void          bk_table_guest_set_strategy (BkTableGuest   *self,
                                           BkStrategy     *strategy);
/* A payload from the occupant @nick; @private when sent to us alone. FALSE with the
 * reason when it is refused (it changed nothing). */
gboolean      bk_table_guest_handle       (BkTableGuest        *self,
                                           const char          *nick,
                                           const BkXmppElement *payload,
                                           gboolean             private,
                                           GError             **error);
/* Asks the host for the action in record notation: FALSE with the engine's reason when
 * the guest's own game already refuses it. */
gboolean      bk_table_guest_request      (BkTableGuest   *self,
                                           const char     *text,
                                           GError        **error);
/* The clock by which the guest paces what it sends (monotonic microseconds; by default
 * g_get_monotonic_time()): tests give their own. */
typedef gint64 (*BkTableGuestClock) (gpointer user_data);
void          bk_table_guest_set_clock    (BkTableGuest      *self,
                                           BkTableGuestClock  clock,
                                           gpointer           user_data);
/* A guest never sends faster than the host's cap (docs/network.md, "Caps"): what would
 * exceed it waits, and a stanza refused as a flood is asked for again a moment later.
 * The time (on the clock) when something waits to be sent (a request the table has passed
 * meanwhile is not: it will not go), 0 when nothing does; the guest's own timer on the
 * main context of its creation sends it then, and a caller with its own clock calls
 * flush() at that time. */
gint64        bk_table_guest_get_next_send (BkTableGuest  *self);
/* Sends what may go now. */
void          bk_table_guest_flush        (BkTableGuest   *self);
/* The guest's own game of the hand in play (its world), NULL when there is none. */
BkGame       *bk_table_guest_get_game     (BkTableGuest   *self);
BkSeat        bk_table_guest_get_seat     (BkTableGuest   *self);
const char   *bk_table_guest_get_host     (BkTableGuest   *self);
/* The verdict on every finished hand, oldest first (BkTableVerdict). */
GArray       *bk_table_guest_get_verdicts (BkTableGuest   *self);
gboolean      bk_table_guest_is_finished  (BkTableGuest   *self);
/* The whole record as verified so far. */
const char   *bk_table_guest_get_record   (BkTableGuest   *self);

/* An occupant of the room came (@present) or left: when the host leaves (killed, its
 * connection lost) the guest waits for it, and ::host-away says so until it speaks again. */
void          bk_table_guest_occupant     (BkTableGuest   *self,
                                           const char     *nick,
                                           gboolean        present);
gboolean      bk_table_guest_is_host_away (BkTableGuest   *self);

/* Free words (docs/network.md, 3.13): @text made one plain line and sent to the room
 * (::send with no nick and no payload), and heard at once (::words with no nick). FALSE
 * when nothing is left of it, it is too long, or we talk faster than the others listen. */
gboolean      bk_table_guest_say          (BkTableGuest   *self,
                                           const char     *text,
                                           GError        **error);
/* A body without a payload of ours that the occupant @nick said to the room (not our own
 * echo, not the room's history): ::words, or FALSE when @nick talks faster than the cap or
 * nothing is left of it. */
gboolean      bk_table_guest_hear         (BkTableGuest   *self,
                                           const char     *nick,
                                           const char     *body,
                                           GError        **error);

/* Signals:
 *   send     (const char *nick, const char *body_or_NULL, BkXmppElement *payload,
 *             gboolean private): payload NULL for free words to the room
 *   line     (const char *line): a public record line the room saw
 *   turn     (): the seat is asked for an action (a person's guest)
 *   refused  (const char *reason, const char *message)
 *   waiting  (guint seat, guint seconds)
 *   verified (guint hand, gboolean verified, const char *message)
 *   finished ()
 *   host-away (gboolean away): the host left the room (we wait), or is back
 *   words    (const char *nick_or_NULL, guint chair, const char *text): free words heard,
 *             one plain line; nick NULL: our own; chair BK_SEAT_NONE: nobody seated (a
 *             spectator, an XMPP client in the room)
 *   token    (const char *token): the host sent our chair's resume token, a new one; keep
 *             it with the table (bk_table_guest_set_token() in a guest started again)
 */

G_END_DECLS
