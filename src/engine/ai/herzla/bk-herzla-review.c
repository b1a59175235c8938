/* bk-herzla-review.c: the review of a finished Herzla hand, and hints in a running one;
 * see bk-herzla-review.h and docs/ai.md "Hand review and hints".
 *
 * The hand is replayed from its deal. At each decision of the seat the meister's choice
 * is bk_herzla_player_decide() at the meister level (it reads the position only through
 * the seat's BkHerzlaInfo), and each option's expected value comes from the same worlds
 * the meister weighs (every consistent world when few are left, else drawn; weighted by
 * the bids; the same node budget), each solved as the meister solves it: the contract
 * solver in a Beddl or Mord, max^n with the meister's horizon in the normal game. The
 * exact values are the same searches on the true hands. A bid is judged by the chance of
 * the contract over the meister's bidding worlds, and exactly by the true deal solved;
 * weiter has no exact value (the normal game of a whole deal is beyond the search) and
 * counts as 0 cents.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "bk-error.h"
#include "bk-herzla-game.h"
#include "bk-herzla-info.h"
#include "bk-herzla-player.h"
#include "bk-herzla-review.h"
#include "bk-herzla-solver.h"
#include "bk-record.h"
#include "bk-rng.h"

#define MAX_WORLDS 256

/* Two options whose expected values lie this close are equally good. */
#define VALUE_TOLERANCE 0.01

/* The seed of the decision at @index of the hand's history: the hint at a position and
 * the review of the same decision think alike. */
static guint64
decision_seed (guint64 seed,
               guint   index)
{
  return bk_rng_mix (seed + 0x9e3779b97f4a7c15ull * (index + 1));
}

/* The tricks the normal-game search looks at, as the meister's (bk-herzla-player.c): to
 * the end from 20 cards left (16 with five or more players), else 3 tricks (2). */
static guint
horizon_for (const BkHerzlaHand *state)
{
  guint n = state->rules.n_players;
  guint cards_left = (state->tricks_in_hand - state->tricks_done) * n - state->trick.n;

  if (cards_left <= (n <= 4 ? 20u : 16u))
    return BK_HERZLA_SOLVE_ALL;
  return n <= 4 ? 3 : 2;
}

/* The cents of @seat when the declarer makes (or loses) his contract (H5.5). */
static double
contract_cents (const BkHerzlaHand *state,
                guint               seat,
                gboolean            made)
{
  double each = 80.0;

  if (seat == state->declarer)
    return (made ? 1 : -1) * each * (state->rules.n_players - 1);
  return made ? -each : each;
}

/* Adds the value of every legal card of @seat in @world (a whole hand) into @values,
 * weighted by @weight. */
static void
value_cards (BkHerzlaSolver     *solver,
             const BkHerzlaHand *world,
             guint               seat,
             guint               horizon,
             double              weight,
             const BkHerzlaReviewOption *options,
             guint               n_options,
             double             *values)
{
  if (world->contract != BK_CONTRACT_NORMAL)
    {
      gboolean made = bk_herzla_solver_contract (solver, world, NULL);
      BkHand keep = bk_herzla_solver_contract_moves (solver, world);

      /* A card that keeps the side's answer gives it; any other the opposite one. */
      for (guint k = 0; k < n_options; k++)
        values[k] += weight * contract_cents (world, seat,
                                              bk_hand_has (keep, options[k].action.arg)
                                              ? made : !made);
    }
  else
    {
      BkCard cards[BK_N_CARDS];
      gint card_values[BK_N_CARDS];
      guint n = bk_herzla_solver_normal_moves (solver, world, 0, horizon, cards, card_values);

      for (guint k = 0; k < n_options; k++)
        for (guint i = 0; i < n; i++)
          if (cards[i] == options[k].action.arg)
            values[k] += weight * card_values[i];
    }
}

/* The expected value of each card option over the meister's worlds of @seat's view of
 * @state. Returns FALSE when cancelled. */
