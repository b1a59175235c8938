/* bk-game-rules.h: the rules table of one game (trump order, card values, legality).
 *
 * The core (tricks, the hand state, the session) asks this table and never knows which
 * game it plays; Bierkopf is bk-bierkopf.c, Herzla will be bk-herzla.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-card.h"
#include "bk-rules.h"

G_BEGIN_DECLS

#define BK_MAX_SEATS 8

/* What a card asks the others to follow: a plain suit, or all trumps as one suit. */
#define BK_GROUP_TRUMP BK_N_SUITS
#define BK_N_GROUPS (BK_N_SUITS + 1)

typedef struct {
  BkCard cards[BK_MAX_SEATS];
  guint8 n;
  guint8 leader;
} BkTrick;

typedef struct _BkGameRules BkGameRules;

struct _BkGameRules {
  BkGameKind  kind;
  const char *id;
  guint8      points[BK_N_CARDS];
  guint8      power[BK_N_CARDS];    /* higher beats lower inside a group; trumps beat all */
  guint8      group[BK_N_CARDS];
  guint8      sort_key[BK_N_CARDS]; /* display order: lower first */
  BkHand      group_cards[BK_N_GROUPS];
  BkHand      (*deck)   (const BkRules     *rules);
  BkHand      (*legal)  (const BkGameRules *game,
                         const BkRules     *rules,
                         BkHand             hand,
                         const BkTrick     *trick);
  const char *(*reason) (const BkGameRules *game,
                         const BkRules     *rules,
                         BkHand             hand,
                         const BkTrick     *trick,
                         BkCard             card,
                         BkDeckStyle        style);
};

const BkGameRules *bk_game_rules_get      (BkGameKind          kind);

static inline gboolean
bk_card_is_trump (const BkGameRules *game,
                  BkCard             card)
{
  return game->group[card] == BK_GROUP_TRUMP;
}

static inline gboolean
bk_card_beats (const BkGameRules *game,
               BkCard             card,
               BkCard             best)
{
  if (game->group[card] == game->group[best])
    return game->power[card] > game->power[best];
  return game->group[card] == BK_GROUP_TRUMP;
}

static inline BkHand
bk_legal_moves (const BkGameRules *game,
                const BkRules     *rules,
                BkHand             hand,
                const BkTrick     *trick)
{
  return game->legal (game, rules, hand, trick);
}

guint        bk_trick_winner          (const BkGameRules *game,
                                       const BkTrick     *trick);
guint        bk_trick_points          (const BkGameRules *game,
                                       const BkTrick     *trick);
const char  *bk_illegal_reason        (const BkGameRules *game,
                                       const BkRules     *rules,
                                       BkHand             hand,
                                       const BkTrick     *trick,
                                       BkCard             card);
const char  *bk_illegal_reason_for    (const BkGameRules *game,
                                       const BkRules     *rules,
                                       BkHand             hand,
                                       const BkTrick     *trick,
                                       BkCard             card,
                                       BkDeckStyle        style);
guint        bk_hand_sorted           (const BkGameRules *game,
                                       BkHand             hand,
                                       BkCard            *out);
char        *bk_hand_to_string        (const BkGameRules *game,
                                       BkHand             hand);

G_END_DECLS
