/* test-record.c: the game record and the save file (notation.md "Game record"): round
 * trips, implicit passes, and every kind of bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "bk-bierkopf-game.h"
#include "bk-computer-turn.h"
#include "bk-game.h"
#include "bk-levels.h"
#include "bk-random-strategy.h"
#include "bk-record.h"
#include "bk-rng.h"
#include "test-helpers.h"

/* dealer S: West is Vorhand. West-East hold the ten top trumps. */
static const char *valid_record =
  "game bierkopf\n"
  "variant kurz\n"
  "void trumpfzwang\n"
  "scoring lines\n"
  "dealer S\n"
  "hand W EO GO HO SO EU        # the cards dealt\n"
  "hand N G10 GK SA S10 SK\n"
  "hand E GU HU SU HA H10\n"
  "hand S HK EA E10 EK GA\n"
  "talk W gut\n"
  "talk E gut\n"
  "double W\n"
  "play W SO\n"
  "play N SK\n"
  "double S                     # Retour\n"
  "play E H10\n"
  "play S HK\n"
  "play W EO\n" "play N G10\n" "play E GU\n" "play S EA\n"
  "play W EU\n" "play N GK\n" "play E HA\n" "play S E10\n"
  "play W GO\n" "play N SA\n" "play E HU\n" "play S EK\n"
  "play W HO\n" "play N S10\n" "play E SU\n" "play S GA\n";

static BkGame *
replay (const char  *text,
        GError     **error)
{
  return bk_record_replay (text, NULL, NULL, NULL, error);
}

static void
test_replay_valid (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = replay (valid_record, &error);
  const BkHandResult *r;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
  r = bk_bierkopf_game_get_last_result (game);
  g_assert_cmpuint (r->points[BK_TEAM_WE], ==, 120);
  g_assert_cmpuint (r->multiplier, ==, 4);
  g_assert_cmpuint (r->lines, ==, 12);
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (game, BK_TEAM_WE), ==, 9);
}

/* notation.md: a double or pass for a seat means the seats before it passed; the first
 * play means everyone still to speak passed. */
static void
test_implicit_passes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (BkGame) game = NULL;
  const char *deal = strstr (valid_record, "dealer S");
  const char *plays = strstr (valid_record, "play W SO");

  /* Hinterhand (East) doubles: West and North passed. */
  g_string_append_len (text, deal, strstr (deal, "talk W") - deal);
  g_string_append (text, "double E\n");
  g_string_append (text, "play W SO\nplay N SK\nplay E H10\nplay S HK\n");
  game = replay (text->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 2);
  g_assert_cmpuint (bk_bierkopf_game_get_state (game)->tricks_done, ==, 1);
  g_clear_object (&game);

  /* Straight to play: all passed, the honour code was said. */
  g_string_truncate (text, 0);
  g_string_append_len (text, deal, strstr (deal, "talk W") - deal);
  g_string_append (text, plays);
  g_string_truncate (text, text->len - strlen (strstr (plays, "double S")));
  game = replay (text->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (game), ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_state (game)->words[BK_SEAT_S], ==, BK_WORD_HONOUR);
  g_clear_object (&game);

  /* A seat that already passed cannot double later. */
  g_string_truncate (text, 0);
  g_string_append_len (text, deal, strstr (deal, "talk W") - deal);
  g_string_append (text, "double N\ndouble W\n");
  game = replay (text->str, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "Line 7 "));
}

static BkGame *
random_session (guint64 seed)
{
  BkRules rules;
  BkGame *game;

  bk_rules_init_default (&rules);
  rules.bierkopf.void_rule = BK_VOID_UEBERSTECHEN;
  rules.bierkopf.retour_window = BK_RETOUR_WHOLE_HAND;
  game = bk_game_new (&rules, seed);
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();
      bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (random));
    }
  return game;
}

static void
add_random_players (BkGame *game)
{
  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_autoptr (BkRandomStrategy) random = bk_random_strategy_new ();
      bk_game_set_strategy (game, (BkSeat) s, BK_STRATEGY (random));
    }
}

