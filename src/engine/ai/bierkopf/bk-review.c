/* bk-review.c: the review of a finished Bierkopf hand, and hints in a running one.
 *
 * The hand is replayed from its deal; at each decision of the seat the Meister's
 * judgement comes from the seat's own view (BkInfoSet) and the worlds the meister level
 * weighs for it (bk_meister_strategy_worlds()), each world solved exactly for every legal
 * card; the exact judgement from the solver on the true hands. Words and doublings are
 * judged by the bidding functions: a doubling by the outlook over the same worlds
 * (bk_pimc_outlook(), bk_outlook_value() at the multiplier and at twice it, the Meister's
 * margin and its doubt before a Retour), exactly by the outcome of the true deal solved; a
 * word by the honest word of the strength estimate (bk_talk_word()), which has no value
 * of its own and is never a mistake.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "bk-bierkopf-game.h"
#include "bk-error.h"
#include "bk-meister-strategy.h"
#include "bk-record.h"
#include "bk-review.h"

/* Two options whose Meister scores lie this close are equally good in expectation. */
#define SCORE_TOLERANCE 0.01

typedef struct {
  BkMeisterStrategy *meister;
  BkSolver          *solver;
  double             lines_weight;
  double             double_margin;
  double             retour_margin;
  double             retour_keep;
} Judge;

static void
judge_init (Judge         *judge,
            const BkRules *rules)
{
  judge->meister = bk_meister_strategy_new ();
  judge->solver = bk_solver_new (rules);
  g_object_get (judge->meister,
                "lines-weight", &judge->lines_weight,
                "double-margin", &judge->double_margin,
                "retour-margin", &judge->retour_margin,
                "retour-keep", &judge->retour_keep,
                NULL);
}

static void
judge_clear (Judge *judge)
{
  g_clear_object (&judge->meister);
  g_clear_pointer (&judge->solver, bk_solver_free);
}

/* The seed of the decision at @index of the hand's history: the hint at a position and
 * the review of the same decision think alike. */
