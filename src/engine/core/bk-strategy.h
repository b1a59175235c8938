/* bk-strategy.h: a computer player that drives one seat, of any game.
 *
 * A strategy is handed the game's module and its hand value (bk-game-module.h); it knows
 * the games it plays and reads the hand as that module keeps it. It sees the whole hand
 * for speed; an honest one reads only its own seat's cards and what lies on the table
 * (a cheating level is the exception). The levels by name: src/engine/ai/bk-levels.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-action.h"
#include "bk-game-module.h"

G_BEGIN_DECLS

#define BK_TYPE_STRATEGY (bk_strategy_get_type ())

G_DECLARE_INTERFACE (BkStrategy, bk_strategy, BK, STRATEGY, GObject)

struct _BkStrategyInterface
{
  GTypeInterface parent_iface;

  /* The action of @seat, whose turn it is; @hand is @module's hand value. @seed varies
   * per decision and makes it repeatable. */
  void     (*decide)       (BkStrategy         *self,
                            const BkGameModule *module,
                            gconstpointer       hand,
                            guint               seat,
                            guint64             seed,
                            BkAction           *action);
  /* Whether @seat takes the module's open offer (bk-game-module.h, offer_decide), with
   * the action that takes it in @accept; asked while the module lets @seat answer. NULL:
   * never. */
  gboolean (*answer_offer) (BkStrategy         *self,
                            const BkGameModule *module,
                            gconstpointer       hand,
                            guint               seat,
                            guint64             seed,
                            BkAction           *accept);
};

void         bk_strategy_decide       (BkStrategy         *self,
                                       const BkGameModule *module,
                                       gconstpointer       hand,
                                       guint               seat,
                                       guint64             seed,
                                       BkAction           *action);
gboolean     bk_strategy_answer_offer (BkStrategy         *self,
                                       const BkGameModule *module,
                                       gconstpointer       hand,
                                       guint               seat,
                                       guint64             seed,
                                       BkAction           *accept);

G_END_DECLS
