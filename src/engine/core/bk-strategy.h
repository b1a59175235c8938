/* bk-strategy.h: a computer player that drives one seat.
 *
 * A strategy sees the whole BkHandState for speed; an honest one reads only its own
 * seat's cards and what lies on the table (the cheat level is the exception).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bk-hand-state.h"

G_BEGIN_DECLS

#define BK_TYPE_STRATEGY (bk_strategy_get_type ())

G_DECLARE_INTERFACE (BkStrategy, bk_strategy, BK, STRATEGY, GObject)

struct _BkStrategyInterface
{
  GTypeInterface parent_iface;

  /* The action of @seat, whose turn it is (bidding or play). @seed varies per decision
   * and makes it repeatable. */
  void     (*decide)       (BkStrategy        *self,
                            const BkHandState *state,
                            BkSeat             seat,
                            guint64            seed,
                            BkAction          *action);
  /* Whether @seat raises now; asked while bk_hand_state_may_double() allows it. */
  gboolean (*wants_retour) (BkStrategy        *self,
                            const BkHandState *state,
                            BkSeat             seat,
                            guint64            seed);
};

void         bk_strategy_decide       (BkStrategy        *self,
                                       const BkHandState *state,
                                       BkSeat             seat,
                                       guint64            seed,
                                       BkAction          *action);
gboolean     bk_strategy_wants_retour (BkStrategy        *self,
                                       const BkHandState *state,
                                       BkSeat             seat,
                                       guint64            seed);
BkStrategy  *bk_strategy_new_for_level (const char       *level,
                                        GError          **error);

G_END_DECLS
