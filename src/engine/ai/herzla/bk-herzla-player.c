/* bk-herzla-player.c: the decisions of the Herzla computer players; see
 * bk-herzla-player.h and docs/ai.md "Herzla computer players".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <string.h>

#include "bk-herzla-info.h"
#include "bk-herzla-player.h"
#include "bk-herzla-random.h"
#include "bk-herzla-solver.h"

#define MAX_WORLDS 256

/* One solver per thread (its tables are large and not shared), and a count of the worlds
 * it solved for the benchmark. */
typedef struct {
  BkHerzlaSolver *solver;
  guint64         worlds;
} Worker;

static void
worker_free (gpointer data)
{
  Worker *worker = data;

  bk_herzla_solver_free (worker->solver);
  g_free (worker);
}

static GPrivate worker_key = G_PRIVATE_INIT (worker_free);

static Worker *
worker_get (void)
{
  Worker *worker = g_private_get (&worker_key);

  if (worker == NULL)
    {
      worker = g_new0 (Worker, 1);
      worker->solver = bk_herzla_solver_new ();
      g_private_set (&worker_key, worker);
    }
  return worker;
}

/* Worlds solved by this thread so far. */
guint64
bk_herzla_player_worlds_solved (void)
{
  return worker_get ()->worlds;
}

void
bk_herzla_player_params_init (BkHerzlaPlayerParams *params,
                              BkHerzlaLevel         level)
{
  memset (params, 0, sizeof *params);
  params->level = level;
  params->worlds = level == BK_HERZLA_LEVEL_MEISTER ? 160 : 12;
  params->min_worlds = 8;
  params->budget = 300000;
  params->all_worlds = 160;
  params->bid_worlds = level == BK_HERZLA_LEVEL_MEISTER ? 40 : 24;
  /* The plain threshold of the payments (docs/ai.md): a contract pays ±240 cents against
   * what the normal game is worth to such a hand; the meister's is calibrated by the
   * contracts it won (seed 1): solved worlds are pessimistic for the declarer. */
  params->beddl_threshold = level == BK_HERZLA_LEVEL_MEISTER ? 0.3 : 0.6;
  params->mord_threshold = level == BK_HERZLA_LEVEL_MEISTER ? 0.4 : 0.6;
  params->schleicher_threshold = 0.5;
}

static BkHand
suit_cards (guint suit)
{
  BkHand cards = 0;

  for (guint r = 0; r < BK_N_RANKS; r++)
    cards |= BK_HAND_BIT (BK_CARD (suit, r));
  return cards;
}

/* The card of @cards highest (or lowest) in the natural order; ties go to the lower
 * card number, so the choice is repeatable. */
static BkCard
extreme (BkHand   cards,
         gboolean high)
{
  BkCard best = BK_CARD_NONE;

  for (; cards; cards &= cards - 1)
    {
      BkCard card = bk_hand_first (cards);

      if (best == BK_CARD_NONE ||
          (high ? bk_herzla_natural (card) > bk_herzla_natural (best)
                : bk_herzla_natural (card) < bk_herzla_natural (best)))
        best = card;
    }
  return best;
}

static BkCard
highest (BkHand cards)
{
  return extreme (cards, TRUE);
}

static BkCard
lowest (BkHand cards)
{
  return extreme (cards, FALSE);
}

/* The cards of @cards lower than @card's natural strength. */
static BkHand
below (BkHand cards,
       BkCard card)
{
  BkHand out = 0;

  for (; cards; cards &= cards - 1)
    if (bk_herzla_natural (bk_hand_first (cards)) < bk_herzla_natural (card))
      out |= BK_HAND_BIT (bk_hand_first (cards));
  return out;
}

/* The card that holds the trick so far and the seat that played it. */
static BkCard
trick_winner (const BkTrick *trick,
              guint          n_players,
              guint         *seat)
{
  BkCard best = trick->cards[0];
  guint at = 0;

  for (guint i = 1; i < trick->n; i++)
    if (bk_card_suit (trick->cards[i]) == bk_card_suit (best) &&
        bk_herzla_natural (trick->cards[i]) > bk_herzla_natural (best))
      {
        best = trick->cards[i];
        at = i;
      }
  *seat = (trick->leader + at) % n_players;
  return best;
}

/* The lead of the normal game: the lowest card of the shortest suit whose lowest card is
 * low enough to lose the trick (short suits make voids to throw hearts on), else the
 * lowest card there is. */
