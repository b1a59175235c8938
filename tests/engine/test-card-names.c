/* test-card-names.c: what a person reads names the cards as the deck shows them, in the
 * language of the translation built in this tree (issue 12, "Names instead of codes").
 *
 * Run twice by meson: with LANGUAGE=en and with LANGUAGE=de (LANG=C.UTF-8 and
 * BIERKOPF_LOCALEDIR pointing at the built .mo).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "bk-card.h"
#include "bk-error.h"
#include "bk-game-rules.h"
#include "bk-hand-state.h"
#include "bk-rules.h"

static gboolean german;

/* A card code of notation.md standing alone: "HO", "G10". */
static GRegex *code_pattern;

static BkCard
card_of (const char *text)
{
  BkCard card = BK_CARD_NONE;

  g_assert_true (bk_card_parse (text, &card, NULL));
  return card;
}

static void
assert_no_code (const char *text)
{
  g_assert_nonnull (text);
  if (g_regex_match (code_pattern, text, 0, NULL))
    g_error ("A card code in “%s”", text);
}

static void
assert_name (const char  *code,
             BkDeckStyle  style,
             const char  *english,
             const char  *deutsch)
{
  g_autofree char *name = bk_card_display_name_for (card_of (code), style);

  g_assert_cmpstr (name, ==, german ? deutsch : english);
}

/* Every card in both decks has a name of its own, and none is a code. */
static void
test_names_distinct (void)
{
  for (BkDeckStyle style = 0; style < BK_N_DECK_STYLES; style++)
    {
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (BkCard card = 0; card < BK_N_CARDS; card++)
        {
          char *name = bk_card_display_name_for (card, style);

          assert_no_code (name);
          g_assert_false (g_hash_table_contains (seen, name));
          g_hash_table_add (seen, name);
        }
    }
}

static void
test_names_bavarian (void)
{
  assert_name ("HO", BK_DECK_BAVARIAN, "Ober of Hearts", "Herz-Ober");
  assert_name ("EA", BK_DECK_BAVARIAN, "Sow of Acorns", "Eichel-Sau");
  assert_name ("G10", BK_DECK_BAVARIAN, "Ten of Leaves", "Gras-Zehn");
  assert_name ("SU", BK_DECK_BAVARIAN, "Unter of Bells", "Schellen-Unter");
  assert_name ("EK", BK_DECK_BAVARIAN, "King of Acorns", "Eichel-König");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_EICHEL, BK_DECK_BAVARIAN), ==,
                   german ? "Eichel" : "Acorns");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_GRAS, BK_DECK_BAVARIAN), ==,
                   german ? "Gras" : "Leaves");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_SCHELLEN, BK_DECK_BAVARIAN), ==,
                   german ? "Schellen" : "Bells");
}

/* notation.md: E is clubs, G spades, H hearts, S diamonds; A the Ace, O the Queen, U the
 * Jack. */
static void
test_names_french (void)
{
  assert_name ("HO", BK_DECK_FRENCH, "Queen of Hearts", "Herz-Dame");
  assert_name ("EU", BK_DECK_FRENCH, "Jack of Clubs", "Kreuz-Bube");
  assert_name ("GA", BK_DECK_FRENCH, "Ace of Spades", "Pik-Ass");
  assert_name ("S10", BK_DECK_FRENCH, "Ten of Diamonds", "Karo-Zehn");
  assert_name ("SK", BK_DECK_FRENCH, "King of Diamonds", "Karo-König");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_EICHEL, BK_DECK_FRENCH), ==,
                   german ? "Kreuz" : "Clubs");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_GRAS, BK_DECK_FRENCH), ==,
                   german ? "Pik" : "Spades");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_HERZ, BK_DECK_FRENCH), ==,
                   german ? "Herz" : "Hearts");
  g_assert_cmpstr (bk_suit_display_name (BK_SUIT_SCHELLEN, BK_DECK_FRENCH), ==,
                   german ? "Karo" : "Diamonds");
}

/* bk_card_display_name() follows the deck set for the process. */
static void
test_display_style (void)
{
  g_autofree char *bavarian = NULL;
  g_autofree char *french = NULL;

  g_assert_cmpint (bk_card_get_display_style (), ==, BK_DECK_BAVARIAN);
  bavarian = bk_card_display_name (card_of ("EO"));
  bk_card_set_display_style (BK_DECK_FRENCH);
  french = bk_card_display_name (card_of ("EO"));
  bk_card_set_display_style (BK_DECK_BAVARIAN);

  g_assert_cmpstr (bavarian, ==, german ? "Eichel-Ober" : "Ober of Acorns");
  g_assert_cmpstr (french, ==, german ? "Kreuz-Dame" : "Queen of Clubs");
}

static gboolean
play (BkHandState  *state,
      BkSeat        seat,
      const char   *card,
      gboolean      apply,
      GError      **error)
{
  BkAction action = bk_action_make (BK_ACTION_PLAY, seat, card_of (card));

  return apply ? bk_hand_state_apply (state, &action, error)
               : bk_hand_state_check (state, &action, error);
}

static const char *
reason_of (BkDeckStyle  style,
           const char  *hand,
           const char  *led,
           const char  *card)
{
  BkRules rules;
  BkTrick trick = { .n = 1, .leader = 0 };
  BkHand cards = 0;

  bk_rules_init_default (&rules);
  trick.cards[0] = card_of (led);
  g_assert_true (bk_hand_parse (hand, &cards, NULL));
  return bk_illegal_reason_for (bk_game_rules_get (BK_GAME_BIERKOPF), &rules, cards, &trick,
                                card_of (card), style);
}

