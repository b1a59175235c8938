/* bk-bidding.h: table talk and doubling for the computer players (spec B3).
 *
 * A word is said honestly from the speaker's own hand: a quick estimate of the
 * probability that his team wins the hand, cut at thresholds into gut/mittel/schlecht or
 * kann helfen/kann nicht helfen. A Spritze, a pass or a Retour is chosen by the expected
 * game points (lines x multiplier, capped by what the coasters can still take) over an
 * outlook: how likely the team is to win or lose at each level.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-info-set.h"

G_BEGIN_DECLS

/* How sure a player is of another's word: the others may judge a hand differently. */
#define BK_WORD_TRUST 0.8

/* How much of the lead of its solved worlds a sampling level believes, per doubling made,
 * when it thinks of a Retour (bk_outlook_doubt(); measured in docs/ai.md). */
#define BK_RETOUR_KEEP 0.4

/* Features of a hand for the strength estimate. */
#define BK_STRENGTH_N_FEATURES 18

/* The chances of a team: p[3 + level], level -3 (lost Schwarz) .. +3 (won Schwarz),
 * p[3] the 60:60 tie. */
typedef struct {
  double p[7];
  double weight;
} BkOutlook;

/* Thresholds on the strength estimate: each word means something (docs/ai.md). */
typedef struct {
  double gut;        /* gut at or above */
  double schlecht;   /* schlecht below */
  double helfen;     /* kann helfen at or above */
} BkTalkThresholds;

void         bk_strength_features      (const BkRules      *rules,
                                        BkHand              hand,
                                        BkSeat              seat,
                                        BkSeat              dealer,
                                        double             *features);
double       bk_strength_estimate      (const BkRules      *rules,
                                        BkHand              hand,
                                        BkSeat              seat,
                                        BkSeat              dealer);
const BkTalkThresholds *bk_talk_thresholds (const BkRules  *rules);
BkWord       bk_talk_word              (const BkRules      *rules,
                                        BkHand              hand,
                                        BkSeat              seat,
                                        BkSeat              dealer);

void         bk_outlook_clear          (BkOutlook          *outlook);
void         bk_outlook_add            (BkOutlook          *outlook,
                                        const BkRules      *rules,
                                        guint               team_points,
                                        double              weight);
double       bk_outlook_win            (const BkOutlook    *outlook);
double       bk_outlook_value          (const BkOutlook    *outlook,
                                        guint               multiplier,
                                        guint               own_lines_left,
                                        guint               their_lines_left);
void         bk_outlook_doubt          (BkOutlook          *outlook,
                                        double              keep);
gboolean     bk_outlook_wants_double   (const BkOutlook    *outlook,
                                        const BkInfoSet    *info,
                                        double              margin);

double       bk_evidence_weight        (const BkInfoSet    *info,
                                        const BkWorld      *world,
                                        double              word_trust);
double       bk_evidence_logit_shift   (const BkInfoSet    *info);

void         bk_outlook_doubt          (BkOutlook          *outlook,
                                        double              keep);
double       bk_outlook_doubt_retour   (BkOutlook          *outlook,
                                        const BkInfoSet    *info,
                                        double              keep,
                                        double              margin);

G_END_DECLS
