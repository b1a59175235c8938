/* bk-lesson.c: reading a lesson's file (docs/lessons.md) into a BkLesson.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-lessons"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>

#include "bk-bierkopf-talk.h"
#include "bk-herzla.h"
#include "bk-lesson.h"

G_DEFINE_QUARK (bk-lesson-error-quark, bk_lesson_error)

static gboolean format_error (GError    **error,
                              const char *group,
                              const char *key,
                              const char *what);

static const char * const show_ids[] = { "none", "trumps", "legal", "cards", "coaster" };
static const char * const task_ids[] = {
  "none", "play", "win-trick", "most-points", "lose-trick", "lines", "talk", "retour", "leader",
  "view-trick", "paid"
};

gboolean
bk_lesson_task_is_choice (BkLessonTask task)
{
  return task >= BK_LESSON_TASK_LINES;
}

/* A list of what is played and said, in order: cards (notation.md), the words of the
 * talk (gut, mittel, schlecht, helfen, nicht-helfen), spritze (a doubling, also a Retour),
 * pass; Herzla's bids weiter, beddl, mord; each by whoever is to act, or by the seat before a colon (N:spritze). */
static gboolean
read_actions (GKeyFile   *file,
              const char *group,
              const char *key,
              BkAction   *actions,
              guint      *n_actions,
              GError    **error)
{
  g_autofree char *value = g_key_file_get_string (file, group, key, NULL);
  g_auto (GStrv) words = g_strsplit (value ? g_strstrip (value) : "", " ", -1);

  *n_actions = 0;
  for (guint i = 0; words[i]; i++)
    {
      const char *colon = strchr (words[i], ':');
      const char *what = colon ? colon + 1 : words[i];
      BkAction action = { 0, BK_SEAT_NONE, 0 };
      BkCard card;
      BkWord word;

      if (*words[i] == '\0')
        continue;
      if (*n_actions == BK_LESSON_MAX_ACTIONS)
        return format_error (error, group, key, "too many");
      if (colon != NULL)
        {
          g_autofree char *seat = g_strndup (words[i], colon - words[i]);

          /* The seat letters of notation.md: S W N E. */
          if (strlen (seat) != 1 || !strchr ("SWNE", g_ascii_toupper (seat[0])))
            return format_error (error, group, key, words[i]);
          action.seat = (guint8) (strchr ("SWNE", g_ascii_toupper (seat[0])) - "SWNE");
        }
      if (bk_card_parse (what, &card, NULL))
        action = bk_action_make (BK_ACTION_PLAY, action.seat, card);
      else if (g_ascii_strcasecmp (what, "spritze") == 0)
        action = bk_action_make (BK_ACTION_DOUBLE, action.seat, 0);
      else if (g_ascii_strcasecmp (what, "pass") == 0)
        action = bk_action_make (BK_ACTION_PASS, action.seat, 0);
      /* Herzla's bids (H3.1). */
      else if (g_ascii_strcasecmp (what, "weiter") == 0)
        action = bk_action_make (BK_ACTION_BID, action.seat, BK_CONTRACT_NORMAL);
      else if (g_ascii_strcasecmp (what, "beddl") == 0)
        action = bk_action_make (BK_ACTION_BID, action.seat, BK_CONTRACT_BEDDL);
      else if (g_ascii_strcasecmp (what, "mord") == 0)
        action = bk_action_make (BK_ACTION_BID, action.seat, BK_CONTRACT_MORD);
      else if (bk_word_parse (what, &word, NULL))
        action = bk_action_make (BK_ACTION_TALK, action.seat, word);
      else
        return format_error (error, group, key, words[i]);
      actions[(*n_actions)++] = action;
    }
  return TRUE;
}

