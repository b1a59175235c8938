/* bk-card.h: cards as small integers, hands as 64-bit sets, and their notation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BK_SUIT_EICHEL,
  BK_SUIT_GRAS,
  BK_SUIT_HERZ,
  BK_SUIT_SCHELLEN,
  BK_N_SUITS
} BkSuit;

/* In the order of the notation's rank letters, not of any game's strength. */
typedef enum {
  BK_RANK_SAU,
  BK_RANK_ZEHN,
  BK_RANK_KOENIG,
  BK_RANK_OBER,
  BK_RANK_UNTER,
  BK_RANK_NEUN,
  BK_RANK_ACHT,
  BK_RANK_SIEBEN,
  BK_RANK_SECHS,
  BK_N_RANKS
} BkRank;

/* How a person sees the cards, and so how they are named: the German suits (Eichel, Gras,
 * Herz, Schellen; Sau, Ober, Unter) or the French ones (clubs, spades, hearts, diamonds;
 * Ace, Queen, Jack). The notation (notation.md) is the same for both. */
typedef enum {
  BK_DECK_BAVARIAN,
  BK_DECK_FRENCH,
  BK_N_DECK_STYLES
} BkDeckStyle;

/* A card is suit * BK_N_RANKS + rank: 0..35. */
typedef guint8 BkCard;
#define BK_N_CARDS 36
#define BK_CARD_NONE ((BkCard) 0xff)
#define BK_CARD(suit, rank) ((BkCard) ((suit) * BK_N_RANKS + (rank)))

/* A set of cards: bit c stands for card c. */
typedef guint64 BkHand;
#define BK_HAND_EMPTY ((BkHand) 0)
#define BK_HAND_BIT(card) (((BkHand) 1) << (card))

static inline BkSuit
bk_card_suit (BkCard card)
{
  return (BkSuit) (card / BK_N_RANKS);
}

static inline BkRank
bk_card_rank (BkCard card)
{
  return (BkRank) (card % BK_N_RANKS);
}

static inline gboolean
bk_hand_has (BkHand hand, BkCard card)
{
  return (hand >> card) & 1;
}

static inline guint
bk_hand_count (BkHand hand)
{
  return (guint) __builtin_popcountll (hand);
}

/* The lowest-numbered card of a non-empty hand. */
static inline BkCard
bk_hand_first (BkHand hand)
{
  return (BkCard) __builtin_ctzll (hand);
}

/* The n-th card (0-based, in card-number order) of a hand with more than n cards. */
BkCard       bk_hand_nth              (BkHand       hand,
                                       guint        n);

const char  *bk_card_to_string        (BkCard       card);
const char  *bk_suit_name             (BkSuit       suit);
const char  *bk_rank_name             (BkRank       rank);
const char  *bk_suit_display_name     (BkSuit       suit,
                                       BkDeckStyle  style);
const char  *bk_rank_display_name     (BkRank       rank,
                                       BkDeckStyle  style);
char        *bk_card_display_name_for (BkCard       card,
                                       BkDeckStyle  style);
char        *bk_card_display_name     (BkCard       card);
void         bk_card_set_display_style (BkDeckStyle style);
BkDeckStyle  bk_card_get_display_style (void);
gboolean     bk_card_parse            (const char  *text,
                                       BkCard      *card,
                                       GError     **error);
gboolean     bk_card_list_parse       (const char  *text,
                                       BkCard      *cards,
                                       guint        max_cards,
                                       guint       *n_cards,
                                       GError     **error);
gboolean     bk_hand_parse            (const char  *text,
                                       BkHand      *hand,
                                       GError     **error);
char        *bk_card_list_to_string   (const BkCard *cards,
                                       guint        n_cards);

G_END_DECLS
