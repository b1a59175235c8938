/* test-fuzz-actions.c: random requests against BkGame (issue 10).
 *
 * Random sessions under random house rules (every key of bk_rules_set_option(), with good
 * and bad values) receive random requests: table talk, doubling, passing and cards, from
 * random seats (out of turn, out of phase, cards not held, words not allowed, seats and
 * cards that do not exist), now and then a legal one so that the sessions move on, and
 * requests for a new hand, a deal or seats at the wrong time.
 *
 * Every refused request must say why and leave the record, the save text, the hand state
 * and the generation as they were. Every accepted one must change the generation. At the
 * end of each session (and at random points in between) the save text must replay to the
 * same save text and record, and the play goes on from the reloaded game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-game.h"
#include "bk-record.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* Values to try for each house rule: the good ones and one that is not. */
static const struct {
  const char *key;
  const char *values[6];
} rule_values[] = {
  { "game", { "bierkopf", "herzla", "skat", NULL } },
  { "variant", { "kurz", "lang", "mittel", NULL } },
  { "packets", { "3-2", "2-3", "4-1", NULL } },
  { "new-seats", { "off", "on", "maybe", NULL } },
  { "dealer-double", { "off", "on", "", NULL } },
  { "retour", { "first-trick", "whole-hand", "never", NULL } },
  { "void", { "trumpfzwang", "ueberstechen", "frei", "egal", NULL } },
  { "tricks", { "own-and-last", "last-only", "all", NULL } },
  { "scoring", { "lines", "points", "goals", NULL } },
  { "schwarz", { "tricks", "no-points", "half", NULL } },
  { "carry", { "accumulate", "one", "none", "two", NULL } },
  { "lines", { "1", "2", "5", "21", "0", "100" } },
};

typedef struct {
  char        *record;
  char        *save;
  BkHandState  state;
  guint        generation;
  BkPhase      phase;
  guint        hand_number;
} Snapshot;

static void
snapshot_take (Snapshot *snap,
               BkGame   *game)
{
  snap->record = bk_game_to_record (game);
  snap->save = bk_game_to_save_text (game);
  snap->state = *bk_bierkopf_game_get_state (game);
  snap->generation = bk_game_get_generation (game);
  snap->phase = bk_game_get_phase (game);
  snap->hand_number = bk_game_get_hand_number (game);
}

static void
snapshot_clear (Snapshot *snap)
{
  g_clear_pointer (&snap->record, g_free);
  g_clear_pointer (&snap->save, g_free);
}

/* A refused request changed nothing. */
static void
assert_unchanged (const Snapshot *snap,
                  BkGame         *game)
{
  g_autofree char *record = bk_game_to_record (game);
  g_autofree char *save = bk_game_to_save_text (game);

  g_assert_cmpstr (record, ==, snap->record);
  g_assert_cmpstr (save, ==, snap->save);
  g_assert_true (memcmp (&snap->state, bk_bierkopf_game_get_state (game), sizeof snap->state) == 0);
  g_assert_cmpuint (bk_game_get_generation (game), ==, snap->generation);
  g_assert_cmpint (bk_game_get_phase (game), ==, snap->phase);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, snap->hand_number);
}

static void
random_rules (BkRng   *rng,
              BkRules *rules)
{
  bk_rules_init_default (rules);
  for (guint i = 0; i < G_N_ELEMENTS (rule_values); i++)
    {
      const char * const *values = rule_values[i].values;
      guint n = 0;
      BkRules before = *rules;
      g_autoptr (GError) error = NULL;

      while (n < G_N_ELEMENTS (rule_values[i].values) && values[n])
        n++;
      if (!bk_rules_set_option (rules, rule_values[i].key, values[bk_rng_below (rng, n)],
                                &error))
        {
          g_assert_nonnull (error);
          g_assert_true (bk_rules_equal (rules, &before));
        }
    }
  /* Random line counts too; Bierkopf only, as this test plays nothing else yet. */
  rules->game = BK_GAME_BIERKOPF;
  if (bk_rng_below (rng, 2))
    {
      g_autofree char *lines = g_strdup_printf ("%u", 1 + bk_rng_below (rng, 99));
      g_assert_true (bk_rules_set_option (rules, "lines", lines, NULL));
    }
  rules->game = BK_GAME_BIERKOPF;
}

