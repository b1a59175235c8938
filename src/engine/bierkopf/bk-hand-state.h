/* bk-hand-state.h: one hand of Bierkopf as plain data, from the deal to the last trick.
 *
 * A value type with pure functions, so that the session (BkGame), the computer players'
 * searches and the benchmarks share one fast implementation of the rules of B3-B5.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-seats.h"
#include "bk-bierkopf-talk.h"
#include "bk-game-rules.h"

G_BEGIN_DECLS

/* The table talk and doubling before the first card (spec B3.1-B3.4), then play. */
typedef enum {
  BK_STEP_CONFER_VH,    /* Vorhand may talk, or decide at once */
  BK_STEP_CONFER_HH,    /* Hinterhand may answer, or Vorhand decides */
  BK_STEP_DOUBLE_VH,
  BK_STEP_CONFER_MH,
  BK_STEP_CONFER_GEBER,
  BK_STEP_DOUBLE_MH,
  BK_STEP_DOUBLE_HH,
  BK_STEP_DOUBLE_GEBER, /* only with the house rule of B3.4 */
  BK_STEP_PLAY,
  BK_STEP_OVER,
} BkStep;

/* Talk (4), Spritze or pass (4), Retours (a multiplier of 256 reaches any cap: 8), cards. */
#define BK_HAND_HISTORY_MAX 48

typedef struct {
  const BkGameRules *game;
  BkRules            rules;
  BkHand             dealt[BK_N_SEATS];
  BkHand             hands[BK_N_SEATS];
  BkWord             words[BK_N_SEATS];
  BkTrick            trick;
  BkTrick            last_trick;
  guint8             dealer;
  guint8             to_act;
  guint8             step;
  guint8             n_tricks;
  guint8             tricks_done;
  guint8             n_doubles;
  guint8             last_doubler;  /* BkTeam of the last doubling */
  guint8             doubles_locked; /* the dealer's double cannot be answered (B3.4) */
  guint8             lines_left[BK_N_TEAMS]; /* for the cap of B3.6 */
  guint8             points[BK_N_TEAMS];
  guint8             tricks_won[BK_N_TEAMS];
  guint8             last_winner;
  /* Every action since the deal, in order: what the whole table saw and heard (B3, B4),
   * so that a computer player can reason from public information alone. */
  guint8             n_history;
  BkAction           history[BK_HAND_HISTORY_MAX];
} BkHandState;

/* What a finished hand is worth (spec B5), before the coasters take it (B6). */
typedef struct {
  guint  points[BK_N_TEAMS];
  guint  tricks[BK_N_TEAMS];
  BkTeam winner;     /* BK_TEAM_NONE on 60:60 */
  gboolean schneider;
  gboolean schwarz;
  guint  multiplier;
  guint  value;      /* level x multiplier; on 60:60 what the tie carries */
  guint  carry_in;   /* lines carried from earlier ties and added here */
  guint  lines;      /* what the winner strikes: value + carry_in, 0 on 60:60 */
  guint  carry_out;  /* the carry after this hand */
} BkHandResult;

gboolean     bk_deal_check                 (const BkRules      *rules,
                                            const BkHand        hands[BK_N_SEATS],
                                            GError            **error);
void         bk_deal_from_deck             (const BkRules      *rules,
                                            const BkCard       *deck,
                                            BkSeat              dealer,
                                            BkHand              hands[BK_N_SEATS]);

void         bk_hand_state_init            (BkHandState        *state,
                                            const BkRules      *rules,
                                            BkSeat              dealer,
                                            const BkHand        hands[BK_N_SEATS],
                                            guint               lines_left_sn,
                                            guint               lines_left_we);

static inline BkSeat
bk_hand_state_vorhand (const BkHandState *state)
{
  return bk_seat_after ((BkSeat) state->dealer, 1);
}

static inline guint
bk_hand_state_multiplier (const BkHandState *state)
{
  return 1u << state->n_doubles;
}

static inline gboolean
bk_hand_state_is_over (const BkHandState *state)
{
  return state->step == BK_STEP_OVER;
}

static inline gboolean
bk_hand_state_is_bidding (const BkHandState *state)
{
  return state->step < BK_STEP_PLAY;
}

/* Cards played so far in the hand: 0 before the first card. */
static inline guint
bk_hand_state_cards_played (const BkHandState *state)
{
  return state->tricks_done * BK_N_SEATS + state->trick.n;
}

BkHand       bk_hand_state_legal           (const BkHandState  *state);
BkSeat       bk_hand_state_decider         (const BkHandState  *state);
gboolean     bk_hand_state_retour_open     (const BkHandState  *state);
gboolean     bk_hand_state_may_double      (const BkHandState  *state,
                                            BkSeat              seat);
gboolean     bk_hand_state_check           (const BkHandState  *state,
                                            const BkAction     *action,
                                            GError            **error);
void         bk_hand_state_apply_unchecked (BkHandState        *state,
                                            const BkAction     *action);
gboolean     bk_hand_state_apply           (BkHandState        *state,
                                            const BkAction     *action,
                                            GError            **error);
void         bk_hand_state_score           (const BkHandState  *state,
                                            guint               carry_in,
                                            BkHandResult       *result);

G_END_DECLS