static gboolean
expect_cards (BkHerzlaSolver     *solver,
              const BkHerzlaHand *state,
              guint               seat,
              guint64             seed,
              GCancellable       *cancellable,
              BkHerzlaReviewDecision *decision,
              GError            **error)
{
  BkHerzlaPlayerParams params;
  g_autofree BkHerzlaWorld *worlds = g_new (BkHerzlaWorld, MAX_WORLDS);
  double values[BK_HERZLA_REVIEW_MAX_OPTIONS] = { 0 }, total = 0;
  guint horizon = horizon_for (state), n = 0, used = 0;
  guint64 start = bk_herzla_solver_get_nodes (solver);
  BkHerzlaInfo info;
  BkRng rng;

  bk_herzla_player_params_init (&params, BK_HERZLA_LEVEL_MEISTER);
  bk_herzla_info_init (&info, state, seat);
  bk_rng_init (&rng, seed, seat);
  n = bk_herzla_info_enumerate (&info, MIN (params.all_worlds, MAX_WORLDS), worlds);
  if (n == G_MAXUINT)
    n = 0;
  if (n == 0)
    for (guint i = 0; i < MIN (params.worlds, MAX_WORLDS); i++)
      if (bk_herzla_info_sample (&info, &rng, &worlds[n]))
        n++;
  for (guint i = 0; i < n; i++)
    {
      BkHerzlaHand world;
      double weight = bk_herzla_info_weight (&info, &worlds[i]);

      if (i % 16 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (i >= params.min_worlds && bk_herzla_solver_get_nodes (solver) - start > params.budget)
        break;
      used++;
      if (weight <= 0)
        continue;
      bk_herzla_info_make_hand (&info, &worlds[i], &world);
      value_cards (solver, &world, seat, horizon, weight, decision->options,
                   decision->n_options, values);
      total += weight;
    }
  decision->n_worlds = used;
  for (guint k = 0; k < decision->n_options; k++)
    decision->options[k].expected = total > 0 ? values[k] / total : NAN;
  return TRUE;
}

/* Fills @decision for the position @state, @seat to act: the options, the meister's
 * choice and the expected values; with @exact the values with all cards open too. */
static gboolean
judge (BkHerzlaSolver     *solver,
       const BkHerzlaHand *state,
       guint               seat,
       guint64             seed,
       gboolean            exact,
       GCancellable       *cancellable,
       BkHerzlaReviewDecision *decision,
       GError            **error)
{
  BkHerzlaPlayerParams params;
  guint64 dseed = decision_seed (seed, state->n_history);

  bk_herzla_player_params_init (&params, BK_HERZLA_LEVEL_MEISTER);
  decision->index = state->n_history;
  decision->n_options = 0;
  decision->n_worlds = 0;
  decision->bid = state->step == BK_HERZLA_STEP_BID;
  decision->trick = decision->bid ? 0 : state->tricks_done + 1;
  decision->horizon = 0;

  if (decision->bid)
    {
      for (guint c = 0; c < BK_N_CONTRACTS; c++)
        {
          BkHerzlaReviewOption *option = &decision->options[decision->n_options++];

          option->action = bk_action_make (BK_ACTION_BID, (BkSeat) seat, c);
          option->expected = option->exact = NAN;
          if (c == BK_CONTRACT_NORMAL)
            {
              /* weiter: no value of its own, 0 cents with all cards open. */
              option->exact = exact ? 0 : NAN;
              continue;
            }
          option->expected = contract_cents (&(BkHerzlaHand) { .rules = state->rules,
                                                               .declarer = seat },
                                             seat, TRUE) *
                             (2 * bk_herzla_player_contract_chance (&params, state, seat, c,
                                                                    dseed) - 1);
          if (exact)
            {
              BkHerzlaHand world = *state;
              BkAction bid = bk_action_make (BK_ACTION_BID, (BkSeat) seat, c);

              world.n_history = 0;
              bk_herzla_hand_apply_unchecked (&world, &bid);
              option->exact = contract_cents (&world, seat,
                                              bk_herzla_solver_contract (solver, &world, NULL));
            }
        }
      decision->n_worlds = params.bid_worlds;
      decision->forced = FALSE;
    }
  else
    {
      BkHand legal = bk_herzla_hand_legal (state);

      for (BkHand rest = legal; rest && decision->n_options < BK_HERZLA_REVIEW_MAX_OPTIONS;
           rest &= rest - 1)
        {
          BkHerzlaReviewOption *option = &decision->options[decision->n_options++];

          option->action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, bk_hand_first (rest));
          option->expected = option->exact = NAN;
        }
      decision->forced = decision->n_options == 1;
      if (!decision->forced)
        {
          if (!expect_cards (solver, state, seat, dseed, cancellable, decision, error))
            return FALSE;
          if (exact)
            {
              double values[BK_HERZLA_REVIEW_MAX_OPTIONS] = { 0 };

              decision->horizon = state->contract == BK_CONTRACT_NORMAL ? horizon_for (state)
                                                                        : 0;
              value_cards (solver, state, seat, decision->horizon, 1.0, decision->options,
                           decision->n_options, values);
              for (guint k = 0; k < decision->n_options; k++)
                decision->options[k].exact = values[k];
            }
        }
    }

  if (decision->forced)
    decision->choice = decision->options[0].action;
  else
    bk_herzla_player_decide (&params, state, seat, dseed, &decision->choice);
  return TRUE;
}

