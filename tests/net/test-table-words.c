/* test-table-words.c: free words at a table (docs/network.md, 3.13 "Free words") without a
 * server: the rule that makes any text one plain line, the length cap, and guests at a
 * table of net-harness.h who say words and hear each other's, with the seat of the
 * speaker, a spectator's without one, and the rate cap of what an occupant says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "net-harness.h"

#include "bk-table-words.h"

/* 3.13: control characters, line breaks and tabs are spaces, runs of spaces one, none at
 * either end; direction marks go; markup is text like any other. */
static void
test_clean (void)
{
  const struct { const char *in, *out; } cases[] = {
    { "Grüß Gott", "Grüß Gott" },
    { "  zwei\n\nZeilen\tund\x01\x1b[31mrot ", "zwei Zeilen und [31mrot" },
    { "<b>fett</b> &amp; <span foreground='red'>x</span>",
      "<b>fett</b> &amp; <span foreground='red'>x</span>" },
    { "a\u202Eb\u2066c\u200Fd\uFEFFe", "abcde" },
    { "x\u2028y\u2029z\xc2\x85w", "x y z w" },
    { "👨\u200D👩", "👨\u200D👩" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *clean = bk_net_words_clean (cases[i].in, &error);
      g_autofree char *heard = bk_net_words_heard (cases[i].in);

      g_assert_no_error (error);
      g_assert_cmpstr (clean, ==, cases[i].out);
      g_assert_cmpstr (heard, ==, cases[i].out);
    }
}

/* 3.13: nothing left is refused (and not shown); invalid UTF-8 is refused when said, mended
 * when heard. */
static void
test_nothing (void)
{
  const char *empty[] = { "", "   ", "\n\t\x02", "\u202E\u200E" };
  g_autoptr (GError) error = NULL;
  g_autofree char *mended = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    {
      g_autoptr (GError) refused = NULL;

      g_assert_null (bk_net_words_clean (empty[i], &refused));
      g_assert_error (refused, BK_NET_ERROR, BK_NET_ERROR_MALFORMED);
      g_assert_null (bk_net_words_heard (empty[i]));
    }
  g_assert_null (bk_net_words_clean ("ok \xff\xfe", &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED);
  mended = bk_net_words_heard ("ok \xff");
  g_assert_true (g_utf8_validate (mended, -1, NULL));
  g_assert_true (g_str_has_prefix (mended, "ok "));
}

/* 3.13: at most 300 characters (not bytes): more is refused to its speaker, and cut with
 * "…" when heard from somebody else. */
static void
test_length (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *said = NULL;
  g_autofree char *too_long = NULL;
  g_autofree char *heard = NULL;
  g_autofree char *huge = NULL;

  for (guint i = 0; i < BK_NET_WORDS_MAX_CHARS; i++)
    g_string_append (text, "ö");
  said = bk_net_words_clean (text->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_utf8_strlen (said, -1), ==, BK_NET_WORDS_MAX_CHARS);
  g_string_append (text, "x");
  too_long = bk_net_words_clean (text->str, &error);
  g_assert_null (too_long);
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE);
  heard = bk_net_words_heard (text->str);
  g_assert_cmpuint (g_utf8_strlen (heard, -1), ==, BK_NET_WORDS_MAX_CHARS);
  g_assert_true (g_str_has_suffix (heard, "ö…"));
  /* a megabyte of words costs no more than its first line */
  huge = g_strnfill (1 << 20, 'a');
  g_clear_pointer (&heard, g_free);
  heard = bk_net_words_heard (huge);
  g_assert_cmpuint (g_utf8_strlen (heard, -1), ==, BK_NET_WORDS_MAX_CHARS);
}

typedef struct {
  guint   guest;
  char   *nick;
  guint   chair;
  char   *text;
} Words;

static void
words_free (Words *words)
{
  g_free (words->nick);
  g_free (words->text);
  g_free (words);
}

typedef struct {
  Harness   *harness;
  GPtrArray *heard;
} Ear;

static void
words_cb (BkTableGuest *guest,
          const char   *nick,
          guint         chair,
          const char   *text,
          Ear          *ear)
{
  Words *words = g_new0 (Words, 1);

  for (guint i = 0; i < ear->harness->n_guests; i++)
    if (ear->harness->guests[i] == guest)
      words->guest = i;
  words->nick = g_strdup (nick);
  words->chair = chair;
  words->text = g_strdup (text);
  g_ptr_array_add (ear->heard, words);
}

static guint
count_heard (Ear        *ear,
             guint       guest,
             const char *text)
{
  guint n = 0;

  for (guint i = 0; i < ear->heard->len; i++)
    {
      const Words *words = g_ptr_array_index (ear->heard, i);

      n += words->guest == guest && (text == NULL || strcmp (words->text, text) == 0);
    }
  return n;
}

static const Words *
last_heard (Ear   *ear,
            guint  guest)
{
  for (guint i = ear->heard->len; i > 0; i--)
    {
      const Words *words = g_ptr_array_index (ear->heard, i - 1);

      if (words->guest == guest)
        return words;
    }
  return NULL;
}

/* 3.13: words said by a seated guest reach every other guest with its chair, and itself
 * at once; a spectator's have no chair; words go to the room without a payload, past the
 * host (which reads none) and outside the guests' paced stanzas to it. */
static void
test_at_table (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func ((GDestroyNotify) words_free);
  Harness harness;
  Ear ear = { &harness, heard };
  const Words *words;
  guint delivered;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 7);
  harness_init (&harness, game);
  g_assert_true (bk_table_host_seat_computer (harness.host, 3, "heuristic", &error));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *nick = g_strdup_printf ("bot%u", s);
      g_autofree char *jid = g_strdup_printf ("bot%u@example.org/cli", s);

      bk_table_host_seat_person (harness.host, s, NULL);
      g_signal_connect (harness_add_guest (&harness, nick, jid, s, s == 0 ? NULL : "heuristic"),
                        "words", G_CALLBACK (words_cb), &ear);
    }
  g_signal_connect (harness_add_guest (&harness, "watcher", "watcher@example.org/x",
                                       BK_SEAT_NONE, NULL),
                    "words", G_CALLBACK (words_cb), &ear);
  bk_table_host_start (harness.host);
  /* until the table waits for bot0, a person who has not played */
  harness_pump (&harness, 2000);
  g_assert_true (g_queue_is_empty (&harness.queue));
  g_assert_nonnull (bk_table_guest_get_game (harness.guests[0]));

  delivered = harness.delivered;
  g_assert_true (bk_table_guest_say (harness.guests[0], "  Servus\nbeinand <i>!</i> ", &error));
  g_assert_no_error (error);
  /* heard at once by its speaker, as "us" at its chair */
  words = last_heard (&ear, 0);
  g_assert_nonnull (words);
  g_assert_null (words->nick);
  g_assert_cmpuint (words->chair, ==, 0);
  g_assert_cmpstr (words->text, ==, "Servus beinand <i>!</i>");
  harness_pump (&harness, 1);
  g_assert_cmpuint (harness.delivered, ==, delivered + 1);
  for (guint g = 1; g < 4; g++)
    {
      words = last_heard (&ear, g);
      g_assert_nonnull (words);
      g_assert_cmpstr (words->nick, ==, "bot0");
      g_assert_cmpuint (words->chair, ==, 0);
      g_assert_cmpstr (words->text, ==, "Servus beinand <i>!</i>");
    }
  g_assert_cmpuint (count_heard (&ear, 0, NULL), ==, 1);

  /* a spectator's words, and words from an XMPP client in the room: no chair */
  g_assert_true (bk_table_guest_say (harness.guests[3], "Gut gespielt", &error));
  harness_queue (&harness, "dino", NULL, "hallo\u202E zusammen", NULL, FALSE);
  harness_pump (&harness, 2);
  words = last_heard (&ear, 0);
  g_assert_cmpstr (words->nick, ==, "dino");
  g_assert_cmpuint (words->chair, ==, BK_SEAT_NONE);
  g_assert_cmpstr (words->text, ==, "hallo zusammen");
  g_assert_cmpuint (count_heard (&ear, 1, "Gut gespielt"), ==, 1);
  g_assert_cmpuint (count_heard (&ear, 1, "hallo zusammen"), ==, 1);

  /* nothing to say, or too much: refused, nothing sent */
  g_assert_true (g_queue_is_empty (&harness.queue));
  g_assert_false (bk_table_guest_say (harness.guests[0], " \n ", &error));
  g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_MALFORMED);
  g_clear_error (&error);
  {
    g_autofree char *long_text = g_strnfill (BK_NET_WORDS_MAX_CHARS + 1, 'x');

    g_assert_false (bk_table_guest_say (harness.guests[0], long_text, &error));
    g_assert_error (error, BK_NET_ERROR, BK_NET_ERROR_TOO_LARGE);
    g_clear_error (&error);
  }
  g_assert_true (g_queue_is_empty (&harness.queue));
  g_assert_cmpuint (count_heard (&ear, 1, NULL), ==, 3);

  /* the table plays on as before: the words changed nothing of it */
  g_assert_false (bk_table_host_is_finished (harness.host));
  harness_clear (&harness);
}

