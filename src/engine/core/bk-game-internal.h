/* bk-game-internal.h: the fields of a session, for the files that make up BkGame
 * (bk-game.c, bk-game-offer.c, bk-game-save.c) and for nobody else.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-history-private.h"
#include "bk-game.h"

G_BEGIN_DECLS

/* The most tricks a hand of any game has: the whole pack among the fewest seats. */
#define MAX_TRICKS (BK_N_CARDS / 3)

struct _BkGame
{
  GObject       parent_instance;

  const BkGameModule *module;
  BkRules       rules;
  guint64       seed;
  gint64        session_id;    /* 0: none given (a record without a session line) */
  BkPhase       phase;
  gpointer      hand;          /* the module's hand, hand_size bytes */
  guint         hand_number;   /* hands dealt so far in the session */
  BkSeat        last_dealer;   /* of the hand dealt last; BK_SEAT_NONE before the first */
  guint         round_start;   /* hands dealt before the current round of the session */
  guint         n_actions;     /* requests applied in the current hand */
  guint         n_cards;       /* cards played in the current hand */
  guint         generation;    /* changes with every deal and every applied request */
  gpointer      score;         /* the module's score of the session */
  gboolean      round_ended;   /* the last hand ended a round of the session (e.g. a Bollen) */
  BkTrick       tricks[MAX_TRICKS];
  BkSeat        trick_winners[MAX_TRICKS];

  /* The module's offers to computer players: who was asked at which card. */
  guint         offer_position;
  guint         offer_asked;
  /* A seat driven from outside answers an offer once per level: the module's offer
   * level plus one at which it declined (0: not yet). */
  guint         offer_declined[BK_MAX_SEATS];

  BkStrategy   *strategies[BK_MAX_SEATS];
  GString      *record;
  /* What the state line of a save pins (format 2): the record after its format line,
   * digested as it grows, so that a save costs no more than a copy. Whatever appends to
   * the record calls record_digest() before it returns. */
  gsize         rest_start;
  gsize         digested;
  guint64       rest_lines;
  GChecksum    *rest_checksum;

  /* A save holds the session before its last hands in a checkpoint line (notation.md): the
   * record's header, the lines of no game recorded before the first deal (e.g. a
   * session's identity), and a checkpoint for each deal that a save may still start
   * from, oldest first. */
  gsize         header_end;
  BkRules       header_rules;
  GString      *header_extra;
  GPtrArray    *checkpoints;

  BkGameHistory *history;     /* the hands done and the words said (bk-game-history.c) */
};

/* The session before one deal, as a save may start from it. */
typedef struct {
  gsize    offset;  /* where the deal's lines begin in the record */
  guint    hands;   /* hands dealt before it */
  BkRules  rules;
  char    *line;    /* the checkpoint line, without the newline */
} Checkpoint;

/* bk-game.c: "acted", once a request of @seat is accepted. */
void     bk_game_emit_acted          (BkGame  *self,
                                      BkSeat   seat);

/* bk-game-offer.c */
gboolean bk_game_offer_owed          (BkGame  *self,
                                      BkSeat   seat);
void     bk_game_offer_mark_declined (BkGame  *self,
                                      BkSeat   seat);

/* bk-game-save.c */
void     bk_game_write_checkpoint    (BkGame  *self,
                                      GString *line);
void     bk_game_push_checkpoint     (BkGame  *self);

G_END_DECLS
