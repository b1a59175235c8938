/* bk-bierkopf-module.c: Bierkopf as a game module: four seats in two teams, talk and
 * doubling before play (spec B3), the coasters (B5, B6) and the record lines of its
 * actions (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-module.h"
#include "bk-error.h"
#include "bk-bierkopf.h"

static guint
bierkopf_n_seats (const BkRules *rules)
{
  (void) rules;
  return BK_N_SEATS;
}

/* notation.md "Seats and teams": S W N E. */
static const char *
bierkopf_seat_name (const BkRules *rules,
                    guint          seat)
{
  (void) rules;
  return bk_seat_to_string ((BkSeat) seat);
}

static gboolean
bierkopf_seat_parse (const BkRules  *rules,
                     const char     *text,
                     guint          *seat,
                     GError        **error)
{
  (void) rules;
  return bk_seat_parse (text, seat, error);
}

static char *
bierkopf_seat_display_name (const BkRules *rules,
                            guint          seat)
{
  (void) rules;
  return g_strdup (bk_seat_display_name ((BkSeat) seat));
}

static guint
bierkopf_side_of (gconstpointer hand,
                  guint         seat)
{
  (void) hand;
  return bk_seat_team ((BkSeat) seat);
}

static void
bierkopf_deal (const BkRules *rules,
               const BkCard  *deck,
               guint          dealer,
               BkHand        *hands,
               BkHand        *aside)
{
  bk_deal_from_deck (rules, deck, (BkSeat) dealer, hands);
  if (aside)
    *aside = 0;
}

static gboolean
bierkopf_deal_check (const BkRules  *rules,
                     const BkHand   *hands,
                     BkHand          aside,
                     GError        **error)
{
  if (aside != 0)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL,
                   _("Bierkopf puts no cards aside"));
      return FALSE;
    }
  return bk_deal_check (rules, hands, error);
}

static void
bierkopf_hand_init (gpointer       hand,
                    const BkRules *rules,
                    gconstpointer  score,
                    guint          dealer,
                    const BkHand  *hands,
                    BkHand         aside)
{
  const BkBierkopfScore *coasters = score;

  (void) aside;
  bk_hand_state_init (hand, rules, (BkSeat) dealer, hands,
                      coasters->lines_left[BK_TEAM_SN], coasters->lines_left[BK_TEAM_WE]);
}

static BkHandStage
bierkopf_stage (gconstpointer hand)
{
  const BkHandState *state = hand;

  if (bk_hand_state_is_over (state))
    return BK_HAND_STAGE_OVER;
  return bk_hand_state_is_bidding (state) ? BK_HAND_STAGE_BEFORE_PLAY : BK_HAND_STAGE_PLAY;
}

static guint
bierkopf_to_act (gconstpointer hand)
{
  return ((const BkHandState *) hand)->to_act;
}

static guint
bierkopf_dealer (gconstpointer hand)
{
  return ((const BkHandState *) hand)->dealer;
}

static BkHand
bierkopf_cards (gconstpointer hand,
                guint         seat)
{
  g_return_val_if_fail (seat < BK_N_SEATS, 0);
  return ((const BkHandState *) hand)->hands[seat];
}

static BkHand
bierkopf_legal (gconstpointer hand)
{
  return bk_hand_state_legal (hand);
}

static guint
bierkopf_tricks_done (gconstpointer hand)
{
  return ((const BkHandState *) hand)->tricks_done;
}

static void
bierkopf_last_trick (gconstpointer  hand,
               BkTrick       *trick,
               guint         *winner)
{
  const BkHandState *state = hand;

  *trick = state->last_trick;
  *winner = state->last_winner;
}

static void
bierkopf_trick_on_table (gconstpointer  hand,
                         BkTrick       *trick)
{
  *trick = ((const BkHandState *) hand)->trick;
}

/* spec B4.2-B4.4 */
static const char *
bierkopf_reason (gconstpointer hand,
                 guint         seat,
                 BkCard        card)
{
  const BkHandState *state = hand;

  g_return_val_if_fail (seat < BK_N_SEATS, NULL);
  return bk_illegal_reason (state->game, &state->rules, state->hands[seat], &state->trick,
                            card);
}

