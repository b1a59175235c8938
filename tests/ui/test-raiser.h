/* test-raiser.h: a computer player for the window tests that raises when told to, says a
 * word at each step of the table talk, never announces a Spritze and plays its first legal
 * card. Included once per test program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-hand-state.h"
#include "bk-strategy.h"

#define TEST_TYPE_RAISER (test_raiser_get_type ())
G_DECLARE_FINAL_TYPE (TestRaiser, test_raiser, TEST, RAISER, GObject)

struct _TestRaiser
{
  GObject  parent_instance;
  gboolean raises;
};

static void test_raiser_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestRaiser, test_raiser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY, test_raiser_iface_init))

static void
test_raiser_decide (BkStrategy         *strategy,
                    const BkGameModule *module,
                    gconstpointer       hand,
                    guint               seat,
                    guint64             seed,
                    BkAction           *action)
{
  const BkHandState *state = hand;

  /* Each says something in the talk (B3.1, B3.2), and nobody announces Spritze. */
  switch (state->step)
    {
    case BK_STEP_PLAY:
      *action = bk_action_make (BK_ACTION_PLAY, seat,
                                bk_hand_first (bk_hand_state_legal (state)));
      break;
    case BK_STEP_CONFER_VH:
      *action = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_GUT);
      break;
    case BK_STEP_CONFER_HH:
      *action = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_SCHLECHT);
      break;
    case BK_STEP_CONFER_MH:
      *action = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_HELFEN);
      break;
    case BK_STEP_CONFER_GEBER:
      *action = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_NICHT_HELFEN);
      break;
    default:
      *action = bk_action_make (BK_ACTION_PASS, seat, 0);
      break;
    }
}

static gboolean
test_raiser_answer_offer (BkStrategy         *strategy,
                          const BkGameModule *module,
                          gconstpointer       hand,
                          guint               seat,
                          guint64             seed,
                          BkAction           *accept)
{
  *accept = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  return TEST_RAISER (strategy)->raises;
}

static void
test_raiser_iface_init (BkStrategyInterface *iface)
{
  iface->decide = test_raiser_decide;
  iface->answer_offer = test_raiser_answer_offer;
}

static void
test_raiser_class_init (TestRaiserClass *klass)
{
}

static void
test_raiser_init (TestRaiser *self)
{
}