static guint64
decision_seed (guint64 seed,
               guint   index)
{
  guint64 z = seed + 0x9e3779b97f4a7c15ull * (index + 1);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Every legal card of @seat at @state: its expected value over the Meister's worlds and,
 * with @exact, its value with all cards open. Returns FALSE when cancelled. */
static gboolean
judge_cards (Judge             *judge,
             const BkHandState *state,
             BkSeat             seat,
             guint64            seed,
             gboolean           exact,
             GCancellable      *cancellable,
             BkReviewDecision  *decision,
             GError           **error)
{
  BkInfoSet info;
  BkHand legal = bk_hand_state_legal (state);
  BkTeam team = bk_seat_team (seat);
  BkCard cards[BK_N_CARDS];
  guint points[BK_N_CARDS];
  guint n = 0;

  bk_info_set_init (&info, state, seat);
  decision->kind = BK_REVIEW_CARD;
  decision->forced = bk_hand_count (legal) == 1;
  decision->n_options = 0;
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkReviewOption *option = &decision->options[decision->n_options++];

      option->action = bk_action_make (BK_ACTION_PLAY, seat, bk_hand_first (rest));
      option->expected = option->score = option->exact = NAN;
    }
  decision->choice = decision->options[0].action;

  if (!decision->forced)
    {
      g_autofree BkWorld *worlds = NULL;
      g_autofree double *weights = NULL;
      BkCardValues shaped;
      double raw[BK_MAX_HAND] = { 0 };
      BkCard best;

      bk_card_values_clear (&shaped);
      decision->n_worlds = bk_meister_strategy_worlds (judge->meister, judge->solver, &info,
                                                       seed, TRUE, &worlds, &weights);
      for (guint w = 0; w < decision->n_worlds; w++)
        {
          if (w % 32 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (weights[w] <= 0)
            continue;
          n = bk_solver_move_values (judge->solver, worlds[w].hands, &info.trick, cards,
                                     points);
          g_assert (n == decision->n_options);
          shaped.n = n;
          for (guint k = 0; k < n; k++)
            {
              g_assert (cards[k] == decision->options[k].action.arg);
              shaped.cards[k] = cards[k];
              shaped.value[k] += weights[w] * bk_card_value_shaped (&info, points[k],
                                                                    judge->lines_weight);
              raw[k] += weights[w] * points[k];
            }
          shaped.weight += weights[w];
        }
      if (shaped.weight > 0)
        {
          best = bk_card_values_best (&shaped, info.game);
          for (guint k = 0; k < shaped.n; k++)
            {
              decision->options[k].expected = info.points[team] + raw[k] / shaped.weight;
              decision->options[k].score = shaped.value[k] / shaped.weight;
              if (shaped.cards[k] == best)
                decision->choice = decision->options[k].action;
            }
        }
    }

  if (exact)
    {
      n = bk_solver_move_values (judge->solver, state->hands, &state->trick, cards, points);
      g_assert (n == decision->n_options);
      for (guint k = 0; k < n; k++)
        decision->options[k].exact = state->points[team] + points[k];
    }
  return TRUE;
}

/* spec B3.6: whether the other team may still answer @seat's raise at @state (in the
 * window open now, or before the first card in the one play opens). */
static gboolean
may_be_answered (const BkHandState *state,
                 BkSeat             seat)
{
  BkHandState after = *state;
  BkAction raise = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  guint multiplier;

  bk_hand_state_apply_unchecked (&after, &raise);
  multiplier = bk_hand_state_multiplier (&after);
  if (after.doubles_locked || (multiplier >= after.lines_left[BK_TEAM_SN] &&
                               multiplier >= after.lines_left[BK_TEAM_WE]))
    return FALSE;
  return after.step != BK_STEP_PLAY || bk_hand_state_retour_open (&after);
}

/* The multiplier @seat's raise at @index of @hand's history (@state before it) brought
 * about: with the other team's answers that followed, up to his team's next raise, which
 * is a decision of its own, or the hand's end. */
static guint
multiplier_through (const BkHandState *hand,
                    const BkHandState *state,
                    guint              index,
                    BkSeat             seat)
{
  BkHandState later = *state;
  gboolean raised = FALSE;

  for (guint j = index; j < hand->n_history; j++)
    {
      const BkAction *action = &hand->history[j];

      if (action->type == BK_ACTION_DOUBLE &&
          bk_seat_team ((BkSeat) action->seat) == bk_seat_team (seat))
        {
          if (raised)
            break;
          raised = TRUE;
        }
      bk_hand_state_apply_unchecked (&later, action);
    }
  return bk_hand_state_multiplier (&later);
}

/* A Spritze (or a Retour, during play) or not, for @seat at @state, the action at @index
 * of @hand's history coming next; with @hand (a finished hand), valued with all cards
 * open too. A raise's open value is the hand's at the multiplier it brought about, the
 * answers it invited included (issue 34: a Retour answered by the Retour ×8 was charged
 * only the ×4); one not made is valued as the other team, seeing every card, would have
 * answered it: again whenever they win and may. */
static void
judge_double (Judge             *judge,
              const BkHandState *state,
              BkSeat             seat,
              guint64            seed,
              const BkHandState *hand,
              guint              index,
              BkReviewDecision  *decision)
{
  g_autofree BkWorld *worlds = NULL;
  g_autofree double *weights = NULL;
  gboolean retour = state->step == BK_STEP_PLAY;
  double margin = retour ? judge->retour_margin : judge->double_margin;
  BkTeam team = bk_seat_team (seat);
  guint multiplier = bk_hand_state_multiplier (state);
  guint own = state->lines_left[team], their = state->lines_left[1 - team];
  BkReviewOption *pass = &decision->options[0], *twice = &decision->options[1];
  BkOutlook outlook;
  BkInfoSet info;

  bk_info_set_init (&info, state, seat);
  decision->kind = BK_REVIEW_DOUBLE;
  decision->n_options = 2;
  pass->action = bk_action_make (BK_ACTION_PASS, seat, 0);
  twice->action = bk_action_make (BK_ACTION_DOUBLE, seat, 0);

  decision->n_worlds = bk_meister_strategy_worlds (judge->meister, judge->solver, &info,
                                                   seed, FALSE, &worlds, &weights);
  bk_pimc_outlook (judge->solver, &info, worlds, weights, decision->n_worlds, &outlook);
  if (retour)
    margin = bk_outlook_doubt_retour (&outlook, &info, judge->retour_keep, margin);
  decision->choice = bk_outlook_wants_double (&outlook, &info, margin) ? twice->action
                                                                       : pass->action;
  decision->win_chance = bk_outlook_win (&outlook);
  pass->expected = pass->score = bk_outlook_value (&outlook, multiplier, own, their);
  twice->expected = bk_outlook_value (&outlook, 2 * multiplier, own, their);
  twice->score = twice->expected - margin * multiplier;
  pass->exact = twice->exact = NAN;

  if (hand)
    {
      BkWorld truth;
      BkOutlook end;
      guint raised = 2 * multiplier;

      for (guint s = 0; s < BK_N_SEATS; s++)
        truth.hands[s] = state->hands[s];
      bk_pimc_outlook (judge->solver, &info, &truth, NULL, 1, &end);
      if (decision->played.type == BK_ACTION_DOUBLE)
        raised = multiplier_through (hand, state, index, seat);
      else if (bk_outlook_value (&end, 1, own, their) < 0 && may_be_answered (state, seat))
        raised = 4 * multiplier;
      pass->exact = bk_outlook_value (&end, multiplier, own, their);
      twice->exact = bk_outlook_value (&end, raised, own, their);
    }
}

/* A word of the table talk: the honest word of the strength estimate. */
static void
judge_talk (const BkHandState *state,
            BkSeat             seat,
            BkReviewDecision  *decision)
{
  BkWord first, last;

  decision->kind = BK_REVIEW_TALK;
  if (state->step <= BK_STEP_CONFER_HH)
    first = BK_WORD_GUT, last = BK_WORD_SCHLECHT;
  else
    first = BK_WORD_HELFEN, last = BK_WORD_NICHT_HELFEN;
  decision->n_options = 0;
  for (BkWord word = first; word <= last; word++)
    {
      BkReviewOption *option = &decision->options[decision->n_options++];

      option->action = bk_action_make (BK_ACTION_TALK, seat, word);
      option->expected = option->score = option->exact = NAN;
    }
  decision->choice = bk_action_make (BK_ACTION_TALK, seat,
                                     bk_talk_word (&state->rules, state->dealt[seat], seat,
                                                   state->dealer));
  decision->win_chance = bk_strength_estimate (&state->rules, state->dealt[seat], seat,
                                               state->dealer);
}

static const BkReviewOption *
find_option (const BkReviewDecision *decision,
             const BkAction         *action)
{
  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.type == action->type &&
        decision->options[k].action.arg == action->arg)
      return &decision->options[k];
  return NULL;
}

