/* bk-game-rules.c: what every trick-taking game of ours does the same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-game-module.h"
#include "bk-game-rules.h"

const BkGameRules *
bk_game_rules_get (BkGameKind kind)
{
  const BkGameModule *module = bk_game_module_get (kind);

  return module ? module->trick_rules () : NULL;
}

/* spec B4.4 (and H4.1: without trumps the same loop finds the highest of the led suit). */
guint
bk_trick_winner (const BkGameRules *game,
                 const BkTrick     *trick)
{
  guint best = 0;

  g_assert (trick->n > 0);
  for (guint i = 1; i < trick->n; i++)
    if (bk_card_beats (game, trick->cards[i], trick->cards[best]))
      best = i;
  return best;
}

guint
bk_trick_points (const BkGameRules *game,
                 const BkTrick     *trick)
{
  guint points = 0;

  for (guint i = 0; i < trick->n; i++)
    points += game->points[trick->cards[i]];
  return points;
}

/* Why @card may not be played now, for the tooltip and the error; NULL when it may. A
 * person reads it, so it names no card by its code, and a suit as @style's deck calls it. */
const char *
bk_illegal_reason_for (const BkGameRules *game,
                       const BkRules     *rules,
                       BkHand             hand,
                       const BkTrick     *trick,
                       BkCard             card,
                       BkDeckStyle        style)
{
  if (card >= BK_N_CARDS || !bk_hand_has (hand, card))
    return _("You do not hold that card");
  if (bk_hand_has (bk_legal_moves (game, rules, hand, trick), card))
    return NULL;
  return game->reason (game, rules, hand, trick, card, style);
}

/* The same in the deck the person sees (bk_card_set_display_style()). */
const char *
bk_illegal_reason (const BkGameRules *game,
                   const BkRules     *rules,
                   BkHand             hand,
                   const BkTrick     *trick,
                   BkCard             card)
{
  return bk_illegal_reason_for (game, rules, hand, trick, card, bk_card_get_display_style ());
}

guint
bk_hand_sorted (const BkGameRules *game,
                BkHand             hand,
                BkCard            *out)
{
  guint n = 0;

  for (; hand; hand &= hand - 1)
    {
      BkCard card = bk_hand_first (hand);
      guint i = n++;

      while (i > 0 && game->sort_key[out[i - 1]] > game->sort_key[card])
        {
          out[i] = out[i - 1];
          i--;
        }
      out[i] = card;
    }
  return n;
}

char *
bk_hand_to_string (const BkGameRules *game,
                   BkHand             hand)
{
  BkCard cards[BK_N_CARDS];
  guint n = bk_hand_sorted (game, hand, cards);

  return bk_card_list_to_string (cards, n);
}
