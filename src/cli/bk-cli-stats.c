/* bk-cli-stats.c: `stats`, the statistics of the history as JSON, and `history-fill`,
 * random hands stored in a history for tests and benchmarks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-levels.h"
#include "bk-bierkopf-result.h"
#include "bk-cli.h"
#include "bk-history.h"

/* The sessions the running balance shows by default. */
#define DEFAULT_SESSIONS 30

int
bk_cli_stats (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *db = NULL;
  gint sessions = DEFAULT_SESSIONS;
  const GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db,
      N_("The history database (default: the player’s own)"), "FILE" },
    { "sessions", 0, 0, G_OPTION_ARG_INT, &sessions,
      N_("How many sessions the running balance shows"), "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (BkHistoryStats) stats = NULL;

  g_option_context_set_help_enabled (context, !options->dry_run);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (argc > 1)
    return bk_cli_usage (_("%s takes no argument “%s”; see “bierkopf-cli %s --help”"),
                         "stats", argv[1], "stats");
  if (sessions < 1)
    return bk_cli_usage (_("--sessions must be at least 1"));
  if (options->dry_run)
    return BK_EXIT_OK;

  if (db == NULL)
    db = bk_history_default_path ();
  history = bk_history_new (db, &error);
  if (history == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  if (bk_history_get_set_aside (history))
    g_printerr (_("bierkopf-cli: the damaged history was set aside as “%s”\n"),
                bk_history_get_set_aside (history));
  stats = bk_history_get_stats (history, (guint) sessions, &error);
  if (stats == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);
  bk_cli_print_json (bk_history_stats_to_json (stats));
  return BK_EXIT_OK;
}

typedef struct {
  BkTeam bollen_winner;
} Fill;

static void
bollen_won_cb (BkGame *game,
               guint   team,
               Fill   *fill)
{
  fill->bollen_winner = (BkTeam) team;
}

/* What fill_session() allocates per hand. */
static void
clear_hand (gpointer data)
{
  BkHistoryHand *hand = data;

  g_free (hand->record);
  g_free (hand->result);
}

/* One session of @n_hands random hands, stored in one transaction. */
static gboolean
fill_session (BkHistory      *history,
              BkCliOptions   *options,
              guint64         seed,
              gint64          session,
              guint           n_hands,
              GRand          *rand,
              gint64         *date,
              GError        **error)
{
  g_autoptr (BkGame) game = bk_game_new (&options->rules, seed);
  g_autoptr (GArray) hands = g_array_sized_new (FALSE, TRUE, sizeof (BkHistoryHand), n_hands);
  const char * const levels[BK_N_SEATS] = { NULL, "random", "random", "random" };
  g_autofree char *strength = NULL;
  g_autofree char *level_text = bk_history_levels (levels, BK_SEAT_S, &strength);
  Fill fill = { BK_TEAM_NONE };

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "random", NULL);

      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_array_set_clear_func (hands, clear_hand);
  g_signal_connect (game, "bollen-won", G_CALLBACK (bollen_won_cb), &fill);

  for (guint k = 0; k < n_hands; k++)
    {
      BkHistoryHand hand = { 0 };
      g_autofree char *record = NULL;
      JsonNode *result;

      fill.bollen_winner = BK_TEAM_NONE;
      if (!bk_game_next_hand (game, error))
        return FALSE;
      bk_game_run (game);
      if (bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
        return FALSE;

      bk_history_hand_from_bierkopf (&hand, game, BK_SEAT_S, fill.bollen_winner);
      record = bk_game_to_record (game);
      hand.record = bk_history_hand_record (record);
      result = bk_bierkopf_result_to_json (bk_game_get_last_result (game));
      hand.result = json_to_string (result, FALSE);
      json_node_unref (result);
      hand.levels = level_text;
      hand.strength = strength;
      hand.session = session;
      hand.date = *date;
      *date += 60;
      /* About one hand in twenty with help, so that those are counted apart. */
      hand.hints_used = g_rand_int_range (rand, 0, 20) == 0;
      hand.takeback_used = g_rand_int_range (rand, 0, 40) == 0;
      g_array_append_val (hands, hand);
    }

  return bk_history_add_hands (history, (const BkHistoryHand *) hands->data, hands->len, error);
}

int
bk_cli_history_fill (BkCliOptions  *options,
                     int            argc,
                     char         **argv)
{
  g_autofree char *db = NULL;
  gint n_hands = 0;
  const GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, N_("The history database to fill"), "FILE" },
    { "hands", 0, 0, G_OPTION_ARG_INT, &n_hands, N_("How many hands to store"), "N" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkHistory) history = NULL;
  g_autoptr (GRand) rand = NULL;
  gint64 date, session = 0;
  int code;

  code = bk_cli_parse (options, "history-fill", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (db == NULL)
    return bk_cli_usage (_("history-fill needs --db FILE"));
  if (n_hands < 1)
    return bk_cli_usage (_("--hands must be at least 1"));
  if (options->dry_run)
    return BK_EXIT_OK;

  history = bk_history_new (db, &error);
  if (history == NULL)
    return bk_cli_fail (BK_EXIT_RULES, error);

  rand = g_rand_new_with_seed ((guint32) (options->seed ^ (options->seed >> 32)));
  /* A minute per hand, ending now. */
  date = g_get_real_time () / G_USEC_PER_SEC - 60 * (gint64) n_hands;
  for (gint done = 0; done < n_hands; session++)
    {
      /* Sessions of 20 to 80 hands, like evenings at the table. */
      guint n = MIN ((guint) g_rand_int_range (rand, 20, 81), (guint) (n_hands - done));

      if (!fill_session (history, options, options->seed + (guint64) session, session, n, rand,
                         &date, &error))
        {
          if (error == NULL)
            return bk_cli_usage (_("A seat is not played by a computer player"));
          return bk_cli_fail (BK_EXIT_RULES, error);
        }
      done += (gint) n;
    }
  return BK_EXIT_OK;
}
