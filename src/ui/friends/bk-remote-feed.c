/* bk-remote-feed.c: see bk-remote-feed.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include "bk-remote-feed.h"

struct _BkRemoteFeed
{
  GObject            parent_instance;

  BkRemoteApplyFunc  apply;
  gpointer           apply_data;
  BkBusyFunc         busy;
  gpointer           busy_data;
  GQueue             lines;
  guint              paused;     /* pause() calls not yet resumed */
  gboolean           hurried;    /* the next line waits for no animation */
  guint              source_id;
};

G_DEFINE_FINAL_TYPE (BkRemoteFeed, bk_remote_feed, G_TYPE_OBJECT)

enum {
  SIGNAL_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule (BkRemoteFeed *self);

static gboolean
feed_cb (gpointer data)
{
  BkRemoteFeed *self = data;
  gint64 wait = 0;
  g_autofree char *line = NULL;

  self->source_id = 0;
  if (self->paused || g_queue_is_empty (&self->lines))
    return G_SOURCE_REMOVE;
  if (self->busy && !self->hurried)
    wait = self->busy (self->busy_data) - g_get_monotonic_time ();
  if (wait > 0)
    {
      self->source_id = g_timeout_add ((guint) (wait / 1000) + 1, feed_cb, self);
      return G_SOURCE_REMOVE;
    }
  self->hurried = FALSE;
  line = g_queue_pop_head (&self->lines);
  g_object_ref (self);
  if (!self->apply (line, self->apply_data))
    {
      bk_remote_feed_clear (self);
      g_signal_emit (self, signals[SIGNAL_REFUSED], 0, line);
    }
  /* the next one once the table has shown this one */
  schedule (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (BkRemoteFeed *self)
{
  if (self->source_id == 0 && !self->paused && !g_queue_is_empty (&self->lines))
    self->source_id = g_idle_add (feed_cb, self);
}

static void
bk_remote_feed_dispose (GObject *object)
{
  BkRemoteFeed *self = BK_REMOTE_FEED (object);

  g_clear_handle_id (&self->source_id, g_source_remove);
  g_queue_clear_full (&self->lines, g_free);
  G_OBJECT_CLASS (bk_remote_feed_parent_class)->dispose (object);
}

static void
bk_remote_feed_class_init (BkRemoteFeedClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_remote_feed_dispose;

  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bk_remote_feed_init (BkRemoteFeed *self)
{
  g_queue_init (&self->lines);
}

BkRemoteFeed *
bk_remote_feed_new (BkRemoteApplyFunc apply,
                    gpointer          apply_data)
{
  BkRemoteFeed *self;

  g_return_val_if_fail (apply != NULL, NULL);

  self = g_object_new (BK_TYPE_REMOTE_FEED, NULL);
  self->apply = apply;
  self->apply_data = apply_data;
  return self;
}

void
bk_remote_feed_set_busy (BkRemoteFeed *self,
                         BkBusyFunc    busy,
                         gpointer      busy_data)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self));
  self->busy = busy;
  self->busy_data = busy_data;
}

void
bk_remote_feed_push (BkRemoteFeed *self,
                     const char   *line)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self) && line != NULL);
  g_queue_push_tail (&self->lines, g_strdup (line));
  schedule (self);
}

void
bk_remote_feed_clear (BkRemoteFeed *self)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self));
  g_queue_clear_full (&self->lines, g_free);
  g_queue_init (&self->lines);
  g_clear_handle_id (&self->source_id, g_source_remove);
}

guint
bk_remote_feed_get_length (BkRemoteFeed *self)
{
  g_return_val_if_fail (BK_IS_REMOTE_FEED (self), 0);
  return g_queue_get_length (&self->lines);
}

void
bk_remote_feed_pause (BkRemoteFeed *self)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self));
  self->paused++;
  g_clear_handle_id (&self->source_id, g_source_remove);
}

void
bk_remote_feed_resume (BkRemoteFeed *self)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self) && self->paused > 0);
  if (--self->paused == 0)
    schedule (self);
}

void
bk_remote_feed_hurry (BkRemoteFeed *self)
{
  g_return_if_fail (BK_IS_REMOTE_FEED (self));
  self->hurried = TRUE;
  g_clear_handle_id (&self->source_id, g_source_remove);
  schedule (self);
}

gboolean
bk_remote_feed_is_idle (BkRemoteFeed *self)
{
  g_return_val_if_fail (BK_IS_REMOTE_FEED (self), TRUE);
  return g_queue_is_empty (&self->lines);
}
