/* test-deal-seed.c: the deal from a 32-byte seed (docs/network.md, "The shuffle"): the
 * stream and the shuffle give the known answers written there (computed independently),
 * every game's deal from a seed is a valid deal, the same seed deals the same hands, and
 * a session dealt from seeds records them and replays. Bierkopf's seating ceremony from
 * the same seed (spec B2.1, B2.5; docs/network.md, "The seating"): its known answers, and
 * a session dealt from seeds draws every seating from the seed of the hand it precedes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-deal-seed.h"
#include "bk-error.h"
#include "bk-levels.h"
#include "bk-game.h"
#include "bk-game-private.h"
#include "bk-record.h"

/* docs/network.md, known answers: the seed 00 01 02 … 1f. */
static void
seed_0_to_31 (guint8 seed[BK_DEAL_SEED_SIZE])
{
  for (guint i = 0; i < BK_DEAL_SEED_SIZE; i++)
    seed[i] = (guint8) i;
}

static void
test_stream_known_answer (void)
{
  guint8 seed[BK_DEAL_SEED_SIZE];
  BkSeedStream stream;
  const guint32 words[] = { 0x609d9ad2, 0xd5bd7b0a, 0x54d87cf5, 0x56707b58 };

  seed_0_to_31 (seed);
  bk_seed_stream_init (&stream, seed);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    g_assert_cmphex (bk_seed_stream_next (&stream), ==, words[i]);
}

static void
test_shuffle_known_answer (void)
{
  const guint8 expected36[] = { 35, 4, 6, 31, 10, 22, 21, 24, 19, 7, 16, 0, 33, 34, 28, 18,
                                3, 13, 17, 29, 12, 27, 30, 32, 9, 11, 20, 2, 8, 26, 5, 1,
                                25, 23, 15, 14 };
  const guint8 expected24[] = { 15, 19, 13, 5, 7, 12, 4, 16, 3, 14, 0, 21, 20, 9, 23, 18,
                                10, 8, 6, 17, 1, 22, 11, 2 };
  guint8 seed[BK_DEAL_SEED_SIZE];
  BkCard cards[36];
  BkSeedStream stream;

  seed_0_to_31 (seed);
  for (guint i = 0; i < 36; i++)
    cards[i] = (BkCard) i;
  bk_seed_stream_init (&stream, seed);
  bk_seed_stream_shuffle (&stream, cards, 36);
  g_assert_cmpmem (cards, 36, expected36, sizeof expected36);
  /* the dealer drawn after the shuffle, of four seats */
  g_assert_cmpuint (bk_seed_stream_below (&stream, 4), ==, 1);

  for (guint i = 0; i < 24; i++)
    cards[i] = (BkCard) i;
  bk_seed_stream_init (&stream, seed);
  bk_seed_stream_shuffle (&stream, cards, 24);
  g_assert_cmpmem (cards, 24, expected24, sizeof expected24);
}

static void
test_below_is_in_range (void)
{
  guint8 seed[BK_DEAL_SEED_SIZE] = { 7 };
  BkSeedStream stream;
  guint seen[7] = { 0 };

  bk_seed_stream_init (&stream, seed);
  for (guint i = 0; i < 7000; i++)
    {
      guint v = bk_seed_stream_below (&stream, 7);

      g_assert_cmpuint (v, <, 7);
      seen[v]++;
    }
  for (guint v = 0; v < 7; v++)
    g_assert_cmpuint (seen[v], >, 800);
}

static void
rules_for (BkRules    *rules,
           const char *game,
           const char *variant,
           const char *players)
{
  bk_rules_init_default (rules);
  g_assert_true (bk_rules_set_option (rules, "game", game, NULL));
  if (variant)
    g_assert_true (bk_rules_set_option (rules, "variant", variant, NULL));
  if (players)
    g_assert_true (bk_rules_set_option (rules, "players", players, NULL));
}

/* Every game's deal from a seed is one its module accepts, the same seed gives the same
 * deal, another seed another. */
