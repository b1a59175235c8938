/* bk-meister-strategy.c: PIMC with better worlds.
 *
 * - Weights: each world counts as much as it explains what the others said and doubled,
 *   with our own policies as the model of them (bk_evidence_weight()). Two models of the
 *   others' cards are here too, off by default because neither measured a gain
 *   (docs/ai.md): would the rules of thumb have played that card (play-trust), and what
 *   did the card on the table cost in the solved world (trick-evidence).
 * - Budget: as many worlds as a plan of solving cost by cards left affords; all of them
 *   once few are left (from about the third trick), so no sampling noise.
 * - A card's value is its team's card points plus a share for the lines at stake, so
 *   that a point that wins the hand or saves the Schneider counts more.
 *
 * Every parameter is a construct-only property: decide() only reads the object, so one
 * object may decide for several games on several threads at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <math.h>

#include "bk-alphamu.h"
#include "bk-heuristic-strategy.h"
#include "bk-meister-strategy.h"
#include "bk-pimc.h"

struct _BkMeisterStrategy
{
  BkBaseStrategy parent_instance;

  guint   n_worlds;        /* at most this many worlds for a card */
  guint   enumerate_max;   /* all worlds when there are no more than this */
  double  budget;          /* microseconds of solving a card decision may plan for */
  guint   bidding_worlds;  /* sampled worlds for talk and doubling */
  double  word_trust;      /* how much the others' words are believed, 0..1 */
  double  play_trust;      /* how much the others' cards are taken as evidence, 0..1 */
  double  trick_evidence;  /* per card point a card on the table loses in a world */
  double  lines_weight;    /* card points a line at stake is worth */
  double  double_margin;
  double  retour_margin;
  double  retour_keep;     /* how much of the worlds' lead a Retour believes, per doubling */
  guint   alphamu;         /* αμ instead of PIMC from this many cards in hand down */
};

enum {
  PROP_0,
  PROP_WORLDS,
  PROP_ENUMERATE_MAX,
  PROP_BUDGET,
  PROP_BIDDING_WORLDS,
  PROP_WORD_TRUST,
  PROP_PLAY_TRUST,
  PROP_TRICK_EVIDENCE,
  PROP_LINES_WEIGHT,
  PROP_DOUBLE_MARGIN,
  PROP_RETOUR_MARGIN,
  PROP_RETOUR_KEEP,
  PROP_ALPHAMU,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BkMeisterStrategy, bk_meister_strategy, BK_TYPE_BASE_STRATEGY)

/* What solving one world costs, in microseconds on one core of the reference machine,
 * by the cards left in all hands (bench of bk_solver_move_values(), plus sampling and
 * weighing). Only a plan: the number of worlds must not depend on the clock, so that a
 * seed always gives the same card. */
static double
world_cost (guint cards_left)
{
  static const double cost[] = {
    /*  0 */ 2, 2, 2, 2, 2, 2.2, 2.3, 2.3, 2.6, 2.9,
    /* 10 */ 3.2, 3.4, 5, 6, 8, 11, 22, 23, 31, 35,
    /* 20 */ 100, 90, 135, 150, 550,
  };

  return cost[MIN (cards_left, G_N_ELEMENTS (cost) - 1)];
}

/* How many worlds this decision affords. */
static guint
affordable_worlds (BkMeisterStrategy *self,
                   const BkInfoSet   *info,
                   guint              cap)
{
  guint left = info->n_held[0] + info->n_held[1] + info->n_held[2] + info->n_held[3];
  double n = self->budget / world_cost (left);

  return (guint) CLAMP (n, 1, cap);
}

/* How well @world explains the cards the others played: at each of their cards with a
 * choice, the rules of thumb either pick it (likely) or not (less likely). */
