/* bk-herzla-rules.h: the house rules of Herzla (BkHerzlaRules, a part of BkRules), each
 * described once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-house-rule.h"

G_BEGIN_DECLS

/* The two forms of the game: four players with contracts, or 3 to 8 without (H6). */
typedef enum {
  BK_HERZLA_VIER,
  BK_HERZLA_EINFACH,
} BkHerzlaVariant;

/* H4.2 and its house rule: in which games no heart may be led to tricks 1 and 2. */
typedef enum {
  BK_HEART_LEAD_EVERY_GAME,
  BK_HEART_LEAD_NORMAL_ONLY,
} BkHeartLeadRule;

/* H5.3 and its house rule: when nobody is heart-free. */
typedef enum {
  BK_NOBODY_FREE_PAYS_STOCK,
  BK_NOBODY_FREE_NOBODY_PAYS,
} BkNobodyFreeRule;

/* H5.4 and its house rules: who takes the stock. */
typedef enum {
  BK_STOCK_TO_SOLE_FREE,    /* the next sole heart-free player of a normal game */
  BK_STOCK_TO_MORD,         /* the next winner of a Mord or a Schleichermord */
  BK_STOCK_AT_SESSION_END,  /* shared out when the session ends */
} BkStockRule;

/* H5.5 and its house rule: what a Schleichermord is paid. */
typedef enum {
  BK_SCHLEICHER_EACH_PAYS,  /* 80 cents from each other player */
  BK_SCHLEICHER_IN_ALL,     /* 80 cents in all, shared by the others */
} BkSchleicherRule;

typedef struct {
  BkNobodyFreeRule nobody_free;
  BkStockRule      stock;
  BkSchleicherRule schleicher;
} BkHerzlaPayRules;

/* H2.1: how the cards are dealt. */
typedef enum {
  BK_HERZLA_PACKETS_4_4,
  BK_HERZLA_PACKETS_2_2_2_2,
} BkHerzlaPackets;

/* The house rules of one Herzla session (docs/rules-herzla.md: "our choice" is the default). */
typedef struct {
  BkHerzlaVariant  variant;
  guint8           n_players;  /* 4 in the four-player game; 3..8 in the simple form */
  BkHerzlaPackets  packets;
  BkHeartLeadRule  heart_lead;
  BkHerzlaPayRules pay;
  guint            rounds;     /* H6.3: rounds of the simple form; 0: no limit */
  guint            limit;      /* H6.3: the penalty points that end the simple form */
} BkHerzlaRules;


const BkHouseRule *bk_herzla_house_rules (void);

G_END_DECLS