/* The losses and the verdict, once the options are valued. */
static void
judge_verdict (BkReviewDecision *decision,
               double            threshold)
{
  const BkReviewOption *played = find_option (decision, &decision->played);
  const BkReviewOption *choice = find_option (decision, &decision->choice);
  double best = -G_MAXDOUBLE;
  gboolean best_in_expectation;

  decision->loss = decision->expected_loss = 0;
  decision->mistake = FALSE;
  if (decision->kind == BK_REVIEW_TALK || played == NULL || decision->forced)
    return;

  for (guint k = 0; k < decision->n_options; k++)
    best = MAX (best, decision->options[k].exact);
  decision->loss = best - played->exact;
  if (choice && !isnan (choice->expected) && !isnan (played->expected))
    decision->expected_loss = choice->expected - played->expected;

  best_in_expectation = choice == played || choice == NULL ||
                        (!isnan (played->score) &&
                         played->score >= choice->score - SCORE_TOLERANCE);
  if (decision->kind == BK_REVIEW_DOUBLE)
    threshold = BK_REVIEW_LINES_THRESHOLD;
  decision->mistake = decision->loss > threshold && !best_in_expectation;
}

/* Every card of the hand valued with all cards open, and the account of the result. */
static gboolean
account_cards (Judge             *judge,
               const BkHandState *hand,
               BkReview          *review,
               GCancellable      *cancellable,
               GError           **error)
{
  BkTeam team = bk_seat_team (review->seat);
  gboolean first = TRUE;
  BkHandState state;

  bk_hand_state_init (&state, &hand->rules, (BkSeat) hand->dealer, hand->dealt,
                      hand->lines_left[BK_TEAM_SN], hand->lines_left[BK_TEAM_WE]);
  for (guint i = 0; i < hand->n_history; i++)
    {
      const BkAction *action = &hand->history[i];

      if (action->type == BK_ACTION_PLAY)
        {
          BkReviewCard *card = &review->cards[review->n_cards++];
          BkTeam mover = bk_seat_team ((BkSeat) action->seat);
          guint rest = 120 - state.points[BK_TEAM_SN] - state.points[BK_TEAM_WE];
          BkCard cards[BK_N_CARDS];
          guint points[BK_N_CARDS];
          guint n, best = 0, played = 0;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          /* The points from here on, the trick on the table included, of the mover's team. */
          n = bk_solver_move_values (judge->solver, state.hands, &state.trick, cards, points);
          for (guint k = 0; k < n; k++)
            {
              best = MAX (best, points[k]);
              if (cards[k] == action->arg)
                played = points[k];
            }
          card->action = *action;
          card->loss = best - played;
          card->before = state.points[team] + (mover == team ? best : rest - best);
          if (first)
            review->deal_points = card->before;
          first = FALSE;
          if (action->seat == review->seat)
            review->own_cost += card->loss;
          else if (mover == team)
            review->partner_cost += card->loss;
          else
            review->opponents_cost += card->loss;
        }
      bk_hand_state_apply_unchecked (&state, action);
    }
  return TRUE;
}

