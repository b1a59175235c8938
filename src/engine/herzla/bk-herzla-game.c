/* bk-herzla-game.c: Herzla's part of a session (BkGame): the bidding request (H3), the
 * score of the session read from the module's score (H5, H6), and the signals and
 * properties of its own events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-game-history-private.h"
#include "bk-herzla-game.h"

/* BkGame's properties of a Herzla session, after the core's. */
enum {
  PROP_CONTRACT,
  PROP_DECLARER,
  PROP_STOCK,
  N_PROPS
};

static guint first_prop_id;
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_BID_SAID,
  SIGNAL_CONTRACT_DECIDED,
  SIGNAL_HAND_ENDED_EARLY,
  SIGNAL_HEARTS_TAKEN,
  SIGNAL_PAYMENTS,
  SIGNAL_STOCK_CHANGED,
  SIGNAL_SESSION_OVER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
new_signal (GType       type,
            const char *name,
            guint       n_params,
            GType       param0,
            GType       param1)
{
  return g_signal_new (name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                       G_TYPE_NONE, n_params, param0, param1);
}

void
bk_herzla_game_class_init (GObjectClass *klass,
                           guint         first_id)
{
  GType type = G_TYPE_FROM_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  first_prop_id = first_id;
  /* BkContract */
  properties[PROP_CONTRACT] =
    g_param_spec_uint ("contract", NULL, NULL, 0, BK_N_CONTRACTS - 1, BK_CONTRACT_NORMAL, flags);
  /* a seat; BK_SEAT_NONE in the normal game */
  properties[PROP_DECLARER] =
    g_param_spec_uint ("declarer", NULL, NULL, 0, BK_SEAT_NONE, BK_SEAT_NONE, flags);
  /* cents */
  properties[PROP_STOCK] = g_param_spec_int ("stock", NULL, NULL, 0, G_MAXINT, 0, flags);
  for (guint i = 0; i < N_PROPS; i++)
    g_object_class_install_property (klass, first_prop_id + i, properties[i]);

  /* (seat, contract): BK_CONTRACT_NORMAL is weiter */
  signals[SIGNAL_BID_SAID] = new_signal (type, "bid-said", 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (declarer, contract): BK_SEAT_NONE in the normal game */
  signals[SIGNAL_CONTRACT_DECIDED] =
    new_signal (type, "contract-decided", 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (seat that took the trick, contract) */
  signals[SIGNAL_HAND_ENDED_EARLY] =
    new_signal (type, "hand-ended-early", 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (seat, hearts in the trick) */
  signals[SIGNAL_HEARTS_TAKEN] = new_signal (type, "hearts-taken", 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (const BkHerzlaPayment *) */
  signals[SIGNAL_PAYMENTS] = new_signal (type, "payments", 1, G_TYPE_POINTER, G_TYPE_NONE);
  /* (cents in the stock) */
  signals[SIGNAL_STOCK_CHANGED] = new_signal (type, "stock-changed", 1, G_TYPE_INT, G_TYPE_NONE);
  signals[SIGNAL_SESSION_OVER] = new_signal (type, "session-over", 0, G_TYPE_NONE, G_TYPE_NONE);
}

static gboolean
is_herzla (BkGame *game)
{
  return bk_game_get_module (game) == &bk_herzla_module;
}

gboolean
bk_herzla_game_get_property (BkGame *game,
                             guint   prop_id,
                             GValue *value)
{
  guint id = prop_id - first_prop_id;

  if (prop_id < first_prop_id || id >= N_PROPS)
    return FALSE;
  if (!is_herzla (game))
    {
      /* not a Herzla session: the default value */
      g_value_copy (g_param_spec_get_default_value (properties[id]), value);
      return TRUE;
    }

  switch (id)
    {
    case PROP_CONTRACT: g_value_set_uint (value, bk_herzla_game_get_contract (game)); break;
    case PROP_DECLARER: g_value_set_uint (value, bk_herzla_game_get_declarer (game)); break;
    case PROP_STOCK: g_value_set_int (value, bk_herzla_game_get_stock (game)); break;
    default: g_assert_not_reached ();
    }
  return TRUE;
}

/* A new hand starts as the normal game; then the bids (H3) and the tricks (H1.3, H4.3,
 * H4.4) as they come. */
void
bk_herzla_game_changed (BkGame         *game,
                        const BkAction *action)
{
  const BkHerzlaHand *hand = bk_herzla_game_get_hand (game);
  GObject *object = G_OBJECT (game);

  if (action == NULL)
    {
      g_object_notify_by_pspec (object, properties[PROP_CONTRACT]);
      g_object_notify_by_pspec (object, properties[PROP_DECLARER]);
      return;
    }

  switch ((BkActionType) action->type)
    {
    case BK_ACTION_BID:
      /* H3.1: a bid is a word of the session's history (bk-game-history.h). */
      bk_game_note_word (game, action->seat, BK_ACTION_BID, action->arg);
      g_signal_emit (game, signals[SIGNAL_BID_SAID], 0, (guint) action->seat,
                     (guint) action->arg);
      if (hand->step != BK_HERZLA_STEP_BID)
        {
          g_object_notify_by_pspec (object, properties[PROP_CONTRACT]);
          g_object_notify_by_pspec (object, properties[PROP_DECLARER]);
          g_signal_emit (game, signals[SIGNAL_CONTRACT_DECIDED], 0, (guint) hand->declarer,
                         (guint) hand->contract);
        }
      break;

    case BK_ACTION_PLAY:
      /* The card completed a trick. */
      if (hand->trick.n == 0 && hand->last_winner != BK_HERZLA_SEAT_NONE)
        {
          guint hearts = bk_trick_points (bk_herzla_rules (), &hand->last_trick);

          if (hearts > 0)
            g_signal_emit (game, signals[SIGNAL_HEARTS_TAKEN], 0, (guint) hand->last_winner,
                           hearts);
          if (hand->broken)
            g_signal_emit (game, signals[SIGNAL_HAND_ENDED_EARLY], 0,
                           (guint) hand->last_winner, (guint) hand->contract);
        }
      break;

    default:
      break;
    }
}

/* H5: the payments and the stock of the hand; H6.3: the end of the session. */
void
bk_herzla_game_scored (BkGame   *game,
                       gboolean  session_over)
{
  const BkHerzlaScore *score = bk_herzla_game_get_score (game);

  if (score->variant == BK_HERZLA_VIER)
    g_signal_emit (game, signals[SIGNAL_PAYMENTS], 0, &score->last.payment);
  if (score->last.stock_in != score->stock)
    {
      g_object_notify_by_pspec (G_OBJECT (game), properties[PROP_STOCK]);
      g_signal_emit (game, signals[SIGNAL_STOCK_CHANGED], 0, score->stock);
    }
  if (session_over)
    g_signal_emit (game, signals[SIGNAL_SESSION_OVER], 0);
}

const BkHerzlaHand *
bk_herzla_game_get_hand (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), NULL);
  return bk_game_get_hand (game);
}

const BkHerzlaScore *
bk_herzla_game_get_score (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), NULL);
  return bk_game_get_score (game);
}

