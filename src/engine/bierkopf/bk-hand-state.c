/* bk-hand-state.c: one hand of Bierkopf, from the deal to the score (spec B2.3-B5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf.h"
#include "bk-error.h"
#include "bk-hand-state.h"

/* spec B2.3: packets of the deal. */
void
bk_deal_from_deck (const BkRules *rules,
                   const BkCard  *deck,
                   BkSeat         dealer,
                   BkHand         hands[BK_N_SEATS])
{
  guint packets[2];
  guint next = 0;

  if (rules->bierkopf.variant == BK_VARIANT_LANG)
    packets[0] = packets[1] = 3;
  else if (rules->bierkopf.packets == BK_PACKETS_2_3)
    packets[0] = 2, packets[1] = 3;
  else
    packets[0] = 3, packets[1] = 2;

  for (guint s = 0; s < BK_N_SEATS; s++)
    hands[s] = 0;
  for (guint p = 0; p < G_N_ELEMENTS (packets); p++)
    for (guint k = 1; k <= BK_N_SEATS; k++)
      for (guint i = 0; i < packets[p]; i++)
        hands[bk_seat_after (dealer, k)] |= BK_HAND_BIT (deck[next++]);
}

gboolean
bk_deal_check (const BkRules  *rules,
               const BkHand    hands[BK_N_SEATS],
               GError        **error)
{
  const BkGameRules *game = bk_bierkopf_rules ();
  BkHand deck = game->deck (rules);
  BkHand seen = 0;
  guint size = bk_rules_hand_size (rules);

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      BkHand foreign = hands[s] & ~deck;
      BkHand twice = hands[s] & seen;

      if (foreign)
        {
          BkCard card = bk_hand_first (foreign);

          /* A bit beyond the 36 cards names no card at all. */
          if (card >= BK_N_CARDS)
            g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                         _("%s holds something that is not a card"),
                         bk_seat_display_name ((BkSeat) s));
          else
            g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                         _("The card %s is not in the pack of this game"),
                         bk_card_to_string (card));
          return FALSE;
        }
      if (twice)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE,
                       _("The card %s is dealt twice"),
                       bk_card_to_string (bk_hand_first (twice)));
          return FALSE;
        }
      if (bk_hand_count (hands[s]) != size)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("%s holds %u cards instead of %u"),
                       bk_seat_display_name ((BkSeat) s), bk_hand_count (hands[s]), size);
          return FALSE;
        }
      seen |= hands[s];
    }
  return TRUE;
}

void
bk_hand_state_init (BkHandState   *state,
                    const BkRules *rules,
                    BkSeat         dealer,
                    const BkHand   hands[BK_N_SEATS],
                    guint          lines_left_sn,
                    guint          lines_left_we)
{
  *state = (BkHandState) { 0 };
  state->game = bk_bierkopf_rules ();
  state->rules = *rules;
  state->dealer = dealer;
  for (guint s = 0; s < BK_N_SEATS; s++)
    state->dealt[s] = state->hands[s] = hands[s];
  state->n_tricks = (guint8) bk_rules_hand_size (rules);
  state->last_doubler = BK_TEAM_NONE;
  state->last_winner = BK_SEAT_NONE;
  state->lines_left[BK_TEAM_SN] = (guint8) MIN (lines_left_sn, 255);
  state->lines_left[BK_TEAM_WE] = (guint8) MIN (lines_left_we, 255);
  state->step = BK_STEP_CONFER_VH;
  state->to_act = bk_hand_state_vorhand (state);
}

BkHand
bk_hand_state_legal (const BkHandState *state)
{
  if (state->step != BK_STEP_PLAY)
    return 0;
  return bk_legal_moves (state->game, &state->rules, state->hands[state->to_act], &state->trick);
}

/* Whose Spritze-or-pass is pending before the first card (B3.1-B3.4). */
BkSeat
bk_hand_state_decider (const BkHandState *state)
{
  switch (state->step)
    {
    case BK_STEP_CONFER_VH:
    case BK_STEP_CONFER_HH:
    case BK_STEP_DOUBLE_VH:
      return bk_seat_after (state->dealer, 1);
    case BK_STEP_CONFER_MH:
    case BK_STEP_CONFER_GEBER:
    case BK_STEP_DOUBLE_MH:
      return bk_seat_after (state->dealer, 2);
    case BK_STEP_DOUBLE_HH:
      return bk_seat_after (state->dealer, 3);
    case BK_STEP_DOUBLE_GEBER:
      return state->dealer;
    default:
      return BK_SEAT_NONE;
    }
}

