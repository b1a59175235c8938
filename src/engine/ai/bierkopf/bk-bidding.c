/* bk-bidding.c: honest words and doubling by expected game points (spec B3, B5, B6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <math.h>

#include "bk-bidding.h"

/* Logistic weights of the strength estimate: P(the speaker's team takes 61 or more) from
 * his own hand alone, fitted to exact solves of random deals by tests/engine/
 * calibrate-talk.c (kurz: 200,000 deals, seed 11; lang: 60,000 deals, seed 12). The
 * features overlap (points, trumps and their square), so single weights mean little. */
static const double strength_weights[2][BK_STRENGTH_N_FEATURES] = {
  /* kurz */
  { -0.450, 0.765, 0.335, 0.034, -0.209, -0.476, -0.010, -0.060,
    -0.451, -0.072, 0.361, 0.136, 0.242, 0.361, -0.001, -0.461,
    0.456, 1.592 },
  /* lang */
  { -1.384, 0.802, 0.365, 0.069, -0.134, -0.372, -0.162, -0.192,
    -0.398, -0.022, 0.362, -0.084, 0.114, 0.439, -0.002, -0.148,
    0.455, 1.378 },
};

/* The cuts that make the words tell the most about the outcome (same tool and deals):
 * in the short game "gut" comes from 16% of the forehand team's hands, whose team then
 * wins 92% of the solved deals, "mittel" 35% (63%), "schlecht" 50% (37%); "kann helfen"
 * 25% of the other team's hands (77%), "kann nicht helfen" 75% (35%). */
static const BkTalkThresholds talk_thresholds[2] = {
  { 0.80, 0.52, 0.61 },
  { 0.78, 0.51, 0.57 },
};

/* What the estimate looks at: the high trumps one by one, the rest of the trumps, the
 * Säue and Zehnen of the plain suits, voids, and whether the speaker leads. */
void
bk_strength_features (const BkRules *rules,
                      BkHand         hand,
                      BkSeat         seat,
                      BkSeat         dealer,
                      double        *f)
{
  BkSeat vorhand = bk_seat_after (dealer, 1);
  const BkGameRules *game = bk_game_rules_get (rules->game);
  static const BkSuit plain[] = { BK_SUIT_EICHEL, BK_SUIT_GRAS, BK_SUIT_SCHELLEN };
  BkHand trumps = hand & game->group_cards[BK_GROUP_TRUMP];
  guint points = 0;

  for (guint i = 0; i < BK_STRENGTH_N_FEATURES; i++)
    f[i] = 0;
  f[0] = 1;
  f[1] = bk_hand_has (hand, BK_CARD (BK_SUIT_EICHEL, BK_RANK_OBER));
  f[2] = bk_hand_has (hand, BK_CARD (BK_SUIT_GRAS, BK_RANK_OBER));
  f[3] = bk_hand_has (hand, BK_CARD (BK_SUIT_HERZ, BK_RANK_OBER));
  f[4] = bk_hand_has (hand, BK_CARD (BK_SUIT_SCHELLEN, BK_RANK_OBER));
  for (guint s = 0; s < BK_N_SUITS; s++)
    f[5] += bk_hand_has (hand, BK_CARD (s, BK_RANK_UNTER));
  f[6] = bk_hand_has (hand, BK_CARD (BK_SUIT_HERZ, BK_RANK_SAU));
  f[7] = bk_hand_has (hand, BK_CARD (BK_SUIT_HERZ, BK_RANK_ZEHN));
  f[8] = bk_hand_has (hand, BK_CARD (BK_SUIT_HERZ, BK_RANK_KOENIG)) +
         bk_hand_has (hand, BK_CARD (BK_SUIT_HERZ, BK_RANK_NEUN));
  f[9] = bk_hand_count (trumps);
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      gboolean sau = bk_hand_has (hand, BK_CARD (plain[i], BK_RANK_SAU));
      gboolean zehn = bk_hand_has (hand, BK_CARD (plain[i], BK_RANK_ZEHN));

      f[10] += sau;
      f[11] += sau && zehn;
      f[12] += zehn && !sau;
      f[13] += (hand & game->group_cards[plain[i]]) == 0;
    }
  f[14] = seat == vorhand;
  for (BkHand rest = hand; rest; rest &= rest - 1)
    points += game->points[bk_hand_first (rest)];
  f[15] = points / 10.0;
  f[16] = bk_seat_team (seat) == bk_seat_team (vorhand);
  f[17] = f[9] * f[9] / 10.0;
}

/* The probability that the team of the holder of @hand wins, from that hand alone. */
double
bk_strength_estimate (const BkRules *rules,
                      BkHand         hand,
                      BkSeat         seat,
                      BkSeat         dealer)
{
  const double *w = strength_weights[rules->bierkopf.variant == BK_VARIANT_LANG];
  double f[BK_STRENGTH_N_FEATURES];
  double z = 0;

  bk_strength_features (rules, hand, seat, dealer, f);
  for (guint i = 0; i < BK_STRENGTH_N_FEATURES; i++)
    z += w[i] * f[i];
  return 1 / (1 + exp (-z));
}

