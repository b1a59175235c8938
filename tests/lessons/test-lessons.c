/* test-lessons.c: every lesson (docs/lessons.md) against the engine: each file loads, its
 * deal and scripted cards are accepted, each task accepts exactly the answers the lesson
 * declares as the engine judges them (legality, who takes the trick, the points), a wrong
 * answer's explanation names a real section, every text reaches gettext, and every
 * section a player needs (rules-bierkopf.md, rules-herzla.md) is taught or listed below
 * as still untaught.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "bk-lesson-run.h"
#include "bk-lesson-texts.h"

/* The sections a player needs to know (B2.5 and B7 are house rules and history; every
 * Herzla section counts). */
static const char * const needed[] = {
  "B1.1", "B1.2", "B1.3", "B1.4", "B1.5", "B2.1", "B2.2", "B2.3", "B2.4",
  "B3.1", "B3.2", "B3.3", "B3.4", "B3.5", "B3.6", "B3.7",
  "B4.1", "B4.2", "B4.3", "B4.4", "B4.5", "B5.1", "B5.2", "B5.3", "B6.1", "B6.2", "B6.3",
  "H5.1", "H5.2", "H5.3", "H5.4", "H5.6",
  NULL
};

/* The known gap until every lesson of issue 33 exists: the test fails when one of these
 * becomes taught (take it off the list) or a needed section is neither taught nor here. */
static const char * const untaught[] = {
  NULL
};

static GPtrArray *lessons;
static GHashTable *doc_sections; /* every "**B1.1**" of the rules documents */

static void
read_doc_sections (void)
{
  const char *docs[] = { "rules-bierkopf.md", "rules-herzla.md" };

  doc_sections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "docs", docs[i],
                                                     NULL);
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GRegex) regex = g_regex_new ("\\*\\*([BH][0-9]\\.[0-9]+)\\*\\*", 0, 0, NULL);
      g_autoptr (GMatchInfo) match = NULL;

      g_file_get_contents (path, &text, NULL, &error);
      g_assert_no_error (error);
      for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match);
           g_match_info_next (match, NULL))
        g_hash_table_add (doc_sections, g_match_info_fetch (match, 1));
    }
  g_assert_cmpuint (g_hash_table_size (doc_sections), >, 40);
}

static gboolean
in_list (const char * const *list,
         const char         *id)
{
  return g_strv_contains (list, id);
}

static void
test_load (void)
{
  g_assert_nonnull (lessons);
  g_assert_cmpuint (lessons->len, >=, 5);
  for (guint i = 0; i < lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (lessons, i);

      for (guint j = i + 1; j < lessons->len; j++)
        g_assert_cmpstr (lesson->id, !=, ((BkLesson *) g_ptr_array_index (lessons, j))->id);
      for (guint s = 0; lesson->sections[s]; s++)
        if (!g_hash_table_contains (doc_sections, lesson->sections[s]))
          g_error ("%s names an unknown section %s", lesson->id, lesson->sections[s]);
    }
}

/* spec B1-B6: every task accepts exactly what the lesson says, as the engine judges it,
 * and a wrong answer is explained with a real section. */
