/* bk-bierkopf-module.h: Bierkopf as a game module (bk-game-module.h): its hand is a
 * BkHandState, its session's score the coasters of spec B6.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-module.h"
#include "bk-hand-state.h"
#include "bk-seating.h"

G_BEGIN_DECLS

extern const BkGameModule bk_bierkopf_module;

/* What a Bierkopf session carries from hand to hand (spec B5.3, B6). */
typedef struct {
  guint        lines_left[BK_N_TEAMS];
  guint        dots[BK_N_TEAMS];     /* Bollen lost */
  guint        carry;                /* lines the next won hand adds (B5.3) */
  BkHandResult last_result;
  BkSeating    seating;              /* the last seating ceremony (B2.1, B2.5) */
  guint8       seat_map[BK_N_SEATS]; /* the seat each player now at a seat had when the
                                      * session began: every ceremony's moves together */
} BkBierkopfScore;

void     bk_bierkopf_score_init (BkBierkopfScore    *score,
                                 const BkRules      *rules);
gboolean bk_bierkopf_score_hand (BkBierkopfScore    *score,
                                 const BkRules      *rules,
                                 const BkHandState  *state);

G_END_DECLS