static void
assert_same_game (BkGame *a,
                  BkGame *b)
{
  g_autofree char *record_a = bk_game_to_record (a);
  g_autofree char *record_b = bk_game_to_record (b);

  g_assert_cmpstr (record_a, ==, record_b);
  g_assert_cmpint (bk_game_get_phase (a), ==, bk_game_get_phase (b));
  g_assert_cmpuint (bk_game_get_to_act (a), ==, bk_game_get_to_act (b));
  g_assert_cmpuint (bk_game_get_dealer (a), ==, bk_game_get_dealer (b));
  g_assert_cmpuint (bk_bierkopf_game_get_multiplier (a), ==, bk_bierkopf_game_get_multiplier (b));
  g_assert_cmpuint (bk_bierkopf_game_get_carry (a), ==, bk_bierkopf_game_get_carry (b));
  g_assert_cmpuint (bk_game_get_hand_number (a), ==, bk_game_get_hand_number (b));
  for (BkTeam t = BK_TEAM_SN; t < BK_N_TEAMS; t++)
    {
      g_assert_cmpuint (bk_bierkopf_game_get_lines_left (a, t), ==, bk_bierkopf_game_get_lines_left (b, t));
      g_assert_cmpuint (bk_bierkopf_game_get_dots (a, t), ==, bk_bierkopf_game_get_dots (b, t));
    }
  g_assert_true (memcmp (bk_bierkopf_game_get_state (a), bk_bierkopf_game_get_state (b),
                         sizeof (BkHandState)) == 0);
}

/* play → save → load → identical state and identical continuation. */
static void
test_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (BkGame) game = random_session (seed);
      g_autoptr (BkGame) loaded = NULL;
      g_autoptr (GError) error = NULL;
      guint hands = 3 + seed % 5, steps = seed * 3;

      for (guint h = 0; h < hands; h++)
        {
          g_assert_true (bk_game_next_hand (game, &error));
          bk_game_run (game);
        }
      /* Stop somewhere in the middle of a hand. */
      g_assert_true (bk_game_next_hand (game, &error));
      for (guint i = 0; i < steps % 20 && bk_game_step (game); i++)
        ;

      g_assert_true (bk_game_save (game, path, &error));
      g_assert_no_error (error);
      loaded = bk_game_load (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      assert_same_game (game, loaded);

      add_random_players (loaded);
      for (guint h = 0; h < 5; h++)
        {
          bk_game_run (game);
          bk_game_run (loaded);
          assert_same_game (game, loaded);
          g_assert_true (bk_game_next_hand (game, &error));
          g_assert_true (bk_game_next_hand (loaded, &error));
        }
      assert_same_game (game, loaded);
    }

  g_remove (path);
  g_rmdir (dir);
}

typedef struct {
  const char *name;
  const char *find;     /* a line of the valid record … */
  const char *replace;  /* … replaced by this */
  guint       line;     /* the line the error must name */
} BadCase;

static const BadCase bad_cases[] = {
  { "unknown-card", "hand N G10 GK SA S10 SK", "hand N G10 GK SA S10 XX", 7 },
  { "duplicate-card", "hand N G10 GK SA S10 SK", "hand N G10 GK SA S10 EO", 7 },
  { "card-twice-in-hand", "hand N G10 GK SA S10 SK", "hand N G10 G10 SA S10 SK", 7 },
  { "wrong-seat", "play N SK", "play E H10", 14 },
  { "card-not-held", "play N SK", "play N EO", 14 },
  { "illegal-card", "play S HK", "play S EA", 17 },
  { "illegal-double", "double S ", "double E ", 15 },
  { "double-out-of-window", "play S HK\n", "play S HK\ndouble E\n", 18 },
  { "bad-word", "talk E gut", "talk E helfen", 11 },
  { "unknown-keyword", "talk E gut", "shout E gut", 11 },
  { "missing-hand", "hand S HK EA E10 EK GA\n", "", 9 },
  { "talk-out-of-order", "talk W gut\ntalk E gut", "talk E gut\ntalk W gut", 10 },
  { "bad-seat", "play W SO", "play X SO", 13 },
};

