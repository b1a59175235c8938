/* bk-reason.c: why the Meister plays the card it plays, in facts a player can know.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <math.h>

#include "bk-reason.h"

typedef struct {
  const BkInfoSet   *info;
  const BkGameRules *game;
  BkReason          *reasons;
  guint              n;
} Reasons;

static void
add (Reasons *r,
     BkReason reason)
{
  if (r->n < BK_REASON_MAX)
    r->reasons[r->n++] = reason;
}

static BkReason
reason_new (BkReasonCode code)
{
  return (BkReason) { .code = code, .card = BK_CARD_NONE, .other = BK_CARD_NONE,
                      .seat = BK_N_SEATS, .group = BK_N_GROUPS };
}

/* Whether a seat that plays after the seat in @trick (already holding its card) may hold
 * a card still out that beats the trick's best: only voids shown rule a card out. */
static gboolean
may_be_beaten (const Reasons *r,
               const BkTrick *trick)
{
  const BkInfoSet *info = r->info;
  BkCard best = trick->cards[bk_trick_winner (r->game, trick)];

  for (guint k = trick->n; k < BK_N_SEATS; k++)
    {
      BkSeat later = bk_seat_after ((BkSeat) trick->leader, k);

      for (BkHand rest = info->unseen & ~info->excluded[later]; rest; rest &= rest - 1)
        if (bk_card_beats (r->game, bk_hand_first (rest), best))
          return TRUE;
    }
  return FALSE;
}

/* The highest card still out above @card in its group, or BK_CARD_NONE. */
static BkCard
higher_out (const Reasons *r,
            BkCard         card)
{
  BkHand group = r->game->group_cards[r->game->group[card]] & r->info->unseen;
  BkCard top = BK_CARD_NONE;

  for (; group; group &= group - 1)
    {
      BkCard other = bk_hand_first (group);

      if (r->game->power[other] > r->game->power[card] &&
          (top == BK_CARD_NONE || r->game->power[other] > r->game->power[top]))
        top = other;
    }
  return top;
}

static BkTrick
with_card (const BkTrick *trick,
           BkCard         card)
{
  BkTrick after = *trick;

  after.cards[after.n++] = card;
  return after;
}

/* Whether @seat has shown by his play that he holds no card of @group (not only that none
 * is left to hold). */
static gboolean
shown_void (const BkInfoSet *info,
            BkSeat           seat,
            guint            group)
{
  BkHand cards = info->game->group_cards[group] & info->deck;

  return (info->excluded[seat] & cards) == cards;
}

/* Leading: trumps drawn, a suit the partner can trump, the highest card left. */
static void
explain_lead (Reasons *r,
              BkCard   choice)
{
  const BkInfoSet *info = r->info;
  BkSeat partner = bk_seat_after (info->seat, 2);
  guint group = r->game->group[choice];
  BkTrick trick = with_card (&info->trick, choice);

  if (group == BK_GROUP_TRUMP)
    {
      guint out = bk_hand_count (info->unseen & r->game->group_cards[BK_GROUP_TRUMP]);
      gboolean drawn = bk_info_set_is_void (info, bk_seat_after (info->seat, 1),
                                            BK_GROUP_TRUMP) &&
                       bk_info_set_is_void (info, bk_seat_after (info->seat, 3),
                                            BK_GROUP_TRUMP);

      if (out > 0 && !drawn)
        {
          BkReason reason = reason_new (BK_REASON_DRAW_TRUMPS);

          reason.card = choice;
          reason.count = (int) out;
          add (r, reason);
        }
    }
  else if (shown_void (info, partner, group) &&
           !bk_info_set_is_void (info, partner, BK_GROUP_TRUMP))
    {
      BkReason reason = reason_new (BK_REASON_PARTNER_VOID);

      reason.seat = partner;
      reason.group = (guint8) group;
      add (r, reason);
    }
  if (higher_out (r, choice) == BK_CARD_NONE)
    {
      BkReason reason = reason_new (may_be_beaten (r, &trick) ? BK_REASON_HIGHEST
                                                             : BK_REASON_TAKES_TRICK);

      reason.card = choice;
      reason.group = (guint8) group;
      reason.count = r->game->points[choice];
      add (r, reason);
    }
}

