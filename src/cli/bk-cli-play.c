/* bk-cli-play.c: `play`, a session of computer players, as JSON or a readable transcript.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-bierkopf-result.h"
#include "bk-cli.h"
#include "bk-computer-turn.h"
#include "bk-levels.h"

typedef struct {
  gboolean     transcript;
  JsonBuilder *talk;
  JsonBuilder *doublings;
  JsonBuilder *cards;
  GString     *trick_line;
} Play;

static void
hand_dealt_cb (BkGame   *game,
               guint     dealer,
               Play     *play)
{
  const BkGameRules *rules = bk_bierkopf_game_get_state (game)->game;

  g_clear_object (&play->talk);
  g_clear_object (&play->doublings);
  g_clear_object (&play->cards);
  play->talk = json_builder_new ();
  play->doublings = json_builder_new ();
  play->cards = json_builder_new ();
  json_builder_begin_array (play->talk);
  json_builder_begin_array (play->doublings);
  json_builder_begin_array (play->cards);

  if (!play->transcript)
    return;

  printf (_("Hand %u: %s deals\n"), bk_game_get_hand_number (game),
          bk_seat_display_name ((BkSeat) dealer));
  for (guint k = 1; k <= BK_N_SEATS; k++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) dealer, k);
      g_autofree char *cards = bk_hand_to_string (rules, bk_game_get_cards (game, seat));

      const char *name = bk_seat_display_name (seat);
      /* Pad by characters, not bytes: "Süd" is three wide. */
      int pad = 7 - (int) g_utf8_strlen (name, -1);

      printf ("  %s%*s%s\n", name, MAX (pad, 1), "", cards);
    }
}

static void
partners_found_cb (BkGame *game,
                   guint   first,
                   guint   second,
                   Play   *play)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (game);

  if (!play->transcript)
    return;
  printf (_("Seating: the first Sau goes to %s, the second to %s; they play together.\n\n"),
          bk_seat_display_name ((BkSeat) seating->moved[first]),
          bk_seat_display_name ((BkSeat) seating->moved[second]));
}

static void
talk_said_cb (BkGame *game,
              guint   seat,
              guint   word,
              Play   *play)
{
  json_builder_begin_array (play->talk);
  json_builder_add_string_value (play->talk, bk_seat_to_string ((BkSeat) seat));
  json_builder_add_string_value (play->talk, bk_word_to_string ((BkWord) word));
  json_builder_end_array (play->talk);

  if (play->transcript)
    printf (_("  %s: “%s”\n"), bk_seat_display_name ((BkSeat) seat),
            bk_word_display ((BkWord) word));
}

static void
passed_cb (BkGame *game,
           guint   seat,
           Play   *play)
{
  if (play->transcript)
    printf (_("  %s passes.\n"), bk_seat_display_name ((BkSeat) seat));
}

static void
doubled_cb (BkGame *game,
            guint   seat,
            guint   multiplier,
            Play   *play)
{
  guint cards = bk_hand_state_cards_played (bk_bierkopf_game_get_state (game));

  json_builder_begin_object (play->doublings);
  json_builder_set_member_name (play->doublings, "seat");
  json_builder_add_string_value (play->doublings, bk_seat_to_string ((BkSeat) seat));
  json_builder_set_member_name (play->doublings, "multiplier");
  json_builder_add_int_value (play->doublings, multiplier);
  json_builder_set_member_name (play->doublings, "cards_played");
  json_builder_add_int_value (play->doublings, cards);
  json_builder_end_object (play->doublings);

  if (!play->transcript)
    return;
  if (multiplier == 2)
    printf (_("  %s: “Spritze!” (×2)\n"), bk_seat_display_name ((BkSeat) seat));
  else
    printf (_("  %s: “Retour!” (×%u)\n"), bk_seat_display_name ((BkSeat) seat), multiplier);
}

static void
card_played_cb (BkGame *game,
                guint   seat,
                guint   card,
                Play   *play)
{
  g_autofree char *move = g_strdup_printf ("%s %s", bk_seat_to_string ((BkSeat) seat),
                                           bk_card_to_string ((BkCard) card));

  json_builder_add_string_value (play->cards, move);
  if (play->transcript)
    g_string_append_printf (play->trick_line, "%s%s %s", play->trick_line->len ? ", " : "",
                            bk_seat_display_name ((BkSeat) seat),
                            bk_card_to_string ((BkCard) card));
}

static void
trick_completed_cb (BkGame *game,
                    guint   winner,
                    guint   points,
                    Play   *play)
{
  if (!play->transcript)
    return;
  printf (g_dngettext (GETTEXT_PACKAGE, "  Trick %u: %s; %s takes %u point\n",
                       "  Trick %u: %s; %s takes %u points\n", points),
          bk_bierkopf_game_get_state (game)->tricks_done, play->trick_line->str,
          bk_seat_display_name ((BkSeat) winner), points);
  g_string_truncate (play->trick_line, 0);
}