static void
test_bad_record (gconstpointer data)
{
  const BadCase *bad = data;
  g_autoptr (GString) text = g_string_new (valid_record);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = NULL;
  g_autofree char *where = g_strdup_printf ("Line %u ", bad->line);
  const char *at = strstr (text->str, bad->find);

  g_assert_nonnull (at);
  {
    gsize pos = at - text->str;
    g_string_erase (text, pos, strlen (bad->find));
    g_string_insert (text, pos, bad->replace);
  }

  game = replay (text->str, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s: %s", bad->name, error->message);
  g_assert_nonnull (strstr (error->message, where));
}

/* Any prefix of a valid record either loads or fails with an error; random bytes never
 * crash the reader. */
static void
test_truncated_and_garbage (void)
{
  gsize len = strlen (valid_record);
  BkRng rng;

  for (gsize cut = 0; cut <= len; cut++)
    {
      g_autofree char *prefix = g_strndup (valid_record, cut);
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = replay (prefix, &error);

      g_assert_true ((game == NULL) != (error == NULL));
    }

  bk_rng_init (&rng, 3, 3);
  for (guint i = 0; i < 2000; i++)
    {
      char garbage[200];
      gsize n = 1 + bk_rng_below (&rng, sizeof garbage - 1);
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = NULL;

      for (gsize k = 0; k < n; k++)
        {
          /* Mostly record-like words, sometimes any byte. */
          static const char alphabet[] = "play hand dealer talk double pass WNSE EOGUHAK10\n #";
          garbage[k] = bk_rng_below (&rng, 8) == 0 ? (char) (1 + bk_rng_below (&rng, 255))
                                                    : alphabet[bk_rng_below (&rng, sizeof alphabet - 1)];
        }
      garbage[n] = '\0';
      game = replay (garbage, &error);
      g_assert_true ((game == NULL) != (error == NULL));
    }
}

/* A save whose state line does not match its moves is refused, as is a newer format. */
static void
test_corrupt_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (BkGame) game = random_session (5);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tampered = NULL;
  g_autoptr (BkGame) loaded = NULL;
  char *at;

  g_assert_true (bk_game_next_hand (game, &error));
  bk_game_run (game);
  g_assert_true (bk_game_save (game, path, &error));
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));

  at = strstr (text, "state lines ");
  g_assert_nonnull (at);
  tampered = g_strdup (text);
  memcpy (tampered + (at - text), "state lines 9", strlen ("state lines 9"));
  loaded = replay (tampered, &error);
  g_assert_null (loaded);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_clear_error (&error);

  g_free (tampered);
  tampered = g_strdup (text);
  at = strstr (tampered, "format 2");
  g_assert_nonnull (at);
  at[7] = '7';
  loaded = replay (tampered, &error);
  g_assert_null (loaded);
  g_assert_error (error, BK_ERROR, BK_ERROR_NEWER_FORMAT);
  g_clear_error (&error);

  loaded = bk_game_load ("/nonexistent/bierkopf.save", &error);
  g_assert_null (loaded);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);

  g_remove (path);
  g_rmdir (dir);
}


/* A save of format 1 (before the state line pinned the rest), in the middle of the first
 * trick of hand 1: it still loads, and in the same step. */
static const char *format_1_save =
  "# Bierkopf game record\n"
  "format 1\n"
  "state lines 21 21 dots 0 0 carry 0 hands 1 phase 2\n"
  "seed 11\n"
  "game bierkopf\n" "variant kurz\n" "rule packets 3-2\n" "rule new-seats off\n"
  "rule dealer-double off\n" "rule retour whole-hand\n" "void trumpfzwang\n"
  "rule tricks own-and-last\n" "scoring lines\n" "rule schwarz tricks\n"
  "rule carry accumulate\n" "rule lines 21\n"
  "seating N H10 EO SK G10 S10 SO GA HO HK EA\n"
  "dealer S\n"
  "hand W GO HO SO EU G10\n" "hand N GU EA E10 EK SK\n"
  "hand E HU HK GA SA S10\n" "hand S EO SU HA H10 GK\n"
  "talk W mittel\n" "talk E gut\n" "pass W\n" "talk N helfen\n" "talk S nicht-helfen\n"
  "pass N\n" "pass E\n"
  "play W G10\n" "play N GU\n";

static void
test_format_1_save (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = replay (format_1_save, &error);
  g_autoptr (BkGame) again = NULL;
  g_autofree char *save = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_PLAYING);
  g_assert_cmpuint (bk_game_get_to_act (game), ==, BK_SEAT_E);
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 1);

  /* Saved again, it is format 2, and reloads to the same game. */
  save = bk_game_to_save_text (game);
  g_assert_nonnull (strstr (save, "\nformat 2\nstate lines 21 21 dots 0 0 carry 0 hands 1 "
                                  "phase 2 rest "));
  again = replay (save, &error);
  g_assert_no_error (error);
  assert_same_game (game, again);
}

/* The save text of a session in the middle of a hand after a few hands. */
static char *
save_text_mid_hand (guint64 seed)
{
  g_autoptr (BkGame) game = random_session (seed);
  g_autoptr (GError) error = NULL;

  for (guint h = 0; h < 2; h++)
    {
      g_assert_true (bk_game_next_hand (game, &error));
      bk_game_run (game);
    }
  g_assert_true (bk_game_next_hand (game, &error));
  for (guint i = 0; i < 7 && bk_game_step (game); i++)
    ;
  g_assert_cmpint (bk_game_get_phase (game), !=, BK_PHASE_HAND_OVER);
  return bk_game_to_save_text (game);
}

