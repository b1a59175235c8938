/* bk-game-query.c: the view's questions to a session, answered from BkGame's public
 * functions. The only place outside the engine's own files that reads a BkHandState
 * (through bk_bierkopf_game_get_state()), so that how a hand is kept can change in one file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-game-query.h"

void
bk_options_clear (BkOptions *options)
{
  for (guint i = 0; i < options->n; i++)
    {
      g_free (options->options[i].label);
      g_free ((char *) options->options[i].reason);
    }
  options->n = 0;
  options->ask = BK_ASK_NOTHING;
  options->waiting_for_retour = FALSE;
}

/* The option called @id, or NULL. */
const BkOption *
bk_options_find (const BkOptions *options,
                 const char      *id)
{
  g_return_val_if_fail (options != NULL && id != NULL, NULL);

  for (guint i = 0; i < options->n; i++)
    if (g_strcmp0 (options->options[i].id, id) == 0)
      return &options->options[i];
  return NULL;
}

/* The hand as it stands, or NULL before the first deal. (Already while "hand-dealt" is
 * emitted, before the phase is the bidding's.) */
static const BkHandState *
hand_state (BkGame *game)
{
  if (bk_game_get_hand_number (game) == 0)
    return NULL;
  return bk_bierkopf_game_get_state (game);
}

static const BkGameRules *
card_rules (BkGame *game)
{
  return bk_game_rules_get (bk_game_get_rules (game)->game);
}

/* An option that the game itself checks: legal, or why not in its own words. */
static void
add_checked (BkGame     *game,
             BkOptions  *options,
             BkAction    action,
             const char *id,
             const char *label)
{
  BkOption *option;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (options->n < BK_OPTIONS_MAX);
  option = &options->options[options->n++];
  option->action = action;
  option->id = id;
  option->label = g_strdup (label);
  option->legal = bk_hand_state_check (bk_bierkopf_game_get_state (game), &action, &error);
  option->reason = option->legal ? NULL : g_strdup (error->message);
  option->trump = FALSE;
}

static void
add_talk (BkGame    *game,
          BkOptions *options,
          BkSeat     seat,
          BkWord     word,
          const char *label)
{
  add_checked (game, options, bk_action_make (BK_ACTION_TALK, seat, word),
               bk_word_to_string (word), label);
}

/* spec B3.1, B3.2: Vorhand may also decide at once instead of talking; offered only when
 * the game allows it. */
static void
add_decision (BkGame    *game,
              BkOptions *options,
              BkSeat     seat)
{
  BkAction pass = bk_action_make (BK_ACTION_PASS, seat, 0);
  BkAction spritze = bk_action_make (BK_ACTION_DOUBLE, seat, 0);

  if (bk_hand_state_check (bk_bierkopf_game_get_state (game), &pass, NULL))
    add_checked (game, options, pass, "pass", _("_Pass"));
  if (bk_hand_state_check (bk_bierkopf_game_get_state (game), &spritze, NULL))
    add_checked (game, options, spritze, "spritze", _("_Spritze!"));
}

/* spec B4: every card in the hand, legal or with the reason why not (B4.2-B4.4), named in
 * the deck the person sees. */
static void
add_cards (BkGame    *game,
           BkOptions *options,
           BkSeat     seat)
{
  const BkHandState *state = bk_bierkopf_game_get_state (game);
  BkHand legal = bk_game_get_legal (game);
  BkCard cards[BK_N_CARDS];
  guint n = bk_game_get_hand_sorted (game, seat, cards);

  for (guint i = 0; i < n && options->n < BK_OPTIONS_MAX; i++)
    {
      BkOption *option = &options->options[options->n++];
      BkCard card = cards[i];

      option->action = bk_action_make (BK_ACTION_PLAY, seat, card);
      option->id = bk_card_to_string (card);
      option->label = bk_card_display_name (card);
      option->legal = bk_hand_has (legal, card);
      option->reason = option->legal
                       ? NULL
                       : g_strdup (bk_illegal_reason (state->game, &state->rules,
                                                      state->hands[seat], &state->trick,
                                                      card));
      option->trump = bk_card_is_trump (card_rules (game), card);
    }
}

