/* bk-info-set.h: what one seat knows at the table, and the worlds consistent with it.
 *
 * An honest computer player sees its own cards and what was public: the words, the
 * doublings and every card played (with the voids that play revealed). BkInfoSet is
 * built from exactly that; the hidden hands of the others are then sampled or
 * enumerated as worlds. Plain data, pure functions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-hand-state.h"
#include "bk-rng.h"

G_BEGIN_DECLS

typedef struct {
  BkRules            rules;
  const BkGameRules *game;
  BkSeat             seat;                    /* whose view this is */
  BkSeat             dealer;
  guint8             n_tricks;
  guint8             step;                    /* BkStep */
  BkHand             deck;
  BkHand             own;                     /* the seat's cards now */
  BkHand             own_dealt;
  BkHand             played[BK_N_SEATS];      /* the cards each seat has played */
  BkHand             unseen;                  /* the cards in the other three hands */
  BkHand             excluded[BK_N_SEATS];    /* cards a seat has shown it cannot hold */
  guint8             n_held[BK_N_SEATS];      /* how many cards each seat holds now */
  BkTrick            trick;                   /* the trick on the table */
  guint8             tricks_done;
  guint8             points[BK_N_TEAMS];      /* card points taken so far */
  guint8             tricks_won[BK_N_TEAMS];
  guint8             lines_left[BK_N_TEAMS];
  guint8             n_doubles;
  BkWord             words[BK_N_SEATS];       /* BK_WORD_NONE: silent or not asked */
  guint8             n_history;
  BkAction           history[BK_HAND_HISTORY_MAX];
} BkInfoSet;

/* The hidden hands of one world: every seat's cards now. */
typedef struct {
  BkHand hands[BK_N_SEATS];
} BkWorld;

/* Counts and draws worlds uniformly: a table of how many ways the rest of the unseen
 * cards can be dealt, for each card and the cards each seat still lacks. */
#define BK_MAX_UNSEEN 24

typedef struct {
  const BkInfoSet *info;
  BkSeat           others[3];
  guint8           quota[3];
  guint8           n_cards;
  BkCard           cards[BK_MAX_UNSEEN];
  guint8           allowed[BK_MAX_UNSEEN];    /* bit k: others[k] may hold the card */
  double           ways[BK_MAX_UNSEEN + 1][8][8];
} BkWorldSampler;

void         bk_info_set_init         (BkInfoSet          *info,
                                       const BkHandState  *state,
                                       BkSeat              seat);
void         bk_info_set_world_state  (const BkInfoSet    *info,
                                       const BkWorld      *world,
                                       BkHandState        *state);
gboolean     bk_info_set_is_void      (const BkInfoSet    *info,
                                       BkSeat              seat,
                                       guint               group);

void         bk_world_sampler_init    (BkWorldSampler     *sampler,
                                       const BkInfoSet    *info);
double       bk_world_sampler_count   (const BkWorldSampler *sampler);
gboolean     bk_world_sampler_draw    (const BkWorldSampler *sampler,
                                       BkRng              *rng,
                                       BkWorld            *world);
guint        bk_world_sampler_enumerate (const BkWorldSampler *sampler,
                                       BkWorld            *worlds,
                                       guint               max_worlds);

G_END_DECLS
