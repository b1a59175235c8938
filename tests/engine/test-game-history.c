/* test-game-history.c: a session keeps its own past (bk-game-history.h): the hands done
 * with their results, the words said with their seat and hand, who sits where after the
 * seating; a session loaded from its save holds the same as the session played live. And
 * the rules a view used to keep (bk-game-seat.h): the partner, a card reached for while a
 * Retour is offered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-history.h"
#include "bk-computer-turn.h"
#include "bk-game-history.h"
#include "bk-game-seat.h"
#include "bk-herzla-history.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "test-helpers.h"

static void
set_options (BkRules            *rules,
             const char * const *options)
{
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (rules);
  for (guint i = 0; options && options[i]; i += 2)
    {
      bk_rules_set_option (rules, options[i], options[i + 1], &error);
      g_assert_no_error (error);
    }
}

/* A session of computer players only (random ones: they talk, double and raise now and
 * then), @n_hands hands to their end, then the next hand dealt and played a little. */
static BkGame *
play_session (const char * const *options,
              guint64             seed,
              guint               n_hands)
{
  BkRules rules;
  BkGame *game;
  g_autoptr (GError) error = NULL;

  set_options (&rules, options);
  game = bk_game_new (&rules, seed);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "random", NULL);
      bk_game_set_strategy (game, (BkSeat) s, strategy);
    }
  g_assert_true (bk_game_start (game, &error));
  g_assert_no_error (error);
  for (guint h = 0; h < n_hands && !bk_game_is_session_over (game); h++)
    {
      bk_game_run (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
      if (!bk_game_is_session_over (game))
        {
          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
        }
    }
  /* A few steps into the next hand: its words so far count too. */
  for (guint i = 0; i < 3 && bk_game_step (game); i++)
    ;
  return game;
}

/* Two results of one hand are the same. A four-player Herzla hand's penalty totals (which
 * only the simple form shows, H6.2) count from the checkpoint a save starts from, which
 * does not carry them: they are left out. */
static void
assert_same_result (const BkGameModule *module,
                    gconstpointer       a,
                    gconstpointer       b)
{
  if (module->kind == BK_GAME_HERZLA && ((const BkHerzlaResult *) a)->variant == BK_HERZLA_VIER)
    {
      BkHerzlaResult x = *(const BkHerzlaResult *) a, y = *(const BkHerzlaResult *) b;

      memset (x.totals, 0, sizeof x.totals);
      memset (y.totals, 0, sizeof y.totals);
      g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
      return;
    }
  g_assert_cmpmem (a, module->result_size, b, module->result_size);
}

/* What @loaded holds equals the last hands of @live, word for word; returns how many hands
 * of @live the save left out (before its checkpoint). */
static guint
assert_same_history (BkGame *live,
                     BkGame *loaded)
{
  guint n_live = bk_game_get_n_hands_done (live);
  guint n_loaded = bk_game_get_n_hands_done (loaded);
  guint skipped;

  g_assert_cmpuint (n_loaded, >, 0);
  g_assert_cmpuint (n_loaded, <=, n_live);
  skipped = n_live - n_loaded;
  for (guint i = 0; i < n_loaded; i++)
    {
      BkHandDone a, b;
      const BkGameWord *words_a, *words_b;
      guint n_a, n_b;

      g_assert_true (bk_game_get_hand_done (live, skipped + i, &a));
      g_assert_true (bk_game_get_hand_done (loaded, i, &b));
      g_assert_cmpuint (a.number, ==, b.number);
      g_assert_cmpuint (a.dealer, ==, b.dealer);
      g_assert_cmpint (a.round_ended, ==, b.round_ended);
      g_assert_cmpmem (a.dealt, sizeof a.dealt, b.dealt, sizeof b.dealt);
      for (guint s = 0; s < bk_game_get_n_seats (live); s++)
        g_assert_cmpuint (a.dealt[s], !=, 0);
      g_assert_nonnull (a.result);
      assert_same_result (bk_game_get_module (live), a.result, b.result);

      words_a = bk_game_get_words (live, a.number, &n_a);
      words_b = bk_game_get_words (loaded, b.number, &n_b);
      g_assert_cmpmem (words_a, n_a * sizeof *words_a, words_b, n_b * sizeof *words_b);
    }
  g_assert_false (bk_game_get_hand_done (loaded, n_loaded, &(BkHandDone) { 0 }));

  /* The hand in play, and who sits where. */
  g_assert_cmpuint (bk_game_get_hand_number (live), ==, bk_game_get_hand_number (loaded));
  {
    const BkGameWord *words_a, *words_b;
    guint n_a, n_b;

    words_a = bk_game_get_words (live, bk_game_get_hand_number (live), &n_a);
    words_b = bk_game_get_words (loaded, bk_game_get_hand_number (loaded), &n_b);
    g_assert_cmpmem (words_a, n_a * sizeof *words_a, words_b, n_b * sizeof *words_b);
  }
  for (guint s = 0; s < bk_game_get_n_seats (live); s++)
    g_assert_cmpuint (bk_game_get_player_at (live, (BkSeat) s), ==,
                      bk_game_get_player_at (loaded, (BkSeat) s));
  return skipped;
}

