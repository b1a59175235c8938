/* bk-cli-match.c: `match`, a duplicate match between two levels (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "bk-cli.h"
#include "bk-levels.h"
#include "bk-match.h"

typedef struct {
  double sum;
  double sum_squares;
  guint  n;
} Mean;

static void
mean_add (Mean   *mean,
          double  x)
{
  mean->sum += x;
  mean->sum_squares += x * x;
  mean->n++;
}

/* Mean and half-width of its 95% confidence interval (normal approximation). */
static void
append_mean (GString    *out,
             const char *name,
             const Mean *mean)
{
  double m = mean->n ? mean->sum / mean->n : 0;
  double variance = mean->n > 1 ? (mean->sum_squares - mean->n * m * m) / (mean->n - 1) : 0;

  g_string_append_printf (out, ",\"%s\":{\"mean\":%.3f,\"ci95\":%.3f}", name, m,
                          1.96 * sqrt (MAX (variance, 0) / MAX (mean->n, 1)));
}

/* How often the team of a speaker won after each word (for the thresholds of docs/ai.md),
 * and how Spritze and Retour ended. */
typedef struct {
  guint said[BK_N_WORDS];
  guint won[BK_N_WORDS];
  guint doubles[2];       /* [0] Spritze, [1] Retour and higher */
  guint doubles_won[2];
} TalkStats;

static void
talk_stats_add (TalkStats         *stats,
                const BkHandState *state)
{
  gboolean cards_played = FALSE;

  for (guint i = 0; i < state->n_history; i++)
    {
      const BkAction *action = &state->history[i];
      BkTeam team = bk_seat_team ((BkSeat) action->seat);
      gboolean won = state->points[team] > 60;

      if (action->type == BK_ACTION_PLAY)
        cards_played = TRUE;
      else if (action->type == BK_ACTION_TALK && action->arg < BK_N_WORDS)
        {
          stats->said[action->arg]++;
          stats->won[action->arg] += won;
        }
      else if (action->type == BK_ACTION_DOUBLE)
        {
          /* A doubling after the first card is a Retour (or a raise of one). */
          stats->doubles[cards_played]++;
          stats->doubles_won[cards_played] += won;
        }
    }
}

static double
rate (guint part,
      guint whole)
{
  return whole ? (double) part / whole : 0;
}

static void
append_talk_stats (GString         *out,
                   const TalkStats *stats)
{
  g_string_append (out, ",\"words\":{");
  for (guint w = BK_WORD_GUT; w <= BK_WORD_NICHT_HELFEN; w++)
    g_string_append_printf (out, "%s\"%s\":{\"n\":%u,\"team_won\":%.3f}",
                            w == BK_WORD_GUT ? "" : ",", bk_word_to_string ((BkWord) w),
                            stats->said[w], rate (stats->won[w], stats->said[w]));
  g_string_append_printf (out, "},\"doublings\":{\"spritze\":{\"n\":%u,\"doubler_won\":%.3f},"
                          "\"retour\":{\"n\":%u,\"doubler_won\":%.3f}}",
                          stats->doubles[0], rate (stats->doubles_won[0], stats->doubles[0]),
                          stats->doubles[1], rate (stats->doubles_won[1], stats->doubles[1]));
}

static gboolean
parse_switch (const char  *name,
              const char  *text,
              gboolean    *value)
{
  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "on"))
    *value = TRUE;
  else if (g_str_equal (text, "off"))
    *value = FALSE;
  else
    {
      bk_cli_usage (_("%s takes on or off, not “%s”"), name, text);
      return FALSE;
    }
  return TRUE;
}

int
bk_cli_match (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *level_a = NULL, *level_b = NULL, *talk = NULL, *doubling = NULL;
  gint deals = 100, first = 0;
  gboolean progress = FALSE;
  const GOptionEntry entries[] = {
    { "a", 0, 0, G_OPTION_ARG_STRING, &level_a, N_("The level of team A"), "LEVEL" },
    { "b", 0, 0, G_OPTION_ARG_STRING, &level_b, N_("The level of team B"), "LEVEL" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, N_("How many deals, each played twice"), "N" },
    { "first", 0, 0, G_OPTION_ARG_INT, &first,
      N_("The number of the first deal (to split a long match)"), "N" },
    { "talk", 0, 0, G_OPTION_ARG_STRING, &talk, N_("Table talk: on (default) or off"), "on|off" },
    { "doubling", 0, 0, G_OPTION_ARG_STRING, &doubling,
      N_("Spritze and Retour: on (default) or off"), "on|off" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress,
      N_("Report every hundred deals on standard error"), NULL },
    { NULL }
  };
  g_autoptr (BkStrategy) check_a = NULL, check_b = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  BkMatchOptions match = { 0 };
  Mean card_points = { 0 }, game_points = { 0 };
  TalkStats stats = { 0 };
  guint a_wins = 0;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "match", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (level_a == NULL || level_b == NULL)
    return bk_cli_usage (_("match needs --a and --b"));
  if (deals < 1)
    return bk_cli_usage (_("--deals must be at least 1"));
  if (first < 0)
    return bk_cli_usage (_("--first must not be negative"));
  if (options->rules.game == BK_GAME_HERZLA)
    return bk_cli_herzla_match (options, level_a, level_b, deals, first, progress);
  check_a = bk_strategy_new_for_level (options->rules.game, level_a, &error);
  if (check_a)
    check_b = bk_strategy_new_for_level (options->rules.game, level_b, &error);
  if (check_b == NULL)
    return bk_cli_fail (BK_EXIT_USAGE, error);

  match.rules = options->rules;
  match.seed = options->seed;
  match.talk = match.doubling = TRUE;
  if (!parse_switch ("--talk", talk, &match.talk) ||
      !parse_switch ("--doubling", doubling, &match.doubling))
    return BK_EXIT_USAGE;
  if (options->dry_run)
    return BK_EXIT_OK;

  for (gint i = 0; i < deals; i++)
    {
      BkHandState states[2];
      BkDuplicateResult result;

      /* Unsigned: --first G_MAXINT with more deals must not overflow (0 ≤ first + i < 2³²). */
      bk_match_play_duplicate (&match, (guint) first + (guint) i, level_a, level_b, NULL, NULL, states, &result);
      mean_add (&card_points, result.card_points);
      mean_add (&game_points, result.game_points);
      a_wins += result.a_wins;
      talk_stats_add (&stats, &states[0]);
      talk_stats_add (&stats, &states[1]);
      if (progress && (i + 1) % 100 == 0)
        g_printerr ("%d deals: A − B %.2f card points, %.3f game points per deal\n", i + 1,
                    card_points.sum / card_points.n, game_points.sum / game_points.n);
    }

  g_string_append_printf (out, "{\"a\":\"%s\",\"b\":\"%s\",\"deals\":%d,\"first\":%d,"
                          "\"seed\":%" G_GUINT64_FORMAT ",\"variant\":\"%s\",\"talk\":%s,"
                          "\"doubling\":%s", level_a, level_b, deals, first, options->seed,
                          options->rules.bierkopf.variant == BK_VARIANT_LANG ? "lang" : "kurz",
                          match.talk ? "true" : "false", match.doubling ? "true" : "false");
  append_mean (out, "card_points", &card_points);
  append_mean (out, "game_points", &game_points);
  g_string_append_printf (out, ",\"a_hand_win_rate\":%.3f", rate (a_wins, 2 * deals));
  append_talk_stats (out, &stats);
  g_string_append (out, "}");
  puts (out->str);
  return BK_EXIT_OK;
}