static double
play_evidence (BkMeisterStrategy *self,
               const BkInfoSet   *info,
               const BkWorld     *world)
{
  BkHandState state;
  BkHand dealt[BK_N_SEATS];
  double weight = 1;

  if (self->play_trust <= 0)
    return 1;
  for (guint s = 0; s < BK_N_SEATS; s++)
    dealt[s] = world->hands[s] | info->played[s];
  bk_hand_state_init (&state, &info->rules, info->dealer, dealt,
                      info->lines_left[BK_TEAM_SN], info->lines_left[BK_TEAM_WE]);

  for (guint i = 0; i < info->n_history; i++)
    {
      const BkAction *action = &info->history[i];

      if (action->type == BK_ACTION_PLAY && action->seat != info->seat)
        {
          BkHand legal = bk_hand_state_legal (&state);
          guint n = bk_hand_count (legal);

          if (n > 1)
            {
              BkInfoSet view;
              BkCard guess;

              bk_info_set_init (&view, &state, (BkSeat) action->seat);
              guess = bk_heuristic_choose_card (&view, legal);
              weight *= (1 - self->play_trust) / n + (guess == action->arg ? self->play_trust : 0);
            }
        }
      bk_hand_state_apply_unchecked (&state, action);
    }
  return weight;
}

/* How well @world explains the cards already on the table: a card that costs its
 * player's team many points in this world (solved with all cards open) is unlikely. */
static double
trick_evidence (BkMeisterStrategy *self,
                BkSolver          *solver,
                const BkInfoSet   *info,
                const BkWorld     *world)
{
  const BkTrick *trick = &info->trick;
  double weight = 1;

  if (self->trick_evidence <= 0)
    return 1;
  for (guint j = 0; j < trick->n; j++)
    {
      BkWorld before = *world;
      BkTrick partial = { .leader = trick->leader };
      BkSeat seat = bk_seat_after ((BkSeat) trick->leader, j);
      BkCard cards[BK_N_CARDS];
      guint values[BK_N_CARDS], n, best = 0, played = 0;

      for (guint k = 0; k < trick->n; k++)
        if (k < j)
          partial.cards[partial.n++] = trick->cards[k];
        else
          before.hands[bk_seat_after ((BkSeat) trick->leader, k)] |= BK_HAND_BIT (trick->cards[k]);
      if (bk_hand_count (bk_legal_moves (info->game, &info->rules, before.hands[seat],
                                         &partial)) < 2)
        continue;
      n = bk_solver_move_values (solver, before.hands, &partial, cards, values);
      for (guint k = 0; k < n; k++)
        {
          best = MAX (best, values[k]);
          if (cards[k] == trick->cards[j])
            played = values[k];
        }
      weight *= exp (-self->trick_evidence * (best - played));
    }
  return weight;
}

/* The worlds to think about and their weights: all of them when few are left, else a
 * uniform sample; then weighted by the evidence. Returns how many. */
static guint
weighted_worlds (BkMeisterStrategy *self,
                 BkSolver          *solver,
                 const BkInfoSet   *info,
                 guint64            seed,
                 guint              max,
                 gboolean           use_plays,
                 BkWorld           *worlds,
                 double            *weights)
{
  BkWorldSampler sampler;
  double total = 0;
  guint n;

  bk_world_sampler_init (&sampler, info);
  if (bk_world_sampler_count (&sampler) <= MIN (self->enumerate_max, max))
    n = bk_world_sampler_enumerate (&sampler, worlds, max);
  else
    n = bk_pimc_draw_worlds (info, seed, max, worlds);

  for (guint i = 0; i < n; i++)
    {
      weights[i] = bk_evidence_weight (info, &worlds[i], self->word_trust);
      if (use_plays)
        weights[i] *= play_evidence (self, info, &worlds[i]) *
                      trick_evidence (self, solver, info, &worlds[i]);
      total += weights[i];
    }
  /* Nothing explains what happened (somebody plays unlike any model): count alike. */
  if (total <= 0)
    for (guint i = 0; i < n; i++)
      weights[i] = 1;
  return n;
}

