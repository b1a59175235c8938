/* bk-strategy.c: the interface of computer players and the table of levels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-random-strategy.h"
#include "bk-strategy.h"

G_DEFINE_INTERFACE (BkStrategy, bk_strategy, G_TYPE_OBJECT)

static void
bk_strategy_default_init (BkStrategyInterface *iface)
{
}

void
bk_strategy_decide (BkStrategy        *self,
                    const BkHandState *state,
                    BkSeat             seat,
                    guint64            seed,
                    BkAction          *action)
{
  g_return_if_fail (BK_IS_STRATEGY (self));
  g_return_if_fail (state != NULL && action != NULL);

  BK_STRATEGY_GET_IFACE (self)->decide (self, state, seat, seed, action);
}

gboolean
bk_strategy_wants_retour (BkStrategy        *self,
                          const BkHandState *state,
                          BkSeat             seat,
                          guint64            seed)
{
  BkStrategyInterface *iface;

  g_return_val_if_fail (BK_IS_STRATEGY (self), FALSE);

  iface = BK_STRATEGY_GET_IFACE (self);
  return iface->wants_retour ? iface->wants_retour (self, state, seat, seed) : FALSE;
}

/* The levels by their command-line names (notation.md). */
BkStrategy *
bk_strategy_new_for_level (const char  *level,
                           GError     **error)
{
  if (g_strcmp0 (level, "random") == 0)
    return BK_STRATEGY (bk_random_strategy_new ());

  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               _("Unknown computer player “%s” (available: random)"), level);
  return NULL;
}
