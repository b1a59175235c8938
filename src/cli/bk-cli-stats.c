/* bk-cli-stats.c: `stats`, the statistics of the history as JSON, and `history-fill`,
 * random hands stored in a history for tests and benchmarks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-levels.h"
#include "bk-cli.h"
#include "bk-history.h"

/* The sessions the running balance shows by default. */
#define DEFAULT_SESSIONS 30

/* How long `stats` waits for a history that another program holds locked. */
#define BUSY_WAIT_USEC (10 * G_USEC_PER_SEC)

/* The statistics of @history, waiting out (for a while) another program's lock. */
static BkHistoryStats *
read_stats (const char  *db,
            guint        sessions,
            char       **set_aside,
            GError     **error)
{
  gint64 until = g_get_monotonic_time () + BUSY_WAIT_USEC;

  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      g_autoptr (BkHistory) history = bk_history_new (db, &local_error);
      BkHistoryStats *stats = NULL;

      if (history)
        {
          if (bk_history_get_set_aside (history) && *set_aside == NULL)
            *set_aside = g_strdup (bk_history_get_set_aside (history));
          stats = bk_history_get_stats (history, sessions, &local_error);
        }
      if (stats)
        return stats;
      if (!g_error_matches (local_error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_BUSY) ||
          g_get_monotonic_time () >= until)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      g_usleep (100 * 1000);
    }
}

/* Keeps the groups and the balance of @game ("bierkopf", "herzla") only. */
static void
keep_game (BkHistoryStats *stats,
           const char     *game)
{
  stats->hands = 0;
  for (guint i = stats->groups->len; i-- > 0;)
    {
      const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);

      if (g_str_equal (group->game, game))
        stats->hands += group->hands;
      else
        g_ptr_array_remove_index (stats->groups, i);
    }
  g_array_set_size (g_str_equal (game, "herzla") ? stats->bierkopf_balance
                                                 : stats->herzla_balance, 0);
}

int
bk_cli_stats (BkCliOptions  *options,
              int            argc,
              char         **argv)
{
  g_autofree char *db = NULL;
  g_autofree char *game = NULL;
  g_autofree char *set_aside = NULL;
  gint sessions = DEFAULT_SESSIONS;
  const GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db,
      N_("The history database (default: the player’s own)"), "FILE" },
    { "sessions", 0, 0, G_OPTION_ARG_INT, &sessions,
      N_("How many sessions the running balance shows"), "N" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game,
      N_("The statistics of one game only: bierkopf or herzla"), "GAME" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
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
  if (game && !g_str_equal (game, "bierkopf") && !g_str_equal (game, "herzla"))
    return bk_cli_usage (_("--game takes bierkopf or herzla, not “%s”"), game);
  if (options->dry_run)
    return BK_EXIT_OK;

  if (db == NULL)
    db = bk_history_default_path ();
  stats = read_stats (db, (guint) sessions, &set_aside, &error);
  if (set_aside)
    g_printerr (_("bierkopf-cli: the damaged history was set aside as “%s”\n"), set_aside);
  if (stats == NULL)
    {
      g_autofree char *display = g_filename_display_name (db);

      if (g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_BUSY))
        {
          g_printerr (_("bierkopf-cli: the history “%s” is in use by another program and "
                        "stayed locked for %d seconds; try again later\n"), display,
                      (int) (BUSY_WAIT_USEC / G_USEC_PER_SEC));
          return BK_EXIT_RULES;
        }
      return bk_cli_fail (BK_EXIT_RULES, error);
    }
  if (game)
    keep_game (stats, game);
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

/* One session of @n_hands random hands, stored in one transaction. */
static gboolean
fill_session (BkHistory      *history,
              BkCliOptions   *options,
              guint64         seed,
              gint64          session,
              guint           n_hands,
              GRand          *rand,
              gint64         *date,
              guint          *stored,
              GError        **error)
{
  g_autoptr (BkGame) game = bk_game_new (&options->rules, seed);
  g_autoptr (GPtrArray) hands =
    g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  g_autoptr (GArray) plain = g_array_sized_new (FALSE, TRUE, sizeof (BkHistoryHand), n_hands);
  const char * const levels[BK_N_SEATS] = { NULL, "random", "random", "random" };
  Fill fill = { BK_TEAM_NONE };

  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) strategy =
        bk_strategy_new_for_level (options->rules.game, "random", error);

      if (strategy == NULL)
        return FALSE;
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  if (options->rules.game == BK_GAME_BIERKOPF)
    g_signal_connect (game, "bollen-won", G_CALLBACK (bollen_won_cb), &fill);

  for (guint k = 0; k < n_hands; k++)
    {
      BkHistoryHand *hand;

      fill.bollen_winner = BK_TEAM_NONE;
      /* A Herzla session may end by its rules: the rest of the hands in a new one. */
      if (bk_game_is_session_over (game))
        break;
      if (!bk_game_next_hand (game, error))
        return FALSE;
      bk_game_run (game);
      if (bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
        return FALSE;

      hand = bk_history_hand_new_from_game (game, BK_SEAT_S, fill.bollen_winner, levels);
      hand->session = session;
      hand->date = *date;
      *date += 60;
      /* About one hand in twenty with help, so that those are counted apart. */
      hand->hints_used = g_rand_int_range (rand, 0, 20) == 0;
      hand->takeback_used = g_rand_int_range (rand, 0, 40) == 0;
      g_ptr_array_add (hands, hand);
      g_array_append_vals (plain, hand, 1);
    }

  if (!bk_history_add_hands (history, (const BkHistoryHand *) plain->data, plain->len, error))
    return FALSE;
  *stored = plain->len;
  return TRUE;
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
  gint64 date, session = 0, first_session;
  int code;

  options->herzla_ok = TRUE;
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
  /* Sessions named as the app names them, by a time: a second fill adds new sessions. */
  first_session = g_get_real_time ();
  /* A minute per hand, ending now. */
  date = g_get_real_time () / G_USEC_PER_SEC - 60 * (gint64) n_hands;
  for (gint done = 0; done < n_hands; session++)
    {
      /* Sessions of 20 to 80 hands, like evenings at the table (drawn once: MIN()
       * evaluates its arguments twice). */
      guint wanted = (guint) g_rand_int_range (rand, 20, 81);
      guint n = MIN (wanted, (guint) (n_hands - done));
      guint stored = 0;

      if (!fill_session (history, options, options->seed + (guint64) session,
                         first_session + session, n, rand, &date, &stored, &error))
        {
          if (error == NULL)
            return bk_cli_usage (_("A seat is not played by a computer player"));
          return bk_cli_fail (BK_EXIT_RULES, error);
        }
      done += (gint) stored;
    }
  return BK_EXIT_OK;
}
