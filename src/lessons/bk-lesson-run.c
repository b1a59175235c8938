/* bk-lesson-run.c: a lesson played on the real engine. The hand so far is kept as the
 * cards played, so that an answer is judged on a fresh copy of the hand (the same deal,
 * the same cards) and never on the game the table shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-lessons"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bidding.h"
#include "bk-bierkopf-query.h"
#include "bk-game-rules.h"
#include "bk-games.h"
#include "bk-herzla.h"
#include "bk-herzla-session.h"
#include "bk-lesson-run.h"

struct _BkLessonRun
{
  GObject         parent_instance;

  const BkLesson *lesson;   /* not owned: the lessons live as long as the app */
  BkGame         *game;     /* the game the table shows */
  GArray         *played;   /* BkAction: every card and word of the hand so far, in order */
  guint           step;
  gboolean        answered; /* the current step's task was answered right */
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BkLessonRun, bk_lesson_run, G_TYPE_OBJECT)

static void
bk_lesson_run_finalize (GObject *object)
{
  BkLessonRun *self = BK_LESSON_RUN (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->played, g_array_unref);
  G_OBJECT_CLASS (bk_lesson_run_parent_class)->finalize (object);
}

static void
bk_lesson_run_class_init (BkLessonRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bk_lesson_run_finalize;

  /* The step, or whether it is answered, changed. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bk_lesson_run_init (BkLessonRun *self)
{
  self->played = g_array_new (FALSE, FALSE, sizeof (BkAction));
}

/* The talk or the bidding before the first card, unless the lesson teaches it: every seat
 * passes, as the notation's records do when their first line is a card (notation.md). */
static gboolean
pass_bidding (BkGame  *game,
              GError **error)
{
  for (guint guard = 0; bk_game_get_phase (game) == BK_PHASE_BIDDING; guard++)
    {
      BkAction pass;

      if (guard > 16)
        {
          g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_ENGINE,
                       "the lesson's hand does not reach the first card");
          return FALSE;
        }
      /* Bierkopf's pass (B3), Herzla's "weiter" (H3.2). */
      if (bk_game_get_rules (game)->game == BK_GAME_HERZLA)
        pass = bk_action_make (BK_ACTION_BID, bk_game_get_to_act (game), BK_CONTRACT_NORMAL);
      else
        pass = bk_action_make (BK_ACTION_PASS, bk_game_get_to_act (game), 0);
      if (!bk_game_apply (game, &pass, error))
        return FALSE;
    }
  return TRUE;
}

static BkGame *
deal_game (const BkLesson  *lesson,
           GArray          *played,
           GError         **error)
{
  g_autoptr (BkGame) game = bk_game_new (&lesson->rules, 1);

  if (!bk_game_deal (game, lesson->dealer, lesson->hands, 0, error)
      || (!lesson->talk && !pass_bidding (game, error)))
    return NULL;
  for (guint i = 0; played && i < played->len; i++)
    if (!bk_game_apply (game, &g_array_index (played, BkAction, i), error))
      return NULL;
  return g_steal_pointer (&game);
}

/* Applies @action (its seat BK_SEAT_NONE: whoever is to act) to the real game, and keeps
 * it for the copies the judge makes. */
static gboolean
apply (BkLessonRun  *self,
       BkAction      action,
       GError      **error)
{
  g_autoptr (GError) local = NULL;

  if (action.seat == BK_SEAT_NONE)
    action.seat = (guint8) bk_game_get_to_act (self->game);
  if (!bk_game_apply (self->game, &action, &local))
    {
      g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_ENGINE, "%s (action %u of seat %u)",
                   local->message, action.type, action.seat);
      return FALSE;
    }
  g_array_append_val (self->played, action);
  return TRUE;
}

/* The lesson's scripted cards and words, on the real game: the others', and the person's
 * own in a step that is watched. */
static gboolean
play_scripted (BkLessonRun    *self,
               const BkAction *actions,
               guint           n_actions,
               GError        **error)
{
  for (guint i = 0; i < n_actions; i++)
    if (!apply (self, actions[i], error))
      return FALSE;
  return TRUE;
}