static void
test_deal_is_valid (void)
{
  const char *forms[][3] = {
    { "bierkopf", NULL, NULL }, { "herzla", "vier", "4" }, { "herzla", "einfach", "6" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      BkRules rules;
      const BkGameModule *module;

      rules_for (&rules, forms[f][0], forms[f][1], forms[f][2]);
      module = bk_game_module_get (rules.game);
      for (guint k = 0; k < 20; k++)
        {
          guint8 seed[BK_DEAL_SEED_SIZE] = { (guint8) k, (guint8) f };
          BkHand hands[BK_MAX_SEATS], again[BK_MAX_SEATS], aside = 0, aside2 = 0;
          BkSeat dealer;
          g_autoptr (GError) error = NULL;

          dealer = bk_deal_from_seed (&rules, seed, BK_SEAT_NONE, hands, &aside);
          g_assert_cmpuint (dealer, <, module->n_seats (&rules));
          g_assert_true (module->deal_check (&rules, hands, aside, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (bk_deal_from_seed (&rules, seed, BK_SEAT_NONE, again, &aside2),
                            ==, dealer);
          g_assert_cmpmem (hands, sizeof hands, again, sizeof again);
          g_assert_cmphex (aside, ==, aside2);
          /* a given dealer is kept, the cards stay the same */
          g_assert_cmpuint (bk_deal_from_seed (&rules, seed, 0, again, NULL), ==, 0);
          seed[31] ^= 1;
          bk_deal_from_seed (&rules, seed, dealer, again, &aside2);
          g_assert_true (memcmp (hands, again, sizeof hands) != 0);
        }
    }
}

/* A session dealt from seeds deals exactly bk_deal_from_seed()'s hands, with the dealer
 * the rules expect (bk_game_get_next_dealer()), and its record replays. */
static void
test_game_from_seed (void)
{
  const char *forms[][3] = { { "bierkopf", NULL, NULL }, { "herzla", "vier", "4" } };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (BkGame) replayed = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *record = NULL;

      rules_for (&rules, forms[f][0], forms[f][1], forms[f][2]);
      game = bk_game_new (&rules, 42);
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        {
          g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "random",
                                                                      &error);
          g_assert_no_error (error);
          bk_game_set_strategy (game, s, strategy);
        }
      for (guint h = 0; h < 3; h++)
        {
          guint8 seed[BK_DEAL_SEED_SIZE] = { 0xab, (guint8) h };
          BkHand hands[BK_MAX_SEATS], aside = 0;
          BkSeat dealer;

          /* the next dealer as the rules say it before the deal (Bierkopf's seating
           * happens within the first deal, so only from the second hand on) */
          dealer = bk_game_get_next_dealer (game);
          g_assert_true (bk_game_next_hand_from_seed (game, seed, &error));
          g_assert_no_error (error);
          if (h > 0)
            g_assert_cmpuint (bk_game_get_dealer (game), ==, dealer);
          dealer = bk_deal_from_seed (&rules, seed, bk_game_get_dealer (game), hands, &aside);
          for (guint s = 0; s < bk_game_get_n_seats (game); s++)
            g_assert_cmphex (bk_game_get_cards (game, s), ==, hands[s]);
          g_assert_false (bk_game_next_hand_from_seed (game, seed, &error));
          g_assert_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE);
          g_clear_error (&error);
          bk_game_run (game);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
        }
      record = bk_game_to_record (game);
      replayed = bk_record_replay (record, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (bk_game_get_hand_number (replayed), ==, 3);
      for (guint s = 0; s < bk_game_get_n_seats (game); s++)
        g_assert_cmphex (bk_game_get_cards (replayed, s), ==, bk_game_get_cards (game, s));
    }
}

/* docs/network.md, known answers: the seating's stream is not the deal's. */
static void
test_seating_stream_known_answer (void)
{
  guint8 seed[BK_DEAL_SEED_SIZE];
  BkSeedStream stream;
  const guint32 words[] = { 0x7b45451a, 0xd1a195b7, 0x630b6144, 0x671714ce };

  seed_0_to_31 (seed);
  bk_seed_stream_init_labelled (&stream, seed, "bierkopf-seating");
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    g_assert_cmphex (bk_seed_stream_next (&stream), ==, words[i]);
}

/* The seating ceremony's cards as a record line writes them (notation.md). */
static char *
seating_line (BkSeat        start,
              const BkCard *cards,
              guint         n)
{
  GString *line = g_string_new ("seating ");

  g_string_append (line, bk_seat_to_string (start));
  for (guint i = 0; i < n; i++)
    g_string_append_printf (line, " %s", bk_card_to_string (cards[i]));
  return g_string_free (line, FALSE);
}

/* spec B2.1, docs/network.md known answers: the ceremony drawn from the seed of section
 * 6.3's example (hand 3), short and long pack. */
static void
test_seating_known_answer (void)
{
  static const guint8 seed[BK_DEAL_SEED_SIZE] = {
    0x63, 0x84, 0xac, 0x04, 0x3d, 0x13, 0x97, 0xb0, 0xf4, 0xd6, 0xde, 0xa8, 0x67, 0xce, 0x55,
    0x14, 0xfa, 0x54, 0xcc, 0xc2, 0xf4, 0xb8, 0x68, 0xc3, 0x29, 0x55, 0x81, 0x8f, 0xd0, 0x6d,
    0xd0, 0x95,
  };
  const struct { const char *variant, *line; } answers[] = {
    { "kurz", "seating S SU E10 GU S10 EO HA SK GA" },
    { "lang", "seating W HK G10 E9 S10 GK SU E10 EK EO SK SA HU H10 S9 H9 EU GO EA" },
  };

  for (guint a = 0; a < G_N_ELEMENTS (answers); a++)
    {
      BkRules rules;
      BkCard cards[BK_N_CARDS];
      guint n = 0;
      BkSeat start;
      BkHand deck;
      g_autofree char *line = NULL;

      rules_for (&rules, "bierkopf", answers[a].variant, NULL);
      deck = bk_game_module_get (rules.game)->trick_rules ()->deck (&rules);
      start = bk_seating_draw_from_seed (deck, seed, cards, &n);
      line = seating_line (start, cards, n);
      g_assert_cmpstr (line, ==, answers[a].line);
    }
}

/* The seating lines of @record, one string. */
static char *
seating_lines (const char *record)
{
  g_auto (GStrv) lines = g_strsplit (record, "\n", -1);
  GString *seatings = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "seating "))
      g_string_append_printf (seatings, "%s\n", lines[i]);
  return g_string_free (seatings, FALSE);
}