/* The contract of the hand dealt; the normal game before the first deal and while the
 * bidding runs. */
BkContract
bk_herzla_game_get_contract (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), BK_CONTRACT_NORMAL);
  if (bk_game_get_phase (game) == BK_PHASE_NEW)
    return BK_CONTRACT_NORMAL;
  return (BkContract) bk_herzla_game_get_hand (game)->contract;
}

guint
bk_herzla_game_get_declarer (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), BK_SEAT_NONE);
  if (bk_game_get_phase (game) == BK_PHASE_NEW)
    return BK_SEAT_NONE;
  return bk_herzla_game_get_hand (game)->declarer;
}

/* H5: what @seat received (positive) or paid in the session, in cents. */
gint
bk_herzla_game_get_balance (BkGame *game,
                            guint   seat)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), 0);
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);
  return bk_herzla_game_get_score (game)->cents[seat];
}

gint
bk_herzla_game_get_stock (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), 0);
  return bk_herzla_game_get_score (game)->stock;
}

/* H6.2: the hearts @seat took in the session. */
guint
bk_herzla_game_get_penalty (BkGame *game,
                            guint   seat)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), 0);
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);
  return bk_herzla_game_get_score (game)->penalty[seat];
}

/* The hearts @seat took in this hand so far. */
guint
bk_herzla_game_get_hearts (BkGame *game,
                           guint   seat)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), 0);
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);
  if (bk_game_get_phase (game) == BK_PHASE_NEW)
    return 0;
  return bk_herzla_game_get_hand (game)->hearts[seat];
}

