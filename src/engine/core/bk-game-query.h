/* bk-game-query.h: the questions a view asks a session (BkGame), answered without showing
 * it how a hand is kept: what a seat may do now and how each choice is called, the cards
 * in hand and in which order they were dealt, the words said, the trick on the table.
 *
 * The view (src/ui) reads the game only through these and BkGame's own getters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* What a seat is asked now. */
typedef enum {
  BK_ASK_NOTHING,        /* not this seat's turn (it may still decide at once, B3.5) */
  BK_ASK_TALK_HOW_WELL,  /* spec B3.1: good, so-so, bad, or say nothing */
  BK_ASK_TALK_WHETHER,   /* spec B3.2: can help, cannot help, or say nothing */
  BK_ASK_SPRITZE,        /* spec B3.3, B3.4: Spritze or pass */
  BK_ASK_PLAY,           /* spec B4: a card (and maybe a Retour, B3.6) */
  BK_ASK_RETOUR,         /* spec B3.6: only a Retour, while another seat is to play */
} BkAsk;

/* Most choices there can be at once: a card of each of the nine of the long game and a
 * Retour. */
#define BK_OPTIONS_MAX 16

typedef struct {
  BkAction    action;  /* what bk_game_apply() takes for this choice */
  const char *id;      /* a stable name: the word of the notation, "spritze", "pass",
                        * "retour", or the card's notation */
  char       *label;   /* translated; with a mnemonic for the words, Spritze, pass and
                        * Retour; the card's name in the active deck for a card */
  gboolean    legal;   /* may be taken now */
  const char *reason;  /* why not, translated in the active deck's names; NULL if legal */
  gboolean    trump;   /* a card that is a trump in this hand's game */
} BkOption;

typedef struct {
  BkAsk    ask;
  gboolean waiting_for_retour; /* the game waits for this seat's answer to a Spritze */
  guint    n;
  BkOption options[BK_OPTIONS_MAX];
} BkOptions;

/* A word said at the table this hand. */
typedef struct {
  BkSeat seat;
  BkWord word;
} BkSaid;

void         bk_options_clear             (BkOptions        *options);
const BkOption *bk_options_find           (const BkOptions  *options,
                                           const char       *id);

void         bk_game_get_options          (BkGame           *game,
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
guint        bk_game_get_said             (BkGame           *game,
                                           BkSaid            said[BK_N_SEATS]);
guint        bk_game_get_table_trick      (BkGame           *game,
                                           BkCard            cards[BK_N_SEATS],
                                           BkSeat            seats[BK_N_SEATS]);
guint        bk_game_get_tricks_done      (BkGame           *game);
gboolean     bk_game_is_last_trick_done   (BkGame           *game);
guint        bk_game_get_trick_points     (BkGame           *game,
                                           const BkTrick    *trick);
gboolean     bk_game_is_trump             (BkGame           *game,
                                           BkCard            card);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BkOptions, bk_options_clear)

G_END_DECLS
