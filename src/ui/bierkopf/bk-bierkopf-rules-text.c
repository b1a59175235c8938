/* bk-bierkopf-rules-text.c: the rules of Bierkopf in short (spec B1-B6), each chapter
 * followed by its house rules in use. The rules speak of the cards as the active deck draws
 * them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-rules-text.h"

const BkRulesSection bk_bierkopf_rules_sections[] = {
  { N_("Cards"),
    N_("Bavarian cards: Acorns, Leaves, Hearts and Bells. The Sow counts 11, the Ten "
       "10, the King 4, the Ober 3, the Unter 2, the Nine nothing: 120 card points in "
       "all."),
    N_("French cards: Clubs, Spades, Hearts and Diamonds. The Ace counts 11, the Ten "
       "10, the King 4, the Queen 3, the Jack 2, the Nine nothing: 120 card points in "
       "all."),
    "B1" },
  { N_("Trumps"),
    N_("Every Ober, every Unter and every Heart is a trump, high to low: the Obers of "
       "Acorns, Leaves, Hearts, Bells, then the Unters in the same order, then the Sow, "
       "Ten, King (and Nine) of Hearts. The plain suits Acorns, Leaves and Bells rank "
       "Sow, Ten, King (Nine)."),
    N_("Every Queen, every Jack and every Heart is a trump, high to low: the Queens of "
       "Clubs, Spades, Hearts, Diamonds, then the Jacks in the same order, then the "
       "Ace, Ten, King (and Nine) of Hearts. The plain suits Clubs, Spades and Diamonds "
       "rank Ace, Ten, King (Nine)."),
    NULL },
  { N_("Partners"),
    N_("At the start the cards are dealt face up until two Sows appear: their holders "
       "play together for the whole session and sit opposite. The forehand, left of "
       "the dealer, plays with the rearhand; the middlehand with the dealer."),
    N_("At the start the cards are dealt face up until two Aces appear: their holders "
       "play together for the whole session and sit opposite. The forehand, left of "
       "the dealer, plays with the rearhand; the middlehand with the dealer."),
    "B2" },
  { N_("Table Talk and Doubling"),
    N_("Before the first card the forehand and his partner say how well they can help "
       "(good, so-so, bad); the forehand may then announce a Spritze, doubling the hand. "
       "If he passes, the other team says whether it can help and the middlehand may "
       "double; then the rearhand. The dealer never doubles: “because we sit at the "
       "back”. After a Spritze the other team may answer with a Retour, doubling again; "
       "raises alternate, and stop once one win would end the Bollen."),
    NULL,
    "B3" },
  { N_("Play"),
    N_("The forehand leads. You must follow suit; trumps count as one suit, so a led "
       "Ober or Heart asks for a trump. Nobody must beat a trick when following suit. "
       "The highest trump wins, else the highest card of the led suit."),
    N_("The forehand leads. You must follow suit; trumps count as one suit, so a led "
       "Queen or Heart asks for a trump. Nobody must beat a trick when following suit. "
       "The highest trump wins, else the highest card of the led suit."),
    "B4" },
  { N_("Scoring"),
    N_("61 card points win. The winners strike lines on their beer coaster: one, two "
       "with Schneider (the losers have fewer than 30), three with Schwarz, times the "
       "doublings. A 60:60 hand is won by nobody."),
    NULL,
    "B5" },
  { N_("The Bollen"),
    N_("Each team starts with 21 lines. The team that strikes its last line wins the "
       "Bollen: the losers owe a Maß of beer and get a dot on their coaster, and both "
       "coasters start afresh."),
    NULL,
    "B6" },
  { NULL }
};
