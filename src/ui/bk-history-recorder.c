/* bk-history-recorder.c: the app's history of finished hands (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-bierkopf-game.h"
#include "bk-bierkopf-result.h"
#include "bk-history-recorder.h"

#define PERSON BK_SEAT_S

typedef enum {
  JOB_OPEN,
  JOB_ADD,
  JOB_STATS,
  JOB_RESET,
  JOB_RECENT,
} JobType;

typedef struct {
  JobType        type;
  GTask         *task;
  BkHistoryHand *hand;       /* JOB_ADD */
  guint          n_sessions; /* JOB_STATS; JOB_RECENT: how many hands */
} Job;

struct _BkHistoryRecorder
{
  GObject        parent_instance;

  char          *path;
  GThreadPool   *worker;     /* one thread: the jobs run in order */
  BkHistory     *history;    /* the worker's only, until the worker is gone */
  GMutex         lock;
  GCond          idle;
  guint          pending;    /* jobs queued or running, under lock */

  BkGame        *game;
  gint64         session;    /* the watched session's id on the chart */
  char          *levels[BK_N_SEATS];
  gboolean       scored;     /* a hand was scored; it is stored once the phase says so */
  BkTeam         bollen_winner;
  gboolean       hints_used;
  gboolean       takeback_used;
  gboolean       keep_session;  /* the next watch goes on with this session and hand */
};

G_DEFINE_FINAL_TYPE (BkHistoryRecorder, bk_history_recorder, G_TYPE_OBJECT)

enum {
  SIGNAL_SET_ASIDE,
  SIGNAL_HAND_STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
job_free (Job *job)
{
  g_clear_object (&job->task);
  bk_history_hand_free (job->hand);
  g_free (job);
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
      self->history = bk_history_new (self->path, &error);
      if (self->history == NULL)
        g_task_return_error (job->task, g_steal_pointer (&error));
      else
        g_task_return_pointer (job->task, g_strdup (bk_history_get_set_aside (self->history)),
                               g_free);
    }
  else if (g_task_return_error_if_cancelled (job->task))
    ;
  else if (self->history == NULL)
    g_task_return_new_error (job->task, BK_HISTORY_ERROR, BK_HISTORY_ERROR_OPEN,
                             "The history could not be opened");
  else if (job->type == JOB_ADD)
    {
      if (bk_history_add_hand (self->history, job->hand, &error))
        g_task_return_boolean (job->task, TRUE);
      else
        g_task_return_error (job->task, g_steal_pointer (&error));
    }
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
      GPtrArray *hands = bk_history_get_recent_hands (self->history, "bierkopf",
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
static void
push_task (BkHistoryRecorder   *self,
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
  push_job (self, job);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *set_aside = g_task_propagate_pointer (G_TASK (result), &error);

  if (error)
    g_message ("No history of the hands: %s", error->message);
  else if (set_aside)
    g_signal_emit (self, signals[SIGNAL_SET_ASIDE], 0, set_aside);
}

static void
stored_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (source);
  g_autoptr (GError) error = NULL;

  /* The game goes on without its history: said in the log, not to the person. */
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_message ("A hand could not be stored in the history: %s", error->message);
  else
    g_signal_emit (self, signals[SIGNAL_HAND_STORED], 0);
}

/* The person's last hand, as the history stores it, read from the session on the main
 * thread; the worker only writes it. */
static void
store_hand (BkHistoryRecorder *self)
{
  Job *job = g_new0 (Job, 1);
  BkHistoryHand *hand = g_new0 (BkHistoryHand, 1);
  g_autofree char *record = bk_game_to_record (self->game);

  if (bk_game_get_rules (self->game)->game == BK_GAME_HERZLA)
    {
      g_autofree char *result = NULL;
      const char *level = self->levels[1] ? self->levels[1] : "unknown";
      g_autoptr (GString) levels = g_string_new (NULL);

      bk_history_hand_from_herzla (hand, self->game, PERSON, &result);
      hand->result = g_steal_pointer (&result);
      /* The app seats computer players of one strength around the person. */
      for (guint s = 0; s < bk_game_get_n_seats (self->game); s++)
        if (s != PERSON)
          g_string_append_printf (levels, "%s%s=%s", levels->len ? " " : "",
                                  bk_seat_name (bk_game_get_rules (self->game), s), level);
      hand->levels = g_string_free (g_steal_pointer (&levels), FALSE);
      hand->strength = g_strdup (level);
    }
  else
    {
      JsonNode *result = bk_bierkopf_result_to_json (bk_game_get_last_result (self->game));

      bk_history_hand_from_bierkopf (hand, self->game, PERSON, self->bollen_winner);
      hand->result = json_to_string (result, FALSE);
      json_node_unref (result);
      hand->levels = bk_history_levels ((const char * const *) self->levels, PERSON,
                                        &hand->strength);
    }
  /* bk_history_hand_free() frees every string. */
  hand->game = g_strdup (hand->game);
  hand->record = bk_history_hand_record (record);
  hand->session = self->session;
  hand->hints_used = self->hints_used;
  hand->takeback_used = self->takeback_used;

  job->type = JOB_ADD;
  job->hand = hand;
  job->task = g_task_new (self, NULL, stored_cb, NULL);
  g_task_set_source_tag (job->task, store_hand);
  push_job (self, job);
}

static void
hand_dealt_cb (BkHistoryRecorder *self)
{
  self->scored = FALSE;
  self->bollen_winner = BK_TEAM_NONE;
  self->hints_used = FALSE;
  self->takeback_used = FALSE;
}

static void
hand_scored_cb (BkHistoryRecorder *self)
{
  self->scored = TRUE;
}

static void
bollen_won_cb (BkHistoryRecorder *self,
               guint              team)
{
  self->bollen_winner = (BkTeam) team;
}

/* "hand-scored" and "bollen-won" come before the phase is told: the hand is stored once,
 * complete, when the phase says it is over. */
static void
phase_cb (BkHistoryRecorder *self)
{
  if (!self->scored || bk_game_get_phase (self->game) != BK_PHASE_HAND_OVER)
    return;
  self->scored = FALSE;
  store_hand (self);
}

/* Stores the hands of @game from now on (NULL: none), of either game; a session's hands
 * are one point on the chart of the running balance. */
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
  if (game == NULL)
    {
      self->keep_session = FALSE;
      return;
    }

