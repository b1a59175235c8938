/* bk-heuristic-strategy.c: a pub regular's rules of thumb (spec B4), in the order he
 * thinks of them:
 *
 * - leading: draw trumps when holding the top ones; cash a Sau on the first round of its
 *   suit; lead a suit the partner has shown void in, so he can trump it; with a partner
 *   who said "gut", lead him a trump; else something cheap, never a blank Zehn or the
 *   Herz-Sau/Zehn;
 * - partner's trick safe: schmier the most points he can spare (the Herz-Sau and -Zehn
 *   are best given away like this);
 * - opponents' trick: take it as last player with the card that brings most, earlier
 *   only with a card that cannot be beaten any more and only if the trick is worth it;
 *   otherwise throw the cheapest card.
 *
 * It reads only its own cards and the table (BkInfoSet), like a person would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <math.h>

#include "bk-heuristic-strategy.h"
#include "bk-info-set.h"

/* A Spritze needs this much expected gain per unit of the multiplier. */
#define DOUBLE_MARGIN 0.2
/* A Retour answers a team that showed strength: it must gain more. */
#define RETOUR_MARGIN 0.4

struct _BkHeuristicStrategy
{
  BkBaseStrategy parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHeuristicStrategy, bk_heuristic_strategy, BK_TYPE_BASE_STRATEGY)

static gboolean
is_herz_sau_or_zehn (BkCard card)
{
  return card == BK_CARD (BK_SUIT_HERZ, BK_RANK_SAU) || card == BK_CARD (BK_SUIT_HERZ, BK_RANK_ZEHN);
}

/* What it hurts to give a card away: its points, and for a trump its power. */
static double
throw_cost (const BkGameRules *game,
            BkCard             card)
{
  double cost = game->points[card];

  if (bk_card_is_trump (game, card))
    cost += 4 + game->power[card] * 0.5;
  else
    cost += game->power[card] * 0.05;
  return cost;
}

static BkCard
cheapest (const BkGameRules *game,
          BkHand             cards)
{
  BkCard best = bk_hand_first (cards);

  for (BkHand rest = cards; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (throw_cost (game, card) < throw_cost (game, best))
        best = card;
    }
  return best;
}

/* The cards another seat may still hold. */
static BkHand
possible (const BkInfoSet *info,
          BkSeat           seat)
{
  if (seat == info->seat)
    return info->own;
  return info->unseen & ~info->excluded[seat];
}

/* Whether @card, now best in the trick, stays best whatever the opponents still to play
 * may hold (their known voids taken into account). */
static gboolean
safe_winner (const BkInfoSet *info,
             BkCard           card,
             guint            after_me)
{
  const BkGameRules *game = info->game;
  const BkTrick *trick = &info->trick;
  guint led = trick->n > 0 ? game->group[trick->cards[0]] : game->group[card];
  BkSeat seat = info->seat;

  for (guint k = 1; k <= after_me; k++)
    {
      BkSeat other = bk_seat_after (seat, k);
      BkHand cards = possible (info, other);

      if (bk_seat_team (other) == bk_seat_team (seat))
        continue;
      /* He beats it with a higher card of the led group, or with a trump when void. */
      for (BkHand rest = cards; rest; rest &= rest - 1)
        {
          BkCard c = bk_hand_first (rest);

          if (!bk_card_beats (game, c, card))
            continue;
          if (game->group[c] == led || (cards & game->group_cards[led] & info->deck) == 0 ||
              !bk_info_set_is_void (info, other, led))
            return FALSE;
        }
    }
  return TRUE;
}

/* The best trump still out or in our hand: do we hold it? */
static BkCard
top_trump_out (const BkInfoSet *info)
{
  const BkGameRules *game = info->game;
  BkHand trumps = (info->unseen | info->own) & game->group_cards[BK_GROUP_TRUMP];
  BkCard top = BK_CARD_NONE;

  for (BkHand rest = trumps; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (top == BK_CARD_NONE || game->power[card] > game->power[top])
        top = card;
    }
  return top;
}