static BkCard
lead_short_suit (BkHand   legal,
                 BkHand   own,
                 guint    low)
{
  BkCard best = BK_CARD_NONE;
  guint best_length = G_MAXUINT;

  for (guint suit = 0; suit < BK_N_SUITS; suit++)
    {
      BkHand cards = legal & suit_cards (suit);
      guint length = bk_hand_count (own & suit_cards (suit));
      BkCard card;

      if (cards == 0)
        continue;
      card = lowest (cards);
      if (bk_herzla_natural (card) > low + 3)
        continue;
      /* A heart is led only when it is very low. */
      if (suit == BK_SUIT_HERZ && bk_herzla_natural (card) > low + 1)
        continue;
      if (length < best_length)
        {
          best = card;
          best_length = length;
        }
    }
  return best != BK_CARD_NONE ? best : lowest (legal);
}

/* The card to throw when void in the led suit: a heart on another's trick (H5.1), else
 * the most dangerous high card, from the shortest suit on a tie. */
static BkCard
discard (BkHand   legal,
         gboolean hearts_count)
{
  BkHand hearts = legal & suit_cards (BK_SUIT_HERZ);
  BkCard best = BK_CARD_NONE;

  if (hearts_count && hearts)
    return highest (hearts);
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (best == BK_CARD_NONE || bk_herzla_natural (card) > bk_herzla_natural (best) ||
          (bk_herzla_natural (card) == bk_herzla_natural (best) &&
           bk_hand_count (legal & suit_cards (bk_card_suit (card))) <
           bk_hand_count (legal & suit_cards (bk_card_suit (best)))))
        best = card;
    }
  return best;
}

/* The rules of thumb (docs/ai.md), from the seat's view alone. */
static BkCard
heuristic_card (const BkHerzlaInfo *info,
                BkHand              legal)
{
  const BkHerzlaHand *state = &info->public_hand;
  const BkTrick *trick = &state->trick;
  guint me = info->seat, n = info->n_players, win_seat = 0;
  guint low = state->rules.variant == BK_HERZLA_EINFACH ? 0 : 1;
  BkContract contract = state->contract;
  gboolean declarer = state->declarer == me;
  BkHand follow = 0, under = 0;
  BkCard win = BK_CARD_NONE;
  gboolean last, hearts_in_trick = FALSE, declarer_played = FALSE;

  if (bk_hand_count (legal) == 1)
    return bk_hand_first (legal);

  if (trick->n == 0)
    {
      switch (contract)
        {
        case BK_CONTRACT_BEDDL:
          return lowest (legal);
        case BK_CONTRACT_MORD:
          return highest (legal);
        case BK_CONTRACT_NORMAL:
        case BK_N_CONTRACTS:
        default:
          return lead_short_suit (legal, info->own, low);
        }
    }

  win = trick_winner (trick, n, &win_seat);
  follow = legal & suit_cards (bk_card_suit (trick->cards[0]));
  under = below (follow, win);
  last = trick->n == n - 1;
  for (guint i = 0; i < trick->n; i++)
    {
      hearts_in_trick |= bk_card_suit (trick->cards[i]) == BK_SUIT_HERZ;
      declarer_played |= (trick->leader + i) % n == state->declarer;
    }

  switch (contract)
    {
    case BK_CONTRACT_BEDDL:
      if (declarer)
        return follow ? (under ? highest (under) : highest (follow)) : discard (legal, FALSE);
      if (declarer_played && win_seat == state->declarer)
        /* H4.3: let him keep the trick. */
        return follow ? (under ? highest (under) : lowest (follow)) : discard (legal, FALSE);
      if (declarer_played)
        return follow ? highest (follow) : discard (legal, FALSE);
      /* He is still to play: as low as possible so he cannot stay under. */
      return follow ? lowest (follow) : discard (legal, FALSE);

    case BK_CONTRACT_MORD:
      if (declarer)
        return follow ? highest (follow) : lowest (legal);
      if (win_seat == state->declarer && follow && !under)
        return highest (follow);
      if (win_seat == state->declarer && follow && follow != under)
        return highest (follow);
      return follow ? lowest (follow) : lowest (legal);

    case BK_CONTRACT_NORMAL:
    case BK_N_CONTRACTS:
    default:
      break;
    }

  if (!follow)
    return discard (legal, TRUE);
  /* A free trick as the last player: take it and shed a dangerous high card early. */
  if (last && !hearts_in_trick && state->tricks_done + 2 < state->tricks_in_hand &&
      bk_herzla_natural (highest (follow)) >= low + 5 && (follow & ~under))
    return highest (follow);
  if (under)
    return highest (under);
  /* Must take it: with the highest card when nothing is lost by it, else the lowest in
   * the hope that someone after goes over. */
  if (last || !hearts_in_trick)
    return highest (follow);
  return lowest (follow);
}

