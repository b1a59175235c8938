/* bk-herzla.c: the rules table of Herzla and its rules as pure functions
 * (docs/rules-herzla.md H1-H4, H6.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-error.h"
#include "bk-herzla.h"

/* H1.2: every suit in its natural order, high to low. */
static const BkRank natural_order[] = {
  BK_RANK_SAU, BK_RANK_KOENIG, BK_RANK_OBER, BK_RANK_UNTER, BK_RANK_ZEHN,
  BK_RANK_NEUN, BK_RANK_ACHT, BK_RANK_SIEBEN, BK_RANK_SECHS,
};

static const char * const contract_names[BK_N_CONTRACTS] = { "normal", "beddl", "mord" };

static BkHand
suit_cards (BkSuit suit)
{
  BkHand cards = 0;

  for (guint r = 0; r < BK_N_RANKS; r++)
    cards |= BK_HAND_BIT (BK_CARD (suit, r));
  return cards;
}

/* H1.1, H6.1: 32 cards without the Sechsen; the simple form adds them. */
BkHand
bk_herzla_deck (BkHerzlaVariant variant)
{
  BkHand deck = 0;

  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      deck |= suit_cards ((BkSuit) s);
      if (variant == BK_HERZLA_VIER)
        deck &= ~BK_HAND_BIT (BK_CARD (s, BK_RANK_SECHS));
    }
  return deck;
}

static BkHand
table_deck (const BkRules *rules)
{
  return bk_herzla_deck (rules ? rules->herzla.variant : BK_HERZLA_VIER);
}

/* H2.1: eight each in the four-player game; H6.1: an even share of 36, the rest aside. */
guint
bk_herzla_hand_size (BkHerzlaVariant variant,
                     guint           n_players)
{
  g_return_val_if_fail (n_players >= BK_HERZLA_MIN_PLAYERS &&
                        n_players <= BK_HERZLA_MAX_PLAYERS, 0);
  g_return_val_if_fail (variant == BK_HERZLA_EINFACH || n_players == 4, 0);

  return bk_hand_count (bk_herzla_deck (variant)) / n_players;
}

guint
bk_herzla_n_aside (BkHerzlaVariant variant,
                   guint           n_players)
{
  guint size = bk_herzla_hand_size (variant, n_players);

  return size ? bk_hand_count (bk_herzla_deck (variant)) - size * n_players : 0;
}

/* H4.2: no heart led to the first or second trick; with the house rule only in the normal
 * game. @tricks_done counts the tricks already taken, so the first trick is 0. */
gboolean
bk_herzla_heart_lead_closed (BkHeartLeadRule rule,
                             BkContract      contract,
                             guint           tricks_done)
{
  if (tricks_done >= 2)
    return FALSE;
  return rule == BK_HEART_LEAD_EVERY_GAME || contract == BK_CONTRACT_NORMAL;
}

/* H4.1: follow suit if you can, else anything; H4.2: a leader may not open with a heart
 * while the heart lead is closed, unless he holds nothing else. */
BkHand
bk_herzla_legal (BkHand         hand,
                 const BkTrick *trick,
                 gboolean       heart_lead_closed)
{
  BkHand follow, hearts;

  if (trick->n > 0)
    {
      follow = hand & suit_cards (bk_card_suit (trick->cards[0]));
      return follow ? follow : hand;
    }

  hearts = hand & suit_cards (BK_SUIT_HERZ);
  if (heart_lead_closed && hearts != hand)
    return hand & ~hearts;
  return hand;
}

/* Why @card may not be played now, the suit to follow named as @style's deck calls it;
 * NULL when it may. */