gboolean
bk_herzla_game_is_session_over (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), FALSE);
  return bk_herzla_game_get_score (game)->over;
}

/* The last scored hand's result; NULL before the first. */
const BkHerzlaResult *
bk_herzla_game_get_last_result (BkGame *game)
{
  const BkHerzlaScore *score;

  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), NULL);
  score = bk_herzla_game_get_score (game);
  return score->hands > 0 ? &score->last : NULL;
}

/* The payments of the last scored hand of the four-player game; NULL before the first
 * and in the simple form. */
const BkHerzlaPayment *
bk_herzla_game_get_last_payment (BkGame *game)
{
  const BkHerzlaResult *last = bk_herzla_game_get_last_result (game);

  return last && last->variant == BK_HERZLA_VIER ? &last->payment : NULL;
}

/* H5.4, H5.6, H6.3: the players stop and settle up. @settled gets the session's score as it
 * stands once it is over: under the house rule "session-end" the stock is shared out
 * (bk_herzla_score_finish(), the odd cents from the last hand's Vorhand on); under the
 * other rules nobody has won it yet, so it stays in @settled's stock. The game itself is
 * not changed. FALSE with @error while a hand is under way, before the first hand is
 * scored, and in the simple form, whose totals need no settling (H6.3). */
gboolean
bk_herzla_game_settle (BkGame         *game,
                       BkHerzlaScore  *settled,
                       GError        **error)
{
  const BkHerzlaScore *score;
  BkPhase phase;

  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), FALSE);
  g_return_val_if_fail (settled != NULL, FALSE);

  score = bk_herzla_game_get_score (game);
  phase = bk_game_get_phase (game);
  if (score->variant != BK_HERZLA_VIER)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("Only the four-player game is played for money"));
      return FALSE;
    }
  if (score->hands == 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("No hand has been played yet"));
      return FALSE;
    }
  if (phase == BK_PHASE_BIDDING || phase == BK_PHASE_PLAYING)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The players settle up once this hand is over"));
      return FALSE;
    }
  *settled = *score;
  bk_herzla_score_finish (settled, &bk_game_get_rules (game)->herzla,
                          bk_herzla_hand_vorhand (bk_herzla_game_get_hand (game)));
  return TRUE;
}

/* H3.1: @seat bids @contract, BK_CONTRACT_NORMAL for weiter. FALSE with @error, and
 * nothing changed, when it may not. */
gboolean
bk_herzla_game_bid (BkGame      *game,
                    guint        seat,
                    BkContract   contract,
                    GError     **error)
{
  BkAction action;

  g_return_val_if_fail (BK_IS_GAME (game) && is_herzla (game), FALSE);
  g_return_val_if_fail (seat < BK_MAX_SEATS, FALSE);

  action = bk_action_make (BK_ACTION_BID, (BkSeat) seat, contract);
  return bk_game_apply (game, &action, error);
}
