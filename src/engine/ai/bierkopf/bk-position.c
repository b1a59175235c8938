/* bk-position.c: the check of a Bierkopf position to solve; see bk-position.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-position.h"

/* A position to solve: cards left in each hand and the trick on the table, played from
 * its leader on. Checks the deck, duplicates, the numbers of cards and that each card of
 * the trick was allowed with its player's hand at the time (spec B4.2, B4.3). */
gboolean
bk_position_check (const BkRules  *rules,
                   const BkHand    hands[BK_N_SEATS],
                   const BkTrick  *trick,
                   GError        **error)
{
  const BkGameRules *game;
  BkHand deck, seen = 0;
  BkTrick partial = { 0 };
  guint base;

  g_return_val_if_fail (rules != NULL && hands != NULL && trick != NULL, FALSE);

  game = bk_game_rules_get (rules->game);
  deck = game->deck (rules);
  if (trick->n >= BK_N_SEATS || trick->leader >= BK_N_SEATS)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("A trick on the table has 0 to 3 cards"));
      return FALSE;
    }
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      BkHand bad = (hands[s] & ~deck) | (hands[s] & seen);

      if (bad)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("The card %s is not in the pack or is given twice"),
                       bk_card_to_string (bk_hand_first (bad)));
          return FALSE;
        }
      seen |= hands[s];
    }
  for (guint i = 0; i < trick->n; i++)
    {
      BkCard card = trick->cards[i];

      if (!bk_hand_has (deck, card) || bk_hand_has (seen, card))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("The card %s is not in the pack or is given twice"),
                       bk_card_to_string (card));
          return FALSE;
        }
      seen |= BK_HAND_BIT (card);
    }

  /* The seats that played to the trick hold one card fewer than the rest. */
  base = bk_hand_count (hands[bk_seat_after ((BkSeat) trick->leader, trick->n)]);
  for (guint k = 0; k < BK_N_SEATS; k++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) trick->leader, k);
      guint expected = k < trick->n ? base - 1 : base;

      if ((k < trick->n && base == 0) || bk_hand_count (hands[seat]) != expected ||
          base > bk_rules_hand_size (rules))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                       _("The numbers of cards in the hands do not fit the trick on the "
                         "table"));
          return FALSE;
        }
    }

  partial.leader = trick->leader;
  for (guint i = 0; i < trick->n; i++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) trick->leader, i);
      BkHand before = hands[seat] | BK_HAND_BIT (trick->cards[i]);
      const char *reason = bk_illegal_reason (game, rules, before, &partial, trick->cards[i]);

      if (reason)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD,
                       /* Translators: "S10 is not allowed: You must follow with a trump" */
                       _("%s is not allowed: %s"), bk_card_to_string (trick->cards[i]), reason);
          return FALSE;
        }
      partial.cards[partial.n++] = trick->cards[i];
    }
  return TRUE;
}