static gboolean
partner_is_strong (const BkInfoSet *info)
{
  BkWord word = info->words[bk_seat_after (info->seat, 2)];

  return word == BK_WORD_GUT || word == BK_WORD_HELFEN;
}

static BkCard
lead (const BkInfoSet *info,
      BkHand           legal)
{
  const BkGameRules *game = info->game;
  BkHand trumps = legal & game->group_cards[BK_GROUP_TRUMP];
  BkHand trumps_out = info->unseen & game->group_cards[BK_GROUP_TRUMP];
  BkSeat partner = bk_seat_after (info->seat, 2);
  BkCard top = top_trump_out (info);
  static const BkSuit plain[] = { BK_SUIT_EICHEL, BK_SUIT_GRAS, BK_SUIT_SCHELLEN };
  BkHand played_all = info->played[0] | info->played[1] | info->played[2] | info->played[3];
  BkHand cheap;

  /* Draw trumps while we hold the best one and the others still have some. */
  if (trumps && trumps_out && top != BK_CARD_NONE && bk_hand_has (trumps, top) &&
      (bk_hand_count (trumps) >= 2 || partner_is_strong (info)))
    return top;

  /* A Sau on the first round of its suit, unless an opponent can trump it. */
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      BkCard sau = BK_CARD (plain[i], BK_RANK_SAU);
      BkHand suit = game->group_cards[plain[i]] & info->deck;
      gboolean opponent_void = bk_info_set_is_void (info, bk_seat_after (info->seat, 1),
                                                    plain[i]) ||
                               bk_info_set_is_void (info, bk_seat_after (info->seat, 3),
                                                    plain[i]);

      if (bk_hand_has (legal, sau) && (played_all & suit) == 0 && !opponent_void)
        return sau;
    }

  /* A suit the partner is void in: he trumps it. */
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      BkHand suit = legal & game->group_cards[plain[i]];

      if (suit && bk_info_set_is_void (info, partner, plain[i]) &&
          !bk_info_set_is_void (info, partner, BK_GROUP_TRUMP))
        return cheapest (game, suit);
    }

  /* The partner said he is strong: give him the lead with a small trump. */
  if (partner_is_strong (info) && trumps)
    {
      BkHand small = trumps;

      for (BkHand rest = trumps; rest; rest &= rest - 1)
        if (is_herz_sau_or_zehn (bk_hand_first (rest)))
          small &= ~BK_HAND_BIT (bk_hand_first (rest));
      if (small)
        return cheapest (game, small);
    }

  /* Something cheap: not a blank Zehn, not the Herz-Sau or -Zehn, if it can be helped. */
  cheap = legal;
  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      BkSuit suit = bk_card_suit (card);
      gboolean blank_zehn = !bk_card_is_trump (game, card) && bk_card_rank (card) == BK_RANK_ZEHN &&
                            !bk_hand_has (played_all | legal, BK_CARD (suit, BK_RANK_SAU));

      if (blank_zehn || is_herz_sau_or_zehn (card))
        cheap &= ~BK_HAND_BIT (card);
    }
  return cheapest (game, cheap ? cheap : legal);
}

