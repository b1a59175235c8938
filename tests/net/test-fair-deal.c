/* test-fair-deal.c: the fair deal (docs/network.md, "The fair deal"): the known answers
 * written there, and the verification of a hand: a true one passes; a changed seed, a
 * wrong commitment, a hand dealt again, our own secret left out, cards the seed does not
 * deal and a changed action each fail, saying which. Bierkopf's seating ceremony is drawn
 * from the hand's seed too (docs/network.md, "The seating"): its known answer, and a
 * seating other than the seed's (other partners, other cards, none) fails.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-fair-deal.h"
#include "bk-levels.h"
#include "bk-record.h"

#define ROOM "table@muc.example.org"

static void
fill (guint8 *bytes,
      guint8  value)
{
  memset (bytes, value, BK_NET_SECRET_SIZE);
}

/* docs/network.md, "Known answers" (computed with Python's hashlib). */
static void
test_known_answers (void)
{
  guint8 host[BK_NET_SECRET_SIZE], secrets[2][BK_NET_SECRET_SIZE];
  guint8 commitment[BK_NET_SECRET_SIZE], seed[BK_NET_SECRET_SIZE];
  g_autofree char *commitment_hex = NULL;
  g_autofree char *seed_hex = NULL;

  fill (host, 0x11);
  fill (secrets[0], 0x22);
  fill (secrets[1], 0x33);
  bk_fair_deal_commitment (host, commitment);
  commitment_hex = bk_net_hex (commitment, BK_NET_SECRET_SIZE);
  g_assert_cmpstr (commitment_hex, ==,
                   "02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc");
  bk_fair_deal_seed (host, (const guint8 (*)[BK_NET_SECRET_SIZE]) secrets, 2,
                     "table@muc.example.org", 3, seed);
  seed_hex = bk_net_hex (seed, BK_NET_SECRET_SIZE);
  g_assert_cmpstr (seed_hex, ==,
                   "6384ac043d1397b0f4d6dea867ce5514fa54ccc2f4b868c32955818fd06dd095");
}

static void
test_new_secret (void)
{
  guint8 a[BK_NET_SECRET_SIZE], b[BK_NET_SECRET_SIZE];
  g_autoptr (GError) error = NULL;

  g_assert_true (bk_fair_deal_new_secret (a, &error));
  g_assert_no_error (error);
  g_assert_true (bk_fair_deal_new_secret (b, &error));
  g_assert_true (memcmp (a, b, sizeof a) != 0);
}

/* One hand of Bierkopf as the room saw it: a host with computers at every seat, dealt
 * from the secrets of seats 1 and 3 (people, in the protocol). */
typedef struct {
  char        *before;
  char        *lines;
  BkNetStanza  reveal;
  guint8       commitment[BK_NET_SECRET_SIZE];
  BkHand       cards[BK_MAX_SEATS];   /* by the seat now */
  BkSeat       chair1_now;            /* where chair 1 sits after the seating (B2.1) */
} Played;

/* The hand dealt from the seed; its seating the seed's (@start BK_SEAT_NONE) or the one
 * a cheating host chose: @cards from @start on. */
