/* bk-history-hand.c: what the history stores of a finished hand, read from the session
 * through its public API, and the statistics as JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-history.h"
#include "bk-bierkopf-result.h"
#include "bk-herzla-game.h"
#include "bk-herzla-result.h"
#include "bk-game-module.h"
#include "bk-history.h"
#include "bk-record.h"

/* Fills the Bierkopf figures of @hand from @game's last scored hand, seen from @person's
 * team; @bollen_winner is the team that won a Bollen with this hand ("bollen-won"), or
 * BK_TEAM_NONE. The record, the result JSON, the levels and the flags are the caller's;
 * @hand->game points to a static string (for bk_history_add_hand(), not to be freed). */
void
bk_history_hand_from_bierkopf (BkHistoryHand *hand,
                               BkGame        *game,
                               BkSeat         person,
                               BkTeam         bollen_winner)
{
  const BkHandResult *result;
  const BkHandState *state;
  BkTeam team = bk_seat_team (person);
  BkTeam spritze_team = BK_TEAM_NONE;
  guint n_doubles = 0;
  gboolean won, lost;

  g_return_if_fail (hand != NULL);
  g_return_if_fail (BK_IS_GAME (game));
  g_return_if_fail (person < BK_N_SEATS);

  result = bk_bierkopf_game_get_last_result (game);
  state = bk_bierkopf_game_get_state (game);
  g_return_if_fail (result != NULL && state != NULL);

  won = result->winner == team;
  lost = result->winner != BK_TEAM_NONE && !won;

  hand->game = (char *) "bierkopf";
  hand->seat = person;
  hand->outcome = won ? 1 : lost ? -1 : 0;
  hand->card_points = result->points[team];
  /* Schwarz is also under 30: each hand counts at its highest level only. */
  hand->schwarz_given = won && result->schwarz;
  hand->schwarz_taken = lost && result->schwarz;
  hand->schneider_given = won && result->schneider && !result->schwarz;
  hand->schneider_taken = lost && result->schneider && !result->schwarz;
  hand->lines = won ? (gint) result->lines : lost ? -(gint) result->lines : 0;
  hand->bollen = bollen_winner == BK_TEAM_NONE ? 0 : bollen_winner == team ? 1 : -1;

  /* spec B3.7: the first doubling is the Spritze, every later one a Retour. */
  for (guint i = 0; i < state->n_history; i++)
    {
      const BkAction *action = &state->history[i];
      BkTeam doubler;

      if (action->type != BK_ACTION_DOUBLE)
        continue;
      doubler = bk_seat_team ((BkSeat) action->seat);
      if (n_doubles++ == 0)
        spritze_team = doubler;
      else if (doubler == team)
        hand->retour_made = TRUE;
    }
  hand->spritze_made = spritze_team == team;
  hand->spritze_paid = hand->spritze_made && won;
  hand->retour_paid = hand->retour_made && won;
}

/* Fills the Herzla figures of @hand from @game's last scored hand, seen from @person: the
 * cents won or paid (the four-player game; the simple form pays none, its penalty points
 * are in the result), whether he took no heart (the simple form's hand won), and the
 * contract he bid and whether he made it. @hand->game and @hand->result: as bk_history_hand_from_bierkopf(); the result
 * (bk_herzla_result_write()) is newly allocated into @result_json. */
void
bk_history_hand_from_herzla (BkHistoryHand  *hand,
                             BkGame         *game,
                             BkSeat          person,
                             char          **result_json)
{
  const BkHerzlaResult *result;
  g_autoptr (GString) json = g_string_new (NULL);

  g_return_if_fail (hand != NULL && result_json != NULL);
  g_return_if_fail (BK_IS_GAME (game));
  g_return_if_fail (person < bk_game_get_n_seats (game));

  result = bk_herzla_game_get_last_result (game);
  g_return_if_fail (result != NULL);

  hand->game = (char *) "herzla";
  hand->seat = person;
  hand->heart_free = result->tally.hearts[person] == 0;
  if (result->variant == BK_HERZLA_VIER)
    {
      hand->cents = result->payment.cents[person];
      hand->outcome = hand->cents > 0 ? 1 : hand->cents < 0 ? -1 : 0;
    }
  else
    hand->outcome = hand->heart_free ? 1 : -1;
  hand->contract = BK_HISTORY_CONTRACT_NONE;
  if (result->tally.declarer == person)
    {
      hand->contract = result->tally.contract == BK_CONTRACT_MORD ? BK_HISTORY_CONTRACT_MORD
                                                                   : BK_HISTORY_CONTRACT_BEDDL;
      hand->contract_made = result->payment.won == 1;
    }
  bk_herzla_result_write (result, json);
  *result_json = g_string_free (g_steal_pointer (&json), FALSE);
}

