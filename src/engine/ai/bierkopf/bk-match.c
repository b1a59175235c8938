/* bk-match.c: duplicate play, driven like BkGame drives computer players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ai"

#include "config.h"

#include "bk-bierkopf-module.h"
#include "bk-levels.h"
#include "bk-match.h"
#include "bk-rng.h"

/* The deal stream, apart from every player's. */
#define DEAL_STREAM G_GUINT64_CONSTANT (0xdea1)

void
bk_match_deal (const BkMatchOptions *options,
               guint                 index,
               BkSeat               *dealer,
               BkHand                hands[BK_N_SEATS])
{
  const BkGameRules *game = bk_game_rules_get (options->rules.game);
  BkCard deck[BK_N_CARDS];
  guint n = 0;
  BkRng rng;

  for (BkHand all = game->deck (&options->rules); all; all &= all - 1)
    deck[n++] = bk_hand_first (all);
  bk_rng_init (&rng, options->seed, DEAL_STREAM + ((guint64) index << 8));
  bk_rng_shuffle (&rng, deck, n);
  /* spec B2.2: the deal passes clockwise from one deal to the next. */
  *dealer = (BkSeat) (index % BK_N_SEATS);
  bk_deal_from_deck (&options->rules, deck, *dealer, hands);
}

static void
decide (BkStrategy          *player,
        const BkHandState   *state,
        BkSeat               seat,
        guint64              seed,
        BkMatchDecisionFunc  watch,
        gpointer             watch_data,
        BkAction            *action)
{
  gint64 start = g_get_monotonic_time ();

  bk_strategy_decide (player, &bk_bierkopf_module, state, seat, seed, action);
  if (watch)
    watch (watch_data, state, action, g_get_monotonic_time () - start);
}

/* One hand from the deal to the last card, on the coasters of a fresh Bollen. Each seat
 * draws its seeds from its own stream (@seeds). Retours are offered as bk_game_step()
 * offers them: to each seat that may raise, once per card on the table. */
void
bk_match_play_hand (const BkMatchOptions *options,
                    BkSeat                dealer,
                    const BkHand          hands[BK_N_SEATS],
                    BkStrategy           *players[BK_N_SEATS],
                    const guint64         seeds[BK_N_SEATS],
                    BkMatchDecisionFunc   watch,
                    gpointer              watch_data,
                    BkHandState          *state)
{
  BkRng streams[BK_N_SEATS];
  guint asked_at = G_MAXUINT, asked = 0;

  for (guint s = 0; s < BK_N_SEATS; s++)
    bk_rng_init (&streams[s], seeds[s], s);
  bk_hand_state_init (state, &options->rules, dealer, hands, options->rules.bierkopf.lines,
                      options->rules.bierkopf.lines);

  while (!bk_hand_state_is_over (state))
    {
      BkSeat seat = (BkSeat) state->to_act;
      BkAction action;
      gboolean raised = FALSE;
      g_autoptr (GError) error = NULL;

      if (options->doubling && bk_hand_state_retour_open (state))
        {
          guint position = bk_hand_state_cards_played (state);

          if (position != asked_at)
            {
              asked_at = position;
              asked = 0;
            }
          for (guint s = 0; s < BK_N_SEATS && !raised; s++)
            {
              gint64 start;
              gboolean wants;

              if ((asked & (1u << s)) || !bk_hand_state_may_double (state, (BkSeat) s))
                continue;
              asked |= 1u << s;
              start = g_get_monotonic_time ();
              wants = bk_strategy_answer_offer (players[s], &bk_bierkopf_module, state, s,
                                                bk_rng_next (&streams[s]), &action);
              if (!wants)
                action = bk_action_make (BK_ACTION_PASS, (BkSeat) s, 0);
              if (watch)
                watch (watch_data, state, &action, g_get_monotonic_time () - start);
              if (wants)
                {
                  bk_hand_state_apply_unchecked (state, &action);
                  raised = TRUE;
                }
            }
          if (raised)
            continue;
        }

      switch (state->step)
        {
        case BK_STEP_CONFER_VH:
        case BK_STEP_CONFER_HH:
        case BK_STEP_CONFER_MH:
        case BK_STEP_CONFER_GEBER:
          if (options->talk)
            decide (players[seat], state, seat, bk_rng_next (&streams[seat]), watch, watch_data,
                    &action);
          else
            action = bk_action_make (BK_ACTION_TALK, seat, BK_WORD_NONE);
          break;
        case BK_STEP_PLAY:
          decide (players[seat], state, seat, bk_rng_next (&streams[seat]), watch, watch_data,
                  &action);
          break;
        default:
          if (options->doubling)
            decide (players[seat], state, seat, bk_rng_next (&streams[seat]), watch, watch_data,
                    &action);
          else
            action = bk_action_make (BK_ACTION_PASS, seat, 0);
          break;
        }

      if (!bk_hand_state_apply (state, &action, &error))
        g_error ("A computer player broke the rules: %s", error->message);
    }
}

/* What the hand was worth to @team in lines: won positive, lost negative (spec B5.2); the
 * other team's is the opposite, so this is also the difference between the teams. */
static double
signed_lines (const BkHandState *state,
              BkTeam             team)
{
  BkHandResult result;

  bk_hand_state_score (state, 0, &result);
  if (result.winner == BK_TEAM_NONE)
    return 0;
  return result.winner == team ? (double) result.value : -(double) result.value;
}

/* Deal @index twice: A on South-North and B on West-East, then the other way round. Fresh
 * players in each half, so nothing is remembered from the first. */
void
bk_match_play_duplicate (const BkMatchOptions *options,
                         guint                 index,
                         const char           *level_a,
                         const char           *level_b,
                         BkMatchDecisionFunc   watch,
                         gpointer              watch_data,
                         BkHandState           states[2],
                         BkDuplicateResult    *result)
{
  BkHand hands[BK_N_SEATS];
  BkSeat dealer;

  *result = (BkDuplicateResult) { 0 };
  bk_match_deal (options, index, &dealer, hands);

  for (guint half = 0; half < 2; half++)
    {
      BkStrategy *players[BK_N_SEATS];
      guint64 seeds[BK_N_SEATS];
      BkTeam team_a = half == 0 ? BK_TEAM_SN : BK_TEAM_WE;
      BkTeam team_b = 1 - team_a;

      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          gboolean is_a = bk_seat_team ((BkSeat) s) == team_a;
          g_autoptr (GError) error = NULL;

          players[s] = bk_strategy_new_for_level (BK_GAME_BIERKOPF,
                                                  is_a ? level_a : level_b, &error);
          g_assert_no_error (error);
          /* One stream per player: its team's letter, its seat, the deal and the half. */
          seeds[s] = bk_rng_mix (options->seed ^ bk_rng_mix (((guint64) index << 16) |
                                                             (half << 8) | (is_a << 4) | s));
        }
      bk_match_play_hand (options, dealer, hands, players, seeds, watch, watch_data,
                          &states[half]);
      for (guint s = 0; s < BK_N_SEATS; s++)
        g_object_unref (players[s]);

      /* Means of the two halves: A's card points minus B's, the lines A won or lost. */
      result->card_points += (states[half].points[team_a] -
                              (double) states[half].points[team_b]) / 2;
      result->game_points += signed_lines (&states[half], team_a) / 2;
      result->a_wins += states[half].points[team_a] > 60;
    }
}
