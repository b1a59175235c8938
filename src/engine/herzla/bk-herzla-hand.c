/* bk-herzla-hand.c: one hand of Herzla, from the deal to the payments
 * (docs/rules-herzla.md H2-H6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-herzla-hand.h"

void
bk_herzla_rules_init_default (BkHerzlaRules   *rules,
                              BkHerzlaVariant  variant,
                              guint            n_players)
{
  g_return_if_fail (rules != NULL);

  memset (rules, 0, sizeof *rules);
  rules->variant = variant;
  rules->n_players = (guint8) (variant == BK_HERZLA_VIER ? 4 : n_players);
  rules->packets = BK_HERZLA_PACKETS_4_4;
  rules->heart_lead = BK_HEART_LEAD_EVERY_GAME;
  bk_herzla_pay_rules_init_default (&rules->pay);
  rules->rounds = 0;
  rules->limit = 50;
}

gboolean
bk_herzla_rules_check (const BkHerzlaRules  *rules,
                       GError              **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (rules->variant == BK_HERZLA_VIER && rules->n_players != 4)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                   _("Herzla with Beddl and Mord is a game for four players"));
      return FALSE;
    }
  if (rules->n_players < BK_HERZLA_MIN_PLAYERS || rules->n_players > BK_HERZLA_MAX_PLAYERS)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                   _("Herzla is played by 3 to 8 players, not %u"), rules->n_players);
      return FALSE;
    }
  return TRUE;
}

/* The name of @seat in a message: the compass seats of the four-player game, numbers in
 * the simple form (notation.md "Herzla"). */
static char *
seat_name (const BkHerzlaRules *rules,
           guint                seat)
{
  if (rules->variant == BK_HERZLA_VIER && seat < BK_N_SEATS)
    return g_strdup (bk_seat_display_name ((BkSeat) seat));
  /* Translators: a seat of the simple Herzla for 3 to 8 players, "Player 3". */
  return g_strdup_printf (_("Player %u"), seat + 1);
}

/* H2.1: clockwise from the dealer's left in packets of four or of two; H6.1: the simple
 * form deals its even shares the same way, and the cards left over lie aside. */
void
bk_herzla_deal_from_deck (const BkHerzlaRules *rules,
                          const BkCard        *deck,
                          guint                dealer,
                          BkHand               hands[BK_MAX_SEATS],
                          BkHand              *aside)
{
  guint n = rules->n_players;
  guint size = bk_herzla_hand_size (rules->variant, n);
  guint packet = rules->packets == BK_HERZLA_PACKETS_2_2_2_2 ? 2 : 4;
  guint next = 0;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    hands[s] = 0;
  for (guint dealt = 0; dealt < size; dealt += packet)
    {
      guint count = MIN (packet, size - dealt);

      for (guint k = 1; k <= n; k++)
        for (guint i = 0; i < count; i++)
          hands[(dealer + k) % n] |= BK_HAND_BIT (deck[next++]);
    }

  *aside = 0;
  for (guint i = next; i < bk_hand_count (bk_herzla_deck (rules->variant)); i++)
    *aside |= BK_HAND_BIT (deck[i]);
}

gboolean
bk_herzla_deal_check (const BkHerzlaRules  *rules,
                      const BkHand          hands[BK_MAX_SEATS],
                      BkHand                aside,
                      GError              **error)
{
  BkHand deck, seen = aside;
  guint size;

  if (!bk_herzla_rules_check (rules, error))
    return FALSE;

  deck = bk_herzla_deck (rules->variant);
  size = bk_herzla_hand_size (rules->variant, rules->n_players);
  for (guint s = 0; s <= rules->n_players; s++)
    {
      /* The last round looks at the cards laid aside. */
      BkHand cards = s < rules->n_players ? hands[s] : aside;
      BkHand foreign = cards & ~deck;
      BkHand twice = s < rules->n_players ? cards & seen : 0;

      if (foreign)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("A card of the deal is not in the pack of this game"));
          return FALSE;
        }
      if (twice)
        {
          g_autofree char *card = bk_card_display_name (bk_hand_first (twice));
          g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE, _("The card %s is dealt twice"), card);
          return FALSE;
        }
      if (s < rules->n_players && bk_hand_count (cards) != size)
        {
          g_autofree char *name = seat_name (rules, s);
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("%s holds %u cards instead of %u"), name, bk_hand_count (cards), size);
          return FALSE;
        }
      if (s < rules->n_players)
        seen |= cards;
    }
  if (bk_hand_count (aside) != bk_herzla_n_aside (rules->variant, rules->n_players))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                   _("%u cards should lie aside, not %u"),
                   bk_herzla_n_aside (rules->variant, rules->n_players), bk_hand_count (aside));
      return FALSE;
    }
  return TRUE;
}