/* spec B3.6: a single win would already end the Bollen, whoever wins. */
static gboolean
cap_reached (const BkHandState *state)
{
  guint multiplier = bk_hand_state_multiplier (state);

  return multiplier >= state->lines_left[BK_TEAM_SN] &&
         multiplier >= state->lines_left[BK_TEAM_WE];
}

/* spec B3.6: from the second card of the first trick until that trick is complete, or
 * with the house rule until the first card of the last trick. */
static gboolean
in_retour_window (const BkHandState *state)
{
  if (state->step != BK_STEP_PLAY || bk_hand_state_cards_played (state) < 2)
    return FALSE;
  if (state->rules.bierkopf.retour_window == BK_RETOUR_WHOLE_HAND)
    return !(state->tricks_done == state->n_tricks - 1 && state->trick.n > 0);
  return state->tricks_done == 0;
}

gboolean
bk_hand_state_retour_open (const BkHandState *state)
{
  return state->n_doubles > 0 && !state->doubles_locked && in_retour_window (state) &&
         !cap_reached (state);
}

gboolean
bk_hand_state_may_double (const BkHandState *state,
                          BkSeat             seat)
{
  if (bk_hand_state_is_bidding (state))
    return seat == bk_hand_state_decider (state) && !cap_reached (state);
  return bk_hand_state_retour_open (state) && bk_seat_team (seat) != state->last_doubler;
}

static gboolean
check_talk (const BkHandState  *state,
            BkSeat              seat,
            BkWord              word,
            GError            **error)
{
  BkSeat speaker;
  gboolean forehand_team_words;

  switch (state->step)
    {
    case BK_STEP_CONFER_VH: speaker = bk_seat_after (state->dealer, 1); break;
    case BK_STEP_CONFER_HH: speaker = bk_seat_after (state->dealer, 3); break;
    case BK_STEP_CONFER_MH: speaker = bk_seat_after (state->dealer, 2); break;
    case BK_STEP_CONFER_GEBER: speaker = state->dealer; break;
    default:
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("Nobody may talk now: the table talk is only before the first card, "
                     "and only while a team confers"));
      return FALSE;
    }

  if (seat != speaker)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("It is %s’s turn to talk, not %s’s"),
                   bk_seat_display_name (speaker), bk_seat_display_name (seat));
      return FALSE;
    }

  if (word == BK_WORD_NONE)
    return TRUE; /* spec B3.5: staying silent */

  forehand_team_words = state->step <= BK_STEP_CONFER_HH;
  if (forehand_team_words && !(word >= BK_WORD_GUT && word <= BK_WORD_SCHLECHT))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_WORD,
                   _("Forehand’s team may only say good, so-so or bad"));
      return FALSE;
    }
  if (!forehand_team_words && !(word == BK_WORD_HELFEN || word == BK_WORD_NICHT_HELFEN))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_WORD,
                   _("This team may only say “I can help” or “I can’t help”"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_double (const BkHandState  *state,
              BkSeat              seat,
              GError            **error)
{
  if (bk_hand_state_is_bidding (state))
    {
      BkSeat decider = bk_hand_state_decider (state);

      if (seat != decider)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                       _("It is %s’s turn to announce a Spritze or pass, not %s’s"),
                       bk_seat_display_name (decider), bk_seat_display_name (seat));
          return FALSE;
        }
    }
  else if (state->n_doubles == 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP,
                   _("Nobody announced a Spritze, so there is nothing to answer with a "
                     "Retour"));
      return FALSE;
    }
  else if (state->doubles_locked)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP,
                   _("The dealer’s Spritze cannot be answered"));
      return FALSE;
    }
  else if (bk_seat_team (seat) == state->last_doubler)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP,
                   _("%s’s team made the last doubling: only the other team may raise"),
                   bk_seat_display_name (seat));
      return FALSE;
    }
  else if (!in_retour_window (state))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP,
                   state->rules.bierkopf.retour_window == BK_RETOUR_WHOLE_HAND
                   ? _("A Retour is only allowed from the second card of the first trick "
                       "until the last trick begins")
                   : _("A Retour is only allowed from the second card of the first trick "
                       "until that trick is complete"));
      return FALSE;
    }

  if (cap_reached (state))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP,
                   _("No more doubling: at ×%u a single win already ends the Bollen"),
                   bk_hand_state_multiplier (state));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_play (const BkHandState  *state,
            BkSeat              seat,
            BkCard              card,
            GError            **error)
{
  const char *reason;

  if (bk_hand_state_is_bidding (state))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("No card may be played yet: %s has to announce a Spritze or pass"),
                   bk_seat_display_name (bk_hand_state_decider (state)));
      return FALSE;
    }
  if (seat != state->to_act)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                   _("It is %s’s turn to play, not %s’s"),
                   bk_seat_display_name ((BkSeat) state->to_act), bk_seat_display_name (seat));
      return FALSE;
    }
  if (card >= BK_N_CARDS || !bk_hand_has (state->hands[seat], card))
    {
      g_autofree char *name = card < BK_N_CARDS ? bk_card_display_name (card) : g_strdup ("?");

      /* A person may read it: the card by its name, not its code. */
      g_set_error (error, BK_ERROR, BK_ERROR_NOT_IN_HAND,
                   _("%s does not hold %s"), bk_seat_display_name (seat), name);
      return FALSE;
    }
  reason = bk_illegal_reason (state->game, &state->rules, state->hands[seat], &state->trick,
                              card);
  if (reason)
    {
      g_autofree char *name = bk_card_display_name (card);

      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD,
                   /* Translators: "Ten of Bells is not allowed: You must follow with a trump" */
                   _("%s is not allowed: %s"), name, reason);
      return FALSE;
    }
  return TRUE;
}

