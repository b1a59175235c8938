/* bk-herzla-strategy.c: the Herzla computer players, one class for every level; see
 * bk-herzla-strategy.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-enums.h"
#include "bk-herzla-strategy.h"

struct _BkHerzlaStrategy
{
  GObject              parent_instance;

  BkHerzlaLevel        level;
  BkHerzlaPlayerParams params;
};

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_WORLDS,
  PROP_MIN_WORLDS,
  PROP_BUDGET,
  PROP_ALL_WORLDS,
  PROP_BID_WORLDS,
  PROP_BEDDL_THRESHOLD,
  PROP_MORD_THRESHOLD,
  PROP_SCHLEICHER_THRESHOLD,
  PROP_HORIZON,
  PROP_EXACT_CARDS,
  PROP_SHED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void bk_herzla_strategy_iface_init (BkStrategyInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkHerzlaStrategy, bk_herzla_strategy, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_STRATEGY,
                                                      bk_herzla_strategy_iface_init))

BkStrategy *
bk_herzla_strategy_new (BkHerzlaLevel level)
{
  return g_object_new (BK_TYPE_HERZLA_STRATEGY, "level", level, NULL);
}

BkHerzlaLevel
bk_herzla_strategy_get_level (BkHerzlaStrategy *self)
{
  g_return_val_if_fail (BK_IS_HERZLA_STRATEGY (self), BK_HERZLA_LEVEL_RANDOM);
  return self->level;
}

/* The parameters of the level, as set; no state is kept between decisions, so one object
 * may decide for several games on several threads. */
void
bk_herzla_strategy_get_params (BkHerzlaStrategy     *self,
                               BkHerzlaPlayerParams *params)
{
  g_return_if_fail (BK_IS_HERZLA_STRATEGY (self));
  *params = self->params;
  params->level = self->level;
}

/* @hand is the module's BkHerzlaHand. */
static void
bk_herzla_strategy_decide (BkStrategy         *strategy,
                           const BkGameModule *module,
                           gconstpointer       hand,
                           guint               seat,
                           guint64             seed,
                           BkAction           *action)
{
  BkHerzlaPlayerParams params;

  g_return_if_fail (module->kind == BK_GAME_HERZLA);

  bk_herzla_strategy_get_params (BK_HERZLA_STRATEGY (strategy), &params);
  bk_herzla_player_decide (&params, hand, seat, seed, action);
}

static void
bk_herzla_strategy_iface_init (BkStrategyInterface *iface)
{
  /* Herzla has no offers to answer: answer_offer stays NULL (never). */
  iface->decide = bk_herzla_strategy_decide;
}

static void
bk_herzla_strategy_constructed (GObject *object)
{
  BkHerzlaStrategy *self = BK_HERZLA_STRATEGY (object);

  G_OBJECT_CLASS (bk_herzla_strategy_parent_class)->constructed (object);
  /* The level (construct-only) is set now; the parameters' properties are set after this,
   * over the level's defaults. */
  bk_herzla_player_params_init (&self->params, self->level);
}

