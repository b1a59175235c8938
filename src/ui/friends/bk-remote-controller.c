/* bk-remote-controller.c: see bk-remote-controller.h. Pausing one pauses the feed the
 * window's remote seats share; a controller let go gives its pause back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include "bk-remote-controller.h"

struct _BkRemoteController
{
  BkSeatController  parent_instance;

  BkRemoteFeed     *feed;
  gboolean          computer;
  guint             paused;
  gboolean          cancelled;
  BkRemotePresence  presence;
  guint             wait;
};

G_DEFINE_FINAL_TYPE (BkRemoteController, bk_remote_controller, BK_TYPE_SEAT_CONTROLLER)

enum {
  PROP_0,
  PROP_PRESENCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
remote_pause (BkSeatController *controller)
{
  BkRemoteController *self = BK_REMOTE_CONTROLLER (controller);

  if (!self->cancelled && self->paused++ == 0)
    bk_remote_feed_pause (self->feed);
}

static void
remote_resume (BkSeatController *controller)
{
  BkRemoteController *self = BK_REMOTE_CONTROLLER (controller);

  if (!self->cancelled && self->paused > 0 && --self->paused == 0)
    bk_remote_feed_resume (self->feed);
}

static void
remote_hurry (BkSeatController *controller)
{
  bk_remote_feed_hurry (BK_REMOTE_CONTROLLER (controller)->feed);
}

static void
remote_cancel (BkSeatController *controller)
{
  BkRemoteController *self = BK_REMOTE_CONTROLLER (controller);

  if (self->paused > 0)
    bk_remote_feed_resume (self->feed);
  self->paused = 0;
  self->cancelled = TRUE;
}

static gboolean
remote_is_idle (BkSeatController *controller)
{
  return bk_remote_feed_is_idle (BK_REMOTE_CONTROLLER (controller)->feed);
}

static void
bk_remote_controller_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  BkRemoteController *self = BK_REMOTE_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_PRESENCE:
      g_value_set_uint (value, self->presence);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_remote_controller_dispose (GObject *object)
{
  BkRemoteController *self = BK_REMOTE_CONTROLLER (object);

  if (self->feed && !self->cancelled)
    remote_cancel (BK_SEAT_CONTROLLER (self));
  g_clear_object (&self->feed);
  G_OBJECT_CLASS (bk_remote_controller_parent_class)->dispose (object);
}

static void
bk_remote_controller_class_init (BkRemoteControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  BkSeatControllerClass *seat_class = BK_SEAT_CONTROLLER_CLASS (klass);

  object_class->dispose = bk_remote_controller_dispose;
  object_class->get_property = bk_remote_controller_get_property;
  seat_class->kind = BK_SEAT_CONTROLLER_REMOTE;
  seat_class->pause = remote_pause;
  seat_class->resume = remote_resume;
  seat_class->hurry = remote_hurry;
  seat_class->cancel = remote_cancel;
  seat_class->is_idle = remote_is_idle;

  properties[PROP_PRESENCE] =
    g_param_spec_uint ("presence", NULL, NULL, BK_REMOTE_HERE, BK_REMOTE_AWAY, BK_REMOTE_HERE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_remote_controller_init (BkRemoteController *self)
{
}

BkSeatController *
bk_remote_controller_new (BkRemoteFeed *feed,
                          gboolean      computer)
{
  BkRemoteController *self;

  g_return_val_if_fail (BK_IS_REMOTE_FEED (feed), NULL);

  self = g_object_new (BK_TYPE_REMOTE_CONTROLLER, NULL);
  self->feed = g_object_ref (feed);
  self->computer = computer;
  return BK_SEAT_CONTROLLER (self);
}

gboolean
bk_remote_controller_is_computer (BkRemoteController *self)
{
  g_return_val_if_fail (BK_IS_REMOTE_CONTROLLER (self), FALSE);
  return self->computer;
}

BkRemotePresence
bk_remote_controller_get_presence (BkRemoteController *self)
{
  g_return_val_if_fail (BK_IS_REMOTE_CONTROLLER (self), BK_REMOTE_HERE);
  return self->presence;
}

guint
bk_remote_controller_get_wait (BkRemoteController *self)
{
  g_return_val_if_fail (BK_IS_REMOTE_CONTROLLER (self), 0);
  return self->wait;
}

void
bk_remote_controller_set_presence (BkRemoteController *self,
                                   BkRemotePresence    presence,
                                   guint               wait)
{
  g_return_if_fail (BK_IS_REMOTE_CONTROLLER (self));

  if (self->presence == presence && self->wait == wait)
    return;
  self->presence = presence;
  self->wait = presence == BK_REMOTE_AWAY ? wait : 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENCE]);
}
