/* bk-game-history.h: what a session keeps of its own past, so that whoever shows it asks the
 * session and never replays a record: the hands done with their results, the words said at
 * the table with their seat and hand, and who sits where after the seating.
 *
 * A session loaded from a save holds what the save holds (its hands after the checkpoint
 * it starts from, notation.md) exactly as the same actions played live: loading a save is
 * building the session from its record.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game.h"

G_BEGIN_DECLS

/* A hand played to its end and scored. */
typedef struct {
  guint         number;      /* in the session, 1 the first (bk_game_get_hand_number()) */
  BkSeat        dealer;
  gboolean      round_ended; /* its score ended a round of the session (Bierkopf: a Bollen) */
  BkHand        dealt[BK_MAX_SEATS]; /* the cards dealt to each seat */
  gconstpointer result;      /* the module's result, as "hand-scored" hands it on; valid as
                              * long as the session */
} BkHandDone;

/* A word said at the table: one of the module's actions before play or answers to an
 * offer, or what the module says for a seat (e.g. Bierkopf's dealer closing the talk). */
typedef struct {
  guint        hand;  /* the hand's number in the session */
  BkSeat       seat;
  BkActionType kind;  /* the module's action type (e.g. BK_ACTION_TALK, BK_ACTION_BID) */
  guint        value; /* the module's (e.g. the word, the multiplier after a doubling, the
                       * contract bid) */
} BkGameWord;

guint             bk_game_get_n_hands_done (BkGame     *self);
gboolean          bk_game_get_hand_done    (BkGame     *self,
                                            guint       index,
                                            BkHandDone *hand);
const BkGameWord *bk_game_get_words        (BkGame     *self,
                                            guint       hand,
                                            guint      *n_words);
guint             bk_game_get_player_at    (BkGame     *self,
                                            BkSeat      seat);

G_END_DECLS