static BkGame *
load_save (BkGame *game)
{
  g_autofree char *save = bk_game_to_save_text (game);
  g_autoptr (GError) error = NULL;
  BkGame *loaded = bk_record_replay (save, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  return loaded;
}

/* spec B2.5, B3, B6: a Bierkopf session of several Bollen with new seats after each,
 * saved and loaded: the loaded session has the hands its save kept (the current Bollen
 * at least), their results, words and seats as they were played. */
static void
test_bierkopf_load_equals_live (void)
{
  static const char * const options[] = { "new-seats", "on", "lines", "3", NULL };
  guint bollen = 0, doubled = 0, moved = 0, skipped = 0;

  /* The last one longer than a save keeps whole (BK_RECORD_KEEP_HANDS). */
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr (BkGame) live = play_session (options, seed, seed == 6 ? 80 : 14);
      g_autoptr (BkGame) loaded = load_save (live);
      g_autoptr (GArray) hands_live = bk_bierkopf_game_dup_bollen_hands (live);
      g_autoptr (GArray) hands_loaded = bk_bierkopf_game_dup_bollen_hands (loaded);
      BkHandDone done;

      skipped += assert_same_history (live, loaded);
      g_assert_cmpuint (hands_live->len, ==, hands_loaded->len);
      g_assert_cmpmem (hands_live->data, hands_live->len * sizeof (BkHandResult),
                       hands_loaded->data, hands_loaded->len * sizeof (BkHandResult));

      /* What the test went through. */
      for (guint i = 0; bk_game_get_hand_done (live, i, &done); i++)
        {
          const BkGameWord *words;
          guint n;

          bollen += done.round_ended;
          words = bk_game_get_words (live, done.number, &n);
          for (guint w = 0; w < n; w++)
            doubled += words[w].kind == BK_ACTION_DOUBLE;
        }
      for (guint s = 0; s < BK_N_SEATS; s++)
        moved += bk_game_get_player_at (live, (BkSeat) s) != s;
    }
  g_assert_cmpuint (bollen, >, 0);
  g_assert_cmpuint (doubled, >, 0);
  g_assert_cmpuint (moved, >, 0);
  g_assert_cmpuint (skipped, >, 0);
}

/* spec B6: the hands of the Bollen being played are those after the hand that won the
 * last one; that hand's winner stands while its result does. */
static void
test_bierkopf_bollen_hands (void)
{
  static const char * const options[] = { "lines", "2", NULL };
  g_autoptr (BkGame) game = play_session (options, 3, 0);
  guint since_bollen = 0;
  g_autoptr (GError) error = NULL;

  /* play_session() stepped into the first hand: finish it, then hand by hand. */
  for (guint h = 0; h < 12; h++)
    {
      g_autoptr (GArray) hands = NULL;
      BkHandDone done;
      BkTeam won;

      bk_game_run (game);
      g_assert_true (bk_game_get_hand_done (game, bk_game_get_n_hands_done (game) - 1, &done));
      g_assert_cmpuint (done.number, ==, bk_game_get_hand_number (game));
      g_assert_cmpmem (done.result, sizeof (BkHandResult), bk_bierkopf_game_get_last_result (game),
                       sizeof (BkHandResult));
      hands = bk_bierkopf_game_dup_bollen_hands (game);
      won = bk_bierkopf_game_get_bollen_won (game);
      if (done.round_ended)
        {
          g_assert_cmpuint (hands->len, ==, 0);
          g_assert_cmpint (won, ==, ((const BkHandResult *) done.result)->winner);
          g_assert_cmpint (won, !=, BK_TEAM_NONE);
          since_bollen = 0;
        }
      else
        {
          g_assert_cmpuint (hands->len, ==, ++since_bollen);
          g_assert_cmpint (won, ==, BK_TEAM_NONE);
        }
      g_assert_true (bk_game_next_hand (game, &error));
      g_assert_no_error (error);
      /* Once the next hand is dealt, no Bollen is just won. */
      g_assert_cmpint (bk_bierkopf_game_get_bollen_won (game), ==, BK_TEAM_NONE);
    }
}