static gboolean
enter_step (BkLessonRun  *self,
            guint         step,
            GError      **error)
{
  const BkLessonStep *s = &self->lesson->steps[step];

  self->step = step;
  self->answered = FALSE;
  if (!play_scripted (self, s->before, s->n_before, error))
    return FALSE;
  if (s->task == BK_LESSON_TASK_RETOUR || s->task == BK_LESSON_TASK_LEADER
      || s->task == BK_LESSON_TASK_VIEW_TRICK
      ? bk_game_get_phase (self->game) != BK_PHASE_PLAYING
      : s->task == BK_LESSON_TASK_LINES || s->task == BK_LESSON_TASK_PAID
      ? bk_game_get_phase (self->game) != BK_PHASE_HAND_OVER
      : s->task != BK_LESSON_TASK_NONE
        && (bk_game_get_phase (self->game)
            != (s->task == BK_LESSON_TASK_TALK ? BK_PHASE_BIDDING : BK_PHASE_PLAYING)
            || bk_game_get_to_act (self->game) != BK_LESSON_PERSON))
    {
      g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_ENGINE,
                   "step %u: its task does not fit the hand (the person's turn for a card, "
                   "the hand over for its lines)", step + 1);
      return FALSE;
    }
  return TRUE;
}

/* @lesson must outlive the run. */
BkLessonRun *
bk_lesson_run_new (const BkLesson  *lesson,
                   GError         **error)
{
  g_autoptr (BkLessonRun) self = NULL;

  g_return_val_if_fail (lesson != NULL && lesson->n_steps > 0, NULL);

  self = g_object_new (BK_TYPE_LESSON_RUN, NULL);
  self->lesson = lesson;
  if (!(self->game = deal_game (lesson, NULL, error)) || !enter_step (self, 0, error))
    return NULL;
  return g_steal_pointer (&self);
}

const BkLesson *
bk_lesson_run_get_lesson (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), NULL);
  return self->lesson;
}

BkGame *
bk_lesson_run_get_game (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), NULL);
  return self->game;
}

guint
bk_lesson_run_get_step (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), 0);
  return self->step;
}

const BkLessonStep *
bk_lesson_run_get_current (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), NULL);
  return &self->lesson->steps[self->step];
}

/* Whether the person may go on: the step has no task, or it was answered right. */
gboolean
bk_lesson_run_is_answered (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);
  return self->answered || self->lesson->steps[self->step].task == BK_LESSON_TASK_NONE;
}

gboolean
bk_lesson_run_is_finished (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);
  return self->step + 1 == self->lesson->n_steps && bk_lesson_run_is_answered (self);
}

/* The step's text, translated, card names in the active deck. */
char *
bk_lesson_run_dup_text (BkLessonRun *self)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), NULL);
  return bk_lesson_expand (self->lesson->steps[self->step].text);
}

/* The person's cards the table highlights now. */
BkHand
bk_lesson_run_get_highlight (BkLessonRun *self)
{
  const BkLessonStep *step;
  BkHand hand;
  BkHand shown = 0;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), 0);

  step = &self->lesson->steps[self->step];
  hand = bk_game_get_cards (self->game, BK_LESSON_PERSON);
  switch (step->show)
    {
    case BK_LESSON_SHOW_NONE:
      break;
    case BK_LESSON_SHOW_TRUMPS:
      {
        const BkGameRules *rules = bk_game_rules_get (self->lesson->game);

        shown = hand & rules->group_cards[BK_GROUP_TRUMP];
      }
      break;
    case BK_LESSON_SHOW_LEGAL:
      if (bk_game_get_to_act (self->game) == BK_LESSON_PERSON)
        shown = bk_game_get_legal (self->game);
      break;
    case BK_LESSON_SHOW_CARDS:
      shown = step->show_cards;
      break;
    case BK_LESSON_SHOW_COASTER:   /* no card: the window shows the coaster */
      break;
    }
  return shown & hand;
}

/* The seats (a bit each) that take trick @trick_index in some way the hand after @actions
 * may go on, every seat playing any card the engine allows. */
static gboolean
trick_winners (const BkLesson  *lesson,
               GArray          *actions,
               guint            trick_index,
               guint           *winners,
               guint            depth,
               GError         **error)
{
  g_autoptr (BkGame) game = deal_game (lesson, actions, error);
  BkSeat winner;
  BkSeat seat;

  if (game == NULL)
    return FALSE;
  if (bk_game_get_trick (game, trick_index, NULL, &winner))
    {
      *winners |= 1u << winner;
      return TRUE;
    }
  g_assert (depth < BK_MAX_SEATS);
  seat = bk_game_get_to_act (game);
  for (BkHand rest = bk_game_get_legal (game); rest; rest &= rest - 1)
    {
      BkAction action = bk_action_make (BK_ACTION_PLAY, seat, bk_hand_first (rest));

      g_array_append_val (actions, action);
      if (!trick_winners (lesson, actions, trick_index, winners, depth + 1, error))
        return FALSE;
      g_array_set_size (actions, actions->len - 1);
    }
  return TRUE;
}