static gboolean
is_decision (const BkAction *action,
             BkSeat          seat)
{
  if (action->seat != seat)
    return FALSE;
  if (action->type == BK_ACTION_TALK)
    return action->arg != BK_WORD_HONOUR;
  return action->type == BK_ACTION_PLAY || action->type == BK_ACTION_DOUBLE ||
         action->type == BK_ACTION_PASS;
}

/* spec B3.6: whether @seat may say Retour at @state. */
static gboolean
may_retour (const BkHandState *state,
            BkSeat             seat)
{
  return state->step == BK_STEP_PLAY && bk_hand_state_may_double (state, seat);
}

/* Whether @seat's team says Retour in the window that is open for @seat at @state, the
 * action at @index of @hand's history coming next. */
static gboolean
team_raises (const BkHandState *hand,
             const BkHandState *state,
             guint              index,
             BkSeat             seat)
{
  BkHandState later = *state;

  for (guint j = index; j < hand->n_history && may_retour (&later, seat); j++)
    {
      if (hand->history[j].type == BK_ACTION_DOUBLE &&
          bk_seat_team ((BkSeat) hand->history[j].seat) == bk_seat_team (seat))
        return TRUE;
      bk_hand_state_apply_unchecked (&later, &hand->history[j]);
    }
  return FALSE;
}

/* The decisions of @seat in @hand, in order: each with the place in the history before
 * which it was taken and what the seat did. Every card, word, Spritze and pass, every
 * Retour, and where a Retour window opened for the seat and his team let it pass, a pass
 * at its first moment (the seat said no Retour). */
static guint
collect_decisions (const BkHandState *hand,
                   BkSeat             seat,
                   guint8            *indices,
                   BkAction          *actions)
{
  BkHandState state;
  gboolean could = FALSE;
  guint n = 0;

  bk_hand_state_init (&state, &hand->rules, (BkSeat) hand->dealer, hand->dealt,
                      hand->lines_left[BK_TEAM_SN], hand->lines_left[BK_TEAM_WE]);
  for (guint i = 0; i < hand->n_history; i++)
    {
      gboolean may = may_retour (&state, seat);

      if (may && !could && !team_raises (hand, &state, i, seat))
        {
          indices[n] = (guint8) i;
          actions[n++] = bk_action_make (BK_ACTION_PASS, seat, 0);
        }
      could = may;
      if (is_decision (&hand->history[i], seat))
        {
          indices[n] = (guint8) i;
          actions[n++] = hand->history[i];
        }
      bk_hand_state_apply_unchecked (&state, &hand->history[i]);
    }
  return n;
}

/**
 * bk_review_hand:
 * @hand: a finished hand (its deal and every action)
 * @seat: whose decisions to judge
 * @threshold: a card is a mistake when it loses more card points than this with all
 *   cards open (and was not best in expectation)
 * @seed: the seed of the Meister's worlds
 *
 * Returns: (transfer full): the review, or NULL with @error (the hand is not over, or
 *   @cancellable was cancelled)
 */