static void
test_tasks (void)
{
  for (guint i = 0; i < lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (lessons, i);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          const BkLessonStep *step = &lesson->steps[s];
          g_autoptr (BkLessonRun) run = NULL;
          g_autoptr (GError) error = NULL;
          BkHand accepted, hand;

          if (step->task == BK_LESSON_TASK_NONE)
            continue;
          run = bk_lesson_run_new (lesson, &error);
          g_assert_no_error (error);
          bk_lesson_run_skip_to (run, s, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (bk_lesson_run_get_step (run), ==, s);
          accepted = bk_lesson_run_accepted (run, &error);
          g_assert_no_error (error);
          if (accepted != step->answers)
            g_error ("%s step %u (%s): the engine accepts %" G_GINT64_MODIFIER "x, the lesson "
                     "says %" G_GINT64_MODIFIER "x", lesson->id, s + 1,
                     bk_lesson_task_id (step->task), accepted, step->answers);
          g_assert_true (g_hash_table_contains (doc_sections, step->section));

          if (bk_lesson_task_is_choice (step->task))
            {
              g_autoptr (GArray) choices = bk_lesson_run_dup_choices (run);

              /* Every wrong choice is explained, naming a section. */
              g_assert_cmpuint (choices->len, >=, 2);
              for (guint c = 0; c < choices->len; c++)
                {
                  guint value = g_array_index (choices, BkLessonChoice, c).value;
                  g_autofree char *explanation = NULL;

                  if (accepted & ((BkHand) 1 << value))
                    continue;
                  g_assert_false (bk_lesson_run_answer_choice (run, value, &explanation));
                  g_assert_true (g_regex_match_simple ("[BH][0-9]\\.[0-9]", explanation, 0,
                                                       0));
                  g_assert_false (bk_lesson_run_is_answered (run));
                }
              continue;
            }
          /* Every wrong card is explained, naming a section; the game stays as it was. */
          hand = bk_game_get_cards (bk_lesson_run_get_game (run), BK_LESSON_PERSON);
          g_assert_cmpuint (hand & ~accepted, !=, 0);
          for (BkHand rest = hand & ~accepted; rest; rest &= rest - 1)
            {
              g_autofree char *explanation = NULL;

              g_assert_false (bk_lesson_run_answer (run, bk_hand_first (rest), &explanation,
                                                    &error));
              g_assert_no_error (error);
              g_assert_nonnull (explanation);
              g_assert_null (strchr (explanation, '{'));
              g_assert_true (g_regex_match_simple ("[BH][0-9]\\.[0-9]", explanation, 0, 0));
              g_assert_cmpuint (bk_game_get_cards (bk_lesson_run_get_game (run),
                                                   BK_LESSON_PERSON), ==, hand);
              g_assert_false (bk_lesson_run_is_answered (run));
            }
        }
    }
}

/* Each lesson played through with its first answers, to its end. */
static void
test_play_through (void)
{
  for (guint i = 0; i < lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (lessons, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (BkLessonRun) run = bk_lesson_run_new (lesson, &error);

      g_assert_no_error (error);
      bk_lesson_run_skip_to (run, lesson->n_steps - 1, &error);
      g_assert_no_error (error);
      if (!bk_lesson_run_is_answered (run))
        {
          g_autofree char *explanation = NULL;
          const BkLessonStep *step = bk_lesson_run_get_current (run);
          BkCard card = bk_hand_first (step->answers);

          if (bk_lesson_task_is_choice (step->task))
            g_assert_true (bk_lesson_run_answer_choice (run, card, &explanation));
          else
            g_assert_true (bk_lesson_run_answer (run, card, &explanation, &error));
          g_assert_no_error (error);
        }
      g_assert_true (bk_lesson_run_is_finished (run));
    }
}

static void
check_text (const char *text)
{
  g_autofree char *expanded = NULL;

  if (text == NULL)
    return;
  if (!g_strv_contains ((const char * const *) bk_lesson_texts, text))
    g_error ("not in bk-lesson-texts.c (run build-aux/lesson-texts.py): %s", text);
  expanded = bk_lesson_expand (text);
  if (strchr (expanded, '{') != NULL)
    g_error ("a code that is no card: %s", text);
}

/* Every text reaches gettext and names cards only by code in braces. */
static void
test_texts (void)
{
  for (guint i = 0; i < lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (lessons, i);

      check_text (lesson->title);
      check_text (lesson->summary);
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          check_text (lesson->steps[s].text);
          check_text (lesson->steps[s].right);
          check_text (lesson->steps[s].wrong);
          check_text (lesson->steps[s].illegal);
        }
    }
}

/* Every needed section is taught by a lesson, or still listed as untaught. */
static void
test_sections_taught (void)
{
  g_autoptr (GHashTable) taught = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < lessons->len; i++)
    {
      BkLesson *lesson = g_ptr_array_index (lessons, i);

      for (guint s = 0; lesson->sections[s]; s++)
        g_hash_table_add (taught, lesson->sections[s]);
    }
  for (guint i = 0; needed[i]; i++)
    {
      g_assert_true (g_hash_table_contains (doc_sections, needed[i]));
      if (g_hash_table_contains (taught, needed[i]) && in_list (untaught, needed[i]))
        g_error ("%s is taught now: take it off the list of untaught sections", needed[i]);
      if (!g_hash_table_contains (taught, needed[i]) && !in_list (untaught, needed[i]))
        g_error ("%s is taught by no lesson", needed[i]);
    }
  for (guint i = 0; untaught[i]; i++)
    g_assert_true (in_list (needed, untaught[i]));
  g_test_message ("%u of %u sections taught", g_strv_length ((GStrv) needed)
                  - g_strv_length ((GStrv) untaught), g_strv_length ((GStrv) needed));
}

