/* bk-history-recorder.c: the app's history of finished hands (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-history-recorder.h"

#define PERSON BK_SEAT_S

/* A hand that cannot be written now (busy, locked, a full disk) is tried again after
 * this long, doubling up to the maximum: never dropped while the game runs. */
#define RETRY_FIRST_MS 250
#define RETRY_MAX_MS (30 * 1000)

typedef enum {
  JOB_OPEN,
  JOB_WRITE,
  JOB_STATS,
  JOB_RESET,
  JOB_RECENT,
} JobType;

typedef struct {
  JobType        type;
  GTask         *task;
  char          *record;     /* JOB_WRITE: a save whose finished hands to offer, or NULL */
  char          *levels[BK_N_SEATS];
  guint          n_sessions; /* JOB_STATS; JOB_RECENT: how many hands */
  char          *game;       /* JOB_RECENT: of which game */
} Job;

/* What a JOB_WRITE tells the main thread. */
typedef struct {
  gboolean  stored;          /* hands were written */
  gboolean  waiting;         /* hands are left to write: try again later */
  char     *problem;         /* for the person, or NULL when all went well */
} WriteOutcome;

struct _BkHistoryRecorder
{
  GObject        parent_instance;

  char          *path;
  GThreadPool   *worker;     /* one thread: the jobs run in order */
  BkHistory     *history;    /* the worker's only, until the worker is gone */
  GError        *open_error; /* the worker's: why the history is not open */
  GMutex         lock;
  GCond          idle;
  guint          pending;    /* jobs queued or running, under lock */
  GPtrArray     *queue;      /* of BkHistoryHand, finished and not yet written, under lock */
  char          *offer;      /* a save whose hands could not be offered yet, under lock */
  gboolean       closing;    /* under lock: hands left to write are given up */

  guint          retry_id;
  guint          retry_ms;
  char          *problem;    /* said with "problem", until "problem-solved" */

  BkGame        *game;
  gint64         session;    /* the watched session's id, when its game has none */
  char          *levels[BK_N_SEATS];
  gboolean       scored;     /* a hand was scored; it is stored once the phase says so */
  gboolean       hints_used;
  gboolean       takeback_used;
  gboolean       keep_session;  /* the next watch goes on with this session and hand */
  gboolean       with_friends;  /* the watched game is a table with friends' */
  guint          table_hand;    /* its hand watched last, whose notes a new look keeps */
  guint          table_stored;  /* … and the last of its hands stored */
};

G_DEFINE_FINAL_TYPE (BkHistoryRecorder, bk_history_recorder, G_TYPE_OBJECT)

enum {
  SIGNAL_SET_ASIDE,
  SIGNAL_HAND_STORED,
  SIGNAL_PROBLEM,
  SIGNAL_PROBLEM_SOLVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
job_free (Job *job)
{
  g_clear_object (&job->task);
  g_free (job->record);
  g_free (job->game);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_free (job->levels[s]);
  g_free (job);
}

static void
outcome_free (WriteOutcome *outcome)
{
  g_free (outcome->problem);
  g_free (outcome);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WriteOutcome, outcome_free)

/* What the person is told when the history cannot take the hands, or NULL. */
static char *
problem_of (const GError *error)
{
  if (error == NULL)
    return NULL;
  if (g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_NEWER_SCHEMA))
    return g_strdup (_("The history of your hands was written by a newer version of "
                       "Bierkopf: this version does not record your hands in it."));
  if (g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY))
    return g_strdup (_("The history of your hands cannot be written (it is read-only): "
                       "your hands are not recorded."));
  if (g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_BUSY))
    return g_strdup (_("The history of your hands is in use by another program: your hands "
                       "are kept and recorded as soon as it is free."));
  return g_strdup (_("Your hands cannot be recorded in the history now: they are kept and "
                     "recorded as soon as it works again."));
}

/* Errors after which writing again later may work. */
static gboolean
is_passing (const GError *error)
{
  return !g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_NEWER_SCHEMA) &&
         !g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY) &&
         !g_error_matches (error, BK_HISTORY_ERROR, BK_HISTORY_ERROR_INVALID);
}

