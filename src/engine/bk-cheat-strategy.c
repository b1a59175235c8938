/* bk-cheat-strategy.c: the only level that reads the other hands. Its one world is the
 * true deal: it plays the double-dummy best card and doubles when the exact solve of the
 * true deal says its team wins. Its words are as honest (and as blind) as everybody's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-cheat-strategy.h"
#include "bk-pimc.h"

struct _BkCheatStrategy
{
  GObject parent_instance;
};

static void bk_cheat_strategy_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkCheatStrategy, bk_cheat_strategy, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY,
                                                      bk_cheat_strategy_iface_init))

static void
true_world (const BkHandState *state,
            BkWorld           *world)
{
  for (guint s = 0; s < BK_N_SEATS; s++)
    world->hands[s] = state->hands[s];
}

static void
outlook_cb (gpointer           data,
            const BkHandState *state,
            const BkInfoSet   *info,
            guint64            seed,
            BkOutlook         *outlook)
{
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  BkWorld world;

  true_world (state, &world);
  bk_pimc_outlook (solver, info, &world, NULL, 1, outlook);
}

static void
bk_cheat_strategy_decide (BkStrategy        *strategy,
                          const BkHandState *state,
                          BkSeat             seat,
                          guint64            seed,
                          BkAction          *action)
{
  BkInfoSet info;

  bk_info_set_init (&info, state, seat);
  if (state->step == BK_STEP_PLAY)
    {
      BkHand legal = bk_hand_state_legal (state);
      BkCard card = bk_hand_first (legal);

      if (bk_hand_count (legal) > 1)
        {
          g_autoptr (BkSolver) solver = bk_solver_new (&state->rules);
          BkCardValues values;
          BkWorld world;

          true_world (state, &world);
          bk_card_values_clear (&values);
          bk_card_values_add_world (&values, solver, &info, &world, 1.0);
          card = bk_card_values_best (&values, state->game);
        }
      *action = bk_action_make (BK_ACTION_PLAY, seat, card);
      return;
    }
  bk_bidding_decide (state, &info, outlook_cb, NULL, seed, 0.0, action);
}

static gboolean
bk_cheat_strategy_wants_retour (BkStrategy        *strategy,
                                const BkHandState *state,
                                BkSeat             seat,
                                guint64            seed)
{
  return bk_bidding_wants_retour (state, seat, outlook_cb, NULL, seed, 0.0, 1.0);
}

static void
bk_cheat_strategy_iface_init (BkStrategyInterface *iface)
{
  iface->decide = bk_cheat_strategy_decide;
  iface->wants_retour = bk_cheat_strategy_wants_retour;
}

static void
bk_cheat_strategy_class_init (BkCheatStrategyClass *klass)
{
}

static void
bk_cheat_strategy_init (BkCheatStrategy *self)
{
}

BkCheatStrategy *
bk_cheat_strategy_new (void)
{
  return g_object_new (BK_TYPE_CHEAT_STRATEGY, NULL);
}
