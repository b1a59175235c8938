/* test-rules.c: the rules of Bierkopf as pure functions (spec B1, B4; notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "bk-action.h"
#include "bk-bierkopf-seats.h"
#include "bk-card.h"
#include "bk-error.h"
#include "bk-game-rules.h"
#include "bk-rules.h"

/* spec B1.3: the trumps, high to low; the last one only in the long game. */
static const char * const trump_order[] = {
  "EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU", "HA", "H10", "HK", "H9",
};

static const char plain_suits[] = { 'E', 'G', 'S' };

/* spec B1.4: each plain suit high to low; the nine only in the long game. */
static const char * const plain_ranks[] = { "A", "10", "K", "9" };

static const BkGameRules *
bierkopf (void)
{
  const BkGameRules *game = bk_game_rules_get (BK_GAME_BIERKOPF);

  g_assert_nonnull (game);
  return game;
}

static void
rules_init (BkRules    *rules,
            BkVariant   variant,
            BkVoidRule  void_rule)
{
  bk_rules_init_default (rules);
  rules->bierkopf.variant = variant;
  rules->bierkopf.void_rule = void_rule;
}

static BkCard
card_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  BkCard card = BK_CARD_NONE;

  g_assert_true (bk_card_parse (text, &card, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (card, <, BK_N_CARDS);
  return card;
}

static BkHand
hand_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  BkHand hand = 0;

  g_assert_true (bk_hand_parse (text, &hand, &error));
  g_assert_no_error (error);
  return hand;
}

static BkTrick
trick_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  BkTrick trick = { { 0 }, 0, 0 };
  guint n = 0;

  g_assert_true (bk_card_list_parse (text, trick.cards, BK_N_SEATS, &n, &error));
  g_assert_no_error (error);
  trick.n = (guint8) n;
  return trick;
}

static char *
card_name (const char *suit_letter,
           const char *rank)
{
  return g_strconcat (suit_letter, rank, NULL);
}

/* The legal cards of @hand_text on @trick_text, in the canonical notation. */
static char *
legal_string (BkVariant   variant,
              BkVoidRule  void_rule,
              const char *hand_text,
              const char *trick_text)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  BkTrick trick = trick_of (trick_text);
  BkHand hand = hand_of (hand_text);
  BkHand legal;

  rules_init (&rules, variant, void_rule);
  legal = bk_legal_moves (game, &rules, hand, &trick);
  g_assert_cmpuint (legal & ~hand, ==, 0);
  return bk_hand_to_string (game, legal);
}

static void
assert_legal_full (BkVariant   variant,
                   BkVoidRule  void_rule,
                   const char *hand_text,
                   const char *trick_text,
                   const char *expected_text)
{
  g_autofree char *actual = legal_string (variant, void_rule, hand_text, trick_text);
  g_autofree char *expected = bk_hand_to_string (bierkopf (), hand_of (expected_text));

  if (g_strcmp0 (actual, expected) != 0)
    g_test_message ("hand “%s”, trick “%s”, void rule %d", hand_text, trick_text, void_rule);
  g_assert_cmpstr (actual, ==, expected);
}

static void
assert_legal (BkVoidRule  void_rule,
              const char *hand_text,
              const char *trick_text,
              const char *expected_text)
{
  assert_legal_full (BK_VARIANT_KURZ, void_rule, hand_text, trick_text, expected_text);
}

/* The same legal cards under every void rule. */
static void
assert_legal_all_rules (const char *hand_text,
                        const char *trick_text,
                        const char *expected_text)
{
  assert_legal (BK_VOID_TRUMPFZWANG, hand_text, trick_text, expected_text);
  assert_legal (BK_VOID_UEBERSTECHEN, hand_text, trick_text, expected_text);
  assert_legal (BK_VOID_FREI, hand_text, trick_text, expected_text);
}

static guint
winner_of (const char *trick_text)
{
  BkTrick trick = trick_of (trick_text);

  return bk_trick_winner (bierkopf (), &trick);
}

static guint
points_of (const char *trick_text)
{
  BkTrick trick = trick_of (trick_text);

  return bk_trick_points (bierkopf (), &trick);
}

/* ------------------------------------------------------------------------------------ */
/* spec B1 */

