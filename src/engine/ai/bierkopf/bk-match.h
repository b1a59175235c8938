/* bk-match.h: duplicate matches between two levels of computer players.
 *
 * Every deal is played twice, the second time with the teams' seats swapped, so the luck
 * of the cards cancels out. Deals come from their own random stream; each player draws
 * its decisions from its own stream, so a match is repeatable card for card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-hand-state.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

typedef struct {
  BkRules   rules;
  guint64   seed;
  gboolean  talk;      /* FALSE: everybody stays silent */
  gboolean  doubling;  /* FALSE: nobody doubles */
} BkMatchOptions;

/* One duplicate deal: team A's results in the two halves, A − B. */
typedef struct {
  double card_points;  /* mean over the two halves of A's points minus B's */
  double game_points;  /* mean over the two halves of the lines A won (lost: negative) */
  guint  a_wins;       /* hands (of two) won by A */
} BkDuplicateResult;

typedef void (*BkMatchDecisionFunc) (gpointer           data,
                                     const BkHandState *state,
                                     const BkAction    *action,
                                     gint64             microseconds);

void         bk_match_deal             (const BkMatchOptions *options,
                                        guint                 index,
                                        BkSeat               *dealer,
                                        BkHand                hands[BK_N_SEATS]);
void         bk_match_play_hand        (const BkMatchOptions *options,
                                        BkSeat                dealer,
                                        const BkHand          hands[BK_N_SEATS],
                                        BkStrategy           *players[BK_N_SEATS],
                                        const guint64         seeds[BK_N_SEATS],
                                        BkMatchDecisionFunc   watch,
                                        gpointer              watch_data,
                                        BkHandState          *state);
void         bk_match_play_duplicate   (const BkMatchOptions *options,
                                        guint                 index,
                                        const char           *level_a,
                                        const char           *level_b,
                                        BkMatchDecisionFunc   watch,
                                        gpointer              watch_data,
                                        BkHandState           states[2],
                                        BkDuplicateResult    *result);

G_END_DECLS