static void
print_transcript_result (BkGame             *game,
                         const BkHandResult *result)
{
  printf (_("  Card points: South-North %u, West-East %u.\n"),
          result->points[BK_TEAM_SN], result->points[BK_TEAM_WE]);
  if (result->winner == BK_TEAM_NONE)
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "  60:60, nobody wins; %u line is carried to the next hand.\n",
                         "  60:60, nobody wins; %u lines are carried to the next hand.\n",
                         result->carry_out),
            result->carry_out);
  else
    {
      const char *team = result->winner == BK_TEAM_SN ? _("South-North") : _("West-East");
      const char *level = result->schwarz ? _("Schwarz") : result->schneider ? _("Schneider")
                                                                             : _("simple");

      /* Translators: "South-North win (Schneider) at ×2 and strike 4 lines." */
      printf (g_dngettext (GETTEXT_PACKAGE, "  %s win (%s) at ×%u and strike %u line.\n",
                           "  %s win (%s) at ×%u and strike %u lines.\n", result->lines),
              team, level, result->multiplier, result->lines);
    }
  printf (_("  Coasters: South-North %u lines left (%u Bollen lost), "
            "West-East %u lines left (%u Bollen lost).\n\n"),
          bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN), bk_bierkopf_game_get_dots (game, BK_TEAM_SN),
          bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), bk_bierkopf_game_get_dots (game, BK_TEAM_WE));
}

static void
print_hand_json (BkGame             *game,
                 const BkHandResult *result,
                 Play               *play)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const BkHandState *state = bk_bierkopf_game_get_state (game);

  json_builder_end_array (play->talk);
  json_builder_end_array (play->doublings);
  json_builder_end_array (play->cards);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "hand");
  json_builder_add_int_value (builder, bk_game_get_hand_number (game));
  json_builder_set_member_name (builder, "dealer");
  json_builder_add_string_value (builder, bk_seat_to_string ((BkSeat) state->dealer));
  json_builder_set_member_name (builder, "deal");
  json_builder_begin_object (builder);
  for (guint k = 1; k <= BK_N_SEATS; k++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) state->dealer, k);
      g_autofree char *cards = bk_hand_to_string (state->game, state->dealt[seat]);

      json_builder_set_member_name (builder, bk_seat_to_string (seat));
      json_builder_add_string_value (builder, cards);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "talk");
  json_builder_add_value (builder, json_builder_get_root (play->talk));
  json_builder_set_member_name (builder, "doublings");
  json_builder_add_value (builder, json_builder_get_root (play->doublings));
  json_builder_set_member_name (builder, "cards");
  json_builder_add_value (builder, json_builder_get_root (play->cards));
  json_builder_set_member_name (builder, "result");
  json_builder_add_value (builder, bk_bierkopf_result_to_json (result));
  json_builder_end_object (builder);

  bk_cli_print_json (json_builder_get_root (builder));
}

/* notation.md "Herzla": `--players N`, a number alone, is the number of players. */
static gboolean
is_count (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *c = text; *c; c++)
    if (!g_ascii_isdigit (*c))
      return FALSE;
  return TRUE;
}

/* The number of SEAT=LEVEL pairs in @text. */
static guint
count_pairs (const char *text)
{
  guint n = 1;

  for (const char *c = text; *c; c++)
    n += *c == ',';
  return n;
}

/* Whether the pairs of @text name each of the seats 1 to @n once. */
static gboolean
names_every_seat (const char *text,
                  guint       n)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);
  guint named = 0;

  for (guint i = 0; items[i]; i++)
    {
      guint64 seat;
      const char *equals = strchr (items[i], '=');
      g_autofree char *number = g_strndup (items[i], equals ? (gsize) (equals - items[i]) : 0);

      if (!equals || !g_ascii_string_to_unsigned (number, 10, 1, n, &seat, NULL) ||
          named & (1u << seat))
        return FALSE;
      named |= 1u << seat;
    }
  return TRUE;
}

/* Whether --rule players=… was given too. */
static gboolean
has_players_rule (const BkCliOptions *options)
{
  for (guint i = 0; options->rule_args && options->rule_args[i]; i++)
    if (g_str_has_prefix (options->rule_args[i], "players="))
      return TRUE;
  return FALSE;
}

static gboolean
set_players (BkGame      *game,
             const char  *text,
             GError     **error)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);
  guint named = 0;

  for (guint i = 0; items[i]; i++)
    {
      g_auto (GStrv) pair = g_strsplit (items[i], "=", 2);
      g_autoptr (BkStrategy) strategy = NULL;
      BkSeat seat;

      if (pair[0] == NULL || pair[1] == NULL)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       _("--players takes SEAT=LEVEL pairs, not “%s”"), items[i]);
          return FALSE;
        }
      if (!bk_seat_parse_for (bk_game_get_rules (game), pair[0], &seat, error))
        return FALSE;
      if (named & (1u << seat))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       /* Translators: %s is a seat, e.g. S or 3. */
                       _("--players names the seat %s twice"), pair[0]);
          return FALSE;
        }
      named |= 1u << seat;
      strategy = bk_strategy_new_for_level (bk_game_get_rules (game)->game, pair[1], error);
      if (strategy == NULL)
        return FALSE;
      bk_game_set_strategy (game, seat, strategy);
    }
  return TRUE;
}