/* Issue 10 (7): a save cut at any line boundary after its state line is refused, and so
 * is a save with one line changed, dropped or added; the whole save loads. */
static void
test_cut_save (void)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      g_autofree char *text = save_text_mid_hand (seed);
      const char *rest = strstr (text, "\nseed ");
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) whole = replay (text, &error);
      guint cuts = 0;

      g_assert_no_error (error);
      g_assert_nonnull (whole);
      g_assert_nonnull (rest);
      for (const char *at = rest + 1; *at; at++)
        if (at[-1] == '\n')
          {
            g_autofree char *cut = g_strndup (text, at - text);
            g_autoptr (BkGame) game = replay (cut, &error);

            g_assert_null (game);
            g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
            g_clear_error (&error);
            cuts++;
          }
      g_assert_cmpuint (cuts, >, 20);

      /* The last move swapped for another legal one would replay fine: the pin catches
       * it. Here: a comment and blank lines are free, an extra blank-separated word is not. */
      {
        g_autofree char *commented = g_strconcat (text, "\n# a note\n\n", NULL);
        g_autoptr (BkGame) game = replay (commented, &error);

        g_assert_no_error (error);
        g_assert_nonnull (game);
      }
      {
        g_autoptr (GString) changed = g_string_new (text);
        g_autoptr (BkGame) game = NULL;

        g_string_replace (changed, "\nrule lines 21\n", "\nrule lines 21\nrule lines 21\n", 1);
        game = replay (changed->str, &error);
        g_assert_null (game);
        g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
        g_clear_error (&error);
      }
    }
}

/* Issue 10 (6): a NUL byte anywhere, a zero-filled file, an empty or blank record: damaged. */
static void
test_nul_and_empty (void)
{
  static const char with_nul[] = "game bierkopf\0garbage\n";
  static const char * const empty[] = { "", "\n", "   \n\t\n\n", "# only a comment\n" };
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autofree char *zeros = g_malloc0 (4096);
  g_autoptr (GError) error = NULL;
  BkGame *game;

  game = bk_record_replay_data (with_nul, sizeof with_nul - 1, NULL, NULL, NULL, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, with_nul, sizeof with_nul - 1, &error));
  game = bk_game_load (path, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, zeros, 4096, &error));
  game = bk_game_load (path, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    {
      game = replay (empty[i], &error);
      g_assert_null (game);
      g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
      g_clear_error (&error);

      g_assert_true (g_file_set_contents (path, empty[i], -1, &error));
      game = bk_game_load (path, &error);
      g_assert_null (game);
      g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
      g_clear_error (&error);
    }

  g_remove (path);
  g_rmdir (dir);
}

/* Issue 10 (8): a newer format is BK_ERROR_NEWER_FORMAT, saying so, from text and from a
 * file; the file is left alone. */
static void
test_newer_format (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autofree char *text = save_text_mid_hand (3);
  g_autoptr (GString) newer = g_string_new (text);
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;
  BkGame *game;

  g_assert_cmpuint (g_string_replace (newer, "\nformat 2\n", "\nformat 3\n", 1), ==, 1);
  /* A newer format may write lines we cannot read: it is still "newer", not "damaged". */
  g_string_append (newer, "something new 1 2 3\n");
  game = replay (newer->str, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_NEWER_FORMAT);
  g_assert_nonnull (strstr (error->message, "newer version"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, newer->str, -1, &error));
  game = bk_game_load (path, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_NEWER_FORMAT);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, &error));
  g_assert_cmpstr (after, ==, newer->str);

  game = replay ("format 99999999999999999999999\n", &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_NEWER_FORMAT);
  g_clear_error (&error);

  game = replay ("format two\n", &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);

  g_remove (path);
  g_rmdir (dir);
}

/* Issue 10 (4): a file beyond BK_RECORD_MAX_SIZE is refused before it is read, at once. */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bierkopf-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.bierkopf", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GTimer) timer = NULL;
  BkGame *game;
  int fd;

  /* 100 MB of nothing, sparse on disk. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1000 * 1000), ==, 0);
  g_assert_true (g_close (fd, NULL));

  timer = g_timer_new ();
  game = bk_game_load (path, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_TOO_LARGE);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 0.5);
  g_clear_error (&error);

  /* Just over the cap, as text. */
  text = g_malloc (BK_RECORD_MAX_SIZE + 2);
  memset (text, '\n', BK_RECORD_MAX_SIZE + 1);
  text[BK_RECORD_MAX_SIZE + 1] = '\0';
  g_timer_start (timer);
  game = replay (text, &error);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_TOO_LARGE);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 0.5);
  g_clear_error (&error);

  g_remove (path);
  g_rmdir (dir);
}

