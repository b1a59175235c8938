/* test-game-query.c: the view's questions to a session (bk-game-query.h for any game,
 * bk-bierkopf-query.h for Bierkopf's own), at each step of a hand: the talk (spec B3.1,
 * B3.2), the Spritze or pass (B3.3-B3.5), the Retour (B3.6), the cards with the reasons
 * why not (B4.2-B4.4), the deal's packets (B2.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-query.h"
#include "test-helpers.h"

/* Dealer South, so West is Vorhand, North Mittelhand, East Hinterhand. */
static BkGame *
dealt_game (const BkRules *rules)
{
  BkRules defaults;
  BkGame *game;
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  if (rules == NULL)
    {
      bk_rules_init_default (&defaults);
      rules = &defaults;
    }
  game = bk_game_new (rules, 1);
  deal_hands (hands, "HU SU HK S10 SK", "EO GO HA SA GK", "HO SO EA E10 EK", "EU GU H10 G10 GA");
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  g_assert_no_error (error);
  return game;
}

/* The ids of the options, space-separated, "!" before an illegal one. */
static char *
ids_of (const BkOptions *options)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < options->n; i++)
    g_string_append_printf (text, "%s%s%s", i ? " " : "", options->options[i].legal ? "" : "!",
                            options->options[i].id);
  return g_string_free (text, FALSE);
}

static void
assert_options (BkGame     *game,
                BkSeat      seat,
                BkAsk       ask,
                const char *ids)
{
  g_auto (BkOptions) options = { 0, };
  g_autofree char *got = NULL;

  bk_bierkopf_game_get_options (game, seat, &options);
  got = ids_of (&options);
  g_assert_cmpint (options.ask, ==, ask);
  g_assert_cmpstr (got, ==, ids);
  for (guint i = 0; i < options.n; i++)
    {
      const BkOption *option = &options.options[i];

      g_assert_cmpuint (option->action.seat, ==, seat);
      g_assert_nonnull (option->label);
      g_assert_true (option->label[0] != '\0');
      /* A reason exactly when the choice is not legal. */
      g_assert_true ((option->reason == NULL) == option->legal);
      g_assert_true (bk_options_find (&options, option->id) == option);
    }
}

/* The cards @seat may play now as any game's view asks (bk_game_get_card_options()):
 * their ids as ids_of() writes them, only when the seat is to play a card. */
static void
assert_card_options (BkGame     *game,
                     BkSeat      seat,
                     gboolean    to_play,
                     const char *ids)
{
  g_auto (BkOptions) options = { 0, };
  g_autofree char *got = NULL;

  g_assert_cmpint (bk_game_get_card_options (game, seat, &options), ==, to_play);
  got = ids_of (&options);
  g_assert_cmpstr (got, ==, ids);
  g_assert_cmpuint (options.ask, ==, BK_ASK_NONE);
  for (guint i = 0; i < options.n; i++)
    {
      g_assert_cmpuint (options.options[i].action.type, ==, BK_ACTION_PLAY);
      g_assert_true ((options.options[i].reason == NULL) == options.options[i].legal);
    }
}

/* Applies the option called @id for @seat, as a view would. */
static void
choose (BkGame     *game,
        BkSeat      seat,
        const char *id)
{
  g_auto (BkOptions) options = { 0, };
  const BkOption *option;
  g_autoptr (GError) error = NULL;

  bk_bierkopf_game_get_options (game, seat, &options);
  option = bk_options_find (&options, id);
  g_assert_nonnull (option);
  g_assert_true (option->legal);
  g_assert_true (bk_game_apply (game, &option->action, &error));
  g_assert_no_error (error);
}