const BkTalkThresholds *
bk_talk_thresholds (const BkRules *rules)
{
  return &talk_thresholds[rules->bierkopf.variant == BK_VARIANT_LANG];
}

/* spec B3.1, B3.2, B3.5: the honest word of @seat about @hand. */
BkWord
bk_talk_word (const BkRules *rules,
              BkHand         hand,
              BkSeat         seat,
              BkSeat         dealer)
{
  const BkTalkThresholds *t = bk_talk_thresholds (rules);
  double p = bk_strength_estimate (rules, hand, seat, dealer);

  if (bk_seat_team (seat) == bk_seat_team (bk_seat_after (dealer, 1)))
    return p >= t->gut ? BK_WORD_GUT : p < t->schlecht ? BK_WORD_SCHLECHT : BK_WORD_MITTEL;
  return p >= t->helfen ? BK_WORD_HELFEN : BK_WORD_NICHT_HELFEN;
}

void
bk_outlook_clear (BkOutlook *outlook)
{
  *outlook = (BkOutlook) { 0 };
}

/* spec B5.1, B5.2: one possible end of the hand, the team taking @team_points. */
void
bk_outlook_add (BkOutlook     *outlook,
                const BkRules *rules,
                guint          team_points,
                double         weight)
{
  guint other = 120 - team_points;
  int level;

  if (team_points == other)
    level = 0;
  else
    {
      guint loser = MIN (team_points, other);

      /* No card is worth nothing in the short game, so no points means no trick. */
      if (rules->bierkopf.scoring == BK_SCORING_LINES && loser == 0)
        level = 3;
      else if (loser < 30)
        level = 2;
      else
        level = 1;
      if (team_points < other)
        level = -level;
    }
  outlook->p[3 + level] += weight;
  outlook->weight += weight;
}

double
bk_outlook_win (const BkOutlook *outlook)
{
  if (outlook->weight <= 0)
    return 0;
  return (outlook->p[4] + outlook->p[5] + outlook->p[6]) / outlook->weight;
}

/* spec B6.1: the expected lines the team gains (negative: the others gain), at
 * @multiplier, with what a coaster can still take as the cap. */
double
bk_outlook_value (const BkOutlook *outlook,
                  guint            multiplier,
                  guint            own_lines_left,
                  guint            their_lines_left)
{
  double value = 0;

  if (outlook->weight <= 0)
    return 0;
  for (int level = 1; level <= 3; level++)
    {
      guint lines = level * multiplier;

      value += outlook->p[3 + level] * MIN (lines, own_lines_left);
      value -= outlook->p[3 - level] * MIN (lines, their_lines_left);
    }
  return value / outlook->weight;
}

/* Whether doubling now gains more than @margin lines per unit of the multiplier; the
 * margin pays for what the others may still learn and answer with a Retour. */
gboolean
bk_outlook_wants_double (const BkOutlook *outlook,
                         const BkInfoSet *info,
                         double           margin)
{
  BkTeam team = bk_seat_team (info->seat);
  guint multiplier = 1u << info->n_doubles;
  guint own = info->lines_left[team], their = info->lines_left[1 - team];
  double gain;

  gain = bk_outlook_value (outlook, 2 * multiplier, own, their) -
         bk_outlook_value (outlook, multiplier, own, their);
  return gain > margin * multiplier;
}

/* A player doubles as if his team's chance were cut at this, with this much noise. */
#define DOUBLE_AT 0.62
#define DOUBLE_SLOPE 8.0
/* A Retour answers the other team's doublings: its caller heard them, and they cost his
 * own estimate this much in log-odds before he raised anyway (as
 * bk_evidence_logit_shift() counts a doubling). */
#define RAISE_SHIFT 1.0

/* The strength a player would see in @hand, moved by what his partner had said. */
static double
seat_strength (const BkInfoSet *info,
               BkHand           hand,
               BkSeat           seat)
{
  double p = bk_strength_estimate (&info->rules, hand, seat, info->dealer);
  double z = log (p / (1 - p));

  switch (info->words[bk_seat_after (seat, 2)])
    {
    case BK_WORD_GUT: case BK_WORD_HELFEN: z += 0.8; break;
    case BK_WORD_SCHLECHT: case BK_WORD_NICHT_HELFEN: z -= 0.8; break;
    default: break;
    }
  return 1 / (1 + exp (-z));
}

/* How likely the others' words and doublings are if @world is the truth, each modelled
 * by our own policies: the honest word of bk_talk_word() (trusted, not blindly), and a
 * Spritze or Retour by a soft cut on the doubler's strength. The seat's own actions and
 * silence tell nothing. */
