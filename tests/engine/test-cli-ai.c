/* test-cli-ai.c: the computer players' commands of bierkopf-cli as a black box
 * (notation.md `solve`, `match`, `bench`, `play --players`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "test-helpers.h"

static char *cli_path;

typedef struct {
  int   status;
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

static void cli_run (CliRun *run,
                     ...) G_GNUC_NULL_TERMINATED;

/* Runs bierkopf-cli with the NULL-terminated arguments. */
static void
cli_run (CliRun *run,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *command = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, cli_path);
  va_start (args, run);
  while ((arg = va_arg (args, const char *)))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  command = g_strjoinv ("” “", (char **) argv->pdata);
  g_test_message ("running “%s”", command);
  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                                     : -1;
  if (run->err && run->err[0])
    g_test_message ("stderr: %s", run->err);
}

static JsonObject *
parse_object (const char *text,
              JsonNode  **owner)
{
  g_autoptr (GError) error = NULL;

  *owner = json_from_string (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*owner);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (*owner));
  return json_node_get_object (*owner);
}

/* notation.md `solve`: {"SN":P,"WE":P,"best":"CARD"}. */
static void
test_solve (void)
{
  g_auto (CliRun) run = { 0 };
  g_autoptr (JsonNode) node = NULL;
  JsonObject *object;

  /* South takes both tricks with EA and EO in either order: 64 points, nothing left. */
  cli_run (&run, "solve", "--hands", "S:EA EO W:E10 SK N:GK GA E:SA S10", "--lead", "S", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  g_assert_cmpint (json_object_get_int_member (object, "SN"), ==, 64);
  g_assert_cmpint (json_object_get_int_member (object, "WE"), ==, 0);
  g_assert_true (g_strv_contains ((const char *[]) { "EA", "EO", NULL },
                                  json_object_get_string_member (object, "best")));
  cli_run_clear (&run);
  g_clear_pointer (&node, json_node_unref);

  /* spec B5.1: the team with the ten highest trumps takes all 120. */
  cli_run (&run, "solve", "--hands",
           "S:EO GO HO SO EU W:HK EA E10 EK GA N:GU HU SU HA H10 E:G10 GK SA S10 SK",
           "--lead", "W", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  g_assert_cmpint (json_object_get_int_member (object, "SN"), ==, 120);
  g_assert_cmpint (json_object_get_int_member (object, "WE"), ==, 0);
  cli_run_clear (&run);
  g_clear_pointer (&node, json_node_unref);

  /* South has led EA: it counts for the team that takes the trick; West must follow. */
  cli_run (&run, "solve", "--hands", "S:EO W:E10 SK N:GK GA E:SA S10", "--lead", "S", "--trick",
           "EA", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  g_assert_cmpint (json_object_get_int_member (object, "SN"), ==, 64);
  g_assert_cmpint (json_object_get_int_member (object, "WE"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (object, "best"), ==, "E10");
}

/* notation.md exit codes: 1 for a rule violation, 2 for bad arguments. */
static void
test_solve_errors (void)
{
  g_auto (CliRun) run = { 0 };

  /* West held E10 yet threw SK on an Eichel lead (B4.2). */
  cli_run (&run, "solve", "--hands", "S:EO W:E10 N:GK GA E:SA S10", "--lead", "S", "--trick",
           "EA SK", NULL);
  g_assert_cmpint (run.status, ==, 1);
  cli_run_clear (&run);

  cli_run (&run, "solve", "--hands", "S:EO W:E10", "--lead", "S", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);

  cli_run (&run, "solve", "--hands", "S:EO W:E10 N:GK E:SA", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);

  cli_run (&run, "solve", "--hands", "EO W:E10 N:GK E:SA", "--lead", "S", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* notation.md `match`: one object, means of A − B with confidence intervals. */
static void
test_match (void)
{
  g_auto (CliRun) run = { 0 };
  g_auto (CliRun) again = { 0 };
  g_autoptr (JsonNode) node = NULL;
  JsonObject *object, *card_points, *game_points;
  /* Six deals at full scale, at least two (a match of more than one deal) when scaled. */
  guint n_deals = MAX (2, bk_test_scaled (6));
  g_autofree char *deals = g_strdup_printf ("%u", n_deals);

  cli_run (&run, "match", "--a", "pimc", "--b", "heuristic", "--deals", deals, "--seed", "3",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  g_assert_cmpstr (json_object_get_string_member (object, "a"), ==, "pimc");
  g_assert_cmpstr (json_object_get_string_member (object, "b"), ==, "heuristic");
  g_assert_cmpint (json_object_get_int_member (object, "deals"), ==, n_deals);
  g_assert_cmpint (json_object_get_int_member (object, "seed"), ==, 3);
  card_points = json_object_get_object_member (object, "card_points");
  game_points = json_object_get_object_member (object, "game_points");
  g_assert_nonnull (card_points);
  g_assert_nonnull (game_points);
  g_assert_cmpfloat (fabs (json_object_get_double_member (card_points, "mean")), <=, 120);
  g_assert_cmpfloat (json_object_get_double_member (card_points, "ci95"), >=, 0);
  g_assert_cmpfloat (json_object_get_double_member (game_points, "ci95"), >=, 0);
  g_assert_cmpfloat (json_object_get_double_member (object, "a_hand_win_rate"), >=, 0);
  g_assert_cmpfloat (json_object_get_double_member (object, "a_hand_win_rate"), <=, 1);

  /* The same seed, the same match. */
  cli_run (&again, "match", "--a", "pimc", "--b", "heuristic", "--deals", deals, "--seed", "3",
           NULL);
  g_assert_cmpstr (run.out, ==, again.out);
}

/* A level against itself, both halves of each deal identical play: exactly zero. */
static void
test_match_mirror (void)
{
  g_auto (CliRun) run = { 0 };
  g_autoptr (JsonNode) node = NULL;
  JsonObject *object;
  g_autofree char *deals = g_strdup_printf ("%u", MAX (2, bk_test_scaled (4)));

  cli_run (&run, "match", "--a", "cheat", "--b", "cheat", "--deals", deals, "--talk", "off",
           "--doubling", "off", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  g_assert_false (json_object_get_boolean_member (object, "talk"));
  g_assert_false (json_object_get_boolean_member (object, "doubling"));
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (object,
                                                                                    "card_points"),
                                                    "mean"), ==, 0);
}

static void
test_match_errors (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, "match", "--a", "pimc", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);
  cli_run (&run, "match", "--a", "pimc", "--b", "nobody", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);
  cli_run (&run, "match", "--a", "pimc", "--b", "pimc", "--talk", "maybe", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* `play --players` takes every level. */
static void
test_play_levels (void)
{
  g_auto (CliRun) run = { 0 };

  cli_run (&run, "play", "--deals", "2", "--seed", "5", "--players",
           "S=pimc,W=heuristic,N=cheat,E=random", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\"result\""));
}

static double
number_at (JsonObject *object,
           const char *first,
           const char *second)
{
  JsonObject *inner = json_object_get_object_member (object, first);

  g_assert_nonnull (inner);
  return second ? json_object_get_double_member (inner, second)
                : json_object_get_double_member (object, first);
}

/* notation.md `bench`: the AI's figures are there (values only, never a threshold). */
static void
test_bench (void)
{
  g_auto (CliRun) run = { 0 };
  g_autoptr (JsonNode) node = NULL;
  static const char * const levels[] = { "random", "heuristic", "pimc", "meister", "cheat" };
  JsonObject *object, *decision;

  cli_run (&run, "bench", "--quick", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = parse_object (run.out, &node);
  for (guint i = 0; i < 4; i++)
    {
      const char *name = (const char *[]) { "solve20", "solve20_plain", "solve20_proof",
                                            "solve24" }[i];

      g_assert_cmpfloat (number_at (object, name, "median_ms"), >, 0);
      g_assert_cmpfloat (number_at (object, name, "p99_ms"), >=,
                         number_at (object, name, "median_ms"));
    }
  g_assert_cmpfloat (number_at (object, "solve20_speedup", "median"), >, 0);
  g_assert_cmpfloat (number_at (object, "solve20_speedup", "proof_median"), >, 0);
  /* The table, the ordering and the reduction must cut the tree, whatever the clock. */
  g_assert_cmpfloat (number_at (object, "solve20_speedup", "nodes"), <,
                     number_at (object, "solve20_speedup", "plain_nodes") / 4);
  g_assert_cmpfloat (json_object_get_double_member (object, "worlds_per_second"), >, 0);
  /* the hand review and the hint (bk-review.h) */
  g_assert_cmpfloat (number_at (object, "review_hand", "median_ms"), >, 0);
  g_assert_cmpfloat (number_at (object, "hint", "p99_ms"), >=,
                     number_at (object, "hint", "median_ms"));
  decision = json_object_get_object_member (object, "decision");
  g_assert_nonnull (decision);
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      JsonObject *level = json_object_get_object_member (decision, levels[i]);

      g_assert_nonnull (level);
      g_assert_cmpfloat (json_object_get_double_member (level, "max_ms"), >=,
                         json_object_get_double_member (level, "median_ms"));
      g_assert_true (json_object_has_member (level, "bidding"));
    }
}

int
main (int    argc,
      char **argv)
{
  const char *env = g_getenv ("BIERKOPF_CLI");
  g_autofree char *program_dir = g_path_get_dirname (argv[0]);

  g_test_init (&argc, &argv, NULL);

  if (env && *env)
    cli_path = g_strdup (env);
  else
    cli_path = g_build_filename (program_dir, "..", "..", "src", "cli", "bierkopf-cli", NULL);

  g_test_add_func ("/cli-ai/solve/B5.1", test_solve);
  g_test_add_func ("/cli-ai/solve/errors", test_solve_errors);
  g_test_add_func ("/cli-ai/match/duplicate", test_match);
  g_test_add_func ("/cli-ai/match/mirror", test_match_mirror);
  g_test_add_func ("/cli-ai/match/errors", test_match_errors);
  g_test_add_func ("/cli-ai/play/levels", test_play_levels);
  g_test_add_func ("/cli-ai/bench", test_bench);

  return g_test_run ();
}
