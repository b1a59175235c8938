/* bk-table-host-private.h: the host's state, shared by the files of the host:
 * bk-table-host.c (the object, seats, start, occupants), bk-table-host-send.c (what goes
 * out), bk-table-host-bodies.c (the bodies of public events in a person's words),
 * bk-table-host-hand.c (a hand's stages), bk-table-host-claims.c (claims of seats),
 * bk-table-host-requests.c (the checks of what comes in, the rates of accounts),
 * bk-table-host-resume.c (its state kept in a file, to take the table up again after the
 * host was killed) and bk-table-host-tokens.c (the chairs' resume tokens).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-fair-deal.h"
#include "bk-net-bucket.h"
#include "bk-strategy.h"
#include "bk-table-host.h"

G_BEGIN_DECLS

/* The computer player that keeps a dropped person's seat after the grace period. */
#define STAND_IN_LEVEL "heuristic"
/* The spent tokens a chair remembers, to refuse a replay as one (docs/network.md 3.16). */
#define BK_TABLE_HOST_SPENT 8

typedef enum {
  STAGE_SEATING,    /* waiting for every person's seat to be taken */
  STAGE_COMMITTED,  /* the commitment posted, the seats' secrets coming in */
  STAGE_PLAYING,
  STAGE_FINISHED,
} Stage;

typedef struct {
  gboolean  person;
  char     *level;         /* a computer's level */
  BkStrategy *strategy;    /* the computer's, or the stand-in's */
  char     *jid;           /* a person's bare JID once bound */
  char     *nick;          /* the person's nickname in the room */
  gboolean  present;
  gint64    away_since;
  gboolean  stand_in;      /* a computer player keeps the seat for the person */
  gboolean  secret_in;
  gboolean  contributes;   /* counted among the secrets of this hand */
  guint8    secret[BK_NET_SECRET_SIZE];
  BkHand    dealt;
  char     *next_jid;      /* a computer's chair: the person who takes it at the hand's end */
  char     *next_nick;
  gboolean  has_token;     /* a person's chair: its resume token (bk-table-host-tokens.c) */
  guint8    token[BK_NET_TOKEN_SIZE];
  guint8    spent[BK_TABLE_HOST_SPENT][BK_NET_TOKEN_SIZE];
  guint     n_spent;
} Seat;

/* What one account (all its nicknames) may make the host do. */
typedef struct {
  BkNetBucket bucket;        /* its stanzas */
  BkNetBucket tables;        /* the <table/> posts it draws to the room */
  gint64      came_at;       /* when one of its nicknames last came in */
  gint64      claim_at;      /* when it last claimed a computer's chair for a hand's end … */
  gboolean    claimed;       /* … if it did */
} Rate;

struct _BkTableHost
{
  GObject      parent_instance;

  BkGame      *game;
  char        *room;
  char        *nick;
  char        *header;         /* the record before the first hand */
  guint        n_seats;
  Seat         seats[BK_MAX_SEATS];
  guint        deals;
  guint        hands_played;
  guint        grace;
  Stage        stage;
  guint        hand;           /* the hand committed to or in play */
  guint8       host_secret[BK_NET_SECRET_SIZE];
  guint8       commitment[BK_NET_SECRET_SIZE];
  gsize        published;      /* the record up to here went to the room */
  gsize        hand_start;     /* where the current hand's lines begin in the record */
  guint        seq;            /* public lines of the current hand so far */
  /* the offer open now (its engine level) in hand offer_hand, first seen with offer_seq
   * public lines: a decline sent since answers it, though lines came after */
  guint        offer_hand;
  guint        offer_level;
  guint        offer_seq;
  GString     *hand_lines;     /* … and the lines themselves */
  GHashTable  *rates;          /* an occupant's account (its rate key) → Rate */
  GHashTable  *occupants;      /* nick → its account's rate key, while in the room */
  gint64       clock;          /* the latest time we were told (monotonic µs) */
  char        *last_table;     /* the last <table/> posted, as text … */
  gint64       last_table_at;  /* … and when */
  BkXmppElement *last_reveal;  /* the last hand's <reveal/>, sent again when resumed */
  char        *last_lines;     /* … and its public lines, before it */
  gboolean     resumed;        /* taken up again from a resume file */
  gboolean     started;
  gboolean     no_hints;       /* the host turned hints off for the whole table */
};

enum {
  SIGNAL_SEND,
  SIGNAL_REFUSED,
  SIGNAL_HAND_FINISHED,
  SIGNAL_FINISHED,
  SIGNAL_CHANGED,
  N_SIGNALS
};

extern guint bk_table_host_signals[N_SIGNALS];

/* Seats are chairs (bk_net_seat_chair()) unless called `now`. */

/* bk-table-host.c */
/* Each computer player where its chair is now (a ceremony may have moved it). */
void     bk_table_host_place_strategies   (BkTableHost *self);
/* The time of a call from outside (@now), kept for what it sends. */
void     bk_table_host_set_clock          (BkTableHost *self,
                                           gint64       now);
/* Emits ::changed: what the host keeps has changed, before any of it goes out. */
void     bk_table_host_changed            (BkTableHost *self);
/* A JID's bare form as we compare them: without the resource, the domain in lowercase. */
char    *bk_table_host_bare_jid           (const char  *jid);
/* The seat bound to @jid, or BK_SEAT_NONE. */
BkSeat   bk_table_host_seat_of_jid        (BkTableHost *self,
                                           const char  *jid);
/* A chair as people name it: the seat where its player sits now, e.g. "West". */
char    *bk_table_host_chair_name         (BkTableHost *self,
                                           BkSeat       chair);