/* The hand @game scored last, as the history stores it for @person, with its identity
 * (the session's id and the hand's number) and its record; @bollen_winner as
 * bk_history_hand_from_bierkopf(); @levels the computer players' levels (NULL for the
 * person). Hints and take-backs are the caller's to note. Free with bk_history_hand_free(). */
BkHistoryHand *
bk_history_hand_new_from_game (BkGame             *game,
                               BkSeat              person,
                               BkTeam              bollen_winner,
                               const char * const  levels[BK_N_SEATS])
{
  g_autoptr (BkHistoryHand) hand = g_new0 (BkHistoryHand, 1);
  g_autofree char *record = NULL;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (levels != NULL, NULL);

  if (bk_game_get_rules (game)->game == BK_GAME_HERZLA)
    {
      g_autofree char *result = NULL;
      const char *level = levels[person == 0 ? 1 : 0];
      g_autoptr (GString) text = g_string_new (NULL);

      level = level ? level : "unknown";
      bk_history_hand_from_herzla (hand, game, person, &result);
      hand->result = g_steal_pointer (&result);
      /* The app seats computer players of one strength around the person. */
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        if (s != person)
          g_string_append_printf (text, "%s%s=%s", text->len ? " " : "",
                                  bk_seat_name (bk_game_get_rules (game), s), level);
      hand->levels = g_string_free (g_steal_pointer (&text), FALSE);
      hand->strength = g_strdup (level);
    }
  else
    {
      JsonNode *result = bk_bierkopf_result_to_json (bk_bierkopf_game_get_last_result (game));

      bk_history_hand_from_bierkopf (hand, game, person, bollen_winner);
      hand->result = json_to_string (result, FALSE);
      json_node_unref (result);
      hand->levels = bk_history_levels (levels, person, &hand->strength);
    }
  /* bk_history_hand_free() frees every string. */
  hand->game = g_strdup (hand->game);
  record = bk_game_to_record (game);
  hand->record = bk_history_hand_record (record);
  hand->session = bk_game_get_session_id (game);
  hand->number = bk_game_get_hand_number (game);
  return g_steal_pointer (&hand);
}

/* The hand @game has just scored (its phase BK_PHASE_HAND_OVER), as
 * bk_history_hand_new_from_game() makes it with what the session keeps of that hand (spec
 * B6.2: the Bollen it won), so that whoever stores it names no game. */
BkHistoryHand *
bk_history_hand_new_from_scored (BkGame             *game,
                                 BkSeat              person,
                                 const char * const  levels[BK_N_SEATS])
{
  BkTeam bollen_winner = BK_TEAM_NONE;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  if (bk_game_get_rules (game)->game == BK_GAME_BIERKOPF)
    bollen_winner = bk_bierkopf_game_get_bollen_won (game);
  return bk_history_hand_new_from_game (game, person, bollen_winner, levels);
}

typedef struct {
  BkSeat              person;
  const char * const *levels;
  GPtrArray          *hands;
  BkTeam              bollen_winner;
  gboolean            scored;
} Collector;

static void
collect_dealt_cb (BkGame    *game,
                  guint      dealer,
                  Collector *collector)
{
  collector->scored = FALSE;
  collector->bollen_winner = BK_TEAM_NONE;
}

static void
collect_scored_cb (BkGame    *game,
                   gpointer   result,
                   Collector *collector)
{
  collector->scored = TRUE;
}

