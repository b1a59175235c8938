/* bk-reason.h: why the Meister plays the card it plays, in facts a player can know.
 *
 * The practice hand (issue 33) shows before each of the person's cards what the Meister
 * would play and why, and after the trick a comment on the card played. The choice and
 * the values are the hint's (bk_review_card_options()); the reasons are read from the
 * seat's own view (BkInfoSet: its cards, the cards played, the voids shown, the trick on
 * the table), never from a hidden card. A reason is a code and its parameters: the words
 * are the view's, in the player's language and deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-info-set.h"
#include "bk-review.h"

G_BEGIN_DECLS

typedef enum {
  BK_REASON_ONLY_CARD,       /* card: the one legal card */
  BK_REASON_TAKES_TRICK,     /* card, count (the trick's points with it): no card still out
                              * can beat it */
  BK_REASON_BEATS,           /* card, other (the best card so far, an opponent's), count:
                              * it takes the lead; a later card may still beat it */
  BK_REASON_PARTNER_WINNING, /* seat (the partner), other (his card), count: 1 when no card
                              * still out can beat it */
  BK_REASON_SCHMIEREN,       /* card, count (its points): points for the partner's trick */
  BK_REASON_TRICK_LOST,      /* seat (the opponent winning), other (his card), count (the
                              * trick's points): none of the seat's cards beats it */
  BK_REASON_PLAY_LOW,        /* card, count (its points): the fewest points of the cards
                              * allowed */
  BK_REASON_DRAW_TRUMPS,     /* card, count: trumps still out in the other hands */
  BK_REASON_PARTNER_VOID,    /* seat (the partner), group: he has shown he is void in it
                              * and may trump */
  BK_REASON_HIGHEST,         /* card, group: the highest card of its group still in play */
  BK_REASON_KEEP,            /* card (the seat's, kept), other (a higher card of its group
                              * still out, which would take it) */
  BK_REASON_OPPONENT_VOID,   /* card (the seat's, not led), seat (an opponent), group: he
                              * has shown he is void in it and may trump it */
  BK_REASON_MARGIN,          /* other (the next best card), count: the choice is worth about
                              * count card points more, over the Meister's worlds */
  /* Before a word or a doubling (bk_reason_advise_say()): */
  BK_REASON_TRUMPS_HELD,     /* count (trumps in the seat's hand), card (the highest, or
                              * BK_CARD_NONE) */
  BK_REASON_SAUEN_HELD,      /* count: Sauen of the plain suits in the seat's hand */
  BK_REASON_WIN_CHANCE,      /* count: in how many hands of 100 like it the team wins */
  BK_REASON_TEAM_CHANCE,     /* count: in how many hands of 100 the seat's team wins, over
                              * the Meister's worlds (before a doubling) */
  BK_REASON_WORD_MEANS,      /* group (the BkWord), count and limit (percent): the word says
                              * a chance from count up to limit (limit 100: count or more;
                              * count 0: below limit) */
  BK_REASON_WORD_SAID,       /* seat, group (the BkWord he said) */
  BK_REASON_LINES,           /* count (tenths of lines): the Meister's doubling choice is
                              * worth that much more than the other, over its worlds */
} BkReasonCode;

#define BK_REASON_MAX 8

typedef struct {
  guint8 code;   /* BkReasonCode */
  BkCard card;   /* BK_CARD_NONE when not named */
  BkCard other;  /* BK_CARD_NONE when not named */
  guint8 seat;   /* BkSeat, BK_N_SEATS when not named */
  guint8 group;  /* a suit, or BK_GROUP_TRUMP; BK_N_GROUPS when not named; a BkWord
                  * for the reasons of words */
  int    count;
  int    limit;
} BkReason;

/* The Meister's choice before a card of the seat, and why. */
typedef struct {
  BkSeat           seat;
  BkCard           choice;
  BkReviewDecision decision;  /* every legal card, best first (bk_review_card_options()) */
  guint            n_reasons;
  BkReason         reasons[BK_REASON_MAX];
} BkAdvice;

/* The Meister's word or doubling before a decision of the seat that is not a card (the
 * talk, a Spritze, B3; in play a Retour, B3.6), and why. */
typedef struct {
  BkSeat       seat;
  BkReviewHint hint;      /* kind BK_REVIEW_TALK or BK_REVIEW_DOUBLE; the choice, values */
  guint        n_reasons;
  BkReason     reasons[BK_REASON_MAX];
} BkSayAdvice;

/* The comment on the card the seat played, against the advice before it. */
typedef struct {
  BkCard   played;
  BkCard   choice;
  gboolean agreed;    /* the Meister's card, or one worth as much */
  double   at_stake;  /* the Meister's card's expected card points less the played one's */
  guint    n_reasons; /* the reasons for the Meister's card when it differs */
  BkReason reasons[BK_REASON_MAX];
} BkReasonComment;

guint        bk_reason_explain  (const BkInfoSet        *info,
                                 const BkReviewDecision *decision,
                                 BkReason                reasons[BK_REASON_MAX]);
gboolean     bk_reason_advise   (const BkHandState      *state,
                                 BkSeat                  seat,
                                 guint64                 seed,
                                 BkAdvice               *advice,
                                 GError                **error);
gboolean     bk_reason_advise_say (const BkHandState    *state,
                                   BkSeat                seat,
                                   guint64               seed,
                                   BkSayAdvice          *advice,
                                   GError              **error);
void         bk_reason_comment  (const BkAdvice         *advice,
                                 BkCard                  played,
                                 BkReasonComment        *comment);

G_END_DECLS