gboolean
bk_hand_state_check (const BkHandState  *state,
                     const BkAction     *action,
                     GError            **error)
{
  if (action->seat >= BK_N_SEATS)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no such seat"));
      return FALSE;
    }
  if (bk_hand_state_is_over (state))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("The hand is over"));
      return FALSE;
    }

  switch ((BkActionType) action->type)
    {
    case BK_ACTION_TALK:
      return check_talk (state, (BkSeat) action->seat, (BkWord) action->arg, error);
    case BK_ACTION_DOUBLE:
      return check_double (state, (BkSeat) action->seat, error);
    case BK_ACTION_PASS:
      if (!bk_hand_state_is_bidding (state))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                       _("There is nothing to pass: the doubling before the first card is "
                         "over"));
          return FALSE;
        }
      if (action->seat != bk_hand_state_decider (state))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN,
                       _("It is %s’s turn to announce a Spritze or pass, not %s’s"),
                       bk_seat_display_name (bk_hand_state_decider (state)),
                       bk_seat_display_name ((BkSeat) action->seat));
          return FALSE;
        }
      return TRUE;
    case BK_ACTION_PLAY:
      return check_play (state, (BkSeat) action->seat, (BkCard) action->arg, error);
    default:
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("Unknown request"));
      return FALSE;
    }
}

static void
start_play (BkHandState *state)
{
  state->step = BK_STEP_PLAY;
  state->to_act = bk_hand_state_vorhand (state);
  state->trick.n = 0;
  state->trick.leader = state->to_act;
}

