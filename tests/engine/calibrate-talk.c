/* calibrate-talk.c: fits the strength estimate of bk-bidding.c and its talk thresholds.
 *
 *   calibrate-talk kurz|lang DEALS SEED
 *
 * Solves random deals exactly (Vorhand leads), labels every seat's hand with whether its
 * team took 61 or more, fits a logistic model of the hand features by Newton's method and
 * picks the thresholds that make the words tell the most about the outcome (mutual
 * information). Prints the C tables to paste and the win rate behind each word.
 * A development tool: built, never run by the test suite.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bk-bidding.h"
#include "bk-rng.h"
#include "bk-solver.h"

#define N BK_STRENGTH_N_FEATURES

typedef struct {
  double f[N];
  double y;
  double p;
  gboolean forehand_team;
} Sample;

static void
solve_linear (double a[N][N],
              double *b)
{
  for (guint c = 0; c < N; c++)
    {
      guint pivot = c;

      for (guint r = c + 1; r < N; r++)
        if (fabs (a[r][c]) > fabs (a[pivot][c]))
          pivot = r;
      for (guint k = 0; k < N; k++)
        {
          double t = a[c][k];
          a[c][k] = a[pivot][k];
          a[pivot][k] = t;
        }
      {
        double t = b[c];
        b[c] = b[pivot];
        b[pivot] = t;
      }
      for (guint r = 0; r < N; r++)
        {
          double factor;

          if (r == c || a[c][c] == 0)
            continue;
          factor = a[r][c] / a[c][c];
          for (guint k = c; k < N; k++)
            a[r][k] -= factor * a[c][k];
          b[r] -= factor * b[c];
        }
    }
  for (guint c = 0; c < N; c++)
    b[c] = a[c][c] != 0 ? b[c] / a[c][c] : 0;
}

static void
fit (Sample *samples,
     guint   n,
     double *w)
{
  for (guint i = 0; i < N; i++)
    w[i] = 0;
  for (guint iteration = 0; iteration < 25; iteration++)
    {
      double h[N][N] = { { 0 } }, g[N] = { 0 };

      for (guint s = 0; s < n; s++)
        {
          double z = 0, p;

          for (guint i = 0; i < N; i++)
            z += w[i] * samples[s].f[i];
          p = 1 / (1 + exp (-z));
          for (guint i = 0; i < N; i++)
            {
              g[i] += (samples[s].y - p) * samples[s].f[i];
              for (guint j = 0; j < N; j++)
                h[i][j] += p * (1 - p) * samples[s].f[i] * samples[s].f[j];
            }
        }
      for (guint i = 0; i < N; i++)
        h[i][i] += 1e-3 * n; /* a little ridge for features that never vary */
      solve_linear (h, g);
      for (guint i = 0; i < N; i++)
        w[i] += g[i];
    }
  for (guint s = 0; s < n; s++)
    {
      double z = 0;

      for (guint i = 0; i < N; i++)
        z += w[i] * samples[s].f[i];
      samples[s].p = 1 / (1 + exp (-z));
    }
}

static double
entropy2 (double a,
          double b)
{
  double t = a + b, h = 0;

  if (a > 0)
    h -= a / t * log2 (a / t);
  if (b > 0)
    h -= b / t * log2 (b / t);
  return h;
}

/* Mutual information between the word (p cut at the thresholds) and the outcome. */
static double
information (const Sample *samples,
             guint         n,
             gboolean      forehand_team,
             double        low,
             double        high,
             double        won[3],
             double        said[3])
{
  double total = 0, all_won = 0, h = 0;

  for (guint k = 0; k < 3; k++)
    won[k] = said[k] = 0;
  for (guint s = 0; s < n; s++)
    {
      guint word;

      if (samples[s].forehand_team != forehand_team)
        continue;
      word = samples[s].p >= high ? 0 : samples[s].p < low ? 2 : 1;
      said[word]++;
      won[word] += samples[s].y;
      total++;
      all_won += samples[s].y;
    }
  for (guint k = 0; k < 3; k++)
    if (said[k] > 0)
      h += said[k] / total * entropy2 (won[k], said[k] - won[k]);
  return entropy2 (all_won, total - all_won) - h;
}