/* H3.1, H5, H6.3: a Herzla session of four and one of the simple form, saved and loaded. */
static void
test_herzla_load_equals_live (void)
{
  static const char * const vier[] = { "game", "herzla", "rounds", "0", NULL };
  static const char * const simple[] = { "game", "herzla", "variant", "einfach", "players", "5",
                                         NULL };
  const char * const *forms[] = { vier, simple };
  guint bids = 0, skipped_hands = 0;

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr (BkGame) live = play_session (forms[f], seed, f == 0 && seed == 3 ? 520 : 9);
        g_autoptr (BkGame) loaded = load_save (live);
        g_autoptr (GArray) results_live = bk_herzla_game_dup_results (live);
        g_autoptr (GArray) results_loaded = bk_herzla_game_dup_results (loaded);
        guint skipped;

        skipped_hands += assert_same_history (live, loaded);
        g_assert_cmpuint (results_live->len, ==, bk_game_get_n_hands_done (live));
        g_assert_cmpuint (results_loaded->len, ==, bk_game_get_n_hands_done (loaded));
        skipped = results_live->len - results_loaded->len;
        for (guint i = 0; i < results_loaded->len; i++)
          assert_same_result (bk_game_get_module (live),
                              &g_array_index (results_live, BkHerzlaResult, skipped + i),
                              &g_array_index (results_loaded, BkHerzlaResult, i));
        for (guint h = 1; h <= bk_game_get_hand_number (live); h++)
          {
            guint n;
            const BkGameWord *words = bk_game_get_words (live, h, &n);

            for (guint w = 0; w < n; w++)
              {
                g_assert_cmpuint (words[w].kind, ==, BK_ACTION_BID);
                g_assert_cmpuint (words[w].hand, ==, h);
              }
            bids += n;
          }
      }
  g_assert_cmpuint (bids, >, 0);
  /* A Herzla session is one round: a save keeps up to BK_RECORD_KEEP_MAX_HANDS of it. */
  g_assert_cmpuint (skipped_hands, >, 0);
}

/* spec B3.1-B3.4, B3.6: the words of a hand are its talk, its passes and doublings (each
 * with the multiplier it made, as the window used to recount it from the record), and the
 * dealer's word of honour that closes an undoubled talk; in the order said, with their
 * seat and hand. */