/* spec B2.1 and B2.5 (new seats after each Bollen, a Bollen of one line): a session dealt
 * from seeds draws each seating from the seed of the hand that follows it, whatever the
 * session's own seed, and the record replays. */
static void
test_seating_from_seed (void)
{
  g_autofree char *first = NULL;
  guint seatings = 0;

  for (guint64 session_seed = 1; session_seed <= 2; session_seed++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;
      g_autoptr (BkGame) replayed = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *record = NULL;
      g_autoptr (GString) expected = g_string_new (NULL);

      rules_for (&rules, "bierkopf", NULL, NULL);
      g_assert_true (bk_rules_set_option (&rules, "new-seats", "on", NULL));
      g_assert_true (bk_rules_set_option (&rules, "lines", "1", NULL));
      game = bk_game_new (&rules, session_seed);
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "random",
                                                                      &error);
          g_assert_no_error (error);
          bk_game_set_strategy (game, s, strategy);
        }
      for (guint h = 0; h < 8; h++)
        {
          guint8 seed[BK_DEAL_SEED_SIZE] = { 0x5e, (guint8) h };
          gboolean round_starts = h == 0 || bk_game_round_ended (game);

          if (round_starts)
            {
              BkCard cards[BK_N_CARDS];
              guint n = 0;
              BkSeat start = bk_seating_draw_from_seed (
                bk_game_module_get (rules.game)->trick_rules ()->deck (&rules), seed, cards, &n);
              g_autofree char *line = seating_line (start, cards, n);

              g_string_append_printf (expected, "%s\n", line);
            }
          g_assert_true (bk_game_next_hand_from_seed (game, seed, &error));
          g_assert_no_error (error);
          bk_game_run (game);
          g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
        }
      record = bk_game_to_record (game);
      {
        g_autofree char *drawn = seating_lines (record);

        g_assert_cmpstr (drawn, ==, expected->str);
        if (first == NULL)
          first = g_steal_pointer (&drawn);
        else
          g_assert_cmpstr (drawn, ==, first);
      }
      /* Bollen ended within the 8 hands: seats were drawn again (B2.5) */
      seatings = 0;
      for (const char *p = expected->str; (p = strchr (p, '\n')) != NULL; p++)
        seatings++;
      g_assert_cmpuint (seatings, >=, 2);
      replayed = bk_record_replay (record, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (bk_game_get_hand_number (replayed), ==, 8);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/deal-seed/stream-known-answer", test_stream_known_answer);
  g_test_add_func ("/deal-seed/shuffle-known-answer", test_shuffle_known_answer);
  g_test_add_func ("/deal-seed/below-in-range", test_below_is_in_range);
  g_test_add_func ("/deal-seed/deal-is-valid", test_deal_is_valid);
  g_test_add_func ("/deal-seed/game-from-seed", test_game_from_seed);
  g_test_add_func ("/deal-seed/seating-stream-known-answer", test_seating_stream_known_answer);
  g_test_add_func ("/deal-seed/B2.1/seating-known-answer", test_seating_known_answer);
  g_test_add_func ("/deal-seed/B2.5/seating-from-seed", test_seating_from_seed);
  return g_test_run ();
}