/* H2.2: Vorhand bids first and leads to the first trick; H6.2: no bidding in the simple
 * form. The deal must have passed bk_herzla_deal_check(). */
void
bk_herzla_hand_init (BkHerzlaHand        *state,
                     const BkHerzlaRules *rules,
                     guint                dealer,
                     const BkHand         hands[BK_MAX_SEATS],
                     BkHand               aside)
{
  g_return_if_fail (state != NULL && rules != NULL);
  g_return_if_fail (dealer < rules->n_players);

  memset (state, 0, sizeof *state);
  state->rules = *rules;
  for (guint s = 0; s < rules->n_players; s++)
    state->dealt[s] = state->hands[s] = hands[s];
  state->aside = aside;
  state->dealer = (guint8) dealer;
  state->to_act = (guint8) bk_herzla_hand_vorhand (state);
  state->step = rules->variant == BK_HERZLA_VIER ? BK_HERZLA_STEP_BID : BK_HERZLA_STEP_PLAY;
  state->contract = BK_CONTRACT_NORMAL;
  state->declarer = BK_HERZLA_SEAT_NONE;
  state->tricks_in_hand = (guint8) bk_herzla_hand_size (rules->variant, rules->n_players);
  state->trick.leader = state->to_act;
  state->last_winner = BK_HERZLA_SEAT_NONE;
}

static gboolean
heart_lead_closed (const BkHerzlaHand *state)
{
  return bk_herzla_heart_lead_closed (state->rules.heart_lead, (BkContract) state->contract,
                                      state->tricks_done);
}

/* The cards the seat to act may play now; none while bidding or after the hand. */
BkHand
bk_herzla_hand_legal (const BkHerzlaHand *state)
{
  g_return_val_if_fail (state != NULL, 0);

  if (state->step != BK_HERZLA_STEP_PLAY)
    return 0;
  return bk_herzla_legal (state->hands[state->to_act], &state->trick, heart_lead_closed (state));
}

/* Why the seat to act may not play @card now; NULL when it may. */
const char *
bk_herzla_hand_reason (const BkHerzlaHand *state,
                       BkCard              card)
{
  g_return_val_if_fail (state != NULL, NULL);

  return bk_herzla_illegal_reason (state->hands[state->to_act], &state->trick,
                                   heart_lead_closed (state), card, bk_card_get_display_style ());
}

static gboolean
check_turn (const BkHerzlaHand  *state,
            guint                seat,
            GError             **error)
{
  g_autofree char *due = NULL;
  g_autofree char *asked = NULL;

  if (seat == state->to_act)
    return TRUE;
  due = seat_name (&state->rules, state->to_act);
  asked = seat_name (&state->rules, seat);
  g_set_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN, _("It is %s’s turn, not %s’s"), due, asked);
  return FALSE;
}

gboolean
bk_herzla_hand_check (const BkHerzlaHand  *state,
                      const BkAction      *action,
                      GError             **error)
{
  const char *reason;

  g_return_val_if_fail (state != NULL && action != NULL, FALSE);

  if (action->seat >= state->rules.n_players)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("There is no such seat"));
      return FALSE;
    }
  if (state->step == BK_HERZLA_STEP_OVER)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("The hand is over"));
      return FALSE;
    }

  switch (action->type)
    {
    case BK_ACTION_BID:
      if (state->step != BK_HERZLA_STEP_BID)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                       state->rules.variant == BK_HERZLA_VIER
                       ? _("The bidding is over") : _("The simple Herzla has no bidding"));
          return FALSE;
        }
      if (action->arg >= BK_N_CONTRACTS)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_WORD,
                       _("A bid is Beddl, Mord or weiter"));
          return FALSE;
        }
      return check_turn (state, action->seat, error);

    case BK_ACTION_PLAY:
      if (state->step == BK_HERZLA_STEP_BID)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                       _("No card may be played before the bidding is over"));
          return FALSE;
        }
      if (!check_turn (state, action->seat, error))
        return FALSE;
      if (action->arg >= BK_N_CARDS || !bk_hand_has (state->hands[action->seat], action->arg))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_NOT_IN_HAND, _("You do not hold that card"));
          return FALSE;
        }
      reason = bk_herzla_hand_reason (state, (BkCard) action->arg);
      if (reason)
        {
          g_autofree char *card = bk_card_display_name ((BkCard) action->arg);
          g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD,
                       /* Translators: "Ace of Hearts is not allowed: You must follow suit" */
                       _("%s is not allowed: %s"), card, reason);
          return FALSE;
        }
      return TRUE;

    default:
      /* Another game's kind of request (e.g. Bierkopf's talk or doubling). */
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("Herzla has no table talk and no doubling"));
      return FALSE;
    }
}