double
bk_evidence_weight (const BkInfoSet *info,
                    const BkWorld   *world,
                    double           word_trust)
{
  double weight = 1;
  gboolean cards_played = FALSE;

  for (guint i = 0; i < info->n_history; i++)
    {
      const BkAction *action = &info->history[i];
      BkSeat who = (BkSeat) action->seat;
      BkHand dealt = world->hands[who] | info->played[who];

      if (action->type == BK_ACTION_PLAY)
        {
          cards_played = TRUE;
          continue;
        }
      if (who == info->seat)
        continue;

      switch ((BkActionType) action->type)
        {
        case BK_ACTION_TALK:
          if (action->arg != BK_WORD_NONE)
            {
              gboolean forehand_team = bk_seat_team (who) ==
                                       bk_seat_team (bk_seat_after (info->dealer, 1));
              guint choices = forehand_team ? 3 : 2;

              weight *= bk_talk_word (&info->rules, dealt, who, info->dealer) == action->arg
                        ? word_trust : (1 - word_trust) / (choices - 1);
            }
          break;
        case BK_ACTION_DOUBLE:
        case BK_ACTION_PASS:
          {
            double p = seat_strength (info, dealt, who);
            double doubles;

            if (cards_played && action->type == BK_ACTION_DOUBLE)
              {
                /* A Retour: he raised in spite of the other team's doublings. */
                double z = log (p / (1 - p));

                for (guint j = 0; j < i; j++)
                  if (info->history[j].type == BK_ACTION_DOUBLE &&
                      bk_seat_team ((BkSeat) info->history[j].seat) != bk_seat_team (who))
                    z -= RAISE_SHIFT;
                p = 1 / (1 + exp (-z));
              }
            doubles = 1 / (1 + exp (-DOUBLE_SLOPE * (p - DOUBLE_AT)));

            /* A pass after the first card is never recorded: only Retours tell. */
            if (action->type == BK_ACTION_DOUBLE)
              weight *= doubles;
            else if (!cards_played)
              weight *= 1 - doubles;
            break;
          }
        default:
          break;
        }
    }
  return weight;
}

/* The same evidence for a player who does not sample: how far the partner's and the
 * others' words and doublings move his own estimate, in log-odds. */
double
bk_evidence_logit_shift (const BkInfoSet *info)
{
  BkTeam team = bk_seat_team (info->seat);
  double shift = 0;

  for (guint i = 0; i < info->n_history; i++)
    {
      const BkAction *action = &info->history[i];
      BkSeat who = (BkSeat) action->seat;
      double sign = bk_seat_team (who) == team ? 1 : -1;

      if (who == info->seat)
        continue;
      if (action->type == BK_ACTION_TALK)
        switch (action->arg)
          {
          case BK_WORD_GUT: case BK_WORD_HELFEN: shift += 0.8 * sign; break;
          case BK_WORD_SCHLECHT: case BK_WORD_NICHT_HELFEN: shift -= 0.8 * sign; break;
          default: break;
          }
      else if (action->type == BK_ACTION_DOUBLE)
        shift += 1.0 * sign;
    }
  return shift;
}

/* spec B5.2: @outlook with only @keep of its lead believed: of every outcome a share
 * (1 - keep) / 2 goes over to the other team at the simple level (a win that is lost
 * after all, or the other way round), so the win chance moves toward one half,
 * 1/2 + keep (p - 1/2), and no Schneider or Schwarz is made up. */
void
bk_outlook_doubt (BkOutlook *outlook,
                  double     keep)
{
  double doubted = (1 - keep) / 2, won = 0, lost = 0;

  for (int level = 1; level <= 3; level++)
    {
      won += doubted * outlook->p[3 + level];
      lost += doubted * outlook->p[3 - level];
      outlook->p[3 + level] *= 1 - doubted;
      outlook->p[3 - level] *= 1 - doubted;
    }
  outlook->p[3 - 1] += won;
  outlook->p[3 + 1] += lost;
}

/* A Retour (spec B3.6) weighs the same expected game points as a Spritze, with the cap of
 * what the coasters can still take, but
 * - the outlook is doubted, @keep per doubling already made: a raise answers a team that
 *   has shown strength, and the outlooks of solved worlds were measured to be too sure of
 *   themselves just there (docs/ai.md, "Doublings that pay");
 * - the margin grows by RAISE_MARGIN_GROWTH for each raise already made, since the others
 *   answer a raise only when it is bad for us.
 * Doubts @outlook and returns the margin the Retour must beat. */
#define RAISE_MARGIN_GROWTH 0.5

double
bk_outlook_doubt_retour (BkOutlook       *outlook,
                         const BkInfoSet *info,
                         double           keep,
                         double           margin)
{
  bk_outlook_doubt (outlook, pow (keep, info->n_doubles));
  return margin * (1 + RAISE_MARGIN_GROWTH * (info->n_doubles - 1));
}
