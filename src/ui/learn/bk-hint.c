/* bk-hint.c: the Meister's advice for the person at the running position, computed on a
 * worker thread (the game view's hint job holds only what the person may know), shown
 * when the position is still the one it was asked for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "bk-hint.h"
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
  const BkGameView  *last_view; /* the game view of the last hint shown, and its job */
  gpointer           last;
};

G_DEFINE_FINAL_TYPE (BkHint, bk_hint, G_TYPE_OBJECT)

enum {
  SIGNAL_MESSAGE,
  SIGNAL_SHOWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A request: the game view's job (BkGameView.hint_new). */
typedef struct {
  const BkGameView *view;
  gpointer          data;
} Job;

static void
job_free (Job *job)
{
  if (job->data)
    job->view->hint_free (job->data);
  g_free (job);
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
clear_last (BkHint *self)
{
  if (self->last)
    self->last_view->hint_free (self->last);
  self->last = NULL;
  self->last_view = NULL;
}

static void
bk_hint_dispose (GObject *object)
{
  BkHint *self = BK_HINT (object);

  bk_hint_cancel (self);
  clear_last (self);
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

  if (job->view->hint_run (job->data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* The hint in the game's words: on the card it raises, in its tooltip; else (a word, a
 * doubling, a bid) as a message, its lines joined. */
static void
show (BkHint *self,
      Job    *job)
{
  BkCardTheme *theme = self->table ? bk_table_get_theme (self->table) : NULL;
  BkCard card = BK_CARD_NONE;
  g_autofree char *words = job->view->hint_text (job->data, theme, &card);
  g_autoptr (GString) text = g_string_new (words);

  clear_last (self);
  self->last_view = job->view;
  self->last = g_steal_pointer (&job->data);
  if (self->recorder)
    bk_history_recorder_note_hint (self->recorder);

  clear_tip (self);
  if (card != BK_CARD_NONE && self->table && bk_table_raise_card (self->table, card))
    {
      self->tipped = bk_table_get_card_widget (self->table, card);
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

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  BkHint *self = BK_HINT (source);
  GTask *task = G_TASK (result);
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
  show (self, g_task_get_task_data (task));
}

/* Asks the Meister for @seat's card or word at @game's position; the answer comes on this
 * thread when it is ready, if nothing has moved meanwhile. A game without a hint
 * (BkGameView.hint_new NULL) is not asked. */
void
bk_hint_request (BkHint *self,
                 BkGame *game,
                 BkSeat  seat)
{
  const BkGameView *view;
  g_autoptr (GTask) task = NULL;
  Job *job;
  guint64 seed;

  g_return_if_fail (BK_IS_HINT (self));
  g_return_if_fail (BK_IS_GAME (game));

  bk_hint_cancel (self);
  view = bk_game_view_get (bk_game_get_module (game)->kind);
  if (view == NULL || view->hint_new == NULL)
    return;
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

  /* One seed per position: asking again gives the same advice. */
  seed = bk_rng_mix (bk_game_get_seed (game) ^
                     ((guint64) bk_game_get_hand_number (game) << 32) ^ self->generation);
  job = g_new0 (Job, 1);
  job->view = view;
  /* Only what the seat may know goes to the worker. */
  job->data = view->hint_new (game, seat, seed);
  task = g_task_new (self, self->cancellable, hint_done_cb, NULL);
  g_task_set_source_tag (task, bk_hint_request);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, hint_thread);
}

/* The game view's job of the last hint shown (its answer in the game's terms), with that
 * view in @view; NULL before the first. */
gpointer
bk_hint_get_last (BkHint            *self,
                  const BkGameView **view)
{
  g_return_val_if_fail (BK_IS_HINT (self), NULL);

  if (view)
    *view = self->last_view;
  return self->last;
}