static char *
explain (const char *reason,
         const char *msgid)
{
  g_autofree char *text = bk_lesson_expand (msgid);

  if (reason == NULL)
    return g_steal_pointer (&text);
  /* Translators: the engine's reason why a card may not be played, then the lesson's
   * explanation with the rule's section, e.g. "You must follow with a trump. B4.2: …" */
  return g_strdup_printf (_("%s. %s"), reason, text);
}

/* Whether @card answers the current task right, asked of the engine on a copy of the
 * hand; when not, *@explanation (translated) says why and names the section. FALSE with
 * @error set only when the lesson itself is at fault (a scripted card refused). */
gboolean
bk_lesson_run_judge (BkLessonRun  *self,
                     BkCard        card,
                     char        **explanation,
                     GError      **error)
{
  const BkLessonStep *step;
  g_autoptr (BkGame) copy = NULL;
  g_autoptr (GError) refused = NULL;
  gboolean right = FALSE;
  guint trick_index = 0;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);
  g_return_val_if_fail (explanation != NULL && *explanation == NULL, FALSE);

  step = &self->lesson->steps[self->step];
  g_return_val_if_fail (step->task != BK_LESSON_TASK_NONE && !self->answered, FALSE);
  g_return_val_if_fail (!bk_lesson_task_is_choice (step->task), FALSE);

  if (!(copy = deal_game (self->lesson, self->played, error)))
    return FALSE;
  while (bk_game_get_trick (copy, trick_index, NULL, NULL))
    trick_index++;
  if (!bk_game_play (copy, BK_LESSON_PERSON, card, &refused))
    {
      *explanation = explain (refused->message, step->illegal ? step->illegal : step->wrong);
      return FALSE;
    }

  switch (step->task)
    {
    case BK_LESSON_TASK_NONE:
    case BK_LESSON_TASK_LINES:
    case BK_LESSON_TASK_TALK:
    case BK_LESSON_TASK_RETOUR:
    case BK_LESSON_TASK_LEADER:
    case BK_LESSON_TASK_VIEW_TRICK:
    case BK_LESSON_TASK_PAID:
    case BK_LESSON_TASK_PLAY:
      right = TRUE;
      break;
    case BK_LESSON_TASK_MOST_POINTS:
      {
        const BkGameRules *rules = bk_game_rules_get (self->lesson->game);
        BkHand legal = bk_game_get_legal (self->game);

        right = TRUE;
        for (BkHand rest = legal; rest; rest &= rest - 1)
          if (rules->points[bk_hand_first (rest)] > rules->points[card])
            right = FALSE;
      }
      break;
    case BK_LESSON_TASK_WIN_TRICK:
    case BK_LESSON_TASK_LOSE_TRICK:
      {
        g_autoptr (GArray) actions = g_array_copy (self->played);
        guint winners = 0;
        BkAction action = bk_action_make (BK_ACTION_PLAY, BK_LESSON_PERSON, card);

        /* Every way the others may finish the trick, as the engine allows them: won
         * when the person takes it in every one, lost when another can take it. */
        g_array_append_val (actions, action);
        if (!trick_winners (self->lesson, actions, trick_index, &winners, 0, error))
          return FALSE;
        if (step->task == BK_LESSON_TASK_WIN_TRICK)
          right = winners == 1u << BK_LESSON_PERSON;
        else
          right = (winners & ~(1u << BK_LESSON_PERSON)) != 0;
      }
      break;
    }
  if (!right)
    *explanation = explain (NULL, step->wrong);
  return right;
}

/* Judges @card and, when right, plays it on the real game with the others' cards after
 * it; a wrong answer leaves the game as it was. */