static void
play_hand_seated (Played       *played,
                  BkSeat        start,
                  const BkCard *cards,
                  guint         n_cards)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *record = NULL;
  guint8 host[BK_NET_SECRET_SIZE], secrets[2][BK_NET_SECRET_SIZE], seed[BK_NET_SECRET_SIZE];
  g_autoptr (GString) lines = g_string_new (NULL);
  g_auto (GStrv) all = NULL;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 3);
  g_assert_true (bk_game_set_session_id (game, 1234, NULL));
  for (guint s = 0; s < 4; s++)
    {
      g_autoptr (BkStrategy) strategy = bk_strategy_new_for_level (rules.game, "heuristic", NULL);
      bk_game_set_strategy (game, s, strategy);
    }
  played->before = bk_game_to_record (game);
  fill (host, 0x01);
  fill (secrets[0], 0x02);
  fill (secrets[1], 0x03);
  bk_fair_deal_commitment (host, played->commitment);
  bk_fair_deal_seed (host, (const guint8 (*)[BK_NET_SECRET_SIZE]) secrets, 2, ROOM, 1, seed);
  if (start == BK_SEAT_NONE)
    g_assert_true (bk_game_next_hand_from_seed (game, seed, NULL));
  else
    {
      BkHand hands[BK_MAX_SEATS], aside = 0;
      BkSeat dealer;

      /* the seating of the host's choice, then the deal of the seed */
      g_assert_true (bk_bierkopf_game_seat (game, start, cards, n_cards, NULL));
      dealer = bk_game_get_next_dealer (game);
      bk_deal_from_seed (&rules, seed, dealer, hands, &aside);
      g_assert_true (bk_game_deal (game, dealer, hands, aside, NULL));
    }
  for (guint s = 0; s < 4; s++)
    played->cards[s] = bk_game_get_cards (game, s);
  played->chair1_now = bk_net_seat_now (game, 1);
  bk_game_run (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  record = bk_game_to_record (game);
  all = g_strsplit (record + strlen (played->before), "\n", -1);
  for (guint i = 0; all[i] && all[i][0]; i++)
    if (!g_str_has_prefix (all[i], "hand ") && !g_str_has_prefix (all[i], "aside "))
      g_string_append_printf (lines, "%s\n", all[i]);
  played->lines = g_strdup (lines->str);
  bk_net_stanza_init (&played->reveal, BK_NET_REVEAL);
  played->reveal.hand = 1;
  memcpy (played->reveal.digest, host, BK_NET_SECRET_SIZE);
  played->reveal.n_seats = 2;
  played->reveal.secret_seats[0] = 1;
  played->reveal.secret_seats[1] = 3;
  memcpy (played->reveal.secrets[0], secrets[0], BK_NET_SECRET_SIZE);
  memcpy (played->reveal.secrets[1], secrets[1], BK_NET_SECRET_SIZE);
  /* the whole record is what a guest must rebuild */
  g_assert_nonnull (strstr (record, "dealer "));
  g_free (played->reveal.text);
  played->reveal.text = g_steal_pointer (&record);
}

static void
play_hand (Played *played)
{
  play_hand_seated (played, BK_SEAT_NONE, NULL, 0);
}

static void
played_clear (Played *played)
{
  g_free (played->before);
  g_free (played->lines);
  bk_net_stanza_clear (&played->reveal);
}

/* The hand as seat 1 (a person, its secret 02…) saw it. */
static void
seat_view (const Played   *played,
           BkFairDealHand *hand)
{
  memset (hand, 0, sizeof *hand);
  hand->room = ROOM;
  hand->hand_number = 1;
  hand->expected_hand = 1;
  memcpy (hand->commitment, played->commitment, BK_NET_SECRET_SIZE);
  hand->reveal = &played->reveal;
  hand->own_seat = 1;
  hand->own_secret_known = TRUE;
  fill (hand->own_secret, 0x02);
  hand->person_seats = (1u << 1) | (1u << 3);
  hand->own_cards = played->cards[played->chair1_now];
}

static void
assert_fails (const BkFairDealHand *hand,
              const Played         *played,
              const char           *lines,
              const char           *says)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;

  g_assert_false (bk_fair_deal_verify (hand, played->before, lines ? lines : played->lines,
                                       &record, &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_VERIFY);
  g_assert_null (record);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, says));
}