/* H3 by the rules of thumb: only a hand that cannot lose the contract. */
static guint
heuristic_bid (const BkHerzlaInfo *info)
{
  const BkHerzlaHand *state = &info->public_hand;
  BkHerzlaVariant variant = state->rules.variant;

  if (bk_herzla_beddl_danger (info->own, variant) == 0)
    return BK_CONTRACT_BEDDL;
  if (bk_herzla_mord_danger (info->own, variant, info->seat == bk_herzla_hand_vorhand (state)) == 0)
    return BK_CONTRACT_MORD;
  return BK_CONTRACT_NORMAL;
}

/* The worlds a level looks at, with their weights; returns how many. */
static guint
gather_worlds (const BkHerzlaPlayerParams *params,
               const BkHerzlaInfo         *info,
               guint                       want,
               gboolean                    weighted,
               gboolean                    all_when_few,
               BkRng                      *rng,
               BkHerzlaWorld              *worlds,
               double                     *weights)
{
  guint n = 0;

  if (all_when_few)
    {
      n = bk_herzla_info_enumerate (info, MIN (params->all_worlds, MAX_WORLDS), worlds);
      if (n == G_MAXUINT)
        n = 0;
    }
  if (n == 0)
    for (guint i = 0; i < MIN (want, MAX_WORLDS); i++)
      if (bk_herzla_info_sample (info, rng, &worlds[n]))
        n++;
  for (guint i = 0; i < n; i++)
    weights[i] = weighted ? bk_herzla_info_weight (info, &worlds[i]) : 1.0;
  return n;
}

/* How far the normal-game search looks: to the end when few cards are left, else a
 * few tricks (docs/ai.md "Herzla": the whole deal is beyond reach). */
static guint
horizon_for (const BkHerzlaHand         *state,
             const BkHerzlaPlayerParams *params)
{
  guint n = state->rules.n_players;
  guint cards_left = (state->tricks_in_hand - state->tricks_done) * n - state->trick.n;
  guint exact = params->exact_cards ? params->exact_cards : (n <= 4 ? 20u : 16u);

  if (cards_left <= exact)
    return BK_HERZLA_SOLVE_ALL;
  if (params->horizon)
    return params->horizon;
  if (params->level == BK_HERZLA_LEVEL_PIMC)
    return 2;
  /* Three tricks of four players cost about as much as three of three with twelve cards
   * in hand: four tricks there made a p99 above 100 ms. */
  return n <= 4 ? 3 : 2;
}

/* Adds each legal card's value in @world for @seat into @score. */
static void
score_world (BkHerzlaSolver     *solver,
             const BkHerzlaHand *world,
             guint               seat,
             guint               horizon,
             double              weight,
             BkHand              legal,
             double              score[BK_N_CARDS])
{
  if (world->contract != BK_CONTRACT_NORMAL)
    {
      BkHand good = bk_herzla_solver_contract_moves (solver, world);

      for (BkHand rest = good & legal; rest; rest &= rest - 1)
        score[bk_hand_first (rest)] += weight;
    }
  else
    {
      BkCard cards[BK_N_CARDS];
      gint values[BK_N_CARDS];
      guint n = bk_herzla_solver_normal_moves (solver, world, 0, horizon, cards, values);

      (void) seat;
      for (guint i = 0; i < n; i++)
        score[cards[i]] += weight * values[i];
    }
}

/* H4.5: in a normal game of four, while @seat has taken every trick so far, the chance
 * over @worlds that he can take the rest against the others together, and in @good
 * the weight with which each card keeps it. */
static double
schleicher_chance (BkHerzlaSolver     *solver,
                   const BkHerzlaInfo *info,
                   const BkHerzlaHand *real,
                   const BkHerzlaWorld *worlds,
                   const double       *weights,
                   guint               n_worlds,
                   BkHand              legal,
                   double              good[BK_N_CARDS])
{
  double made = 0, total = 0;

  for (guint i = 0; i < n_worlds; i++)
    {
      BkHerzlaHand world;
      BkHand moves;

      if (real)
        world = *real;
      else
        bk_herzla_info_make_hand (info, &worlds[i], &world);
      world.contract = BK_CONTRACT_MORD;
      world.declarer = info->seat;
      total += weights[i];
      if (!bk_herzla_solver_contract (solver, &world, NULL))
        continue;
      made += weights[i];
      moves = bk_herzla_solver_contract_moves (solver, &world) & legal;
      for (; moves; moves &= moves - 1)
        good[bk_hand_first (moves)] += weights[i];
    }
  return total > 0 ? made / total : 0;
}