/* A space-separated list of numbers 0..BK_LESSON_MAX_CHOICE, as a set. */
static gboolean
read_numbers (GKeyFile   *file,
              const char *group,
              const char *key,
              BkHand     *set,
              GError    **error)
{
  g_autofree char *value = g_key_file_get_string (file, group, key, NULL);
  g_auto (GStrv) words = g_strsplit (value ? g_strstrip (value) : "", " ", -1);

  *set = 0;
  for (guint i = 0; words[i]; i++)
    {
      guint64 n;

      if (*words[i] == '\0')
        continue;
      BkWord word;

      /* A number, a word of the talk (its BkWord), or a seat (S W N E: 0 to 3). */
      if (bk_word_parse (words[i], &word, NULL))
        n = word;
      else if (strlen (words[i]) == 1 && strchr ("SWNE", g_ascii_toupper (words[i][0])))
        n = (guint64) (strchr ("SWNE", g_ascii_toupper (words[i][0])) - "SWNE");
      else if (!g_ascii_string_to_unsigned (words[i], 10, 0, BK_LESSON_MAX_CHOICE, &n, NULL))
        return format_error (error, group, key, words[i]);
      *set |= (BkHand) 1 << n;
    }
  return TRUE;
}

const char *
bk_lesson_task_id (BkLessonTask task)
{
  g_return_val_if_fail (task < G_N_ELEMENTS (task_ids), NULL);
  return task_ids[task];
}

