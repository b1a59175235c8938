/* bk-cli-run.c: the command dispatch of bierkopf-cli, callable from main() and the
 * argument fuzzer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-cli.h"

static const struct {
  const char   *name;
  BkCliCommand  run;
} commands[] = {
  { "legal", bk_cli_legal },
  { "trick", bk_cli_trick },
  { "replay", bk_cli_replay },
  { "play", bk_cli_play },
  { "bench", bk_cli_bench },
  { "solve", bk_cli_solve },
  { "match", bk_cli_match },
  { "stats", bk_cli_stats },
  { "history-fill", bk_cli_history_fill },
  { "review", bk_cli_review },
  { "hint", bk_cli_hint },
#ifdef BK_HAVE_NET
  { "table", bk_cli_table },
#endif
};

/* The commands in a line, and how to learn their options: on stderr after a mistake, on
 * stdout (exit 0) when asked for with --help. */
static int
usage (gboolean asked)
{
  const char *text = _("Usage: bierkopf-cli legal|trick|replay|play|solve|match|bench|stats|"
                       "history-fill|review|hint|table [OPTION…]\n"
                       "Run “bierkopf-cli COMMAND --help” for the options of a command.");

  if (asked)
    {
      g_print ("%s\n", text);
      return BK_EXIT_OK;
    }
  g_printerr ("%s\n", text);
  return BK_EXIT_USAGE;
}

/* Runs the command line @argv (argv[0] the program); @argv may be rearranged. With
 * @dry_run the command parses and checks its arguments and returns without doing its
 * work: the exit code says whether they were good. */
int
bk_cli_run (int       argc,
            char    **argv,
            gboolean  dry_run)
{
  BkCliOptions options = { 0 };
  int code = -1;

  if (argc < 2 || argv[1] == NULL)
    return usage (FALSE);

  options.dry_run = dry_run;
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        /* The command parses its own options from argv[1] on. */
        code = commands[i].run (&options, argc - 1, argv + 1);
        break;
      }

  for (guint i = 0; i < G_N_ELEMENTS (options.plain_rules); i++)
    g_free (options.plain_rules[i]);
  g_strfreev (options.rule_args);

  if (code < 0)
    {
      if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
        return usage (!dry_run);
      g_printerr (_("bierkopf-cli: unknown command “%s”\n"), argv[1]);
      return usage (FALSE);
    }
  return code;
}