/* spec B3.6 */
static void
add_retour (BkGame    *game,
            BkOptions *options,
            BkSeat     seat)
{
  add_checked (game, options, bk_action_make (BK_ACTION_DOUBLE, seat, 0), "retour",
               _("Retour!"));
}

/* What @seat may do now, each choice with its label (spec B3.1-B3.6, B4): in the table
 * talk the words (and a Spritze or pass where the seat may decide at once); asked for a
 * Spritze, both choices, the Spritze not legal at the cap of B3.6; in play every card in
 * hand, legal or with the reason why not, and a Retour when it is open to the seat.
 * Clear @options with bk_options_clear() after. */
void
bk_game_get_options (BkGame    *game,
                     BkSeat     seat,
                     BkOptions *options)
{
  const BkHandState *state;
  BkPhase phase;

  g_return_if_fail (BK_IS_GAME (game));
  g_return_if_fail (seat < BK_N_SEATS);
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->ask = BK_ASK_NOTHING;
  phase = bk_game_get_phase (game);
  state = hand_state (game);
  if (state == NULL || (phase != BK_PHASE_BIDDING && phase != BK_PHASE_PLAYING))
    return;
  options->waiting_for_retour = bk_game_is_waiting_for_retour (game, seat);

  if (phase == BK_PHASE_BIDDING)
    {
      /* spec B3.5: a decider may decide while the other one of the team is to talk. */
      if (bk_game_get_to_act (game) != seat)
        {
          add_decision (game, options, seat);
          return;
        }
      switch (state->step)
        {
        case BK_STEP_CONFER_VH:
        case BK_STEP_CONFER_HH:
          options->ask = BK_ASK_TALK_HOW_WELL;
          add_talk (game, options, seat, BK_WORD_NONE, _("_Say Nothing"));
          add_talk (game, options, seat, BK_WORD_SCHLECHT, _("_Bad"));
          add_talk (game, options, seat, BK_WORD_MITTEL, _("S_o-So"));
          add_talk (game, options, seat, BK_WORD_GUT, _("_Good"));
          add_decision (game, options, seat);
          break;

        case BK_STEP_CONFER_MH:
        case BK_STEP_CONFER_GEBER:
          options->ask = BK_ASK_TALK_WHETHER;
          add_talk (game, options, seat, BK_WORD_NONE, _("_Say Nothing"));
          add_talk (game, options, seat, BK_WORD_NICHT_HELFEN, _("I _Can’t Help"));
          add_talk (game, options, seat, BK_WORD_HELFEN, _("I Can _Help"));
          add_decision (game, options, seat);
          break;

        default:
          options->ask = BK_ASK_SPRITZE;
          add_checked (game, options, bk_action_make (BK_ACTION_PASS, seat, 0), "pass",
                       _("_Pass"));
          add_checked (game, options, bk_action_make (BK_ACTION_DOUBLE, seat, 0), "spritze",
                       _("_Spritze!"));
          break;
        }
      return;
    }

  if (bk_game_get_to_act (game) == seat)
    {
      options->ask = BK_ASK_PLAY;
      add_cards (game, options, seat);
      if (bk_game_may_double (game, seat))
        add_retour (game, options, seat);
    }
  else if (bk_game_may_double (game, seat))
    {
      options->ask = BK_ASK_RETOUR;
      add_retour (game, options, seat);
    }
}

/* The cards @seat holds now, in the order a hand shows them; 0 before the first deal. */
guint
bk_game_get_hand_sorted (BkGame *game,
                         BkSeat  seat,
                         BkCard  cards[BK_N_CARDS])
{
  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < BK_N_SEATS, 0);

  return bk_hand_sorted (card_rules (game), bk_game_get_cards (game, seat), cards);
}

/* Any set of cards in the order a hand of this session's game shows them. */
guint
bk_game_sort_cards (BkGame *game,
                    BkHand  hand,
                    BkCard  cards[BK_N_CARDS])
{
  g_return_val_if_fail (BK_IS_GAME (game), 0);
  return bk_hand_sorted (card_rules (game), hand, cards);
}

/* spec B2.3: the cards dealt to @seat this hand, in the order a hand shows them, and for
 * each the packet it came in (0 the first round, 1 the second): the first cards of the
 * order make the first packet. Returns how many cards were dealt; 0 before the first
 * deal. @packets may be NULL. */
