/* bk-computer-players.c: the computer seats think on a worker thread (GTask) on a copy of
 * the hand, so the window never freezes; their move is applied on the main thread after a
 * short, natural pause, and only if the game is still where it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <gio/gio.h>

#include "bk-computer-players.h"
#include "bk-computer-turn.h"
#include "bk-game-view.h"
#include "bk-games.h"

#define PAUSE_USEC (G_USEC_PER_SEC * 6 / 10)

struct _BkComputerPlayers
{
  GObject        parent_instance;

  BkGame        *game;
  BkBusyFunc     busy;
  gpointer       busy_data;
  double         speed;

  GCancellable  *cancellable;
  gboolean       thinking;
  guint          idle_id;
  guint          timeout_id;
  guint          paused;    /* bk_computer_players_pause() calls not yet resumed */
  gboolean       cancelled; /* for good: nothing calls back any more */

  /* The decision made, waiting for its moment (not before @due, nor while paused). */
  gboolean       decided;
  gint64         due;
  BkComputerTurn turn;
  BkAction       action;
  gboolean       declines;
};

G_DEFINE_FINAL_TYPE (BkComputerPlayers, bk_computer_players, G_TYPE_OBJECT)

typedef struct {
  BkStrategy     *strategy;
  BkComputerTurn  turn;
  BkAction        action;
  gboolean        declines;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->strategy);
  g_free (job);
}

static void schedule (BkComputerPlayers *self);

static void
think_in_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  Job *job = task_data;

  bk_computer_turn_decide (&job->turn, job->strategy, &job->action, &job->declines);
  g_task_return_boolean (task, TRUE);
}

static gboolean apply_cb (gpointer user_data);

/* How many normal pauses the table needs after @action of @game's seat (its game's view
 * says). */
double
bk_computer_players_pause_factor (BkGame         *game,
                                  const BkAction *action)
{
  const BkGameView *view;

  g_return_val_if_fail (BK_IS_GAME (game), 1.0);

  view = bk_game_view_get (bk_game_get_rules (game)->game);
  if (view == NULL || view->computer_pause == NULL)
    return 1.0;
  return view->computer_pause (action);
}

/* Sets the timer for the decision made: at its due time, and never before the table has
 * shown what came before. */
static void
arm (BkComputerPlayers *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 when;

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!self->decided || self->paused || self->cancelled)
    return;
  when = MAX (self->due, self->busy ? self->busy (self->busy_data) : 0);
  self->timeout_id = g_timeout_add ((guint) MAX ((when - now) / 1000, 0), apply_cb, self);
}

static gboolean
apply_cb (gpointer user_data)
{
  BkComputerPlayers *self = user_data;
  g_autoptr (GError) error = NULL;
  gint64 busy = self->busy ? self->busy (self->busy_data) : 0;

  self->timeout_id = 0;
  if (self->paused || self->cancelled)
    return G_SOURCE_REMOVE;
  /* The table found more to show meanwhile. */
  if (busy > g_get_monotonic_time () + 1000)
    {
      arm (self);
      return G_SOURCE_REMOVE;
    }
  self->decided = FALSE;
  if (bk_game_get_generation (self->game) != self->turn.generation)
    {
      schedule (self);
      return G_SOURCE_REMOVE;
    }

  if (!bk_computer_turn_apply (self->game, &self->action, self->declines, &error))
    g_critical ("A computer player broke the rules: %s", error->message);

  schedule (self);
  return G_SOURCE_REMOVE;
}

static void
thought_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  BkComputerPlayers *self = BK_COMPUTER_PLAYERS (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gint64 pause;

  /* Cancelled: the session was replaced or the window went away, and the busy function's
   * data with it. */
  if (!g_task_propagate_boolean (G_TASK (result), &error) || self->cancelled)
    return;

  self->thinking = FALSE;
  self->turn = job->turn;
  self->action = job->action;
  self->declines = job->declines;

  /* An offer let pass is silent; the game's view says how long the table needs to read
   * its other actions. */
  if (self->declines || self->speed <= 0)
    pause = 0;
  else
    pause = (gint64) (PAUSE_USEC * bk_computer_players_pause_factor (self->game,
                                                                      &self->action) /
                      self->speed);
  self->decided = TRUE;
  self->due = g_get_monotonic_time () + pause;
  arm (self);
}