int
main (int    argc,
      char **argv)
{
  BkRules rules;
  const BkGameRules *game;
  BkCard deck[BK_N_CARDS];
  guint size = 0, n_deals, n = 0;
  g_autoptr (BkSolver) solver = NULL;
  g_autofree Sample *samples = NULL;
  double w[N], best_info = -1, best_low = 0, best_high = 1, best_help = 0.5;
  double won[3], said[3];
  BkRng rng;

  if (argc != 4)
    {
      fprintf (stderr, "usage: calibrate-talk kurz|lang DEALS SEED\n");
      return 2;
    }
  bk_rules_init_default (&rules);
  rules.bierkopf.variant = g_str_equal (argv[1], "lang") ? BK_VARIANT_LANG : BK_VARIANT_KURZ;
  n_deals = (guint) atoi (argv[2]);
  bk_rng_init (&rng, (guint64) atoll (argv[3]), 0);
  game = bk_game_rules_get (rules.game);
  solver = bk_solver_new (&rules);
  samples = g_new (Sample, 4 * (gsize) n_deals);
  for (BkHand all = game->deck (&rules); all; all &= all - 1)
    deck[size++] = bk_hand_first (all);

  for (guint d = 0; d < n_deals; d++)
    {
      BkHand hands[BK_N_SEATS];
      BkSeat dealer = (BkSeat) (d % BK_N_SEATS);
      BkTrick trick = { .leader = bk_seat_after (dealer, 1) };
      guint sn;

      bk_rng_shuffle (&rng, deck, size);
      bk_deal_from_deck (&rules, deck, dealer, hands);
      sn = bk_solver_solve (solver, hands, &trick, NULL);
      for (BkSeat s = BK_SEAT_S; s < BK_N_SEATS; s++)
        {
          guint points = bk_seat_team (s) == BK_TEAM_SN ? sn : 120 - sn;
          Sample *sample = &samples[n++];

          bk_strength_features (&rules, hands[s], s, dealer, sample->f);
          sample->y = points > 60 ? 1 : points == 60 ? 0.5 : 0;
          sample->forehand_team = bk_seat_team (s) == bk_seat_team (bk_seat_after (dealer, 1));
        }
    }

  fit (samples, n, w);
  printf ("  {");
  for (guint i = 0; i < N; i++)
    printf ("%s%.3f,", i % 8 == 0 && i ? "\n    " : " ", w[i]);
  printf (" },\n");

  for (double low = 0.10; low < 0.60; low += 0.01)
    for (double high = low + 0.02; high < 0.95; high += 0.01)
      {
        double info = information (samples, n, TRUE, low, high, won, said);

        if (info > best_info)
          {
            best_info = info;
            best_low = low;
            best_high = high;
          }
      }
  information (samples, n, TRUE, best_low, best_high, won, said);
  printf ("forehand team: gut >= %.2f, schlecht < %.2f; information %.4f bits\n", best_high,
          best_low, best_info);
  for (guint k = 0; k < 3; k++)
    printf ("  %-9s said %5.1f%%, team won %.3f\n", k == 0 ? "gut" : k == 1 ? "mittel" : "schlecht",
            100 * said[k] / (said[0] + said[1] + said[2]), won[k] / MAX (said[k], 1));

  best_info = -1;
  for (double t = 0.10; t < 0.90; t += 0.01)
    {
      double info = information (samples, n, FALSE, t, t, won, said);

      if (info > best_info)
        {
          best_info = info;
          best_help = t;
        }
    }
  information (samples, n, FALSE, best_help, best_help, won, said);
  printf ("other team: helfen >= %.2f; information %.4f bits\n", best_help, best_info);
  printf ("  helfen       said %5.1f%%, team won %.3f\n", 100 * said[0] / (said[0] + said[2]),
          won[0] / MAX (said[0], 1));
  printf ("  nicht-helfen said %5.1f%%, team won %.3f\n", 100 * said[2] / (said[0] + said[2]),
          won[2] / MAX (said[2], 1));
  return 0;
}