gboolean
bk_lesson_run_answer (BkLessonRun  *self,
                      BkCard        card,
                      char        **explanation,
                      GError      **error)
{
  const BkLessonStep *step;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);

  if (!bk_lesson_run_judge (self, card, explanation, &local))
    {
      if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  step = &self->lesson->steps[self->step];
  if (!apply (self, bk_action_make (BK_ACTION_PLAY, BK_LESSON_PERSON, card), error)
      || !play_scripted (self, step->then, step->n_then, error))
    return FALSE;
  self->answered = TRUE;
  if (step->right != NULL)
    *explanation = bk_lesson_expand (step->right);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

/* Whether @value answers the current choice task right, as the engine scored the hand;
 * when not, *@explanation says why and names the section. */
gboolean
bk_lesson_run_judge_choice (BkLessonRun  *self,
                            guint         value,
                            char        **explanation)
{
  const BkLessonStep *step;
  gboolean right = FALSE;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);
  g_return_val_if_fail (explanation != NULL && *explanation == NULL, FALSE);

  step = &self->lesson->steps[self->step];
  g_return_val_if_fail (bk_lesson_task_is_choice (step->task) && !self->answered, FALSE);

  switch (step->task)
    {
    case BK_LESSON_TASK_LINES:
      {
        const BkHandResult *result = bk_bierkopf_game_get_last_result (self->game);

        right = result != NULL && result->lines == value;
      }
      break;
    case BK_LESSON_TASK_TALK:
      /* B3.1, B3.5: the word an honest player says of this hand, as the engine's
       * computer players estimate it. */
      right = value == bk_talk_word (&self->lesson->rules,
                                     bk_game_get_cards (self->game, BK_LESSON_PERSON),
                                     BK_LESSON_PERSON, self->lesson->dealer);
      break;
    case BK_LESSON_TASK_RETOUR:
      /* B3.6: the engine says whether the person may double back now. */
      right = (value != 0) == bk_bierkopf_game_may_double (self->game, BK_LESSON_PERSON);
      break;
    case BK_LESSON_TASK_LEADER:
      /* B2.4, B4.1: whoever the engine lets lead. */
      right = value == bk_game_get_to_act (self->game);
      break;
    case BK_LESSON_TASK_VIEW_TRICK:
      /* B4.5: which taken tricks the engine lets the person look at. */
      right = (value != 0) == bk_game_may_view_trick (self->game, BK_LESSON_PERSON,
                                                      step->trick - 1);
      break;
    case BK_LESSON_TASK_PAID:
      {
        /* H5: whom the engine's payments of the hand pay. */
        const BkHerzlaResult *result = bk_herzla_game_get_last_result (self->game);

        right = result != NULL && value < BK_MAX_SEATS && result->payment.cents[value] > 0;
      }
      break;
    default:
      g_assert_not_reached ();
    }
  if (!right)
    *explanation = bk_lesson_expand (step->wrong);
  return right;
}

/* Judges the choice @value and, when right, takes it; a wrong one changes nothing. */
gboolean
bk_lesson_run_answer_choice (BkLessonRun  *self,
                             guint         value,
                             char        **explanation)
{
  const BkLessonStep *step;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);

  if (!bk_lesson_run_judge_choice (self, value, explanation))
    return FALSE;
  step = &self->lesson->steps[self->step];
  if ((step->task == BK_LESSON_TASK_TALK
       && !apply (self, bk_action_make (BK_ACTION_TALK, BK_LESSON_PERSON, value), &local))
      || (step->task == BK_LESSON_TASK_RETOUR && value != 0
          && !apply (self, bk_action_make (BK_ACTION_DOUBLE, BK_LESSON_PERSON, 0), &local))
      || !play_scripted (self, step->then, step->n_then, &local))
    {
      g_warning ("lesson %s: %s", self->lesson->id, local->message);
      return FALSE;
    }
  self->answered = TRUE;
  if (step->right != NULL)
    *explanation = bk_lesson_expand (step->right);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

/* The answers a choice task offers, as BkLessonChoice: for the lines 0 to 3, for the talk
 * the words the engine allows the person now, with their translated labels. */
