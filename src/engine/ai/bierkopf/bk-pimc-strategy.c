/* bk-pimc-strategy.c: sample hidden hands uniformly among those consistent with the cards
 * played and the voids shown, solve each with all cards open, play the card with the
 * best mean. Talk and doubling from the same worlds (spec B3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-pimc.h"
#include "bk-pimc-strategy.h"

/* A Spritze must gain this many lines per unit of the multiplier (docs/ai.md). */
#define DOUBLE_MARGIN 0.15
/* A Retour answers a team that showed strength: it must gain more. */
#define RETOUR_MARGIN 0.4
#define BIDDING_WORLDS 40

struct _BkPimcStrategy
{
  BkBaseStrategy parent_instance;

  guint   n_worlds; /* read-only after construction: decide() may run on many threads */
};

enum {
  PROP_0,
  PROP_WORLDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BkPimcStrategy, bk_pimc_strategy, BK_TYPE_BASE_STRATEGY)

/* The outlook for talk and doubling: more worlds than for a card, each weighted by how
 * well it explains the words and doublings heard (our own policies as the model). */
static void
pimc_outlook (BkBaseStrategy    *self,
              const BkHandState *state,
              const BkInfoSet   *info,
              guint64            seed,
              BkOutlook         *outlook)
{
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  g_autofree BkWorld *worlds = g_new (BkWorld, BIDDING_WORLDS);
  double weights[BIDDING_WORLDS];
  guint n = bk_pimc_draw_worlds (info, seed, BIDDING_WORLDS, worlds);

  for (guint i = 0; i < n; i++)
    weights[i] = bk_evidence_weight (info, &worlds[i], BK_WORD_TRUST);
  bk_pimc_outlook (solver, info, worlds, weights, n, outlook);
}

static BkCard
pimc_card (BkBaseStrategy    *strategy,
           const BkHandState *state,
           const BkInfoSet   *info,
           BkSeat             seat,
           BkHand             legal,
           guint64            seed)
{
  BkPimcStrategy *self = BK_PIMC_STRATEGY (strategy);
  g_autoptr (BkSolver) solver = bk_solver_new (&info->rules);
  g_autofree BkWorld *worlds = g_new (BkWorld, self->n_worlds);
  guint n = bk_pimc_draw_worlds (info, seed, self->n_worlds, worlds);
  BkCardValues values;

  bk_card_values_clear (&values);
  for (guint i = 0; i < n; i++)
    bk_card_values_add_world (&values, solver, info, &worlds[i], 1.0);
  if (values.n == 0)
    return bk_hand_first (legal);
  return bk_card_values_best (&values, info->game);
}

static void
bk_pimc_strategy_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  BkPimcStrategy *self = BK_PIMC_STRATEGY (object);

  switch (prop_id)
    {
    case PROP_WORLDS:
      g_value_set_uint (value, self->n_worlds);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_pimc_strategy_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  BkPimcStrategy *self = BK_PIMC_STRATEGY (object);

  switch (prop_id)
    {
    case PROP_WORLDS:
      self->n_worlds = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_pimc_strategy_class_init (BkPimcStrategyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  BkBaseStrategyClass *base_class = BK_BASE_STRATEGY_CLASS (klass);

  object_class->get_property = bk_pimc_strategy_get_property;
  object_class->set_property = bk_pimc_strategy_set_property;
  base_class->choose_card = pimc_card;
  base_class->outlook = pimc_outlook;
  base_class->double_margin = DOUBLE_MARGIN;
  base_class->retour_margin = RETOUR_MARGIN;
  base_class->retour_keep = BK_RETOUR_KEEP;

  /* 20 uniform worlds are the reference of the issue. */
  properties[PROP_WORLDS] =
    g_param_spec_uint ("worlds", NULL, NULL, 1, 10000, 20,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_pimc_strategy_init (BkPimcStrategy *self)
{
  self->n_worlds = 20;
}

BkPimcStrategy *
bk_pimc_strategy_new (guint n_worlds)
{
  return g_object_new (BK_TYPE_PIMC_STRATEGY, "worlds", MAX (n_worlds, 1), NULL);
}

guint
bk_pimc_strategy_get_worlds (BkPimcStrategy *self)
{
  g_return_val_if_fail (BK_IS_PIMC_STRATEGY (self), 0);
  return self->n_worlds;
}
