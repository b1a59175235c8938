/* bk-net-protocol.h: the payloads of a table over XMPP (docs/network.md), built and parsed
 * as BkXmppElement in BK_NET_NS. Parsing is strict: the version, the caps, every required
 * attribute, nothing unknown; actions travel in the engine's record notation and are read
 * with the game module's own record reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"
#include "bk-xmpp-element.h"

G_BEGIN_DECLS

#define BK_NET_VERSION "1"
/* docs/network.md, "Caps": a payload a guest sends, serialized; one a host sends. */
#define BK_NET_MAX_REQUEST_BYTES 2048
#define BK_NET_MAX_PAYLOAD_BYTES BK_XMPP_ELEMENT_MAX_BYTES
/* the most stanzas an occupant may send in a burst, and how many per second after it */
#define BK_NET_RATE_BURST 20
#define BK_NET_RATE_PER_SECOND 10
/* a guest paces itself at the host's rate with half its burst: the other half absorbs
 * the jitter of the way (a second of it) and the few stanzas sent outside the guest */
#define BK_NET_GUEST_BURST (BK_NET_RATE_BURST / 2)
#define BK_NET_SECRET_SIZE 32
/* a seat's resume token (docs/network.md 3.16): 128 bits, 32 lowercase hex digits */
#define BK_NET_TOKEN_SIZE 16
/* the grace period of a dropped seat by default, seconds (a house rule of the table) */
#define BK_NET_GRACE_DEFAULT 120

#define BK_NET_ERROR (bk_net_error_quark ())

typedef enum {
  BK_NET_ERROR_MALFORMED,    /* not a payload of this protocol, or a field out of bounds */
  BK_NET_ERROR_VERSION,      /* a version we do not speak */
  BK_NET_ERROR_TOO_LARGE,    /* above a cap */
  BK_NET_ERROR_FLOOD,        /* above the rate per occupant */
  BK_NET_ERROR_NOT_SEATED,   /* the sender's JID is not bound to the seat it acts for */
  BK_NET_ERROR_NICKNAME,     /* a seated player's nickname used by another JID */
  BK_NET_ERROR_REPLAYED,     /* an old hand or an action already taken */
  BK_NET_ERROR_SEAT_TAKEN,   /* a claim of a seat bound to somebody else */
  BK_NET_ERROR_UNEXPECTED,   /* a stanza that has no place now (e.g. a secret twice) */
  BK_NET_ERROR_VERIFY,       /* a hand that does not verify */
} BkNetError;

typedef enum {
  BK_NET_TABLE,     /* host → room: the table, its rules and its seats */
  BK_NET_CLAIM,     /* guest → host: a seat */
  BK_NET_COMMIT,    /* host → room: SHA-256 of the host's secret of the next hand */
  BK_NET_SECRET,    /* guest → host: the seat's secret for the next hand */
  BK_NET_HAND,      /* host → one seat: its cards (private, no-copy, no-store) */
  BK_NET_LINE,      /* host → room: a public record line that is no action (dealer, …) */
  BK_NET_REQUEST,   /* guest → host: an action in record notation */
  BK_NET_DECLINE,   /* guest → host: the seat lets an offer pass */
  BK_NET_ACTION,    /* host → room: an action taken */
  BK_NET_REFUSED,   /* host → one sender: why its stanza changed nothing */
  BK_NET_REVEAL,    /* host → room: the secrets of a finished hand */
  BK_NET_RESYNC,    /* guest → host: send me the table again (after a drop) */
  BK_NET_STATE,     /* host → one seat: the record so far, the hand, its cards (to a
                     * spectator: seat BK_SEAT_NONE, no cards) */
  BK_NET_WAIT,      /* host → room: the table waits for a seat */
  BK_NET_END,       /* host → room: the session is over */
  BK_NET_TOKEN,     /* host → one seat: its resume token (3.16) */
  BK_NET_N_KINDS
} BkNetKind;