static BkHand
bierkopf_dealt (gconstpointer hand,
                guint         seat)
{
  g_return_val_if_fail (seat < BK_N_SEATS, 0);
  return ((const BkHandState *) hand)->dealt[seat];
}

/* spec B2.3: three cards and two, or (a house rule of the short game) two and three. */
static guint
bierkopf_packet_of (gconstpointer hand,
                    guint         index)
{
  const BkRules *rules = &((const BkHandState *) hand)->rules;
  guint first = rules->bierkopf.variant == BK_VARIANT_LANG ||
                rules->bierkopf.packets == BK_PACKETS_3_2 ? 3 : 2;

  return index < first ? 0 : 1;
}

static gboolean
bierkopf_check (gconstpointer    hand,
                const BkAction  *action,
                GError         **error)
{
  return bk_hand_state_check (hand, action, error);
}

/* A doubling or a pass carries nothing: whatever the request held in its argument, 0. */
static void
bierkopf_action_normalize (BkAction *action)
{
  if (action->type == BK_ACTION_DOUBLE || action->type == BK_ACTION_PASS)
    action->arg = 0;
}

static void
bierkopf_apply (gpointer        hand,
                const BkAction *action)
{
  bk_hand_state_apply_unchecked (hand, action);
}

void
bk_bierkopf_score_init (BkBierkopfScore *score,
                        const BkRules   *rules)
{
  *score = (BkBierkopfScore) { 0 };
  score->lines_left[BK_TEAM_SN] = score->lines_left[BK_TEAM_WE] = rules->bierkopf.lines;
  score->last_result.winner = BK_TEAM_NONE;
  score->seating.first = score->seating.second = BK_SEAT_NONE;
  for (guint s = 0; s < BK_N_SEATS; s++)
    score->seat_map[s] = (guint8) s;
}

/* spec B5, B6: the coasters take the hand's result; TRUE when it won a Bollen (B6.2). */
gboolean
bk_bierkopf_score_hand (BkBierkopfScore   *score,
                        const BkRules     *rules,
                        const BkHandState *state)
{
  BkHandResult *result = &score->last_result;
  BkTeam winner, loser;

  bk_hand_state_score (state, score->carry, result);
  winner = result->winner;
  score->carry = result->carry_out;
  if (winner == BK_TEAM_NONE)
    return FALSE;

  score->lines_left[winner] -= MIN (score->lines_left[winner], result->lines);
  if (score->lines_left[winner] > 0)
    return FALSE;

  /* spec B6.2: the Bollen is won; surplus lines are gone, both coasters start over. */
  loser = winner == BK_TEAM_SN ? BK_TEAM_WE : BK_TEAM_SN;
  score->dots[loser]++;
  score->lines_left[BK_TEAM_SN] = score->lines_left[BK_TEAM_WE] = rules->bierkopf.lines;
  score->carry = 0;
  return TRUE;
}

static void
bierkopf_score_init (gpointer       score,
                     const BkRules *rules)
{
  bk_bierkopf_score_init (score, rules);
}

static gboolean
bierkopf_score_hand (gpointer       score,
                     const BkRules *rules,
                     gconstpointer  hand)
{
  return bk_bierkopf_score_hand (score, rules, hand);
}

static gconstpointer
bierkopf_last_result (gconstpointer score)
{
  return &((const BkBierkopfScore *) score)->last_result;
}

/* The state line of a save (format 1 and 2): lines SN WE dots SN WE carry C. */
/* spec B2.1, B2.5: who sits at @seat after every seating ceremony of the session. */
static guint
bierkopf_player_at (gconstpointer score,
                    guint         seat)
{
  return ((const BkBierkopfScore *) score)->seat_map[seat];
}

static void
bierkopf_score_write (gconstpointer  score,
                      GString       *line)
{
  const BkBierkopfScore *coasters = score;

  g_string_append_printf (line, "lines %u %u dots %u %u carry %u",
                          coasters->lines_left[BK_TEAM_SN], coasters->lines_left[BK_TEAM_WE],
                          coasters->dots[BK_TEAM_SN], coasters->dots[BK_TEAM_WE],
                          coasters->carry);
}