/* Following: the partner's trick, a trick to take, or one lost. */
static void
explain_follow (Reasons *r,
                BkCard   choice,
                BkHand   legal)
{
  const BkInfoSet *info = r->info;
  const BkTrick *trick = &info->trick;
  guint best_at = bk_trick_winner (r->game, trick);
  BkSeat winner = bk_seat_after ((BkSeat) trick->leader, best_at);
  BkCard best = trick->cards[best_at];
  BkTrick after = with_card (trick, choice);
  gboolean takes = bk_trick_winner (r->game, &after) == trick->n;
  guint points = bk_trick_points (r->game, &after);
  guint fewest = G_MAXUINT;
  gboolean can_beat = FALSE;

  for (BkHand rest = legal; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      fewest = MIN (fewest, r->game->points[card]);
      can_beat |= bk_card_beats (r->game, card, best);
    }

  if (winner == bk_seat_after (info->seat, 2) && !takes)
    {
      BkReason reason = reason_new (BK_REASON_PARTNER_WINNING);

      reason.seat = winner;
      reason.other = best;
      reason.count = !may_be_beaten (r, &after);
      add (r, reason);
      if (r->game->points[choice] >= 10)
        {
          reason = reason_new (BK_REASON_SCHMIEREN);
          reason.card = choice;
          reason.count = r->game->points[choice];
          add (r, reason);
        }
      return;
    }
  if (takes)
    {
      BkReason reason = reason_new (may_be_beaten (r, &after) ? BK_REASON_BEATS
                                                             : BK_REASON_TAKES_TRICK);

      reason.card = choice;
      reason.other = best;
      reason.count = (int) points;
      add (r, reason);
      return;
    }
  if (!can_beat)
    {
      BkReason reason = reason_new (BK_REASON_TRICK_LOST);

      reason.seat = winner;
      reason.other = best;
      reason.count = (int) bk_trick_points (r->game, trick);
      add (r, reason);
    }
  if (r->game->points[choice] == fewest)
    {
      BkReason reason = reason_new (BK_REASON_PLAY_LOW);

      reason.card = choice;
      reason.count = r->game->points[choice];
      add (r, reason);
    }
}

/* A card of ten points or more the Meister keeps back while a higher card of its group is
 * still out ("keep the Zehn: the Sau is still out"): the seat's best such card by points. */
static void
explain_keep (Reasons *r,
              BkCard   choice,
              BkHand   legal)
{
  BkCard kept = BK_CARD_NONE, higher = BK_CARD_NONE;

  for (BkHand rest = legal & ~BK_HAND_BIT (choice); rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      BkCard above = higher_out (r, card);

      if (r->game->points[card] < 10 || above == BK_CARD_NONE)
        continue;
      if (kept == BK_CARD_NONE || r->game->points[card] > r->game->points[kept])
        kept = card, higher = above;
    }
  if (kept != BK_CARD_NONE)
    {
      BkReason reason = reason_new (BK_REASON_KEEP);

      reason.card = kept;
      reason.other = higher;
      add (r, reason);
    }
}

/* Leading: a card of ten points or more not led in a suit an opponent has shown he has
 * none of (and may still trump): the first such card. */
static void
explain_avoid (Reasons *r,
               BkCard   choice,
               BkHand   legal)
{
  const BkInfoSet *info = r->info;

  for (BkHand rest = legal & ~BK_HAND_BIT (choice); rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      guint group = r->game->group[card];

      if (group == BK_GROUP_TRUMP || group == r->game->group[choice]
          || r->game->points[card] < 10)
        continue;
      for (guint k = 1; k < BK_N_SEATS; k += 2)
        {
          BkSeat opponent = bk_seat_after (info->seat, k);

          if (shown_void (info, opponent, group)
              && !bk_info_set_is_void (info, opponent, BK_GROUP_TRUMP))
            {
              BkReason reason = reason_new (BK_REASON_OPPONENT_VOID);

              reason.card = card;
              reason.seat = opponent;
              reason.group = (guint8) group;
              add (r, reason);
              return;
            }
        }
    }
}

