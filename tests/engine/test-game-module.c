/* test-game-module.c: the game modules behind the core (issue 13): the registry, a
 * Bierkopf hand driven through the generic module interface and through BkGame alike,
 * the record lines each module writes and reads, and the Herzla skeleton registered
 * next to Bierkopf but refused by the session.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "bk-bierkopf-module.h"
#include "bk-games.h"
#include "bk-herzla-module.h"
#include "bk-record.h"
#include "bk-rng.h"
#include "test-helpers.h"

static void
test_registry (void)
{
  const BkGameModule * const *list = bk_game_module_list ();
  guint n = 0;

  g_assert_true (bk_game_module_get (BK_GAME_BIERKOPF) == &bk_bierkopf_module);
  g_assert_true (bk_game_module_get (BK_GAME_HERZLA) == &bk_herzla_module);
  g_assert_true (bk_game_module_lookup ("bierkopf") == &bk_bierkopf_module);
  g_assert_true (bk_game_module_lookup ("Herzla") == &bk_herzla_module);
  g_assert_null (bk_game_module_lookup ("skat"));

  for (; list[n]; n++)
    {
      const BkGameModule *module = list[n];

      g_assert_true (bk_game_module_lookup (module->id) == module);
      g_assert_cmpuint (module->hand_size, >, 0);
      g_assert_cmpuint (module->score_size, >, 0);
      g_assert_nonnull (module->n_seats);
      g_assert_nonnull (module->side_of);
      g_assert_nonnull (module->deal);
      g_assert_nonnull (module->deal_check);
      g_assert_nonnull (module->hand_init);
      g_assert_nonnull (module->stage);
      g_assert_nonnull (module->to_act);
      g_assert_nonnull (module->dealer);
      g_assert_nonnull (module->cards);
      g_assert_nonnull (module->legal);
      g_assert_nonnull (module->check);
      g_assert_nonnull (module->apply);
      g_assert_nonnull (module->score_init);
      g_assert_nonnull (module->score_hand);
      g_assert_nonnull (module->action_keywords);
      g_assert_nonnull (module->action_write);
      g_assert_nonnull (module->action_read);
      g_assert_nonnull (module->action_implied);
    }
  g_assert_cmpuint (n, ==, 2);
}

static void
test_playable (void)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;

  bk_rules_init_default (&rules);
  g_assert_true (bk_game_module_playable (&rules, &error) == &bk_bierkopf_module);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_module.n_seats (&rules), ==, 4);

  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_herzla_module.n_seats (&rules), ==, 4);
  g_assert_true (bk_game_module_playable (&rules, &error) == &bk_herzla_module);
  g_assert_no_error (error);

  /* The module checks the rules: the four-player game has four players (H6.1). */
  g_assert_true (bk_rules_set_option (&rules, "players", "5", &error));
  g_assert_null (bk_game_module_playable (&rules, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
  g_clear_error (&error);
  g_assert_true (bk_rules_set_option (&rules, "variant", "einfach", &error));
  g_assert_cmpuint (bk_herzla_module.n_seats (&rules), ==, 5);
  g_assert_true (bk_game_module_playable (&rules, &error) == &bk_herzla_module);

  /* The record reader asks the registry too. */
  game = bk_record_replay ("game herzla\nvariant vier\nplayers 5\n", NULL, NULL, NULL, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
}

/* A random cut pack of @rules' game, as the module's deal takes it. */
static guint
shuffled_pack (const BkRules *rules,
               guint64        seed,
               BkCard         cards[BK_N_CARDS])
{
  BkHand deck = bk_game_rules_get (rules->game)->deck (rules);
  guint n = 0;
  BkRng rng;

  for (; deck; deck &= deck - 1)
    cards[n++] = bk_hand_first (deck);
  bk_rng_init (&rng, seed, 0);
  bk_rng_shuffle (&rng, cards, n);
  return n;
}

/* A choice that knows no game: the first of these the module accepts before play, the
 * lowest legal card in play. */
static BkAction
choose (const BkGameModule *module,
        gconstpointer       hand)
{
  guint seat = module->to_act (hand);

  if (module->stage (hand) == BK_HAND_STAGE_BEFORE_PLAY)
    {
      const BkAction tries[] = {
        bk_action_make (BK_ACTION_TALK, (BkSeat) seat, 0),
        bk_action_make (BK_ACTION_PASS, (BkSeat) seat, 0),
        bk_action_make (BK_ACTION_BID, (BkSeat) seat, 0),
      };

      for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
        if (module->check (hand, &tries[i], NULL))
          return tries[i];
      g_assert_not_reached ();
    }
  return bk_action_make (BK_ACTION_PLAY, (BkSeat) seat, bk_hand_first (module->legal (hand)));
}

/* Writes @action as its module does and reads it back. */
static void
assert_round_trip (const BkGameModule *module,
                   const BkRules      *rules,
                   const BkAction     *action)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_auto (GStrv) words = NULL;
  BkAction back;
  g_autoptr (GError) error = NULL;

  module->action_write (rules, action, line);
  words = g_strsplit (line->str, " ", -1);
  g_assert_true (g_strv_contains (module->action_keywords, words[0]));
  g_assert_true (module->action_read (rules, (const char * const *) words, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (back.type, ==, action->type);
  g_assert_cmpuint (back.seat, ==, action->seat);
  g_assert_cmpuint (back.arg, ==, action->arg);
}

/* Plays one hand through the module alone, and the same hand through BkGame: both end in
 * the same hand, the same score, and the game's record reads back to it. */
static void
test_bierkopf_generic (void)
{
  const BkGameModule *module = &bk_bierkopf_module;
  BkRules rules;

  bk_rules_init_default (&rules);
  for (guint64 seed = 1; seed <= 50; seed++)
    {
      BkCard pack[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside = 0;
      g_autofree gpointer hand = g_malloc0 (module->hand_size);
      g_autofree gpointer score = g_malloc0 (module->score_size);
      guint dealer = (guint) (seed % module->n_seats (&rules));
      g_autoptr (BkGame) game = bk_game_new (&rules, seed);
      g_autoptr (BkGame) loaded = NULL;
      g_autofree char *record = NULL;
      g_autoptr (GError) error = NULL;
      guint n_actions = 0;

      shuffled_pack (&rules, seed, pack);
      module->deal (&rules, pack, dealer, hands, &aside);
      g_assert_cmphex (aside, ==, 0);
      g_assert_true (module->deal_check (&rules, hands, aside, &error));
      g_assert_no_error (error);
      module->score_init (score, &rules);
      module->hand_init (hand, &rules, score, dealer, hands, aside);
      g_assert_cmpuint (module->dealer (hand), ==, dealer);

      g_assert_true (bk_game_get_module (game) == module);
      g_assert_true (bk_game_deal (game, (BkSeat) dealer, hands, 0, &error));
      g_assert_no_error (error);

      while (module->stage (hand) != BK_HAND_STAGE_OVER)
        {
          BkAction action = choose (module, hand);

          g_assert_true (module->check (hand, &action, &error));
          g_assert_no_error (error);
          assert_round_trip (module, &rules, &action);
          module->apply (hand, &action);
          g_assert_true (bk_game_apply (game, &action, &error));
          g_assert_no_error (error);
          g_assert_cmpint (memcmp (hand, bk_game_get_hand (game), module->hand_size), ==, 0);
          n_actions++;
        }
      g_assert_cmpuint (n_actions, >=, 20);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);

      g_assert_cmpuint (bk_game_get_n_seats (game), ==, 4);
      for (guint s = 0; s < 4; s++)
        g_assert_cmpuint (bk_game_get_side (game, s), ==, module->side_of (hand, s));

      /* Who plays with whom: two teams, across the table. */
      for (guint s = 0; s < 4; s++)
        g_assert_cmpuint (module->side_of (hand, s), ==, module->side_of (hand, (s + 2) % 4));
      g_assert_cmpuint (module->side_of (hand, 0), !=, module->side_of (hand, 1));

      module->score_hand (score, &rules, hand);
      {
        const BkBierkopfScore *coasters = score;

        g_assert_cmpuint (coasters->carry, ==, bk_bierkopf_game_get_carry (game));
        for (guint t = 0; t < BK_N_TEAMS; t++)
          {
            g_assert_cmpuint (coasters->lines_left[t], ==, bk_bierkopf_game_get_lines_left (game, t));
            g_assert_cmpuint (coasters->dots[t], ==, bk_bierkopf_game_get_dots (game, t));
          }
        g_assert_cmpint (memcmp (&coasters->last_result, bk_bierkopf_game_get_last_result (game),
                                 sizeof (BkHandResult)), ==, 0);
      }

      record = bk_game_to_record (game);
      loaded = bk_record_replay (record, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (memcmp (bk_game_get_hand (loaded), hand, module->hand_size), ==, 0);
    }
}

/* notation.md: a `play` line stands for the passes before it. */
static void
test_bierkopf_implied_passes (void)
{
  static const char record[] =
    "game bierkopf\nvariant kurz\n"
    "dealer E\n"
    "hand S EO GO HO SO EU\n"
    "hand W GU HU SU HA H10\n"
    "hand N HK EA E10 EK GA\n"
    "hand E G10 GK SA S10 SK\n"
    "play S EO\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = bk_record_replay (record, NULL, NULL, NULL, &error);
  const BkGameModule *module;

  g_assert_no_error (error);
  module = bk_game_get_module (game);
  g_assert_cmpint (module->stage (bk_game_get_hand (game)), ==, BK_HAND_STAGE_PLAY);
  g_assert_cmpuint (module->to_act (bk_game_get_hand (game)), ==, BK_SEAT_W);
}

/* The Herzla skeleton: a whole four-player hand through the generic interface, from the
 * 32-card deal with the bidding to the payments, money kept. */
static void
test_herzla_skeleton (void)
{
  const BkGameModule *module = bk_game_module_lookup ("herzla");
  BkRules rules;
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
  g_assert_no_error (error);
  g_assert_true (module->playable);

  for (guint64 seed = 1; seed <= 50; seed++)
    {
      BkCard pack[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside = 0, all = 0;
      g_autofree gpointer hand = g_malloc0 (module->hand_size);
      g_autofree gpointer score = g_malloc0 (module->score_size);
      guint n_seats = module->n_seats (&rules);
      guint n = shuffled_pack (&rules, seed, pack);
      const BkHerzlaScore *balances = score;
      gint total = 0;

      g_assert_cmpuint (n, ==, 32);
      module->deal (&rules, pack, (guint) (seed % n_seats), hands, &aside);
      for (guint s = 0; s < n_seats; s++)
        all |= hands[s];
      g_assert_cmpuint (bk_hand_count (all | aside), ==, 32);
      g_assert_true (module->deal_check (&rules, hands, aside, &error));
      g_assert_no_error (error);
      module->score_init (score, &rules);
      module->hand_init (hand, &rules, score, (guint) (seed % n_seats), hands, aside);
      g_assert_cmpint (module->stage (hand), ==, BK_HAND_STAGE_BEFORE_PLAY);

      while (module->stage (hand) != BK_HAND_STAGE_OVER)
        {
          BkAction action = choose (module, hand);

          g_assert_true (module->check (hand, &action, NULL));
          assert_round_trip (module, &rules, &action);
          module->apply (hand, &action);
        }
      /* Nobody bid: the normal game, each for himself. */
      for (guint s = 0; s < n_seats; s++)
        g_assert_cmpuint (module->side_of (hand, s), ==, BK_SIDE_ALONE);

      g_assert_false (module->score_hand (score, &rules, hand));
      for (guint s = 0; s < n_seats; s++)
        total += balances->cents[s];
      g_assert_cmpint (total + balances->stock, ==, 0);
    }
}

/* The hooks the view's questions read (bk-game-query.c): the cards dealt and their
 * packets, the trick on the table, and a reason exactly for each card the seat to play
 * may not play (B4.2-B4.4, H4), through whole hands of both games. */
static void
check_query_hooks (const BkGameModule *module,
                   const BkRules      *rules,
                   guint               packet)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      BkCard pack[BK_N_CARDS];
      BkHand hands[BK_MAX_SEATS], aside = 0;
      g_autofree gpointer hand = g_malloc0 (module->hand_size);
      g_autofree gpointer score = g_malloc0 (module->score_size);
      guint n_seats = module->n_seats (rules);
      guint dealer = (guint) (seed % n_seats);

      shuffled_pack (rules, seed, pack);
      module->deal (rules, pack, dealer, hands, &aside);
      module->score_init (score, rules);
      module->hand_init (hand, rules, score, dealer, hands, aside);
      for (guint i = 0; i < bk_hand_count (hands[0]); i++)
        g_assert_cmpuint (module->packet_of (hand, i), ==, i / packet);

      while (module->stage (hand) != BK_HAND_STAGE_OVER)
        {
          BkAction action = choose (module, hand);
          BkHand held = 0;
          BkTrick trick;

          module->trick_on_table (hand, &trick);
          g_assert_cmpuint (trick.n, <, n_seats);
          for (guint s = 0; s < n_seats; s++)
            {
              g_assert_cmphex (module->dealt (hand, s), ==, hands[s]);
              g_assert_cmphex (module->cards (hand, s) & ~hands[s], ==, 0);
              held |= module->cards (hand, s);
            }
          for (guint i = 0; i < trick.n; i++)
            {
              g_assert_false (bk_hand_has (held, trick.cards[i]));
              g_assert_true (bk_hand_has (hands[(trick.leader + i) % n_seats],
                                          trick.cards[i]));
            }
          if (module->stage (hand) == BK_HAND_STAGE_PLAY)
            {
              guint seat = module->to_act (hand);
              BkHand own = module->cards (hand, seat), legal = module->legal (hand);

              for (BkCard card = 0; card < BK_N_CARDS; card++)
                if (bk_hand_has (own, card))
                  g_assert_true ((module->reason (hand, seat, card) == NULL) ==
                                 bk_hand_has (legal, card));
            }
          module->apply (hand, &action);
        }
    }
}

static void
test_query_hooks (void)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;

  /* spec B2.3: the short game three and two by default, the long game three and three. */
  bk_rules_init_default (&rules);
  check_query_hooks (&bk_bierkopf_module, &rules, rules.bierkopf.packets == BK_PACKETS_3_2 ? 3 : 2);
  rules.bierkopf.variant = BK_VARIANT_LANG;
  check_query_hooks (&bk_bierkopf_module, &rules, 3);
  /* H2.1: packets of four. */
  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", &error));
  g_assert_no_error (error);
  check_query_hooks (bk_game_module_lookup ("herzla"), &rules, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/module/registry", test_registry);
  g_test_add_func ("/module/playable", test_playable);
  g_test_add_func ("/module/bierkopf-generic", test_bierkopf_generic);
  g_test_add_func ("/module/bierkopf-implied-passes", test_bierkopf_implied_passes);
  g_test_add_func ("/module/herzla-skeleton", test_herzla_skeleton);
  g_test_add_func ("/module/query-hooks", test_query_hooks);

  return g_test_run ();
}
