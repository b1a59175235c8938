/* bk-base-strategy.h: the one decide skeleton of the computer players.
 *
 * BkBaseStrategy implements BkStrategy by the step of the hand: at table talk it asks
 * talk_word(), when a Spritze may be given wants_double(), when a Retour is offered
 * wants_double() with @retour, in play choose_card() (a single legal card is played
 * without asking). Each part gets what the seat has seen, a BkInfoSet built once per
 * decision. A level supplies only the parts in which it differs: its card, and either
 * its outlook and margins (the defaults then talk honestly and double by the expected
 * game points, bk-bidding.h) or its own word and doubling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-bidding.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_BASE_STRATEGY (bk_base_strategy_get_type ())

G_DECLARE_DERIVABLE_TYPE (BkBaseStrategy, bk_base_strategy, BK, BASE_STRATEGY, GObject)

struct _BkBaseStrategyClass
{
  GObjectClass parent_class;

  /* The gain in lines per unit of the multiplier a Spritze (double_margin) or a Retour
   * (retour_margin) must promise; read by the default margin(). */
  double   double_margin;
  double   retour_margin;
  /* How much of its outlook's lead a Retour believes, per doubling already made
   * (bk_outlook_doubt_retour()); 1 believes it all. Read by the default keep(). */
  double   retour_keep;
  /* The parts read no BkInfoSet and get NULL for @info (the random level, which the
   * benchmark wants fast). */
  gboolean plays_blind;

  /* The word @seat says at table talk. Default: the honest word of its own hand
   * (bk_talk_word()). */
  BkWord   (*talk_word)    (BkBaseStrategy    *self,
                            const BkHandState *state,
                            const BkInfoSet   *info,
                            BkSeat             seat,
                            guint64            seed);
  /* Whether @seat doubles: a Spritze, or with @retour a Retour. A Spritze is asked only
   * while bk_hand_state_may_double() allows it. Default: outlook() against margin(). */
  gboolean (*wants_double) (BkBaseStrategy    *self,
                            const BkHandState *state,
                            const BkInfoSet   *info,
                            BkSeat             seat,
                            guint64            seed,
                            gboolean           retour);
  /* The card @seat plays among @legal, which holds two cards or more. Required. */
  BkCard   (*choose_card)  (BkBaseStrategy    *self,
                            const BkHandState *state,
                            const BkInfoSet   *info,
                            BkSeat             seat,
                            BkHand             legal,
                            guint64            seed);
  /* How the hand looks to the seat of @info, for the default wants_double(). */
  void     (*outlook)      (BkBaseStrategy    *self,
                            const BkHandState *state,
                            const BkInfoSet   *info,
                            guint64            seed,
                            BkOutlook         *outlook);
  /* The margin of a Spritze or, with @retour, of a Retour. Default: the class fields. */
  double   (*margin)       (BkBaseStrategy    *self,
                            gboolean           retour);
  /* The share of the outlook's lead a Retour believes. Default: the class field. */
  double   (*keep)         (BkBaseStrategy    *self);
};

void     bk_base_strategy_class_decide (BkBaseStrategyClass *klass,
                                        BkBaseStrategy      *self,
                                        const BkHandState   *state,
                                        BkSeat               seat,
                                        guint64              seed,
                                        BkAction            *action);

G_END_DECLS