static void
test_before_the_deal (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  BkCard cards[BK_N_CARDS];
  BkSaid said[BK_N_SEATS];

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      assert_options (game, (BkSeat) s, BK_ASK_NOTHING, "");
      g_assert_cmpuint (bk_game_get_deal_order (game, (BkSeat) s, cards, NULL), ==, 0);
      g_assert_cmpuint (bk_game_get_hand_sorted (game, (BkSeat) s, cards), ==, 0);
      g_assert_cmpuint (bk_game_get_gone (game, (BkSeat) s), ==, 0);
    }
  g_assert_cmpuint (bk_bierkopf_game_get_said (game, said), ==, 0);
  g_assert_cmpuint (bk_game_get_table_trick (game, cards, NULL), ==, 0);
  g_assert_cmpuint (bk_game_get_tricks_done (game), ==, 0);
  g_assert_false (bk_game_is_last_trick_done (game));
}

/* spec B3.1-B3.5: who is asked what, step by step, and what was said. */
static void
test_talk_and_spritze (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL);
  BkSaid said[BK_N_SEATS];
  g_auto (BkOptions) options = { 0, };

  /* B3.1: Vorhand talks with the forehand team's words, or decides at once. */
  assert_options (game, BK_SEAT_W, BK_ASK_TALK_HOW_WELL,
                  "schweigt schlecht mittel gut pass spritze");
  assert_options (game, BK_SEAT_S, BK_ASK_NOTHING, "");
  assert_options (game, BK_SEAT_E, BK_ASK_NOTHING, "");
  bk_bierkopf_game_get_options (game, BK_SEAT_W, &options);
  g_assert_cmpstr (options.options[0].label, ==, "_Say Nothing");
  g_assert_cmpstr (options.options[3].label, ==, "_Good");
  g_assert_cmpuint (options.options[3].action.type, ==, BK_ACTION_TALK);
  g_assert_cmpuint (options.options[3].action.arg, ==, BK_WORD_GUT);
  g_assert_cmpuint (options.options[5].action.type, ==, BK_ACTION_DOUBLE);
  g_assert_false (options.waiting);

  choose (game, BK_SEAT_W, "gut");
  /* Hinterhand answers; only Vorhand decides. */
  assert_options (game, BK_SEAT_E, BK_ASK_TALK_HOW_WELL, "schweigt schlecht mittel gut");
  assert_options (game, BK_SEAT_W, BK_ASK_NOTHING, "pass spritze");
  choose (game, BK_SEAT_E, "mittel");

  /* B3.3: Vorhand is asked for a Spritze. */
  assert_options (game, BK_SEAT_W, BK_ASK_SPRITZE, "pass spritze");
  choose (game, BK_SEAT_W, "pass");

  /* B3.2: the other team: can help or not. */
  assert_options (game, BK_SEAT_N, BK_ASK_TALK_WHETHER,
                  "schweigt nicht-helfen helfen pass spritze");
  choose (game, BK_SEAT_N, "nicht-helfen");
  /* The Geber answers, or (B3.5) Mittelhand decides meanwhile. */
  assert_options (game, BK_SEAT_S, BK_ASK_TALK_WHETHER, "schweigt nicht-helfen helfen");
  assert_options (game, BK_SEAT_N, BK_ASK_NOTHING, "pass spritze");

  /* The words so far, in the order of speaking, seats that said nothing left out. */
  g_assert_cmpuint (bk_bierkopf_game_get_said (game, said), ==, 3);
  g_assert_cmpuint (said[0].seat, ==, BK_SEAT_W);
  g_assert_cmpuint (said[0].word, ==, BK_WORD_GUT);
  g_assert_cmpuint (said[1].seat, ==, BK_SEAT_E);
  g_assert_cmpuint (said[1].word, ==, BK_WORD_MITTEL);
  g_assert_cmpuint (said[2].seat, ==, BK_SEAT_N);
  g_assert_cmpuint (said[2].word, ==, BK_WORD_NICHT_HELFEN);

  choose (game, BK_SEAT_S, "schweigt");
  assert_options (game, BK_SEAT_N, BK_ASK_SPRITZE, "pass spritze");
  choose (game, BK_SEAT_N, "pass");
  /* B3.3: Hinterhand may still double. */
  assert_options (game, BK_SEAT_E, BK_ASK_SPRITZE, "pass spritze");
  choose (game, BK_SEAT_E, "spritze");
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
}