/**
 * bk_reason_explain:
 * @info: the seat's view at its card (it must be its turn to play)
 * @decision: the Meister's choice and the values of the legal cards
 *   (bk_review_card_options(): best first)
 * @reasons: (out): filled with up to BK_REASON_MAX reasons, the strongest first
 *
 * The reasons name only the seat's own cards, the cards played, the voids shown and the
 * cards still out (which are public: the deck less what the seat has seen).
 *
 * Returns: how many reasons were filled
 */
guint
bk_reason_explain (const BkInfoSet        *info,
                   const BkReviewDecision *decision,
                   BkReason                reasons[BK_REASON_MAX])
{
  Reasons r = { info, info->game, reasons, 0 };
  BkHand legal = bk_legal_moves (info->game, &info->rules, info->own, &info->trick);
  BkCard choice = (BkCard) decision->choice.arg;
  const BkReviewOption *mine = NULL, *next = NULL;

  g_return_val_if_fail (legal & BK_HAND_BIT (choice), 0);

  if (bk_hand_count (legal) == 1)
    {
      BkReason reason = reason_new (BK_REASON_ONLY_CARD);

      reason.card = choice;
      add (&r, reason);
      return r.n;
    }
  if (info->trick.n == 0)
    explain_lead (&r, choice);
  else
    explain_follow (&r, choice, legal);
  explain_keep (&r, choice, legal);
  if (info->trick.n == 0)
    explain_avoid (&r, choice, legal);

  for (guint k = 0; k < decision->n_options; k++)
    if (decision->options[k].action.arg == choice)
      mine = &decision->options[k];
    else if (next == NULL)
      next = &decision->options[k];
  if (mine && next && !isnan (mine->expected) && !isnan (next->expected) &&
      lround (mine->expected - next->expected) >= 1)
    {
      BkReason reason = reason_new (BK_REASON_MARGIN);

      reason.card = choice;
      reason.other = (BkCard) next->action.arg;
      reason.count = (int) lround (mine->expected - next->expected);
      add (&r, reason);
    }
  return r.n;
}

/**
 * bk_reason_advise:
 * @state: a running hand in play
 * @seat: the seat to play; it must be its turn
 * @seed: the hint's seed (the same seed, the same choice as bk_review_hint())
 * @advice: (out): the Meister's card, every card's value and the reasons
 *
 * Only the seat's own information is read: the other hands are never looked at.
 */
gboolean
bk_reason_advise (const BkHandState *state,
                  BkSeat             seat,
                  guint64            seed,
                  BkAdvice          *advice,
                  GError           **error)
{
  BkInfoSet info;

  g_return_val_if_fail (state != NULL && advice != NULL, FALSE);

  *advice = (BkAdvice) { .seat = seat, .choice = BK_CARD_NONE };
  if (!bk_review_card_options (state, seat, seed, &advice->decision, error))
    return FALSE;
  advice->choice = (BkCard) advice->decision.choice.arg;
  bk_info_set_init (&info, state, seat);
  advice->n_reasons = bk_reason_explain (&info, &advice->decision, advice->reasons);
  return TRUE;
}

/**
 * bk_reason_comment:
 * @advice: the advice before the seat's card
 * @played: the card the seat played
 * @comment: (out): whether the Meister agrees, and if not what its card was worth more
 *   and why
 */
void
bk_reason_comment (const BkAdvice  *advice,
                   BkCard           played,
                   BkReasonComment *comment)
{
  double chosen = NAN, value = NAN;

  g_return_if_fail (advice != NULL && comment != NULL);

  *comment = (BkReasonComment) { .played = played, .choice = advice->choice };
  for (guint k = 0; k < advice->decision.n_options; k++)
    {
      BkCard card = (BkCard) advice->decision.options[k].action.arg;

      if (card == advice->choice)
        chosen = advice->decision.options[k].expected;
      if (card == played)
        value = advice->decision.options[k].expected;
    }
  comment->at_stake = isnan (chosen) || isnan (value) ? 0 : MAX (0, chosen - value);
  comment->agreed = played == advice->choice || comment->at_stake < 0.5;
  if (!comment->agreed)
    {
      comment->n_reasons = advice->n_reasons;
      memcpy (comment->reasons, advice->reasons, sizeof advice->reasons);
    }
}