/* spec B1.1 */
static void
test_card_points (void)
{
  static const struct {
    const char *rank;
    guint points;
  } ranks[] = {
    { "A", 11 }, { "10", 10 }, { "K", 4 }, { "O", 3 }, { "U", 2 }, { "9", 0 },
  };
  static const char * const suits[] = { "E", "G", "H", "S" };
  const BkGameRules *game = bierkopf ();

  for (guint s = 0; s < G_N_ELEMENTS (suits); s++)
    for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
      {
        g_autofree char *name = card_name (suits[s], ranks[r].rank);
        BkCard card = card_of (name);

        g_test_message ("%s = %u", name, game->points[card]);
        g_assert_cmpuint (game->points[card], ==, ranks[r].points);
      }
}

static guint
deck_points (const BkGameRules *game,
             BkHand             deck)
{
  guint points = 0;

  for (; deck; deck &= deck - 1)
    points += game->points[bk_hand_first (deck)];
  return points;
}

/* spec B1.2 */
static void
test_deck_kurz (void)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  BkHand deck;

  rules_init (&rules, BK_VARIANT_KURZ, BK_VOID_TRUMPFZWANG);
  deck = game->deck (&rules);
  g_assert_cmpuint (bk_hand_count (deck), ==, 20);
  g_assert_cmpuint (deck, ==, hand_of ("EA E10 EK EO EU GA G10 GK GO GU "
                                       "HA H10 HK HO HU SA S10 SK SO SU"));
  g_assert_cmpuint (deck_points (game, deck), ==, 120);
  g_assert_cmpuint (bk_rules_hand_size (&rules), ==, 5);
  g_assert_cmpuint (bk_rules_hand_size (&rules) * 4, ==, bk_hand_count (deck));
}

/* spec B1.2 */
static void
test_deck_lang (void)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  BkHand deck;

  rules_init (&rules, BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG);
  deck = game->deck (&rules);
  g_assert_cmpuint (bk_hand_count (deck), ==, 24);
  g_assert_cmpuint (deck, ==, hand_of ("EA E10 EK EO EU E9 GA G10 GK GO GU G9 "
                                       "HA H10 HK HO HU H9 SA S10 SK SO SU S9"));
  g_assert_cmpuint (deck_points (game, deck), ==, 120);
  g_assert_cmpuint (bk_rules_hand_size (&rules), ==, 6);
  g_assert_cmpuint (bk_rules_hand_size (&rules) * 4, ==, bk_hand_count (deck));
}

/* spec B1.3: each trump beats every lower one, card against card and in a trick. */
static void
test_trump_order (void)
{
  const BkGameRules *game = bierkopf ();

  for (guint i = 0; i < G_N_ELEMENTS (trump_order); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (trump_order); j++)
      {
        BkCard high = card_of (trump_order[i]);
        BkCard low = card_of (trump_order[j]);
        g_autofree char *high_first = g_strdup_printf ("%s %s", trump_order[i], trump_order[j]);
        g_autofree char *low_first = g_strdup_printf ("%s %s", trump_order[j], trump_order[i]);
        g_autofree char *led_plain = g_strdup_printf ("EA %s GA %s", trump_order[j],
                                                      trump_order[i]);

        g_assert_true (bk_card_beats (game, high, low));
        g_assert_false (bk_card_beats (game, low, high));
        g_assert_cmpuint (winner_of (high_first), ==, 0);
        g_assert_cmpuint (winner_of (low_first), ==, 1);
        g_assert_cmpuint (winner_of (led_plain), ==, 3);
      }
}

/* spec B1.3: 11 trumps in the short game, 12 in the long one. */
static void
test_trump_count (void)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  BkHand trumps;

  rules_init (&rules, BK_VARIANT_KURZ, BK_VOID_TRUMPFZWANG);
  trumps = game->deck (&rules) & game->group_cards[BK_GROUP_TRUMP];
  g_assert_cmpuint (bk_hand_count (trumps), ==, 11);
  g_assert_cmpuint (trumps, ==, hand_of ("EO GO HO SO EU GU HU SU HA H10 HK"));

  rules_init (&rules, BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG);
  trumps = game->deck (&rules) & game->group_cards[BK_GROUP_TRUMP];
  g_assert_cmpuint (bk_hand_count (trumps), ==, 12);
  g_assert_cmpuint (trumps, ==, hand_of ("EO GO HO SO EU GU HU SU HA H10 HK H9"));
}