static void
bk_herzla_strategy_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BkHerzlaStrategy *self = BK_HERZLA_STRATEGY (object);
  BkHerzlaPlayerParams *p = &self->params;

  switch (prop_id)
    {
    case PROP_LEVEL: g_value_set_enum (value, (gint) self->level); break;
    case PROP_WORLDS: g_value_set_uint (value, p->worlds); break;
    case PROP_MIN_WORLDS: g_value_set_uint (value, p->min_worlds); break;
    case PROP_BUDGET: g_value_set_uint (value, (guint) p->budget); break;
    case PROP_ALL_WORLDS: g_value_set_uint (value, p->all_worlds); break;
    case PROP_BID_WORLDS: g_value_set_uint (value, p->bid_worlds); break;
    case PROP_BEDDL_THRESHOLD: g_value_set_double (value, p->beddl_threshold); break;
    case PROP_MORD_THRESHOLD: g_value_set_double (value, p->mord_threshold); break;
    case PROP_SCHLEICHER_THRESHOLD: g_value_set_double (value, p->schleicher_threshold); break;
    case PROP_HORIZON: g_value_set_uint (value, p->horizon); break;
    case PROP_EXACT_CARDS: g_value_set_uint (value, p->exact_cards); break;
    case PROP_SHED: g_value_set_double (value, p->shed); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_herzla_strategy_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BkHerzlaStrategy *self = BK_HERZLA_STRATEGY (object);
  BkHerzlaPlayerParams *p = &self->params;

  switch (prop_id)
    {
    case PROP_LEVEL: self->level = (BkHerzlaLevel) g_value_get_enum (value); break;
    case PROP_WORLDS: p->worlds = g_value_get_uint (value); break;
    case PROP_MIN_WORLDS: p->min_worlds = g_value_get_uint (value); break;
    case PROP_BUDGET: p->budget = g_value_get_uint (value); break;
    case PROP_ALL_WORLDS: p->all_worlds = g_value_get_uint (value); break;
    case PROP_BID_WORLDS: p->bid_worlds = g_value_get_uint (value); break;
    case PROP_BEDDL_THRESHOLD: p->beddl_threshold = g_value_get_double (value); break;
    case PROP_MORD_THRESHOLD: p->mord_threshold = g_value_get_double (value); break;
    case PROP_SCHLEICHER_THRESHOLD: p->schleicher_threshold = g_value_get_double (value); break;
    case PROP_HORIZON: p->horizon = g_value_get_uint (value); break;
    case PROP_EXACT_CARDS: p->exact_cards = g_value_get_uint (value); break;
    case PROP_SHED: p->shed = g_value_get_double (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_herzla_strategy_class_init (BkHerzlaStrategyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  object_class->constructed = bk_herzla_strategy_constructed;
  object_class->get_property = bk_herzla_strategy_get_property;
  object_class->set_property = bk_herzla_strategy_set_property;

  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL, BK_TYPE_HERZLA_LEVEL, BK_HERZLA_LEVEL_RANDOM,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORLDS] =
    g_param_spec_uint ("worlds", NULL, NULL, 1, 256, 12, flags);
  properties[PROP_MIN_WORLDS] =
    g_param_spec_uint ("min-worlds", NULL, NULL, 1, 256, 8, flags);
  properties[PROP_BUDGET] =
    g_param_spec_uint ("budget", NULL, NULL, 0, G_MAXUINT, 300000, flags);
  properties[PROP_ALL_WORLDS] =
    g_param_spec_uint ("all-worlds", NULL, NULL, 0, 256, 160, flags);
  properties[PROP_BID_WORLDS] =
    g_param_spec_uint ("bid-worlds", NULL, NULL, 1, 256, 24, flags);
  properties[PROP_BEDDL_THRESHOLD] =
    g_param_spec_double ("beddl-threshold", NULL, NULL, 0, 2, 0.6, flags);
  properties[PROP_MORD_THRESHOLD] =
    g_param_spec_double ("mord-threshold", NULL, NULL, 0, 2, 0.6, flags);
  properties[PROP_SCHLEICHER_THRESHOLD] =
    g_param_spec_double ("schleicher-threshold", NULL, NULL, 0, 2, 0.5, flags);
  /* 0: by the number of players (docs/ai.md). */
  properties[PROP_HORIZON] =
    g_param_spec_uint ("horizon", NULL, NULL, 0, 12, 0, flags);
  properties[PROP_EXACT_CARDS] =
    g_param_spec_uint ("exact-cards", NULL, NULL, 0, 36, 0, flags);
  properties[PROP_SHED] =
    g_param_spec_double ("shed", NULL, NULL, -100, 100, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_herzla_strategy_init (BkHerzlaStrategy *self)
{
}