static void
meister_outlook (BkBaseStrategy    *strategy,
                 const BkHandState *state,
                 const BkInfoSet   *info,
                 guint64            seed,
                 BkOutlook         *outlook)
{
  BkMeisterStrategy *self = BK_MEISTER_STRATEGY (strategy);
  guint max = self->bidding_worlds;
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  g_autofree BkWorld *worlds = g_new (BkWorld, max);
  g_autofree double *weights = g_new (double, max);
  guint n = weighted_worlds (self, solver, info, seed, self->bidding_worlds, TRUE, worlds,
                             weights);

  bk_pimc_outlook (solver, info, worlds, weights, n, outlook);
}

static BkCard
meister_card (BkBaseStrategy    *strategy,
              const BkHandState *state,
              const BkInfoSet   *info,
              BkSeat             seat,
              BkHand             legal,
              guint64            seed)
{
  BkMeisterStrategy *self = BK_MEISTER_STRATEGY (strategy);
  guint max = affordable_worlds (self, info, self->n_worlds);
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  g_autofree BkWorld *worlds = g_new (BkWorld, max);
  g_autofree double *weights = g_new (double, max);
  BkCardValues values;
  guint n, own = bk_hand_count (info->own);

  n = weighted_worlds (self, solver, info, seed, max, TRUE, worlds, weights);
  if (own >= 3 && own <= self->alphamu)
    {
      /* Every card but the last one is searched as one over the worlds. */
      bk_alphamu_values (solver, info, worlds, weights, n, own - 1, self->lines_weight,
                         &values);
      return values.n ? bk_card_values_best (&values, info->game) : bk_hand_first (legal);
    }
  bk_card_values_clear (&values);
  for (guint i = 0; i < n; i++)
    if (weights[i] > 0)
      bk_card_values_add_shaped (&values, solver, info, &worlds[i], weights[i],
                                 self->lines_weight);
  if (values.n == 0)
    return bk_hand_first (legal);
  return bk_card_values_best (&values, info->game);
}

static double
meister_margin (BkBaseStrategy *strategy,
                gboolean        retour)
{
  BkMeisterStrategy *self = BK_MEISTER_STRATEGY (strategy);

  return retour ? self->retour_margin : self->double_margin;
}

static double
meister_keep (BkBaseStrategy *strategy)
{
  return BK_MEISTER_STRATEGY (strategy)->retour_keep;
}