/* spec B1.4: Ober, Unter and Herz are trumps and belong to no plain suit. */
static void
test_trumps_and_plain_suits (void)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  BkHand deck;

  rules_init (&rules, BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG);
  deck = game->deck (&rules);
  for (BkHand rest = deck; rest; rest &= rest - 1)
    {
      BkCard card = bk_hand_first (rest);
      BkRank rank = bk_card_rank (card);
      BkSuit suit = bk_card_suit (card);
      gboolean trump = rank == BK_RANK_OBER || rank == BK_RANK_UNTER || suit == BK_SUIT_HERZ;

      g_assert_cmpint (bk_card_is_trump (game, card), ==, trump);
      if (trump)
        g_assert_cmpuint (game->group[card], ==, BK_GROUP_TRUMP);
      else
        g_assert_cmpuint (game->group[card], ==, suit);
    }

  /* Each plain suit: Sau > Zehn > König > Neun, and every trump beats every plain card. */
  for (guint s = 0; s < G_N_ELEMENTS (plain_suits); s++)
    {
      char letter[2] = { plain_suits[s], '\0' };

      for (guint i = 0; i < G_N_ELEMENTS (plain_ranks); i++)
        {
          g_autofree char *high_name = card_name (letter, plain_ranks[i]);
          BkCard high = card_of (high_name);

          for (guint j = i + 1; j < G_N_ELEMENTS (plain_ranks); j++)
            {
              g_autofree char *low_name = card_name (letter, plain_ranks[j]);
              g_autofree char *low_first = g_strdup_printf ("%s %s", low_name, high_name);
              BkCard low = card_of (low_name);

              g_assert_true (bk_card_beats (game, high, low));
              g_assert_false (bk_card_beats (game, low, high));
              g_assert_cmpuint (winner_of (low_first), ==, 1);
            }

          for (guint t = 0; t < G_N_ELEMENTS (trump_order); t++)
            {
              BkCard trump = card_of (trump_order[t]);

              g_assert_true (bk_card_beats (game, trump, high));
              g_assert_false (bk_card_beats (game, high, trump));
            }
        }
    }

  /* The lowest trump takes the highest plain card. */
  g_assert_cmpuint (winner_of ("EA HK"), ==, 1);
  g_assert_cmpuint (winner_of ("SA S10 GA H9"), ==, 3);
}

/* ------------------------------------------------------------------------------------ */
/* notation.md */

/* notation.md "Cards" */
static void
test_notation_parse_print (void)
{
  static const char suits[] = { 'E', 'G', 'H', 'S' };
  static const char * const ranks[] = { "A", "10", "K", "O", "U", "9", "8", "7", "6" };
  BkHand seen = 0;

  g_assert_cmpuint (G_N_ELEMENTS (suits) * G_N_ELEMENTS (ranks), ==, BK_N_CARDS);
  for (guint s = 0; s < G_N_ELEMENTS (suits); s++)
    for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
      {
        char letter[2] = { suits[s], '\0' };
        g_autofree char *name = card_name (letter, ranks[r]);
        g_autofree char *lower = g_ascii_strdown (name, -1);
        g_autofree char *mixed = g_strdup (name);
        BkCard card = card_of (name);

        mixed[0] = g_ascii_tolower (mixed[0]);
        g_assert_cmpstr (bk_card_to_string (card), ==, name);
        g_assert_cmpuint (card_of (lower), ==, card);
        g_assert_cmpuint (card_of (mixed), ==, card);
        g_assert_cmpuint (bk_card_suit (card), ==, s);
        g_assert_false (bk_hand_has (seen, card));
        seen |= BK_HAND_BIT (card);
      }
  g_assert_cmpuint (bk_hand_count (seen), ==, BK_N_CARDS);

  /* The examples of notation.md. */
  g_assert_cmpuint (card_of ("eo"), ==, BK_CARD (BK_SUIT_EICHEL, BK_RANK_OBER));
  g_assert_cmpuint (card_of ("h10"), ==, BK_CARD (BK_SUIT_HERZ, BK_RANK_ZEHN));
  g_assert_cmpuint (card_of ("SA"), ==, BK_CARD (BK_SUIT_SCHELLEN, BK_RANK_SAU));
  g_assert_cmpuint (card_of ("G9"), ==, BK_CARD (BK_SUIT_GRAS, BK_RANK_NEUN));
  g_assert_cmpuint (card_of ("gU"), ==, BK_CARD (BK_SUIT_GRAS, BK_RANK_UNTER));
  g_assert_cmpuint (card_of ("Sk"), ==, BK_CARD (BK_SUIT_SCHELLEN, BK_RANK_KOENIG));
}

