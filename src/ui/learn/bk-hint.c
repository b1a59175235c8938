/* bk-hint.c: the Meister's advice for the person at the running position, computed on a
 * worker thread (bk_review_hint() reads only what the person may know), shown when the
 * position is still the one it was asked for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-card-view.h"
#include "bk-herzla-game.h"
#include "bk-herzla-info.h"
#include "bk-herzla-review.h"
#include "bk-hint.h"
#include "bk-played-hand.h"
#include "bk-rng.h"

struct _BkHint
{
  GObject            parent_instance;

  BkTable           *table;     /* weak */
  BkHistoryRecorder *recorder;  /* weak */
  GSettings         *settings;
  GCancellable      *cancellable;
  BkGame            *game;      /* the game a hint was asked or shown for */
  guint              generation;
  GtkWidget         *tipped;    /* the card whose tooltip tells the hint */
  gboolean           has_last;
  BkReviewHint       last;
};

G_DEFINE_FINAL_TYPE (BkHint, bk_hint, G_TYPE_OBJECT)

enum {
  SIGNAL_MESSAGE,
  SIGNAL_SHOWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct {
  BkPlayedHand *hand;
  BkSeat       seat;
  guint64      seed;
  BkReviewHint hint;
  /* Herzla: the seat's view of the hand alone (BkHerzlaInfo's public hand). */
  gboolean           herzla;
  BkHerzlaHand       herzla_hand;
  BkHerzlaReviewHint herzla_hint;
} Job;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->hand, bk_played_hand_free);
  g_free (job);
}

/* A card by its name in the deck shown; a word as said; a doubling or a pass in the
 * words of the buttons that say it: before the first card (@trick 0) "Spritze" or "Pass",
 * in play "Retour" or "No Retour". */
char *
bk_hint_describe_action (BkCardTheme    *theme,
                         const BkAction *action,
                         guint           trick)
{
  switch (action->type)
    {
    case BK_ACTION_PLAY:
      return bk_card_theme_card_name (theme, (BkCard) action->arg);
    case BK_ACTION_TALK:
      /* Translators: a word said at the table, in quotation marks */
      return g_strdup_printf (_("“%s”"), bk_word_display ((BkWord) action->arg));
    case BK_ACTION_DOUBLE:
      /* Translators: the doubling during play, as its button says it (without the "!") */
      return g_strdup (trick > 0 ? C_("doubling", "Retour")
                                 /* Translators: the doubling before the first card, as
                                  * its button says it (without the "!") */
                                 : C_("doubling", "Spritze"));
    case BK_ACTION_PASS:
      /* Translators: no Retour, as its button says it */
      return g_strdup (trick > 0 ? C_("doubling", "No Retour")
                                 /* Translators: no Spritze, as the button says it */
                                 : C_("doubling", "Pass"));
    default:
      return g_strdup ("?");
    }
}

/* @value rounded to @decimals, and 0 rather than -0 when it rounds to nothing, so that
 * printing it never says "-0.0". */
double
bk_hint_tidy (double value,
              int    decimals)
{
  double scale = pow (10, decimals);

  value = round (value * scale) / scale;
  return value == 0 ? 0 : value;
}

/* A value in words: card points for a card; lines for a doubling, with their sign (won
 * or lost). What rounds to nothing is 0, never "-0.0". */
char *
bk_hint_value_text (guint  kind,
                    double value)
{
  if (isnan (value))
    return g_strdup ("–");
  value = bk_hint_tidy (value, 1);
  if (kind == BK_REVIEW_DOUBLE && value != 0)
    /* Translators: lines won (+) or lost (−) */
    return g_strdup_printf (_("%+.1f lines"), value);
  if (kind == BK_REVIEW_DOUBLE)
    /* Translators: lines, in the review */
    return g_strdup_printf (_("%.1f lines"), value);
  /* Translators: card points, in the review */
  return g_strdup_printf (_("%.1f points"), value);
}

/* An option with its value: the expected one, or with @exact the one with all cards
 * open; card points for a card, lines for a doubling. */
char *
bk_hint_describe_option (BkCardTheme          *theme,
                         guint                 kind,
                         guint                 trick,
                         const BkReviewOption *option,
                         gboolean              exact)
{
  g_autofree char *name = bk_hint_describe_action (theme, &option->action, trick);
  double value = exact ? option->exact : option->expected;
  g_autofree char *amount = NULL;

  if (isnan (value))
    return g_steal_pointer (&name);
  amount = bk_hint_value_text (kind, value);
  /* Translators: an option and what it is worth, e.g. "Spritze: +1.3 lines" or
   * "Eichel-Ober: 72.4 points" */
  return g_strdup_printf (_("%s: %s"), name, amount);
}

static void
clear_tip (BkHint *self)
{
  if (self->tipped)
    {
      gtk_widget_set_tooltip_text (self->tipped, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->tipped), (gpointer *) &self->tipped);
      self->tipped = NULL;
    }
}