/* bk-table-host-send.c */
/* Hands @stanza to ::send: for the room (@nick NULL) or for one occupant. */
void     bk_table_host_send               (BkTableHost       *self,
                                           const char        *nick,
                                           const char        *body,
                                           const BkNetStanza *stanza);
/* The <table/> to the room, when it changed since the last one posted. */
void     bk_table_host_send_table         (BkTableHost *self);
/* The <table/> once more, for @nick (@real_jid) who came in (@asked FALSE) or asked. An
 * account draws a burst of BK_TABLE_HOST_TABLES_BURST, then one every
 * BK_TABLE_HOST_AGAIN_USEC (a person who leaves and comes back at once still gets it; 30
 * nicknames of one account do not get 30); one who asks within BK_TABLE_HOST_AGAIN_USEC
 * of a table posted since it came in is answered by that one (a newcomer asks the room
 * every 2 s until it has the table, its first time right as it comes in). */
#define BK_TABLE_HOST_AGAIN_USEC (2 * G_USEC_PER_SEC)
#define BK_TABLE_HOST_TABLES_BURST 5
void     bk_table_host_send_table_again   (BkTableHost *self,
                                           const char  *nick,
                                           const char  *real_jid,
                                           gboolean     asked);
void     bk_table_host_send_state         (BkTableHost *self,
                                           BkSeat       seat);
/* Whether a line of the record goes to the room (all but the cards dealt, blank lines
 * and comments). */
gboolean bk_table_host_line_is_public     (const char  *line);
void     bk_table_host_publish            (BkTableHost *self);
/* Tells @nick why (@reason, taken) and puts it in @error: FALSE. */
gboolean bk_table_host_refuse             (BkTableHost  *self,
                                           const char   *nick,
                                           GError      **error,
                                           GError       *reason);

/* A refusal's reason: BK_NET_ERROR @code with a message. */
static inline GError *net_error (BkNetError  code,
                                 const char *format,
                                 ...) G_GNUC_PRINTF (2, 3);

static inline GError *
net_error (BkNetError  code,
           const char *format,
           ...)
{
  va_list args;
  GError *error;

  va_start (args, format);
  error = g_error_new_valist (BK_NET_ERROR, code, format, args);
  va_end (args);
  return error;
}

/* A seat's (now) name for people: the person's nickname, or "West (computer)". */
char    *bk_table_host_seat_name          (BkTableHost *self,
                                           BkSeat       now);

/* bk-table-host-bodies.c: bodies in a person's words, NULL when there is nothing to say */
/* The partners and the first dealer, after Bierkopf's seating line. */
char    *bk_table_host_seating_body       (BkTableHost *self);
/* Who took the trick the last card completed, and its card points. */
char    *bk_table_host_trick_body         (BkTableHost *self);
/* The hand's card points by side, at its end. */
char    *bk_table_host_result_body        (BkTableHost *self);
/* The session's score after the hand. */
char    *bk_table_host_score_body         (BkTableHost *self);

/* bk-table-host-hand.c */
gboolean bk_table_host_all_seated         (BkTableHost *self);
void     bk_table_host_begin_hand         (BkTableHost *self);
void     bk_table_host_deal_if_ready      (BkTableHost *self);
void     bk_table_host_run_computers      (BkTableHost *self);
void     bk_table_host_finish_hand        (BkTableHost *self);

/* bk-table-host-requests.c */
/* The occupant @nick left: its account's rate is forgotten once no other occupant of
 * the account is in the room and the rate is at rest (bk_table_host_sweep_rates()). */
void     bk_table_host_forget_rate        (BkTableHost *self,
                                           const char  *nick);
/* Forgets the rates of accounts not in the room that are at rest (called every tick). */
void     bk_table_host_sweep_rates        (BkTableHost *self);
/* What the account of @nick (@real_jid, or NULL) may make the host do, from now. */
Rate    *bk_table_host_rate_of            (BkTableHost *self,
                                           const char  *nick,
                                           const char  *real_jid);
/* The occupant @nick is in the room, and counted under its account. */
void     bk_table_host_note_occupant      (BkTableHost *self,
                                           const char  *nick,
                                           const char  *real_jid);

/* bk-table-host-claims.c */
void     bk_table_host_begin_hand_with_claims (BkTableHost *self);
GError  *bk_table_host_handle_claim       (BkTableHost       *self,
                                           const char        *nick,
                                           const char        *jid,
                                           const BkNetStanza *stanza);
gboolean bk_table_host_drop_claims        (BkTableHost *self,
                                           const char  *nick);

/* bk-table-host-tokens.c (docs/network.md 3.16) */
/* A new token for the person's @chair, unless it has one. */
void     bk_table_host_token_issue        (BkTableHost *self,
                                           BkSeat       chair);
/* The chair's token to its person alone (one is made, and kept, if it has none). */
void     bk_table_host_send_token         (BkTableHost *self,
                                           BkSeat       chair);
/* A claim with a token (@nick, @jid its sender): NULL when the token is the chair's, which
 * then is bound to @jid and has a new token; else the refusal, and nothing changed. */
GError  *bk_table_host_take_token         (BkTableHost       *self,
                                           const char        *nick,
                                           const char        *jid,
                                           const BkNetStanza *claim);
void     bk_table_host_save_tokens        (BkTableHost *self,
                                           GKeyFile    *file,
                                           const char  *group,
                                           BkSeat       chair);
gboolean bk_table_host_load_tokens        (BkTableHost *self,
                                           GKeyFile    *file,
                                           const char  *group,
                                           BkSeat       chair,
                                           GError     **error);

G_END_DECLS