/* On the worker thread: the history, opened now if it could not be before. */
static gboolean
ensure_history (BkHistoryRecorder  *self,
                GError            **error)
{
  if (self->history)
    return TRUE;
  if (self->open_error && !is_passing (self->open_error))
    {
      g_propagate_error (error, g_error_copy (self->open_error));
      return FALSE;
    }
  g_clear_error (&self->open_error);
  self->history = bk_history_new (self->path, &self->open_error);
  if (self->history == NULL)
    {
      g_propagate_error (error, g_error_copy (self->open_error));
      return FALSE;
    }
  return TRUE;
}

/* On the worker thread: offers the finished hands of @job's save (what is stored stays),
 * then writes the queue (the latest version of a hand wins). A queue that cannot be
 * written now stays for the next try. */
static WriteOutcome *
write_hands (BkHistoryRecorder *self,
             Job               *job)
{
  WriteOutcome *outcome = g_new0 (WriteOutcome, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) hands = NULL;
  g_autoptr (GArray) plain = NULL;
  gboolean closing;

  g_autofree char *record = NULL;

  g_mutex_lock (&self->lock);
  closing = self->closing;
  hands = g_steal_pointer (&self->queue);
  self->queue = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  /* The newest save has every hand an older one has. */
  record = job->record ? g_strdup (job->record) : g_steal_pointer (&self->offer);
  g_clear_pointer (&self->offer, g_free);
  g_mutex_unlock (&self->lock);

  if (ensure_history (self, &error) && record)
    {
      g_autoptr (GError) record_error = NULL;
      g_autoptr (GPtrArray) offered =
        bk_history_hands_from_record (record, strlen (record), PERSON,
                                      (const char * const *) job->levels, &record_error);

      if (offered == NULL)
        g_debug ("The save's hands cannot be read: %s", record_error->message);
      else if (offered->len > 0)
        {
          plain = g_array_new (FALSE, FALSE, sizeof (BkHistoryHand));
          for (guint i = 0; i < offered->len; i++)
            g_array_append_vals (plain, g_ptr_array_index (offered, i), 1);
          if (bk_history_offer_hands (self->history, (BkHistoryHand *) plain->data, plain->len,
                                      &error))
            {
              outcome->stored = TRUE;
              g_clear_pointer (&record, g_free);
            }
          g_clear_pointer (&plain, g_array_unref);
        }
    }

  if (error == NULL && hands->len > 0)
    {
      plain = g_array_new (FALSE, FALSE, sizeof (BkHistoryHand));
      for (guint i = 0; i < hands->len; i++)
        g_array_append_vals (plain, g_ptr_array_index (hands, i), 1);
      if (bk_history_add_hands (self->history, (BkHistoryHand *) plain->data, plain->len,
                                &error))
        {
          outcome->stored = TRUE;
          g_ptr_array_set_size (hands, 0);
        }
    }
  if (error == NULL)
    g_clear_pointer (&record, g_free);

  if (error)
    {
      g_message ("Hands could not be stored in the history: %s", error->message);
      outcome->problem = problem_of (error);
      if (!is_passing (error) || closing)
        {
          /* Not stored by this run: the save keeps them, the next start offers them. */
          g_ptr_array_set_size (hands, 0);
          g_clear_pointer (&record, g_free);
        }
    }

  /* Back in front of what came meanwhile, in order. */
  g_mutex_lock (&self->lock);
  g_ptr_array_extend_and_steal (hands, g_steal_pointer (&self->queue));
  self->queue = g_steal_pointer (&hands);
  if (self->offer == NULL)
    self->offer = g_steal_pointer (&record);
  outcome->waiting = self->queue->len > 0 || self->offer != NULL;
  g_mutex_unlock (&self->lock);
  return outcome;
}