int
bk_cli_play (BkCliOptions  *options,
             int            argc,
             char         **argv)
{
  g_autofree char *players = NULL;
  gint deals = 1;
  gboolean transcript = FALSE, record = FALSE;
  const GOptionEntry entries[] = {
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, N_("How many hands to play"), "N" },
    { "players", 0, 0, G_OPTION_ARG_STRING, &players,
      N_("Who plays each seat, e.g. S=random,W=random (all random by default); with Herzla's "
         "simple form also the number of players"), "SEAT=LEVEL,…|N" },
    { "transcript", 0, 0, G_OPTION_ARG_NONE, &transcript,
      N_("Print a readable transcript instead of JSON"), NULL },
    { "record", 0, 0, G_OPTION_ARG_NONE, &record,
      N_("Print the game record instead of JSON (for replay)"), NULL },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GString) trick_line = g_string_new (NULL);
  Play play = { 0 };
  gboolean einfach;
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "play", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (deals < 1)
    return bk_cli_usage (_("--deals must be at least 1"));
  if (transcript && record)
    return bk_cli_usage (_("--transcript and --record exclude each other"));
  einfach = options->rules.game == BK_GAME_HERZLA && options->herzla.variant == BK_HERZLA_EINFACH;

  /* notation.md, Herzla: in the simple form `--players N` seats N players, and SEAT=LEVEL
   * pairs name each seat from 1 to N once, so that their number is N. A four-player game
   * takes pairs only. */
  if (players && !einfach && is_count (players))
    return bk_cli_usage (_("This is a game for four players: --players takes SEAT=LEVEL "
                           "pairs, e.g. S=heuristic,W=random"));
  if (players && einfach)
    {
      g_autofree char *count = g_strdup_printf ("%u", count_pairs (players));

      if (has_players_rule (options))
        return bk_cli_usage (_("Give the number of players once: --players, not also "
                               "--rule players"));
      if (is_count (players))
        {
          if (!bk_rules_set_option (&options->rules, "players", players, &error))
            return bk_cli_fail (BK_EXIT_USAGE, error);
          g_clear_pointer (&players, g_free);
        }
      else if (!names_every_seat (players, count_pairs (players)))
        return bk_cli_usage (_("In the simple form --players either gives the number of "
                               "players, or names each seat from 1 to N once: "
                               "1=heuristic,2=random,3=random"));
      else if (!bk_rules_set_option (&options->rules, "players", count, NULL))
        return bk_cli_usage (_("The simple form is for 3 to 8 players, not %u"),
                             count_pairs (players));
    }
  if (!bk_game_module_playable (&options->rules, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  game = bk_game_new (&options->rules, options->seed);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (options->rules.game, "random",
                                                                   &error);

      if (strategy == NULL)
        return bk_cli_fail (BK_EXIT_USAGE, error);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  if (players && !set_players (game, players, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (options->dry_run)
    return BK_EXIT_OK;

  if (options->rules.game == BK_GAME_HERZLA)
    {
      if (transcript)
        return bk_cli_usage (_("--transcript is for Bierkopf only"));
      return bk_cli_herzla_play (game, (guint) deals, record);
    }

  play.transcript = transcript;
  play.trick_line = trick_line;
  g_signal_connect (game, "partners-found", G_CALLBACK (partners_found_cb), &play);
  g_signal_connect (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), &play);
  g_signal_connect (game, "talk-said", G_CALLBACK (talk_said_cb), &play);
  g_signal_connect (game, "passed", G_CALLBACK (passed_cb), &play);
  g_signal_connect (game, "doubled", G_CALLBACK (doubled_cb), &play);
  g_signal_connect (game, "card-played", G_CALLBACK (card_played_cb), &play);
  g_signal_connect (game, "trick-completed", G_CALLBACK (trick_completed_cb), &play);

  for (gint i = 0; i < deals; i++)
    {
      if (!bk_game_next_hand (game, &error))
        return bk_cli_fail (BK_EXIT_RULES, error);
      bk_game_run (game);
      if (bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
        return bk_cli_usage (_("A seat is not played by a computer player"));
      if (transcript)
        print_transcript_result (game, bk_bierkopf_game_get_last_result (game));
      else if (!record)
        print_hand_json (game, bk_bierkopf_game_get_last_result (game), &play);
    }

  if (record)
    {
      /* Every step, passes and silence included: `replay` reads it back to this session. */
      g_autofree char *text = bk_game_to_record (game);

      fputs (text, stdout);
    }
  else if (!transcript)
    bk_cli_print_json (bk_cli_match_json (game));

  g_clear_object (&play.talk);
  g_clear_object (&play.doublings);
  g_clear_object (&play.cards);
  return BK_EXIT_OK;
}
