/* bk-herzla-strategy.h: the skeleton of the Herzla computer players: a BkStrategy that
 * hands each decision to bk_herzla_player_decide() with the level of its class and the
 * parameters set as properties (docs/ai.md "Herzla computer players").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-herzla-player.h"
#include "bk-strategy.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_STRATEGY (bk_herzla_strategy_get_type ())

G_DECLARE_DERIVABLE_TYPE (BkHerzlaStrategy, bk_herzla_strategy, BK, HERZLA_STRATEGY, GObject)

struct _BkHerzlaStrategyClass
{
  GObjectClass  parent_class;

  BkHerzlaLevel level;
};

void         bk_herzla_strategy_get_params (BkHerzlaStrategy     *self,
                                            BkHerzlaPlayerParams *params);

G_END_DECLS
