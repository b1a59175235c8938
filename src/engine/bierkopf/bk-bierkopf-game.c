/* bk-bierkopf-game.c: Bierkopf's part of a session (BkGame): the seating ceremony (spec
 * B2.1, B2.5), the talk and doubling requests (B3), the coasters (B5, B6) read from the
 * module's score, and the signals and properties of its own events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-module.h"
#include "bk-bierkopf.h"
#include "bk-error.h"
#include "bk-game-history-private.h"
#include "bk-game-private.h"
#include "bk-rng.h"

static gpointer
bk_hand_result_copy (gpointer result)
{
  return g_memdup2 (result, sizeof (BkHandResult));
}

G_DEFINE_BOXED_TYPE (BkHandResult, bk_hand_result, bk_hand_result_copy, g_free)

/* BkGame's properties of a Bierkopf session, after the core's. */
enum {
  PROP_MULTIPLIER,
  PROP_LINES_LEFT_SN,
  PROP_LINES_LEFT_WE,
  PROP_DOTS_SN,
  PROP_DOTS_WE,
  PROP_CARRY,
  N_PROPS
};

static guint first_prop_id;
static GParamSpec *properties[N_PROPS];
static guint seating_card_dealt_signal;
static guint partners_found_signal;
static guint talk_said_signal;
static guint passed_signal;
static guint doubled_signal;
static guint bollen_won_signal;
static guint retour_declined_signal;

