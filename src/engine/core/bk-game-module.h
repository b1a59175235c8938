/* bk-game-module.h: what a game tells the core, so that the core never names a game.
 *
 * A game module is plain data: a table of functions plus the sizes of the two values it
 * owns, in the style of BkGameRules (which answers for one trick; the module answers for
 * the whole hand and the session around it):
 *
 *   - the hand: one hand as a value of `hand_size` bytes, from the deal (packets, cards
 *     aside) through the steps before play (Bierkopf: talk and doubling; Herzla: bidding),
 *     play with legality in context (trick number, contract), an early end, to the end;
 *   - the score: what a session carries from hand to hand, `score_size` bytes (Bierkopf:
 *     its coasters; Herzla: cents and the stock), and how a finished hand is
 *     folded into it;
 *   - seats: how many (3 to BK_MAX_SEATS) and who plays with whom;
 *   - the record lines of its actions, written and read by the same module.
 *
 * Adding a game is a folder with its module plus a line in the registry
 * (src/engine/bk-games.{c,h}). The core asks `bk_game_module_get()` or
 * `bk_game_module_lookup()`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-action.h"
#include "bk-game-rules.h"
#include "bk-rules.h"

G_BEGIN_DECLS

/* round_dealer(): the deal passes on as in every hand. */
#define BK_DEALER_NEXT 0xfeu

/* The most bytes a game's hand may take (BkGameModule.hand_size). */
#define BK_HAND_MAX_SIZE 512

/* A seat's side when it plays alone (no partner in this hand). */
#define BK_SIDE_ALONE 0xffu

/* What stage a hand is in, as the core needs to know it. */
typedef enum {
  BK_HAND_STAGE_BEFORE_PLAY, /* the module's steps before the first card */
  BK_HAND_STAGE_PLAY,
  BK_HAND_STAGE_OVER,        /* played out, or ended early by the module's rules */
} BkHandStage;

typedef struct _BkGameModule BkGameModule;
typedef struct _BkGame BkGame;
struct _BkStrategy;

struct _BkGameModule {
  BkGameKind   kind;
  const char  *id;          /* as in a record's `game` line and BkRules' `game` option */
  const char  *name;        /* translatable display name (N_()) */
  /* FALSE while the session (BkGame, records, solver) cannot run a hand of this game;
   * the hand functions below may already work. */
  gboolean     playable;

  /* What happens inside one trick: points, power, groups, the pack, Farbzwang. */
  const BkGameRules *(*trick_rules) (void);

  gsize        hand_size;   /* bytes of one hand value */
  gsize        score_size;  /* bytes of a session's score */

  /* Whether a session can be played by @rules (e.g. Herzla's number of players fits its
   * form); NULL: any rules. */
  gboolean     (*rules_check)  (const BkRules  *rules,
                                GError        **error);

  /* Seats and sides. */
  guint        (*n_seats)      (const BkRules  *rules);
  /* The seats' names (notation.md): as records and the command line write them (e.g. "S",
   * "3"), read back (FALSE with BK_ERROR_PARSE), and in a message (translated, to free). */
  const char  *(*seat_name)    (const BkRules  *rules,
                                guint           seat);
  gboolean     (*seat_parse)   (const BkRules  *rules,
                                const char     *text,
                                guint          *seat,
                                GError        **error);
  char        *(*seat_display_name) (const BkRules *rules,
                                     guint          seat);
  /* Seats with equal sides play together in this hand; BK_SIDE_ALONE: nobody with him. */
  guint        (*side_of)      (gconstpointer   hand,
                                guint           seat);

  /* The deal: `hands` has BK_MAX_SEATS entries; `aside` may be NULL when the game puts
   * no cards aside. `deck` is the cut pack, `n_cards` long. */
  void         (*deal)         (const BkRules  *rules,
                                const BkCard   *deck,
                                guint           dealer,
                                BkHand         *hands,
                                BkHand         *aside);
  gboolean     (*deal_check)   (const BkRules  *rules,
                                const BkHand   *hands,
                                BkHand          aside,
                                GError        **error);
  /* Starts a hand; `score` is the session's score so far (it may limit the hand, e.g.
   * Bierkopf's cap on doublings), never NULL. */
  void         (*hand_init)    (gpointer        hand,
                                const BkRules  *rules,
                                gconstpointer   score,
                                guint           dealer,
                                const BkHand   *hands,
                                BkHand          aside);

