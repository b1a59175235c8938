/* bk-herzla-rules.c: the house rules of a Herzla session (docs/rules-herzla.md), described in
 * the same form as Bierkopf's: each sets a field of BkHerzlaRules, the first value of each
 * choice is our choice (the default of bk_herzla_rules_init_default()). BkRules holds them
 * (bk-rules.c), so the record header, its `rule` lines and bierkopf-cli's options come from
 * here; they are no GSettings keys yet (no title): the Herzla preferences come later.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-herzla-hand.h"
#include "bk-herzla-rules.h"

#define FIELD(member) BK_HOUSE_RULE_FIELD (BkHerzlaRules, member)

static const BkHouseRule rules[] = {
  /* notation.md, "Herzla": `variant vier|einfach`, `players N`. */
  { .key = "variant", .game = "herzla", .section = "H6.1",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (variant),
    .values = {
      { "vier", N_("Four players, with contracts") },
      { "einfach", N_("Simple form, 3 to 8 players") },
    },
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .title = N_("Game"), .subtitle = N_("The four-player game or the simple form") },

  { .key = "players", .game = "herzla", .section = "H6.1",
    .kind = BK_HOUSE_RULE_NUMBER, FIELD (n_players),
    .default_value = 4, .min = 3, .max = 8,
    .writing = BK_HOUSE_RULE_WRITE_PLAIN,
    .option_help = N_("The players of Herzla’s simple form: 3 to 8"), .option_arg = "N" },

  { .key = "packets", .game = "herzla", .section = "H2.1",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (packets),
    .values = {
      { "4-4", N_("Two packets of four") },
      { "2-2-2-2", N_("Four packets of two") },
    },
    .title = N_("Dealing"), .subtitle = N_("How the eight cards are dealt") },

  { .key = "heart-lead", .game = "herzla", .section = "H4.2",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (heart_lead),
    .values = {
      { "every-game", N_("In every game") },
      { "normal-only", N_("Only in the normal game") },
    },
    .title = N_("No Heart Led to the First Two Tricks"),
    .subtitle = N_("In which games the first two tricks may not be led with a heart") },

  { .key = "nobody-free", .game = "herzla", .section = "H5.3",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (pay.nobody_free),
    .values = {
      { "stock", N_("10 cents a heart into the stock") },
      { "nobody", N_("Nobody pays") },
    },
    .title = N_("Nobody Heart-Free"), .subtitle = N_("When everybody took a heart") },

  { .key = "stock", .game = "herzla", .section = "H5.4",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (pay.stock),
    .values = {
      { "sole-free", N_("The next sole heart-free player") },
      { "mord", N_("The next winner of a Mord") },
      { "session-end", N_("Shared out at the end") },
    },
    .title = N_("Stock"), .subtitle = N_("Who takes the stock") },

  { .key = "schleicher", .game = "herzla", .section = "H5.5",
    .kind = BK_HOUSE_RULE_CHOICE, FIELD (pay.schleicher),
    .values = {
      { "each", N_("80 cents from each player") },
      { "in-all", N_("80 cents in all") },
    },
    .title = N_("Schleichermord"), .subtitle = N_("What a sneaky Mord is paid") },

  { .key = "rounds", .game = "herzla", .section = "H6.3",
    .kind = BK_HOUSE_RULE_NUMBER, FIELD (rounds),
    .default_value = 0, .min = 0, .max = 99 },

  { .key = "limit", .game = "herzla", .section = "H6.3",
    .kind = BK_HOUSE_RULE_NUMBER, FIELD (limit),
    .default_value = 50, .min = 0, .max = 999 },

  { NULL }
};

/* Ends with an entry whose key is NULL. */
const BkHouseRule *
bk_herzla_house_rules (void)
{
  return rules;
}
