/* bk-herzla-score.h: what a finished Herzla hand costs whom (docs/rules-herzla.md H4.5, H5,
 * H6.2): payments in cents and the stock for the four-player game, penalty points for the
 * simple form. Pure functions over what the hand's tricks held.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla.h"

G_BEGIN_DECLS

#define BK_HERZLA_SEAT_NONE 0xff

/* What the hand's tricks held, seat by seat (seats 0..n_players-1). */
typedef struct {
  guint8     n_players;
  guint8     contract;       /* BkContract */
  guint8     declarer;       /* BK_HERZLA_SEAT_NONE in the normal game */
  guint8     tricks_played;  /* fewer than all when a contract ended the hand (H4.3, H4.4) */
  guint8     tricks_in_hand; /* how many tricks a whole hand has */
  guint8     tricks[BK_MAX_SEATS];
  guint8     hearts[BK_MAX_SEATS];
} BkHerzlaTally;

typedef struct {
  gint       cents[BK_MAX_SEATS]; /* received (positive) or paid (negative) this hand */
  gint       stock;               /* the stock after the hand */
  gint8      won;                 /* contracts: 1 won, 0 lost; -1 in a normal game */
  guint8     schleichermord;      /* the seat that made one (H4.5), or BK_HERZLA_SEAT_NONE */
  guint8     n_free;              /* heart-free players of a normal game */
} BkHerzlaPayment;

void         bk_herzla_pay_rules_init_default (BkHerzlaPayRules       *rules);
void         bk_herzla_pay                    (const BkHerzlaPayRules *rules,
                                               const BkHerzlaTally    *tally,
                                               gint                    stock_in,
                                               BkHerzlaPayment        *payment);
void         bk_herzla_share_stock            (guint                   n_players,
                                               gint                    stock,
                                               guint                   first,
                                               gint                    cents[BK_MAX_SEATS]);

G_END_DECLS
