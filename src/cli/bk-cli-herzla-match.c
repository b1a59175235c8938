/* bk-cli-herzla-match.c: `match --game herzla`, a duplicate match of two Herzla levels on
 * pure hands (notation.md `match`, docs/ai.md "Herzla computer players").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "bk-cli.h"
#include "bk-herzla-match.h"
#include "bk-levels.h"

static double
rate (guint part,
      guint whole)
{
  return whole ? (double) part / whole : 0.0;
}

/* How often one side's seat bid each contract and won it, and what its contracts paid. */
static void
append_contracts (GString                 *out,
                  const char              *name,
                  const BkHerzlaDuplicate *sum,
                  guint                    side,
                  guint                    seat_hands)
{
  guint contracts = sum->bid[side][BK_CONTRACT_BEDDL] + sum->bid[side][BK_CONTRACT_MORD];

  g_string_append_printf (out, ",\"%s\":{\"seat_hands\":%u,\"beddl_bid\":%u,"
                          "\"beddl_won\":%u,\"beddl_bid_rate\":%.4f,\"mord_bid\":%u,"
                          "\"mord_won\":%u,\"mord_bid_rate\":%.4f,"
                          "\"contract_mean_cents\":%.2f,\"schleichermord\":%u}",
                          name, seat_hands, sum->bid[side][BK_CONTRACT_BEDDL],
                          sum->won[side][BK_CONTRACT_BEDDL],
                          rate (sum->bid[side][BK_CONTRACT_BEDDL], seat_hands),
                          sum->bid[side][BK_CONTRACT_MORD], sum->won[side][BK_CONTRACT_MORD],
                          rate (sum->bid[side][BK_CONTRACT_MORD], seat_hands),
                          contracts ? (double) sum->contract_cents[side] / contracts : 0.0,
                          sum->schleicher[side]);
}

/* Called by `match` once the options are parsed, with --game herzla. */
int
bk_cli_herzla_match (BkCliOptions *options,
                     const char   *level_a,
                     const char   *level_b,
                     gint          deals,
                     gint          first,
                     gboolean      progress)
{
  const BkHerzlaRules *rules = &options->herzla;
  g_autoptr (BkStrategy) a = NULL, b = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  BkHerzlaDuplicate sum = { 0 };
  double total = 0, squares = 0, mean, variance, a_total = 0, b_total = 0;
  gboolean simple = rules->variant == BK_HERZLA_EINFACH;

  a = bk_strategy_new_for_level (BK_GAME_HERZLA, level_a, &error);
  if (a)
    b = bk_strategy_new_for_level (BK_GAME_HERZLA, level_b, &error);
  if (b == NULL)
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (!bk_herzla_rules_check (rules, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (options->dry_run)
    return BK_EXIT_OK;

  for (gint i = 0; i < deals; i++)
    {
      BkHerzlaDuplicate one;

      bk_herzla_match_duplicate (rules, options->seed, (guint) first + (guint) i, a, b, &one);
      total += one.diff;
      squares += one.diff * one.diff;
      for (guint side = 0; side < 2; side++)
        {
          for (guint c = 0; c < BK_N_CONTRACTS; c++)
            {
              sum.bid[side][c] += one.bid[side][c];
              sum.won[side][c] += one.won[side][c];
            }
          sum.contract_cents[side] += one.contract_cents[side];
          sum.schleicher[side] += one.schleicher[side];
        }
      for (guint s = 0; s < one.n_seats; s++)
        {
          a_total += one.value[0][s];
          b_total += one.value[1][s];
        }
      if (progress && (i + 1) % 100 == 0)
        g_printerr ("%d deals: A − B %.3f per hand\n", i + 1, total / (i + 1));
    }

  mean = total / deals;
  variance = deals > 1 ? (squares - deals * mean * mean) / (deals - 1) : 0;
  g_string_append_printf (out, "{\"game\":\"herzla\",\"a\":\"%s\",\"b\":\"%s\",\"deals\":%d,"
                          "\"first\":%d,\"seed\":%" G_GUINT64_FORMAT ",\"variant\":\"%s\","
                          "\"players\":%u",
                          level_a, level_b, deals, first, options->seed,
                          simple ? "einfach" : "vier", rules->n_players);
  /* A − B per hand in the seat; penalty points: lower is better. */
  g_string_append_printf (out, ",\"%s\":{\"mean\":%.3f,\"ci95\":%.3f}",
                          simple ? "penalty" : "cents", mean,
                          1.96 * sqrt (MAX (variance, 0) / deals));
  g_string_append_printf (out, ",\"a_mean_per_hand\":%.3f,\"b_mean_per_hand\":%.3f",
                          a_total / ((double) deals * rules->n_players),
                          b_total / ((double) deals * rules->n_players));
  if (!simple)
    {
      append_contracts (out, "a_contracts", &sum, 0, (guint) deals * rules->n_players);
      append_contracts (out, "b_contracts", &sum, 1, (guint) deals * rules->n_players);
    }
  g_string_append (out, "}");
  puts (out->str);
  return BK_EXIT_OK;
}