/* On the worker thread. */
static void
run_job (gpointer data,
         gpointer user_data)
{
  Job *job = data;
  BkHistoryRecorder *self = user_data;
  g_autoptr (GError) error = NULL;

  if (job->type == JOB_OPEN)
    {
      if (!ensure_history (self, &error))
        g_task_return_error (job->task, g_steal_pointer (&error));
      else if (bk_history_is_read_only (self->history))
        /* Open for the statistics, but no hand goes into it: said at once. */
        g_task_return_new_error (job->task, BK_HISTORY_ERROR, BK_HISTORY_ERROR_READ_ONLY,
                                 "The history can only be read");
      else
        g_task_return_pointer (job->task, g_strdup (bk_history_get_set_aside (self->history)),
                               g_free);
    }
  else if (job->type == JOB_WRITE)
    g_task_return_pointer (job->task, write_hands (self, job), (GDestroyNotify) outcome_free);
  else if (g_task_return_error_if_cancelled (job->task))
    ;
  else if (!ensure_history (self, &error))
    g_task_return_error (job->task, g_steal_pointer (&error));
  else if (job->type == JOB_STATS)
    {
      BkHistoryStats *stats = bk_history_get_stats (self->history, job->n_sessions, &error);

      if (stats)
        g_task_return_pointer (job->task, stats, (GDestroyNotify) bk_history_stats_free);
      else
        g_task_return_error (job->task, g_steal_pointer (&error));
    }
  else if (job->type == JOB_RECENT)
    {
      GPtrArray *hands = bk_history_get_recent_hands (self->history, job->game,
                                                      job->n_sessions, &error);

      if (hands)
        g_task_return_pointer (job->task, hands, (GDestroyNotify) g_ptr_array_unref);
      else
        g_task_return_error (job->task, g_steal_pointer (&error));
    }
  else if (job->type == JOB_RESET)
    {
      if (bk_history_reset (self->history, &error))
        g_task_return_boolean (job->task, TRUE);
      else
        g_task_return_error (job->task, g_steal_pointer (&error));
    }
  job_free (job);

  g_mutex_lock (&self->lock);
  if (--self->pending == 0)
    g_cond_broadcast (&self->idle);
  g_mutex_unlock (&self->lock);
}

static void
push_job (BkHistoryRecorder *self,
          Job               *job)
{
  g_mutex_lock (&self->lock);
  self->pending++;
  g_mutex_unlock (&self->lock);
  g_thread_pool_push (self->worker, job, NULL);
}

/* Queues a job of @type whose answer comes as a GTask of @source_tag. */
static Job *
task_job (BkHistoryRecorder   *self,
          guint                type,
          guint                n,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data,
          gpointer             source_tag)
{
  Job *job = g_new0 (Job, 1);

  job->type = type;
  job->n_sessions = n;
  job->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (job->task, source_tag);
  return job;
}

static void
push_task (BkHistoryRecorder   *self,
           guint                type,
           guint                n,
           GCancellable        *cancellable,
           GAsyncReadyCallback  callback,
           gpointer             user_data,
           gpointer             source_tag)
{
  push_job (self, task_job (self, type, n, cancellable, callback, user_data, source_tag));
}

static void
set_problem (BkHistoryRecorder *self,
             const char        *problem)
{
  if (g_strcmp0 (problem, self->problem) == 0)
    return;
  g_free (self->problem);
  self->problem = g_strdup (problem);
  if (problem)
    g_signal_emit (self, signals[SIGNAL_PROBLEM], 0, problem);
  else
    g_signal_emit (self, signals[SIGNAL_PROBLEM_SOLVED], 0);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *set_aside = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *problem = problem_of (error);

  if (error)
    g_message ("No history of the hands: %s", error->message);
  else if (set_aside)
    g_signal_emit (self, signals[SIGNAL_SET_ASIDE], 0, set_aside);
  /* A busy file is said once a hand waits for it; a newer one at once. */
  if (error && !is_passing (error))
    set_problem (self, problem);
}

static void push_write (BkHistoryRecorder *self,
                        const char        *record);

static gboolean
retry_cb (gpointer user_data)
{
  BkHistoryRecorder *self = user_data;

  self->retry_id = 0;
  push_write (self, NULL);
  return G_SOURCE_REMOVE;
}