/* 3.13 and section 5: a guest says at most a burst of BK_NET_WORDS_BURST, then one every
 * 1 / BK_NET_WORDS_PER_SECOND seconds (it is told to wait); the others show at most as
 * much from one occupant, whoever sends faster (an XMPP client), and the cap is each
 * nickname's own. */
static void
test_rate (void)
{
  BkRules rules;
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func ((GDestroyNotify) words_free);
  Harness harness;
  Ear ear = { &harness, heard };
  guint said = 0;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, 7);
  harness_init (&harness, game);
  harness.step = 0;
  g_signal_connect (harness_add_guest (&harness, "anna", "anna@example.org/a", BK_SEAT_NONE,
                                       NULL), "words", G_CALLBACK (words_cb), &ear);
  g_signal_connect (harness_add_guest (&harness, "bert", "bert@example.org/b", BK_SEAT_NONE,
                                       NULL), "words", G_CALLBACK (words_cb), &ear);

  for (guint i = 0; i < BK_NET_WORDS_BURST + 3; i++)
    {
      g_autoptr (GError) refused = NULL;

      if (bk_table_guest_say (harness.guests[0], "bla", &refused))
        said++;
      else
        g_assert_error (refused, BK_NET_ERROR, BK_NET_ERROR_FLOOD);
    }
  g_assert_cmpuint (said, ==, BK_NET_WORDS_BURST);
  harness_pump (&harness, 100);
  g_assert_cmpuint (count_heard (&ear, 1, "bla"), ==, BK_NET_WORDS_BURST);
  /* two seconds later, one more */
  harness.now += 2 * G_USEC_PER_SEC;
  g_assert_true (bk_table_guest_say (harness.guests[0], "bla", &error));
  g_assert_false (bk_table_guest_say (harness.guests[0], "bla", &error));
  g_clear_error (&error);

  /* a client that does not pace itself: the rest is not shown */
  for (guint i = 0; i < 3 * BK_NET_WORDS_BURST; i++)
    harness_queue (&harness, "dino", NULL, "spam", NULL, FALSE);
  harness_pump (&harness, 100);
  g_assert_cmpuint (count_heard (&ear, 1, "bla"), ==, BK_NET_WORDS_BURST + 1);
  g_assert_cmpuint (count_heard (&ear, 1, "spam"), ==, BK_NET_WORDS_BURST);
  g_assert_cmpuint (count_heard (&ear, 0, "spam"), ==, BK_NET_WORDS_BURST);
  harness.now += 2 * G_USEC_PER_SEC;
  harness_queue (&harness, "dino", NULL, "spam", NULL, FALSE);
  harness_pump (&harness, 100);
  g_assert_cmpuint (count_heard (&ear, 1, "spam"), ==, BK_NET_WORDS_BURST + 1);
  harness_clear (&harness);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/words/clean", test_clean);
  g_test_add_func ("/words/nothing", test_nothing);
  g_test_add_func ("/words/length", test_length);
  g_test_add_func ("/words/at-table", test_at_table);
  g_test_add_func ("/words/rate", test_rate);
  return g_test_run ();
}
