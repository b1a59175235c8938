/* bk-pimc.h: perfect-information Monte Carlo: the value of each card over worlds.
 *
 * Each world (a guess at the hidden hands) is solved exactly with all cards open; a card's
 * value is its team's card points averaged over the worlds, each world with its weight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bidding.h"
#include "bk-info-set.h"
#include "bk-solver.h"

G_BEGIN_DECLS

#define BK_MAX_HAND 6

typedef struct {
  guint  n;
  BkCard cards[BK_MAX_HAND];
  double value[BK_MAX_HAND];  /* the mover's team's card points, weighted mean */
  double weight;
} BkCardValues;

void         bk_card_values_clear      (BkCardValues       *values);
void         bk_card_values_add_world  (BkCardValues       *values,
                                        BkSolver           *solver,
                                        const BkInfoSet    *info,
                                        const BkWorld      *world,
                                        double              weight);
void         bk_card_values_add_shaped (BkCardValues       *values,
                                        BkSolver           *solver,
                                        const BkInfoSet    *info,
                                        const BkWorld      *world,
                                        double              weight,
                                        double              lines_weight);
double       bk_card_value_shaped      (const BkInfoSet    *info,
                                       guint               points,
                                       double              lines_weight);
BkCard       bk_card_values_best       (const BkCardValues *values,
                                        const BkGameRules  *game);
double       bk_card_cost              (const BkGameRules  *game,
                                        BkCard              card);

guint        bk_pimc_draw_worlds       (const BkInfoSet    *info,
                                        guint64             seed,
                                        guint               max,
                                        BkWorld            *worlds);
guint        bk_pimc_team_points       (BkSolver           *solver,
                                        const BkInfoSet    *info,
                                        const BkWorld      *world);
void         bk_pimc_outlook           (BkSolver           *solver,
                                        const BkInfoSet    *info,
                                        const BkWorld      *worlds,
                                        const double       *weights,
                                        guint               n_worlds,
                                        BkOutlook          *outlook);

G_END_DECLS