static BkCard
follow (const BkInfoSet *info,
        BkHand           legal)
{
  const BkGameRules *game = info->game;
  const BkTrick *trick = &info->trick;
  guint winner_index = bk_trick_winner (game, trick);
  BkCard winning = trick->cards[winner_index];
  BkSeat winner = bk_seat_after ((BkSeat) trick->leader, winner_index);
  guint after_me = BK_N_SEATS - 1 - trick->n;
  guint on_table = bk_trick_points (game, trick);
  BkHand winners = 0, safe = 0;

  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (bk_card_beats (game, card, winning))
        {
          winners |= BK_HAND_BIT (card);
          if (safe_winner (info, card, after_me))
            safe |= BK_HAND_BIT (card);
        }
    }

  if (bk_seat_team (winner) == bk_seat_team (info->seat) &&
      (after_me == 0 || safe_winner (info, winning, after_me)))
    {
      /* Partner's trick is safe: schmier what can be spared, a Herz-Sau or -Zehn first. */
      BkCard best = bk_hand_first (legal);
      double best_score = -1e9;

      for (BkHand rest = legal; rest; rest &= rest - 1)
        {
          BkCard card = bk_hand_first (rest);
          double score = game->points[card];

          if (bk_card_is_trump (game, card) && !is_herz_sau_or_zehn (card))
            score -= 4 + game->power[card];
          if (score > best_score)
            {
              best = card;
              best_score = score;
            }
        }
      return best;
    }

  if (bk_seat_team (winner) != bk_seat_team (info->seat) && winners)
    {
      if (after_me == 0)
        {
          /* Last to play: take it with the card that brings most for least power. */
          BkCard best = bk_hand_first (winners);
          double best_score = -1e9;

          for (BkHand rest = winners; rest; rest &= rest - 1)
            {
              BkCard card = bk_hand_first (rest);
              double score = game->points[card] -
                             (bk_card_is_trump (game, card) ? game->power[card] * 0.7 : 0);

              if (score > best_score)
                {
                  best = card;
                  best_score = score;
                }
            }
          return best;
        }
      /* Earlier: only with a card nobody can beat any more, and only for points. */
      if (safe && on_table >= 10)
        {
          BkHand cheap = safe;

          /* The Herz-Sau or -Zehn only when safe: then it brings its own points too. */
          return cheapest (game, cheap);
        }
    }

  return cheapest (game, legal);
}

/* The card of the rules of thumb for the seat of @info; pure, so that the meister level
 * can ask what another player would have done in a world it imagines. */
BkCard
bk_heuristic_choose_card (const BkInfoSet *info,
                          BkHand           legal)
{
  BkCard card;

  g_return_val_if_fail (legal != 0, BK_CARD_NONE);

  if (bk_hand_count (legal) == 1)
    card = bk_hand_first (legal);
  else if (info->trick.n == 0)
    card = lead (info, legal);
  else
    card = follow (info, legal);
  g_assert (bk_hand_has (legal, card));
  return card;
}

static BkCard
heuristic_card (BkBaseStrategy    *self,
                const BkHandState *state,
                const BkInfoSet   *info,
                BkSeat             seat,
                BkHand             legal,
                guint64            seed)
{
  return bk_heuristic_choose_card (info, legal);
}

/* The rules-of-thumb outlook: the strength estimate of the own hand, moved by what the
 * others said and doubled; wins and losses at the simple level. */
static void
heuristic_outlook (BkBaseStrategy    *self,
                   const BkHandState *state,
                   const BkInfoSet   *info,
                   guint64            seed,
                   BkOutlook         *outlook)
{
  double p = bk_strength_estimate (&info->rules, info->own_dealt, info->seat, info->dealer);
  double z = log (p / (1 - p)) + bk_evidence_logit_shift (info);

  p = 1 / (1 + exp (-z));
  bk_outlook_clear (outlook);
  outlook->p[4] = p;
  outlook->p[2] = 1 - p;
  outlook->weight = 1;
}

static void
bk_heuristic_strategy_class_init (BkHeuristicStrategyClass *klass)
{
  BkBaseStrategyClass *base_class = BK_BASE_STRATEGY_CLASS (klass);

  base_class->choose_card = heuristic_card;
  base_class->outlook = heuristic_outlook;
  base_class->double_margin = DOUBLE_MARGIN;
  base_class->retour_margin = RETOUR_MARGIN;
}

static void
bk_heuristic_strategy_init (BkHeuristicStrategy *self)
{
}

BkHeuristicStrategy *
bk_heuristic_strategy_new (void)
{
  return g_object_new (BK_TYPE_HEURISTIC_STRATEGY, NULL);
}