static const BkHerzlaReviewOption *
option_of (const BkHerzlaReviewDecision *decision,
           const BkAction               *action)
{
  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.type == action->type &&
        decision->options[k].action.arg == action->arg)
      return &decision->options[k];
  return NULL;
}

/* The loss with all cards open, the loss in expectation and the verdict. */
static void
assess (BkHerzlaReviewDecision *decision,
        double                  threshold)
{
  const BkHerzlaReviewOption *played = option_of (decision, &decision->played);
  const BkHerzlaReviewOption *choice = option_of (decision, &decision->choice);
  double best_exact = -INFINITY, best_expected = -INFINITY;
  gboolean best_in_expectation;

  decision->loss = decision->expected_loss = 0;
  decision->mistake = FALSE;
  if (decision->forced || played == NULL)
    return;
  for (guint k = 0; k < decision->n_options; k++)
    {
      if (!isnan (decision->options[k].exact))
        best_exact = MAX (best_exact, decision->options[k].exact);
      if (!isnan (decision->options[k].expected))
        best_expected = MAX (best_expected, decision->options[k].expected);
    }
  if (!isnan (played->exact) && isfinite (best_exact))
    decision->loss = best_exact - played->exact;
  if (decision->bid)
    {
      /* weiter has no expected value: the bid is best in expectation when it is the
       * meister's. */
      best_in_expectation = played == choice;
      if (choice && !isnan (choice->expected) && !isnan (played->expected))
        decision->expected_loss = MAX (0, choice->expected - played->expected);
    }
  else
    {
      best_in_expectation = played == choice ||
                            played->expected >= best_expected - VALUE_TOLERANCE;
      decision->expected_loss = MAX (0, best_expected - played->expected);
    }
  decision->mistake = decision->loss > threshold + 1e-9 && !best_in_expectation;
}

static gint
hand_value (const BkHerzlaHand *hand,
            guint               seat)
{
  BkHerzlaTally tally;
  BkHerzlaPayment payment;

  if (hand->rules.variant == BK_HERZLA_EINFACH)
    return -(gint) hand->hearts[seat];
  bk_herzla_hand_tally (hand, &tally);
  bk_herzla_pay (&hand->rules.pay, &tally, 0, &payment);
  return payment.cents[seat];
}

/* The seat's cents at @state of a Beddl or Mord with best play by all from here on. */
static double
contract_value (BkHerzlaSolver     *solver,
                const BkHerzlaHand *state,
                guint               seat)
{
  return contract_cents (state, seat, bk_herzla_solver_contract (solver, state, NULL));
}

/* The running account of a Beddl or Mord: the value before the last card, and whose. */
typedef struct {
  gboolean started;
  double   value;
  guint    seat;
} Account;

/* The value went from the account's to @value with the account's seat's card. */
static void
account_step (BkHerzlaReview *review,
              Account        *account,
              double          value)
{
  double change = value - account->value;

  if (account->seat == review->seat)
    review->own_cost -= change;
  else if (change < 0)
    review->others_cost -= change;
  else
    review->others_gift += change;
}

/* Before @action, a card of a Beddl or Mord: the value of the position, the change the
 * card before it made. */
static void
account_card (BkHerzlaSolver     *solver,
              const BkHerzlaHand *state,
              const BkAction     *action,
              BkHerzlaReview     *review,
              Account            *account)
{
  double value = contract_value (solver, state, review->seat);

  if (!account->started)
    review->deal_value = value;
  else
    account_step (review, account, value);
  account->started = review->accounted = TRUE;
  account->value = value;
  account->seat = action->seat;
}

/**
 * bk_herzla_review_hand:
 * @hand: a finished hand (its deal and history are replayed)
 * @seat: the seat whose decisions are judged
 * @threshold: a decision losing more than this with all cards open (cents, or penalty
 *   points in the simple form) and not best in expectation is a mistake
 * @seed: the seed of the meister's worlds
 *
 * Returns: (transfer full): the review, or NULL with @error (cancelled, or not a finished
 *   hand)
 */
