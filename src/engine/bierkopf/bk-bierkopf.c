/* bk-bierkopf.c: the rules table of Bierkopf (spec B1, B4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf.h"

/* spec B1.3: the trumps, high to low. */
static const BkCard trump_order[] = {
  BK_CARD (BK_SUIT_EICHEL, BK_RANK_OBER),
  BK_CARD (BK_SUIT_GRAS, BK_RANK_OBER),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_OBER),
  BK_CARD (BK_SUIT_SCHELLEN, BK_RANK_OBER),
  BK_CARD (BK_SUIT_EICHEL, BK_RANK_UNTER),
  BK_CARD (BK_SUIT_GRAS, BK_RANK_UNTER),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_UNTER),
  BK_CARD (BK_SUIT_SCHELLEN, BK_RANK_UNTER),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_SAU),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_ZEHN),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_KOENIG),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_NEUN),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_ACHT),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_SIEBEN),
  BK_CARD (BK_SUIT_HERZ, BK_RANK_SECHS),
};

/* spec B1.4: the plain suits, high to low. */
static const BkRank plain_order[] = {
  BK_RANK_SAU, BK_RANK_ZEHN, BK_RANK_KOENIG, BK_RANK_NEUN,
  BK_RANK_ACHT, BK_RANK_SIEBEN, BK_RANK_SECHS,
};

/* spec B1.1 */
static const guint8 rank_points[BK_N_RANKS] = { 11, 10, 4, 3, 2, 0, 0, 0, 0 };

static BkHand
bierkopf_deck (const BkRules *rules)
{
  BkHand deck = 0;

  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      for (guint r = BK_RANK_SAU; r <= BK_RANK_UNTER; r++)
        deck |= BK_HAND_BIT (BK_CARD (s, r));
      if (rules->bierkopf.variant == BK_VARIANT_LANG)
        deck |= BK_HAND_BIT (BK_CARD (s, BK_RANK_NEUN));
    }
  return deck;
}

/* The trumps of @trumps that beat the card now winning @trick. */
static BkHand
trumps_beating (const BkGameRules *game,
                BkHand             trumps,
                const BkTrick     *trick)
{
  BkCard best = trick->cards[bk_trick_winner (game, trick)];
  BkHand beating = 0;

  for (BkHand rest = trumps; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      if (bk_card_beats (game, card, best))
        beating |= BK_HAND_BIT (card);
    }
  return beating;
}

/* spec B4.2, B4.3 */
static BkHand
bierkopf_legal (const BkGameRules *game,
                const BkRules     *rules,
                BkHand             hand,
                const BkTrick     *trick)
{
  BkHand follow, trumps, beating;

  if (trick->n == 0)
    return hand;

  follow = hand & game->group_cards[game->group[trick->cards[0]]];
  if (follow)
    return follow;

  /* Void in the led suit. A trump lead that cannot be followed frees every card. */
  trumps = hand & game->group_cards[BK_GROUP_TRUMP];
  if (trumps == 0)
    return hand;

  switch (rules->bierkopf.void_rule)
    {
    case BK_VOID_TRUMPFZWANG:
      return trumps;
    case BK_VOID_UEBERSTECHEN:
      beating = trumps_beating (game, trumps, trick);
      return beating ? beating : trumps;
    case BK_VOID_FREI:
    default:
      return hand;
    }
}

static const char *
bierkopf_reason (const BkGameRules *game,
                 const BkRules     *rules,
                 BkHand             hand,
                 const BkTrick     *trick,
                 BkCard             card,
                 BkDeckStyle        style)
{
  BkCard led = trick->cards[0];
  guint led_group = game->group[led];

  if (hand & game->group_cards[led_group])
    {
      if (led_group == BK_GROUP_TRUMP)
        return _("You must follow with a trump");
      /* Whole sentences, not a suit put into one: a language may say each differently. */
      switch (bk_card_suit (led))
        {
        case BK_SUIT_EICHEL:
          return style == BK_DECK_FRENCH ? _("You must follow suit with Clubs")
                                         : _("You must follow suit with Acorns");
        case BK_SUIT_GRAS:
          return style == BK_DECK_FRENCH ? _("You must follow suit with Spades")
                                         : _("You must follow suit with Leaves");
        case BK_SUIT_SCHELLEN:
          return style == BK_DECK_FRENCH ? _("You must follow suit with Diamonds")
                                         : _("You must follow suit with Bells");
        case BK_SUIT_HERZ:
        case BK_N_SUITS:
        default: g_return_val_if_reached (NULL);
        }
    }

  if (rules->bierkopf.void_rule == BK_VOID_UEBERSTECHEN && bk_card_is_trump (game, card))
    return _("You must beat the trick with a higher trump");
  return _("You cannot follow suit, so you must play a trump");
}

static BkGameRules bierkopf_table;

static gpointer
build_table (gpointer data)
{
  BkGameRules *game = &bierkopf_table;
  guint key = 0;

  game->kind = BK_GAME_BIERKOPF;
  game->id = "bierkopf";
  game->deck = bierkopf_deck;
  game->legal = bierkopf_legal;
  game->reason = bierkopf_reason;

  for (BkCard card = 0; card < BK_N_CARDS; card++)
    {
      game->points[card] = rank_points[bk_card_rank (card)];
      game->group[card] = (guint8) bk_card_suit (card);
    }

  for (guint i = 0; i < G_N_ELEMENTS (trump_order); i++)
    {
      BkCard card = trump_order[i];
      game->group[card] = BK_GROUP_TRUMP;
      game->power[card] = (guint8) (G_N_ELEMENTS (trump_order) - i);
      game->sort_key[card] = (guint8) key++;
    }

  for (guint s = 0; s < BK_N_SUITS; s++)
    for (guint i = 0; i < G_N_ELEMENTS (plain_order); i++)
      {
        BkCard card = BK_CARD (s, plain_order[i]);
        if (s == BK_SUIT_HERZ)
          continue;
        game->power[card] = (guint8) (G_N_ELEMENTS (plain_order) - i);
        game->sort_key[card] = (guint8) key++;
      }

  for (BkCard card = 0; card < BK_N_CARDS; card++)
    game->group_cards[game->group[card]] |= BK_HAND_BIT (card);

  return game;
}

const BkGameRules *
bk_bierkopf_rules (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_table, NULL);
  return once.retval;
}