static GParamSpec *
uint_property (const char *name)
{
  return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

void
bk_bierkopf_game_class_init (GObjectClass *klass,
                             guint         first_id)
{
  GType type = G_TYPE_FROM_CLASS (klass);

  first_prop_id = first_id;
  properties[PROP_MULTIPLIER] = uint_property ("multiplier");
  properties[PROP_LINES_LEFT_SN] = uint_property ("lines-left-sn");
  properties[PROP_LINES_LEFT_WE] = uint_property ("lines-left-we");
  properties[PROP_DOTS_SN] = uint_property ("dots-sn");
  properties[PROP_DOTS_WE] = uint_property ("dots-we");
  properties[PROP_CARRY] = uint_property ("carry");
  for (guint i = 0; i < N_PROPS; i++)
    g_object_class_install_property (klass, first_prop_id + i, properties[i]);

  /* (seat, card): one face-up card of the seating ceremony; seats before moving. */
  seating_card_dealt_signal =
    g_signal_new ("seating-card-dealt", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (first, second): the two Sau holders, seats before moving; see bk_bierkopf_game_get_seating(). */
  partners_found_signal =
    g_signal_new ("partners-found", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (seat, word) */
  talk_said_signal =
    g_signal_new ("talk-said", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (seat): declined to double before the first card */
  passed_signal =
    g_signal_new ("passed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (seat, multiplier after the doubling) */
  doubled_signal =
    g_signal_new ("doubled", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* (winning team) */
  bollen_won_signal =
    g_signal_new ("bollen-won", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (seat): does not raise now (B3.6); the game may stop waiting for that seat */
  retour_declined_signal =
    g_signal_new ("retour-declined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

gboolean
bk_bierkopf_game_get_property (BkGame *game,
                               guint   prop_id,
                               GValue *value)
{
  if (prop_id < first_prop_id || prop_id >= first_prop_id + N_PROPS)
    return FALSE;
  if (bk_game_get_module (game) != &bk_bierkopf_module)
    return TRUE; /* not a Bierkopf session: the default value */

  switch (prop_id - first_prop_id)
    {
    case PROP_MULTIPLIER: g_value_set_uint (value, bk_bierkopf_game_get_multiplier (game)); break;
    case PROP_LINES_LEFT_SN: g_value_set_uint (value, bk_bierkopf_game_get_lines_left (game, BK_TEAM_SN)); break;
    case PROP_LINES_LEFT_WE: g_value_set_uint (value, bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE)); break;
    case PROP_DOTS_SN: g_value_set_uint (value, bk_bierkopf_game_get_dots (game, BK_TEAM_SN)); break;
    case PROP_DOTS_WE: g_value_set_uint (value, bk_bierkopf_game_get_dots (game, BK_TEAM_WE)); break;
    case PROP_CARRY: g_value_set_uint (value, bk_bierkopf_game_get_carry (game)); break;
    default: g_assert_not_reached ();
    }
  return TRUE;
}

/* A new hand starts undoubled; then the talk and the doublings (spec B3) as they come,
 * each also a word of the session's history (bk-game-history.h) as the signal tells it. */
void
bk_bierkopf_game_changed (BkGame         *game,
                          const BkAction *action)
{
  const BkHandState *state = bk_bierkopf_game_get_state (game);

  if (action == NULL)
    {
      g_object_notify_by_pspec (G_OBJECT (game), properties[PROP_MULTIPLIER]);
      return;
    }
  switch ((BkActionType) action->type)
    {
    case BK_ACTION_TALK:
      if (action->arg != BK_WORD_NONE)
        {
          bk_game_note_word (game, action->seat, BK_ACTION_TALK, action->arg);
          g_signal_emit (game, talk_said_signal, 0, (guint) action->seat, (guint) action->arg);
        }
      break;
    case BK_ACTION_PASS:
      bk_game_note_word (game, action->seat, BK_ACTION_PASS, 0);
      g_signal_emit (game, passed_signal, 0, (guint) action->seat);
      if (!bk_hand_state_is_bidding (state) && state->words[state->dealer] == BK_WORD_HONOUR)
        {
          bk_game_note_word (game, state->dealer, BK_ACTION_TALK, BK_WORD_HONOUR);
          g_signal_emit (game, talk_said_signal, 0, (guint) state->dealer,
                         (guint) BK_WORD_HONOUR);
        }
      break;
    case BK_ACTION_DOUBLE:
      g_object_notify_by_pspec (G_OBJECT (game), properties[PROP_MULTIPLIER]);
      /* The word of a doubling is the multiplier it made (B3.3, B3.6). */
      bk_game_note_word (game, action->seat, BK_ACTION_DOUBLE, bk_hand_state_multiplier (state));
      g_signal_emit (game, doubled_signal, 0, (guint) action->seat,
                     bk_hand_state_multiplier (state));
      break;
    case BK_ACTION_PLAY:
    default:
      break;
    }
}

static void
notify_lines_left (BkGame *game,
                   BkTeam  team)
{
  g_object_notify_by_pspec (G_OBJECT (game), properties[team == BK_TEAM_SN ? PROP_LINES_LEFT_SN
                                                                          : PROP_LINES_LEFT_WE]);
}

/* spec B5, B6: what the coasters took of the hand; B6.2: a hand that won a Bollen. */
void
bk_bierkopf_game_scored (BkGame   *game,
                         gboolean  round_ended)
{
  const BkBierkopfScore *score = bk_game_get_score (game);
  BkTeam winner = score->last_result.winner;

  g_object_notify_by_pspec (G_OBJECT (game), properties[PROP_CARRY]);
  if (winner != BK_TEAM_NONE)
    notify_lines_left (game, winner);
  if (!round_ended)
    return;

  g_object_notify_by_pspec (G_OBJECT (game), properties[winner == BK_TEAM_SN ? PROP_DOTS_WE
                                                                           : PROP_DOTS_SN]);
  notify_lines_left (game, BK_TEAM_SN);
  notify_lines_left (game, BK_TEAM_WE);
  g_signal_emit (game, bollen_won_signal, 0, (guint) winner);
}

static const BkBierkopfScore *
coasters (BkGame *self)
{
  g_return_val_if_fail (bk_game_get_module (self) == &bk_bierkopf_module, NULL);
  return bk_game_get_score (self);
}

guint
bk_bierkopf_game_get_multiplier (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 1);
  return bk_hand_state_multiplier (bk_bierkopf_game_get_state (self));
}

guint
bk_bierkopf_game_get_lines_left (BkGame *self,
                        BkTeam  team)
{
  g_return_val_if_fail (BK_IS_GAME (self) && team < BK_N_TEAMS, 0);
  return coasters (self)->lines_left[team];
}

guint
bk_bierkopf_game_get_dots (BkGame *self,
                  BkTeam  team)
{
  g_return_val_if_fail (BK_IS_GAME (self) && team < BK_N_TEAMS, 0);
  return coasters (self)->dots[team];
}

guint
bk_bierkopf_game_get_carry (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), 0);
  return coasters (self)->carry;
}

const BkHandResult *
bk_bierkopf_game_get_last_result (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return bk_game_get_hand_number (self) > 0 && bk_game_get_phase (self) == BK_PHASE_HAND_OVER
         ? &coasters (self)->last_result : NULL;
}

gboolean
bk_bierkopf_game_may_double (BkGame *self,
                    BkSeat  seat)
{
  BkPhase phase;

  g_return_val_if_fail (BK_IS_GAME (self) && seat < BK_N_SEATS, FALSE);
  phase = bk_game_get_phase (self);
  if (phase != BK_PHASE_BIDDING && phase != BK_PHASE_PLAYING)
    return FALSE;
  return bk_hand_state_may_double (bk_bierkopf_game_get_state (self), seat);
}

gboolean
bk_bierkopf_game_talk (BkGame   *self,
              BkSeat    seat,
              BkWord    word,
              GError  **error)
{
  BkAction action = bk_action_make (BK_ACTION_TALK, seat, word);

  return bk_game_apply (self, &action, error);
}

gboolean
bk_bierkopf_game_double (BkGame  *self,
                BkSeat   seat,
                GError **error)
{
  BkAction action = bk_action_make (BK_ACTION_DOUBLE, seat, 0);

  return bk_game_apply (self, &action, error);
}

gboolean
bk_bierkopf_game_pass (BkGame  *self,
              BkSeat   seat,
              GError **error)
{
  BkAction action = bk_action_make (BK_ACTION_PASS, seat, 0);

  return bk_game_apply (self, &action, error);
}

const BkSeating *
bk_bierkopf_game_get_seating (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return &coasters (self)->seating;
}

/* Who sits at each seat: the seat each player had when the session began (after every
 * seating ceremony's moves, B2.1 and B2.5). */
const guint8 *
bk_bierkopf_game_get_seat_map (BkGame *self)
{
  g_return_val_if_fail (BK_IS_GAME (self), NULL);
  return coasters (self)->seat_map;
}

/* The seats may be drawn when the session starts, and (B2.5) after each Bollen. */
static gboolean
seats_drawn_now (BkGame *self)
{
  BkPhase phase = bk_game_get_phase (self);

  return phase == BK_PHASE_NEW ||
         (phase == BK_PHASE_HAND_OVER && bk_game_round_ended (self) &&
          bk_game_get_rules (self)->bierkopf.new_seats_each_bollen);
}

/* A table shown turned (e.g. a friend's window, his seat at the bottom) cannot replay the
 * ceremony from a turned start: South never moves in it. It takes the table's moves with
 * each seat turned: seat t here is seat t + @by of the table. */
static void
turn_seating (BkSeating *seating,
              guint      by)
{
  BkSeating table = *seating;

  for (guint t = 0; t < BK_N_SEATS; t++)
    seating->moved[t] = (guint8) ((table.moved[(t + by) % BK_N_SEATS] + BK_N_SEATS - by) %
                                  BK_N_SEATS);
  for (guint i = 0; i < seating->n; i++)
    seating->to[i] = (guint8) ((table.to[i] + BK_N_SEATS - by) % BK_N_SEATS);
  seating->first = (guint8) ((table.first + BK_N_SEATS - by) % BK_N_SEATS);
  seating->second = (guint8) ((table.second + BK_N_SEATS - by) % BK_N_SEATS);
}

gboolean
bk_bierkopf_game_seat (BkGame        *self,
              BkSeat         start,
              const BkCard  *cards,
              guint          n_cards,
              GError       **error)
{
  return bk_bierkopf_game_seat_turned (self, start, cards, n_cards, 0, error);
}

gboolean
bk_bierkopf_game_seat_turned (BkGame        *self,
                              BkSeat         start,
                              const BkCard  *cards,
                              guint          n_cards,
                              guint          by,
                              GError       **error)
{
  BkBierkopfScore *score;
  BkSeating seating;
  g_autoptr (GString) line = NULL;

  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (start < BK_N_SEATS, FALSE);
  by %= BK_N_SEATS;

  if (!seats_drawn_now (self))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
                   _("Seats are drawn only when a session starts"));
      return FALSE;
    }
  if (!bk_seating_run (&seating, cards, n_cards, start, error))
    return FALSE;
  turn_seating (&seating, by);

  score = bk_game_peek_score (self);
  score->seating = seating;
  {
    guint8 map[BK_N_SEATS];

    for (guint s = 0; s < BK_N_SEATS; s++)
      map[seating.moved[s]] = score->seat_map[s];
    memcpy (score->seat_map, map, sizeof map);
  }
  line = g_string_new (NULL);
  g_string_append_printf (line, "seating %s", bk_seat_to_string (start));
  for (guint i = 0; i < seating.n; i++)
    g_string_append_printf (line, " %s", bk_card_to_string (seating.cards[i]));
  if (by)
    g_string_append_printf (line, " turned %u", by);
  bk_game_record_line (self, line->str);

  for (guint i = 0; i < seating.n; i++)
    g_signal_emit (self, seating_card_dealt_signal, 0,
                   (guint) seating.to[i], (guint) seating.cards[i]);
  g_signal_emit (self, partners_found_signal, 0, (guint) seating.first, (guint) seating.second);
  return TRUE;
}

/* spec B2.1: the random ceremony, from the game's own shuffled pack. */
static gboolean
seat_randomly (BkGame  *self,
               GError **error)
{
  const BkRules *rules = bk_game_get_rules (self);
  const BkGameRules *game = bk_bierkopf_rules ();
  BkHand deck = game->deck (rules);
  BkCard cards[BK_N_CARDS];
  guint n = 0, saeue = 0, used = 0;
  BkRng rng;

  for (; deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  bk_rng_init (&rng, bk_game_get_seed (self),
               G_GUINT64_CONSTANT (0x5ea7) + bk_game_get_hand_number (self));
  bk_rng_shuffle (&rng, cards, n);

  while (used < n && saeue < 2)
    if (bk_card_rank (cards[used++]) == BK_RANK_SAU)
      saeue++;

  return bk_bierkopf_game_seat (self, (BkSeat) bk_rng_below (&rng, BK_N_SEATS), cards, used, error);
}

/* spec B2.1 at a table: the ceremony drawn from the seed of the hand it comes before, so
 * that every guest can check it with the deal (docs/network.md, "The seating"). */
static gboolean
seat_from_seed (BkGame       *self,
                const guint8 *seed,
                GError      **error)
{
  BkCard cards[BK_N_CARDS];
  guint n;
  BkSeat start = bk_seating_draw_from_seed (bk_bierkopf_rules ()->deck (bk_game_get_rules (self)),
                                            seed, cards, &n);

  return bk_bierkopf_game_seat (self, start, cards, n, error);
}

/* spec B2.1, and B2.5 (house rule): new seats after each Bollen; from @seed when the next
 * hand is dealt from one, else from the session's own seed. */
gboolean
bk_bierkopf_game_new_round (BkGame       *game,
                            gboolean      session_start,
                            const guint8 *seed,
                            GError      **error)
{
  if (!session_start && !bk_game_get_rules (game)->bierkopf.new_seats_each_bollen)
    return TRUE;
  return seed ? seat_from_seed (game, seed, error) : seat_randomly (game, error);
}

/* spec B2.2: the first dealer of the seating; any seat when no seats were drawn. */
guint
bk_bierkopf_game_round_dealer (BkGame   *game,
                               gboolean  session_start)
{
  const BkSeating *seating = bk_bierkopf_game_get_seating (game);

  if (!session_start && !bk_game_get_rules (game)->bierkopf.new_seats_each_bollen)
    return BK_DEALER_NEXT;
  return seating->n > 0 ? bk_seating_first_dealer (seating) : BK_SEAT_NONE;
}

/* notation.md: seating SEAT CARD... [turned BY]: the face-up cards of the ceremony from SEAT
 * on, at a table whose seats this record shows turned by BY places. */
gboolean
bk_bierkopf_game_read_line (BkGame              *game,
                            const char * const  *words,
                            GError             **error)
{
  BkSeat start;
  BkCard cards[BK_N_CARDS];
  guint n, n_args = g_strv_length ((char **) words) - 1;
  guint64 by = 0;
  g_autofree char *list = NULL;
  g_autofree char **cut = NULL;

  if (n_args >= 4 && g_str_equal (words[n_args - 1], "turned"))
    {
      if (!g_ascii_string_to_unsigned (words[n_args], 10, 1, BK_N_SEATS - 1, &by, NULL))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("“%s” is not a seat (write 1 to %u)"),
                       words[n_args], BK_N_SEATS - 1);
          return FALSE;
        }
      cut = g_memdup2 (words, sizeof (char *) * (n_args + 1));
      cut[n_args - 1] = NULL;
      words = (const char * const *) cut;
      n_args -= 2;
    }

  if (n_args < 2 || n_args > BK_N_CARDS + 1)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
                   _("“%s” takes %u to %u words, not %u"), words[0], 2u, BK_N_CARDS + 1u,
                   n_args);
      return FALSE;
    }
  if (!bk_seat_parse (words[1], &start, error))
    return FALSE;
  list = g_strjoinv (" ", (char **) words + 2);
  if (!bk_card_list_parse (list, cards, BK_N_CARDS, &n, error))
    return FALSE;
  return bk_bierkopf_game_seat_turned (game, start, cards, n, (guint) by, error);
}

