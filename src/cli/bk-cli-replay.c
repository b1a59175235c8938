/* bk-cli-replay.c: `replay FILE|-`, checking a game record line by line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-bierkopf-result.h"
#include "bk-cli.h"

static void
hand_scored_cb (BkGame             *game,
                const BkHandResult *result,
                gpointer            user_data)
{
  bk_cli_print_json (bk_bierkopf_result_to_json (result));
}

/* Prints each hand's result as it is scored, as `replay` does (also `table host`). */
void
bk_cli_print_results (BkGame *game)
{
  if (bk_game_get_module (game)->kind == BK_GAME_HERZLA)
    {
      bk_cli_herzla_print_results (game);
      return;
    }
  g_signal_connect (game, "hand-scored", G_CALLBACK (hand_scored_cb), NULL);
}

static void
ready_cb (BkGame   *game,
          gpointer  user_data)
{
  bk_cli_print_results (game);
}

/* The session's line after its hands, as `replay` prints it. */
void
bk_cli_print_session (BkGame *game)
{
  if (bk_game_get_module (game)->kind == BK_GAME_HERZLA)
    bk_cli_herzla_print_session (game);
  else
    bk_cli_print_json (bk_cli_match_json (game));
}

int
bk_cli_replay (BkCliOptions  *options,
               int            argc,
               char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gboolean ok, settle = FALSE;
  int code;
  const GOptionEntry entries[] = {
    { "settle", 0, 0, G_OPTION_ARG_NONE, &settle,
      N_("Herzla for four: the session line after settling up (H5.4)"), NULL },
    { NULL }
  };

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "replay", "FILE|-", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (argc != 2)
    return bk_cli_usage (_("replay takes one file name, or - for standard input"));

  if (options->dry_run)
    return BK_EXIT_OK;

  /* At most BK_RECORD_MAX_SIZE bytes are read, from a file or standard input. */
  if (g_str_equal (argv[1], "-"))
    ok = bk_record_read_fd (0, &text, &length, &error);
  else
    ok = bk_record_read_file (argv[1], &text, &length, &error);
  if (!ok)
    return bk_cli_fail (g_error_matches (error, BK_ERROR, BK_ERROR_TOO_LARGE) ? BK_EXIT_RULES
                                                                             : BK_EXIT_USAGE,
                        error);

  code = bk_cli_check_record (options, text, length);
  if (code != BK_EXIT_OK)
    return code;

  fflush (stdout);
  game = bk_record_replay_data (text, length, &options->rules, ready_cb, NULL, &error);
  if (game == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  if (settle)
    {
      if (bk_game_get_module (game)->kind != BK_GAME_HERZLA)
        return bk_cli_usage (_("--settle settles up a Herzla session; Bierkopf has none"));
      if (!bk_cli_herzla_print_settled (game, &error))
        return bk_cli_fail (BK_EXIT_RULES, error);
    }
  else
    bk_cli_print_session (game);
  return BK_EXIT_OK;
}