  /* The hand. */
  BkHandStage  (*stage)        (gconstpointer   hand);
  guint        (*to_act)       (gconstpointer   hand);
  guint        (*dealer)       (gconstpointer   hand);
  BkHand       (*cards)        (gconstpointer   hand,
                                guint           seat);
  BkHand       (*legal)        (gconstpointer   hand);
  /* Tricks taken so far, and the last of them with the seat that took it. */
  guint        (*tricks_done)  (gconstpointer   hand);
  void         (*last_trick)   (gconstpointer   hand,
                                BkTrick        *trick,
                                guint          *winner);
  /* The trick not yet complete on the table (n 0 when none). */
  void         (*trick_on_table) (gconstpointer hand,
                                  BkTrick      *trick);
  /* Why @seat may not play @card now, translated in the active deck's names; NULL when
   * it may (or it is not @seat's turn to play a card). */
  const char  *(*reason)       (gconstpointer   hand,
                                guint           seat,
                                BkCard          card);
  /* The cards dealt to @seat this hand, and the packet (0 the first) in which the
   * @index-th of them in the order a hand shows them came, as a view shows the deal. */
  BkHand       (*dealt)        (gconstpointer   hand,
                                guint           seat);
  guint        (*packet_of)    (gconstpointer   hand,
                                guint           index);
  /* The cards laid aside face down at the deal, out of play (e.g. H6.1); NULL: none. */
  BkHand       (*aside)        (gconstpointer   hand);
  gboolean     (*check)        (gconstpointer   hand,
                                const BkAction *action,
                                GError        **error);
  void         (*apply)        (gpointer        hand,
                                const BkAction *action);
  /* Clears what a checked @action carries that the game ignores, so that one action has
   * one form in the history and the record; NULL: nothing to clear. */
  void         (*action_normalize) (BkAction    *action);

  /* The score of a session. */
  void         (*score_init)   (gpointer        score,
                                const BkRules  *rules);
  /* Folds a finished hand into the session's score; returns TRUE when the fold ended a
   * round of the session (Bierkopf: a Bollen). */
  gboolean     (*score_hand)   (gpointer        score,
                                const BkRules  *rules,
                                gconstpointer   hand);

  /* What a hand's score was, as the "hand-scored" signal hands it on (valid until the
   * next hand is scored). */
  gconstpointer (*last_result) (gconstpointer  score);
  /* Bytes of last_result's value: the session keeps a copy for each hand done
   * (bk-game-history.h); 0: it keeps none. */
  gsize        result_size;
  /* Who sits at @seat now: the seat that player had when the session began (e.g. after
   * Bierkopf's seating ceremonies, B2.1, B2.5), as the session's score keeps it. NULL:
   * nobody moves. */
  guint        (*player_at)  (gconstpointer  score,
                              guint          seat);
  /* The figures of the score as the state line of a save writes them, without a newline
   * (e.g. Bierkopf's coasters): words and whole numbers. */
  void         (*score_write)  (gconstpointer   score,
                                GString        *line);