/* Issue 10 (4): 15 MiB of newlines, below the cap, is read in linear time and is empty. */
static void
test_many_newlines (void)
{
  gsize size = 15 * 1024 * 1024;
  g_autofree char *text = g_malloc (size + 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTimer) timer = NULL;
  BkGame *game;
  double seconds;

  memset (text, '\n', size);
  text[size] = '\0';
  timer = g_timer_new ();
  game = replay (text, &error);
  seconds = g_timer_elapsed (timer, NULL);
  g_test_message ("15 MiB of newlines read in %.3f s", seconds);
  g_assert_null (game);
  g_assert_error (error, BK_ERROR, BK_ERROR_RECORD);
  /* Quick in a plain build (about 0.1 s); generous for sanitizers and a loaded machine. */
  g_assert_cmpfloat (seconds, <, 10.0);
}

/* Issue 10 (3): a deal with a bit that is no card (≥ 36) is refused with an error,
 * not an assertion in bk_card_to_string (spec B1.2: the pack). */
static void
test_deal_foreign_bit (void)
{
  BkRules rules;
  BkHand hands[BK_N_SEATS];
  g_autoptr (GError) error = NULL;

  bk_rules_init_default (&rules);
  deal_dominant (hands, BK_TEAM_SN);
  hands[BK_SEAT_W] |= G_GUINT64_CONSTANT (1) << 40;
  g_assert_false (bk_deal_check (&rules, hands, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
  g_clear_error (&error);

  hands[BK_SEAT_W] = (hands[BK_SEAT_W] & ~(G_GUINT64_CONSTANT (1) << 40)) |
                     G_GUINT64_CONSTANT (1) << 63;
  g_assert_false (bk_deal_check (&rules, hands, &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_INVALID_DEAL);
}

/* The seed corpus of the record fuzzer (fuzz/corpus/record) is real: every file loads and
 * saves and reloads to the same save text. */
static void
test_fuzz_corpus (void)
{
  g_autofree char *dir_path = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GError) error = NULL;
  const char *name;
  guint n = 0;

  if (g_getenv ("G_TEST_SRCDIR") == NULL)
    {
      g_test_skip ("G_TEST_SRCDIR is not set (run under meson test)");
      return;
    }
  dir_path = g_test_build_filename (G_TEST_DIST, "..", "fuzz", "corpus", "record", NULL);
  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr (BkGame) game = bk_game_load (path, &error);
      g_autoptr (BkGame) again = NULL;
      g_autofree char *save = NULL;
      g_autofree char *save_again = NULL;

      g_test_message ("%s", name);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      save = bk_game_to_save_text (game);
      again = replay (save, &error);
      g_assert_no_error (error);
      save_again = bk_game_to_save_text (again);
      g_assert_cmpstr (save_again, ==, save);
      n++;
    }
  g_assert_cmpuint (n, >=, 8);
}

/* Issue 21: the lines that stand for actions are the engine's to know, each game's words
 * (Bierkopf's talk and doubling, Herzla's bids) and the deal; other lines count nothing. */
static void
test_count_actions (void)
{
  static const char *herzla =
    "format 2\nseed 3\ngame herzla\nplayers 4\n"
    "dealer S\nbid S weiter\nbid W weiter\nplay S H7\n";

  /* 1 deal, 2 talk, 2 doubles, 20 cards. */
  g_assert_cmpuint (bk_record_count_actions (valid_record), ==, 25);
  g_assert_cmpuint (bk_record_count_actions (herzla), ==, 4);
  g_assert_cmpuint (bk_record_count_actions ("seating S EA GK SA HA\nseed 1\n"), ==, 1);
  g_assert_cmpuint (bk_record_count_actions ("bidding\nplayer S\n\n# play S EO\n"), ==, 0);
  g_assert_cmpuint (bk_record_count_actions ("play S EO"), ==, 1);
  g_assert_cmpuint (bk_record_count_actions (""), ==, 0);
}

/* Issue 21: a damaged save with a word of megabytes: the message quotes a few dozen
 * characters of it, wherever the word stands. */
static void
test_long_word_quoted (void)
{
  static const char * const shapes[] = {
    "%s S\n",                                    /* an unknown keyword */
    "dealer %s\n",                               /* a seat */
    "dealer S\nhand W EO GO %s\n",               /* a card */
    "rule %s kurz\n",                            /* a house rule */
    "seed 1\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
    "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\ntalk W %s\n",
  };
  const gsize size = 5 * 1024 * 1024;
  g_autofree char *word = g_malloc (size + 1);

  memset (word, 'x', size);
  word[size] = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autofree char *text = g_strdup_printf (shapes[i], word);
      g_autoptr (GError) error = NULL;
      g_autoptr (BkGame) game = replay (text, &error);

      g_assert_null (game);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_cmpuint (strlen (error->message), <, 300);
    }
}