/* The best card by @score; ties go to the rules of thumb's card, else the first. */
static BkCard
best_of (const double score[BK_N_CARDS],
         BkHand       legal,
         BkCard       preferred)
{
  BkCard best = BK_CARD_NONE;

  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (best == BK_CARD_NONE || score[card] > score[best] + 1e-9)
        best = card;
    }
  if (preferred != BK_CARD_NONE && bk_hand_has (legal, preferred) &&
      score[preferred] >= score[best] - 1e-9)
    return preferred;
  return best;
}

/* pimc, meister and cheat: the card with the best mean over the worlds solved exactly. */
static BkCard
search_card (const BkHerzlaPlayerParams *params,
             const BkHerzlaHand         *state,
             const BkHerzlaInfo         *info,
             BkHand                      legal,
             guint64                     seed)
{
  Worker *worker = worker_get ();
  BkHerzlaSolver *solver = worker->solver;
  g_autofree BkHerzlaWorld *worlds = NULL;
  g_autofree double *weights = NULL;
  double score[BK_N_CARDS] = { 0 }, good[BK_N_CARDS] = { 0 };
  gboolean cheat = params->level == BK_HERZLA_LEVEL_CHEAT;
  gboolean meister = params->level == BK_HERZLA_LEVEL_MEISTER;
  guint horizon = horizon_for (state, params), n_worlds = 0;
  guint64 start = bk_herzla_solver_get_nodes (solver);
  BkCard preferred = heuristic_card (info, legal);
  double one = 1.0, total_weight = 0;
  BkRng rng;

  bk_rng_init (&rng, seed, info->seat);
  if (!cheat)
    {
      worlds = g_new (BkHerzlaWorld, MAX_WORLDS);
      weights = g_new (double, MAX_WORLDS);
      n_worlds = gather_worlds (params, info, params->worlds, meister, meister, &rng,
                                worlds, weights);
      if (n_worlds == 0)
        return preferred;
    }

  /* H4.5: a Schleichermord attempt while every trick so far is his. */
  if (state->rules.variant == BK_HERZLA_VIER && state->contract == BK_CONTRACT_NORMAL &&
      state->tricks_done > 0 && state->tricks[info->seat] == state->tricks_done)
    {
      double chance = schleicher_chance (solver, info, cheat ? state : NULL, worlds,
                                         cheat ? &one : weights, cheat ? 1 : n_worlds, legal,
                                         good);

      if (chance >= params->schleicher_threshold)
        return best_of (good, legal, BK_CARD_NONE);
    }

  if (cheat)
    {
      score_world (solver, state, info->seat, horizon, 1.0, legal, score);
      worker->worlds++;
      return best_of (score, legal, preferred);
    }

  for (guint i = 0; i < n_worlds; i++)
    {
      BkHerzlaHand world;

      total_weight += weights[i];
      /* meister: the node budget ends the sampled worlds (never the clock, so a seed
       * gives the same card on any machine). */
      if (meister && i >= params->min_worlds &&
          bk_herzla_solver_get_nodes (solver) - start > params->budget)
        break;
      bk_herzla_info_make_hand (info, &worlds[i], &world);
      score_world (solver, &world, info->seat, horizon, weights[i], legal, score);
      worker->worlds++;
    }
  /* A search cut before the end does not see the high cards still held: a small price
   * for keeping each (in penalty points, a tenth). */
  if (horizon != BK_HERZLA_SOLVE_ALL && state->contract == BK_CONTRACT_NORMAL &&
      params->shed != 0)
    {
      double shed = params->shed * (state->rules.variant == BK_HERZLA_EINFACH ? 0.1 : 1.0);

      for (BkHand rest = legal; rest; rest &= rest - 1)
        score[bk_hand_first (rest)] += total_weight * shed *
                                       bk_herzla_natural (bk_hand_first (rest));
    }
  return best_of (score, legal, preferred);
}

/* The chance that @seat makes @contract if he bids it now (H3), over the level's worlds
 * (cheat: the true deal), with the contract solver. */