/* notation.md, checkpoint: the coasters, who sits where, and the last seating ceremony:
 * lines SN WE dots SN WE carry C seats S0 S1 S2 S3 seated SEAT CARD… (or seated none). */
void
bk_bierkopf_game_checkpoint_write (BkGame  *game,
                                   GString *line)
{
  const BkBierkopfScore *score = coasters (game);

  g_string_append_printf (line, "lines %u %u dots %u %u carry %u seats",
                          score->lines_left[BK_TEAM_SN], score->lines_left[BK_TEAM_WE],
                          score->dots[BK_TEAM_SN], score->dots[BK_TEAM_WE], score->carry);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_string_append_printf (line, " %s", bk_seat_to_string (score->seat_map[s]));
  if (score->seating.n == 0)
    {
      g_string_append (line, " seated none");
      return;
    }
  g_string_append_printf (line, " seated %s", bk_seat_to_string (score->seating.to[0]));
  for (guint i = 0; i < score->seating.n; i++)
    g_string_append_printf (line, " %s", bk_card_to_string (score->seating.cards[i]));
}

static gboolean
checkpoint_figure (const char * const *words,
                   guint               i,
                   const char         *keyword,
                   guint               maximum,
                   guint              *value)
{
  guint64 figure;

  if (keyword && g_strcmp0 (words[i - 1], keyword) != 0)
    return FALSE;
  if (!g_ascii_string_to_unsigned (words[i], 10, 0, maximum, &figure, NULL))
    return FALSE;
  *value = (guint) figure;
  return TRUE;
}

