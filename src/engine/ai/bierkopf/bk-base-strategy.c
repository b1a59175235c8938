/* bk-base-strategy.c: the decide skeleton shared by the levels; see bk-base-strategy.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-base-strategy.h"

static void bk_base_strategy_iface_init (BkStrategyInterface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (BkBaseStrategy, bk_base_strategy, G_TYPE_OBJECT,
                                  G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY,
                                                         bk_base_strategy_iface_init))

/* What @seat has seen, built in @seen; NULL for a class that plays blind. */
static const BkInfoSet *
seen_by (BkBaseStrategyClass *klass,
         const BkHandState   *state,
         BkSeat               seat,
         BkInfoSet           *seen)
{
  if (klass->plays_blind)
    return NULL;
  bk_info_set_init (seen, state, seat);
  return seen;
}

/* The action of @seat by the step of the hand, with the parts of @klass. @self is passed
 * to them; it may be NULL for a class whose parts do not read the object (the random
 * level's pure bk_random_decide()). */
void
bk_base_strategy_class_decide (BkBaseStrategyClass *klass,
                               BkBaseStrategy      *self,
                               const BkHandState   *state,
                               BkSeat               seat,
                               guint64              seed,
                               BkAction            *action)
{
  BkInfoSet seen;
  const BkInfoSet *info = seen_by (klass, state, seat, &seen);

  switch (state->step)
    {
    case BK_STEP_PLAY:
      {
        BkHand legal = bk_hand_state_legal (state);
        BkCard card = bk_hand_count (legal) == 1
                      ? bk_hand_first (legal)
                      : klass->choose_card (self, state, info, seat, legal, seed);

        *action = bk_action_make (BK_ACTION_PLAY, seat, card);
        return;
      }
    case BK_STEP_CONFER_VH:
    case BK_STEP_CONFER_HH:
    case BK_STEP_CONFER_MH:
    case BK_STEP_CONFER_GEBER:
      *action = bk_action_make (BK_ACTION_TALK, seat,
                                klass->talk_word (self, state, info, seat, seed));
      return;
    default:
      if (bk_hand_state_may_double (state, seat) &&
          klass->wants_double (self, state, info, seat, seed, FALSE))
        *action = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
      else
        *action = bk_action_make (BK_ACTION_PASS, seat, 0);
      return;
    }
}

/* The levels play Bierkopf: @hand is a BkHandState. */
static void
bk_base_strategy_decide (BkStrategy         *strategy,
                         const BkGameModule *module,
                         gconstpointer       hand,
                         guint               seat,
                         guint64             seed,
                         BkAction           *action)
{
  BkBaseStrategy *self = BK_BASE_STRATEGY (strategy);

  g_return_if_fail (module->kind == BK_GAME_BIERKOPF);

  bk_base_strategy_class_decide (BK_BASE_STRATEGY_GET_CLASS (self), self,
                                 (const BkHandState *) hand, (BkSeat) seat, seed, action);
}

/* spec B3.6: Bierkopf's one offer is a Spritze open to a Retour; @accept is the doubling. */
static gboolean
bk_base_strategy_answer_offer (BkStrategy         *strategy,
                               const BkGameModule *module,
                               gconstpointer       hand,
                               guint               seat,
                               guint64             seed,
                               BkAction           *accept)
{
  BkBaseStrategy *self = BK_BASE_STRATEGY (strategy);
  BkBaseStrategyClass *klass = BK_BASE_STRATEGY_GET_CLASS (self);
  const BkHandState *state = hand;
  BkInfoSet seen;

  g_return_val_if_fail (module->kind == BK_GAME_BIERKOPF, FALSE);

  *accept = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  return klass->wants_double (self, state, seen_by (klass, state, (BkSeat) seat, &seen),
                              (BkSeat) seat, seed, TRUE);
}

static void
bk_base_strategy_iface_init (BkStrategyInterface *iface)
{
  iface->decide = bk_base_strategy_decide;
  iface->answer_offer = bk_base_strategy_answer_offer;
}

/* spec B3.1, B3.2, B3.5: the honest word. */
static BkWord
bk_base_strategy_real_talk_word (BkBaseStrategy    *self,
                                 const BkHandState *state,
                                 const BkInfoSet   *info,
                                 BkSeat             seat,
                                 guint64            seed)
{
  return bk_talk_word (&info->rules, info->own_dealt, seat, info->dealer);
}

/* spec B3: a Spritze or a Retour when the outlook promises more than the margin. */
static gboolean
bk_base_strategy_real_wants_double (BkBaseStrategy    *self,
                                    const BkHandState *state,
                                    const BkInfoSet   *info,
                                    BkSeat             seat,
                                    guint64            seed,
                                    gboolean           retour)
{
  BkBaseStrategyClass *klass = BK_BASE_STRATEGY_GET_CLASS (self);
  double margin = klass->margin (self, retour);
  BkOutlook outlook;

  klass->outlook (self, state, info, seed, &outlook);
  if (retour)
    margin = bk_outlook_doubt_retour (&outlook, info, klass->keep (self), margin);
  return bk_outlook_wants_double (&outlook, info, margin);
}

static double
bk_base_strategy_real_margin (BkBaseStrategy *self,
                              gboolean        retour)
{
  BkBaseStrategyClass *klass = BK_BASE_STRATEGY_GET_CLASS (self);

  return retour ? klass->retour_margin : klass->double_margin;
}

static double
bk_base_strategy_real_keep (BkBaseStrategy *self)
{
  return BK_BASE_STRATEGY_GET_CLASS (self)->retour_keep;
}

static void
bk_base_strategy_class_init (BkBaseStrategyClass *klass)
{
  klass->retour_keep = 1.0;
  klass->talk_word = bk_base_strategy_real_talk_word;
  klass->wants_double = bk_base_strategy_real_wants_double;
  klass->margin = bk_base_strategy_real_margin;
  klass->keep = bk_base_strategy_real_keep;
}

static void
bk_base_strategy_init (BkBaseStrategy *self)
{
}