GArray *
bk_lesson_run_dup_choices (BkLessonRun *self)
{
  const BkLessonStep *step;
  GArray *choices;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), NULL);

  choices = g_array_new (FALSE, FALSE, sizeof (BkLessonChoice));
  g_array_set_clear_func (choices, (GDestroyNotify) bk_lesson_choice_clear);
  step = &self->lesson->steps[self->step];
  /* 0 lines too: a 60:60 hand (B5.3). */
  if (step->task == BK_LESSON_TASK_LINES)
    for (guint value = 0; value <= BK_LESSON_MAX_CHOICE; value++)
      {
        BkLessonChoice choice = { value, NULL };

        /* Translators: an answer in a lesson: what the winners strike on their coaster */
        choice.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u line", "%u lines",
                                                     value), value);
        g_array_append_val (choices, choice);
      }
  else if (step->task == BK_LESSON_TASK_RETOUR)
    {
      BkLessonChoice yes = { 1, g_strdup (_("_Retour!")) };
      BkLessonChoice no = { 0, g_strdup (_("_Not Yet")) };

      g_array_append_val (choices, yes);
      g_array_append_val (choices, no);
    }
  else if (step->task == BK_LESSON_TASK_VIEW_TRICK)
    {
      BkLessonChoice yes = { 1, g_strdup (_("_Yes")) };
      BkLessonChoice no = { 0, g_strdup (_("_No")) };

      g_array_append_val (choices, yes);
      g_array_append_val (choices, no);
    }
  else if (step->task == BK_LESSON_TASK_LEADER || step->task == BK_LESSON_TASK_PAID)
    {
      const BkGameModule *module = bk_game_get_module (self->game);

      for (guint seat = 0; seat < bk_game_get_n_seats (self->game); seat++)
        {
          BkLessonChoice choice = { seat, module->seat_display_name (&self->lesson->rules,
                                                                     seat) };

          g_array_append_val (choices, choice);
        }
    }
  else if (step->task == BK_LESSON_TASK_TALK)
    {
      BkOptions options = { 0 };

      bk_bierkopf_game_get_options (self->game, BK_LESSON_PERSON, &options);
      for (guint i = 0; i < options.n; i++)
        if (options.options[i].legal && options.options[i].action.type == BK_ACTION_TALK)
          {
            BkLessonChoice choice = { options.options[i].action.arg,
                                      g_strdup (options.options[i].label) };

            g_array_append_val (choices, choice);
          }
      bk_options_clear (&options);
    }
  return choices;
}

void
bk_lesson_choice_clear (BkLessonChoice *choice)
{
  g_clear_pointer (&choice->label, g_free);
}

/* The cards of the person's hand the current task accepts, as the engine judges them
 * (for a choice task, the set of values: bit n for n). */
BkHand
bk_lesson_run_accepted (BkLessonRun  *self,
                        GError      **error)
{
  BkHand accepted = 0;

  g_return_val_if_fail (BK_IS_LESSON_RUN (self), 0);

  if (bk_lesson_task_is_choice (self->lesson->steps[self->step].task))
    {
      g_autoptr (GArray) choices = bk_lesson_run_dup_choices (self);

      for (guint i = 0; i < choices->len; i++)
        {
          guint value = g_array_index (choices, BkLessonChoice, i).value;
          g_autofree char *explanation = NULL;

          if (bk_lesson_run_judge_choice (self, value, &explanation))
            accepted |= (BkHand) 1 << value;
        }
      return accepted;
    }
  for (BkHand rest = bk_game_get_cards (self->game, BK_LESSON_PERSON); rest; rest &= rest - 1)
    {
      g_autofree char *explanation = NULL;
      g_autoptr (GError) local = NULL;
      BkCard card = bk_hand_first (rest);

      if (bk_lesson_run_judge (self, card, &explanation, &local))
        accepted |= BK_HAND_BIT (card);
      else if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return 0;
        }
    }
  return accepted;
}

/* On to the next step, once this one is answered; the others play its cards before. */
gboolean
bk_lesson_run_next (BkLessonRun  *self,
                    GError      **error)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);
  g_return_val_if_fail (bk_lesson_run_is_answered (self), FALSE);
  g_return_val_if_fail (self->step + 1 < self->lesson->n_steps, FALSE);

  if (!enter_step (self, self->step + 1, error))
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

/* Resumes a lesson left at @step: each step before it is done with its first declared
 * answer (which the validation test proves the engine accepts). */
gboolean
bk_lesson_run_skip_to (BkLessonRun  *self,
                       guint         step,
                       GError      **error)
{
  g_return_val_if_fail (BK_IS_LESSON_RUN (self), FALSE);

  step = MIN (step, self->lesson->n_steps - 1);
  while (self->step < step)
    {
      const BkLessonStep *s = &self->lesson->steps[self->step];

      if (!bk_lesson_run_is_answered (self))
        {
          g_autofree char *explanation = NULL;

          gboolean right = bk_lesson_task_is_choice (s->task)
            ? bk_lesson_run_answer_choice (self, bk_hand_first (s->answers), &explanation)
            : bk_lesson_run_answer (self, bk_hand_first (s->answers), &explanation, error);

          if (!right)
            {
              if (error && *error == NULL)
                g_set_error (error, BK_LESSON_ERROR, BK_LESSON_ERROR_ENGINE,
                             "step %u: its first answer is wrong", self->step + 1);
              return FALSE;
            }
        }
      if (!bk_lesson_run_next (self, error))
        return FALSE;
    }
  return TRUE;
}