/* spec B3.6: at the cap of the Bollen no Spritze: it is offered, but not legal. */
static void
test_spritze_at_the_cap (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_auto (BkOptions) options = { 0, };
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;
  const BkOption *spritze;

  bk_rules_init_default (&rules);
  rules.bierkopf.lines = 1;
  game = bk_game_new (&rules, 1);
  deal_hands (hands, "HU SU HK S10 SK", "EO GO HA SA GK", "HO SO EA E10 EK", "EU GU H10 G10 GA");
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  /* At the cap Vorhand cannot decide at once with a Spritze, only pass. */
  assert_options (game, BK_SEAT_W, BK_ASK_TALK_HOW_WELL, "schweigt schlecht mittel gut pass");
  /* B3.5: a silent opener gets no answer, he decides at once. */
  choose (game, BK_SEAT_W, "schweigt");
  bk_bierkopf_game_get_options (game, BK_SEAT_W, &options);
  g_assert_cmpint (options.ask, ==, BK_ASK_SPRITZE);
  spritze = bk_options_find (&options, "spritze");
  g_assert_nonnull (spritze);
  g_assert_false (spritze->legal);
  g_assert_nonnull (spritze->reason);
  g_assert_true (bk_options_find (&options, "pass")->legal);
}

/* spec B4.2-B4.4, B3.6: the cards with the reason why not, the Retour, the trick. */
static void
test_play (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL);
  g_auto (BkOptions) options = { 0, };
  BkCard cards[BK_N_CARDS], expected[BK_N_CARDS];
  BkSeat seats[BK_MAX_SEATS];
  const BkHandState *state;
  guint n;

  /* Before play no seat is asked for a card. */
  assert_card_options (game, BK_SEAT_W, FALSE, "");
  choose (game, BK_SEAT_W, "spritze");
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  assert_card_options (game, BK_SEAT_W, TRUE, "EO GO HA GK SA");
  assert_card_options (game, BK_SEAT_N, FALSE, "");

  /* Vorhand leads: every card, in the order a hand shows them; no Retour yet. */
  assert_options (game, BK_SEAT_W, BK_ASK_PLAY, "EO GO HA GK SA");
  assert_options (game, BK_SEAT_N, BK_ASK_NOTHING, "");
  n = bk_game_get_hand_sorted (game, BK_SEAT_W, cards);
  g_assert_cmpuint (n, ==, bk_hand_sorted (bk_game_rules_get (BK_GAME_BIERKOPF),
                                           bk_game_get_cards (game, BK_SEAT_W), expected));
  g_assert_cmpmem (cards, n, expected, n);
  bk_bierkopf_game_get_options (game, BK_SEAT_W, &options);
  for (guint i = 0; i < options.n; i++)
    {
      g_autofree char *name = bk_card_display_name (cards[i]);

      g_assert_cmpuint (options.options[i].action.type, ==, BK_ACTION_PLAY);
      g_assert_cmpuint (options.options[i].action.arg, ==, cards[i]);
      g_assert_cmpstr (options.options[i].label, ==, name);
      g_assert_true (options.options[i].trump == (cards[i] == C ("EO") || cards[i] == C ("GO") ||
                                                 cards[i] == C ("HA")));
    }
  bk_options_clear (&options);

  choose (game, BK_SEAT_W, "EO");
  /* North must follow the trump (B4.2): the Sau, the Zehn and the König of Eichel are not
   * legal, each with the game's reason. No Retour before the second card (B3.6). */
  assert_options (game, BK_SEAT_N, BK_ASK_PLAY, "HO SO !EA !E10 !EK");
  assert_card_options (game, BK_SEAT_N, TRUE, "HO SO !EA !E10 !EK");
  assert_options (game, BK_SEAT_S, BK_ASK_NOTHING, "");
  state = bk_bierkopf_game_get_state (game);
  bk_bierkopf_game_get_options (game, BK_SEAT_N, &options);
  g_assert_cmpstr (bk_options_find (&options, "EA")->reason, ==,
                   bk_illegal_reason (state->game, &state->rules, state->hands[BK_SEAT_N],
                                      &state->trick, C ("EA")));
  bk_options_clear (&options);

  choose (game, BK_SEAT_N, "SO");
  /* The Retour is open to North and South, not to the team of the Spritze. */
  assert_options (game, BK_SEAT_E, BK_ASK_PLAY, "EU GU H10 !GA !G10");
  assert_options (game, BK_SEAT_S, BK_ASK_RETOUR, "retour");
  assert_options (game, BK_SEAT_N, BK_ASK_RETOUR, "retour");
  assert_options (game, BK_SEAT_W, BK_ASK_NOTHING, "");
  bk_bierkopf_game_get_options (game, BK_SEAT_S, &options);
  g_assert_cmpuint (options.options[0].action.type, ==, BK_ACTION_DOUBLE);
  g_assert_cmpstr (options.options[0].label, ==, "Retour!");
  bk_options_clear (&options);

  /* The trick on the table, with who played each card; the cards gone from the hands. */
  n = bk_game_get_table_trick (game, cards, seats);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (cards[0], ==, C ("EO"));
  g_assert_cmpuint (seats[0], ==, BK_SEAT_W);
  g_assert_cmpuint (cards[1], ==, C ("SO"));
  g_assert_cmpuint (seats[1], ==, BK_SEAT_N);
  g_assert_cmpuint (bk_game_get_gone (game, BK_SEAT_W), ==, H ("EO"));
  g_assert_cmpuint (bk_game_get_gone (game, BK_SEAT_N), ==, H ("SO"));
  g_assert_cmpuint (bk_game_get_gone (game, BK_SEAT_S), ==, 0);
  g_assert_cmpuint (bk_game_get_holder (game, C ("EO")), ==, BK_SEAT_NONE);
  g_assert_cmpuint (bk_game_get_holder (game, C ("HO")), ==, BK_SEAT_N);
  g_assert_cmpuint (bk_game_get_tricks_done (game), ==, 0);

  choose (game, BK_SEAT_E, "EU");
  /* South plays, and may raise too. */
  assert_options (game, BK_SEAT_S, BK_ASK_PLAY, "HU SU HK !S10 !SK retour");
  /* The cards alone: a Retour is Bierkopf's own question. */
  assert_card_options (game, BK_SEAT_S, TRUE, "HU SU HK !S10 !SK");
  choose (game, BK_SEAT_S, "HU");
  g_assert_cmpuint (bk_game_get_tricks_done (game), ==, 1);
  g_assert_cmpuint (bk_game_get_table_trick (game, cards, NULL), ==, 0);
  g_assert_false (bk_game_is_last_trick_done (game));

  play_out (game);
  g_assert_cmpuint (bk_game_get_tricks_done (game), ==, 5);
  g_assert_true (bk_game_is_last_trick_done (game));
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      assert_options (game, (BkSeat) s, BK_ASK_NOTHING, "");
      assert_card_options (game, (BkSeat) s, FALSE, "");
    }
}