BkReview *
bk_review_hand (const BkHandState *hand,
                BkSeat             seat,
                double             threshold,
                guint64            seed,
                GCancellable      *cancellable,
                BkReviewProgress   progress,
                gpointer           user_data,
                GError           **error)
{
  g_autoptr (BkReview) review = NULL;
  guint8 indices[2 * BK_HAND_HISTORY_MAX];
  BkAction actions[2 * BK_HAND_HISTORY_MAX];
  BkHandState state;
  Judge judge;
  guint total, next = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (hand != NULL, NULL);

  if (seat >= BK_N_SEATS)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no such seat"));
      return NULL;
    }
  if (!bk_hand_state_is_over (hand))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The hand is not finished: only a finished hand can be reviewed"));
      return NULL;
    }

  total = collect_decisions (hand, seat, indices, actions);

  review = g_new0 (BkReview, 1);
  review->seat = seat;
  review->threshold = threshold;
  review->decisions = g_new0 (BkReviewDecision, MAX (total, 1));
  bk_hand_state_score (hand, 0, &review->result);

  judge_init (&judge, &hand->rules);
  bk_hand_state_init (&state, &hand->rules, (BkSeat) hand->dealer, hand->dealt,
                      hand->lines_left[BK_TEAM_SN], hand->lines_left[BK_TEAM_WE]);
  for (guint i = 0; i < hand->n_history && ok; i++)
    {
      const BkAction *action;

      for (; next < total && indices[next] == i && ok; next++)
        {
          BkReviewDecision *decision = &review->decisions[review->n_decisions++];
          guint64 decision_rng = decision_seed (seed, i);

          action = &actions[next];
          decision->index = (guint8) i;
          decision->played = *action;
          decision->trick = state.step == BK_STEP_PLAY ? state.tricks_done + 1 : 0;
          decision->win_chance = NAN;
          switch ((BkActionType) action->type)
            {
            case BK_ACTION_PLAY:
              ok = judge_cards (&judge, &state, seat, decision_rng, TRUE, cancellable,
                                decision, error);
              break;
            case BK_ACTION_TALK:
              judge_talk (&state, seat, decision);
              break;
            default:
              judge_double (&judge, &state, seat, decision_rng, hand, i, decision);
              break;
            }
          if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
            ok = FALSE;
          if (!ok)
            break;
          judge_verdict (decision, threshold);
          if (decision->kind == BK_REVIEW_DOUBLE && decision->n_options == 2)
            {
              const BkReviewOption *played = find_option (decision, &decision->played);

              if (played && !isnan (played->exact) && !isnan (decision->options[0].exact))
                review->doubling_lines += played->exact - decision->options[0].exact;
            }
          if (decision->mistake && decision->kind == BK_REVIEW_CARD)
            {
              review->card_mistakes++;
              review->points_lost += decision->loss;
            }
          else if (decision->mistake)
            {
              review->word_mistakes++;
              review->lines_lost += decision->loss;
            }
          if (progress)
            progress (review->n_decisions, total, user_data);
        }
      if (ok)
        bk_hand_state_apply_unchecked (&state, &hand->history[i]);
    }
  if (ok)
    {
      BkTeam team = bk_seat_team (seat);

      if (review->result.winner == team)
        review->result_lines = MIN (review->result.value, hand->lines_left[team]);
      else if (review->result.winner != BK_TEAM_NONE)
        review->result_lines = -(double) MIN (review->result.value, hand->lines_left[1 - team]);
      review->deal_lines = review->result_lines - review->doubling_lines;
      ok = account_cards (&judge, hand, review, cancellable, error);
    }
  judge_clear (&judge);

  if (!ok)
    return NULL;
  return g_steal_pointer (&review);
}

void
bk_review_free (BkReview *review)
{
  if (review == NULL)
    return;
  g_free (review->decisions);
  g_free (review);
}

/* "About 12 points lost to 2 cards", "2 lines lost to 1 doubling" or both. */
static char *
mistakes_part (const BkReview *review)
{
  guint points = (guint) (review->points_lost + 0.5);
  guint lines = (guint) (review->lines_lost + 0.5);
  g_autofree char *cards_part = NULL, *words_part = NULL;

  if (review->card_mistakes > 0)
    {
      g_autofree char *amount = NULL, *what = NULL;

      /* Translators: the first part of "About 12 points lost to 2 cards". */
      amount = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "About %u point",
                                             "About %u points", points), points);
      what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards",
                                           review->card_mistakes),
                              review->card_mistakes);
      /* Translators: "About 12 points" "lost to" "2 cards". */
      cards_part = g_strdup_printf (_("%s lost to %s"), amount, what);
    }
  if (review->word_mistakes > 0)
    {
      g_autofree char *amount = NULL, *what = NULL;

      amount = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u line", "%u lines", lines),
                                lines);
      what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u doubling", "%u doublings",
                                           review->word_mistakes),
                              review->word_mistakes);
      /* Translators: "2 lines" "lost to" "1 doubling". */
      words_part = g_strdup_printf (_("%s lost to %s"), amount, what);
    }
  if (cards_part && words_part)
    /* Translators: the two parts, e.g. "About 12 points lost to 2 cards", "2 lines lost to
     * 1 doubling". */
    return g_strdup_printf (_("%s and %s"), cards_part, words_part);
  return cards_part ? g_steal_pointer (&cards_part) : g_steal_pointer (&words_part);
}