BkHerzlaReview *
bk_herzla_review_hand (const BkHerzlaHand     *hand,
                       guint                   seat,
                       double                  threshold,
                       guint64                 seed,
                       GCancellable           *cancellable,
                       BkHerzlaReviewProgress  progress,
                       gpointer                user_data,
                       GError                **error)
{
  g_autoptr (BkHerzlaReview) review = NULL;
  g_autoptr (BkHerzlaSolver) solver = NULL;
  BkHerzlaHand state;
  Account account = { 0 };
  guint total = 0, done = 0;

  g_return_val_if_fail (hand != NULL, NULL);

  if (!bk_herzla_hand_is_over (hand) || seat >= hand->rules.n_players)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("Only a finished hand can be reviewed"));
      return NULL;
    }
  review = g_new0 (BkHerzlaReview, 1);
  review->seat = seat;
  review->penalty = hand->rules.variant == BK_HERZLA_EINFACH;
  review->threshold = threshold;
  review->hand = *hand;
  review->value = hand_value (hand, seat);
  review->decisions = g_new0 (BkHerzlaReviewDecision, hand->n_history);
  solver = bk_herzla_solver_new ();
  for (guint i = 0; i < hand->n_history; i++)
    total += hand->history[i].seat == seat;

  bk_herzla_hand_init (&state, &hand->rules, hand->dealer, hand->dealt, hand->aside);
  for (guint i = 0; i < hand->n_history; i++)
    {
      const BkAction *action = &hand->history[i];

      if (action->type == BK_ACTION_PLAY && state.contract != BK_CONTRACT_NORMAL)
        account_card (solver, &state, action, review, &account);
      if (action->seat == seat && state.to_act == seat)
        {
          BkHerzlaReviewDecision *decision = &review->decisions[review->n_decisions];

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return NULL;
          if (!judge (solver, &state, seat, seed, TRUE, cancellable, decision, error))
            return NULL;
          decision->played = *action;
          assess (decision, threshold);
          if (decision->mistake)
            {
              review->mistakes++;
              review->lost += decision->loss;
            }
          review->n_decisions++;
          if (progress)
            progress (++done, total, user_data);
        }
      if (!bk_herzla_hand_apply (&state, action, error))
        return NULL;
    }
  /* The last card: the hand's own result. */
  if (account.started)
    account_step (review, &account, review->value);
  return g_steal_pointer (&review);
}

void
bk_herzla_review_free (BkHerzlaReview *review)
{
  if (review == NULL)
    return;
  g_free (review->decisions);
  g_free (review);
}

/**
 * bk_herzla_review_summary:
 *
 * Returns: (transfer full): one line for the person, e.g. "About 80 cents lost to 1 card".
 *   In a Beddl or Mord, whose cards are valued exactly, what the other players' cards cost
 *   the person, or "the rest was the deal" when they cost nothing beyond the threshold;
 *   in the normal game (its search cut early) the deal is not named.
 */
char *
bk_herzla_review_summary (const BkHerzlaReview *review)
{
  g_autofree char *amount = NULL, *cards = NULL, *what = NULL, *part = NULL, *others = NULL;
  guint lost = (guint) (review->lost + 0.5);
  /* What the other players' cards did, on balance: they may lose a contract for the
   * person and win it back. */
  double net = review->others_cost - review->others_gift;
  guint cost = (guint) (fabs (net) + 0.5);
  guint n_cards = 0;
  gboolean bid = FALSE;

  /* Only a contract's cards are valued exactly to the end; what the other players did
   * in the normal game is not known, so the deal is not named there. */
  if (review->accounted && net > review->threshold)
    /* Translators: the cents the other players' cards cost the person in a Beddl or Mord,
     * with all cards open */
    others = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "the other players’ cards cost you %u cent",
                                           "the other players’ cards cost you %u cents", cost),
                              cost);
  else if (review->accounted && -net > review->threshold)
    /* Translators: the cents the other players' cards gave the person in a Beddl or Mord,
     * with all cards open */
    others = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "the other players’ cards gave you %u cent",
                                           "the other players’ cards gave you %u cents", cost),
                              cost);
  if (review->mistakes == 0 && others)
    return g_strdup_printf (_("None of your decisions cost more than the threshold; %s"),
                            others);
  if (review->mistakes == 0 && review->accounted)
    return g_strdup (_("No decision cost more than the threshold: the result was the deal"));
  if (review->mistakes == 0)
    /* Translators: the summary of a review of Herzla's normal game without a mistake */
    return g_strdup (_("None of your decisions cost more than the threshold"));
  for (guint i = 0; i < review->n_decisions; i++)
    if (review->decisions[i].mistake)
      {
        if (review->decisions[i].bid)
          bid = TRUE;
        else
          n_cards++;
      }
  if (review->penalty)
    /* Translators: the first part of "About 2 penalty points lost to 1 card". */
    amount = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "About %u penalty point",
                                           "About %u penalty points", lost), lost);
  else
    /* Translators: the first part of "About 80 cents lost to 1 card". */
    amount = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "About %u cent",
                                           "About %u cents", lost), lost);
  if (n_cards > 0)
    cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n_cards),
                             n_cards);
  if (bid && cards)
    /* Translators: what the cents were lost to, e.g. "the bid and 2 cards". */
    what = g_strdup_printf (_("the bid and %s"), cards);
  else if (bid)
    /* Translators: what the cents were lost to: the bid of Herzla (Beddl, Mord, weiter). */
    what = g_strdup (_("the bid"));
  else
    what = g_steal_pointer (&cards);
  /* Translators: "About 80 cents" "lost to" "1 card". */
  part = g_strdup_printf (_("%s lost to %s"), amount, what);
  if (others)
    return g_strdup_printf (_("%s; %s"), part, others);
  if (review->accounted)
    /* Translators: e.g. "About 12 points lost to 2 cards; the rest was the deal". */
    return g_strdup_printf (_("%s; the rest was the deal"), part);
  return g_steal_pointer (&part);
}

