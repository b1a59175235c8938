/* bk-herzla-rules-text.c: the rules of Herzla in short, after docs/rules-herzla.md
 * (H1-H6), each chapter followed by its house rules in use; the cards as the active deck
 * names them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-rules-text.h"

const BkRulesSection bk_herzla_rules_sections[] = {
  { N_("Cards"),
    N_("The Bavarian pack of 32 cards, 36 with the Sechsen in the simple form. There "
       "are no trumps: every suit ranks Sow, King, Ober, Unter, Ten, Nine, Eight, "
       "Seven (Six). The eight Hearts are the penalty cards."),
    N_("32 cards, 36 with the Sixes in the simple form. There are no trumps: every "
       "suit ranks Ace, King, Queen, Jack, Ten, Nine, Eight, Seven (Six). The eight "
       "Hearts are the penalty cards."),
    "H1" },
  { N_("The Deal"),
    N_("Everybody gets eight cards, dealt clockwise from the dealer’s left; the deal "
       "passes to the left after every hand. Vorhand, on the dealer’s left, bids first "
       "and leads to the first trick."),
    NULL,
    "H2" },
  { N_("Beddl and Mord"),
    N_("Starting with Vorhand, each player may bid Beddl (he will take no trick), Mord "
       "(he will take every trick) or say weiter. The first bid stands: its bidder "
       "plays alone against the other three. When all four say weiter, the normal game "
       "is played."),
    NULL,
    "H3" },
  { N_("Play"),
    N_("Follow suit if you can; otherwise play any card. Nobody has to win a trick; the "
       "highest card of the suit led takes it. No Heart may be led to the first or the "
       "second trick, unless the leader holds nothing but Hearts. A Beddl stops as soon "
       "as its declarer takes a trick, a Mord as soon as a defender does. Whoever takes "
       "all eight tricks of a normal game without bidding it has made a "
       "Schleichermord."),
    NULL,
    "H4" },
  { N_("Hearts and Cents"),
    N_("In the normal game everybody pays 10 cents for each Heart he took to the "
       "players who took none (heart-free); they share the 80 cents. Whoever took all "
       "eight Hearts pays 80 cents into the stock, the pot on the table. When nobody is "
       "heart-free, each pays 10 cents a Heart into the stock. The stock goes to the "
       "next player who is the only heart-free one. A won Beddl or Mord: each defender "
       "pays the declarer 80 cents; a lost one: the declarer pays each defender 80 "
       "cents. A Schleichermord is paid like a won Mord. The balances and the stock "
       "always add up to zero."),
    NULL,
    "H5" },
  { N_("The Simple Form, 3 to 8 Players"),
    N_("With 36 cards, the Sechsen included, dealt evenly; the rest lie aside face "
       "down. Only the normal game is played, and every Heart taken is a penalty "
       "point. The session ends after the agreed rounds, or when somebody reaches the "
       "penalty limit; the lowest total wins."),
    N_("With 36 cards, the Sixes included, dealt evenly; the rest lie aside face down. "
       "Only the normal game is played, and every Heart taken is a penalty point. The "
       "session ends after the agreed rounds, or when somebody reaches the penalty "
       "limit; the lowest total wins."),
    "H6" },
  { NULL }
};