static void
collect_bollen_cb (BkGame    *game,
                   guint      team,
                   Collector *collector)
{
  collector->bollen_winner = (BkTeam) team;
}

/* As the app's recorder does: a hand is complete once the phase says it is over. */
static void
collect_phase_cb (BkGame     *game,
                  GParamSpec *pspec,
                  Collector  *collector)
{
  if (!collector->scored || bk_game_get_phase (game) != BK_PHASE_HAND_OVER)
    return;
  collector->scored = FALSE;
  g_ptr_array_add (collector->hands,
                   bk_history_hand_new_from_game (game, collector->person,
                                                  collector->bollen_winner, collector->levels));
}

static void
collect_ready_cb (BkGame   *game,
                  gpointer  user_data)
{
  g_signal_connect (game, "hand-dealt", G_CALLBACK (collect_dealt_cb), user_data);
  g_signal_connect (game, "hand-scored", G_CALLBACK (collect_scored_cb), user_data);
  if (bk_game_get_rules (game)->game == BK_GAME_BIERKOPF)
    g_signal_connect (game, "bollen-won", G_CALLBACK (collect_bollen_cb), user_data);
  g_signal_connect (game, "notify::phase", G_CALLBACK (collect_phase_cb), user_data);
}

/* Every finished hand that the session record (or save) @record still holds, as
 * bk_history_hand_new_from_game() makes it, in order: a GPtrArray of BkHistoryHand. The
 * hands of a session without an identity (no session line) are not given: they could not
 * be told from the ones stored before. NULL with @error when the record cannot be read. */
GPtrArray *
bk_history_hands_from_record (const char         *record,
                              gsize               length,
                              BkSeat              person,
                              const char * const  levels[BK_N_SEATS],
                              GError            **error)
{
  g_autoptr (GPtrArray) hands =
    g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  Collector collector = { person, levels, hands, BK_TEAM_NONE, FALSE };
  g_autoptr (BkGame) game = NULL;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (levels != NULL, NULL);

  game = bk_record_replay_data (record, length, NULL, collect_ready_cb, &collector, error);
  if (game == NULL)
    return NULL;
  g_signal_handlers_disconnect_by_data (game, &collector);
  if (bk_game_get_session_id (game) == 0)
    g_ptr_array_set_size (hands, 0);
  return g_steal_pointer (&hands);
}

static gboolean
starts_with_dealer (const char *line)
{
  return g_str_has_prefix (line, "dealer ");
}

/* The record of the last hand of @session_record (bk_game_to_record()): the header (the
 * rules), and the lines from the last deal on; `replay` reads it as a session of one hand.
 * The seating draw and the session line are left out: they fix who deals first and which
 * session it was. NULL when it holds no hand. */
