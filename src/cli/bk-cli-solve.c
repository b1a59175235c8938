/* bk-cli-solve.c: `solve`, the exact double-dummy value of a position (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-cli.h"
#include "bk-solver.h"

/* "S:EO GO HA W:EA … N:… E:…": a seat letter and a colon start each hand; a seat left
 * out holds nothing. */
static gboolean
parse_hands (const char  *text,
             BkHand       hands[BK_N_SEATS],
             GError     **error)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t,", -1);
  guint given = 0;
  BkSeat seat = BK_SEAT_NONE;

  for (guint s = 0; s < BK_N_SEATS; s++)
    hands[s] = 0;

  for (guint i = 0; words[i]; i++)
    {
      const char *word = words[i];
      const char *colon = strchr (word, ':');
      BkCard card;

      if (colon)
        {
          g_autofree char *name = g_strndup (word, colon - word);

          if (!bk_seat_parse (name, &seat, error))
            return FALSE;
          if (given & (1u << seat))
            {
              g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                           _("The hand of %s is given twice"), bk_seat_display_name (seat));
              return FALSE;
            }
          given |= 1u << seat;
          word = colon + 1;
        }
      if (word[0] == '\0')
        continue;
      if (seat == BK_SEAT_NONE)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       _("--hands must start with a seat, e.g. “S:EO GO W:…”"));
          return FALSE;
        }
      if (!bk_card_parse (word, &card, error))
        return FALSE;
      hands[seat] |= BK_HAND_BIT (card);
    }
  return TRUE;
}

int
bk_cli_solve (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *hands_text = NULL, *lead_text = NULL, *trick_text = NULL;
  const GOptionEntry entries[] = {
    { "hands", 0, 0, G_OPTION_ARG_STRING, &hands_text,
      N_("The cards left in each hand, e.g. “S:EO GA W:… N:… E:…”"), "HANDS" },
    { "lead", 0, 0, G_OPTION_ARG_STRING, &lead_text,
      N_("The seat that leads the trick on the table (or the next trick)"), "SEAT" },
    { "trick", 0, 0, G_OPTION_ARG_STRING, &trick_text,
      N_("The cards already in the trick, in play order"), "CARDS" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkSolver) solver = NULL;
  BkHand hands[BK_N_SEATS];
  BkTrick trick = { 0 };
  BkSeat lead;
  BkCard best;
  guint n = 0, sn, total;
  int code;

  code = bk_cli_parse (options, "solve", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (hands_text == NULL || lead_text == NULL)
    return bk_cli_usage (_("solve needs --hands and --lead"));

  if (!parse_hands (hands_text, hands, &error) || !bk_seat_parse (lead_text, &lead, &error) ||
      (trick_text && !bk_card_list_parse (trick_text, trick.cards, BK_N_SEATS - 1, &n, &error)))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  trick.n = (guint8) n;
  trick.leader = lead;

  if (!bk_position_check (&options->rules, hands, &trick, &error))
    return bk_cli_fail (g_error_matches (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD)
                        ? BK_EXIT_RULES : BK_EXIT_USAGE, error);

  solver = bk_solver_new (&options->rules);
  sn = bk_solver_solve (solver, hands, &trick, &best);
  total = bk_trick_points (bk_game_rules_get (options->rules.game), &trick);
  for (guint s = 0; s < BK_N_SEATS; s++)
    for (BkHand rest = hands[s]; rest; rest &= rest - 1)
      total += bk_game_rules_get (options->rules.game)->points[bk_hand_first (rest)];

  printf ("{\"SN\":%u,\"WE\":%u,\"best\":", sn, total - sn);
  if (best == BK_CARD_NONE)
    printf ("null}\n");
  else
    printf ("\"%s\"}\n", bk_card_to_string (best));
  return BK_EXIT_OK;
}