gboolean
bk_bierkopf_game_checkpoint_read (BkGame              *game,
                                  const char * const  *words,
                                  GError             **error)
{
  const BkRules *rules = bk_game_get_rules (game);
  BkBierkopfScore score = *coasters (game);
  guint n = g_strv_length ((char **) words), seen = 0;
  BkSeat start;
  gboolean fits;

  /* lines A B dots C D carry E seats 4×SEAT seated … */
  fits = n >= 15 &&
         checkpoint_figure (words, 1, "lines", rules->bierkopf.lines,
                            &score.lines_left[BK_TEAM_SN]) &&
         checkpoint_figure (words, 2, NULL, rules->bierkopf.lines, &score.lines_left[BK_TEAM_WE]) &&
         checkpoint_figure (words, 4, "dots", G_MAXUINT, &score.dots[BK_TEAM_SN]) &&
         checkpoint_figure (words, 5, NULL, G_MAXUINT, &score.dots[BK_TEAM_WE]) &&
         checkpoint_figure (words, 7, "carry", G_MAXUINT, &score.carry) &&
         g_str_equal (words[8], "seats") && g_str_equal (words[13], "seated");
  for (guint s = 0; fits && s < BK_N_SEATS; s++)
    {
      BkSeat seat;

      fits = bk_seat_parse (words[9 + s], &seat, NULL) && !(seen & (1u << seat));
      seen |= 1u << seat;
      score.seat_map[s] = (guint8) seat;
    }
  if (!fits)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The checkpoint is damaged"));
      return FALSE;
    }
  memset (&score.seating, 0, sizeof score.seating);
  score.seating.first = score.seating.second = BK_SEAT_NONE;
  if (g_str_equal (words[14], "none"))
    {
      if (n != 15)
        {
          g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("The checkpoint is damaged"));
          return FALSE;
        }
    }
  else
    {
      g_autofree char *list = g_strjoinv (" ", (char **) words + 15);
      BkCard cards[BK_N_CARDS];
      guint n_cards;

      if (!bk_seat_parse (words[14], &start, error) ||
          !bk_card_list_parse (list, cards, BK_N_CARDS, &n_cards, error) ||
          !bk_seating_run (&score.seating, cards, n_cards, start, error))
        return FALSE;
    }
  *(BkBierkopfScore *) bk_game_peek_score (game) = score;
  return TRUE;
}