/**
 * bk_herzla_review_hint:
 * @state: a running hand; only @seat's view of it is read
 * @seat: the seat to advise, whose turn it is
 *
 * The meister's choice at the position and the two best options by expectation; the
 * same seed gives the same hint, and the review of the same decision with the same seed
 * names the same choice. No card hidden from @seat is read.
 */
gboolean
bk_herzla_review_hint (const BkHerzlaHand *state,
                       guint               seat,
                       guint64             seed,
                       BkHerzlaReviewHint *hint,
                       GError            **error)
{
  g_autoptr (BkHerzlaSolver) solver = NULL;
  BkHerzlaReviewDecision decision = { 0 };
  BkHerzlaInfo info;
  const BkHerzlaReviewOption *choice, *second = NULL;

  g_return_val_if_fail (state != NULL && hint != NULL, FALSE);

  if (bk_herzla_hand_is_over (state) || state->to_act != seat)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("It is not this seat’s turn"));
      return FALSE;
    }
  /* Only the seat's view: the others' cards and the cards aside are not there. */
  bk_herzla_info_init (&info, state, seat);
  solver = bk_herzla_solver_new ();
  if (!judge (solver, &info.public_hand, seat,
              seed, FALSE, NULL, &decision, error))
    return FALSE;

  *hint = (BkHerzlaReviewHint) { 0 };
  hint->seat = seat;
  hint->bid = decision.bid;
  hint->choice = decision.choice;
  hint->n_worlds = decision.n_worlds;
  choice = option_of (&decision, &decision.choice);
  if (choice)
    hint->best[hint->n_options++] = *choice;
  for (guint k = 0; k < decision.n_options; k++)
    if (&decision.options[k] != choice &&
        (second == NULL || (!isnan (decision.options[k].expected) &&
                            (isnan (second->expected) ||
                             decision.options[k].expected > second->expected))))
      second = &decision.options[k];
  if (second)
    hint->best[hint->n_options++] = *second;
  return TRUE;
}

/**
 * bk_herzla_review_read_record:
 * @data: a game record of Herzla (notation.md)
 * @current: (out) (optional): the hand at the record's end, finished or not
 *
 * Returns: (transfer full) (element-type BkHerzlaHand): every finished hand of the record,
 *   in order; NULL with @error for a record that cannot be read or is of another game
 */
GArray *
bk_herzla_review_read_record (const char   *data,
                              gsize         length,
                              BkHerzlaHand *current,
                              GError      **error)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GArray) hands = bk_record_replay_hands (data, length, NULL, &game, error);

  if (hands == NULL)
    return NULL;
  if (bk_game_get_module (game)->kind != BK_GAME_HERZLA)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("This record is not of Herzla"));
      return NULL;
    }
  if (current)
    {
      if (bk_game_get_phase (game) == BK_PHASE_NEW)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The record deals no hand"));
          return NULL;
        }
      *current = *bk_herzla_game_get_hand (game);
    }
  return g_steal_pointer (&hands);
}
