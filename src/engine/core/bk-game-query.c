/* bk-game-query.c: the view's questions to a session that any game answers, from
 * BkGame's public functions and the hooks of its module (bk-game-module.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

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
  options->ask = BK_ASK_NONE;
  options->waiting = FALSE;
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

/* The module's hand, or NULL before the first deal. (Already while "hand-dealt" is
 * emitted, before the phase is the steps before play.) */
static gconstpointer
hand_of (BkGame *game)
{
  if (bk_game_get_hand_number (game) == 0)
    return NULL;
  return bk_game_get_hand (game);
}

static const BkGameRules *
card_rules (BkGame *game)
{
  return bk_game_rules_get (bk_game_get_rules (game)->game);
}

/* Adds a choice that the game itself checks: legal, or why not in its own words. For a
 * game's own questions (e.g. bk-bierkopf-query.c). */
void
bk_options_add_checked (BkOptions  *options,
                        BkGame     *game,
                        BkAction    action,
                        const char *id,
                        const char *label)
{
  BkOption *option;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (options != NULL && BK_IS_GAME (game));
  g_return_if_fail (options->n < BK_OPTIONS_MAX);
  g_return_if_fail (hand_of (game) != NULL);

  option = &options->options[options->n++];
  option->action = action;
  option->id = id;
  option->label = g_strdup (label);
  option->legal = bk_game_get_module (game)->check (hand_of (game), &action, &error);
  option->reason = option->legal ? NULL : g_strdup (error->message);
  option->trump = FALSE;
}

/* Adds every card in @seat's hand, legal or with the reason why not (the module's),
 * named in the deck the person sees. Returns how many. */
guint
bk_options_add_cards (BkOptions *options,
                      BkGame    *game,
                      BkSeat     seat)
{
  const BkGameModule *module;
  gconstpointer hand;
  BkHand legal;
  BkCard cards[BK_N_CARDS];
  guint n, added = 0;

  g_return_val_if_fail (options != NULL && BK_IS_GAME (game), 0);

  hand = hand_of (game);
  if (hand == NULL)
    return 0;
  module = bk_game_get_module (game);
  legal = bk_game_get_legal (game);
  n = bk_game_get_hand_sorted (game, seat, cards);
  for (guint i = 0; i < n && options->n < BK_OPTIONS_MAX; i++)
    {
      BkOption *option = &options->options[options->n++];
      BkCard card = cards[i];

      option->action = bk_action_make (BK_ACTION_PLAY, seat, card);
      option->id = bk_card_to_string (card);
      option->label = bk_card_display_name (card);
      option->legal = bk_hand_has (legal, card);
      option->reason = option->legal ? NULL : g_strdup (module->reason (hand, seat, card));
      option->trump = bk_card_is_trump (card_rules (game), card);
      added++;
    }
  return added;
}

/* When @seat is to play a card now: TRUE, with every card in its hand in @options, legal
 * or with the reason why not. FALSE, and @options empty, when not. Clear @options with
 * bk_options_clear() after. */
gboolean
bk_game_get_card_options (BkGame    *game,
                          BkSeat     seat,
                          BkOptions *options)
{
  g_return_val_if_fail (BK_IS_GAME (game), FALSE);
  g_return_val_if_fail (seat < bk_game_get_n_seats (game), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  memset (options, 0, sizeof *options);
  if (hand_of (game) == NULL || bk_game_get_phase (game) != BK_PHASE_PLAYING ||
      bk_game_get_to_act (game) != seat)
    return FALSE;
  bk_options_add_cards (options, game, seat);
  return TRUE;
}

/* The cards @seat holds now, in the order a hand shows them; 0 before the first deal. */
guint
bk_game_get_hand_sorted (BkGame *game,
                         BkSeat  seat,
                         BkCard  cards[BK_N_CARDS])
{
  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < bk_game_get_n_seats (game), 0);

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

/* The cards dealt to @seat this hand, in the order a hand shows them, and for each the
 * packet it came in (0 the first round, 1 the second, as the module says; e.g. B2.3).
 * Returns how many cards were dealt; 0 before the first deal. @packets may be NULL. */
guint
bk_game_get_deal_order (BkGame *game,
                        BkSeat  seat,
                        BkCard  cards[BK_N_CARDS],
                        guint8  packets[BK_N_CARDS])
{
  const BkGameModule *module;
  gconstpointer hand;
  guint n;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < bk_game_get_n_seats (game), 0);

  hand = hand_of (game);
  if (hand == NULL)
    return 0;
  module = bk_game_get_module (game);
  n = bk_hand_sorted (card_rules (game), module->dealt (hand, seat), cards);
  if (packets)
    for (guint i = 0; i < n; i++)
      packets[i] = (guint8) module->packet_of (hand, i);
  return n;
}