/* A broken lesson is refused with the reason: a wrong answer list is caught by
 * test_tasks, a malformed file here. */
static void
test_refused (void)
{
  const char *missing = "[Lesson]\nId=x\nTitle=t\nSummary=s\nGame=bierkopf\nSections=B1.1\n"
                        "[Deal]\nDealer=S\nS=EO\n";
  const char *unnamed = "[Lesson]\nId=x\nTitle=t\nSummary=s\nGame=bierkopf\nSections=B1.1\n"
                        "[Deal]\nDealer=S\nS=EO GO HO SO EU\nW=GU HU SU HA H10\n"
                        "N=HK EA E10 EK GA\nE=G10 GK SA S10 SK\n[Step 1]\nText=t\n"
                        "Task=play\nAnswers=EO\nWrong=w\nSection=B4.2\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (BkLesson) lesson = bk_lesson_new_from_data (missing, -1, &error);

  g_assert_null (lesson);
  g_assert_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_FORMAT);
  g_clear_error (&error);
  lesson = bk_lesson_new_from_data (unnamed, -1, &error);
  g_assert_null (lesson);
  g_assert_nonnull (strstr (error->message, "Section"));
  g_clear_error (&error);

  /* Show=coaster is Bierkopf's (B6.1): Herzla keeps no beer coaster. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *data
        = g_strdup_printf ("[Lesson]\nId=x\nTitle=t\nSummary=s\nGame=%s\nSections=B6.1\n"
                           "[Deal]\nDealer=S\n%s[Step 1]\nText=t\nShow=coaster\n",
                           i == 0 ? "bierkopf" : "herzla",
                           i == 0 ? "S=EO GO HO SO EU\nW=GU HU SU HA H10\n"
                                    "N=HK EA E10 EK GA\nE=G10 GK SA S10 SK\n"
                                  : "S=EA E10 E8 GA G9 HK H9 H7\nW=E9 G10 SK S10 S9 HA HO H8\n"
                                    "N=EK G7 SA SO SU H10 HU EU\nE=E7 G8 GK GO GU S8 S7 EO\n");

      g_clear_pointer (&lesson, bk_lesson_free);
      lesson = bk_lesson_new_from_data (data, -1, &error);
      if (i == 0)
        {
          g_assert_no_error (error);
          g_assert_cmpint (lesson->steps[0].show, ==, BK_LESSON_SHOW_COASTER);
        }
      else
        {
          g_assert_null (lesson);
          g_assert_nonnull (strstr (error->message, "coaster"));
        }
    }
}

/* The lesson panel's own lines, which src/ui/lessons/ shows beside the lessons' texts. */
static const char * const panel_texts[] = {
  N_("Read the lesson, then press Next."),
  N_("Answer with one of the buttons below the text."),
  NULL
};

/* Like the rest of the app, the German lessons speak to the player with "du": no polite
 * "Spielen Sie", "Sie haben", "Ihre", "Ihnen". A lowercase "sie"/"ihr" (she, they, its)
 * and "Sie" with a verb in the third person singular ("Sie verdoppelt") are fine. */
static void
check_german_register (const char *msgid)
{
  g_autoptr (GRegex) polite = g_regex_new ("[^\\s:;,.!?]+en Sie\\b|\\bSie (sind|\\S+en)\\b"
                                           "|\\bIhr(e|er|em|en|es)?\\b|\\bIhnen\\b",
                                           G_REGEX_OPTIMIZE, 0, NULL);
  const char *text = g_dgettext (GETTEXT_PACKAGE, msgid);
  g_autoptr (GMatchInfo) match = NULL;

  if (g_regex_match (polite, text, 0, &match))
    {
      g_autofree char *word = g_match_info_fetch (match, 0);

      g_test_message ("\"%s\" addresses the player with Sie: %s", word, text);
      g_test_fail ();
    }
}

