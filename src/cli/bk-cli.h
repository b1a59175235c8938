/* bk-cli.h: what the commands of bierkopf-cli share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "bk-error.h"
#include "bk-game.h"
#include "bk-herzla-hand.h"
#include "bk-record.h"

G_BEGIN_DECLS

/* notation.md: exit codes. */
enum {
  BK_EXIT_OK = 0,
  BK_EXIT_RULES = 1,  /* a rule violation or an invalid game record */
  BK_EXIT_USAGE = 2,  /* bad arguments */
};

typedef struct {
  BkRules   rules;
  guint64   seed;
  gboolean  quick;
  gboolean  dry_run;  /* parse and check the arguments, then stop (for the fuzzer) */
  gboolean  herzla_ok; /* set by a command that can do Herzla before bk_cli_parse() */
  gboolean  game_given; /* --game was on the command line */
  BkHerzlaRules herzla; /* with --game herzla: the Herzla house rules given */
  /* raw option values, checked after parsing */
  char     *plain_rules[32]; /* by the index of the house rule's description: --variant … */
  char    **rule_args;
} BkCliOptions;

typedef int (*BkCliCommand) (BkCliOptions *options,
                             int           argc,
                             char        **argv);

int          bk_cli_run         (int             argc,
                                 char          **argv,
                                 gboolean        dry_run);
int          bk_cli_parse       (BkCliOptions   *options,
                                 const char     *command,
                                 const char     *parameter_string,
                                 const GOptionEntry *entries,
                                 int            *argc,
                                 char         ***argv);
int          bk_cli_fail        (int             code,
                                 const GError   *error);
int          bk_cli_usage       (const char     *format,
                                 ...) G_GNUC_PRINTF (1, 2);
void         bk_cli_print_json  (JsonNode       *node);
JsonNode    *bk_cli_match_json  (BkGame         *game);

void         bk_cli_print_results (BkGame       *game);
void         bk_cli_print_session (BkGame       *game);
int          bk_cli_table       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_legal       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_trick       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_herzla_legal (BkCliOptions *options,
                                  const char   *hand_text,
                                  const char   *trick_text,
                                  const char   *contract_text,
                                  gint          trick_number);
int          bk_cli_herzla_trick (BkCliOptions *options,
                                  const char   *cards_text);
void         bk_cli_herzla_solver_bench (GString             *out,
                                         const BkHerzlaRules *rules,
                                         guint64              seed,
                                         gboolean             quick);
void         bk_cli_herzla_print_results (BkGame *game);
void         bk_cli_herzla_print_session (BkGame *game);
gboolean     bk_cli_herzla_print_settled (BkGame  *game,
                                          GError **error);
int          bk_cli_herzla_play (BkGame         *game,
                                 guint           deals,
                                 gboolean        record);
int          bk_cli_herzla_match (BkCliOptions *options,
                                  const char   *level_a,
                                  const char   *level_b,
                                  gint          deals,
                                  gint          first,
                                  gboolean      progress);
int          bk_cli_replay      (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_play        (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_bench       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_solve       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_match       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_stats       (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_review      (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
int          bk_cli_hint        (BkCliOptions   *options,
                                 int             argc,
                                 char          **argv);
BkGameKind   bk_cli_record_game (const char         *text,
                                 gsize               length,
                                 BkGameKind          fallback);
int          bk_cli_check_record (const BkCliOptions *options,
                                  const char         *text,
                                  gsize               length);
int          bk_cli_herzla_review (BkCliOptions *options,
                                   const char   *text,
                                   gsize         length,
                                   const char   *seat_text,
                                   double        threshold,
                                   gint          hand_number);
int          bk_cli_herzla_hint (BkCliOptions *options,
                                 const char   *text,
                                 gsize         length,
                                 const char   *seat_text);
int          bk_cli_history_fill (BkCliOptions  *options,
                                  int            argc,
                                  char         **argv);

G_END_DECLS