double
bk_herzla_player_contract_chance (const BkHerzlaPlayerParams *params,
                                  const BkHerzlaHand         *state,
                                  guint                       seat,
                                  BkContract                  contract,
                                  guint64                     seed)
{
  Worker *worker = worker_get ();
  g_autofree BkHerzlaWorld *worlds = g_new (BkHerzlaWorld, MAX_WORLDS);
  g_autofree double *weights = g_new (double, MAX_WORLDS);
  BkAction bid = bk_action_make (BK_ACTION_BID, (BkSeat) seat, contract);
  BkHerzlaInfo info;
  double made = 0, total = 0;
  guint n_worlds;
  BkRng rng;

  g_return_val_if_fail (state->step == BK_HERZLA_STEP_BID && state->to_act == seat, 0);

  if (params->level == BK_HERZLA_LEVEL_CHEAT)
    {
      BkHerzlaHand world = *state;

      world.n_history = 0;
      bk_herzla_hand_apply_unchecked (&world, &bid);
      worker->worlds++;
      return bk_herzla_solver_contract (worker->solver, &world, NULL) ? 1.0 : 0.0;
    }

  bk_herzla_info_init (&info, state, seat);
  bk_rng_init (&rng, seed, seat + 16u * contract);
  n_worlds = gather_worlds (params, &info, params->bid_worlds,
                            params->level == BK_HERZLA_LEVEL_MEISTER, FALSE, &rng, worlds,
                            weights);
  for (guint i = 0; i < n_worlds; i++)
    {
      BkHerzlaHand world;

      bk_herzla_info_make_hand (&info, &worlds[i], &world);
      world.n_history = 0;
      bk_herzla_hand_apply_unchecked (&world, &bid);
      total += weights[i];
      if (bk_herzla_solver_contract (worker->solver, &world, NULL))
        made += weights[i];
      worker->worlds++;
    }
  return total > 0 ? made / total : 0;
}

/* H3: Beddl or Mord when the chance of making it pays: a contract wins or loses 80 cents
 * from each of three (±240), against what the normal game is worth to such a hand
 * (docs/ai.md). Hands far from either contract are not searched. */
static guint
search_bid (const BkHerzlaPlayerParams *params,
            const BkHerzlaHand         *state,
            const BkHerzlaInfo         *info,
            guint64                     seed)
{
  BkHerzlaVariant variant = state->rules.variant;
  gboolean vorhand = info->seat == bk_herzla_hand_vorhand (state);
  double beddl = 0, mord = 0;

  if (params->level == BK_HERZLA_LEVEL_CHEAT || bk_herzla_beddl_danger (info->own, variant) <= 4)
    beddl = bk_herzla_player_contract_chance (params, state, info->seat, BK_CONTRACT_BEDDL,
                                              seed);
  if (params->level == BK_HERZLA_LEVEL_CHEAT ||
      bk_herzla_mord_danger (info->own, variant, vorhand) <= 4)
    mord = bk_herzla_player_contract_chance (params, state, info->seat, BK_CONTRACT_MORD, seed);
  if (beddl >= params->beddl_threshold && beddl - params->beddl_threshold >=
      mord - params->mord_threshold)
    return BK_CONTRACT_BEDDL;
  if (mord >= params->mord_threshold)
    return BK_CONTRACT_MORD;
  return BK_CONTRACT_NORMAL;
}

/* The action of @seat, whose turn it is in @state. */
void
bk_herzla_player_decide (const BkHerzlaPlayerParams *params,
                         const BkHerzlaHand         *state,
                         guint                       seat,
                         guint64                     seed,
                         BkAction                   *action)
{
  BkHerzlaInfo info;
  BkHand legal;
  BkRng rng;

  g_return_if_fail (params != NULL && state != NULL && action != NULL);
  g_return_if_fail (state->step != BK_HERZLA_STEP_OVER && state->to_act == seat);

  /* The random level is the engine's random player (the benchmarks' and tests' too). */
  if (params->level == BK_HERZLA_LEVEL_RANDOM)
    {
      bk_herzla_random_action (state, seed, action);
      return;
    }
  bk_rng_init (&rng, seed, seat);
  if (state->step == BK_HERZLA_STEP_BID)
    {
      guint bid;

      bk_herzla_info_init (&info, state, seat);
      bid = params->level == BK_HERZLA_LEVEL_HEURISTIC ? heuristic_bid (&info)
                                                       : search_bid (params, state, &info, seed);
      *action = bk_action_make (BK_ACTION_BID, (BkSeat) seat, bid);
      return;
    }

  legal = bk_herzla_hand_legal (state);
  bk_herzla_info_init (&info, state, seat);
  if (bk_hand_count (legal) == 1 || params->level == BK_HERZLA_LEVEL_HEURISTIC)
    {
      *action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, heuristic_card (&info, legal));
      return;
    }
  *action = bk_action_make (BK_ACTION_PLAY, (BkSeat) seat,
                            search_card (params,
                                         params->level == BK_HERZLA_LEVEL_CHEAT ? state
                                                                                : &info.public_hand,
                                         &info, legal, seed));
}
