/* bk-bierkopf-query.h: the questions a view asks a Bierkopf session beyond those of every
 * game (bk-game-query.h): what a seat may do now with the words of the table talk, the
 * Spritze and the Retour and how each is called, and the words said this hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-game.h"
#include "bk-game-query.h"

G_BEGIN_DECLS

/* What a seat is asked now (BkOptions.ask). */
typedef enum {
  BK_ASK_NOTHING = BK_ASK_NONE, /* not this seat's turn (it may still decide at once, B3.5) */
  BK_ASK_TALK_HOW_WELL,  /* spec B3.1: good, so-so, bad, or say nothing */
  BK_ASK_TALK_WHETHER,   /* spec B3.2: can help, cannot help, or say nothing */
  BK_ASK_SPRITZE,        /* spec B3.3, B3.4: Spritze or pass */
  BK_ASK_PLAY,           /* spec B4: a card (and maybe a Retour, B3.6) */
  BK_ASK_RETOUR,         /* spec B3.6: only a Retour, while another seat is to play */
} BkAsk;

/* A word said at the table this hand. */
typedef struct {
  BkSeat seat;
  BkWord word;
} BkSaid;

void         bk_bierkopf_game_get_options (BkGame           *game,
                                           BkSeat            seat,
                                           BkOptions        *options);
guint        bk_bierkopf_game_get_said    (BkGame           *game,
                                           BkSaid            said[BK_N_SEATS]);

G_END_DECLS