char *
bk_history_hand_record (const char *session_record)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  guint first_deal = G_MAXUINT, last_deal = G_MAXUINT;

  g_return_val_if_fail (session_record != NULL, NULL);

  lines = g_strsplit (session_record, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (starts_with_dealer (lines[i]))
      {
        if (first_deal == G_MAXUINT)
          first_deal = i;
        last_deal = i;
      }
  if (last_deal == G_MAXUINT)
    return NULL;

  /* The session line stays out too: a deal played again from the history is a session
   * of its own, not more of the old one. */
  for (guint i = 0; i < first_deal; i++)
    if (!g_str_has_prefix (lines[i], "seating ") && !g_str_has_prefix (lines[i], "session "))
      g_string_append_printf (text, "%s\n", lines[i]);
  for (guint i = last_deal; lines[i]; i++)
    if (lines[i][0] != '\0')
      g_string_append_printf (text, "%s\n", lines[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The levels at the table as "W=meister N=meister E=meister" (seats in order, the
 * person's left out), and in @strength the one level of all three computer players, or
 * "mixed". */
char *
bk_history_levels (const char * const levels[BK_N_SEATS],
                   BkSeat             person,
                   char             **strength)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const char *common = NULL;
  gboolean mixed = FALSE;

  g_return_val_if_fail (levels != NULL, NULL);

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      const char *level = levels[s] ? levels[s] : "unknown";

      if (s == person)
        continue;
      g_string_append_printf (text, "%s%s=%s", text->len ? " " : "",
                              bk_seat_to_string ((BkSeat) s), level);
      if (common == NULL)
        common = level;
      else if (!g_str_equal (common, level))
        mixed = TRUE;
    }
  if (strength)
    *strength = g_strdup (mixed ? "mixed" : common ? common : "unknown");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
add_uint (JsonBuilder *builder,
          const char  *name,
          guint        value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_balance (JsonBuilder *builder,
             const char  *name,
             GArray      *points)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < points->len; i++)
    {
      const BkHistoryPoint *point = &g_array_index (points, BkHistoryPoint, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "session");
      json_builder_add_int_value (builder, point->session);
      json_builder_set_member_name (builder, "date");
      json_builder_add_int_value (builder, point->date);
      add_uint (builder, "hands", point->hands);
      json_builder_set_member_name (builder, "balance");
      json_builder_add_int_value (builder, point->balance);
      json_builder_set_member_name (builder, "running");
      json_builder_add_int_value (builder, point->running);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The statistics as one JSON object (docs/notation.md, `bierkopf-cli stats`). */
JsonNode *
bk_history_stats_to_json (const BkHistoryStats *stats)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (stats != NULL, NULL);

  json_builder_begin_object (builder);
  add_uint (builder, "hands", stats->hands);
  json_builder_set_member_name (builder, "groups");
  json_builder_begin_array (builder);
  for (guint i = 0; i < stats->groups->len; i++)
    {
      const BkHistoryGroup *group = g_ptr_array_index (stats->groups, i);
      gboolean herzla = g_str_equal (group->game, "herzla");

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, group->game);
      json_builder_set_member_name (builder, "strength");
      json_builder_add_string_value (builder, group->strength);
      json_builder_set_member_name (builder, "assisted");
      json_builder_add_boolean_value (builder, group->assisted);
      /* Only where true: the statistics of a history without such hands read as before. */
      if (group->with_friends)
        {
          json_builder_set_member_name (builder, "with_friends");
          json_builder_add_boolean_value (builder, TRUE);
        }
      add_uint (builder, "hands", group->hands);
      add_uint (builder, "won", group->won);
      add_uint (builder, "lost", group->lost);
      if (herzla)
        {
          json_builder_set_member_name (builder, "cents");
          json_builder_add_int_value (builder, group->cents);
          add_uint (builder, "heart_free", group->heart_free);
          json_builder_set_member_name (builder, "heart_free_rate");
          json_builder_add_double_value (builder, group->hands ? (double) group->heart_free /
                                                                 group->hands : 0.0);
          add_uint (builder, "beddl_bid", group->beddl_bid);
          add_uint (builder, "beddl_made", group->beddl_made);
          add_uint (builder, "mord_bid", group->mord_bid);
          add_uint (builder, "mord_made", group->mord_made);
        }
      else
        {
          add_uint (builder, "schneider_given", group->schneider_given);
          add_uint (builder, "schneider_taken", group->schneider_taken);
          add_uint (builder, "schwarz_given", group->schwarz_given);
          add_uint (builder, "schwarz_taken", group->schwarz_taken);
          add_uint (builder, "bollen_won", group->bollen_won);
          add_uint (builder, "bollen_lost", group->bollen_lost);
          add_uint (builder, "spritze_made", group->spritze_made);
          add_uint (builder, "spritze_paid", group->spritze_paid);
          add_uint (builder, "retour_made", group->retour_made);
          add_uint (builder, "retour_paid", group->retour_paid);
          json_builder_set_member_name (builder, "lines");
          json_builder_add_int_value (builder, group->lines);
          json_builder_set_member_name (builder, "average_card_points");
          /* Two decimals are all a table shows; they also keep the output stable. */
          json_builder_add_double_value (builder,
                                         (double) (gint64) (group->average_card_points * 100 +
                                                            0.5) / 100);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "balance");
  json_builder_begin_object (builder);
  add_balance (builder, "bierkopf", stats->bierkopf_balance);
  add_balance (builder, "herzla", stats->herzla_balance);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