static void
test_bierkopf_words (void)
{
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const BkGameWord *words;
  guint n;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 11);
  g_assert_null (bk_game_get_words (game, 1, &n));
  g_assert_cmpuint (n, ==, 0);

  /* Hand 1: West (Vorhand) says Spritze at once; North answers with a Retour in play. */
  deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK", "GU HU SU HA H10");
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  g_assert_no_error (error);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
  g_assert_no_error (error);
  g_assert_true (bk_game_play (game, BK_SEAT_W, C ("EO"), &error));
  g_assert_no_error (error);
  g_assert_true (bk_game_play (game, BK_SEAT_N, bk_hand_first (bk_game_get_legal (game)), &error));
  g_assert_no_error (error);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_N, &error));
  g_assert_no_error (error);
  words = bk_game_get_words (game, 1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (words[0].hand, ==, 1);
  g_assert_cmpuint (words[0].seat, ==, BK_SEAT_W);
  g_assert_cmpuint (words[0].kind, ==, BK_ACTION_DOUBLE);
  g_assert_cmpuint (words[0].value, ==, 2);
  g_assert_cmpuint (words[1].seat, ==, BK_SEAT_N);
  g_assert_cmpuint (words[1].kind, ==, BK_ACTION_DOUBLE);
  g_assert_cmpuint (words[1].value, ==, 4);
  g_assert_cmpuint (words[1].value, ==, bk_bierkopf_game_get_multiplier (game));
  play_out (game);
  g_assert_cmpuint (bk_game_get_n_hands_done (game), ==, 1);
  {
    BkHandDone done;

    g_assert_true (bk_game_get_hand_done (game, 0, &done));
    g_assert_cmpuint (done.number, ==, 1);
    g_assert_cmpuint (done.dealer, ==, BK_SEAT_S);
    g_assert_false (done.round_ended);
    for (guint s = 0; s < BK_N_SEATS; s++)
      g_assert_cmpuint (done.dealt[s], ==, hands[s]);
  }

  /* Hand 2 (dealer West): everybody passes, the dealer closes with the word of honour. */
  deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK", "GU HU SU HA H10");
  g_assert_true (bk_game_deal (game, BK_SEAT_W, hands, 0, &error));
  g_assert_no_error (error);
  g_assert_true (bk_bierkopf_game_talk (game, BK_SEAT_N, BK_WORD_GUT, &error));
  g_assert_no_error (error);
  pass_all (game);
  words = bk_game_get_words (game, 2, &n);
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpuint (words[0].seat, ==, BK_SEAT_N);
  g_assert_cmpuint (words[0].kind, ==, BK_ACTION_TALK);
  g_assert_cmpuint (words[0].value, ==, BK_WORD_GUT);
  for (guint i = 1; i < n - 1; i++)
    g_assert_cmpuint (words[i].kind, ==, BK_ACTION_PASS);
  g_assert_cmpuint (words[n - 1].seat, ==, BK_SEAT_W);
  g_assert_cmpuint (words[n - 1].kind, ==, BK_ACTION_TALK);
  g_assert_cmpuint (words[n - 1].value, ==, BK_WORD_HONOUR);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (words[i].hand, ==, 2);
  /* The first hand's words stay as they were. */
  words = bk_game_get_words (game, 1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (words[1].value, ==, 4);
}

/* spec B2.1: the two who drew the Säue sit opposite each other after the ceremony; the
 * session says who sits at each seat (0: the person, who stays). */
static void
test_bierkopf_player_at (void)
{
  BkRules rules;
  g_autoptr (GError) error = NULL;
  guint moved = 0;

  bk_rules_init_default (&rules);
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (BkGame) game = bk_game_new (&rules, seed);
      const BkSeating *seating;
      BkSeat first = BK_SEAT_NONE, second = BK_SEAT_NONE;
      guint seen = 0;

      for (guint s = 0; s < BK_N_SEATS; s++)
        g_assert_cmpuint (bk_game_get_player_at (game, (BkSeat) s), ==, s);
      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);
      seating = bk_bierkopf_game_get_seating (game);
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          guint player = bk_game_get_player_at (game, (BkSeat) s);

          g_assert_cmpuint (player, <, BK_N_SEATS);
          g_assert_false (seen & (1u << player));
          seen |= 1u << player;
          moved += player != s;
          if (player == seating->first)
            first = (BkSeat) s;
          if (player == seating->second)
            second = (BkSeat) s;
        }
      g_assert_cmpuint (bk_seat_after (first, 2), ==, second);
      g_assert_cmpuint (bk_game_get_partner (game, first), ==, second);
    }
  g_assert_cmpuint (moved, >, 0);
}

/* spec B2.1 (partners sit opposite), H3.2, H6.2: the partner of a seat, as the view says
 * "Your partner says". */