const char *
bk_herzla_illegal_reason (BkHand         hand,
                          const BkTrick *trick,
                          gboolean       heart_lead_closed,
                          BkCard         card,
                          BkDeckStyle    style)
{
  gboolean french = style == BK_DECK_FRENCH;

  if (card >= BK_N_CARDS || !bk_hand_has (hand, card))
    return _("You do not hold that card");
  if (bk_hand_has (bk_herzla_legal (hand, trick, heart_lead_closed), card))
    return NULL;
  if (trick->n == 0)
    return _("No heart may be led to the first two tricks");
  /* H4.1. Whole sentences, not a suit put into one: a language may say each differently. */
  switch (bk_card_suit (trick->cards[0]))
    {
    case BK_SUIT_EICHEL:
      return french ? _("You must follow suit with Clubs") : _("You must follow suit with Acorns");
    case BK_SUIT_GRAS:
      return french ? _("You must follow suit with Spades") : _("You must follow suit with Leaves");
    case BK_SUIT_HERZ:
      return _("You must follow suit with Hearts");
    case BK_SUIT_SCHELLEN:
      return french ? _("You must follow suit with Diamonds") : _("You must follow suit with Bells");
    case BK_N_SUITS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* H4.3, H4.4: the trick that ends a contract at once. */
gboolean
bk_herzla_contract_broken (BkContract contract,
                           guint      declarer,
                           guint      trick_winner)
{
  switch (contract)
    {
    case BK_CONTRACT_BEDDL:
      return trick_winner == declarer;
    case BK_CONTRACT_MORD:
      return trick_winner != declarer;
    case BK_CONTRACT_NORMAL:
    case BK_N_CONTRACTS:
    default:
      return FALSE;
    }
}

const char *
bk_contract_to_string (BkContract contract)
{
  g_return_val_if_fail (contract < BK_N_CONTRACTS, NULL);
  return contract_names[contract];
}

gboolean
bk_contract_parse (const char  *text,
                   BkContract  *contract,
                   GError     **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint c = 0; c < BK_N_CONTRACTS; c++)
    if (g_ascii_strcasecmp (text, contract_names[c]) == 0)
      {
        if (contract)
          *contract = (BkContract) c;
        return TRUE;
      }
  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               /* Translators: %s is what was written where normal, beddl or mord belongs. */
               _("“%s” is not a contract (normal, beddl or mord)"), text);
  return FALSE;
}

/* The table's own legality cannot see the trick number: it is H4.1 alone. */
static BkHand
table_legal (const BkGameRules *game,
             const BkRules     *rules,
             BkHand             hand,
             const BkTrick     *trick)
{
  return bk_herzla_legal (hand, trick, FALSE);
}

static const char *
table_reason (const BkGameRules *game,
              const BkRules     *rules,
              BkHand             hand,
              const BkTrick     *trick,
              BkCard             card,
              BkDeckStyle        style)
{
  return bk_herzla_illegal_reason (hand, trick, FALSE, card, style);
}

static BkGameRules herzla_table;

static gpointer
build_table (gpointer data)
{
  BkGameRules *game = &herzla_table;
  guint key = 0;

  game->kind = BK_GAME_HERZLA;
  game->id = "herzla";
  game->deck = table_deck;
  game->legal = table_legal;
  game->reason = table_reason;

  /* H1.3: a trick's "points" are the hearts in it, so the core counts penalties. */
  for (guint s = 0; s < BK_N_SUITS; s++)
    for (guint i = 0; i < G_N_ELEMENTS (natural_order); i++)
      {
        BkCard card = BK_CARD (s, natural_order[i]);

        game->points[card] = s == BK_SUIT_HERZ;
        game->group[card] = (guint8) s;
        game->power[card] = (guint8) (G_N_ELEMENTS (natural_order) - i);
        game->sort_key[card] = (guint8) key++;
        game->group_cards[s] |= BK_HAND_BIT (card);
      }
  return game;
}

const BkGameRules *
bk_herzla_rules (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_table, NULL);
  return once.retval;
}

/* The word of @contract as the table says it, the one spelling of the view's bids,
 * badges, hints and reviews: Beddl, Mord, and Weiter for the normal game. */
const char *
bk_herzla_contract_name (BkContract contract)
{
  switch (contract)
    {
    /* Translators: a Herzla bid and contract: the bidder will take no trick (H4.3; kept
     * in German) */
    case BK_CONTRACT_BEDDL: return C_("contract", "Beddl");
    /* Translators: a Herzla bid and contract: the bidder will take every trick (H4.4;
     * kept in German) */
    case BK_CONTRACT_MORD: return C_("contract", "Mord");
    case BK_CONTRACT_NORMAL:
    case BK_N_CONTRACTS:
    default:
      /* Translators: passing in Herzla's bidding, so that the normal game is played
       * ("weiter", H3.1) */
      return C_("contract", "Weiter");
    }
}