/* A session of @rules played by random players for @hands hands, the last one at its
 * end. */
static BkGame *
long_session (const BkRules *rules,
              guint          hands,
              guint64        seed)
{
  BkGame *game = bk_game_new (rules, seed);
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      g_autoptr (BkStrategy) random = bk_strategy_new_for_level (rules->game, "random", NULL);
      bk_game_set_strategy (game, (BkSeat) s, random);
    }
  while (bk_game_get_hand_number (game) < hands && !bk_game_is_session_over (game))
    {
      g_assert_true (bk_game_next_hand (game, &error));
      g_assert_no_error (error);
      bk_game_run (game);
      g_assert_cmpint (bk_game_get_phase (game), ==, BK_PHASE_HAND_OVER);
    }
  return game;
}

static char *
score_text (BkGame *game)
{
  GString *line = g_string_new (NULL);

  bk_game_get_module (game)->score_write (bk_game_get_score (game), line);
  return g_string_free (line, FALSE);
}

/* The same session: hands, phase, dealer, the score (Bierkopf's coasters and seats,
 * Herzla's ledger and stock). */
static void
assert_same_session (BkGame *a,
                     BkGame *b)
{
  g_autofree char *score_a = score_text (a);
  g_autofree char *score_b = score_text (b);

  g_assert_cmpuint (bk_game_get_hand_number (a), ==, bk_game_get_hand_number (b));
  g_assert_cmpint (bk_game_get_phase (a), ==, bk_game_get_phase (b));
  g_assert_cmpuint (bk_game_get_dealer (a), ==, bk_game_get_dealer (b));
  g_assert_cmpstr (score_a, ==, score_b);
  g_assert_cmpint (bk_game_is_session_over (a), ==, bk_game_is_session_over (b));
  if (bk_game_get_module (a)->kind == BK_GAME_BIERKOPF)
    {
      g_assert_cmpmem (bk_bierkopf_game_get_seat_map (a), BK_N_SEATS, bk_bierkopf_game_get_seat_map (b),
                       BK_N_SEATS);
      g_assert_cmpmem (bk_bierkopf_game_get_seating (a), sizeof (BkSeating), bk_bierkopf_game_get_seating (b),
                       sizeof (BkSeating));
    }
}

/* Issue 21: a save's size stays bounded however long the session: 5,000 hands are saved
 * from a checkpoint (notation.md "Game record") with the last hands in full, and the save
 * replays to the same session as the whole record, and plays on the same. */
