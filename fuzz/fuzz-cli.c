/* fuzz-cli.c: libFuzzer target over the argument parsing of bierkopf-cli (issue 10).
 *
 * The input is a command line, its arguments separated by NUL bytes. bk_cli_run() parses
 * and checks them as bierkopf-cli would; `legal`, `trick` and `solve` run in full, the
 * longer commands stop after checking (a dry run). Any exit code is fine, a crash is not.
 * Built with -Dfuzzing=true (clang); see README.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bk-cli.h"

#define MAX_ARGS 32

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet (const char *text)
{
}

/* Criticals and warnings are bugs: abort, so that libFuzzer keeps the input. */
static void
log_handler (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      fprintf (stderr, "%s: %s\n", domain ? domain : "(no domain)", message);
      abort ();
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  int null = open ("/dev/null", O_WRONLY);

  /* What the commands print is not the point: keep libFuzzer's report readable. */
  if (null >= 0)
    {
      fflush (stdout);
      dup2 (null, STDOUT_FILENO);
      close (null);
    }
  g_set_printerr_handler (quiet);
  g_log_set_default_handler (log_handler, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_malloc (size + 1);
  char *args[MAX_ARGS + 2];
  int argc = 0;
  int code;

  memcpy (text, data, size);
  text[size] = '\0';

  args[argc++] = (char *) "bierkopf-cli";
  for (size_t at = 0; at <= size && argc <= MAX_ARGS; at += strlen (text + at) + 1)
    args[argc++] = text + at;
  args[argc] = NULL;

  code = bk_cli_run (argc, args, TRUE);
  if (code < 0 || code > 2)
    abort ();
  fflush (stdout);
  return 0;
}