/* H3.1: the first bid in seat order stands; H3.2: four passes, the normal game. */
static void
apply_bid (BkHerzlaHand *state,
           guint         seat,
           BkContract    bid)
{
  state->n_bids++;
  if (bid != BK_CONTRACT_NORMAL)
    {
      state->contract = (guint8) bid;
      state->declarer = (guint8) seat;
    }
  if (bid != BK_CONTRACT_NORMAL || state->n_bids == state->rules.n_players)
    {
      state->step = BK_HERZLA_STEP_PLAY;
      state->to_act = (guint8) bk_herzla_hand_vorhand (state);
    }
  else
    state->to_act = (guint8) ((seat + 1) % state->rules.n_players);
}

/* H4.1 the trick; H4.3, H4.4 a contract that breaks ends the hand at once. */
static void
apply_card (BkHerzlaHand *state,
            guint         seat,
            BkCard        card)
{
  const BkGameRules *game = bk_herzla_rules ();
  guint n = state->rules.n_players;
  guint winner;

  state->hands[seat] &= ~BK_HAND_BIT (card);
  state->trick.cards[state->trick.n++] = card;
  if (state->trick.n < n)
    {
      state->to_act = (guint8) ((seat + 1) % n);
      return;
    }

  winner = (state->trick.leader + bk_trick_winner (game, &state->trick)) % n;
  state->tricks[winner]++;
  state->hearts[winner] += (guint8) bk_trick_points (game, &state->trick);
  state->last_trick = state->trick;
  state->last_winner = (guint8) winner;
  state->tricks_done++;
  memset (&state->trick, 0, sizeof state->trick);
  state->trick.leader = (guint8) winner;
  state->to_act = (guint8) winner;

  if (bk_herzla_contract_broken ((BkContract) state->contract, state->declarer, winner))
    {
      state->broken = TRUE;
      state->step = BK_HERZLA_STEP_OVER;
    }
  else if (state->tricks_done == state->tricks_in_hand)
    state->step = BK_HERZLA_STEP_OVER;
}

void
bk_herzla_hand_apply_unchecked (BkHerzlaHand   *state,
                                const BkAction *action)
{
  g_assert (state->n_history < BK_HERZLA_HISTORY_MAX);
  state->history[state->n_history++] = *action;

  if (action->type == BK_ACTION_BID)
    apply_bid (state, action->seat, (BkContract) action->arg);
  else
    apply_card (state, action->seat, (BkCard) action->arg);
  if (state->step == BK_HERZLA_STEP_OVER)
    state->to_act = BK_HERZLA_SEAT_NONE;
}

gboolean
bk_herzla_hand_apply (BkHerzlaHand    *state,
                      const BkAction  *action,
                      GError         **error)
{
  if (!bk_herzla_hand_check (state, action, error))
    return FALSE;
  bk_herzla_hand_apply_unchecked (state, action);
  return TRUE;
}

/* What the tricks held, for bk_herzla_pay() (four players) or the penalty points (H6.2). */
void
bk_herzla_hand_tally (const BkHerzlaHand *state,
                      BkHerzlaTally      *tally)
{
  g_return_if_fail (state != NULL && tally != NULL);

  memset (tally, 0, sizeof *tally);
  tally->n_players = state->rules.n_players;
  tally->contract = state->contract;
  tally->declarer = state->declarer;
  tally->tricks_played = state->tricks_done;
  tally->tricks_in_hand = state->tricks_in_hand;
  memcpy (tally->tricks, state->tricks, sizeof tally->tricks);
  memcpy (tally->hearts, state->hearts, sizeof tally->hearts);
}