static void
written_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (source);
  g_autoptr (WriteOutcome) outcome = g_task_propagate_pointer (G_TASK (result), NULL);
  gboolean closing;

  g_mutex_lock (&self->lock);
  closing = self->closing;
  g_mutex_unlock (&self->lock);

  set_problem (self, outcome->problem);
  if (outcome->stored)
    g_signal_emit (self, signals[SIGNAL_HAND_STORED], 0);
  if (!outcome->waiting)
    self->retry_ms = 0;
  else if (self->retry_id == 0 && !closing)
    {
      self->retry_ms = self->retry_ms ? MIN (self->retry_ms * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
      self->retry_id = g_timeout_add (self->retry_ms, retry_cb, self);
    }
}

/* Queues a write of the queue, and of the finished hands of the save @record if given. */
static void
push_write (BkHistoryRecorder *self,
            const char        *record)
{
  Job *job = g_new0 (Job, 1);

  job->type = JOB_WRITE;
  job->record = g_strdup (record);
  for (guint s = 0; s < BK_N_SEATS; s++)
    job->levels[s] = g_strdup (self->levels[s]);
  job->task = g_task_new (self, NULL, written_cb, NULL);
  g_task_set_source_tag (job->task, push_write);
  push_job (self, job);
}

/* The person's last hand, as the history stores it, read from the session on the main
 * thread; the worker only writes it. */
static void
store_hand (BkHistoryRecorder *self)
{
  BkHistoryHand *hand = bk_history_hand_new_from_scored (self->game, PERSON,
                                                         (const char * const *) self->levels);

  if (hand->session == 0)
    hand->session = self->session;
  hand->hints_used = self->hints_used;
  hand->takeback_used = self->takeback_used;
  hand->with_friends = self->with_friends;
  if (self->with_friends)
    {
      self->table_stored = hand->number;
      /* The others at a table are people and the table's computer players, not the levels
       * of the person's own: the hands with friends are one group of their own. */
      g_free (hand->strength);
      hand->strength = g_strdup ("friends");
      g_free (hand->levels);
      hand->levels = g_strdup ("");
    }

  g_mutex_lock (&self->lock);
  g_ptr_array_add (self->queue, hand);
  g_mutex_unlock (&self->lock);
  /* A write already waiting for its retry takes this hand with it. */
  if (self->retry_id == 0)
    push_write (self, NULL);
}

static void
hand_dealt_cb (BkHistoryRecorder *self)
{
  self->scored = FALSE;
  self->hints_used = FALSE;
  self->takeback_used = FALSE;
}

static void
hand_scored_cb (BkHistoryRecorder *self)
{
  self->scored = TRUE;
}

/* "hand-scored" comes before the phase is told: the hand is stored once, complete (with
 * what its game keeps of it, bk_history_hand_new_from_scored()), when the phase says it is
 * over. */
static void
phase_cb (BkHistoryRecorder *self)
{
  if (!self->scored || bk_game_get_phase (self->game) != BK_PHASE_HAND_OVER)
    return;
  self->scored = FALSE;
  store_hand (self);
}

/* Stores the hands of @game from now on (NULL: none), of either game; a session's hands
 * are one point on the chart of the running balance. A session watched anew (loaded, say)
 * has the finished hands its record holds offered to the history, which keeps those it
 * has: a hand whose storing a kill prevented is stored now. */
void
bk_history_recorder_watch (BkHistoryRecorder *self,
                           BkGame            *game)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  g_return_if_fail (game == NULL || BK_IS_GAME (game));

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (!self->keep_session)
    hand_dealt_cb (self);
  self->with_friends = FALSE;
  if (game == NULL)
    {
      self->keep_session = FALSE;
      return;
    }

  self->game = g_object_ref (game);
  /* A session without an identity (saved by an older version) counts from now. */
  if (!self->keep_session)
    self->session = g_get_real_time ();
  if (!self->keep_session && bk_game_get_session_id (game) > 0 &&
      bk_game_get_hand_number (game) > 0)
    {
      g_autofree char *record = bk_game_to_record (game);

      push_write (self, record);
    }
  self->keep_session = FALSE;
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (hand_scored_cb), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (phase_cb), self);
}

