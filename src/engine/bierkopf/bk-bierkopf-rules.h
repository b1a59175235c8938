/* bk-bierkopf-rules.h: the house rules of Bierkopf (BkBierkopfRules, a part of BkRules),
 * each described once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-house-rule.h"

G_BEGIN_DECLS

/* spec B1.2 */
typedef enum {
  BK_VARIANT_KURZ,
  BK_VARIANT_LANG,
} BkVariant;

/* spec B2.3: the packets of the deal (cosmetic in the short game). */
typedef enum {
  BK_PACKETS_3_2,
  BK_PACKETS_2_3,
} BkPackets;

/* spec B3.6 */
typedef enum {
  BK_RETOUR_FIRST_TRICK,
  BK_RETOUR_WHOLE_HAND,
} BkRetourWindow;

/* spec B4.3 */
typedef enum {
  BK_VOID_TRUMPFZWANG,
  BK_VOID_UEBERSTECHEN,
  BK_VOID_FREI,
} BkVoidRule;

/* spec B4.5 */
typedef enum {
  BK_TRICKS_OWN_AND_LAST,
  BK_TRICKS_LAST_ONLY,
} BkTrickView;

/* spec B5.2 */
typedef enum {
  BK_SCORING_LINES,
  BK_SCORING_POINTS,
} BkScoring;

/* spec B5.2: what makes a hand Schwarz. */
typedef enum {
  BK_SCHWARZ_ALL_TRICKS,
  BK_SCHWARZ_NO_POINTS,
} BkSchwarzRule;

/* spec B5.3 */
typedef enum {
  BK_CARRY_ACCUMULATE,
  BK_CARRY_ONE,
  BK_CARRY_NONE,
} BkCarryRule;

/* The house rules of one Bierkopf session (docs/rules-bierkopf.md). */
typedef struct {
  BkVariant      variant;
  BkPackets      packets;
  gboolean       new_seats_each_bollen; /* B2.5 */
  gboolean       dealer_may_double;     /* B3.4 */
  BkRetourWindow retour_window;         /* B3.6 */
  BkVoidRule     void_rule;             /* B4.3 */
  BkTrickView    trick_view;            /* B4.5 */
  BkScoring      scoring;               /* B5.2 */
  BkSchwarzRule  schwarz;               /* B5.2 */
  BkCarryRule    carry;                 /* B5.3 */
  guint          lines;                 /* B6.1: lines on a fresh coaster, 21 */
} BkBierkopfRules;

const BkHouseRule *bk_bierkopf_house_rules (void);

G_END_DECLS