/* spec B3.6: the Retour offers are the module's offers of the core (BkGame keeps who was
 * asked at which card, and the person it waits for): the offer is open once play began
 * and the team of a seat may raise; a new doubling opens a new level. */
gboolean
bk_bierkopf_game_offer_open (gconstpointer hand)
{
  return bk_hand_state_retour_open (hand);
}

gboolean
bk_bierkopf_game_offer_may_answer (gconstpointer hand,
                                   guint         seat)
{
  return bk_hand_state_may_double (hand, (BkSeat) seat);
}

guint
bk_bierkopf_game_offer_level (gconstpointer hand)
{
  return ((const BkHandState *) hand)->n_doubles;
}

/* A computer player's answer to a Retour offer: TRUE when it raises with @accept (a
 * doubling), which is filled either way. */
gboolean
bk_bierkopf_game_offer_decide (BkStrategy   *strategy,
                               gconstpointer hand,
                               guint         seat,
                               guint64       seed,
                               BkAction     *accept)
{
  *accept = bk_action_make (BK_ACTION_DOUBLE, seat, 0);
  return bk_strategy_answer_offer (strategy, &bk_bierkopf_module, hand, seat, seed, accept);
}

void
bk_bierkopf_game_offer_declined (BkGame *game,
                                 guint   seat)
{
  g_signal_emit (game, retour_declined_signal, 0, seat);
}