/* Stores the hands of @game, a table with friends' game seen from the person at seat 0,
 * as hands with friends: apart in the statistics. The table's game is taken anew during a
 * hand (bk-friends-table.c): the same session and hand go on with what was noted of them.
 * Its record is not offered: the table keeps no save here, and the others' hands in it are
 * guesses until the reveal. */
void
bk_history_recorder_watch_table (BkHistoryRecorder *self,
                                 BkGame            *game)
{
  gboolean same;
  gint64 session;

  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  g_return_if_fail (BK_IS_GAME (game));

  session = bk_game_get_session_id (game) > 0 ? bk_game_get_session_id (game) : self->session;
  same = self->with_friends && session == self->session &&
         bk_game_get_hand_number (game) == self->table_hand;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (!same)
    hand_dealt_cb (self);
  if (!self->with_friends && bk_game_get_session_id (game) == 0)
    session = g_get_real_time ();
  if (!self->with_friends || session != self->session)
    self->table_stored = 0;
  self->session = session;
  self->with_friends = TRUE;
  self->keep_session = FALSE;
  self->table_hand = bk_game_get_hand_number (game);
  self->game = g_object_ref (game);
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (hand_scored_cb), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (phase_cb), self);
  /* A hand that ended on the way from one look to the next (taken again as the table
   * revealed it, over already): stored now, once. */
  if (bk_game_get_phase (game) == BK_PHASE_HAND_OVER && self->table_hand > 0 &&
      self->table_hand != self->table_stored)
    store_hand (self);
}

/* The next bk_history_recorder_watch() goes on with the running session and hand, and
 * what was noted of it (e.g. a card taken back: the session continues in a new BkGame). */
void
bk_history_recorder_keep_session (BkHistoryRecorder *self)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  self->keep_session = TRUE;
}

/* The computer players' levels ("meister", …; NULL for the person's seat), as stored
 * with each hand; a change counts for the hands that end after it. */
void
bk_history_recorder_set_levels (BkHistoryRecorder  *self,
                                const char * const  levels[BK_N_SEATS])
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  g_return_if_fail (levels != NULL);

  for (guint s = 0; s < BK_N_SEATS; s++)
    {
      g_free (self->levels[s]);
      self->levels[s] = g_strdup (levels[s]);
    }
}

/* The person took a hint in this hand: it counts apart in the statistics. */
void
bk_history_recorder_note_hint (BkHistoryRecorder *self)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  self->hints_used = TRUE;
}

/* The person took back a card in this hand: it counts apart in the statistics. */
void
bk_history_recorder_note_takeback (BkHistoryRecorder *self)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  self->takeback_used = TRUE;
}

/* The statistics with the running balance of the last @n_sessions sessions, read on the
 * worker thread after every hand stored before. */
void
bk_history_recorder_get_stats_async (BkHistoryRecorder   *self,
                                     guint                n_sessions,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  push_task (self, JOB_STATS, n_sessions, cancellable, callback, user_data,
             bk_history_recorder_get_stats_async);
}