/* spec B4.5: before the last trick, one's own team's tricks and the opponents' last one;
 * or (house rule) none. */
static gboolean
bierkopf_may_view_trick (BkGame *game,
                         guint   viewer,
                         guint   trick_index)
{
  BkSeat taker, later;

  if (bk_game_get_rules (game)->bierkopf.trick_view == BK_TRICKS_LAST_ONLY ||
      !bk_game_get_trick (game, trick_index, NULL, &taker))
    return FALSE;
  if (bk_game_get_side (game, taker) == bk_game_get_side (game, viewer))
    return TRUE;
  /* The opponents' last trick: no later trick went to them. */
  for (guint i = trick_index + 1; bk_game_get_trick (game, i, NULL, &later); i++)
    if (bk_game_get_side (game, later) == bk_game_get_side (game, taker))
      return FALSE;
  return TRUE;
}

/* spec B6.1: the coasters of a session keep the lines they began with. */
static gboolean
bierkopf_rules_change_check (const BkRules  *old,
                             const BkRules  *rules,
                             GError        **error)
{
  if (rules->bierkopf.lines == old->bierkopf.lines)
    return TRUE;
  g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE,
               _("The lines of a coaster cannot change within a session"));
  return FALSE;
}

/* notation.md: talk SEAT WORD, double SEAT, pass SEAT, play SEAT CARD. */
static void
bierkopf_action_write (const BkRules  *rules,
                       const BkAction *action,
                       GString        *line)
{
  const char *seat = bk_seat_to_string ((BkSeat) action->seat);

  (void) rules;
  switch ((BkActionType) action->type)
    {
    case BK_ACTION_TALK:
      /* Silence is written too ("schweigt"), so a loaded game is in the same step. */
      g_string_append_printf (line, "talk %s %s", seat, bk_word_to_string ((BkWord) action->arg));
      break;
    case BK_ACTION_DOUBLE:
      g_string_append_printf (line, "double %s", seat);
      break;
    case BK_ACTION_PASS:
      g_string_append_printf (line, "pass %s", seat);
      break;
    case BK_ACTION_PLAY:
      g_string_append_printf (line, "play %s %s", seat, bk_card_to_string ((BkCard) action->arg));
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
expect_args (const char * const *words,
             guint               n_wanted,
             GError            **error)
{
  guint n = g_strv_length ((char **) words) - 1;

  if (n == n_wanted)
    return TRUE;
  g_set_error (error, BK_ERROR, BK_ERROR_RECORD,
               _("“%s” takes %u to %u words, not %u"), words[0], n_wanted, n_wanted, n);
  return FALSE;
}

static gboolean
bierkopf_action_read (const BkRules      *rules,
                      const char * const *words,
                      BkAction           *action,
                      GError            **error)
{
  BkSeat seat;

  (void) rules;
  if (g_str_equal (words[0], "talk"))
    {
      BkWord word;

      if (!expect_args (words, 2, error) || !bk_seat_parse (words[1], &seat, error) ||
          !bk_word_parse (words[2], &word, error))
        return FALSE;
      *action = bk_action_make (BK_ACTION_TALK, seat, word);
      return TRUE;
    }
  if (g_str_equal (words[0], "double") || g_str_equal (words[0], "pass"))
    {
      if (!expect_args (words, 1, error) || !bk_seat_parse (words[1], &seat, error))
        return FALSE;
      *action = bk_action_make (g_str_equal (words[0], "double") ? BK_ACTION_DOUBLE
                                                                 : BK_ACTION_PASS, seat, 0);
      return TRUE;
    }
  if (g_str_equal (words[0], "play"))
    {
      BkCard card;

      if (!expect_args (words, 2, error) || !bk_seat_parse (words[1], &seat, error) ||
          !bk_card_parse (words[2], &card, error))
        return FALSE;
      *action = bk_action_make (BK_ACTION_PLAY, seat, card);
      return TRUE;
    }
  g_set_error (error, BK_ERROR, BK_ERROR_RECORD, _("Unknown keyword “%s”"), words[0]);
  return FALSE;
}

/* Position of @seat in the order of deciding before the first card: Vorhand first. */
static guint
decide_position (const BkHandState *state,
                 guint              seat)
{
  return (seat + BK_N_SEATS - state->dealer - 1) % BK_N_SEATS;
}

/* notation.md: a `double` or `pass` for a seat means the seats before it passed; the
 * first `play` means every seat still to speak passed. */
static gboolean
bierkopf_action_implied (gconstpointer   hand,
                         const BkAction *next,
                         BkAction       *implied)
{
  const BkHandState *state = hand;
  BkSeat decider;

  if (!bk_hand_state_is_bidding (state) || next->type == BK_ACTION_TALK)
    return FALSE;
  decider = bk_hand_state_decider (state);
  if (next->type != BK_ACTION_PLAY &&
      decide_position (state, decider) >= decide_position (state, next->seat))
    return FALSE;
  *implied = bk_action_make (BK_ACTION_PASS, decider, 0);
  return TRUE;
}

static const char * const action_keywords[] = { "talk", "double", "pass", "play", NULL };
static const char * const line_keywords[] = { "seating", NULL };

G_STATIC_ASSERT (sizeof (BkHandState) <= BK_HAND_MAX_SIZE);

const BkGameModule bk_bierkopf_module = {
  .kind = BK_GAME_BIERKOPF,
  .id = "bierkopf",
  .name = N_("Bierkopf"),
  .trick_rules = bk_bierkopf_rules,
  .playable = TRUE,
  .hand_size = sizeof (BkHandState),
  .score_size = sizeof (BkBierkopfScore),
  .n_seats = bierkopf_n_seats,
  .seat_name = bierkopf_seat_name,
  .seat_parse = bierkopf_seat_parse,
  .seat_display_name = bierkopf_seat_display_name,
  .side_of = bierkopf_side_of,
  .deal = bierkopf_deal,
  .deal_check = bierkopf_deal_check,
  .hand_init = bierkopf_hand_init,
  .stage = bierkopf_stage,
  .to_act = bierkopf_to_act,
  .dealer = bierkopf_dealer,
  .cards = bierkopf_cards,
  .legal = bierkopf_legal,
  .tricks_done = bierkopf_tricks_done,
  .last_trick = bierkopf_last_trick,
  .trick_on_table = bierkopf_trick_on_table,
  .reason = bierkopf_reason,
  .dealt = bierkopf_dealt,
  .packet_of = bierkopf_packet_of,
  .check = bierkopf_check,
  .apply = bierkopf_apply,
  .action_normalize = bierkopf_action_normalize,
  .score_init = bierkopf_score_init,
  .score_hand = bierkopf_score_hand,
  .last_result = bierkopf_last_result,
  .result_size = sizeof (BkHandResult),
  .player_at = bierkopf_player_at,
  .score_write = bierkopf_score_write,
  .class_init = bk_bierkopf_game_class_init,
  .get_property = bk_bierkopf_game_get_property,
  .changed = bk_bierkopf_game_changed,
  .scored = bk_bierkopf_game_scored,
  .new_round = bk_bierkopf_game_new_round,
  .round_dealer = bk_bierkopf_game_round_dealer,
  .may_view_trick = bierkopf_may_view_trick,
  .rules_change_check = bierkopf_rules_change_check,
  .offer_open = bk_bierkopf_game_offer_open,
  .offer_may_answer = bk_bierkopf_game_offer_may_answer,
  .offer_level = bk_bierkopf_game_offer_level,
  .offer_decide = bk_bierkopf_game_offer_decide,
  .offer_declined = bk_bierkopf_game_offer_declined,
  .checkpoint_write = bk_bierkopf_game_checkpoint_write,
  .checkpoint_read = bk_bierkopf_game_checkpoint_read,
  .line_keywords = line_keywords,
  .read_line = bk_bierkopf_game_read_line,
  .action_keywords = action_keywords,
  .action_write = bierkopf_action_write,
  .action_read = bierkopf_action_read,
  .action_implied = bierkopf_action_implied,
};
