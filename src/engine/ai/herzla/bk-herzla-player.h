/* bk-herzla-player.h: the decisions of the Herzla computer players as pure functions of
 * the position, the seat, the level's parameters and a seed (docs/ai.md "Herzla computer
 * players"). The strategy classes (bk-herzla-strategy.h and its levels) wrap them.
 *
 * Every level but `cheat` reads the position only through the seat's BkHerzlaInfo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"

G_BEGIN_DECLS

typedef enum {
  BK_HERZLA_LEVEL_RANDOM,
  BK_HERZLA_LEVEL_HEURISTIC,
  BK_HERZLA_LEVEL_PIMC,
  BK_HERZLA_LEVEL_MEISTER,
  BK_HERZLA_LEVEL_CHEAT,
} BkHerzlaLevel;

typedef struct {
  BkHerzlaLevel level;
  guint         worlds;          /* pimc: worlds per card; meister: the most */
  guint         min_worlds;      /* meister: the fewest, whatever the budget */
  guint64       budget;          /* meister: solver nodes planned per card decision */
  guint         all_worlds;      /* meister: every world searched when at most this many */
  guint         bid_worlds;      /* worlds sampled for a bid */
  double        beddl_threshold; /* the chance of making it above which a contract is bid */
  double        mord_threshold;
  double        schleicher_threshold; /* H4.5: the chance that makes an attempt */
  guint         horizon;         /* tricks searched in the normal game; 0: by the players */
  guint         exact_cards;     /* cards left from which the search goes to the end */
  double        shed;            /* cut searches: cents a step of rank for shedding high cards */
} BkHerzlaPlayerParams;

void         bk_herzla_player_params_init (BkHerzlaPlayerParams       *params,
                                           BkHerzlaLevel               level);
void         bk_herzla_player_decide      (const BkHerzlaPlayerParams *params,
                                           const BkHerzlaHand         *state,
                                           guint                       seat,
                                           guint64                     seed,
                                           BkAction                   *action);
double       bk_herzla_player_contract_chance (const BkHerzlaPlayerParams *params,
                                               const BkHerzlaHand         *state,
                                               guint                       seat,
                                               BkContract                  contract,
                                               guint64                     seed);
guint64      bk_herzla_player_worlds_solved   (void);

G_END_DECLS
