/* bk-herzla-hand.h: one hand of Herzla as plain data, from the deal to the payments
 * (docs/rules-herzla.md H2-H6), for 3 to 8 players.
 *
 * Like Bierkopf's BkHandState a value type with pure functions, so that the session, the
 * computer players' searches and the benchmarks share one fast implementation. Seats are
 * 0..n_players-1 clockwise; the four-player game writes them S W N E.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-seats.h"
#include "bk-herzla-score.h"

G_BEGIN_DECLS

typedef enum {
  BK_HERZLA_STEP_BID,
  BK_HERZLA_STEP_PLAY,
  BK_HERZLA_STEP_OVER,
} BkHerzlaStep;

/* Bids (at most 4), then at most 36 cards. */
#define BK_HERZLA_HISTORY_MAX 40

typedef struct {
  BkHerzlaRules  rules;
  BkHand         dealt[BK_MAX_SEATS];
  BkHand         hands[BK_MAX_SEATS];
  BkHand         aside;          /* H6.1: out of play, face down */
  BkTrick        trick;
  BkTrick        last_trick;
  guint8         dealer;
  guint8         to_act;
  guint8         step;           /* BkHerzlaStep */
  guint8         contract;       /* BkContract */
  guint8         declarer;       /* BK_HERZLA_SEAT_NONE in the normal game */
  guint8         n_bids;
  guint8         tricks_in_hand;
  guint8         tricks_done;
  guint8         last_winner;
  guint8         broken;         /* a contract ended the hand early (H4.3, H4.4) */
  guint8         tricks[BK_MAX_SEATS];
  guint8         hearts[BK_MAX_SEATS];
  guint8         n_history;
  BkAction       history[BK_HERZLA_HISTORY_MAX];
} BkHerzlaHand;

void         bk_herzla_rules_init_default   (BkHerzlaRules       *rules,
                                             BkHerzlaVariant      variant,
                                             guint                n_players);
gboolean     bk_herzla_rules_check          (const BkHerzlaRules *rules,
                                             GError             **error);
void         bk_herzla_deal_from_deck       (const BkHerzlaRules *rules,
                                             const BkCard        *deck,
                                             guint                dealer,
                                             BkHand               hands[BK_MAX_SEATS],
                                             BkHand              *aside);
gboolean     bk_herzla_deal_check           (const BkHerzlaRules *rules,
                                             const BkHand         hands[BK_MAX_SEATS],
                                             BkHand               aside,
                                             GError             **error);
void         bk_herzla_hand_init            (BkHerzlaHand        *state,
                                             const BkHerzlaRules *rules,
                                             guint                dealer,
                                             const BkHand         hands[BK_MAX_SEATS],
                                             BkHand               aside);

static inline guint
bk_herzla_hand_vorhand (const BkHerzlaHand *state)
{
  return (state->dealer + 1u) % state->rules.n_players;
}

static inline gboolean
bk_herzla_hand_is_over (const BkHerzlaHand *state)
{
  return state->step == BK_HERZLA_STEP_OVER;
}

BkHand       bk_herzla_hand_legal           (const BkHerzlaHand  *state);
const char  *bk_herzla_hand_reason          (const BkHerzlaHand  *state,
                                             BkCard               card);
gboolean     bk_herzla_hand_check           (const BkHerzlaHand  *state,
                                             const BkAction      *action,
                                             GError             **error);
void         bk_herzla_hand_apply_unchecked (BkHerzlaHand        *state,
                                             const BkAction      *action);
gboolean     bk_herzla_hand_apply           (BkHerzlaHand        *state,
                                             const BkAction      *action,
                                             GError             **error);
void         bk_herzla_hand_tally           (const BkHerzlaHand  *state,
                                             BkHerzlaTally       *tally);

G_END_DECLS