/* A legal request now, if there is one. */
static gboolean
random_legal_action (BkRng    *rng,
                     BkGame   *game,
                     BkAction *action)
{
  const BkHandState *state = bk_bierkopf_game_get_state (game);
  BkAction candidates[BK_N_SEATS * (BK_N_WORDS + 2 + BK_N_CARDS)];
  guint n = 0;

  /* Talk, passes and cards for the seat to act (whatever the phase: the check decides),
   * a doubling for anyone. */
  if (state->to_act < BK_N_SEATS)
    {
      BkSeat seat = (BkSeat) state->to_act;
      BkHand cards = bk_game_get_cards (game, seat);

      for (guint w = 0; w < BK_N_WORDS; w++)
        candidates[n++] = bk_action_make (BK_ACTION_TALK, seat, w);
      candidates[n++] = bk_action_make (BK_ACTION_PASS, seat, 0);
      for (; cards; cards &= cards - 1)
        candidates[n++] = bk_action_make (BK_ACTION_PLAY, seat, bk_hand_first (cards));
    }
  if (state->to_act < BK_N_SEATS && bk_hand_state_is_bidding (state))
    candidates[n++] = bk_action_make (BK_ACTION_PASS, bk_hand_state_decider (state), 0);
  for (guint s = 0; s < BK_N_SEATS; s++)
    candidates[n++] = bk_action_make (BK_ACTION_DOUBLE, (BkSeat) s, 0);

  /* Keep the legal ones, in place. */
  {
    guint legal = 0;

    for (guint i = 0; i < n; i++)
      if (bk_hand_state_check (state, &candidates[i], NULL))
        candidates[legal++] = candidates[i];
    if (legal == 0)
      return FALSE;
    *action = candidates[bk_rng_below (rng, legal)];
  }
  return TRUE;
}

/* Any request at all: mostly a real type, seat and argument, sometimes none. */
static BkAction
random_action (BkRng *rng)
{
  guint type = bk_rng_below (rng, 16) == 0 ? 4 + bk_rng_below (rng, 252)
                                           : bk_rng_below (rng, 4);
  guint seat = bk_rng_below (rng, 16) == 0 ? bk_rng_below (rng, 256) : bk_rng_below (rng, 4);
  guint arg;

  switch (type)
    {
    case BK_ACTION_TALK:
      arg = bk_rng_below (rng, 8) == 0 ? bk_rng_below (rng, 256) : bk_rng_below (rng, BK_N_WORDS);
      break;
    case BK_ACTION_PLAY:
      arg = bk_rng_below (rng, 8) == 0 ? bk_rng_below (rng, 256) : bk_rng_below (rng, BK_N_CARDS);
      break;
    default:
      arg = bk_rng_below (rng, 4) == 0 ? bk_rng_below (rng, 256) : 0;
      break;
    }
  return bk_action_make ((BkActionType) type, (BkSeat) seat, arg);
}

/* A request for seats, a deal or the next hand, which the game may refuse. */
static gboolean
random_session_request (BkRng   *rng,
                        BkGame  *game,
                        GError **error)
{
  switch (bk_rng_below (rng, 4))
    {
    case 0:
      return bk_game_start (game, error);
    case 1:
      {
        BkHand hands[BK_N_SEATS];

        for (guint s = 0; s < BK_N_SEATS; s++)
          hands[s] = bk_rng_below (rng, 4) == 0 ? bk_rng_next (rng)
                                                : bk_rng_next (rng) & G_GUINT64_CONSTANT (0xfffffffff);
        return bk_game_deal (game, (BkSeat) bk_rng_below (rng, BK_N_SEATS + 1), hands, 0, error);
      }
    case 2:
      {
        BkCard cards[BK_N_CARDS];
        guint n = bk_rng_below (rng, BK_N_CARDS + 1);

        for (guint i = 0; i < n; i++)
          cards[i] = (BkCard) bk_rng_below (rng, BK_N_CARDS);
        return bk_bierkopf_game_seat (game, (BkSeat) bk_rng_below (rng, BK_N_SEATS), cards, n, error);
      }
    default:
      return bk_game_next_hand (game, error);
    }
}

