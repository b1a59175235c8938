/* bk-strategy.c: the interface of computer players; see bk-strategy.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-strategy.h"

G_DEFINE_INTERFACE (BkStrategy, bk_strategy, G_TYPE_OBJECT)

static void
bk_strategy_default_init (BkStrategyInterface *iface)
{
}

void
bk_strategy_decide (BkStrategy         *self,
                    const BkGameModule *module,
                    gconstpointer       hand,
                    guint               seat,
                    guint64             seed,
                    BkAction           *action)
{
  g_return_if_fail (BK_IS_STRATEGY (self));
  g_return_if_fail (module != NULL && hand != NULL && action != NULL);

  BK_STRATEGY_GET_IFACE (self)->decide (self, module, hand, seat, seed, action);
}

gboolean
bk_strategy_answer_offer (BkStrategy         *self,
                          const BkGameModule *module,
                          gconstpointer       hand,
                          guint               seat,
                          guint64             seed,
                          BkAction           *accept)
{
  BkStrategyInterface *iface;

  g_return_val_if_fail (BK_IS_STRATEGY (self), FALSE);
  g_return_val_if_fail (module != NULL && hand != NULL && accept != NULL, FALSE);

  iface = BK_STRATEGY_GET_IFACE (self);
  return iface->answer_offer ? iface->answer_offer (self, module, hand, seat, seed, accept)
                             : FALSE;
}