/* Any move makes the advice old. */
static void
moved_cb (BkHint *self)
{
  clear_tip (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
}

void
bk_hint_cancel (BkHint *self)
{
  g_return_if_fail (BK_IS_HINT (self));

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  moved_cb (self);
  g_clear_object (&self->game);
}

static void
bk_hint_dispose (GObject *object)
{
  BkHint *self = BK_HINT (object);

  bk_hint_cancel (self);
  g_clear_weak_pointer (&self->table);
  g_clear_weak_pointer (&self->recorder);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (bk_hint_parent_class)->dispose (object);
}

static void
bk_hint_class_init (BkHintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_hint_dispose;

  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_SHOWN] =
    g_signal_new ("shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
bk_hint_init (BkHint *self)
{
  self->settings = g_settings_new (APP_ID);
}

BkHint *
bk_hint_new (BkTable           *table,
             BkHistoryRecorder *recorder)
{
  BkHint *self = g_object_new (BK_TYPE_HINT, NULL);

  g_set_weak_pointer (&self->table, table);
  g_set_weak_pointer (&self->recorder, recorder);
  return self;
}

static void
hint_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gboolean ok;

  if (job->herzla)
    ok = bk_herzla_review_hint (&job->herzla_hand, job->seat, job->seed, &job->herzla_hint,
                                &error);
  else
    ok = bk_played_hand_hint (job->hand, job->seat, job->seed, &job->hint, &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* The hint in words: the Meister's choice, or the only option, and the values of the two
 * best options (a card's tooltip; lines apart, as a message they are joined). */
char *
bk_hint_text (BkCardTheme        *theme,
              const BkReviewHint *hint)
{
  g_autofree char *choice = bk_hint_describe_action (theme, &hint->choice, hint->trick);
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean only = hint->kind != BK_REVIEW_TALK && hint->n_options == 1;

  if (hint->kind == BK_REVIEW_TALK)
    /* Translators: %s is a word in quotation marks */
    g_string_append_printf (text, _("The Meister would say %s"), choice);
  else if (only && hint->kind == BK_REVIEW_CARD)
    /* Translators: %s is a card: the one legal card */
    g_string_append_printf (text, _("%s is the only card you can play"), choice);
  else if (only)
    /* Translators: %s is "Pass" or "No Retour": no doubling is allowed */
    g_string_append_printf (text, _("%s is the only choice you have"), choice);
  else
    /* Translators: %s is a card, or "Spritze" / "Pass" / "Retour" / "No Retour" */
    g_string_append_printf (text, _("The Meister’s choice: %s"), choice);
  /* A word has no value of its own: only cards and doublings show the two best; a single
   * option only when its value is known. */
  for (guint i = 0; hint->kind != BK_REVIEW_TALK && i < hint->n_options; i++)
    {
      g_autofree char *option = NULL;

      if (only && isnan (hint->best[i].expected))
        break;
      option = bk_hint_describe_option (theme, hint->kind, hint->trick, &hint->best[i], FALSE);
      g_string_append_printf (text, "\n%s", option);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show (BkHint             *self,
      const BkReviewHint *hint)
{
  BkCardTheme *theme = self->table ? bk_table_get_theme (self->table) : NULL;
  g_autofree char *words = bk_hint_text (theme, hint);
  g_autoptr (GString) text = g_string_new (words);

  self->last = *hint;
  self->has_last = TRUE;
  if (self->recorder)
    bk_history_recorder_note_hint (self->recorder);

  clear_tip (self);
  if (hint->kind == BK_REVIEW_CARD && self->table &&
      bk_table_raise_card (self->table, (BkCard) hint->choice.arg))
    {
      self->tipped = bk_table_get_card_widget (self->table, (BkCard) hint->choice.arg);
      g_object_add_weak_pointer (G_OBJECT (self->tipped), (gpointer *) &self->tipped);
      gtk_widget_set_tooltip_text (self->tipped, text->str);
      gtk_widget_trigger_tooltip_query (self->tipped);
      /* The tooltip goes with the next move. */
      g_signal_connect_swapped (self->game, "notify::to-act", G_CALLBACK (moved_cb), self);
    }
  else
    {
      g_string_replace (text, "\n", " · ", 0);
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text->str);
    }
  g_signal_emit (self, signals[SIGNAL_SHOWN], 0);
}

/* A Herzla bid by its name at the table. */
static char *
describe_herzla_action (BkCardTheme    *theme,
                        const BkAction *action)
{
  if (action->type == BK_ACTION_PLAY)
    return bk_card_theme_card_name (theme, (BkCard) action->arg);
  return g_strdup (bk_herzla_contract_name ((BkContract) action->arg));
}

/* The Herzla hint: the card raised with the two best options' values in its tooltip, or
 * the bid as a message. */
/* The Herzla hint in words, values in penalty points with @penalty, else in cents. */
char *
bk_hint_herzla_text (BkCardTheme              *theme,
                     const BkHerzlaReviewHint *hint,
                     gboolean                  penalty)
{
  g_autofree char *choice = describe_herzla_action (theme, &hint->choice);
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean only = !hint->bid && hint->n_options == 1;

  if (only)
    g_string_append_printf (text, _("%s is the only card you can play"), choice);
  else
    /* Translators: %s is a card, or a bid (Beddl, Mord, Weiter) */
    g_string_append_printf (text, _("The Meister’s choice: %s"), choice);
  for (guint i = 0; i < hint->n_options; i++)
    {
      g_autofree char *name = describe_herzla_action (theme, &hint->best[i].action);
      double value = hint->best[i].expected;

      if (isnan (value) && only)
        break;
      else if (isnan (value))
        g_string_append_printf (text, "\n%s", name);
      else if (penalty)
        /* Translators: an option and the penalty points expected with it, e.g.
         * "Gras-Ober: 1.3 penalty points" */
        g_string_append_printf (text, _("\n%s: %.1f penalty points"), name,
                                bk_hint_tidy (-value, 1));
      else
        /* Translators: an option and the cents expected with it (negative: paid), e.g.
         * "Gras-Ober: -12 cents" */
        g_string_append_printf (text, _("\n%s: %.0f cents"), name, bk_hint_tidy (value, 0));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show_herzla (BkHint                   *self,
             const BkHerzlaReviewHint *hint,
             gboolean                  penalty)
{
  BkCardTheme *theme = self->table ? bk_table_get_theme (self->table) : NULL;
  g_autofree char *words = bk_hint_herzla_text (theme, hint, penalty);
  g_autoptr (GString) text = g_string_new (words);

  if (self->recorder)
    bk_history_recorder_note_hint (self->recorder);
  clear_tip (self);
  if (!hint->bid && self->table &&
      bk_table_raise_card (self->table, (BkCard) hint->choice.arg))
    {
      self->tipped = bk_table_get_card_widget (self->table, (BkCard) hint->choice.arg);
      g_object_add_weak_pointer (G_OBJECT (self->tipped), (gpointer *) &self->tipped);
      gtk_widget_set_tooltip_text (self->tipped, text->str);
      gtk_widget_trigger_tooltip_query (self->tipped);
      g_signal_connect_swapped (self->game, "notify::to-act", G_CALLBACK (moved_cb), self);
    }
  else
    {
      g_string_replace (text, "\n", " · ", 0);
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text->str);
    }
  g_signal_emit (self, signals[SIGNAL_SHOWN], 0);
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  BkHint *self = BK_HINT (source);
  GTask *task = G_TASK (result);
  Job *job = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (task, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, error->message);
      return;
    }
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)) || self->game == NULL ||
      bk_game_get_generation (self->game) != self->generation)
    return; /* the game moved on meanwhile */
  if (job->herzla)
    show_herzla (self, &job->herzla_hint,
                 job->herzla_hand.rules.variant == BK_HERZLA_EINFACH);
  else
    show (self, &job->hint);
}

/* Asks the Meister for @seat's card or word at @game's position; the answer comes on this
 * thread when it is ready, if nothing has moved meanwhile. */
void
bk_hint_request (BkHint *self,
                 BkGame *game,
                 BkSeat  seat)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_if_fail (BK_IS_HINT (self));
  g_return_if_fail (BK_IS_GAME (game));

  bk_hint_cancel (self);
  if (!g_settings_get_boolean (self->settings, "hints-allowed"))
    {
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0,
                     _("Hints are turned off in Preferences"));
      return;
    }
  if ((bk_game_get_phase (game) != BK_PHASE_BIDDING &&
       bk_game_get_phase (game) != BK_PHASE_PLAYING) ||
      bk_game_get_to_act (game) != seat)
    {
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, _("It is not your turn: no hint now"));
      return;
    }

  self->game = g_object_ref (game);
  self->generation = bk_game_get_generation (game);
  self->cancellable = g_cancellable_new ();

  job = g_new0 (Job, 1);
  if (bk_game_get_module (game)->kind == BK_GAME_HERZLA)
    {
      BkHerzlaInfo info;

      /* Only what the seat may know goes to the worker. */
      bk_herzla_info_init (&info, bk_herzla_game_get_hand (game), seat);
      job->herzla = TRUE;
      job->herzla_hand = info.public_hand;
    }
  else
    job->hand = bk_played_hand_new_from_game (game);
  job->seat = seat;
  /* One seed per position: asking again gives the same advice. */
  job->seed = bk_rng_mix (bk_game_get_seed (game) ^
                          ((guint64) bk_game_get_hand_number (game) << 32) ^ self->generation);
  task = g_task_new (self, self->cancellable, hint_done_cb, NULL);
  g_task_set_source_tag (task, bk_hint_request);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, hint_thread);
}

/* The last hint shown; FALSE before the first. */
gboolean
bk_hint_get_last (BkHint       *self,
                  BkReviewHint *hint)
{
  g_return_val_if_fail (BK_IS_HINT (self), FALSE);

  if (self->has_last && hint)
    *hint = self->last;
  return self->has_last;
}
