/* bk-cli-herzla.c: `legal` and `trick` with --game herzla (docs/notation.md, "Herzla";
 * docs/rules-herzla.md H1.3, H4.1, H4.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-cli.h"

/* Whether the number of players was given, as --players N or --rule players=N. */
static gboolean
players_given (const BkCliOptions *options)
{
  const BkHouseRule *house_rules = bk_rules_get_house_rules ();

  for (guint i = 0; house_rules[i].key; i++)
    if (options->plain_rules[i] && g_str_equal (house_rules[i].key, "players"))
      return TRUE;
  for (guint i = 0; options->rule_args && options->rule_args[i]; i++)
    if (g_str_has_prefix (options->rule_args[i], "players="))
      return TRUE;
  return FALSE;
}

/* The most cards of a trick: the four-player game's 4, the simple form's number of
 * players when it was given, or else its largest table, 8. */
static guint
max_players (const BkCliOptions *options)
{
  if (options->herzla.variant == BK_HERZLA_VIER)
    return 4;
  return players_given (options) ? options->herzla.n_players : BK_HERZLA_MAX_PLAYERS;
}

/* Parses at most @max_cards cards of @text into @list and @cards; a card outside the
 * variant's pack is against the rules (exit 1), a card twice a usage error (exit 2). */
static int
parse_cards (const BkHerzlaRules *rules,
             const char          *text,
             guint                max_cards,
             BkCard               list[BK_N_CARDS],
             guint               *n,
             BkHand              *cards)
{
  BkHand deck = bk_herzla_deck (rules->variant);
  g_autoptr (GError) error = NULL;

  *n = 0;
  *cards = 0;
  if (text && !bk_card_list_parse (text, list, max_cards, n, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  for (guint i = 0; i < *n; i++)
    {
      if (!bk_hand_has (deck, list[i]))
        {
          g_printerr ("bierkopf-cli: ");
          g_printerr (_("The card %s is not in the pack of this game"),
                      bk_card_to_string (list[i]));
          g_printerr ("\n");
          return BK_EXIT_RULES;
        }
      if (bk_hand_has (*cards, list[i]))
        return bk_cli_usage (_("The card %s is given twice"), bk_card_to_string (list[i]));
      *cards |= BK_HAND_BIT (list[i]);
    }
  return BK_EXIT_OK;
}

static int
parse_trick (const BkHerzlaRules *rules,
             const char          *text,
             guint                max_cards,
             BkTrick             *trick,
             BkHand              *cards)
{
  BkCard list[BK_N_CARDS];
  guint n;
  int code = parse_cards (rules, text, max_cards, list, &n, cards);

  *trick = (BkTrick) { 0 };
  for (guint i = 0; i < n; i++)
    trick->cards[i] = list[i];
  trick->n = (guint8) n;
  return code;
}

int
bk_cli_herzla_legal (BkCliOptions *options,
                     const char   *hand_text,
                     const char   *trick_text,
                     const char   *contract_text,
                     gint          trick_number)
{
  const BkHerzlaRules *rules = &options->herzla;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  BkContract contract = BK_CONTRACT_NORMAL;
  BkCard list[BK_N_CARDS];
  BkTrick trick;
  BkHand hand, in_trick;
  guint max_tricks, n;
  gboolean closed;
  int code;

  if (contract_text && !bk_contract_parse (contract_text, &contract, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (contract != BK_CONTRACT_NORMAL && rules->variant == BK_HERZLA_EINFACH)
    return bk_cli_usage (_("The simple Herzla has no contracts"));
  /* The most tricks a hand has: 8 in the four-player game, 12 with three players. */
  max_tricks = bk_herzla_hand_size (rules->variant,
                                    rules->variant == BK_HERZLA_VIER ? 4 : BK_HERZLA_MIN_PLAYERS);
  if (trick_number < 1 || (guint) trick_number > max_tricks)
    return bk_cli_usage (_("--trick-number must be between 1 and %u"), max_tricks);

  code = parse_cards (rules, hand_text, max_tricks, list, &n, &hand);
  if (code != BK_EXIT_OK)
    return code;
  if (hand == 0)
    return bk_cli_usage (_("legal needs --hand"));

  code = parse_trick (rules, trick_text, max_players (options) - 1, &trick, &in_trick);
  if (code != BK_EXIT_OK)
    return code;
  if (hand & in_trick)
    return bk_cli_usage (_("The card %s is both in the hand and in the trick"),
                         bk_card_to_string (bk_hand_first (hand & in_trick)));

  /* H4.2: tricks_done counts from 0, the option from 1. */
  closed = bk_herzla_heart_lead_closed (rules->heart_lead, contract, (guint) trick_number - 1);
  out = bk_hand_to_string (bk_herzla_rules (), bk_herzla_legal (hand, &trick, closed));
  puts (out);
  return BK_EXIT_OK;
}

int
bk_cli_herzla_trick (BkCliOptions *options,
                     const char   *cards_text)
{
  BkTrick trick;
  BkHand cards;
  int code;

  code = parse_trick (&options->herzla, cards_text, max_players (options), &trick, &cards);
  if (code != BK_EXIT_OK)
    return code;
  if (trick.n == 0)
    return bk_cli_usage (_("A trick needs at least one card"));

  /* H4.1: the highest card of the led suit; H1.3: the hearts are the trick's points. */
  printf ("{\"winner\":%u,\"points\":%u}\n", bk_trick_winner (bk_herzla_rules (), &trick),
          bk_trick_points (bk_herzla_rules (), &trick));
  return BK_EXIT_OK;
}