/* spec B4.2: the reason names the led suit as the deck shows it. */
static void
test_reasons (void)
{
  static const struct {
    const char *hand, *led, *card;
    const char *bavarian_en, *bavarian_de, *french_en, *french_de;
  } cases[] = {
    { "EK GA", "EA", "GA", "You must follow suit with Acorns", "Du musst Eichel bedienen",
      "You must follow suit with Clubs", "Du musst Kreuz bedienen" },
    { "EO GK SA", "G10", "EO", "You must follow suit with Leaves", "Du musst Gras bedienen",
      "You must follow suit with Spades", "Du musst Pik bedienen" },
    { "SK HA", "S10", "HA", "You must follow suit with Bells", "Du musst Schellen bedienen",
      "You must follow suit with Diamonds", "Du musst Karo bedienen" },
    { "EO GK", "HA", "GK", "You must follow with a trump", "Du musst Trumpf zugeben",
      "You must follow with a trump", "Du musst Trumpf zugeben" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *bavarian = reason_of (BK_DECK_BAVARIAN, cases[i].hand, cases[i].led,
                                        cases[i].card);
      const char *french = reason_of (BK_DECK_FRENCH, cases[i].hand, cases[i].led,
                                      cases[i].card);

      g_assert_cmpstr (bavarian, ==, german ? cases[i].bavarian_de : cases[i].bavarian_en);
      g_assert_cmpstr (french, ==, german ? cases[i].french_de : cases[i].french_en);
    }
}

/* The engine's error for an illegal card reaches a person as a toast: names, no codes. */
static void
test_play_error (void)
{
  BkHandState state;
  BkRules rules;
  BkHand hands[BK_N_SEATS] = { 0 };
  g_autoptr (GError) not_held = NULL;
  g_autoptr (GError) bavarian = NULL;
  g_autoptr (GError) french = NULL;

  bk_rules_init_default (&rules);
  g_assert_true (bk_hand_parse ("EO GO HO SO EU", &hands[BK_SEAT_S], NULL));
  g_assert_true (bk_hand_parse ("G10 GK SA S10 SK", &hands[BK_SEAT_W], NULL));
  g_assert_true (bk_hand_parse ("GU HU SU HA E10", &hands[BK_SEAT_N], NULL));
  g_assert_true (bk_hand_parse ("HK EA H10 EK GA", &hands[BK_SEAT_E], NULL));
  bk_hand_state_init (&state, &rules, BK_SEAT_E, hands, 21, 21);
  g_assert_cmpint (bk_hand_state_vorhand (&state), ==, BK_SEAT_S);
  /* Straight to the cards: the bidding is not what this test is about. */
  state.step = BK_STEP_PLAY;
  state.to_act = BK_SEAT_S;

  /* South leads a trump; West holds none and may play anything (B4.3). */
  g_assert_true (play (&state, BK_SEAT_S, "EO", TRUE, NULL));
  g_assert_true (play (&state, BK_SEAT_W, "SA", TRUE, NULL));

  g_assert_false (play (&state, BK_SEAT_N, "EA", FALSE, &not_held));
  g_assert_error (not_held, BK_ERROR, BK_ERROR_NOT_IN_HAND);
  assert_no_code (not_held->message);
  g_assert_nonnull (strstr (not_held->message, german ? "Eichel-Sau" : "Sow of Acorns"));

  /* North holds trumps and must follow with one (B4.2). */
  g_assert_false (play (&state, BK_SEAT_N, "E10", FALSE, &bavarian));
  bk_card_set_display_style (BK_DECK_FRENCH);
  g_assert_false (play (&state, BK_SEAT_N, "E10", FALSE, &french));
  bk_card_set_display_style (BK_DECK_BAVARIAN);

  g_assert_error (bavarian, BK_ERROR, BK_ERROR_ILLEGAL_CARD);
  g_assert_error (french, BK_ERROR, BK_ERROR_ILLEGAL_CARD);
  assert_no_code (bavarian->message);
  assert_no_code (french->message);
  g_assert_cmpstr (bavarian->message, ==,
                   german ? "Eichel-Zehn ist nicht erlaubt: Du musst Trumpf zugeben"
                          : "Ten of Acorns is not allowed: You must follow with a trump");
  g_assert_cmpstr (french->message, ==,
                   german ? "Kreuz-Zehn ist nicht erlaubt: Du musst Trumpf zugeben"
                          : "Ten of Clubs is not allowed: You must follow with a trump");
}

int
main (int    argc,
      char **argv)
{
  const char *language = g_getenv ("LANGUAGE");

  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  german = language && g_str_has_prefix (language, "de");
  code_pattern = g_regex_new ("\\b[EGHS](A|10|K|O|U|9|8|7|6)\\b", G_REGEX_OPTIMIZE, 0, NULL);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/card-names/distinct", test_names_distinct);
  g_test_add_func ("/card-names/bavarian", test_names_bavarian);
  g_test_add_func ("/card-names/french", test_names_french);
  g_test_add_func ("/card-names/display-style", test_display_style);
  g_test_add_func ("/card-names/reasons", test_reasons);
  g_test_add_func ("/card-names/play-error", test_play_error);
  return g_test_run ();
}