/* What the other players' cards did to the seat's team, beyond the threshold: NULL when
 * they played as well as open cards allow (nearly). */
static char *
others_part (const BkReview *review)
{
  guint partner = (guint) (review->partner_cost + 0.5);
  guint opponents = (guint) (review->opponents_cost + 0.5);
  g_autofree char *partner_part = NULL, *opponents_part = NULL;

  if (review->partner_cost > review->threshold)
    /* Translators: card points, with all cards open, in the review's summary */
    partner_part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "your partner’s cards cost %u point",
                                                 "your partner’s cards cost %u points",
                                                 partner), partner);
  if (review->opponents_cost > review->threshold)
    /* Translators: card points the opponents could have kept, in the review's summary */
    opponents_part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "the opponents’ cards gave away %u point",
                                                   "the opponents’ cards gave away %u points",
                                                   opponents), opponents);
  if (partner_part && opponents_part)
    /* Translators: "your partner’s cards cost 20 points" "and" "the opponents’ cards gave
     * away 12 points" */
    return g_strdup_printf (_("%s and %s"), partner_part, opponents_part);
  return partner_part ? g_steal_pointer (&partner_part) : g_steal_pointer (&opponents_part);
}

/**
 * bk_review_summary:
 *
 * Returns: (transfer full): one line for the person: what the mistakes cost and what the
 *   other players' cards did, the rest being the deal, e.g. "About 12 points lost to 2
 *   cards; the rest was the deal" or "None of your decisions cost more than the threshold;
 *   your partner’s cards cost 57 points". "The deal" only when every card of the others
 *   was within the threshold of the best with all cards open.
 */
char *
bk_review_summary (const BkReview *review)
{
  g_autofree char *mine = mistakes_part (review);
  g_autofree char *others = others_part (review);

  if (mine == NULL && others == NULL)
    return g_strdup (_("No decision cost more than the threshold: the result was the deal"));
  if (others == NULL)
    /* Translators: e.g. "About 12 points lost to 2 cards; the rest was the deal". */
    return g_strdup_printf (_("%s; the rest was the deal"), mine);
  if (mine == NULL)
    /* Translators: %s is what the other players' cards did, e.g. "your partner’s cards
     * cost 57 points" */
    return g_strdup_printf (_("None of your decisions cost more than the threshold; %s"),
                            others);
  /* Translators: your mistakes, and what the other players' cards did, e.g. "About 12
   * points lost to 2 cards; your partner’s cards cost 20 points" */
  return g_strdup_printf (_("%s; %s"), mine, others);
}

/**
 * bk_review_account:
 *
 * Returns: (transfer full): what the deal was worth to the seat's team with all cards
 *   open, and what each side's cards cost, in card points: "With best play from the first
 *   card your team would have taken 94 card points and took 37: your cards cost 0, your
 *   partner’s 57; the opponents’ cards gave away 0."; where the seat had a doubling to
 *   decide, the same in lines, which add up: "In lines for your team: -15 from your
 *   doublings and passes, -6 from the deal and the rest, -21 in all (…)."
 */
