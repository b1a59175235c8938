/* main.c: bierkopf-cli, the headless front end of the engine (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

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
};

static int
usage (void)
{
  g_printerr ("%s\n", _("Usage: bierkopf-cli legal|trick|replay|play|solve|match|bench [OPTION…]\n"
                        "Run “bierkopf-cli COMMAND --help” for the options of a command."));
  return BK_EXIT_USAGE;
}

int
main (int    argc,
      char **argv)
{
  BkCliOptions options = { 0 };
  int code = -1;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR") ? g_getenv ("BIERKOPF_LOCALEDIR")
                                                                    : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    return usage ();

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        /* The command parses its own options from argv[1] on. */
        code = commands[i].run (&options, argc - 1, argv + 1);
        break;
      }

  g_free (options.game);
  g_free (options.variant);
  g_free (options.void_rule);
  g_free (options.scoring);
  g_strfreev (options.rule_args);

  if (code < 0)
    {
      if (!g_str_equal (argv[1], "--help") && !g_str_equal (argv[1], "-h"))
        g_printerr (_("bierkopf-cli: unknown command “%s”\n"), argv[1]);
      return usage ();
    }
  return code;
}
