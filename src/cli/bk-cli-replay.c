/* bk-cli-replay.c: `replay FILE|-`, checking a game record line by line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "bk-cli.h"

static void
hand_scored_cb (BkGame             *game,
                const BkHandResult *result,
                gpointer            user_data)
{
  bk_cli_print_json (bk_cli_result_json (result));
}

static void
ready_cb (BkGame   *game,
          gpointer  user_data)
{
  g_signal_connect (game, "hand-scored", G_CALLBACK (hand_scored_cb), NULL);
}

static char *
read_input (const char  *path,
            GError     **error)
{
  g_autoptr (GString) text = NULL;
  char buffer[4096];
  size_t n;
  char *contents = NULL;

  if (!g_str_equal (path, "-"))
    return g_file_get_contents (path, &contents, NULL, error) ? contents : NULL;

  text = g_string_new (NULL);
  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    g_string_append_len (text, buffer, (gssize) n);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

int
bk_cli_replay (BkCliOptions  *options,
               int            argc,
               char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *text = NULL;
  int code;

  code = bk_cli_parse (options, "replay", "FILE|-", NULL, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (argc != 2)
    return bk_cli_usage (_("replay takes one file name, or - for standard input"));

  text = read_input (argv[1], &error);
  if (text == NULL)
    return bk_cli_fail (BK_EXIT_USAGE, error);

  fflush (stdout);
  game = bk_record_replay (text, &options->rules, ready_cb, NULL, &error);
  if (game == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);

  bk_cli_print_json (bk_cli_match_json (game));
  return BK_EXIT_OK;
}