/* The save text replays to the same save text and record; returns the reloaded game. */
static BkGame *
assert_reloads (BkGame *game)
{
  g_autofree char *save = bk_game_to_save_text (game);
  g_autofree char *record = bk_game_to_record (game);
  g_autofree char *save_again = NULL;
  g_autofree char *record_again = NULL;
  g_autoptr (GError) error = NULL;
  BkGame *loaded = bk_record_replay (save, NULL, NULL, NULL, &error);

  if (loaded == NULL)
    g_test_message ("save that does not reload:\n%s", save);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  save_again = bk_game_to_save_text (loaded);
  record_again = bk_game_to_record (loaded);
  g_assert_cmpstr (save_again, ==, save);
  g_assert_cmpstr (record_again, ==, record);
  if (memcmp (bk_bierkopf_game_get_state (game), bk_bierkopf_game_get_state (loaded), sizeof (BkHandState)) != 0)
    {
      const guint8 *a = (const guint8 *) bk_bierkopf_game_get_state (game);
      const guint8 *b = (const guint8 *) bk_bierkopf_game_get_state (loaded);

      for (gsize i = 0; i < sizeof (BkHandState); i++)
        if (a[i] != b[i])
          g_test_message ("state byte %" G_GSIZE_FORMAT ": %u != %u", i, a[i], b[i]);
      g_test_message ("save:\n%s", save);
    }
  g_assert_true (memcmp (bk_bierkopf_game_get_state (game), bk_bierkopf_game_get_state (loaded),
                         sizeof (BkHandState)) == 0);
  g_assert_cmpint (bk_game_get_phase (loaded), ==, bk_game_get_phase (game));
  return loaded;
}

static void
test_random_actions (void)
{
  guint target = bk_test_scaled (1000000);
  guint done = 0, accepted = 0, sessions = 0, reloads = 0, hands = 0;
  g_autoptr (GTimer) timer = g_timer_new ();
  BkRng rng;

  bk_rng_init (&rng, 10, 10);
  while (done < target)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      /* Short sessions keep the records (and so each check) small. */
      guint budget = 50 + bk_rng_below (&rng, 400);
      Snapshot snap = { 0 };

      random_rules (&rng, &rules);
      game = bk_game_new (&rules, bk_rng_next (&rng));
      sessions++;
      snapshot_take (&snap, game);

      for (guint i = 0; i < budget && done < target; i++, done++)
        {
          g_autoptr (GError) error = NULL;
          BkPhase phase = bk_game_get_phase (game);
          gboolean ok;
          guint roll = bk_rng_below (&rng, 100);

          if ((phase == BK_PHASE_NEW || phase == BK_PHASE_HAND_OVER) && roll < 70)
            {
              ok = bk_game_next_hand (game, &error);
              g_assert_no_error (error);
              g_assert_true (ok);
              hands++;
            }
          else if (roll < 5)
            ok = random_session_request (&rng, game, &error);
          else
            {
              BkAction action;

              if (roll >= 60 || !random_legal_action (&rng, game, &action))
                action = random_action (&rng);
              ok = bk_game_apply (game, &action, &error);
            }

          if (ok)
            {
              g_assert_no_error (error);
              g_assert_cmpuint (bk_game_get_generation (game), !=, snap.generation);
              accepted++;
              snapshot_clear (&snap);
              snapshot_take (&snap, game);
            }
          else
            {
              g_assert_nonnull (error);
              g_assert_cmpstr (error->message, !=, "");
              assert_unchanged (&snap, game);
            }

          /* Now and then: save, reload, and play on with the reloaded game. */
          if (ok && bk_rng_below (&rng, 64) == 0)
            {
              BkGame *loaded = assert_reloads (game);

              g_object_unref (game);
              game = loaded;
              reloads++;
            }
        }

      g_object_unref (assert_reloads (game));
      reloads++;
      snapshot_clear (&snap);
    }

  g_test_message ("%u requests (%u accepted) in %u sessions, %u hands, %u reloads: %.2f s",
                  done, accepted, sessions, hands, reloads, g_timer_elapsed (timer, NULL));
  g_assert_cmpuint (done, >=, target);
  g_assert_cmpuint (accepted, >, done / 10);
  g_assert_cmpuint (accepted, <, done);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz/random-actions", test_random_actions);

  return g_test_run ();
}
