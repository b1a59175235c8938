/* bk-table-guest-private.h: the guest's one state, shared by its files: the object and
 * its API (bk-table-guest.c), what it sends (-send.c), its world of the hand (-world.c)
 * and what each payload does (-take.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-net-bucket.h"
#include "bk-table-guest.h"
#include "bk-table-words.h"

G_BEGIN_DECLS

/* How often a world of the hand is dealt again before the guest gives up on it: each try
 * rules out at least one card for one seat. */
#define MAX_WORLD_TRIES (BK_N_CARDS * BK_MAX_SEATS)
/* How long after a refusal as a flood we ask for the table again (the host's bucket has
 * refilled by then), and how long an unanswered <resync/> holds back the next one. */
#define RETRY_US (G_USEC_PER_SEC)
#define RESYNC_WAIT_US (2 * G_USEC_PER_SEC)
/* How long a claim waits for its <state/> before it is sent again (a stanza may be lost
 * right after joining a room) */
#define CLAIM_WAIT_US (2 * G_USEC_PER_SEC)
/* A claim, a secret or a request the host has not answered in so long was lost (a
 * stanza lost under load, or with a host killed): we ask for the table. */
#define QUIET_US (5 * G_USEC_PER_SEC)

struct _BkTableGuest
{
  GObject      parent_instance;

  char        *room;
  BkSeat       seat;            /* the chair we took (bk_net_seat_chair()) */
  BkSeat       seat_now;        /* where we sit in the world */
  BkStrategy  *strategy;
  char        *host;            /* the host's nickname, from the first table */
  gboolean     claimed;
  guint32      person_seats;    /* seats held by people (they send secrets) */
  char        *record;          /* header and every verified hand, in full */
  guint        verified_hands;  /* hands in `record` */
  gboolean     broken;          /* a hand failed: the record can no longer follow */

  guint        hand;            /* the hand committed to or in play; 0 none */
  gboolean     has_commit;
  guint8       commitment[BK_NET_SECRET_SIZE];
  guint32      commit_persons;  /* person_seats when the commitment came */
  gboolean     secret_known;
  guint8       secret[BK_NET_SECRET_SIZE];
  BkHand       dealt;           /* our cards as the host sent them */
  GString     *lines;           /* the public lines of the hand */
  guint        seq;             /* lines seen */
  guint        asked_seq;       /* we asked at this line already (G_MAXUINT: not yet) */
  guint        retries;         /* requests sent again at this line */
  guint        declined_level;  /* the offer we let pass, its level plus one (0: none) */

  BkGame      *world;
  GArray      *verdicts;
  gboolean     finished;

  /* pacing (docs/network.md, "Caps") */
  BkTableGuestClock clock;
  gpointer     clock_data;
  GMainContext *context;        /* where the timer runs */
  GSource     *timer;
  BkNetBucket  pace;
  gboolean     paced;           /* pace is counting */
  gboolean     flushing;
  GQueue       outbox;          /* Outgoing, waiting for a token */
  gint64       retry_at;        /* when to ask for the table again; 0 never */
  gboolean     retried_late;    /* asked again after the retries of this line */
  gint64       resync_until;    /* a <resync/> is unanswered until then */
  gboolean     seated;          /* a <state/> for our chair came: the claim is in */
  gboolean     disposed;        /* a handler of ::send let us go: no timer any more */
  gboolean     host_away;       /* the host left the room and has not spoken since */
  gint64       quiet_at;        /* the host has not answered what we sent by then: 0 none */

  /* free words (docs/network.md, 3.13): who sits where, and the rates */
  char        *nicks[BK_MAX_SEATS];
  BkNetWordsRate *heard_rate;
  BkNetBucket  say_pace;
  gboolean     say_paced;
  gboolean     claim_waiting;   /* the host keeps our claim for the hand's end */
  char        *nick;            /* ours in the room, if the caller said */
  gint64       cards_due;       /* the hand is dealt and our cards have not come by then */

  /* what we asked the host that it has not answered, the last of each kind, with the hand
   * and line it was sent at: a refusal that answers none of them is not ours */
  struct {
    gboolean   open;
    guint      hand;
    guint      seq;
  }            asks[BK_NET_N_KINDS];

  /* a spectator that missed a line of the hand (docs/network.md 3.11) */
  gboolean     gap;             /* a line of this hand is missing: we asked for the table */
  BkXmppElement *held_reveal;   /* the hand's <reveal/>, kept until the missing lines come */
  guint        held_hand;       /* … its hand, commitment and seats of people */
  guint8       held_commitment[BK_NET_SECRET_SIZE];
  guint32      held_persons;
  GString     *held_lines;      /* … and the lines we saw of it */

  /* our chair's resume token (docs/network.md 3.16; bk-table-guest-token.c) */
  gboolean     has_token;
  guint8       token[BK_NET_TOKEN_SIZE];
};

/* A payload in the outbox, and the line it answers */
typedef struct {
  BkNetKind      kind;
  guint          hand;
  guint          seq;
  BkXmppElement *payload;
} Outgoing;

enum {
  GUEST_SIGNAL_SEND,
  GUEST_SIGNAL_LINE,
  GUEST_SIGNAL_TURN,
  GUEST_SIGNAL_REFUSED,
  GUEST_SIGNAL_WAITING,
  GUEST_SIGNAL_VERIFIED,
  GUEST_SIGNAL_FINISHED,
  GUEST_SIGNAL_HOST_AWAY,
  GUEST_SIGNAL_WORDS,
  GUEST_SIGNAL_TOKEN,
  GUEST_N_SIGNALS
};

extern guint bk_guest_signals[GUEST_N_SIGNALS];

void        bk_guest_outgoing_free  (Outgoing          *outgoing);
void        bk_guest_set_host_away  (BkTableGuest      *self,
                                     gboolean           away);
/* bk-table-guest-send.c */
gint64      bk_guest_now            (BkTableGuest      *self);
void        bk_guest_schedule       (BkTableGuest      *self);
void        bk_guest_send           (BkTableGuest      *self,
                                     const BkNetStanza *stanza);
void        bk_guest_send_simple    (BkTableGuest      *self,
                                     BkNetKind          kind);
void        bk_guest_send_secret    (BkTableGuest      *self);
void        bk_guest_ask_resync     (BkTableGuest      *self);
void        bk_guest_retry_later    (BkTableGuest      *self);
void        bk_guest_maybe_act      (BkTableGuest      *self);
/* bk-table-guest-world.c */
const char *bk_guest_dealer_line    (const char        *lines);
void        bk_guest_rebuild_world  (BkTableGuest      *self);
/* bk-table-guest-token.c: a <token/> for us; a refusal of our claim's token, after
 * which we claim without it (TRUE: it was one) */
gboolean    bk_guest_take_token     (BkTableGuest      *self,
                                     const BkNetStanza *stanza,
                                     GError           **error);
gboolean    bk_guest_token_refused  (BkTableGuest      *self,
                                     const BkNetStanza *refused);
/* bk-table-guest-take.c */
gboolean    bk_guest_refuse         (GError           **error,
                                     const char        *format,
                                     ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
