/* bk-alphamu.h: αμ search of the last tricks: PIMC without strategy fusion for the
 * searching player's own next cards.
 *
 * PIMC lets a player choose each of his later cards knowing the hidden hands, world by
 * world (strategy fusion). αμ (Cazenave and Ventos, 2019) searches his own next M cards
 * over all the worlds at once: a card of his is the same card in every world he cannot
 * tell apart by then. A position's value is a Pareto front of vectors with one entry per
 * world: the outcomes of those of his plans that no other plan beats in every world. The
 * others play as in PIMC, seeing all cards; after his M cards each world is solved
 * exactly as in PIMC.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-pimc.h"

G_BEGIN_DECLS

void         bk_alphamu_values         (BkSolver           *solver,
                                        const BkInfoSet    *info,
                                        const BkWorld      *worlds,
                                        const double       *weights,
                                        guint               n_worlds,
                                        guint               depth,
                                        double              lines_weight,
                                        BkCardValues       *values);

G_END_DECLS
