/* bk-game.h: a session of a card game: hands dealt, the steps before play, play, the
 * score of the session, with a signal for what every game has (a hand dealt, a card
 * played, a trick taken, a hand scored, the phase, a request accepted). What a game has of its own (Bierkopf's
 * talk, doubling and coasters) its module does, and its own header offers
 * (e.g. bierkopf/bk-bierkopf-game.h; bk-games.h has every game's): who uses it includes
 * it, since the core's headers include no game's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-game-module.h"
#include "bk-rules.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

typedef enum {
  BK_PHASE_NEW,       /* before the first hand (and a game's ceremony, e.g. the seating) */
  BK_PHASE_BIDDING,   /* table talk and doubling before the first card */
  BK_PHASE_PLAYING,
  BK_PHASE_HAND_OVER, /* scored; bk_game_next_hand() deals the next one */
} BkPhase;

/* A decision a computer player owes now, with a copy of the hand to think on, so that the
 * thinking can run on another thread while the game stays where it is. */
typedef struct {
  BkSeat       seat;
  gboolean     offer;        /* answer the module's offer (offer_decide), not a move */
  const BkGameModule *module;
  guint64      seed;
  guint        generation;   /* bk_game_get_generation() when asked */
  union {
    guint8     bytes[BK_HAND_MAX_SIZE];
    gint64     align_int;
    double     align_double;
    gpointer   align_pointer;
  }            hand;         /* the module's hand, hand_size bytes of it */
} BkComputerTurn;

#define BK_TYPE_GAME (bk_game_get_type ())

G_DECLARE_FINAL_TYPE (BkGame, bk_game, BK, GAME, GObject)

BkGame              *bk_game_new               (const BkRules    *rules,
                                                guint64           seed);
const BkRules       *bk_game_get_rules         (BkGame           *self);
guint64              bk_game_get_seed          (BkGame           *self);
gint64               bk_game_get_session_id    (BkGame           *self);
gboolean             bk_game_set_session_id    (BkGame           *self,
                                                gint64            session_id,
                                                GError          **error);
BkPhase              bk_game_get_phase         (BkGame           *self);
BkSeat               bk_game_get_dealer        (BkGame           *self);
BkSeat               bk_game_get_to_act        (BkGame           *self);
guint                bk_game_get_hand_number   (BkGame           *self);
guint                bk_game_get_n_seats       (BkGame           *self);
guint                bk_game_get_side          (BkGame           *self,
                                                guint             seat);
gconstpointer        bk_game_get_hand          (BkGame           *self);
gconstpointer        bk_game_get_score         (BkGame           *self);
const BkGameModule  *bk_game_get_module        (BkGame           *self);
BkHand               bk_game_get_cards         (BkGame           *self,
                                                BkSeat            seat);
BkHand               bk_game_get_legal         (BkGame           *self);
gboolean             bk_game_get_trick         (BkGame           *self,
                                                guint             index,
                                                BkTrick          *trick,
                                                BkSeat           *winner);
gboolean             bk_game_may_view_trick    (BkGame           *self,
                                                BkSeat            viewer,
                                                guint             trick_index);

gboolean             bk_game_start             (BkGame           *self,
                                                GError          **error);
gboolean             bk_game_deal              (BkGame           *self,
                                                BkSeat            dealer,
                                                const BkHand     *hands,
                                                BkHand            aside,
                                                GError          **error);
gboolean             bk_game_next_hand         (BkGame           *self,
                                                GError          **error);
gboolean             bk_game_next_hand_from_seed (BkGame       *self,
                                                  const guint8 *seed,
                                                  GError      **error);
BkSeat               bk_game_get_next_dealer   (BkGame           *self);
gboolean             bk_game_is_session_over (BkGame           *self);
gboolean             bk_game_apply             (BkGame           *self,
                                                const BkAction   *action,
                                                GError          **error);
gboolean             bk_game_play              (BkGame           *self,
                                                BkSeat            seat,
                                                BkCard            card,
                                                GError          **error);

void                 bk_game_set_strategy      (BkGame           *self,
                                                BkSeat            seat,
                                                BkStrategy       *strategy);
BkStrategy          *bk_game_get_strategy      (BkGame           *self,
                                                BkSeat            seat);
guint                bk_game_get_generation    (BkGame           *self);
gboolean             bk_game_get_computer_turn (BkGame           *self,
                                                BkComputerTurn   *turn);
void                 bk_game_decline_offer     (BkGame           *self,
                                                BkSeat            seat);
gboolean             bk_game_is_waiting_for_offer (BkGame        *self,
                                                BkSeat            seat);
BkSeat               bk_game_get_waiting_for   (BkGame           *self);

char                *bk_game_to_record         (BkGame           *self);
char                *bk_game_to_save_text      (BkGame           *self);
gboolean             bk_game_save              (BkGame           *self,
                                                const char       *path,
                                                GError          **error);

G_END_DECLS