static void
check_bounded_save (const BkRules *rules,
                    guint64        seed)
{
  const gsize bound = 512 * 1024; /* 576 hands of the longest game at most */
  g_autoptr (BkGame) game = long_session (rules, 5000, seed);
  g_autofree char *record = bk_game_to_record (game);
  g_autofree char *save = bk_game_to_save_text (game);
  g_autofree char *again = NULL;
  g_autoptr (BkGame) full = NULL;
  g_autoptr (BkGame) resumed = NULL;
  g_autoptr (GError) error = NULL;

  g_test_message ("%u hands: record %zu bytes, save %zu bytes", bk_game_get_hand_number (game),
                  strlen (record), strlen (save));
  g_assert_cmpuint (bk_game_get_hand_number (game), ==, 5000);
  g_assert_cmpuint (strlen (save), <, bound);
  g_assert_nonnull (strstr (save, "\ncheckpoint hands "));
  /* At least the last 64 hands in full. */
  g_assert_cmpuint (bk_record_count_actions (save) , >=, 64);

  full = bk_record_replay (record, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  resumed = bk_record_replay (save, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_session (game, full);
  assert_same_session (game, resumed);

  /* The resumed session goes on as the live one, and its saves stay bounded too. */
  for (guint s = 0; s < bk_game_get_n_seats (resumed); s++)
    {
      g_autoptr (BkStrategy) random = bk_strategy_new_for_level (rules->game, "random", NULL);
      bk_game_set_strategy (resumed, (BkSeat) s, random);
    }
  for (guint h = 0; h < 100; h++)
    {
      g_assert_true (bk_game_next_hand (game, &error));
      g_assert_true (bk_game_next_hand (resumed, &error));
      g_assert_no_error (error);
      bk_game_run (game);
      bk_game_run (resumed);
      assert_same_session (game, resumed);
    }
  again = bk_game_to_save_text (resumed);
  g_assert_cmpuint (strlen (again), <, bound);
  g_clear_object (&full);
  full = bk_record_replay (again, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_session (game, full);
}

static void
test_bounded_save_bierkopf (void)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  check_bounded_save (&rules, 7);
  /* B2.5: new seats after every Bollen, so who sits where is part of the checkpoint. */
  g_assert_true (bk_rules_set_option (&rules, "new-seats", "on", NULL));
  check_bounded_save (&rules, 8);
}

static void
test_bounded_save_herzla (void)
{
  BkRules rules;

  bk_rules_init_default (&rules);
  g_assert_true (bk_rules_set_option (&rules, "game", "herzla", NULL));
  g_assert_true (bk_rules_set_option (&rules, "variant", "vier", NULL));
  g_assert_true (bk_rules_set_option (&rules, "players", "4", NULL));
  check_bounded_save (&rules, 9);
}

/* A save that keeps every hand while the session is short; a damaged checkpoint is
 * refused, one after a deal too. */
static void
test_checkpoint_refused (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (BkGame) loaded = NULL;
  g_autofree char *save = NULL;
  g_autofree char *record = NULL;
  g_autoptr (GError) error = NULL;
  static const char * const bad[] = {
    "seed 1\ncheckpoint hands 0 dealer S round-ended no lines 7 7 dots 0 0 carry 0 seats S W N E "
    "seated none\n",
    "seed 1\ncheckpoint hands 3 dealer X round-ended no lines 7 7 dots 0 0 carry 0 seats S W N E "
    "seated none\n",
    "seed 1\ncheckpoint hands 3 dealer S round-ended no lines 7 7 dots 0 0 carry 0 seats S S N E "
    "seated none\n",
    "seed 1\ncheckpoint hands 3 dealer S round-ended no lines 99 7 dots 0 0 carry 0 seats S W N E "
    "seated none\n",
    "seed 1\ncheckpoint hands 3 dealer S round-ended maybe lines 7 7 dots 0 0 carry 0 seats S W N "
    "E seated none\n",
    "seed 1\ncheckpoint hands 3 dealer S round-ended no lines 7 7\n",
    "seed 5\ndealer S\nhand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
    "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
    "checkpoint hands 3 dealer S round-ended no lines 7 7 dots 0 0 carry 0 seats S W N E "
    "seated none\n",
  };

  bk_rules_init_default (&rules);
  game = long_session (&rules, 10, 3);
  save = bk_game_to_save_text (game);
  record = bk_game_to_record (game);
  g_assert_null (strstr (save, "checkpoint"));
  g_assert_nonnull (strstr (save, record + strlen ("# Bierkopf game record\nformat 2\n")));

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (BkGame) none = replay (bad[i], &error);

      g_assert_null (none);
      g_assert_nonnull (error);
      g_assert_true (error->domain == BK_ERROR);
      g_test_message ("%s", error->message);
      g_clear_error (&error);
    }
  /* A good one: the session goes on from it, hand 4 dealt by West. */
  loaded = replay ("seed 1\ncheckpoint hands 3 dealer S round-ended no lines 5 7 dots 1 0 carry 1 "
                   "seats N W S E seated none\n", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_hand_number (loaded), ==, 3);
  g_assert_cmpuint (bk_bierkopf_game_get_lines_left (loaded, BK_TEAM_SN), ==, 5);
  g_assert_cmpuint (bk_bierkopf_game_get_dots (loaded, BK_TEAM_SN), ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_carry (loaded), ==, 1);
  g_assert_cmpuint (bk_bierkopf_game_get_seat_map (loaded)[0], ==, BK_SEAT_N);
  g_assert_true (bk_game_next_hand (loaded, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bk_game_get_hand_number (loaded), ==, 4);
  g_assert_cmpuint (bk_game_get_dealer (loaded), ==, BK_SEAT_W);
}

/* Bad requests to a live game: an error, and nothing changes. */
static void
test_bad_requests_change_nothing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkGame) game = replay ("dealer S\n"
                                    "hand W EO GO HO SO EU\nhand N G10 GK SA S10 SK\n"
                                    "hand E GU HU SU HA H10\nhand S HK EA E10 EK GA\n"
                                    "double W\nplay W SO\n", &error);
  BkHandState before;
  g_autofree char *record_before = NULL;
  struct {
    BkAction action;
    BkError  code;
  } cases[] = {
    { { BK_ACTION_PLAY, BK_SEAT_E, 0 }, BK_ERROR_NOT_YOUR_TURN },
    { { BK_ACTION_PLAY, BK_SEAT_N, 3 /* EO */ }, BK_ERROR_NOT_IN_HAND },
    { { BK_ACTION_PLAY, BK_SEAT_N, 200 }, BK_ERROR_NOT_IN_HAND },
    { { BK_ACTION_DOUBLE, BK_SEAT_S, 0 }, BK_ERROR_ILLEGAL_STEP }, /* one card only */
    { { BK_ACTION_DOUBLE, BK_SEAT_E, 0 }, BK_ERROR_ILLEGAL_STEP },
    { { BK_ACTION_PASS, BK_SEAT_N, 0 }, BK_ERROR_WRONG_PHASE },
    { { BK_ACTION_TALK, BK_SEAT_N, BK_WORD_HELFEN }, BK_ERROR_WRONG_PHASE },
    { { BK_ACTION_PLAY, 9, 0 }, BK_ERROR_PARSE },
  };

  g_assert_no_error (error);
  before = *bk_bierkopf_game_get_state (game);
  record_before = bk_game_to_record (game);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *record_after = NULL;

      g_assert_false (bk_game_apply (game, &cases[i].action, &error));
      g_assert_error (error, BK_ERROR, (gint) cases[i].code);
      g_assert_cmpstr (error->message, !=, "");
      g_clear_error (&error);
      g_assert_true (memcmp (&before, bk_bierkopf_game_get_state (game), sizeof before) == 0);
      record_after = bk_game_to_record (game);
      g_assert_cmpstr (record_before, ==, record_after);
    }

  /* An illegal card: North holds no trump, so anything goes; South must follow trumps. */
  g_assert_true (bk_game_play (game, BK_SEAT_N, C ("SK"), &error));
  g_assert_true (bk_game_play (game, BK_SEAT_E, C ("H10"), &error));
  before = *bk_bierkopf_game_get_state (game);
  g_assert_false (bk_game_play (game, BK_SEAT_S, C ("EA"), &error));
  g_assert_error (error, BK_ERROR, BK_ERROR_ILLEGAL_CARD);
  g_assert_nonnull (strstr (error->message, "trump"));
  g_assert_true (memcmp (&before, bk_bierkopf_game_get_state (game), sizeof before) == 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/replay-valid", test_replay_valid);
  g_test_add_func ("/record/implicit-passes", test_implicit_passes);
  g_test_add_func ("/record/round-trip", test_round_trip);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record/bad/%s", bad_cases[i].name);
      g_test_add_data_func (path, &bad_cases[i], test_bad_record);
    }
  g_test_add_func ("/record/truncated-and-garbage", test_truncated_and_garbage);
  g_test_add_func ("/record/corrupt-save", test_corrupt_save);
  g_test_add_func ("/record/bad-requests-change-nothing", test_bad_requests_change_nothing);
  g_test_add_func ("/record/format-1-save", test_format_1_save);
  g_test_add_func ("/record/cut-save", test_cut_save);
  g_test_add_func ("/record/nul-and-empty", test_nul_and_empty);
  g_test_add_func ("/record/newer-format", test_newer_format);
  g_test_add_func ("/record/too-large", test_too_large);
  g_test_add_func ("/record/many-newlines", test_many_newlines);
  g_test_add_func ("/record/B1.2/deal-foreign-bit", test_deal_foreign_bit);
  g_test_add_func ("/record/fuzz-corpus", test_fuzz_corpus);
  g_test_add_func ("/record/count-actions", test_count_actions);
  g_test_add_func ("/record/long-word-quoted", test_long_word_quoted);
  g_test_add_func ("/record/bounded-save/bierkopf", test_bounded_save_bierkopf);
  g_test_add_func ("/record/bounded-save/herzla", test_bounded_save_herzla);
  g_test_add_func ("/record/checkpoint-refused", test_checkpoint_refused);

  return g_test_run ();
}