static void
bk_meister_strategy_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BkMeisterStrategy *self = BK_MEISTER_STRATEGY (object);

  switch (prop_id)
    {
    case PROP_WORLDS: g_value_set_uint (value, self->n_worlds); break;
    case PROP_ENUMERATE_MAX: g_value_set_uint (value, self->enumerate_max); break;
    case PROP_BUDGET: g_value_set_double (value, self->budget); break;
    case PROP_BIDDING_WORLDS: g_value_set_uint (value, self->bidding_worlds); break;
    case PROP_WORD_TRUST: g_value_set_double (value, self->word_trust); break;
    case PROP_PLAY_TRUST: g_value_set_double (value, self->play_trust); break;
    case PROP_TRICK_EVIDENCE: g_value_set_double (value, self->trick_evidence); break;
    case PROP_LINES_WEIGHT: g_value_set_double (value, self->lines_weight); break;
    case PROP_DOUBLE_MARGIN: g_value_set_double (value, self->double_margin); break;
    case PROP_RETOUR_MARGIN: g_value_set_double (value, self->retour_margin); break;
    case PROP_RETOUR_KEEP: g_value_set_double (value, self->retour_keep); break;
    case PROP_ALPHAMU: g_value_set_uint (value, self->alphamu); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_meister_strategy_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  BkMeisterStrategy *self = BK_MEISTER_STRATEGY (object);

  switch (prop_id)
    {
    case PROP_WORLDS: self->n_worlds = g_value_get_uint (value); break;
    case PROP_ENUMERATE_MAX: self->enumerate_max = g_value_get_uint (value); break;
    case PROP_BUDGET: self->budget = g_value_get_double (value); break;
    case PROP_BIDDING_WORLDS: self->bidding_worlds = g_value_get_uint (value); break;
    case PROP_WORD_TRUST: self->word_trust = g_value_get_double (value); break;
    case PROP_PLAY_TRUST: self->play_trust = g_value_get_double (value); break;
    case PROP_TRICK_EVIDENCE: self->trick_evidence = g_value_get_double (value); break;
    case PROP_LINES_WEIGHT: self->lines_weight = g_value_get_double (value); break;
    case PROP_DOUBLE_MARGIN: self->double_margin = g_value_get_double (value); break;
    case PROP_RETOUR_MARGIN: self->retour_margin = g_value_get_double (value); break;
    case PROP_RETOUR_KEEP: self->retour_keep = g_value_get_double (value); break;
    case PROP_ALPHAMU: self->alphamu = g_value_get_uint (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
uint_property (const char *name,
               guint       minimum,
               guint       maximum,
               guint       value)
{
  return g_param_spec_uint (name, NULL, NULL, minimum, maximum, value,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
double_property (const char *name,
                 double      minimum,
                 double      maximum,
                 double      value)
{
  return g_param_spec_double (name, NULL, NULL, minimum, maximum, value,
                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                              G_PARAM_STATIC_STRINGS);
}

static void
bk_meister_strategy_class_init (BkMeisterStrategyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  BkBaseStrategyClass *base_class = BK_BASE_STRATEGY_CLASS (klass);

  object_class->get_property = bk_meister_strategy_get_property;
  object_class->set_property = bk_meister_strategy_set_property;
  base_class->choose_card = meister_card;
  base_class->outlook = meister_outlook;
  base_class->margin = meister_margin;
  base_class->keep = meister_keep;

  /* The defaults are the measured ones of docs/ai.md. */
  properties[PROP_WORLDS] = uint_property ("worlds", 1, 100000, 3000);
  properties[PROP_ENUMERATE_MAX] = uint_property ("enumerate-max", 0, 100000, 3000);
  properties[PROP_BUDGET] = double_property ("budget", 0, 1e7, 25000);
  properties[PROP_BIDDING_WORLDS] = uint_property ("bidding-worlds", 1, 10000, 60);
  properties[PROP_WORD_TRUST] = double_property ("word-trust", 0.34, 1, 0.9);
  properties[PROP_PLAY_TRUST] = double_property ("play-trust", 0, 1, 0);
  properties[PROP_TRICK_EVIDENCE] = double_property ("trick-evidence", 0, 10, 0);
  properties[PROP_LINES_WEIGHT] = double_property ("lines-weight", 0, 100, 5);
  properties[PROP_DOUBLE_MARGIN] = double_property ("double-margin", -10, 10, 0.15);
  properties[PROP_RETOUR_MARGIN] = double_property ("retour-margin", -10, 10, 0.4);
  properties[PROP_RETOUR_KEEP] = double_property ("retour-keep", 0, 1, BK_RETOUR_KEEP);
  properties[PROP_ALPHAMU] = uint_property ("alphamu", 0, BK_MAX_HAND, 0);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_meister_strategy_init (BkMeisterStrategy *self)
{
}

BkMeisterStrategy *
bk_meister_strategy_new (void)
{
  return g_object_new (BK_TYPE_MEISTER_STRATEGY, NULL);
}

/* For the hand review and hints (bk-review.c): the worlds @self weighs for a decision of
 * @info's seat and their weights, as it decides itself: for a card as many as its budget
 * affords, for a word or a doubling its bidding worlds. Free both arrays with g_free(). */
guint
bk_meister_strategy_worlds (BkMeisterStrategy *self,
                            BkSolver          *solver,
                            const BkInfoSet   *info,
                            guint64            seed,
                            gboolean           for_card,
                            BkWorld          **worlds,
                            double           **weights)
{
  guint max = for_card ? affordable_worlds (self, info, self->n_worlds) : self->bidding_worlds;

  g_return_val_if_fail (BK_IS_MEISTER_STRATEGY (self), 0);

  *worlds = g_new (BkWorld, max);
  *weights = g_new (double, max);
  return weighted_worlds (self, solver, info, seed, max, TRUE, *worlds, *weights);
}
