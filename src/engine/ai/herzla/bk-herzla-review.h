/* bk-herzla-review.h: the review of a finished Herzla hand, and hints in a running one
 * (docs/ai.md "Hand review and hints").
 *
 * For every decision of one seat with a choice (every card, and the bid of H3) two
 * judgements: the meister's choice from the seat's own information (bk-herzla-info.h) with
 * each option's expected value over the meister's worlds, and each option's value with all
 * cards open (bk-herzla-solver.h). Values are the seat's cents (H5), or minus its penalty
 * points in the simple form (H6.2). A decision is a mistake when it lost more than a
 * threshold with all cards open and was not best in expectation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-herzla-hand.h"

G_BEGIN_DECLS

/* The default thresholds of a mistake: cents in the four-player game, penalty points in
 * the simple form. */
#define BK_HERZLA_REVIEW_THRESHOLD_CENTS   20.0
#define BK_HERZLA_REVIEW_THRESHOLD_PENALTY 1.0

/* The most cards one seat holds (the simple form with three players, H6.1). */
#define BK_HERZLA_REVIEW_MAX_OPTIONS 12

typedef struct {
  BkAction action;    /* a card, or a bid (BK_CONTRACT_NORMAL is weiter) */
  double   expected;  /* the seat's value over the meister's worlds; NAN when not
                       * computed (a forced card; weiter) */
  double   exact;     /* with all cards open; NAN when not computed (weiter) */
} BkHerzlaReviewOption;

typedef struct {
  gboolean             bid;           /* H3; else a card */
  guint8               index;         /* the action's place in the hand's history */
  guint8               trick;         /* 1-based; 0 for the bid */
  guint8               horizon;       /* the exact normal-game search's tricks; 0: to the
                                       * end of the hand (contracts and bids: always 0) */
  gboolean             forced;        /* a single legal card */
  BkAction             played;
  BkAction             choice;        /* the meister's */
  guint                n_options;
  BkHerzlaReviewOption options[BK_HERZLA_REVIEW_MAX_OPTIONS];
  guint                n_worlds;
  double               loss;          /* exact best minus exact played */
  double               expected_loss; /* best expected minus the played option's */
  gboolean             mistake;
} BkHerzlaReviewDecision;

typedef struct {
  guint                   seat;
  gboolean                penalty;   /* the simple form: values are minus penalty points */
  double                  threshold;
  BkHerzlaHand            hand;      /* the finished hand */
  gint                    value;     /* the seat's cents of the hand (stock 0 before it),
                                      * or minus its penalty points */
  guint                   n_decisions;
  BkHerzlaReviewDecision *decisions;
  guint                   mistakes;
  double                  lost;      /* the mistakes' exact losses */
  /* A Beddl or a Mord: every card valued exactly (the contract solver on the true hands),
   * in the seat's cents. What the deal was worth with best play from the first card, less
   * what the seat's cards cost, less what the other players' cost it, plus what they gave
   * it, is the seat's value. In the normal game (the search is cut early) none of these. */
  gboolean                accounted;
  double                  deal_value;
  double                  own_cost;
  double                  others_cost;
  double                  others_gift;
} BkHerzlaReview;

typedef struct {
  guint                seat;
  gboolean             bid;
  BkAction             choice;     /* the meister's */
  guint                n_options;  /* how many of best[] are filled: 1 or 2 */
  BkHerzlaReviewOption best[2];    /* the choice, then the best other by expectation */
  guint                n_worlds;
} BkHerzlaReviewHint;

typedef void (*BkHerzlaReviewProgress) (guint    done,
                                        guint    total,
                                        gpointer user_data);

GArray         *bk_herzla_review_read_record (const char             *data,
                                              gsize                   length,
                                              BkHerzlaHand           *current,
                                              GError                **error);
BkHerzlaReview *bk_herzla_review_hand        (const BkHerzlaHand     *hand,
                                              guint                   seat,
                                              double                  threshold,
                                              guint64                 seed,
                                              GCancellable           *cancellable,
                                              BkHerzlaReviewProgress  progress,
                                              gpointer                user_data,
                                              GError                **error);
void            bk_herzla_review_free        (BkHerzlaReview         *review);
char           *bk_herzla_review_summary     (const BkHerzlaReview   *review);
gboolean        bk_herzla_review_hint        (const BkHerzlaHand     *state,
                                              guint                   seat,
                                              guint64                 seed,
                                              BkHerzlaReviewHint     *hint,
                                              GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkHerzlaReview, bk_herzla_review_free)

G_END_DECLS
