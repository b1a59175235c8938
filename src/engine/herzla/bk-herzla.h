/* bk-herzla.h: the rules of Herzla as pure functions (docs/rules-herzla.md H1-H4, H6.1):
 * the pack, the order of the cards, the deal for 3 to 8 players, what may be played with
 * the trick number and the contract in view, and when a contract ends the hand.
 *
 * The session that runs a Herzla hand is built on these (issue 14); they depend on nothing
 * but the core's cards and tricks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-rules.h"
#include "bk-herzla-rules.h"

G_BEGIN_DECLS

/* Herzla's own kind of request besides a card (BkActionType): a bid (H3), arg the
 * BkContract bid, BK_CONTRACT_NORMAL for "weiter". */
#define BK_ACTION_BID ((BkActionType) 4)

#define BK_HERZLA_MIN_PLAYERS 3
#define BK_HERZLA_MAX_PLAYERS 8

/* H3: what the hand is played as. */
typedef enum {
  BK_CONTRACT_NORMAL,
  BK_CONTRACT_BEDDL, /* the declarer takes no trick (H4.3) */
  BK_CONTRACT_MORD,  /* the declarer takes every trick (H4.4) */
  BK_N_CONTRACTS
} BkContract;

const BkGameRules *bk_herzla_rules            (void);
const char  *bk_herzla_contract_name         (BkContract        contract);

BkHand       bk_herzla_deck                  (BkHerzlaVariant   variant);
guint        bk_herzla_hand_size             (BkHerzlaVariant   variant,
                                              guint             n_players);
guint        bk_herzla_n_aside               (BkHerzlaVariant   variant,
                                              guint             n_players);
gboolean     bk_herzla_heart_lead_closed     (BkHeartLeadRule   rule,
                                              BkContract        contract,
                                              guint             tricks_done);
BkHand       bk_herzla_legal                 (BkHand            hand,
                                              const BkTrick    *trick,
                                              gboolean          heart_lead_closed);
const char  *bk_herzla_illegal_reason        (BkHand            hand,
                                              const BkTrick    *trick,
                                              gboolean          heart_lead_closed,
                                              BkCard            card,
                                              BkDeckStyle       style);
gboolean     bk_herzla_contract_broken       (BkContract        contract,
                                              guint             declarer,
                                              guint             trick_winner);
const char  *bk_contract_to_string           (BkContract        contract);
gboolean     bk_contract_parse               (const char       *text,
                                              BkContract       *contract,
                                              GError          **error);

G_END_DECLS