static void
pass (BkHandState *state)
{
  switch (state->step)
    {
    case BK_STEP_CONFER_VH:
    case BK_STEP_CONFER_HH:
    case BK_STEP_DOUBLE_VH:
      state->step = BK_STEP_CONFER_MH;
      state->to_act = bk_seat_after (state->dealer, 2);
      break;
    case BK_STEP_CONFER_MH:
    case BK_STEP_CONFER_GEBER:
    case BK_STEP_DOUBLE_MH:
      state->step = BK_STEP_DOUBLE_HH;
      state->to_act = bk_seat_after (state->dealer, 3);
      break;
    case BK_STEP_DOUBLE_HH:
      if (state->rules.bierkopf.dealer_may_double)
        {
          state->step = BK_STEP_DOUBLE_GEBER;
          state->to_act = state->dealer;
        }
      else
        {
          /* spec B3.4: the honour code closes an undoubled bidding. */
          state->words[state->dealer] = BK_WORD_HONOUR;
          start_play (state);
        }
      break;
    case BK_STEP_DOUBLE_GEBER:
      start_play (state);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
talk (BkHandState *state,
      BkSeat       seat,
      BkWord       word)
{
  static const guint8 next_step[] = {
    [BK_STEP_CONFER_VH] = BK_STEP_CONFER_HH,
    [BK_STEP_CONFER_HH] = BK_STEP_DOUBLE_VH,
    [BK_STEP_CONFER_MH] = BK_STEP_CONFER_GEBER,
    [BK_STEP_CONFER_GEBER] = BK_STEP_DOUBLE_MH,
  };

  state->words[seat] = word;
  /* A silent opener gets no answer: he decides at once. */
  if (word == BK_WORD_NONE && state->step == BK_STEP_CONFER_VH)
    state->step = BK_STEP_CONFER_HH;
  else if (word == BK_WORD_NONE && state->step == BK_STEP_CONFER_MH)
    state->step = BK_STEP_CONFER_GEBER;
  state->step = next_step[state->step];
  switch (state->step)
    {
    case BK_STEP_CONFER_HH: state->to_act = bk_seat_after (state->dealer, 3); break;
    case BK_STEP_DOUBLE_VH: state->to_act = bk_seat_after (state->dealer, 1); break;
    case BK_STEP_CONFER_GEBER: state->to_act = state->dealer; break;
    case BK_STEP_DOUBLE_MH: state->to_act = bk_seat_after (state->dealer, 2); break;
    default: g_assert_not_reached ();
    }
}

static void
play (BkHandState *state,
      BkSeat       seat,
      BkCard       card)
{
  BkTrick *trick = &state->trick;

  state->hands[seat] &= ~BK_HAND_BIT (card);
  trick->cards[trick->n++] = card;

  if (trick->n < BK_N_SEATS)
    {
      state->to_act = bk_seat_after (seat, 1);
      return;
    }

  {
    BkSeat winner = bk_seat_after ((BkSeat) trick->leader, bk_trick_winner (state->game, trick));
    BkTeam team = bk_seat_team (winner);

    state->points[team] += (guint8) bk_trick_points (state->game, trick);
    state->tricks_won[team]++;
    state->tricks_done++;
    state->last_trick = *trick;
    state->last_winner = winner;
    trick->n = 0;
    trick->leader = winner;

    if (state->tricks_done == state->n_tricks)
      {
        state->step = BK_STEP_OVER;
        state->to_act = BK_SEAT_NONE;
      }
    else
      state->to_act = winner;
  }
}

void
bk_hand_state_apply_unchecked (BkHandState    *state,
                               const BkAction *action)
{
  if (state->n_history < BK_HAND_HISTORY_MAX)
    state->history[state->n_history++] = *action;

  switch ((BkActionType) action->type)
    {
    case BK_ACTION_TALK:
      talk (state, (BkSeat) action->seat, (BkWord) action->arg);
      break;
    case BK_ACTION_DOUBLE:
      state->n_doubles++;
      state->last_doubler = bk_seat_team ((BkSeat) action->seat);
      if (bk_hand_state_is_bidding (state))
        {
          /* spec B3.4 house rule: the dealer's double cannot be answered. */
          if (state->step == BK_STEP_DOUBLE_GEBER)
            state->doubles_locked = TRUE;
          start_play (state);
        }
      break;
    case BK_ACTION_PASS:
      pass (state);
      break;
    case BK_ACTION_PLAY:
      play (state, (BkSeat) action->seat, (BkCard) action->arg);
      break;
    default:
      g_assert_not_reached ();
    }
}

gboolean
bk_hand_state_apply (BkHandState     *state,
                     const BkAction  *action,
                     GError         **error)
{
  if (!bk_hand_state_check (state, action, error))
    return FALSE;
  bk_hand_state_apply_unchecked (state, action);
  return TRUE;
}

/* spec B5: what the finished hand is worth. */
void
bk_hand_state_score (const BkHandState *state,
                     guint              carry_in,
                     BkHandResult      *result)
{
  const BkRules *rules = &state->rules;
  guint multiplier = bk_hand_state_multiplier (state);
  BkTeam loser;
  guint level;

  *result = (BkHandResult) { 0 };
  for (guint t = 0; t < BK_N_TEAMS; t++)
    {
      result->points[t] = state->points[t];
      result->tricks[t] = state->tricks_won[t];
    }
  result->multiplier = multiplier;
  result->carry_in = carry_in;

  if (state->points[BK_TEAM_SN] == state->points[BK_TEAM_WE])
    {
      /* spec B5.3: 60:60, nobody wins; the tie's value waits for the next winner. */
      result->winner = BK_TEAM_NONE;
      switch (rules->bierkopf.carry)
        {
        case BK_CARRY_ACCUMULATE: result->value = multiplier; break;
        case BK_CARRY_ONE: result->value = 1; break;
        case BK_CARRY_NONE:
        default: result->value = 0; break;
        }
      result->carry_out = carry_in + result->value;
      return;
    }

  result->winner = state->points[BK_TEAM_SN] > 60 ? BK_TEAM_SN : BK_TEAM_WE;
  loser = result->winner == BK_TEAM_SN ? BK_TEAM_WE : BK_TEAM_SN;
  result->schneider = state->points[loser] < 30;
  result->schwarz = rules->bierkopf.schwarz == BK_SCHWARZ_NO_POINTS
                    ? state->points[loser] == 0
                    : state->tricks_won[loser] == 0;

  if (rules->bierkopf.scoring == BK_SCORING_POINTS)
    level = result->schneider ? 2 : 1; /* 91+ is the same as losers under 30 */
  else
    level = result->schwarz ? 3 : result->schneider ? 2 : 1;

  result->value = level * multiplier;
  result->lines = result->value + carry_in;
  result->carry_out = 0;
}