  /* The session (each may be NULL): installs the signals and properties of the game's own
   * on BkGame's class, property ids from @first_prop_id on, and reads those properties
   * (FALSE: not one of its own); tells of a change after a hand was dealt (@action NULL)
   * or an action applied, and of a scored hand after "hand-scored" (e.g. Bierkopf's
   * "bollen-won"). BkGame holds back its notifications while these run. */
  void         (*class_init)   (GObjectClass   *klass,
                                guint           first_prop_id);
  gboolean     (*get_property) (BkGame         *game,
                                guint           prop_id,
                                GValue         *value);
  void         (*changed)      (BkGame         *game,
                                const BkAction *action);
  void         (*scored)       (BkGame         *game,
                                gboolean        round_ended);
  /* A round of the session begins (its start, or a hand ended the last round): the module
   * may hold a ceremony (e.g. Bierkopf's seating), drawn from @seed (BK_DEAL_SEED_SIZE
   * bytes, under a label of its own) when the round's first hand is dealt from one, else
   * from the session's seed. Then the dealer of the round's first hand: a seat,
   * BK_SEAT_NONE when any seat may deal, or BK_DEALER_NEXT. */
  gboolean     (*new_round)    (BkGame         *game,
                                gboolean        session_start,
                                const guint8   *seed,
                                GError        **error);
  guint        (*round_dealer) (BkGame         *game,
                                gboolean        session_start);
  /* Whether @viewer may look at the taken trick @trick_index, one before the last (the
   * last one every seat may see); NULL: none before the last. */
  gboolean     (*may_view_trick) (BkGame       *game,
                                  guint         viewer,
                                  guint         trick_index);
  /* Whether a session's house rules may change from @old to @rules between two hands
   * (the game itself never changes); FALSE with BK_ERROR_WRONG_PHASE when not. NULL: any
   * change may. */
  gboolean     (*rules_change_check) (const BkRules  *old,
                                      const BkRules  *rules,
                                      GError        **error);
  /* Whether the session's score says the session is over (e.g. Herzla's rounds or
   * penalty limit, H6.3): no further hand is dealt. NULL: a session never ends. */
  gboolean     (*session_over)   (gconstpointer   score);
  /* Answers a seat may owe outside the turn order (an offer, e.g. a doubling offered
   * during play); all NULL when the game has none. offer_open: whether the seats that
   * may answer are asked now; offer_may_answer: whether @seat may answer now;
   * offer_level: changes whenever a new offer begins (a seat driven from outside answers
   * once per level); offer_decide: the answer of a computer player (TRUE: it takes the
   * offer with the action in @accept, which is filled either way); offer_declined: tells
   * of @seat letting the offer pass (after the core noted it), e.g. with a signal of the
   * game's own. */
  gboolean     (*offer_open)       (gconstpointer   hand);
  gboolean     (*offer_may_answer) (gconstpointer   hand,
                                    guint           seat);
  guint        (*offer_level)      (gconstpointer   hand);
  gboolean     (*offer_decide)     (struct _BkStrategy *strategy,
                                    gconstpointer   hand,
                                    guint           seat,
                                    guint64         seed,
                                    BkAction       *accept);
  void         (*offer_declined)   (BkGame         *game,
                                    guint           seat);
  /* The session between two hands as a record's checkpoint line carries it after the
   * core's words (notation.md "Game record"): the score in full and what else the game
   * keeps for the session (e.g. Bierkopf's seating), as words; and reading those words
   * back into @game's score (FALSE with BK_ERROR_RECORD, nothing changed). Both NULL: the
   * game's saves keep every hand. */
  void         (*checkpoint_write) (BkGame        *game,
                                    GString       *line);
  gboolean     (*checkpoint_read)  (BkGame        *game,
                                    const char * const *words,
                                    GError       **error);
  /* Lines of its own in the record other than actions (NULL-terminated keywords), and
   * reading one into @game. */
  const char * const *line_keywords;
  gboolean     (*read_line)    (BkGame         *game,
                                const char * const *words,
                                GError        **error);

  /* The record: the first words of its action lines, NULL-terminated; one line for an
   * action (without the newline), and back. */
  const char * const *action_keywords;
  void         (*action_write) (const BkRules  *rules,
                                const BkAction *action,
                                GString        *line);
  /* Parses the words of one line; FALSE with BK_ERROR_RECORD when the line is not an
   * action of this game. */
  gboolean     (*action_read)  (const BkRules  *rules,
                                const char * const *words,
                                BkAction       *action,
                                GError        **error);
  /* An action a record leaves out before @next (e.g. Bierkopf's passes before a `play`):
   * TRUE with it in @implied, to be applied before @next; FALSE when none. */
  gboolean     (*action_implied) (gconstpointer   hand,
                                  const BkAction *next,
                                  BkAction       *implied);
};

const BkGameModule *bk_game_module_get      (BkGameKind     kind);
const BkGameModule *bk_game_module_lookup   (const char    *id);
/* The registered modules, NULL-terminated. */
const BkGameModule * const *bk_game_module_list (void);
/* The module of `rules`, or NULL with BK_ERROR_NOT_PLAYABLE when a session cannot run it
 * (or the module's error when the rules do not fit the game, rules_check). */
const BkGameModule *bk_game_module_playable (const BkRules *rules,
                                             GError       **error);

/* The names of the seats of @rules' game (its module's seat_name, seat_parse,
 * seat_display_name). */
const char         *bk_seat_name              (const BkRules *rules,
                                               guint          seat);
gboolean            bk_seat_parse_for         (const BkRules *rules,
                                               const char    *text,
                                               guint         *seat,
                                               GError       **error);
char               *bk_seat_dup_display_name  (const BkRules *rules,
                                               guint          seat);

/* The registry itself is outside the core: src/engine/bk-games.c, one line per game. */
extern const BkGameModule * const bk_games[];

G_END_DECLS
