/* bk-pimc.c: card values and outlooks over solved worlds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-pimc.h"

void
bk_card_values_clear (BkCardValues *values)
{
  *values = (BkCardValues) { 0 };
}

/* Adds one world: every legal card of the seat to act is solved exactly, and valued at
 * its team's card points plus @lines_weight points per line the hand is then worth to the
 * team (won or lost, at the present multiplier, spec B5.2). */
void
bk_card_values_add_shaped (BkCardValues    *values,
                           BkSolver        *solver,
                           const BkInfoSet *info,
                           const BkWorld   *world,
                           double           weight,
                           double           lines_weight)
{
  BkCard cards[BK_N_CARDS];
  guint points[BK_N_CARDS];
  guint n;

  n = bk_solver_move_values (solver, world->hands, &info->trick, cards, points);
  g_assert (n <= BK_MAX_HAND);
  if (values->n == 0)
    {
      values->n = n;
      for (guint i = 0; i < n; i++)
        values->cards[i] = cards[i];
    }
  g_assert (values->n == n);
  for (guint i = 0; i < n; i++)
    {
      g_assert (values->cards[i] == cards[i]);
      values->value[i] += weight * bk_card_value_shaped (info, points[i], lines_weight);
    }
  values->weight += weight;
}

/* What taking @points more card points from here is worth to the team of @info: the
 * points, plus @lines_weight per line the hand is then worth to the team (won or lost,
 * at the present multiplier, spec B5.2). */
double
bk_card_value_shaped (const BkInfoSet *info,
                      guint            points,
                      double           lines_weight)
{
  BkTeam team = bk_seat_team (info->seat);
  BkOutlook end;

  if (lines_weight == 0)
    return points;
  bk_outlook_clear (&end);
  bk_outlook_add (&end, &info->rules, info->points[team] + points, 1);
  return points + lines_weight * bk_outlook_value (&end, 1u << info->n_doubles, G_MAXUINT,
                                                   G_MAXUINT);
}

/* Adds one world, valued in card points alone. */
void
bk_card_values_add_world (BkCardValues    *values,
                          BkSolver        *solver,
                          const BkInfoSet *info,
                          const BkWorld   *world,
                          double           weight)
{
  bk_card_values_add_shaped (values, solver, info, world, weight, 0);
}

/* What a card costs to give up when the worlds see no difference: its points, and its
 * power, trumps dearest. Keeps high trumps and Säue for later. */
double
bk_card_cost (const BkGameRules *game,
              BkCard             card)
{
  double power = game->power[card] + (bk_card_is_trump (game, card) ? 16 : 0);

  return game->points[card] + power / 64.0;
}

/* The card of the best weighted mean; on a tie (within a hundredth of a point) the
 * cheapest to give up. */
BkCard
bk_card_values_best (const BkCardValues *values,
                     const BkGameRules  *game)
{
  guint best = 0;

  g_return_val_if_fail (values->n > 0, BK_CARD_NONE);

  for (guint i = 1; i < values->n; i++)
    {
      double a = values->value[i], b = values->value[best];
      double tolerance = 0.01 * MAX (values->weight, 1e-9);

      if (a > b + tolerance ||
          (a > b - tolerance && bk_card_cost (game, values->cards[i]) <
                                bk_card_cost (game, values->cards[best])))
        best = i;
    }
  return values->cards[best];
}

/* The card points the seat's team ends the hand with in @world, with best play by all
 * from the position of @info on. */
guint
bk_pimc_team_points (BkSolver        *solver,
                     const BkInfoSet *info,
                     const BkWorld   *world)
{
  BkTeam team = bk_seat_team (info->seat);
  guint sn = bk_solver_solve (solver, world->hands, &info->trick, NULL);
  guint rest = 120 - info->points[BK_TEAM_SN] - info->points[BK_TEAM_WE];
  guint from_here = team == BK_TEAM_SN ? sn : rest - sn;

  return info->points[team] + from_here;
}

/* How the hand ends for the seat's team over weighted worlds (NULL weights: equal). */
void
bk_pimc_outlook (BkSolver        *solver,
                 const BkInfoSet *info,
                 const BkWorld   *worlds,
                 const double    *weights,
                 guint            n_worlds,
                 BkOutlook       *outlook)
{
  bk_outlook_clear (outlook);
  for (guint i = 0; i < n_worlds; i++)
    bk_outlook_add (outlook, &info->rules, bk_pimc_team_points (solver, info, &worlds[i]),
                    weights ? weights[i] : 1.0);
}

/* Up to @max uniform worlds (with repetition); one when the seat knows everything. */
guint
bk_pimc_draw_worlds (const BkInfoSet *info,
                     guint64          seed,
                     guint            max,
                     BkWorld         *worlds)
{
  BkWorldSampler sampler;
  BkRng rng;
  guint n = 0;

  bk_world_sampler_init (&sampler, info);
  bk_rng_init (&rng, seed, info->seat);
  if (bk_world_sampler_count (&sampler) <= 1)
    return bk_world_sampler_enumerate (&sampler, worlds, 1);
  while (n < max && bk_world_sampler_draw (&sampler, &rng, &worlds[n]))
    n++;
  return n;
}