static gboolean
is_determiner (const char *word)
{
  /* Articles, possessives, quantifiers and numerals whose form follows the noun's gender
   * or number. */
  static const char * const determiners[] = {
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
    "eines", "kein", "keine", "keinen", "keinem", "keiner", "jeder", "jede", "jedes",
    "jeden", "jedem", "dein", "deine", "deinen", "deinem", "deiner", "sein", "seine",
    "seinen", "ihr", "ihre", "ihren", "dieser", "diese", "dieses", "diesen", "welche",
    "welcher", "zwei", "drei", "vier", "alle", "beide", NULL
  };
  g_autofree char *lower = g_utf8_strdown (word, -1);

  return g_strv_contains (determiners, lower);
}

/* Whether WORD is NAME or a card ending in it ("Gras-Sau", "Pik-Dame"). */
static gboolean
names (const char *word,
       const char *name)
{
  g_autofree char *tail = g_strconcat ("-", name, NULL);

  return g_str_equal (word, name) || g_str_has_suffix (word, tail);
}

/* One translation serves both decks, and German names differ in gender between them:
 * die Sau / das Ass, der Ober / die Dame, die Eichel / das Kreuz, die Schellen / das Karo.
 * So no article, possessive or numeral may stand right before such a name: "eine {r:A}"
 * reads "eine Ass", "jeder {r:O}" "jeder Dame", "die vier {r:O}" "die vier Dame". */
static void
check_german_agreement (const char *msgid,
                        BkDeckStyle style)
{
  const char *gendered[] = {
    bk_rank_display_name (BK_RANK_SAU, style), bk_rank_display_name (BK_RANK_OBER, style),
    bk_suit_display_name (BK_SUIT_EICHEL, style),
    bk_suit_display_name (BK_SUIT_SCHELLEN, style),
  };
  g_autofree char *text = NULL;
  g_auto (GStrv) words = NULL;

  bk_card_set_display_style (style);
  text = bk_lesson_expand (msgid);
  words = g_strsplit (text, " ", -1);
  for (guint i = 1; words[i]; i++)
    {
      g_autofree char *word = g_strstrip (g_strdup (words[i]));
      g_autofree char *before = g_strdup (words[i - 1]);

      /* "Sau," and "(Sau" are the name; a determiner ends with no punctuation. */
      g_strdelimit (word, ",.:;()!?„“", ' ');
      g_strstrip (word);
      if (!is_determiner (before))
        continue;
      for (guint n = 0; n < G_N_ELEMENTS (gendered); n++)
        if (names (word, gendered[n]))
          {
            g_test_message ("\"%s %s\" with the %s deck: %s", before, word,
                            style == BK_DECK_FRENCH ? "French" : "Bavarian", text);
            g_test_fail ();
          }
    }
}

/* The German lessons (LANGUAGE=de, test lessons-de): the register and the agreement with
 * the rank and suit names of both decks. */
static void
test_german (void)
{
  BkDeckStyle saved = bk_card_get_display_style ();

  if (!g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "de"))
    {
      g_test_skip ("German only: LANGUAGE=de");
      return;
    }
  /* Else the checks would pass on the English texts. */
  g_assert_cmpstr (bk_rank_display_name (BK_RANK_SAU, BK_DECK_BAVARIAN), ==, "Sau");
  g_assert_cmpstr (bk_rank_display_name (BK_RANK_SAU, BK_DECK_FRENCH), ==, "Ass");
  for (guint i = 0; bk_lesson_texts[i]; i++)
    {
      check_german_register (bk_lesson_texts[i]);
      check_german_agreement (bk_lesson_texts[i], BK_DECK_BAVARIAN);
      check_german_agreement (bk_lesson_texts[i], BK_DECK_FRENCH);
    }
  for (guint i = 0; panel_texts[i]; i++)
    check_german_register (panel_texts[i]);
  bk_card_set_display_style (saved);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* lessons-de reads the build's translations. */
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);
  read_doc_sections ();
  lessons = bk_lesson_load_all (&error);
  g_assert_no_error (error);

  g_test_add_func ("/lessons/load", test_load);
  g_test_add_func ("/lessons/tasks", test_tasks);
  g_test_add_func ("/lessons/play-through", test_play_through);
  g_test_add_func ("/lessons/texts", test_texts);
  g_test_add_func ("/lessons/sections-taught", test_sections_taught);
  g_test_add_func ("/lessons/refused", test_refused);
  g_test_add_func ("/lessons/german", test_german);
  status = g_test_run ();
  g_ptr_array_unref (lessons);
  g_hash_table_unref (doc_sections);
  return status;
}