/* Who holds @card now, or BK_SEAT_NONE (played, or not in this hand). */
BkSeat
bk_game_get_holder (BkGame *game,
                    BkCard  card)
{
  g_return_val_if_fail (BK_IS_GAME (game), BK_SEAT_NONE);

  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    if (bk_hand_has (bk_game_get_cards (game, (BkSeat) s), card))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The cards gone from @seat's hand this hand: dealt to it and played since. */
BkHand
bk_game_get_gone (BkGame *game,
                  BkSeat  seat)
{
  gconstpointer hand;
  const BkGameModule *module;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  g_return_val_if_fail (seat < bk_game_get_n_seats (game), 0);

  hand = hand_of (game);
  if (hand == NULL)
    return 0;
  module = bk_game_get_module (game);
  return module->dealt (hand, seat) & ~module->cards (hand, seat);
}

/* The cards laid aside face down at this hand's deal, out of play (e.g. H6.1); none
 * before the first deal or in a game that lays nothing aside. */
BkHand
bk_game_get_aside (BkGame *game)
{
  gconstpointer hand;
  const BkGameModule *module;

  g_return_val_if_fail (BK_IS_GAME (game), 0);

  hand = hand_of (game);
  module = bk_game_get_module (game);
  if (hand == NULL || module->aside == NULL)
    return 0;
  return module->aside (hand);
}

/* The cards of the trick not yet complete on the table, in the order played, and who
 * played each (@seats may be NULL). Returns how many. */
guint
bk_game_get_table_trick (BkGame *game,
                         BkCard  cards[BK_MAX_SEATS],
                         BkSeat  seats[BK_MAX_SEATS])
{
  gconstpointer hand;
  BkTrick trick;
  guint n_seats;

  g_return_val_if_fail (BK_IS_GAME (game), 0);

  hand = hand_of (game);
  if (hand == NULL)
    return 0;
  bk_game_get_module (game)->trick_on_table (hand, &trick);
  n_seats = bk_game_get_n_seats (game);
  for (guint i = 0; i < trick.n; i++)
    {
      cards[i] = trick.cards[i];
      if (seats)
        seats[i] = (BkSeat) ((trick.leader + i) % n_seats);
    }
  return trick.n;
}

/* How many tricks of this hand have been taken. */
guint
bk_game_get_tricks_done (BkGame *game)
{
  gconstpointer hand;

  g_return_val_if_fail (BK_IS_GAME (game), 0);
  hand = hand_of (game);
  return hand ? bk_game_get_module (game)->tricks_done (hand) : 0;
}

/* The last trick of this hand has been taken: every one, or one that ended the hand by
 * the game's rules. */
gboolean
bk_game_is_last_trick_done (BkGame *game)
{
  gconstpointer hand;

  g_return_val_if_fail (BK_IS_GAME (game), FALSE);
  hand = hand_of (game);
  return hand && bk_game_get_module (game)->stage (hand) == BK_HAND_STAGE_OVER;
}

/* What @trick's cards count in this session's game (e.g. B5.1). */
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
