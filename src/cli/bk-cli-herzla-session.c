/* bk-cli-herzla-session.c: what `replay` and `play` print of a Herzla session
 * (docs/notation.md, "Herzla"): the result object of each hand, `play`'s hand objects
 * with the deal, the bids and the cards, and the session line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-cli.h"
#include "bk-computer-turn.h"
#include "bk-herzla-game.h"
#include "bk-herzla-result.h"

/* What `play` gathers of a hand while it runs, one JSON array each. */
typedef struct {
  GString *bids;
  GString *cards;
} HandLog;

static void
print_result (BkGame                *game,
              const BkHerzlaResult  *result,
              gpointer               user_data)
{
  g_autoptr (GString) line = g_string_new (NULL);

  bk_herzla_result_write (result, line);
  puts (line->str);
}

/* `replay`: the result object of every finished hand, one a line. */
void
bk_cli_herzla_print_results (BkGame *game)
{
  g_signal_connect (game, "hand-scored", G_CALLBACK (print_result), NULL);
}

/* The session line: balances and stock, or the penalty totals of the simple form. */
void
bk_cli_herzla_print_session (BkGame *game)
{
  g_autoptr (GString) line = g_string_new (NULL);

  bk_herzla_session_write (bk_game_get_score (game), line);
  puts (line->str);
}

/* `replay --settle`: the session line once the players settle up (H5.4, H5.6): under the
 * house rule "session-end" the stock shared out. FALSE with @error in the middle of a hand
 * or in the simple form. */
gboolean
bk_cli_herzla_print_settled (BkGame  *game,
                             GError **error)
{
  g_autoptr (GString) line = g_string_new (NULL);
  BkHerzlaScore settled;

  if (!bk_herzla_game_settle (game, &settled, error))
    return FALSE;
  bk_herzla_session_write (&settled, line);
  puts (line->str);
  return TRUE;
}

static void
append_pair (GString    *array,
             const char *seat,
             const char *what)
{
  g_string_append_printf (array, "%s[\"%s\",\"%s\"]", array->len > 1 ? "," : "", seat, what);
}

static void
bid_said (BkGame  *game,
          guint    seat,
          guint    contract,
          HandLog *log)
{
  append_pair (log->bids, bk_seat_name (bk_game_get_rules (game), seat),
               contract == BK_CONTRACT_NORMAL ? "weiter"
                                              : bk_contract_to_string ((BkContract) contract));
}

static void
card_played (BkGame  *game,
             guint    seat,
             guint    card,
             HandLog *log)
{
  append_pair (log->cards, bk_seat_name (bk_game_get_rules (game), seat),
               bk_card_to_string ((BkCard) card));
}

/* One hand as `play` prints it: {"hand":N,"dealer":…,"deal":{…},"aside":…,"bids":[…],
 * "cards":[…],"result":{…}}. */
static void
print_hand (BkGame  *game,
            HandLog *log)
{
  const BkRules *rules = bk_game_get_rules (game);
  const BkHerzlaHand *hand = bk_game_get_hand (game);
  const BkGameRules *trick_rules = bk_game_get_module (game)->trick_rules ();
  guint n = bk_game_get_n_seats (game);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *aside = bk_hand_to_string (trick_rules, hand->aside);

  g_string_append_printf (out, "{\"hand\":%u,\"dealer\":\"%s\",\"deal\":{",
                          bk_game_get_hand_number (game), bk_seat_name (rules, hand->dealer));
  for (guint k = 1; k <= n; k++)
    {
      guint seat = (hand->dealer + k) % n;
      g_autofree char *cards = bk_hand_to_string (trick_rules, hand->dealt[seat]);

      g_string_append_printf (out, "%s\"%s\":\"%s\"", k > 1 ? "," : "",
                              bk_seat_name (rules, seat), cards);
    }
  g_string_append_printf (out, "},\"aside\":\"%s\",\"bids\":%s],\"cards\":%s],\"result\":",
                          aside, log->bids->str, log->cards->str);
  bk_herzla_result_write (bk_herzla_game_get_last_result (game), out);
  g_string_append_c (out, '}');
  puts (out->str);
}

/* `play` of a Herzla session whose seats all have computer players: @deals hands (fewer
 * when the session ends first, H6.3), each as a JSON object, then the session line; or
 * with @record the game record instead. */
int
bk_cli_herzla_play (BkGame   *game,
                    guint     deals,
                    gboolean  record)
{
  HandLog log = { g_string_new (NULL), g_string_new (NULL) };
  g_autoptr (GError) error = NULL;
  int code = BK_EXIT_OK;

  g_signal_connect (game, "bid-said", G_CALLBACK (bid_said), &log);
  g_signal_connect (game, "card-played", G_CALLBACK (card_played), &log);
  for (guint i = 0; i < deals && !bk_game_is_session_over (game); i++)
    {
      g_string_assign (log.bids, "[");
      g_string_assign (log.cards, "[");
      if (!bk_game_next_hand (game, &error))
        {
          code = bk_cli_fail (BK_EXIT_RULES, error);
          break;
        }
      bk_game_run (game);
      if (bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
        {
          code = bk_cli_usage (_("A seat is not played by a computer player"));
          break;
        }
      if (!record)
        print_hand (game, &log);
    }
  g_signal_handlers_disconnect_by_data (game, &log);
  g_string_free (log.bids, TRUE);
  g_string_free (log.cards, TRUE);
  if (code != BK_EXIT_OK)
    return code;

  if (record)
    {
      g_autofree char *text = bk_game_to_record (game);

      fputs (text, stdout);
    }
  else
    bk_cli_herzla_print_session (game);
  return BK_EXIT_OK;
}