static void
test_partner (void)
{
  BkRules rules;
  g_autoptr (BkGame) bierkopf = NULL;
  g_autoptr (BkGame) herzla = NULL;
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  bierkopf = bk_game_new (&rules, 5);
  g_assert_cmpuint (bk_game_get_partner (bierkopf, BK_SEAT_S), ==, BK_SEAT_NONE);
  g_assert_true (bk_game_start (bierkopf, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_partner (bierkopf, BK_SEAT_S), ==, BK_SEAT_N);
  g_assert_cmpuint (bk_game_get_partner (bierkopf, BK_SEAT_N), ==, BK_SEAT_S);
  g_assert_cmpuint (bk_game_get_partner (bierkopf, BK_SEAT_W), ==, BK_SEAT_E);
  g_assert_cmpuint (bk_game_get_partner (bierkopf, BK_SEAT_E), ==, BK_SEAT_W);

  /* Herzla: each for himself in the normal game, nobody's partner. */
  set_options (&rules, (const char * const[]) { "game", "herzla", "variant", "einfach", NULL });
  herzla = bk_game_new (&rules, 5);
  g_assert_true (bk_game_start (herzla, &error));
  g_assert_no_error (error);
  for (guint s = 0; s < bk_game_get_n_seats (herzla); s++)
    g_assert_cmpuint (bk_game_get_partner (herzla, (BkSeat) s), ==, BK_SEAT_NONE);
}

static void
count_declined_cb (BkGame *game,
                   guint   seat,
                   guint  *count)
{
  count[seat]++;
}

/* spec B3.6: reaching for a card while a Retour is offered to you, before your turn, means
 * playing on at this value: the offer passes; reaching again before your turn is refused
 * and changes nothing; on your turn the card is played. */
static void
test_reach_for_card (void)
{
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint declined[BK_N_SEATS] = { 0 };
  BkReach reach = BK_REACH_PLAYED;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 7);
  g_signal_connect (game, "retour-declined", G_CALLBACK (count_declined_cb), declined);
  /* Dealer South; West (Vorhand) says Spritze: South and North may raise from the second
   * card on. Nobody is a computer player: the session waits for the person. */
  deal_hands (hands, "HK EA E10 EK GA", "EO GO HO SO EU", "G10 GK SA S10 SK", "GU HU SU HA H10");
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  g_assert_no_error (error);
  g_assert_true (bk_bierkopf_game_double (game, BK_SEAT_W, &error));
  g_assert_no_error (error);
  g_assert_true (bk_game_play (game, BK_SEAT_W, C ("EO"), &error));
  g_assert_no_error (error);
  g_assert_true (bk_game_play (game, BK_SEAT_N, bk_hand_first (bk_game_get_legal (game)), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_E);
  g_assert_true (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));

  g_assert_true (bk_game_reach_for_card (game, BK_SEAT_S, C ("HK"), &reach, &error));
  g_assert_no_error (error);
  g_assert_cmpint (reach, ==, BK_REACH_OFFER_PASSED);
  g_assert_false (bk_bierkopf_game_is_waiting_for_retour (game, BK_SEAT_S));
  g_assert_cmpuint (declined[BK_SEAT_S], ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  /* No card of South's was played. */
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_E);
  g_assert_true (bk_hand_has (bk_game_get_cards (game, BK_SEAT_S), C ("HK")));

  before = bk_game_to_record (game);
  reach = BK_REACH_OFFER_PASSED;
  g_assert_false (bk_game_reach_for_card (game, BK_SEAT_S, C ("HK"), &reach, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  after = bk_game_to_record (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (declined[BK_SEAT_S], ==, 1);

  /* East plays; then it is South's turn and the card is played. */
  g_assert_true (bk_game_play (game, BK_SEAT_E, bk_hand_first (bk_game_get_legal (game)), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_S);
  g_assert_true (bk_game_reach_for_card (game, BK_SEAT_S, bk_hand_first (bk_game_get_legal (game)),
                                         &reach, &error));
  g_assert_no_error (error);
  g_assert_cmpint (reach, ==, BK_REACH_PLAYED);
  g_assert_cmpuint (bk_hand_count (bk_game_get_cards (game, BK_SEAT_S)), ==, 4);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* notation.md "Game record": the lines the save trace counts as actions are each game's
 * own (its module's action and line keywords) and the core's deal: in a session of each
 * game, one for every deal and every request applied (BkGame's generation counts both) and
 * one for every seating ceremony. */
static void
test_record_words (void)
{
  static const char * const bierkopf[] = { "new-seats", "on", "lines", "3", NULL };
  static const char * const herzla[] = { "game", "herzla", NULL };
  const char * const *forms[] = { bierkopf, herzla };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *record = NULL;
      guint seatings = 0, cards = 0;

      set_options (&rules, forms[f]);
      game = bk_game_new (&rules, 21 + f);
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        {
          g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "random",
                                                                       NULL);
          bk_game_set_strategy (game, (BkSeat) s, strategy);
        }
      if (f == 0)
        g_signal_connect_swapped (game, "partners-found", G_CALLBACK (count_cb), &seatings);
      g_signal_connect_swapped (game, "card-played", G_CALLBACK (count_cb), &cards);
      g_assert_true (bk_game_start (game, &error));
      g_assert_no_error (error);
      for (guint h = 0; h < 12; h++)
        {
          bk_game_run (game);
          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_no_error (error);
        }
      record = bk_game_to_record (game);
      /* Thirteen deals, twelve hands played out, more than the cards said or bid. */
      g_assert_cmpuint (bk_game_get_generation (game), >, 13 + cards);
      if (f == 0)
        g_assert_cmpuint (seatings, >, 1);
      g_assert_cmpuint (bk_record_count_actions (record), ==,
                        bk_game_get_generation (game) + seatings);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-history/B2.5-B6/bierkopf-load-equals-live",
                   test_bierkopf_load_equals_live);
  g_test_add_func ("/game-history/B6/bollen-hands", test_bierkopf_bollen_hands);
  g_test_add_func ("/game-history/H3.1-H6.3/herzla-load-equals-live", test_herzla_load_equals_live);
  g_test_add_func ("/game-history/B3.1-B3.6/words", test_bierkopf_words);
  g_test_add_func ("/game-history/B2.1/player-at", test_bierkopf_player_at);
  g_test_add_func ("/game-seat/B2.1/partner", test_partner);
  g_test_add_func ("/game-seat/B3.6/reach-for-card", test_reach_for_card);
  g_test_add_func ("/record-words/notation-game-record", test_record_words);
  return g_test_run ();
}
