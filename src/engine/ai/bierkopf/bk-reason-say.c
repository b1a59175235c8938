/* bk-reason-say.c: why the Meister says the word it says, or doubles, before the first
 * card (spec B3): the facts of the seat's own hand and of the table talk, and what the
 * word promises. The choice is the hint's (bk_review_hint()); see bk-reason.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <math.h>

#include "bk-bidding.h"
#include "bk-error.h"
#include "bk-reason.h"

static void
add (BkSayAdvice *advice,
     BkReason     reason)
{
  if (advice->n_reasons < BK_REASON_MAX)
    advice->reasons[advice->n_reasons++] = reason;
}

static BkReason
reason_new (BkReasonCode code)
{
  return (BkReason) { .code = code, .card = BK_CARD_NONE, .other = BK_CARD_NONE,
                      .seat = BK_N_SEATS, .group = BK_N_GROUPS };
}

static int
percent (double p)
{
  return (int) lround (100 * p);
}

/* The trumps in the hand and its highest; the Sauen of the plain suits. */
static void
explain_hand (BkSayAdvice       *advice,
              const BkGameRules *game,
              BkHand             hand)
{
  BkHand trumps = hand & game->group_cards[BK_GROUP_TRUMP];
  BkReason reason = reason_new (BK_REASON_TRUMPS_HELD);
  guint sauen = 0;

  reason.count = (int) bk_hand_count (trumps);
  for (BkHand rest = trumps; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);

      if (reason.card == BK_CARD_NONE || bk_card_beats (game, card, reason.card))
        reason.card = card;
    }
  add (advice, reason);
  for (BkHand rest = hand & ~trumps; rest; rest &= rest - 1)
    sauen += bk_card_rank (bk_hand_first (rest)) == BK_RANK_SAU;
  if (sauen > 0)
    {
      reason = reason_new (BK_REASON_SAUEN_HELD);
      reason.count = (int) sauen;
      add (advice, reason);
    }
}

/* What the Meister's word promises, by the thresholds its computer players say it at. */
static void
explain_word (BkSayAdvice   *advice,
              const BkRules *rules,
              BkWord         word)
{
  const BkTalkThresholds *t = bk_talk_thresholds (rules);
  BkReason reason = reason_new (BK_REASON_WORD_MEANS);

  reason.group = (guint8) word;
  switch (word)
    {
    case BK_WORD_GUT:
      reason.count = percent (t->gut), reason.limit = 100;
      break;
    case BK_WORD_MITTEL:
      reason.count = percent (t->schlecht), reason.limit = percent (t->gut);
      break;
    case BK_WORD_SCHLECHT:
      reason.count = 0, reason.limit = percent (t->schlecht);
      break;
    case BK_WORD_HELFEN:
      reason.count = percent (t->helfen), reason.limit = 100;
      break;
    case BK_WORD_NICHT_HELFEN:
      reason.count = 0, reason.limit = percent (t->helfen);
      break;
    default:
      return;
    }
  add (advice, reason);
}

/* The words the others said, the partner's first. */
static void
explain_said (BkSayAdvice       *advice,
              const BkHandState *state,
              BkSeat             seat)
{
  for (guint k = 2; k < 5; k++)
    {
      BkSeat other = bk_seat_after (seat, k % 4);
      BkWord word = (BkWord) state->words[other];
      BkReason reason = reason_new (BK_REASON_WORD_SAID);

      if (other == seat || word == BK_WORD_NONE || word == BK_WORD_HONOUR)
        continue;
      reason.seat = (guint8) other;
      reason.group = (guint8) word;
      add (advice, reason);
    }
}

/**
 * bk_reason_advise_say:
 * @state: a running hand
 * @seat: the seat to talk or to decide on the Spritze (its turn), or in play a seat that
 *   may say Retour
 * @seed: the hint's seed (the same seed, the same choice as bk_review_hint())
 * @advice: (out): the Meister's word or doubling, the values, and the reasons
 *
 * Only the seat's own information is read: the other hands are never looked at.
 */
gboolean
bk_reason_advise_say (const BkHandState *state,
                      BkSeat             seat,
                      guint64            seed,
                      BkSayAdvice       *advice,
                      GError           **error)
{
  const BkReviewHint *hint;

  g_return_val_if_fail (state != NULL && advice != NULL, FALSE);

  *advice = (BkSayAdvice) { .seat = seat };
  /* in play only a Retour is a word (spec B3.6) */
  if (state->step == BK_STEP_PLAY
      ? !bk_review_retour_hint (state, seat, seed, &advice->hint, error)
      : !bk_review_hint (state, seat, seed, &advice->hint, error))
    return FALSE;
  hint = &advice->hint;
  if (hint->kind == BK_REVIEW_CARD)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   "the seat is to play a card: bk_reason_advise() says why");
      return FALSE;
    }
  explain_hand (advice, state->game, state->hands[seat]);
  if (hint->kind == BK_REVIEW_TALK)
    {
      BkReason reason = reason_new (BK_REASON_WIN_CHANCE);

      reason.count = percent (hint->win_chance);
      add (advice, reason);
      explain_word (advice, &state->rules, (BkWord) hint->choice.arg);
    }
  else
    {
      if (!isnan (hint->win_chance))
        {
          BkReason reason = reason_new (BK_REASON_TEAM_CHANCE);

          reason.count = percent (hint->win_chance);
          add (advice, reason);
        }
      explain_said (advice, state, seat);
    }
  if (hint->kind == BK_REVIEW_DOUBLE && hint->n_options == 2 &&
      !isnan (hint->best[0].expected) && !isnan (hint->best[1].expected))
    {
      BkReason reason = reason_new (BK_REASON_LINES);

      reason.count = (int) lround (10 * (hint->best[0].expected - hint->best[1].expected));
      if (reason.count > 0)
        add (advice, reason);
    }
  return TRUE;
}
