/* bk-herzla-match.h: a duplicate match of two Herzla levels on pure hands (notation.md
 * `match --game herzla`, docs/ai.md "Herzla computer players").
 *
 * Every deal is played once with level B in every seat and once for every seat with
 * level A in that seat and B in the others; A's result in a seat is compared with B's in
 * the same seat of the same deal. Decisions are seeded by the match seed, the deal and
 * the position, so both levels meet the same chances.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

/* [0] level A in the seat, [1] level B in the same seat. */
typedef struct {
  guint  n_seats;
  double diff;                       /* mean over the seats of A's value minus B's */
  gint   value[2][BK_MAX_SEATS];     /* the seat's cents, or its penalty points (H6.2) */
  guint  bid[2][BK_N_CONTRACTS];     /* contracts bid by the seat */
  guint  won[2][BK_N_CONTRACTS];
  gint   contract_cents[2];          /* the seat's cents from its own contracts */
  guint  schleicher[2];              /* H4.5 made by the seat */
} BkHerzlaDuplicate;

void         bk_herzla_match_deal  (const BkHerzlaRules *rules,
                                    guint64              seed,
                                    guint                deal,
                                    guint               *dealer,
                                    BkHand               hands[BK_MAX_SEATS],
                                    BkHand              *aside);
void         bk_herzla_match_play  (const BkHerzlaRules *rules,
                                    guint64              seed,
                                    guint                deal,
                                    BkStrategy          *const *seats,
                                    BkHerzlaHand        *state);
void         bk_herzla_match_duplicate (const BkHerzlaRules *rules,
                                        guint64              seed,
                                        guint                deal,
                                        BkStrategy          *a,
                                        BkStrategy          *b,
                                        BkHerzlaDuplicate   *result);

G_END_DECLS