static gboolean
parse_id (const char         *value,
          const char * const *ids,
          guint               n_ids,
          guint              *out)
{
  for (guint i = 0; i < n_ids; i++)
    if (g_strcmp0 (value, ids[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

static void
step_clear (BkLessonStep *step)
{
  g_free (step->text);
  g_free (step->right);
  g_free (step->wrong);
  g_free (step->section);
  g_free (step->illegal);
}

void
bk_lesson_free (BkLesson *lesson)
{
  if (lesson == NULL)
    return;
  for (guint i = 0; i < lesson->n_steps; i++)
    step_clear (&lesson->steps[i]);
  g_free (lesson->steps);
  g_strfreev (lesson->sections);
  g_free (lesson->id);
  g_free (lesson->title);
  g_free (lesson->summary);
  g_free (lesson);
}

static gboolean
format_error (GError    **error,
              const char *group,
              const char *key,
              const char *what)
{
  g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_FORMAT, "[%s] %s: %s", group, key, what);
  return FALSE;
}

/* A space-separated list of cards (notation.md), possibly empty or absent. */
static gboolean
read_cards (GKeyFile   *file,
            const char *group,
            const char *key,
            BkCard     *cards,
            guint      *n_cards,
            GError    **error)
{
  g_autofree char *value = g_key_file_get_string (file, group, key, NULL);
  g_autoptr (GError) local = NULL;

  *n_cards = 0;
  if (value == NULL || *g_strstrip (value) == '\0')
    return TRUE;
  if (!bk_card_list_parse (value, cards, BK_N_CARDS, n_cards, &local))
    return format_error (error, group, key, local->message);
  return TRUE;
}

static gboolean
read_hand (GKeyFile   *file,
           const char *group,
           const char *key,
           BkHand     *hand,
           GError    **error)
{
  BkCard cards[BK_N_CARDS];
  guint n;

  if (!read_cards (file, group, key, cards, &n, error))
    return FALSE;
  *hand = 0;
  for (guint i = 0; i < n; i++)
    *hand |= BK_HAND_BIT (cards[i]);
  return TRUE;
}

static char *
read_text (GKeyFile   *file,
           const char *group,
           const char *key,
           gboolean    required,
           GError    **error)
{
  char *value = g_key_file_get_string (file, group, key, NULL);

  if (value == NULL && required)
    format_error (error, group, key, "missing");
  return value;
}

static gboolean
read_step (GKeyFile     *file,
           const char   *group,
           BkGameKind    game,
           BkLessonStep *step,
           GError      **error)
{
  g_autofree char *show = g_key_file_get_string (file, group, "Show", NULL);
  g_autofree char *task = g_key_file_get_string (file, group, "Task", NULL);
  guint value = 0;

  if (!(step->text = read_text (file, group, "Text", TRUE, error)))
    return FALSE;
  if (show != NULL && !parse_id (show, show_ids, G_N_ELEMENTS (show_ids), &value))
    return format_error (error, group, "Show", show);
  step->show = value;
  value = 0;
  /* Only Bierkopf keeps its score on a beer coaster (B6.1). */
  if (step->show == BK_LESSON_SHOW_COASTER && game != BK_GAME_BIERKOPF)
    return format_error (error, group, "Show", "coaster: only Bierkopf keeps a beer coaster");
  if (step->show == BK_LESSON_SHOW_CARDS
      && !read_hand (file, group, "ShowCards", &step->show_cards, error))
    return FALSE;
  if (task != NULL && !parse_id (task, task_ids, G_N_ELEMENTS (task_ids), &value))
    return format_error (error, group, "Task", task);
  step->task = value;
  if (!read_actions (file, group, "Before", step->before, &step->n_before, error)
      || !read_actions (file, group, "Then", step->then, &step->n_then, error))
    return FALSE;
  if (step->task == BK_LESSON_TASK_NONE)
    return TRUE;
  if (bk_lesson_task_is_choice (step->task)
      ? !read_numbers (file, group, "Answers", &step->answers, error)
      : !read_hand (file, group, "Answers", &step->answers, error))
    return FALSE;
  if (step->answers == 0)
    return format_error (error, group, "Answers", "a task needs its answers");
  if (step->task == BK_LESSON_TASK_VIEW_TRICK)
    {
      step->trick = (guint) g_key_file_get_integer (file, group, "Trick", NULL);
      if (step->trick == 0)
        return format_error (error, group, "Trick", "a trick from 1");
    }
  step->right = read_text (file, group, "Right", FALSE, NULL);
  step->illegal = read_text (file, group, "Illegal", FALSE, NULL);
  if (!(step->wrong = read_text (file, group, "Wrong", TRUE, error))
      || !(step->section = read_text (file, group, "Section", TRUE, error)))
    return FALSE;
  /* The explanation of a wrong answer names its section (issue 33). */
  if (strstr (step->wrong, step->section) == NULL)
    return format_error (error, group, "Wrong", "does not name its Section");
  return TRUE;
}

static gboolean
read_deal (GKeyFile  *file,
           BkLesson  *lesson,
           GError   **error)
{
  const BkGameModule *module = bk_game_module_get (lesson->game);
  g_autofree char *dealer = read_text (file, "Deal", "Dealer", TRUE, error);
  guint n_seats = module->n_seats (&lesson->rules);
  guint seat;

  if (dealer == NULL)
    return FALSE;
  if (!module->seat_parse (&lesson->rules, dealer, &seat, NULL))
    return format_error (error, "Deal", "Dealer", dealer);
  lesson->dealer = seat;
  lesson->talk = g_key_file_get_boolean (file, "Deal", "Talk", NULL);
  for (guint i = 0; i < n_seats; i++)
    {
      const char *name = module->seat_name (&lesson->rules, i);

      if (!g_key_file_has_key (file, "Deal", name, NULL))
        return format_error (error, "Deal", name, "missing");
      if (!read_hand (file, "Deal", name, &lesson->hands[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_rules (GKeyFile  *file,
            BkLesson  *lesson,
            GError   **error)
{
  g_autofree char *game = read_text (file, "Lesson", "Game", TRUE, error);
  g_auto (GStrv) options = g_key_file_get_string_list (file, "Lesson", "Rules", NULL, NULL);
  g_autoptr (GError) local = NULL;

  if (game == NULL)
    return FALSE;
  bk_rules_init_default (&lesson->rules);
  if (!bk_rules_set_option (&lesson->rules, "game", game, &local))
    return format_error (error, "Lesson", "Game", local->message);
  lesson->game = lesson->rules.game;
  for (guint i = 0; options && options[i]; i++)
    {
      g_auto (GStrv) pair = g_strsplit (options[i], "=", 2);

      if (g_strv_length (pair) != 2
          || !bk_rules_set_option (&lesson->rules, pair[0], pair[1], &local))
        return format_error (error, "Lesson", "Rules", local ? local->message : options[i]);
    }
  return TRUE;
}

BkLesson *
bk_lesson_new_from_data (const char  *data,
                         gsize        length,
                         GError     **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (BkLesson) lesson = g_new0 (BkLesson, 1);
  g_auto (GStrv) groups = NULL;
  gsize n_groups;

  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, error))
    return NULL;
  if (!(lesson->id = read_text (file, "Lesson", "Id", TRUE, error))
      || !(lesson->title = read_text (file, "Lesson", "Title", TRUE, error))
      || !(lesson->summary = read_text (file, "Lesson", "Summary", TRUE, error))
      || !read_rules (file, lesson, error)
      || !read_deal (file, lesson, error))
    return NULL;
  lesson->sections = g_key_file_get_string_list (file, "Lesson", "Sections", NULL, NULL);
  if (lesson->sections == NULL || lesson->sections[0] == NULL)
    {
      format_error (error, "Lesson", "Sections", "missing");
      return NULL;
    }

  /* The steps are the groups "Step 1", "Step 2", … in that order. */
  groups = g_key_file_get_groups (file, &n_groups);
  lesson->steps = g_new0 (BkLessonStep, n_groups);
  for (guint i = 1; ; i++)
    {
      g_autofree char *group = g_strdup_printf ("Step %u", i);

      if (!g_key_file_has_group (file, group))
        break;
      if (!read_step (file, group, lesson->game, &lesson->steps[lesson->n_steps++], error))
        return NULL;
    }
  if (lesson->n_steps == 0)
    {
      format_error (error, "Step 1", "Text", "a lesson has steps");
      return NULL;
    }
  return g_steal_pointer (&lesson);
}

BkLesson *
bk_lesson_new_from_resource (const char  *path,
                             GError     **error)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                      error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return bk_lesson_new_from_data (data, length, error);
}

/* In the order of the numbers in the names, so that lesson 10 comes after lesson 9. */
static int
compare_names (const void *a,
               const void *b)
{
  g_autofree char *key_a = g_utf8_collate_key_for_filename (*(const char * const *) a, -1);
  g_autofree char *key_b = g_utf8_collate_key_for_filename (*(const char * const *) b, -1);

  return strcmp (key_a, key_b);
}

/* Every lesson in the GResource, in the order of their file names (which start with the
 * game and a number: bierkopf-1-cards.lesson). */
GPtrArray *
bk_lesson_load_all (GError **error)
{
  g_auto (GStrv) names = g_resources_enumerate_children (BK_LESSON_RESOURCE_DIR,
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  g_autoptr (GPtrArray) lessons = NULL;

  if (names == NULL)
    return NULL;
  qsort (names, g_strv_length (names), sizeof *names, compare_names);
  lessons = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_lesson_free);
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *path = g_build_path ("/", BK_LESSON_RESOURCE_DIR, names[i], NULL);
      g_autoptr (GError) local = NULL;
      BkLesson *lesson;

      if (!g_str_has_suffix (names[i], ".lesson"))
        continue;
      lesson = bk_lesson_new_from_resource (path, &local);
      if (lesson == NULL)
        {
          g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_FORMAT, "%s: %s", names[i],
                       local->message);
          return NULL;
        }
      g_ptr_array_add (lessons, lesson);
    }
  return g_steal_pointer (&lessons);
}

/* A lesson's text translated, with each {EO} (a card in notation.md) replaced by the
 * card's name in the active deck and language: the screen never shows codes. */
char *
bk_lesson_expand (const char *msgid)
{
  const char *text = g_dgettext (GETTEXT_PACKAGE, msgid);
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p; )
    {
      const char *close = *p == '{' ? strchr (p, '}') : NULL;
      BkCard card;

      if (close != NULL && close - p < 6)
        {
          g_autofree char *code = g_strndup (p + 1, close - p - 1);
          g_autofree char *as_card = NULL;

          /* {r:A} is a rank's name, {s:E} a suit's, in the active deck. */
          if (g_str_has_prefix (code, "r:"))
            as_card = g_strconcat ("E", code + 2, NULL);
          else if (g_str_has_prefix (code, "s:"))
            as_card = g_strconcat (code + 2, "A", NULL);
          if (as_card != NULL && bk_card_parse (as_card, &card, NULL))
            {
              BkDeckStyle style = bk_card_get_display_style ();

              g_string_append (out, code[0] == 'r'
                                    ? bk_rank_display_name (bk_card_rank (card), style)
                                    : bk_suit_display_name (bk_card_suit (card), style));
              p = close + 1;
              continue;
            }
          if (bk_card_parse (code, &card, NULL))
            {
              g_autofree char *name = bk_card_display_name (card);

              g_string_append (out, name);
              p = close + 1;
              continue;
            }
        }
      g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}