BkHistoryStats *
bk_history_recorder_get_stats_finish (BkHistoryRecorder  *self,
                                      GAsyncResult       *result,
                                      GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Up to @limit of the last hands of @game (an engine module's id) stored (after every hand
 * stored before), the newest first: a GPtrArray of BkHistoryHand. Requests are answered in
 * the order they were made. */
void
bk_history_recorder_get_recent_async (BkHistoryRecorder   *self,
                                      const char          *game,
                                      guint                limit,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  Job *job;

  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  g_return_if_fail (game != NULL);

  job = task_job (self, JOB_RECENT, limit, cancellable, callback, user_data,
                  bk_history_recorder_get_recent_async);
  job->game = g_strdup (game);
  push_job (self, job);
}

GPtrArray *
bk_history_recorder_get_recent_finish (BkHistoryRecorder  *self,
                                       GAsyncResult       *result,
                                       GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Forgets every stored hand. */
void
bk_history_recorder_reset_async (BkHistoryRecorder   *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  push_task (self, JOB_RESET, 0, cancellable, callback, user_data,
             bk_history_recorder_reset_async);
}

gboolean
bk_history_recorder_reset_finish (BkHistoryRecorder  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Waits until every job queued so far is done (their callbacks come from the main loop
 * later): on closing, and in tests. Each waits at most a moment for a locked file; hands
 * that could not be written stay queued (bk_history_recorder_get_n_waiting()). */
void
bk_history_recorder_flush (BkHistoryRecorder *self)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));

  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* How many finished hands wait to be written (the history is busy, locked or full). */
guint
bk_history_recorder_get_n_waiting (BkHistoryRecorder *self)
{
  guint n;

  g_return_val_if_fail (BK_IS_HISTORY_RECORDER (self), 0);
  g_mutex_lock (&self->lock);
  n = self->queue->len;
  g_mutex_unlock (&self->lock);
  return n;
}

/* What "problem" said last, while it stands; NULL when all is well. */
const char *
bk_history_recorder_get_problem (BkHistoryRecorder *self)
{
  g_return_val_if_fail (BK_IS_HISTORY_RECORDER (self), NULL);
  return self->problem;
}

const char *
bk_history_recorder_get_path (BkHistoryRecorder *self)
{
  g_return_val_if_fail (BK_IS_HISTORY_RECORDER (self), NULL);
  return self->path;
}

static void
bk_history_recorder_dispose (GObject *object)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (object);

  bk_history_recorder_watch (self, NULL);
  /* Quitting never waits for a locked file: what is left is in the save, and the next
   * start stores it. */
  g_mutex_lock (&self->lock);
  self->closing = TRUE;
  g_mutex_unlock (&self->lock);
  g_clear_handle_id (&self->retry_id, g_source_remove);

  G_OBJECT_CLASS (bk_history_recorder_parent_class)->dispose (object);
}

static void
bk_history_recorder_finalize (GObject *object)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (object);

  /* Every queued hand is written before the history closes. */
  g_thread_pool_free (self->worker, FALSE, TRUE);
  g_clear_object (&self->history);
  g_clear_error (&self->open_error);
  g_clear_pointer (&self->queue, g_ptr_array_unref);
  g_free (self->offer);
  g_free (self->problem);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->idle);
  for (guint s = 0; s < BK_N_SEATS; s++)
    g_free (self->levels[s]);
  g_free (self->path);

  G_OBJECT_CLASS (bk_history_recorder_parent_class)->finalize (object);
}

static void
bk_history_recorder_class_init (BkHistoryRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_history_recorder_dispose;
  object_class->finalize = bk_history_recorder_finalize;

  signals[SIGNAL_SET_ASIDE] =
    g_signal_new ("set-aside", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_HAND_STORED] =
    g_signal_new ("hand-stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /* (message): hands cannot be recorded now, said to the person until "problem-solved" */
  signals[SIGNAL_PROBLEM] =
    g_signal_new ("problem", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_PROBLEM_SOLVED] =
    g_signal_new ("problem-solved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
}

static void
bk_history_recorder_init (BkHistoryRecorder *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->idle);
  self->queue = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_history_hand_free);
  self->worker = g_thread_pool_new (run_job, self, 1, FALSE, NULL);
}

/* Opens the history at @path (NULL: the player's own, bk_history_default_path()) on the
 * worker thread; "set-aside" tells if it was damaged. */
BkHistoryRecorder *
bk_history_recorder_new (const char *path)
{
  BkHistoryRecorder *self = g_object_new (BK_TYPE_HISTORY_RECORDER, NULL);
  Job *job = g_new0 (Job, 1);

  self->path = path ? g_strdup (path) : bk_history_default_path ();
  job->type = JOB_OPEN;
  job->task = g_task_new (self, NULL, opened_cb, NULL);
  g_task_set_source_tag (job->task, bk_history_recorder_new);
  push_job (self, job);
  return self;
}