static void
test_verify (void)
{
  Played played = { 0 };
  BkFairDealHand hand;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;

  play_hand (&played);

  /* the true hand verifies, and the guest rebuilds the host's record exactly */
  seat_view (&played, &hand);
  g_assert_true (bk_fair_deal_verify (&hand, played.before, played.lines, &record, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (record, ==, played.reveal.text);
  /* a spectator too */
  hand.own_seat = BK_SEAT_NONE;
  g_assert_true (bk_fair_deal_verify (&hand, played.before, played.lines, NULL, &error));
  g_assert_no_error (error);

  /* a re-deal: the hand number is not the one due */
  seat_view (&played, &hand);
  hand.expected_hand = 2;
  assert_fails (&hand, &played, NULL, "dealt again");

  /* a wrong commitment */
  seat_view (&played, &hand);
  hand.commitment[0] ^= 1;
  assert_fails (&hand, &played, NULL, "commitment");

  /* a changed seed: another person's secret changed after the deal */
  seat_view (&played, &hand);
  played.reveal.secrets[1][5] ^= 1;
  assert_fails (&hand, &played, NULL, "not those the seed deals");
  /* … which a spectator sees in the play */
  hand.own_seat = BK_SEAT_NONE;
  assert_fails (&hand, &played, NULL, "does not replay");
  played.reveal.secrets[1][5] ^= 1;

  /* our own secret left out (the host put another in its place) */
  seat_view (&played, &hand);
  hand.own_secret[0] ^= 1;
  assert_fails (&hand, &played, NULL, "Our own secret");

  /* a person's secret missing from the reveal */
  seat_view (&played, &hand);
  hand.person_seats |= 1u << 2;
  assert_fails (&hand, &played, NULL, "seated people");

  /* the host sent us cards the seed does not deal */
  seat_view (&played, &hand);
  hand.own_cards ^= hand.own_cards & -hand.own_cards;
  assert_fails (&hand, &played, NULL, "not those the seed deals");

  /* an action changed in the room: a card its seat did not hold */
  {
    g_autoptr (GString) changed = g_string_new (played.lines);
    char *play = strstr (changed->str, "\nplay ");
    g_auto (GStrv) words = NULL;
    BkSeat seat;
    BkRules rules;
    BkCard other = BK_CARD_NONE;
    g_autofree char *line = NULL;
    gsize at, end;

    g_assert_nonnull (play);
    at = (gsize) (play - changed->str) + 1;
    end = at + strcspn (changed->str + at, "\n");
    line = g_strndup (changed->str + at, end - at);
    words = g_strsplit (line, " ", -1);
    bk_rules_init_default (&rules);
    g_assert_true (bk_seat_parse_for (&rules, words[1], &seat, NULL));
    /* a card of the next seat's hand */
    other = bk_hand_first (played.cards[(seat + 1) % 4]);
    g_assert_cmpuint (other, !=, BK_CARD_NONE);
    g_string_erase (changed, (gssize) at, (gssize) (end - at));
    {
      g_autofree char *replacement = g_strdup_printf ("play %s %s", words[1],
                                                      bk_card_to_string (other));
      g_string_insert (changed, (gssize) at, replacement);
    }
    seat_view (&played, &hand);
    assert_fails (&hand, &played, changed->str, "does not replay");
  }
  played_clear (&played);
}

/* docs/network.md, known answers: the seating of a session's first hand dealt from the
 * seed of section 6.3's example (the cards: spec B2.1's ceremony). */
static void
test_seating_known_answer (void)
{
  guint8 host[BK_NET_SECRET_SIZE], secrets[2][BK_NET_SECRET_SIZE], seed[BK_NET_SECRET_SIZE];
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *before = NULL;
  g_autofree char *record = NULL;
  g_autofree char *first = NULL;
  g_autoptr (GError) error = NULL;

  fill (host, 0x11);
  fill (secrets[0], 0x22);
  fill (secrets[1], 0x33);
  bk_fair_deal_seed (host, (const guint8 (*)[BK_NET_SECRET_SIZE]) secrets, 2,
                     "table@muc.example.org", 3, seed);
  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 99);
  g_assert_true (bk_game_set_session_id (game, 1234, NULL));
  before = bk_game_to_record (game);
  g_assert_true (bk_game_next_hand_from_seed (game, seed, &error));
  g_assert_no_error (error);
  record = bk_game_to_record (game);
  first = g_strndup (record + strlen (before), strcspn (record + strlen (before), "\n"));
  g_assert_cmpstr (first, ==, "seating S SU E10 GU S10 EO HA SK GA");
  /* West drew the first Sau (B2.2) */
  g_assert_cmpuint (bk_game_get_dealer (game), ==, 1);
}

/* @lines with its seating line replaced by @seating (NULL: left out). */
static char *
with_seating (const char *lines,
              const char *seating)
{
  g_autoptr (GString) changed = g_string_new (lines);
  const char *at = strstr (changed->str, "seating ");
  gsize start, end;

  g_assert_nonnull (at);
  start = (gsize) (at - changed->str);
  end = start + strcspn (at, "\n") + 1;
  g_string_erase (changed, (gssize) start, (gssize) (end - start));
  if (seating)
    g_string_insert (changed, (gssize) start, seating);
  return g_string_free (g_steal_pointer (&changed), FALSE);
}

/* A host that posts a seating the seed does not draw: other partners, the same partners
 * from other face-up cards, or none; each fails at the seating, before anything else. */
static void
test_seating_cheated (void)
{
  Played played = { 0 };
  BkFairDealHand hand;
  g_autofree char *posted = NULL;
  g_auto (GStrv) words = NULL;
  const char *at;
  BkSeat start;
  BkRules rules;

  play_hand (&played);
  at = strstr (played.lines, "seating ");
  g_assert_nonnull (at);
  posted = g_strndup (at, strcspn (at, "\n"));
  words = g_strsplit (posted, " ", -1);
  bk_rules_init_default (&rules);
  g_assert_true (bk_seat_parse_for (&rules, words[1], &start, NULL));

  /* a host that chose the seating: the same cards from the next seat on (the first Sau,
   * and so the first dealer, another's), its own game seated so and dealt from the seed,
   * and every line true to that game: only the seating gives it away */
  {
    Played cheat = { 0 };
    BkCard cards[BK_N_CARDS];
    guint n = 0;
    g_autofree char *rest = g_strjoinv (" ", words + 2);

    g_assert_true (bk_card_list_parse (rest, cards, BK_N_CARDS, &n, NULL));
    play_hand_seated (&cheat, (start + 1) % 4, cards, n);
    g_assert_null (strstr (cheat.lines, posted));
    seat_view (&cheat, &hand);
    assert_fails (&hand, &cheat, NULL, "The seating of hand 1 does not follow from the seed");
    /* a spectator sees it too */
    hand.own_seat = BK_SEAT_NONE;
    assert_fails (&hand, &cheat, NULL, "does not follow from the seed");
    played_clear (&cheat);
  }

  /* the same partners and moves, but a face-up card before the first Sau changed into
   * one the ceremony did not show (a card that is no Sau and not in the line) */
  {
    BkHand shown = 0;
    BkCard card;
    g_autofree char *other = NULL;
    g_autofree char *lines = NULL;
    guint i = 2;

    for (guint w = 2; words[w]; w++)
      {
        g_assert_true (bk_card_parse (words[w], &card, NULL));
        shown |= BK_HAND_BIT (card);
      }
    g_assert_true (bk_card_parse (words[i], &card, NULL));
    if (bk_card_rank (card) == BK_RANK_SAU)
      {
        /* the first card was a Sau: put a card before it */
        g_autofree char *rest = g_strjoinv (" ", words + 2);
        BkCard extra = BK_CARD_NONE;

        for (BkHand deck = bk_game_module_get (rules.game)->trick_rules ()->deck (&rules) & ~shown;
             deck && extra == BK_CARD_NONE; deck &= deck - 1)
          if (bk_card_rank (bk_hand_first (deck)) != BK_RANK_SAU)
            extra = bk_hand_first (deck);
        other = g_strdup_printf ("seating %s %s %s\n", bk_seat_name (&rules, (start + 3) % 4),
                                 bk_card_to_string (extra), rest);
      }
    else
      {
        BkCard extra = BK_CARD_NONE;

        for (BkHand deck = bk_game_module_get (rules.game)->trick_rules ()->deck (&rules) & ~shown;
             deck && extra == BK_CARD_NONE; deck &= deck - 1)
          if (bk_card_rank (bk_hand_first (deck)) != BK_RANK_SAU)
            extra = bk_hand_first (deck);
        g_free (words[i]);
        words[i] = g_strdup (bk_card_to_string (extra));
        {
          g_autofree char *joined = g_strjoinv (" ", words);

          other = g_strdup_printf ("%s\n", joined);
        }
      }
    lines = with_seating (played.lines, other);
    seat_view (&played, &hand);
    assert_fails (&hand, &played, lines, "The seating of hand 1 does not follow from the seed");
  }

  /* no seating at all before the session's first hand */
  {
    g_autofree char *lines = with_seating (played.lines, NULL);

    seat_view (&played, &hand);
    assert_fails (&hand, &played, lines, "The seating of hand 1 does not follow from the seed");
  }
  played_clear (&played);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fair-deal/known-answers", test_known_answers);
  g_test_add_func ("/fair-deal/new-secret", test_new_secret);
  g_test_add_func ("/fair-deal/verify", test_verify);
  g_test_add_func ("/fair-deal/B2.1/seating-known-answer", test_seating_known_answer);
  g_test_add_func ("/fair-deal/B2.1/seating-cheated", test_seating_cheated);
  return g_test_run ();
}