typedef struct {
  char     *nick;     /* the seated person's nickname; NULL: free or a computer */
  char     *level;    /* a computer player's level; NULL: a person's seat */
  gboolean  away;     /* a person who dropped and is waited for */
} BkNetSeat;

typedef struct {
  BkNetKind  kind;
  guint      hand;        /* the hand number (1 the first) */
  guint      seq;         /* the index of a public line in its hand (0 the first) */
  guint      seat;
  char      *text;        /* LINE, REQUEST, ACTION: a record line; REFUSED: the message;
                           * HAND, STATE: the cards; TABLE, STATE: see below */
  char      *code;        /* REFUSED: the reason's name (docs/network.md, "Errors") */
  char      *host;        /* TABLE: the host's nickname */
  char      *record;      /* TABLE: the record's header; STATE: the finished hands */
  char      *lines;       /* STATE: the public lines of the hand so far */
  guint8     digest[BK_NET_SECRET_SIZE];  /* COMMIT, SECRET, REVEAL (the host's), STATE */
  gboolean   has_digest;  /* STATE: a commitment is open */
  gboolean   hints_off;   /* TABLE: the host turned hints off for the whole table */
  guint      seconds;     /* WAIT: grace left */
  guint      n_seats;     /* TABLE; REVEAL: the secrets */
  BkNetSeat  seats[BK_MAX_SEATS];
  guint8     secret_seats[BK_MAX_SEATS];
  guint8     secrets[BK_MAX_SEATS][BK_NET_SECRET_SIZE];
  guint8     token[BK_NET_TOKEN_SIZE];  /* TOKEN; CLAIM when has_token (3.16) */
  gboolean   has_token;
} BkNetStanza;

GQuark          bk_net_error_quark      (void);
const char     *bk_net_kind_name        (BkNetKind           kind);
/* The payload named @name (an element's local name), or BK_NET_N_KINDS for none. */
BkNetKind       bk_net_kind_from_name   (const char         *name);
void            bk_net_stanza_init      (BkNetStanza        *stanza,
                                         BkNetKind           kind);
void            bk_net_stanza_clear     (BkNetStanza        *stanza);
BkXmppElement  *bk_net_stanza_build     (const BkNetStanza  *stanza);
gboolean        bk_net_stanza_parse     (const BkXmppElement *element,
                                         gsize               max_bytes,
                                         BkNetStanza        *stanza,
                                         GError            **error);

/* The reason a refusal names for @error (docs/network.md, "Errors"). */
const char     *bk_net_error_code       (const GError       *error);

/* One action in the record notation of @rules' game, read by its module's reader. */
gboolean        bk_net_action_parse     (const BkRules      *rules,
                                         const char         *text,
                                         BkAction           *action,
                                         GError            **error);
char           *bk_net_action_to_string (const BkRules      *rules,
                                         const BkAction     *action);
gboolean        bk_net_is_action_line   (const BkRules      *rules,
                                         const char         *line);
/* Whether a line of the record goes to the room (all but the cards dealt, blank lines and
 * comments), and the lines of @hand_text (one hand of a record) that do, each ended by a
 * newline: as the room saw them. */
gboolean        bk_net_line_is_public   (const char         *line);
char           *bk_net_public_lines     (const char         *hand_text);

/* The protocol names a player by the chair taken at the table (its seat when the session
 * began); the record by where the player sits now (Bierkopf's seating ceremony moves the
 * players, B2.1 and B2.5; other games never do). */
BkSeat          bk_net_seat_now         (BkGame             *game,
                                         BkSeat              chair);
BkSeat          bk_net_seat_chair       (BkGame             *game,
                                         BkSeat              now);

char           *bk_net_hex              (const guint8       *bytes,
                                         gsize               n);
gboolean        bk_net_hex_parse        (const char         *text,
                                         guint8             *bytes,
                                         gsize               n);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BkNetStanza, bk_net_stanza_clear)

G_END_DECLS