static void
start_thinking (BkComputerPlayers *self,
                BkStrategy        *strategy,
                const BkComputerTurn *turn)
{
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, thought_cb, NULL);
  Job *job = g_new0 (Job, 1);

  job->strategy = g_object_ref (strategy);
  job->turn = *turn;
  self->thinking = TRUE;
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, think_in_thread);
}

static void
schedule (BkComputerPlayers *self)
{
  BkComputerTurn turn;

  if (self->thinking || self->decided || self->paused || self->game == NULL ||
      self->cancelled)
    return;
  if (!bk_game_get_computer_turn (self->game, &turn))
    return;
  start_thinking (self, bk_game_get_strategy (self->game, turn.seat), &turn);
}

static gboolean
idle_cb (gpointer user_data)
{
  BkComputerPlayers *self = user_data;

  self->idle_id = 0;
  schedule (self);
  return G_SOURCE_REMOVE;
}

/* Looks again whether a computer player is due; cheap, and safe to call often. */
void
bk_computer_players_wake (BkComputerPlayers *self)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));

  if (self->idle_id == 0 && !self->cancelled)
    self->idle_id = g_idle_add (idle_cb, self);
}

gboolean
bk_computer_players_is_idle (BkComputerPlayers *self)
{
  g_return_val_if_fail (BK_IS_COMPUTER_PLAYERS (self), TRUE);
  return self->cancelled || (!self->thinking && !self->decided && self->idle_id == 0);
}

/* Stops for good: a thought still running on its thread is dropped when it ends, and
 * nothing calls the busy function or touches the game any more. Call it before the busy
 * function's data goes away: a running thought keeps this object alive. */
void
bk_computer_players_cancel (BkComputerPlayers *self)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));

  self->cancelled = TRUE;
  self->thinking = FALSE;
  self->decided = FALSE;
  self->busy = NULL;
  self->busy_data = NULL;
  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
}

/* Holds every computer move until bk_computer_players_resume(), e.g. while a dialog is
 * open; a decision already made waits. Calls nest. */
void
bk_computer_players_pause (BkComputerPlayers *self)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));

  self->paused++;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
}

void
bk_computer_players_resume (BkComputerPlayers *self)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));
  g_return_if_fail (self->paused > 0);

  if (--self->paused > 0 || self->cancelled)
    return;
  arm (self);
  bk_computer_players_wake (self);
}

gboolean
bk_computer_players_is_paused (BkComputerPlayers *self)
{
  g_return_val_if_fail (BK_IS_COMPUTER_PLAYERS (self), FALSE);
  return self->paused > 0;
}

/* The table has shown what it held (the person clicked on): a decision made waits no
 * longer than the table now asks for. */
void
bk_computer_players_hurry (BkComputerPlayers *self)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));

  if (!self->decided)
    return;
  self->due = MIN (self->due, g_get_monotonic_time ());
  arm (self);
}

static void
bk_computer_players_dispose (GObject *object)
{
  BkComputerPlayers *self = BK_COMPUTER_PLAYERS (object);

  bk_computer_players_cancel (self);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (bk_computer_players_parent_class)->dispose (object);
}

static void
bk_computer_players_class_init (BkComputerPlayersClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_computer_players_dispose;
}

static void
bk_computer_players_init (BkComputerPlayers *self)
{
  self->speed = 1.0;
  self->cancellable = g_cancellable_new ();
}

BkComputerPlayers *
bk_computer_players_new (BkGame     *game,
                         BkBusyFunc  busy,
                         gpointer    busy_data)
{
  BkComputerPlayers *self;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  self = g_object_new (BK_TYPE_COMPUTER_PLAYERS, NULL);
  self->game = g_object_ref (game);
  self->busy = busy;
  self->busy_data = busy_data;
  g_signal_connect_swapped (game, "notify::to-act", G_CALLBACK (bk_computer_players_wake), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (bk_computer_players_wake), self);
  g_signal_connect_swapped (game, "card-played", G_CALLBACK (bk_computer_players_wake), self);
  /* Every request the game accepted, of whatever game (e.g. a doubling, an offer let
   * pass): the next seat's turn may have come without a change of who is to act. */
  g_signal_connect_swapped (game, "acted", G_CALLBACK (bk_computer_players_wake), self);
  bk_computer_players_wake (self);
  return self;
}

/* 0: no pause at all (tests, and animations off); 1: the normal pace. */
void
bk_computer_players_set_speed (BkComputerPlayers *self,
                               double             speed)
{
  g_return_if_fail (BK_IS_COMPUTER_PLAYERS (self));
  self->speed = MAX (speed, 0.0);
}