/* notation.md "Cards" */
static void
test_notation_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *printed = NULL;
  BkCard cards[BK_N_CARDS];
  guint n = 99;

  /* A list keeps its order; blanks are separators only. */
  g_assert_true (bk_card_list_parse ("  sa eo\th10  GU ", cards, BK_N_CARDS, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 4);
  printed = bk_card_list_to_string (cards, n);
  g_assert_cmpstr (printed, ==, "SA EO H10 GU");

  g_assert_true (bk_card_list_parse ("", cards, BK_N_CARDS, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 0);
}

/* notation.md "Cards" */
static void
test_notation_errors (void)
{
  static const char * const not_cards[] = {
    "XX", "E11", "", "E", "10", "EOO", "H1", "O", "Z9", "E 10", "EO,", "A",
  };
  BkHand hand = 0;

  for (guint i = 0; i < G_N_ELEMENTS (not_cards); i++)
    {
      g_autoptr (GError) error = NULL;
      BkCard card = BK_CARD_NONE;

      g_test_message ("parsing “%s”", not_cards[i]);
      g_assert_false (bk_card_parse (not_cards[i], &card, &error));
      g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
    }

  {
    g_autoptr (GError) error = NULL;

    g_assert_false (bk_hand_parse ("EO XX SA", &hand, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (bk_hand_parse ("EO E11", &hand, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (bk_hand_parse ("SA GK SA", &hand, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_DUPLICATE);
  }
  {
    g_autoptr (GError) error = NULL;
    BkCard cards[8];
    guint n;

    /* The same card in another spelling is still the same card. */
    g_assert_false (bk_card_list_parse ("EO h10 eo", cards, G_N_ELEMENTS (cards), &n, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_DUPLICATE);
  }
  {
    g_autoptr (GError) error = NULL;
    BkCard cards[2];
    guint n;

    g_assert_false (bk_card_list_parse ("EO GO HO", cards, G_N_ELEMENTS (cards), &n, &error));
    g_assert_error (error, BK_ERROR, BK_ERROR_PARSE);
  }
}

/* notation.md: trumps high to low, then Eichel, Gras, Schellen each high to low. */
static void
test_notation_sort_order (void)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules;
  g_autofree char *example = bk_hand_to_string (game, hand_of ("SA EO HA GK E10 HU"));
  g_autofree char *plain = bk_hand_to_string (game, hand_of ("sk gk ek s10 g10 e10"));
  g_autofree char *empty = bk_hand_to_string (game, 0);
  g_autofree char *lang = NULL;
  BkCard sorted[BK_N_CARDS];

  g_assert_cmpstr (example, ==, "EO HU HA E10 GK SA");
  g_assert_cmpstr (plain, ==, "E10 EK G10 GK S10 SK");
  g_assert_cmpstr (empty, ==, "");

  rules_init (&rules, BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG);
  lang = bk_hand_to_string (game, game->deck (&rules));
  g_assert_cmpstr (lang, ==,
                   "EO GO HO SO EU GU HU SU HA H10 HK H9 "
                   "EA E10 EK E9 GA G10 GK G9 SA S10 SK S9");
  g_assert_cmpuint (bk_hand_sorted (game, game->deck (&rules), sorted), ==, 24);
  g_assert_cmpuint (sorted[0], ==, card_of ("EO"));
  g_assert_cmpuint (sorted[23], ==, card_of ("S9"));
}

/* ------------------------------------------------------------------------------------ */
/* spec B4.2 */

/* spec B4.2: a led plain suit must be followed, under every void rule. */
static void
test_farbzwang_plain (void)
{
  assert_legal_all_rules ("HA GK SA S10 EK", "EA", "EK");
  assert_legal_all_rules ("HA GK SA S10 EK", "SK", "SA S10");
  assert_legal_all_rules ("HA GK SA S10 EK", "G10 EO", "GK");
  assert_legal_all_rules ("EO GO GA G10 S10", "GK", "GA G10");
  /* Leading: anything. */
  assert_legal_all_rules ("HA GK SA S10 EK", "", "HA GK SA S10 EK");
}

/* spec B4.2: trumps are one suit, so a led Ober, Unter or Herz card asks for a trump. */
static void
test_farbzwang_trump_led (void)
{
  /* A led Herz card is a trump lead, not a Herz lead. */
  assert_legal_all_rules ("EO GK SA", "HA", "EO");
  assert_legal_all_rules ("EO EA GA", "HK", "EO");
  assert_legal_all_rules ("HK EA GA", "SU", "HK");
  assert_legal_all_rules ("H10 SU GA GK", "GO", "SU H10");
  assert_legal_all_rules ("GU HA EA SK", "EO", "GU HA");
  assert_legal_all_rules ("HO HK EA", "HA GA", "HO HK");
  assert_legal_all_rules ("SO GA SA", "H10 EK", "SO");
  /* Following a trump never requires beating it. */
  assert_legal_all_rules ("EO HK GA", "GO", "EO HK");
  assert_legal_all_rules ("HU HK", "GU", "HU HK");
}

/* spec B4.2, B1.4: Ober and Unter never follow their printed suit. */
static void
test_farbzwang_ober_unter (void)
{
  /* With a plain Eichel the Eichel-Ober does not count as Eichel. */
  assert_legal_all_rules ("EO EK GA", "EA", "EK");
  assert_legal_all_rules ("GU GO GK", "GA", "GK");
  assert_legal_all_rules ("SU SO SK S10", "SA", "SK S10");

  /* An Eichel-Ober without a plain Eichel: void in Eichel, the void rule applies. */
  assert_legal (BK_VOID_TRUMPFZWANG, "EO GA SK", "EA", "EO");
  assert_legal (BK_VOID_UEBERSTECHEN, "EO GA SK", "EA", "EO");
  assert_legal (BK_VOID_FREI, "EO GA SK", "EA", "EO GA SK");
  assert_legal (BK_VOID_TRUMPFZWANG, "EU EO G10", "E10", "EO EU");

  /* An Unter led asks for a trump, not for its printed suit. */
  assert_legal_all_rules ("GA G10 HK", "GU", "HK");
  assert_legal_all_rules ("EA E10 EK", "EU", "EA E10 EK");
}

/* ------------------------------------------------------------------------------------ */
/* spec B4.3 */

/* spec B4.3 Trumpfzwang: void in a led plain suit, any trump, even a low one. */
static void
test_void_trumpfzwang (void)
{
  assert_legal (BK_VOID_TRUMPFZWANG, "SU HK GA SA", "EA", "SU HK");
  /* Not obliged to beat: the low HK is as good as the EO. */
  assert_legal (BK_VOID_TRUMPFZWANG, "HK EO GA", "EA GO", "EO HK");
  assert_legal (BK_VOID_TRUMPFZWANG, "HO SU SA", "EA GU", "HO SU");
  assert_legal (BK_VOID_TRUMPFZWANG, "HK GA", "SA EO GU", "HK");
  /* Without a trump any card. */
  assert_legal (BK_VOID_TRUMPFZWANG, "GA GK SA", "EA", "GA GK SA");
  assert_legal (BK_VOID_TRUMPFZWANG, "GA GK SA", "EA GU", "GA GK SA");
}

/* spec B4.3 Überstechen: a trump that beats the trick if he has one, else any trump. */
static void
test_void_ueberstechen (void)
{
  /* An earlier player already trumped: only a higher trump. */
  assert_legal (BK_VOID_UEBERSTECHEN, "HO SU SA", "EA GU", "HO");
  assert_legal (BK_VOID_UEBERSTECHEN, "EO SU GA", "EA GU HO", "EO");
  assert_legal (BK_VOID_UEBERSTECHEN, "EO GO HK SA", "GA HU", "EO GO");
  /* Nobody trumped yet: every trump beats the plain card. */
  assert_legal (BK_VOID_UEBERSTECHEN, "HK SU GA", "EA", "SU HK");
  /* What beats is the trick's winner, not the led card. */
  assert_legal (BK_VOID_UEBERSTECHEN, "GU HA SK", "E10 EA SU", "GU");
  /* No trump beats: any trump, but still a trump. */
  assert_legal (BK_VOID_UEBERSTECHEN, "HA SU GK", "EA EO", "SU HA");
  assert_legal (BK_VOID_UEBERSTECHEN, "HK GA", "SA EO GU", "HK");
  /* Without a trump any card. */
  assert_legal (BK_VOID_UEBERSTECHEN, "GA GK SA", "EA", "GA GK SA");
  assert_legal (BK_VOID_UEBERSTECHEN, "GA GK SA", "EA GU", "GA GK SA");
}

/* spec B4.3 Frei: any card. */
static void
test_void_frei (void)
{
  assert_legal (BK_VOID_FREI, "HK SU GA", "EA", "SU HK GA");
  assert_legal (BK_VOID_FREI, "HO SU SA", "EA GU", "HO SU SA");
  assert_legal (BK_VOID_FREI, "GA GK SA", "EA", "GA GK SA");
}

/* spec B4.3: following suit never requires beating the trick. */
static void
test_void_follow_no_beat (void)
{
  assert_legal_all_rules ("EK EA", "E10", "EA EK");
  assert_legal_all_rules ("EK E10", "EA", "E10 EK");
  assert_legal_all_rules ("SK SA HU", "S10 GU", "SA SK");
}

/* spec B4.3: void in a trump lead frees every card, under every void rule. */
static void
test_void_trump_lead (void)
{
  assert_legal_all_rules ("EA GK SA", "HA", "EA GK SA");
  assert_legal_all_rules ("EA GK SA", "EO GU", "EA GK SA");
  assert_legal_all_rules ("E10 S10", "HK SU HA", "E10 S10");
}

/* spec B4.2, B4.3 in the long game: the nines follow like any plain card. */
static void
test_void_lang (void)
{
  assert_legal_full (BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG, "E9 EK H9 GA", "EA", "EK E9");
  assert_legal_full (BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG, "H9 GA G9", "S9", "H9");
  assert_legal_full (BK_VARIANT_LANG, BK_VOID_UEBERSTECHEN, "H9 EU GA", "S9 HK", "EU");
  assert_legal_full (BK_VARIANT_LANG, BK_VOID_FREI, "H9 GA G9", "S9", "H9 GA G9");
  assert_legal_full (BK_VARIANT_LANG, BK_VOID_TRUMPFZWANG, "E9 G9 HA", "H9", "HA");
}

/* ------------------------------------------------------------------------------------ */
/* spec B4.4 */

/* spec B4.4: the highest trump wins. */
static void
test_winner_trump (void)
{
  g_assert_cmpuint (winner_of ("EA HK GU S10"), ==, 2);
  g_assert_cmpuint (winner_of ("HK HA EU GO"), ==, 3);
  g_assert_cmpuint (winner_of ("EA GU HO E10"), ==, 2);
  g_assert_cmpuint (winner_of ("SU EA EO GO"), ==, 2);
  g_assert_cmpuint (winner_of ("GA G10 GK HK"), ==, 3);
  g_assert_cmpuint (winner_of ("HO"), ==, 0);
}

/* spec B4.4: without a trump the highest of the led suit; off-suit cards never win. */
static void
test_winner_plain (void)
{
  g_assert_cmpuint (winner_of ("GK SA EA S10"), ==, 0);
  g_assert_cmpuint (winner_of ("E10 EK EA GA"), ==, 2);
  g_assert_cmpuint (winner_of ("SK S10 SA EA"), ==, 2);
  g_assert_cmpuint (winner_of ("EK GA SA E10"), ==, 3);
  g_assert_cmpuint (winner_of ("S10 SK GA"), ==, 0);
}

/* spec B4.4, B1.4 in the long game: Sau > Zehn > König > Neun. */
static void
test_winner_lang (void)
{
  g_assert_cmpuint (winner_of ("E9 EK GA SA"), ==, 1);
  g_assert_cmpuint (winner_of ("G9 GA"), ==, 1);
  g_assert_cmpuint (winner_of ("GK G9"), ==, 0);
  g_assert_cmpuint (winner_of ("S9 EA GA E9"), ==, 0);
  g_assert_cmpuint (winner_of ("S9 S10 SK SA"), ==, 3);
  g_assert_cmpuint (winner_of ("EA E10 EK H9"), ==, 3);
  g_assert_cmpuint (winner_of ("H9 HK"), ==, 1);
}

/* spec B1.1, B4.4 */
static void
test_trick_points (void)
{
  g_assert_cmpuint (points_of ("EA GU HO E10"), ==, 26);
  g_assert_cmpuint (points_of ("EA E10 GA G10"), ==, 42);
  g_assert_cmpuint (points_of ("HK HO HU H10"), ==, 19);
  g_assert_cmpuint (points_of ("E9 G9 S9 H9"), ==, 0);
  g_assert_cmpuint (points_of ("SA"), ==, 11);
  g_assert_cmpuint (points_of (""), ==, 0);
}

/* ------------------------------------------------------------------------------------ */
/* bk_illegal_reason */

static const char *
reason_of (BkVoidRule  void_rule,
           const char *hand_text,
           const char *trick_text,
           const char *card_text)
{
  BkRules rules;
  BkTrick trick = trick_of (trick_text);

  rules_init (&rules, BK_VARIANT_KURZ, void_rule);
  return bk_illegal_reason (bierkopf (), &rules, hand_of (hand_text), &trick,
                            card_of (card_text));
}

/* spec B4.2, B4.3 */
static void
test_illegal_reason (void)
{
  /* Legal cards have no reason. */
  g_assert_null (reason_of (BK_VOID_TRUMPFZWANG, "EO GK", "HA", "EO"));
  g_assert_null (reason_of (BK_VOID_TRUMPFZWANG, "EO GK", "", "GK"));
  g_assert_null (reason_of (BK_VOID_FREI, "SU GA", "EA", "GA"));
  g_assert_null (reason_of (BK_VOID_UEBERSTECHEN, "HO SU SA", "EA GU", "HO"));

  g_assert_cmpstr (reason_of (BK_VOID_TRUMPFZWANG, "EO GK", "HA", "GK"), ==,
                   "You must follow with a trump");
  g_assert_cmpstr (reason_of (BK_VOID_FREI, "EO GK", "GU", "GK"), ==,
                   "You must follow with a trump");
  g_assert_cmpstr (reason_of (BK_VOID_TRUMPFZWANG, "EK GA", "EA", "GA"), ==,
                   "You must follow suit with Acorns");
  g_assert_cmpstr (reason_of (BK_VOID_FREI, "EO GK SA", "G10", "EO"), ==,
                   "You must follow suit with Leaves");
  g_assert_cmpstr (reason_of (BK_VOID_TRUMPFZWANG, "SK HA", "S10", "HA"), ==,
                   "You must follow suit with Bells");
  g_assert_cmpstr (reason_of (BK_VOID_TRUMPFZWANG, "SU GA", "EA", "GA"), ==,
                   "You cannot follow suit, so you must play a trump");
  g_assert_cmpstr (reason_of (BK_VOID_UEBERSTECHEN, "HO SU SA", "EA GU", "SU"), ==,
                   "You must beat the trick with a higher trump");
  g_assert_cmpstr (reason_of (BK_VOID_UEBERSTECHEN, "HO SU SA", "EA GU", "SA"), ==,
                   "You cannot follow suit, so you must play a trump");

  /* Not in hand, legal or not. */
  g_assert_cmpstr (reason_of (BK_VOID_TRUMPFZWANG, "EO GK", "HA", "GO"), ==,
                   "You do not hold that card");
  g_assert_cmpstr (reason_of (BK_VOID_FREI, "EO GK", "", "SA"), ==,
                   "You do not hold that card");
}

/* ------------------------------------------------------------------------------------ */
/* Sanity over random positions */

/* A small LCG, so that the positions do not depend on the test runner's seed. */
static guint32
lcg_next (guint64 *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (guint32) (*state >> 33);
}

/* spec B4.2, B4.3: the legal set is never empty, lies in the hand, agrees with
 * bk_illegal_reason() and follows the rules' structure. */
static void
check_random_positions (BkVariant variant)
{
  const BkGameRules *game = bierkopf ();
  BkRules rules[3];
  BkCard deck[BK_N_CARDS];
  guint n_deck = 0;
  guint64 lcg = 20240601 + variant;
  guint hand_size;

  for (guint v = 0; v < 3; v++)
    rules_init (&rules[v], variant, (BkVoidRule) v);
  hand_size = bk_rules_hand_size (&rules[0]);
  for (BkHand all = game->deck (&rules[0]); all; all &= all - 1)
    deck[n_deck++] = bk_hand_first (all);

  for (guint iter = 0; iter < 20000; iter++)
    {
      BkHand hand = 0, legal[3];
      BkTrick trick = { { 0 }, 0, 0 };
      guint size = 1 + lcg_next (&lcg) % hand_size;
      guint in_trick = lcg_next (&lcg) % BK_N_SEATS;

      /* Fisher-Yates over the first size + in_trick cards. */
      for (guint i = 0; i < size + in_trick; i++)
        {
          guint j = i + lcg_next (&lcg) % (n_deck - i);
          BkCard swap = deck[i];

          deck[i] = deck[j];
          deck[j] = swap;
        }
      for (guint i = 0; i < size; i++)
        hand |= BK_HAND_BIT (deck[i]);
      for (guint i = 0; i < in_trick; i++)
        trick.cards[trick.n++] = deck[size + i];

      for (guint v = 0; v < 3; v++)
        {
          legal[v] = bk_legal_moves (game, &rules[v], hand, &trick);
          if (legal[v] == 0 || (legal[v] & ~hand) != 0)
            {
              g_autofree char *h = bk_hand_to_string (game, hand);
              g_autofree char *t = bk_card_list_to_string (trick.cards, trick.n);
              g_test_message ("hand “%s”, trick “%s”, void rule %u", h, t, v);
            }
          g_assert_cmpuint (legal[v], !=, 0);
          g_assert_cmpuint (legal[v] & ~hand, ==, 0);

          /* The reason agrees with the legal set, card by card. */
          for (BkHand rest = hand; rest; rest &= rest - 1)
            {
              BkCard card = bk_hand_first (rest);
              const char *reason = bk_illegal_reason (game, &rules[v], hand, &trick, card);

              g_assert_cmpint (reason == NULL, ==, bk_hand_has (legal[v], card));
            }
        }

      /* Überstechen is stricter than Trumpfzwang, which is stricter than Frei. */
      g_assert_cmpuint (legal[BK_VOID_UEBERSTECHEN] & ~legal[BK_VOID_TRUMPFZWANG], ==, 0);
      g_assert_cmpuint (legal[BK_VOID_TRUMPFZWANG] & ~legal[BK_VOID_FREI], ==, 0);

      if (trick.n == 0)
        {
          for (guint v = 0; v < 3; v++)
            g_assert_cmpuint (legal[v], ==, hand);
        }
      else
        {
          BkHand follow = hand & game->group_cards[game->group[trick.cards[0]]];
          BkHand trumps = hand & game->group_cards[BK_GROUP_TRUMP];

          if (follow)
            for (guint v = 0; v < 3; v++)
              g_assert_cmpuint (legal[v], ==, follow); /* spec B4.2 */
          else if (trumps == 0 || bk_card_is_trump (game, trick.cards[0]))
            for (guint v = 0; v < 3; v++)
              g_assert_cmpuint (legal[v], ==, hand); /* spec B4.3 */
          else
            {
              g_assert_cmpuint (legal[BK_VOID_TRUMPFZWANG], ==, trumps);
              g_assert_cmpuint (legal[BK_VOID_FREI], ==, hand);
            }
        }
    }
}

/* spec B4.2, B4.3 */
static void
test_random_positions_kurz (void)
{
  check_random_positions (BK_VARIANT_KURZ);
}

/* spec B4.2, B4.3, B1.2 */
static void
test_random_positions_lang (void)
{
  check_random_positions (BK_VARIANT_LANG);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/B1.1/card-points", test_card_points);
  g_test_add_func ("/rules/B1.2/deck/kurz", test_deck_kurz);
  g_test_add_func ("/rules/B1.2/deck/lang", test_deck_lang);
  g_test_add_func ("/rules/B1.3/trump-order", test_trump_order);
  g_test_add_func ("/rules/B1.3/trump-count", test_trump_count);
  g_test_add_func ("/rules/B1.4/trumps-and-plain-suits", test_trumps_and_plain_suits);

  g_test_add_func ("/rules/notation/parse-print", test_notation_parse_print);
  g_test_add_func ("/rules/notation/list", test_notation_list);
  g_test_add_func ("/rules/notation/errors", test_notation_errors);
  g_test_add_func ("/rules/notation/sort-order", test_notation_sort_order);

  g_test_add_func ("/rules/B4.2/farbzwang/plain-suit", test_farbzwang_plain);
  g_test_add_func ("/rules/B4.2/farbzwang/trump-led", test_farbzwang_trump_led);
  g_test_add_func ("/rules/B4.2/farbzwang/ober-unter", test_farbzwang_ober_unter);

  g_test_add_func ("/rules/B4.3/trumpfzwang", test_void_trumpfzwang);
  g_test_add_func ("/rules/B4.3/ueberstechen", test_void_ueberstechen);
  g_test_add_func ("/rules/B4.3/frei", test_void_frei);
  g_test_add_func ("/rules/B4.3/follow-never-beats", test_void_follow_no_beat);
  g_test_add_func ("/rules/B4.3/void-in-trump-lead", test_void_trump_lead);
  g_test_add_func ("/rules/B4.3/lang", test_void_lang);

  g_test_add_func ("/rules/B4.4/winner/trump", test_winner_trump);
  g_test_add_func ("/rules/B4.4/winner/plain", test_winner_plain);
  g_test_add_func ("/rules/B4.4/winner/lang", test_winner_lang);
  g_test_add_func ("/rules/B4.4/trick-points", test_trick_points);

  g_test_add_func ("/rules/B4.3/illegal-reason", test_illegal_reason);

  g_test_add_func ("/rules/B4.3/random-positions/kurz", test_random_positions_kurz);
  g_test_add_func ("/rules/B4.3/random-positions/lang", test_random_positions_lang);

  return g_test_run ();
}
