/* bk-cli-rules.c: `legal` and `trick`, the rules of one position.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-cli.h"

static gboolean
parse_trick (const BkGameRules  *game,
             const BkRules      *rules,
             const char         *text,
             guint               min_cards,
             guint               max_cards,
             BkTrick            *trick,
             GError            **error)
{
  guint n = 0;
  BkHand deck = game->deck (rules);

  *trick = (BkTrick) { 0 };
  if (text && !bk_card_list_parse (text, trick->cards, max_cards, &n, error))
    return FALSE;
  if (n < min_cards)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("A trick needs at least one card"));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!bk_hand_has (deck, trick->cards[i]))
      {
        g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                     _("The card %s is not in the pack of this game"),
                     bk_card_to_string (trick->cards[i]));
        return FALSE;
      }
  trick->n = (guint8) n;
  return TRUE;
}

int
bk_cli_legal (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *hand_text = NULL, *trick_text = NULL, *out = NULL;
  g_autofree char *contract_text = NULL;
  gint trick_number = G_MININT; /* not given */
  const GOptionEntry entries[] = {
    { "hand", 0, 0, G_OPTION_ARG_STRING, &hand_text, N_("The cards in hand"), "CARDS" },
    { "trick", 0, 0, G_OPTION_ARG_STRING, &trick_text,
      N_("The cards already in the trick, in play order"), "CARDS" },
    { "contract", 0, 0, G_OPTION_ARG_STRING, &contract_text,
      N_("Herzla: the game played, normal, beddl or mord"), "CONTRACT" },
    { "trick-number", 0, 0, G_OPTION_ARG_INT, &trick_number,
      N_("Herzla: the number of the trick, from 1"), "K" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  const BkGameRules *game;
  BkTrick trick;
  BkHand hand, in_trick = 0, deck;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "legal", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (hand_text == NULL)
    return bk_cli_usage (_("legal needs --hand"));
  if (options->rules.game == BK_GAME_HERZLA)
    return bk_cli_herzla_legal (options, hand_text, trick_text, contract_text,
                                trick_number == G_MININT ? 1 : trick_number);
  if (contract_text || trick_number != G_MININT)
    return bk_cli_usage (_("--contract and --trick-number are options of Herzla"));

  game = bk_game_rules_get (options->rules.game);
  deck = game->deck (&options->rules);
  if (!bk_hand_parse (hand_text, &hand, &error) ||
      !parse_trick (game, &options->rules, trick_text, 0, BK_N_SEATS - 1, &trick, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (hand == 0 || (hand & ~deck))
    return bk_cli_usage (_("The hand must hold cards of this game’s pack"));
  for (guint i = 0; i < trick.n; i++)
    in_trick |= BK_HAND_BIT (trick.cards[i]);
  if (hand & in_trick)
    return bk_cli_usage (_("The card %s is both in the hand and in the trick"),
                         bk_card_to_string (bk_hand_first (hand & in_trick)));

  out = bk_hand_to_string (game, bk_legal_moves (game, &options->rules, hand, &trick));
  puts (out);
  return BK_EXIT_OK;
}

int
bk_cli_trick (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *cards_text = NULL;
  const GOptionEntry entries[] = {
    { "cards", 0, 0, G_OPTION_ARG_STRING, &cards_text, N_("The cards of the trick, in play order"),
      "CARDS" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  const BkGameRules *game;
  BkTrick trick;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "trick", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (cards_text == NULL)
    return bk_cli_usage (_("trick needs --cards"));
  if (options->rules.game == BK_GAME_HERZLA)
    return bk_cli_herzla_trick (options, cards_text);

  game = bk_game_rules_get (options->rules.game);
  if (!parse_trick (game, &options->rules, cards_text, 1, BK_N_SEATS, &trick, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);

  printf ("{\"winner\":%u,\"points\":%u}\n", bk_trick_winner (game, &trick),
          bk_trick_points (game, &trick));
  return BK_EXIT_OK;
}