/* @seat does not raise now: a computer player at this card, a seat driven from outside
 * at this level (play no longer waits for it; see bk_bierkopf_game_is_waiting_for_retour()). */
void
bk_bierkopf_game_decline_retour (BkGame *self,
                        BkSeat  seat)
{
  bk_game_decline_offer (self, seat);
}

/* spec B3.6: the answer of @seat to a Retour offer: raise (a doubling) or not. FALSE with
 * @error, and nothing changed, if @seat may not raise now. */
gboolean
bk_bierkopf_game_answer_retour (BkGame    *self,
                       BkSeat     seat,
                       gboolean   raise,
                       GError   **error)
{
  g_return_val_if_fail (BK_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < BK_N_SEATS, FALSE);

  if (raise)
    return bk_bierkopf_game_double (self, seat, error);
  if (bk_game_get_phase (self) != BK_PHASE_PLAYING || !bk_bierkopf_game_may_double (self, seat))
    {
      g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP, _("No Retour is open to you now"));
      return FALSE;
    }
  bk_bierkopf_game_decline_retour (self, seat);
  return TRUE;
}

/* spec B3.6: whether the session waits for @seat, a seat driven from outside (a person),
 * to answer a Retour offer: its team may raise, the computer players who may raise at
 * this card have been asked, and @seat has neither raised nor declined at this level
 * (bk_bierkopf_game_answer_retour()). While it waits, no computer player plays a card. A seat
 * answers once per level: after declining it may still raise while bk_bierkopf_game_may_double()
 * allows it, but play no longer waits for it until the other team raises again. */
gboolean
bk_bierkopf_game_is_waiting_for_retour (BkGame *self,
                               BkSeat  seat)
{
  return bk_game_is_waiting_for_offer (self, seat);
}

const BkHandState *
bk_bierkopf_game_get_state (BkGame *game)
{
  g_return_val_if_fail (BK_IS_GAME (game), NULL);
  g_return_val_if_fail (bk_game_get_module (game)->kind == BK_GAME_BIERKOPF, NULL);
  return bk_game_get_hand (game);
}
