/* bk-card.c: the card notation of notation.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-card.h"
#include "bk-error.h"

static const char suit_letters[BK_N_SUITS] = { 'E', 'G', 'H', 'S' };
static const char *rank_letters[BK_N_RANKS] = { "A", "10", "K", "O", "U", "9", "8", "7", "6" };

static const char *card_strings[BK_N_CARDS] = {
  "EA", "E10", "EK", "EO", "EU", "E9", "E8", "E7", "E6",
  "GA", "G10", "GK", "GO", "GU", "G9", "G8", "G7", "G6",
  "HA", "H10", "HK", "HO", "HU", "H9", "H8", "H7", "H6",
  "SA", "S10", "SK", "SO", "SU", "S9", "S8", "S7", "S6",
};

G_DEFINE_QUARK (bk-error-quark, bk_error)

BkCard
bk_hand_nth (BkHand hand,
             guint  n)
{
  for (guint i = 0; i < n; i++)
    hand &= hand - 1;
  g_assert (hand != 0);
  return bk_hand_first (hand);
}

const char *
bk_card_to_string (BkCard card)
{
  g_return_val_if_fail (card < BK_N_CARDS, "??");
  return card_strings[card];
}

/* The deck the person sees; like the language, one per process. The UI sets it when the
 * deck changes, so that what the engine says to a person (an illegal card's reason, an
 * error) names the cards as they are drawn. */
static gint display_style = BK_DECK_BAVARIAN;

void
bk_card_set_display_style (BkDeckStyle style)
{
  g_return_if_fail (style < BK_N_DECK_STYLES);
  g_atomic_int_set (&display_style, (gint) style);
}

BkDeckStyle
bk_card_get_display_style (void)
{
  return (BkDeckStyle) g_atomic_int_get (&display_style);
}

/* The suit as a player of that deck calls it: "Acorns" / "Eichel", "Clubs" / "Kreuz". */
const char *
bk_suit_display_name (BkSuit      suit,
                      BkDeckStyle style)
{
  g_return_val_if_fail (suit < BK_N_SUITS, "?");

  if (style == BK_DECK_FRENCH)
    switch (suit)
      {
      case BK_SUIT_EICHEL: return _("Clubs");
      case BK_SUIT_GRAS: return _("Spades");
      case BK_SUIT_HERZ: return _("Hearts");
      case BK_SUIT_SCHELLEN: return _("Diamonds");
      case BK_N_SUITS:
      default: g_return_val_if_reached ("?");
      }

  switch (suit)
    {
    case BK_SUIT_EICHEL: return _("Acorns");
    case BK_SUIT_GRAS: return _("Leaves");
    case BK_SUIT_HERZ: return _("Hearts");
    case BK_SUIT_SCHELLEN: return _("Bells");
    case BK_N_SUITS:
    default: g_return_val_if_reached ("?");
    }
}

/* The rank as a player of that deck calls it: the Sau is the French Ace, the Ober the
 * Queen, the Unter the Jack (notation.md). */
const char *
bk_rank_display_name (BkRank      rank,
                      BkDeckStyle style)
{
  g_return_val_if_fail (rank < BK_N_RANKS, "?");

  if (style == BK_DECK_FRENCH)
    switch (rank)
      {
      case BK_RANK_SAU: return _("Ace");
      case BK_RANK_OBER: return _("Queen");
      case BK_RANK_UNTER: return _("Jack");
      default: break;
      }

  switch (rank)
    {
    case BK_RANK_SAU: return _("Sow");
    case BK_RANK_ZEHN: return _("Ten");
    case BK_RANK_KOENIG: return _("King");
    case BK_RANK_OBER: return _("Ober");
    case BK_RANK_UNTER: return _("Unter");
    case BK_RANK_NEUN: return _("Nine");
    case BK_RANK_ACHT: return _("Eight");
    case BK_RANK_SIEBEN: return _("Seven");
    case BK_RANK_SECHS: return _("Six");
    case BK_N_RANKS:
    default: g_return_val_if_reached ("?");
    }
}

const char *
bk_suit_name (BkSuit suit)
{
  return bk_suit_display_name (suit, BK_DECK_BAVARIAN);
}

const char *
bk_rank_name (BkRank rank)
{
  return bk_rank_display_name (rank, BK_DECK_BAVARIAN);
}

/* "Ober of Hearts", "Queen of Hearts"; German puts it the other way round: "Herz-Ober",
 * "Herz-Dame". For people only: the notation stays bk_card_to_string(). */
char *
bk_card_display_name_for (BkCard      card,
                          BkDeckStyle style)
{
  g_return_val_if_fail (card < BK_N_CARDS, NULL);
  /* Translators: a card, e.g. "Ober of Hearts": %1$s is the rank, %2$s the suit. */
  return g_strdup_printf (_("%1$s of %2$s"),
                          bk_rank_display_name (bk_card_rank (card), style),
                          bk_suit_display_name (bk_card_suit (card), style));
}

/* The card's name in the deck the person sees (bk_card_set_display_style()). */
char *
bk_card_display_name (BkCard card)
{
  return bk_card_display_name_for (card, bk_card_get_display_style ());
}

gboolean
bk_card_parse (const char  *text,
               BkCard      *card,
               GError     **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint s = 0; s < BK_N_SUITS; s++)
    {
      if (g_ascii_toupper (text[0]) != suit_letters[s])
        continue;
      for (guint r = 0; r < BK_N_RANKS; r++)
        if (g_ascii_strcasecmp (text + 1, rank_letters[r]) == 0)
          {
            if (card)
              *card = BK_CARD (s, r);
            return TRUE;
          }
    }

  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               /* Translators: %s is what the user typed where a card was expected. */
               _("“%s” is not a card (write e.g. EO, H10, SA, G9)"), text);
  return FALSE;
}

gboolean
bk_card_list_parse (const char  *text,
                    BkCard      *cards,
                    guint        max_cards,
                    guint       *n_cards,
                    GError     **error)
{
  g_auto (GStrv) words = NULL;
  BkHand seen = 0;
  guint n = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  words = g_strsplit_set (text, " \t,", -1);
  for (guint i = 0; words[i]; i++)
    {
      BkCard card;

      if (words[i][0] == '\0')
        continue;
      if (!bk_card_parse (words[i], &card, error))
        return FALSE;
      if (bk_hand_has (seen, card))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_DUPLICATE,
                       _("The card %s is listed twice"), bk_card_to_string (card));
          return FALSE;
        }
      if (n == max_cards)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       _("Too many cards: at most %u are allowed here"), max_cards);
          return FALSE;
        }
      seen |= BK_HAND_BIT (card);
      if (cards)
        cards[n] = card;
      n++;
    }

  if (n_cards)
    *n_cards = n;
  return TRUE;
}

gboolean
bk_hand_parse (const char  *text,
               BkHand      *hand,
               GError     **error)
{
  BkCard cards[BK_N_CARDS];
  guint n;
  BkHand result = 0;

  if (!bk_card_list_parse (text, cards, BK_N_CARDS, &n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    result |= BK_HAND_BIT (cards[i]);
  *hand = result;
  return TRUE;
}

char *
bk_card_list_to_string (const BkCard *cards,
                        guint         n_cards)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_cards; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, bk_card_to_string (cards[i]));
    }
  return g_string_free (out, FALSE);
}