  self->game = g_object_ref (game);
  if (!self->keep_session)
    self->session = g_get_real_time ();
  self->keep_session = FALSE;
  g_signal_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_connect_swapped (game, "hand-scored", G_CALLBACK (hand_scored_cb), self);
  g_signal_connect_swapped (game, "bollen-won", G_CALLBACK (bollen_won_cb), self);
  g_signal_connect_swapped (game, "notify::phase", G_CALLBACK (phase_cb), self);
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

/* Up to @limit of the last hands of Bierkopf stored (after every hand stored before), the
 * newest first: a GPtrArray of BkHistoryHand. */
void
bk_history_recorder_get_recent_async (BkHistoryRecorder   *self,
                                      guint                limit,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));
  push_task (self, JOB_RECENT, limit, cancellable, callback, user_data,
             bk_history_recorder_get_recent_async);
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
 * later): on closing, and in tests. */
void
bk_history_recorder_flush (BkHistoryRecorder *self)
{
  g_return_if_fail (BK_IS_HISTORY_RECORDER (self));

  g_mutex_lock (&self->lock);
  while (self->pending > 0)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
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

  G_OBJECT_CLASS (bk_history_recorder_parent_class)->dispose (object);
}

static void
bk_history_recorder_finalize (GObject *object)
{
  BkHistoryRecorder *self = BK_HISTORY_RECORDER (object);

  /* Every queued hand is written before the history closes. */
  g_thread_pool_free (self->worker, FALSE, TRUE);
  g_clear_object (&self->history);
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
}

static void
bk_history_recorder_init (BkHistoryRecorder *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->idle);
  self->bollen_winner = BK_TEAM_NONE;
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