guint
bk_game_get_deal_order (BkGame *game,
                        BkSeat  seat,
                        BkCard  cards[BK_N_CARDS],
                        guint8  packets[BK_N_CARDS])
{
  const BkHandState *state;
  const BkRules *rules;
  guint n, first;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < BK_N_SEATS, 0);

  state = hand_state (game);
  if (state == NULL)
    return 0;
  rules = &state->rules;
  n = bk_hand_sorted (card_rules (game), state->dealt[seat], cards);
  first = rules->variant == BK_VARIANT_LANG || rules->packets == BK_PACKETS_3_2 ? 3 : 2;
  if (packets)
    for (guint i = 0; i < n; i++)
      packets[i] = i < first ? 0 : 1;
  return n;
}

/* Who holds @card now, or BK_SEAT_NONE (played, or not in this hand). */
BkSeat
bk_game_get_holder (BkGame *game,
                    BkCard  card)
{
  g_return_val_if_fail (BK_IS_GAME (game), BK_SEAT_NONE);

  for (guint s = 0; s < BK_N_SEATS; s++)
    if (bk_hand_has (bk_game_get_cards (game, (BkSeat) s), card))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The cards gone from @seat's hand this hand: dealt to it and played since. */
BkHand
bk_game_get_gone (BkGame *game,
                  BkSeat  seat)
{
  const BkHandState *state;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < BK_N_SEATS, 0);

  state = hand_state (game);
  return state ? state->dealt[seat] & ~state->hands[seat] : 0;
}

/* spec B3.1, B3.2: what was said at the table this hand, in the order of speaking (the
 * forehand team first, then the other team); a seat that said nothing (yet) is left out.
 * Returns how many words. */
guint
bk_game_get_said (BkGame *game,
                  BkSaid  said[BK_N_SEATS])
{
  static const guint order[] = { 1, 3, 2, 4 };
  const BkHandState *state;
  guint n = 0;

  g_return_val_if_fail (BK_IS_GAME (game), 0);

  state = hand_state (game);
  if (state == NULL)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) state->dealer, order[i]);

      if (state->words[seat] == BK_WORD_NONE)
        continue;
      said[n].seat = seat;
      said[n].word = (BkWord) state->words[seat];
      n++;
    }
  return n;
}

/* The cards of the trick not yet complete on the table, in the order played, and who
 * played each (@seats may be NULL). Returns how many. */
guint
bk_game_get_table_trick (BkGame *game,
                         BkCard  cards[BK_N_SEATS],
                         BkSeat  seats[BK_N_SEATS])
{
  const BkHandState *state;

  g_return_val_if_fail (BK_IS_GAME (game), 0);

  state = hand_state (game);
  if (state == NULL)
    return 0;
  for (guint i = 0; i < state->trick.n; i++)
    {
      cards[i] = state->trick.cards[i];
      if (seats)
        seats[i] = bk_seat_after ((BkSeat) state->trick.leader, i);
    }
  return state->trick.n;
}

/* How many tricks of this hand have been taken. */
guint
bk_game_get_tricks_done (BkGame *game)
{
  const BkHandState *state;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  state = hand_state (game);
  return state ? state->tricks_done : 0;
}

/* Every trick of this hand has been taken. */
gboolean
bk_game_is_last_trick_done (BkGame *game)
{
  const BkHandState *state;

  g_return_val_if_fail (BK_IS_GAME (game), FALSE);
  state = hand_state (game);
  return state && state->tricks_done >= state->n_tricks;
}

/* spec B5.1: what @trick's cards count in this session's game. */
guint
bk_game_get_trick_points (BkGame        *game,
                          const BkTrick *trick)
{
  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (trick != NULL, 0);
  return bk_trick_points (card_rules (game), trick);
}

/* @card is a trump in this session's game. */
gboolean
bk_game_is_trump (BkGame *game,
                  BkCard  card)
{
  g_return_val_if_fail (BK_IS_GAME (game), FALSE);
  g_return_val_if_fail (card < BK_N_CARDS, FALSE);
  return bk_card_is_trump (card_rules (game), card);
}