char *
bk_review_account (const BkReview *review)
{
  g_autofree char *points = NULL;
  gboolean doubled = FALSE;

  /* Translators: the account of a hand in card points with all cards open, in the
   * review: what the deal was worth, what the team took, and what the cards of each side
   * cost (the opponents' cards: what they let the team have) */
  points = g_strdup_printf (_("With best play from the first card your team would have taken "
                              "%.0f card points and took %u: your cards cost %.0f, your "
                              "partner’s %.0f; the opponents’ cards gave away %.0f."),
                            review->deal_points,
                            review->result.points[bk_seat_team (review->seat)],
                            review->own_cost, review->partner_cost, review->opponents_cost);
  for (guint i = 0; i < review->n_decisions; i++)
    doubled |= review->decisions[i].kind == BK_REVIEW_DOUBLE;
  if (!doubled)
    return g_steal_pointer (&points);
  /* Translators: the same account in lines (signed: + won, − lost), where the seat had a
   * doubling to decide: what his Spritze, Retours and passes made of the hand, what the
   * rest did (the deal, the others' doublings, the cards) and the hand's lines */
  return g_strdup_printf (_("%s In lines for your team: %+.0f from your doublings and "
                            "passes, %+.0f from the deal and the rest, %+.0f in all (no "
                            "coaster loses more lines than it has left)."),
                          points, review->doubling_lines, review->deal_lines,
                          review->result_lines);
}

static int
compare_score (gconstpointer a,
               gconstpointer b)
{
  const BkReviewOption *x = a, *y = b;
  double sx = isnan (x->score) ? -G_MAXDOUBLE : x->score;
  double sy = isnan (y->score) ? -G_MAXDOUBLE : y->score;

  return (sx < sy) - (sx > sy);
}

static void hint_from_decision (const BkHandState *state,
                                BkSeat             seat,
                                BkReviewDecision  *decision,
                                BkReviewHint      *hint);

/**
 * bk_review_hint:
 * @state: a running hand
 * @seat: the seat to advise; it must be its turn
 * @seed: the seed of the Meister's worlds (the review of this decision with the same
 *   seed thinks alike)
 * @hint: (out): the Meister's choice and the two best options with their expected values
 *
 * Only the seat's own information is used: the other hands are never looked at.
 */
gboolean
bk_review_hint (const BkHandState *state,
                BkSeat             seat,
                guint64            seed,
                BkReviewHint      *hint,
                GError           **error)
{
  BkReviewDecision decision = { 0 };
  BkAction talk = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_NONE);
  Judge judge;
  gboolean ok = TRUE;

  g_return_val_if_fail (state != NULL && hint != NULL, FALSE);

  if (seat >= BK_N_SEATS)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no such seat"));
      return FALSE;
    }
  if (bk_hand_state_is_over (state))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("The hand is over: there is nothing to advise"));
      return FALSE;
    }

  decision.win_chance = NAN;
  if (state->step == BK_STEP_PLAY)
    {
      if (state->to_act != seat)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                       _("It is %s’s turn to play, not %s’s"),
                       bk_seat_display_name ((BkSeat) state->to_act),
                       bk_seat_display_name (seat));
          return FALSE;
        }
      judge_init (&judge, &state->rules);
      ok = judge_cards (&judge, state, seat, decision_seed (seed, state->n_history), FALSE,
                        NULL, &decision, error);
      judge_clear (&judge);
    }
  else if (bk_hand_state_check (state, &talk, NULL))
    judge_talk (state, seat, &decision);
  else if (bk_hand_state_decider (state) == seat)
    {
      judge_init (&judge, &state->rules);
      if (bk_hand_state_may_double (state, seat))
        judge_double (&judge, state, seat, decision_seed (seed, state->n_history), NULL, 0,
                      &decision);
      else
        {
          decision.kind = BK_REVIEW_DOUBLE;
          decision.n_options = 1;
          decision.options[0].action = bk_action_make (BK_ACTION_PASS, seat, 0);
          decision.options[0].expected = decision.options[0].score = NAN;
          decision.options[0].exact = NAN;
          decision.choice = decision.options[0].action;
        }
      judge_clear (&judge);
    }
  else
    {
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("It is not %s’s turn to talk or double"), bk_seat_display_name (seat));
      return FALSE;
    }
  if (!ok)
    return FALSE;
  hint_from_decision (state, seat, &decision, hint);
  return TRUE;
}

