/* bk-review.h: the review of a finished Bierkopf hand, and hints in a running one.
 *
 * For every decision of one seat (every card, its words and its doublings) two
 * judgements: what the Meister would have done from the seat's own information at that
 * moment (its weighted worlds, each option's expected value over them), and the exact
 * value of each option with all cards open (the solver). A decision is a mistake when
 * its loss with all cards open exceeds a threshold and it was not best in expectation:
 * a card that was right on what the seat could know is never called a mistake.
 *
 * Built on the lower-level AI functions (info set, worlds, solver, outlook), not on the
 * strategy interface. Pure functions of the hand, the seat and a seed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-hand-state.h"
#include "bk-pimc.h"

G_BEGIN_DECLS

typedef enum {
  BK_REVIEW_CARD,
  BK_REVIEW_TALK,     /* a word of the table talk: information, not scored */
  BK_REVIEW_DOUBLE,   /* a Spritze, a pass or a Retour */
} BkReviewKind;

/* The default threshold of a mistake, in card points. */
#define BK_REVIEW_THRESHOLD 5.0

/* A doubling decision is a mistake when it costs more than this many lines with all cards
 * open (and was not the Meister's choice). */
#define BK_REVIEW_LINES_THRESHOLD 0.5

#define BK_REVIEW_MAX_OPTIONS 6

typedef struct {
  BkAction action;     /* a card played, a word said, a double or a pass */
  double   expected;   /* cards: the team's card points at the hand's end, expected over
                        * the Meister's worlds; doublings: expected lines for the team
                        * (bk_outlook_value()); NAN when not computed (a forced card) */
  double   score;      /* what the Meister maximises: cards, the points plus 5 per line;
                        * doublings, the expected lines less the margin for a double */
  double   exact;      /* the same with all cards open; NAN for a word */
} BkReviewOption;

typedef struct {
  guint8         kind;          /* BkReviewKind */
  guint8         index;         /* the action's place in the hand's history */
  guint8         trick;         /* 1-based; 0 before the first card */
  gboolean       forced;        /* a single legal card */
  BkAction       played;
  BkAction       choice;        /* the Meister's */
  guint          n_options;
  BkReviewOption options[BK_REVIEW_MAX_OPTIONS];
  guint          n_worlds;
  double         win_chance;    /* a word: the speaker's strength estimate */
  double         loss;          /* exact best minus exact played (card points or lines) */
  double         expected_loss; /* the Meister's choice minus the played option, expected */
  gboolean       mistake;
} BkReviewDecision;

/* A card of any seat, valued with all cards open (the solver on the true hands). */
typedef struct {
  BkAction action;  /* the card and who played it */
  double   before;  /* the reviewed seat's team's card points at the hand's end with best
                     * play by all from the position before this card */
  double   loss;    /* what the card cost its own team: best minus played, 0 for a best card */
} BkReviewCard;

typedef struct {
  BkSeat            seat;
  double            threshold;
  BkHandResult      result;
  guint             n_decisions;
  BkReviewDecision *decisions;
  guint             card_mistakes;
  guint             word_mistakes;
  double            points_lost;  /* the cards' exact losses, mistakes only */
  double            lines_lost;   /* the doublings' exact losses, mistakes only */
  /* Where the result came from, in the seat's team's lines (won +, lost −, no more than
   * the coasters' lines left, a carry aside): what the seat's raises and passes made of
   * it against letting each pass, each with the answers it invited, and the rest, which
   * the deal, the others' raises and the cards did. The two add up to the result. */
  double            result_lines;
  double            doubling_lines;
  double            deal_lines;
  /* Where the result came from, in the seat's team's card points with all cards open: what
   * the deal was worth with best play from the first card, less what the seat's cards and
   * the partner's cost, plus what the opponents' cards gave away, is what the team took. */
  double            deal_points;
  double            own_cost;       /* the seat's cards, every loss (mistake or not) */
  double            partner_cost;
  double            opponents_cost; /* given away to the seat's team */
  guint             n_cards;
  BkReviewCard      cards[BK_N_CARDS];
} BkReview;

/* Called after each decision reviewed: @done of @total. */
typedef void (*BkReviewProgress) (guint    done,
                                  guint    total,
                                  gpointer user_data);

typedef struct {
  BkSeat         seat;
  guint8         kind;       /* BkReviewKind */
  guint8         trick;      /* 1-based; 0 before the first card (a doubling: a Spritze, in
                              * play a Retour) */
  BkAction       choice;     /* the Meister's */
  guint          n_options;  /* how many of best[] are filled: 1 or 2 */
  BkReviewOption best[2];    /* the two best options by the Meister's score */
  guint          n_worlds;
  double         win_chance; /* a word: the strength estimate */
} BkReviewHint;

GArray      *bk_review_read_record (const char        *data,
                                    gsize              length,
                                    const BkRules     *defaults,
                                    BkHandState       *current,
                                    GError           **error);

BkReview    *bk_review_hand        (const BkHandState *hand,
                                    BkSeat             seat,
                                    double             threshold,
                                    guint64            seed,
                                    GCancellable      *cancellable,
                                    BkReviewProgress   progress,
                                    gpointer           user_data,
                                    GError           **error);
void         bk_review_free        (BkReview          *review);
char        *bk_review_summary     (const BkReview    *review);
char        *bk_review_account     (const BkReview    *review);

gboolean     bk_review_hint        (const BkHandState *state,
                                    BkSeat             seat,
                                    guint64            seed,
                                    BkReviewHint      *hint,
                                    GError           **error);

gboolean     bk_review_retour_hint (const BkHandState *state,
                                    BkSeat             seat,
                                    guint64            seed,
                                    BkReviewHint      *hint,
                                    GError           **error);

gboolean     bk_review_card_options (const BkHandState *state,
                                    BkSeat             seat,
                                    guint64            seed,
                                    BkReviewDecision  *decision,
                                    GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkReview, bk_review_free)

G_END_DECLS
