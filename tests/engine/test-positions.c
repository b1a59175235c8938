/* test-positions.c: hand-made situations with the card a strong player must (or must
 * never) play, each with its reason. The meister level must pass all of them; the
 * answers were checked against the exact mean over every world consistent with what
 * the player to act has seen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-game.h"
#include "bk-bierkopf-module.h"
#include "bk-levels.h"
#include "test-helpers.h"

typedef struct {
  const char *name;
  const char *reason;
  BkSeat      dealer;
  const char *hands[BK_N_SEATS];  /* S W N E, as dealt */
  const char *plays;              /* every card so far, in order */
  const char *play_one_of;        /* the right answers */
  const char *never;              /* wrong answers */
} Position;

static const Position positions[] = {
  {
    "schmier-sau",
    "partner's Alte takes the trick for sure and we have no trump: schmier a Sau",
    BK_SEAT_S,
    { "EA E10 GA G10 S10", "SU HK EK GK SK", "EO GO HO SO SA", "EU GU HU HA H10" },
    "SU EO HU", "EA GA", "",
  },
  {
    "lost-trick-king",
    "the opponents' Alte wins and we have no trump: throw a König, keep the Sau and the Zehn",
    BK_SEAT_S,
    { "EA E10 EK GK SK", "EO GO HO SO SU", "EU GU HA GA G10", "HU H10 HK SA S10" },
    "EO GU HK", "GK SK", "EA E10",
  },
  {
    "schmier-herz-zehn",
    "partner led the Alte, nobody can beat it: follow with the Herz-Zehn, it is safe",
    BK_SEAT_S,
    { "EA E10 EK GK SK", "EO GO HO SO SU", "EU GU HA GA G10", "HU H10 HK SA S10" },
    "EO GU", "H10", "HU",
  },
  {
    "draw-before-cashing",
    "everybody else is void in Gras and still has a trump: draw them with the Alte, then "
    "the Gras-Sau takes the last trick",
    BK_SEAT_S,
    { "EO GO GA G10 HU", "GK EK SK H10 HK", "HO SO EU E10 S10", "GU SU HA EA SA" },
    "GK EU SU G10 E10 EA HU EK GO HK SO GU", "EO", "GA",
  },
  {
    "under-the-alte",
    "the Alte takes this trump trick anyway: follow with the Unter, never the Herz-Sau",
    BK_SEAT_S,
    { "EK GA G10 SA S10", "EO GO HO SO SU", "HA HU EA GK SK", "EU GU H10 HK E10" },
    "EO", "HU", "HA",
  },
  {
    "no-trump-lost-trick",
    "the opponents win this trump trick and we have none: give the König, not a Sau or Zehn",
    BK_SEAT_S,
    { "EK GA G10 SA S10", "EO GO HO SO SU", "HA HU EA GK SK", "EU GU H10 HK E10" },
    "EO HU GU", "EK", "GA SA G10 S10",
  },
};

/* The position: the deal, everybody passes, then the cards. */
static void
build (const Position *position,
       BkHandState    *state)
{
  BkHand hands[BK_N_SEATS];

  deal_hands (hands, position->hands[0], position->hands[1], position->hands[2],
              position->hands[3]);
  build_position (state, position->dealer, hands, position->plays);
}

static void
test_position (gconstpointer data)
{
  const Position *position = data;
  g_autoptr (BkStrategy) meister = bk_strategy_new_for_level (BK_GAME_BIERKOPF, "meister", NULL);
  BkHandState state;
  BkHand right = H (position->play_one_of);
  BkHand wrong = position->never[0] ? H (position->never) : 0;

  g_test_message ("%s", position->reason);
  build (position, &state);
  g_assert_cmpint (state.step, ==, BK_STEP_PLAY);
  /* The answers must be choices, or the position tests nothing. */
  g_assert_cmpuint (right & ~bk_hand_state_legal (&state), ==, 0);
  g_assert_cmpuint (bk_hand_state_legal (&state) & ~(right | wrong), !=,
                    bk_hand_state_legal (&state));

  /* Five seeds at full scale; at least the first one under BK_TEST_SCALE < 1. */
  for (guint64 seed = 1, n = bk_test_scaled (5); seed <= n; seed++)
    {
      BkAction action;

      bk_strategy_decide (meister, &bk_bierkopf_module, &state, (BkSeat) state.to_act, seed, &action);
      g_assert_cmpuint (action.type, ==, BK_ACTION_PLAY);
      if (!bk_hand_has (right, action.arg) || bk_hand_has (wrong, action.arg))
        g_error ("%s: meister played %s, but %s", position->name,
                 bk_card_to_string (action.arg), position->reason);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autofree char *path = g_strdup_printf ("/positions/B4/meister/%s", positions[i].name);
      g_test_add_data_func (path, &positions[i], test_position);
    }
  return g_test_run ();
}
