/* bk-bierkopf-query.c: a Bierkopf session's own questions from a view; see
 * bk-bierkopf-query.h. Reads the hand through bk_bierkopf_game_get_state().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-bierkopf-query.h"

static void
add_talk (BkGame     *game,
          BkOptions  *options,
          BkSeat      seat,
          BkWord      word,
          const char *label)
{
  bk_options_add_checked (options, game, bk_action_make (BK_ACTION_TALK, seat, word),
                          bk_word_to_string (word), label);
}

/* spec B3.1, B3.2: Vorhand may also decide at once instead of talking; offered only when
 * the game allows it. */
static void
add_decision (BkGame    *game,
              BkOptions *options,
              BkSeat     seat)
{
  BkAction pass = bk_action_make (BK_ACTION_PASS, seat, 0);
  BkAction spritze = bk_action_make (BK_ACTION_DOUBLE, seat, 0);

  if (bk_hand_state_check (bk_bierkopf_game_get_state (game), &pass, NULL))
    bk_options_add_checked (options, game, pass, "pass", _("_Pass"));
  if (bk_hand_state_check (bk_bierkopf_game_get_state (game), &spritze, NULL))
    bk_options_add_checked (options, game, spritze, "spritze", _("_Spritze!"));
}

/* spec B3.6 */
static void
add_retour (BkGame    *game,
            BkOptions *options,
            BkSeat     seat)
{
  bk_options_add_checked (options, game, bk_action_make (BK_ACTION_DOUBLE, seat, 0), "retour",
                          _("Retour!"));
}

/* What @seat may do now, each choice with its label (spec B3.1-B3.6, B4): in the table
 * talk the words (and a Spritze or pass where the seat may decide at once); asked for a
 * Spritze, both choices, the Spritze not legal at the cap of B3.6; in play every card in
 * hand, legal or with the reason why not, and a Retour when it is open to the seat.
 * @options->ask is a BkAsk. Clear @options with bk_options_clear() after. */
void
bk_bierkopf_game_get_options (BkGame    *game,
                              BkSeat     seat,
                              BkOptions *options)
{
  const BkHandState *state;
  BkPhase phase;

  g_return_if_fail (BK_IS_GAME (game));
  g_return_if_fail (seat < BK_N_SEATS);
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->ask = BK_ASK_NOTHING;
  phase = bk_game_get_phase (game);
  if (bk_game_get_hand_number (game) == 0 ||
      (phase != BK_PHASE_BIDDING && phase != BK_PHASE_PLAYING))
    return;
  state = bk_bierkopf_game_get_state (game);
  options->waiting = bk_bierkopf_game_is_waiting_for_retour (game, seat);

  if (phase == BK_PHASE_BIDDING)
    {
      /* spec B3.5: a decider may decide while the other one of the team is to talk. */
      if (bk_game_get_to_act (game) != seat)
        {
          add_decision (game, options, seat);
          return;
        }
      switch (state->step)
        {
        case BK_STEP_CONFER_VH:
        case BK_STEP_CONFER_HH:
          options->ask = BK_ASK_TALK_HOW_WELL;
          add_talk (game, options, seat, BK_WORD_NONE, _("_Say Nothing"));
          add_talk (game, options, seat, BK_WORD_SCHLECHT, _("_Bad"));
          add_talk (game, options, seat, BK_WORD_MITTEL, _("S_o-So"));
          add_talk (game, options, seat, BK_WORD_GUT, _("_Good"));
          add_decision (game, options, seat);
          break;

        case BK_STEP_CONFER_MH:
        case BK_STEP_CONFER_GEBER:
          options->ask = BK_ASK_TALK_WHETHER;
          add_talk (game, options, seat, BK_WORD_NONE, _("_Say Nothing"));
          add_talk (game, options, seat, BK_WORD_NICHT_HELFEN, _("I _Can’t Help"));
          add_talk (game, options, seat, BK_WORD_HELFEN, _("I Can _Help"));
          add_decision (game, options, seat);
          break;

        default:
          options->ask = BK_ASK_SPRITZE;
          bk_options_add_checked (options, game, bk_action_make (BK_ACTION_PASS, seat, 0),
                                  "pass", _("_Pass"));
          bk_options_add_checked (options, game, bk_action_make (BK_ACTION_DOUBLE, seat, 0),
                                  "spritze", _("_Spritze!"));
          break;
        }
      return;
    }

  if (bk_game_get_to_act (game) == seat)
    {
      options->ask = BK_ASK_PLAY;
      bk_options_add_cards (options, game, seat);
      if (bk_bierkopf_game_may_double (game, seat))
        add_retour (game, options, seat);
    }
  else if (bk_bierkopf_game_may_double (game, seat))
    {
      options->ask = BK_ASK_RETOUR;
      add_retour (game, options, seat);
    }
}

/* spec B3.1, B3.2: what was said at the table this hand, in the order of speaking (the
 * forehand team first, then the other team); a seat that said nothing (yet) is left out.
 * Returns how many words. */
guint
bk_bierkopf_game_get_said (BkGame *game,
                           BkSaid  said[BK_N_SEATS])
{
  static const guint order[] = { 1, 3, 2, 4 };
  const BkHandState *state;
  guint n = 0;

  g_return_val_if_fail (BK_IS_GAME (game), 0);

  if (bk_game_get_hand_number (game) == 0)
    return 0;
  state = bk_bierkopf_game_get_state (game);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      BkSeat seat = bk_seat_after ((BkSeat) state->dealer, order[i]);

      if (state->words[seat] == BK_WORD_NONE)
        continue;
      said[n].seat = seat;
      said[n].word = (BkWord) state->words[seat];
      n++;
    }
  return n;
}
