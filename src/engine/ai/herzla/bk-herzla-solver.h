/* bk-herzla-solver.h: exact searches of a Herzla hand with all cards open
 * (docs/rules-herzla.md H4, H5, H6.2; docs/ai.md "Herzla").
 *
 * Two questions about one BkHerzlaHand in play, from any position (mid-trick too):
 *   - the contracts (H4.3 Beddl, H4.4 Mord): can the declarer make his contract against
 *     the three defenders playing together? A yes-or-no search, exact to the end;
 *   - the normal game (H5 cents, or H6.2 penalty points in the simple form): every player
 *     wants the most for himself. A max^n search with each player's own cents (or minus
 *     his hearts) as his utility, exact over the tricks it is allowed to look at; and for
 *     comparison the paranoid reduction, one seat against the others together.
 *
 * A solver is plain data with its own transposition tables: one per thread, never shared.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-herzla-hand.h"

G_BEGIN_DECLS

/* max_tricks for bk_herzla_solver_normal(): search to the end of the hand. */
#define BK_HERZLA_SOLVE_ALL 0

typedef struct _BkHerzlaSolver BkHerzlaSolver;

BkHerzlaSolver *bk_herzla_solver_new          (void);
void         bk_herzla_solver_free            (BkHerzlaSolver     *self);
guint64      bk_herzla_solver_get_nodes       (BkHerzlaSolver     *self);

gboolean     bk_herzla_solver_contract        (BkHerzlaSolver     *self,
                                               const BkHerzlaHand *state,
                                               BkCard             *best);
BkHand       bk_herzla_solver_contract_moves  (BkHerzlaSolver     *self,
                                               const BkHerzlaHand *state);

void         bk_herzla_solver_normal          (BkHerzlaSolver     *self,
                                               const BkHerzlaHand *state,
                                               gint                stock,
                                               guint               max_tricks,
                                               gint                values[BK_MAX_SEATS],
                                               BkCard             *best);
guint        bk_herzla_solver_normal_moves    (BkHerzlaSolver     *self,
                                               const BkHerzlaHand *state,
                                               gint                stock,
                                               guint               max_tricks,
                                               BkCard             *cards,
                                               gint               *values);
gint         bk_herzla_solver_paranoid        (BkHerzlaSolver     *self,
                                               const BkHerzlaHand *state,
                                               gint                stock,
                                               guint               max_tricks,
                                               guint               seat,
                                               BkCard             *best);
void         bk_herzla_solver_horizon_values  (const BkHerzlaHand *state,
                                               gint                stock,
                                               gint                values[BK_MAX_SEATS]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkHerzlaSolver, bk_herzla_solver_free)

G_END_DECLS