/* The hint from a judged decision: the Meister's choice first, then the best of the rest. */
static void
hint_from_decision (const BkHandState *state,
                    BkSeat             seat,
                    BkReviewDecision  *decision_,
                    BkReviewHint      *hint)
{
  BkReviewDecision decision = *decision_;

  *hint = (BkReviewHint) { 0 };
  hint->seat = seat;
  hint->kind = decision.kind;
  hint->trick = state->step == BK_STEP_PLAY ? state->tricks_done + 1 : 0;
  hint->choice = decision.choice;
  hint->n_worlds = decision.n_worlds;
  hint->win_chance = decision.win_chance;
  /* The Meister's choice first (it wins ties by what a card costs to give up), then the
   * best of the rest. */
  qsort (decision.options, decision.n_options, sizeof (BkReviewOption), compare_score);
  for (guint k = 0; k < decision.n_options; k++)
    if (decision.options[k].action.type == decision.choice.type &&
        decision.options[k].action.arg == decision.choice.arg)
      {
        hint->best[hint->n_options++] = decision.options[k];
        break;
      }
  for (guint k = 0; k < decision.n_options && hint->n_options < 2; k++)
    if (decision.options[k].action.type != decision.choice.type ||
        decision.options[k].action.arg != decision.choice.arg)
      hint->best[hint->n_options++] = decision.options[k];
}

/**
 * bk_review_retour_hint:
 * @state: a running hand in play
 * @seat: a seat that may double now (a Retour, spec B3.6), whoever is to play
 * @seed: as for bk_review_hint()
 * @hint: (out): Retour or not, the Meister's choice, with both values in lines
 *
 * Only the seat's own information is used.
 */
gboolean
bk_review_retour_hint (const BkHandState *state,
                       BkSeat             seat,
                       guint64            seed,
                       BkReviewHint      *hint,
                       GError           **error)
{
  BkReviewDecision decision = { 0 };
  Judge judge;

  g_return_val_if_fail (state != NULL && hint != NULL, FALSE);

  if (seat >= BK_N_SEATS || state->step != BK_STEP_PLAY
      || !bk_hand_state_may_double (state, seat))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("%s cannot double now"), bk_seat_display_name (seat));
      return FALSE;
    }
  decision.win_chance = NAN;
  judge_init (&judge, &state->rules);
  judge_double (&judge, state, seat, decision_seed (seed, state->n_history), NULL, 0,
                &decision);
  judge_clear (&judge);
  hint_from_decision (state, seat, &decision, hint);
  return TRUE;
}

/**
 * bk_review_card_options:
 * @state: a running hand in play
 * @seat: the seat to play; it must be its turn
 * @seed: as for bk_review_hint() (the same seed, the same choice)
 * @decision: (out): every legal card with its expected value over the Meister's worlds,
 *   best first by the Meister's score, and the Meister's choice
 *
 * What bk_review_hint() weighs, with every option kept (the practice hand's comment
 * tells what the card played was worth). Only the seat's own information is used.
 */
gboolean
bk_review_card_options (const BkHandState *state,
                        BkSeat             seat,
                        guint64            seed,
                        BkReviewDecision  *decision,
                        GError           **error)
{
  Judge judge;
  gboolean ok;

  g_return_val_if_fail (state != NULL && decision != NULL, FALSE);
  g_return_val_if_fail (state->step == BK_STEP_PLAY && state->to_act == seat, FALSE);

  *decision = (BkReviewDecision) { 0 };
  decision->win_chance = NAN;
  judge_init (&judge, &state->rules);
  ok = judge_cards (&judge, state, seat, decision_seed (seed, state->n_history), FALSE,
                    NULL, decision, error);
  judge_clear (&judge);
  if (ok)
    qsort (decision->options, decision->n_options, sizeof (BkReviewOption), compare_score);
  return ok;
}

/**
 * bk_review_read_record:
 * @data: a game record (notation.md), checked line by line as bk_record_replay() does
 * @current: (out) (optional): the hand at the record's end, finished or not
 *
 * Returns: (transfer full) (element-type BkHandState): every finished hand of Bierkopf in
 *   the record, in order; NULL with @error for a record that cannot be read, one of
 *   another game, or (with @current) one that deals no hand
 */
GArray *
bk_review_read_record (const char    *data,
                       gsize          length,
                       const BkRules *defaults,
                       BkHandState   *current,
                       GError       **error)
{
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GArray) hands = bk_record_replay_hands (data, length, defaults, &game, error);

  if (hands == NULL)
    return NULL;
  if (bk_game_get_module (game)->kind != BK_GAME_BIERKOPF)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("Only hands of Bierkopf can be reviewed; this record is of another "
                     "game"));
      return NULL;
    }
  if (current)
    {
      if (bk_game_get_phase (game) == BK_PHASE_NEW)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The record deals no hand"));
          return NULL;
        }
      *current = *bk_bierkopf_game_get_state (game);
    }
  return g_steal_pointer (&hands);
}