/* spec B2.3: the cards of each seat in the order shown, the first packet first. */
static void
test_deal_order (void)
{
  static const struct {
    BkPackets   packets;
    const char *expected;
  } cases[] = {
    { BK_PACKETS_3_2, "00011" },
    { BK_PACKETS_2_3, "00111" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      BkRules rules;
      g_autoptr (BkGame) game = NULL;

      bk_rules_init_default (&rules);
      rules.bierkopf.packets = cases[c].packets;
      game = dealt_game (&rules);
      for (guint s = 0; s < BK_N_SEATS; s++)
        {
          BkCard cards[BK_N_CARDS], sorted[BK_N_CARDS];
          guint8 packets[BK_N_CARDS];
          char got[BK_N_CARDS + 1];
          guint n = bk_game_get_deal_order (game, (BkSeat) s, cards, packets);
          BkHand seen = 0;

          g_assert_cmpuint (n, ==, 5);
          g_assert_cmpuint (bk_game_get_hand_sorted (game, (BkSeat) s, sorted), ==, n);
          g_assert_cmpmem (cards, n, sorted, n);
          for (guint i = 0; i < n; i++)
            {
              got[i] = (char) ('0' + packets[i]);
              seen |= BK_HAND_BIT (cards[i]);
            }
          got[n] = '\0';
          g_assert_cmpstr (got, ==, cases[c].expected);
          g_assert_cmpuint (seen, ==, bk_game_get_cards (game, (BkSeat) s));
          /* Without the packets, the same count. */
          g_assert_cmpuint (bk_game_get_deal_order (game, (BkSeat) s, cards, NULL), ==, 5);
        }
      /* After a card the deal order stays the deal's. */
      choose (game, BK_SEAT_W, "pass");
      choose (game, BK_SEAT_N, "pass");
      choose (game, BK_SEAT_E, "pass");
      choose (game, BK_SEAT_W, "EO");
      {
        BkCard cards[BK_N_CARDS];
        g_assert_cmpuint (bk_game_get_deal_order (game, BK_SEAT_W, cards, NULL), ==, 5);
        g_assert_cmpuint (bk_game_get_hand_sorted (game, BK_SEAT_W, cards), ==, 4);
      }
    }
}

static void
count_dealt_cb (BkGame *game,
                guint   dealer,
                guint  *count)
{
  BkCard cards[BK_N_CARDS];
  guint8 packets[BK_N_CARDS];

  for (guint s = 0; s < BK_N_SEATS; s++)
    *count += bk_game_get_deal_order (game, (BkSeat) s, cards, packets);
}

/* The view animates the deal when "hand-dealt" is emitted: the order is there already. */
static void
test_deal_order_in_signal (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;
  guint count = 0;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 1);
  g_signal_connect (game, "hand-dealt", G_CALLBACK (count_dealt_cb), &count);
  deal_hands (hands, "HU SU HK S10 SK", "EO GO HA SA GK", "HO SO EA E10 EK", "EU GU H10 G10 GA");
  g_assert_true (bk_game_deal (game, BK_SEAT_S, hands, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, 20);
}

/* The card points and trumps of the session's game. */
static void
test_cards (void)
{
  g_autoptr (BkGame) game = dealt_game (NULL);
  BkTrick trick = { { C ("EO"), C ("SA"), C ("H10"), C ("GK") }, 4, BK_SEAT_W };
  BkCard cards[BK_N_CARDS];

  g_assert_cmpuint (bk_game_get_trick_points (game, &trick), ==, 3 + 11 + 10 + 4);
  g_assert_true (bk_game_is_trump (game, C ("HA")));
  g_assert_true (bk_game_is_trump (game, C ("SU")));
  g_assert_false (bk_game_is_trump (game, C ("SA")));
  g_assert_cmpuint (bk_game_sort_cards (game, H ("SA HA EO"), cards), ==, 3);
  g_assert_cmpuint (cards[0], ==, C ("EO"));
  g_assert_cmpuint (cards[1], ==, C ("HA"));
  g_assert_cmpuint (cards[2], ==, C ("SA"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-query/before-the-deal", test_before_the_deal);
  g_test_add_func ("/game-query/talk-and-spritze", test_talk_and_spritze);
  g_test_add_func ("/game-query/spritze-at-the-cap", test_spritze_at_the_cap);
  g_test_add_func ("/game-query/play", test_play);
  g_test_add_func ("/game-query/deal-order", test_deal_order);
  g_test_add_func ("/game-query/deal-order-in-signal", test_deal_order_in_signal);
  g_test_add_func ("/game-query/cards", test_cards);

  return g_test_run ();
}
