/* bk-bierkopf-game.h: what a session (BkGame) of Bierkopf offers beyond the core: the
 * seating ceremony (spec B2.1, B2.5), the table talk and doubling (B3), the coasters of the session (B5, B6), and the events
 * the Bierkopf module adds to BkGame:
 *
 *   "seating-card-dealt" (seat, card), "partners-found" (first, second),
 *   "talk-said" (seat, word), "passed" (seat), "doubled" (seat, multiplier after it),
 *   "bollen-won" (winning team), "retour-declined" (seat, spec B3.6); "hand-scored" hands
 *   on a const BkHandResult *;
 *   the properties "multiplier", "lines-left-sn", "lines-left-we", "dots-sn", "dots-we",
 *   "carry".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bierkopf-module.h"
#include "bk-game.h"

G_BEGIN_DECLS

/* The Bierkopf hand of a session of Bierkopf (its module's hand value). */
const BkHandState *bk_bierkopf_game_get_state (BkGame *game);

#define BK_TYPE_HAND_RESULT (bk_hand_result_get_type ())
GType bk_hand_result_get_type (void) G_GNUC_CONST;

guint                bk_bierkopf_game_get_multiplier    (BkGame           *self);
guint                bk_bierkopf_game_get_lines_left    (BkGame           *self,
                                                BkTeam            team);
guint                bk_bierkopf_game_get_dots          (BkGame           *self,
                                                BkTeam            team);
guint                bk_bierkopf_game_get_carry         (BkGame           *self);
const BkHandResult  *bk_bierkopf_game_get_last_result   (BkGame           *self);
const BkSeating     *bk_bierkopf_game_get_seating       (BkGame           *self);
const guint8        *bk_bierkopf_game_get_seat_map      (BkGame           *self);
gboolean             bk_bierkopf_game_seat              (BkGame           *self,
                                                BkSeat            start,
                                                const BkCard     *cards,
                                                guint             n_cards,
                                                GError          **error);
/* The table's ceremony in a copy of the table whose seat s is the table's s + @by (a
 * friend's window, his seat at the bottom): the same people sit together and the same one
 * deals first. The record says "turned BY". */
gboolean             bk_bierkopf_game_seat_turned       (BkGame           *self,
                                                BkSeat            start,
                                                const BkCard     *cards,
                                                guint             n_cards,
                                                guint             by,
                                                GError          **error);
gboolean             bk_bierkopf_game_may_double        (BkGame           *self,
                                                BkSeat            seat);
gboolean             bk_bierkopf_game_talk              (BkGame           *self,
                                                BkSeat            seat,
                                                BkWord            word,
                                                GError          **error);
gboolean             bk_bierkopf_game_double            (BkGame           *self,
                                                BkSeat            seat,
                                                GError          **error);
gboolean             bk_bierkopf_game_pass              (BkGame           *self,
                                                BkSeat            seat,
                                                GError          **error);
void                 bk_bierkopf_game_decline_retour    (BkGame           *self,
                                                BkSeat            seat);
gboolean             bk_bierkopf_game_answer_retour     (BkGame           *self,
                                                BkSeat            seat,
                                                gboolean          raise,
                                                GError          **error);
gboolean             bk_bierkopf_game_is_waiting_for_retour (BkGame       *self,
                                                BkSeat            seat);

/* For the module (bk-bierkopf-module.c): BkGame's class hooks. */
void                 bk_bierkopf_game_class_init   (GObjectClass   *klass,
                                                    guint           first_prop_id);
gboolean             bk_bierkopf_game_get_property (BkGame         *game,
                                                    guint           prop_id,
                                                    GValue         *value);
void                 bk_bierkopf_game_changed      (BkGame         *game,
                                                    const BkAction *action);
void                 bk_bierkopf_game_scored       (BkGame         *game,
                                                    gboolean        round_ended);
gboolean             bk_bierkopf_game_new_round    (BkGame         *game,
                                                    gboolean        session_start,
                                                    const guint8   *seed,
                                                    GError        **error);
guint                bk_bierkopf_game_round_dealer (BkGame         *game,
                                                    gboolean        session_start);
gboolean             bk_bierkopf_game_read_line    (BkGame         *game,
                                                    const char * const *words,
                                                    GError        **error);
void                 bk_bierkopf_game_checkpoint_write (BkGame     *game,
                                                        GString    *line);
gboolean             bk_bierkopf_game_checkpoint_read  (BkGame     *game,
                                                        const char * const *words,
                                                        GError    **error);

gboolean             bk_bierkopf_game_offer_open       (gconstpointer  hand);
gboolean             bk_bierkopf_game_offer_may_answer (gconstpointer  hand,
                                                        guint          seat);
guint                bk_bierkopf_game_offer_level      (gconstpointer  hand);
gboolean             bk_bierkopf_game_offer_decide     (BkStrategy    *strategy,
                                                        gconstpointer  hand,
                                                        guint          seat,
                                                        guint64        seed,
                                                        BkAction      *accept);
void                 bk_bierkopf_game_offer_declined   (BkGame        *game,
                                                        guint          seat);

G_END_DECLS
