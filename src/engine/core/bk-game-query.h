/* bk-game-query.h: the questions a view asks a session (BkGame) that any game answers,
 * without showing it how a hand is kept: the cards a seat may play with the reason for
 * each refused one, the cards in hand and in which order they were dealt, the trick on
 * the table, the tricks taken. A game adds its own questions in its folder (e.g.
 * bierkopf/bk-bierkopf-query.h: the words a seat may say, the doublings).
 *
 * The view (src/ui) reads the game only through these and BkGame's own getters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* Most choices there can be at once: a card of each of the nine of a long hand and a few
 * more. */
#define BK_OPTIONS_MAX 16

/* BkOptions.ask before the deal, when nothing is asked of the seat. */
#define BK_ASK_NONE 0

typedef struct {
  BkAction    action;  /* what bk_game_apply() takes for this choice */
  const char *id;      /* a stable name: the card's notation, or a game's own word */
  char       *label;   /* translated: the card's name in the active deck, or the game's
                        * label with a mnemonic */
  gboolean    legal;   /* may be taken now */
  const char *reason;  /* why not, translated in the active deck's names; NULL if legal */
  gboolean    trump;   /* a card that is a trump in this hand's game */
} BkOption;

typedef struct {
  guint    ask;        /* what the seat is asked, in its game's terms (e.g. BkAsk of
                        * bk-bierkopf-query.h); BK_ASK_NONE when nothing */
  gboolean waiting;    /* the game waits for this seat's answer to an offer */
  guint    n;
  BkOption options[BK_OPTIONS_MAX];
} BkOptions;

void         bk_options_clear             (BkOptions        *options);
const BkOption *bk_options_find           (const BkOptions  *options,
                                           const char       *id);
void         bk_options_add_checked       (BkOptions        *options,
                                           BkGame           *game,
                                           BkAction          action,
                                           const char       *id,
                                           const char       *label);
guint        bk_options_add_cards         (BkOptions        *options,
                                           BkGame           *game,
                                           BkSeat            seat);

gboolean     bk_game_get_card_options     (BkGame           *game,
                                           BkSeat            seat,
                                           BkOptions        *options);
guint        bk_game_get_hand_sorted      (BkGame           *game,
                                           BkSeat            seat,
                                           BkCard            cards[BK_N_CARDS]);
guint        bk_game_sort_cards           (BkGame           *game,
                                           BkHand            hand,
                                           BkCard            cards[BK_N_CARDS]);
guint        bk_game_get_deal_order       (BkGame           *game,
                                           BkSeat            seat,
                                           BkCard            cards[BK_N_CARDS],
                                           guint8            packets[BK_N_CARDS]);
BkSeat       bk_game_get_holder           (BkGame           *game,
                                           BkCard            card);
BkHand       bk_game_get_gone             (BkGame           *game,
                                           BkSeat            seat);
BkHand       bk_game_get_aside            (BkGame           *game);
guint        bk_game_get_table_trick      (BkGame           *game,
                                           BkCard            cards[BK_MAX_SEATS],
                                           BkSeat            seats[BK_MAX_SEATS]);
guint        bk_game_get_tricks_done      (BkGame           *game);
gboolean     bk_game_is_last_trick_done   (BkGame           *game);
guint        bk_game_get_trick_points     (BkGame           *game,
                                           const BkTrick    *trick);
gboolean     bk_game_is_trump             (BkGame           *game,
                                           BkCard            card);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BkOptions, bk_options_clear)

G_END_DECLS
