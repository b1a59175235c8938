/* bk-solver.h: the exact double-dummy solver of a Bierkopf position.
 *
 * All cards open, both teams play their best for card points (or for tricks). The
 * computer players solve sampled worlds with it; `bierkopf-cli solve` shows it. A solver
 * is plain data with its own transposition table: one per thread, never shared.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"
#include "bk-bierkopf-talk.h"
#include "bk-game-rules.h"
#include "bk-position.h"

G_BEGIN_DECLS

/* What the search counts: card points (B5.1) or tricks (Schwarz, B5.2). */
typedef enum {
  BK_SOLVE_POINTS,
  BK_SOLVE_TRICKS,
} BkSolveGoal;

typedef struct _BkSolver BkSolver;

BkSolver    *bk_solver_new               (const BkRules      *rules);
void         bk_solver_free              (BkSolver           *self);
const BkRules *bk_solver_get_rules       (BkSolver           *self);

guint        bk_solver_solve             (BkSolver           *self,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick,
                                          BkCard             *best);
guint        bk_solver_solve_goal        (BkSolver           *self,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick,
                                          BkSolveGoal         goal);
gboolean     bk_solver_reaches           (BkSolver           *self,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick,
                                          BkTeam              team,
                                          BkSolveGoal         goal,
                                          guint               target);
guint        bk_solver_move_values       (BkSolver           *self,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick,
                                          BkCard             *cards,
                                          guint              *values);
guint        bk_solver_solve_plain       (BkSolver           *self,
                                          const BkHand        hands[BK_N_SEATS],
                                          const BkTrick      *trick);
guint64      bk_solver_get_nodes         (BkSolver           *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkSolver, bk_solver_free)

G_END_DECLS
