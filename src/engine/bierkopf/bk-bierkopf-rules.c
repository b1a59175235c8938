/* bk-bierkopf-rules.c: the house rules of a Bierkopf session (docs/rules-bierkopf.md), each
 * described once as a field of BkBierkopfRules (BkRules.bierkopf): BkRules parsing and
 * printing, the game record, bierkopf-cli's options,
 * GSettings, the preferences and the rules page all read this table.
 *
 * The order is the order of the record header and of the preferences; the first value of
 * each choice is its enum's 0 and the spec's default. A change here needs the same change
 * in data/io.github.bierkopf.Bierkopf.gschema.xml: test-house-rules compares the two.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf-rules.h"

#define FIELD(member) BK_HOUSE_RULE_FIELD (BkBierkopfRules, member)

static const BkHouseRule rules[] = {
  { .key = "variant", .game = "bierkopf", .section = "B1.2",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (variant),
    .values = {
      { "kurz", N_("Short (20 cards)"), N_("the short game, 20 cards, five tricks.") },
      { "lang", N_("Long (24 cards)"), N_("the long game, 24 cards with the nines, six tricks.") },
    },
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .option_help = N_("The deck: kurz (20 cards) or lang (24 cards)"), .option_arg = "VARIANT",
    .title = N_("Short or Long"), .subtitle = N_("Short with 20 cards, long with the nines") },

  { .key = "packets", .game = "bierkopf", .section = "B2.3",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (packets),
    .values = {
      { "3-2", N_("3 then 2"), N_("the short game is dealt in packets of three, then two.") },
      { "2-3", N_("2 then 3"), N_("the short game is dealt in packets of two, then three.") },
    },
    .title = N_("Dealing"), .subtitle = N_("The packets of the short game") },

  { .key = "new-seats", .game = "bierkopf", .section = "B2.5",
    .kind = BK_HOUSE_RULE_SWITCH, FIELD (new_seats_each_bollen),
    .values = {
      { "off" },
      { "on", NULL, N_("seats are drawn again after every Bollen.") },
    },
    .title = N_("New Seats Each Bollen"),
    .subtitle = N_("Draw the partners again after every Bollen") },

  { .key = "dealer-double", .game = "bierkopf", .section = "B3.4",
    .kind = BK_HOUSE_RULE_SWITCH, FIELD (dealer_may_double),
    .values = {
      { "off" },
      { "on", NULL, N_("the dealer may double, and nobody can answer it.") },
    },
    .title = N_("Dealer May Double"),
    .subtitle = N_("Without the honour code; nobody can answer his Spritze") },

  { .key = "retour", .game = "bierkopf", .section = "B3.6",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (retour_window),
    .values = {
      { "first-trick", N_("During the first trick"),
        N_("Retour from the second card of the first trick until it is complete.") },
      { "whole-hand", N_("Until the last trick"), N_("Retour until the last trick begins.") },
    },
    .title = N_("Retour"), .subtitle = N_("How long the other team may raise after a Spritze") },

  { .key = "void", .game = "bierkopf", .section = "B4.3",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (void_rule),
    .values = {
      { "trumpfzwang", N_("Must trump"),
        N_("who cannot follow suit must play a trump if he has one.") },
      { "ueberstechen", N_("Must beat the trick"),
        N_("who cannot follow suit must beat the trick with a trump if he can, "
           "else play any trump.") },
      { "frei", N_("Any card"), N_("who cannot follow suit may play any card.") },
    },
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .option_help = N_("What a player void in the led suit must do: trumpfzwang, ueberstechen or frei"),
    .option_arg = "RULE",
    .title = N_("Void in the Led Suit"),
    .subtitle = N_("What a player must do who cannot follow suit") },

  { .key = "tricks", .game = "bierkopf", .section = "B4.5",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (trick_view),
    .values = {
      { "own-and-last", N_("Own team’s and the last"),
        N_("you may look at your team’s tricks and the opponents’ last one.") },
      { "last-only", N_("Only the last trick"), N_("only the last trick may be looked at.") },
    },
    .title = N_("Looking at Tricks"), .subtitle = N_("Which taken tricks a player may look at") },

  { .key = "scoring", .game = "bierkopf", .section = "B5.2",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (scoring),
    .values = {
      { "lines", N_("Lines"), N_("lines scoring: one, Schneider two, Schwarz three.") },
      { "points", N_("Points"), N_("points scoring: 61 and more is one line, 91 and more two.") },
    },
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .option_help = N_("How a hand is scored: lines or points"), .option_arg = "MODE",
    .title = N_("Scoring"),
    .subtitle = N_("Lines: 1, Schneider 2, Schwarz 3; points: 1 from 61 card points, 2 from 91") },

  { .key = "schwarz", .game = "bierkopf", .section = "B5.2",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (schwarz),
    .values = {
      { "tricks", N_("They took no trick"), N_("Schwarz when the losers took no trick.") },
      { "no-points", N_("They took no card points"),
        N_("Schwarz when the losers took no card points.") },
    },
    .title = N_("Schwarz"), .subtitle = N_("When the losers are Schwarz") },

  { .key = "carry", .game = "bierkopf", .section = "B5.3",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (carry),
    .values = {
      { "accumulate", N_("Its value, added up"),
        N_("a 60:60 hand leaves its value for the next winner, and such lines add up.") },
      { "one", N_("One line"), N_("a 60:60 hand leaves one line for the next winner.") },
      { "none", N_("Nothing"), N_("a 60:60 hand is simply forgotten.") },
    },
    .title = N_("60:60"), .subtitle = N_("What a tied hand leaves for the next winner") },

  { .key = "lines", .game = "bierkopf", .section = "B6.1",
    .kind = BK_HOUSE_RULE_NUMBER, FIELD (lines),
    .default_value = 21, .min = 1, .max = 99 },

  { NULL }
};

/* Ends with an entry whose key is NULL. */
const BkHouseRule *
bk_bierkopf_house_rules (void)
{
  return rules;
}
