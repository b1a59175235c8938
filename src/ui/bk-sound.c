/* bk-sound.c: the sounds of the table, through GtkMediaFile (GStreamer's backend of GTK 4)
 * from the GResource (data/sounds, made by make-sounds.py). Each event has a small pool of
 * streams, made when it is first played, so that sounds that overlap (cards dealt in quick
 * succession) each get their own. Where there is no sound (no media backend: GTK's none
 * backend; GStreamer without the plugins a WAV file needs; no audio device: GStreamer's
 * fallback sink; a stream that failed) nothing is heard and nothing is said: a stream that
 * failed is not asked again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <gmodule.h>

#include "bk-sound.h"

/* Streams per event: cards dealt three in a row overlap, more would not be heard apart. */
#define POOL_SIZE 3
/* The latencies kept for the benchmark. */
#define MAX_LATENCIES 4096

typedef struct {
  BkSound      *sound;
  BkSoundEvent  event;
  guint         id;
} Pending;

struct _BkSound
{
  GObject          parent_instance;

  gboolean         enabled;
  guint            prepare_id;
  GtkMediaStream  *pool[BK_SOUND_N_EVENTS][POOL_SIZE];
  guint            next[BK_SOUND_N_EVENTS];   /* the stream to take over when all play */
  gboolean         failed[BK_SOUND_N_EVENTS];
  GPtrArray       *pending;                   /* Pending, for bk_sound_play_later() */
  guint            n_plays;
  GArray          *latencies;                 /* gint64 µs */
};

G_DEFINE_FINAL_TYPE (BkSound, bk_sound, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_PLAYED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const event_names[BK_SOUND_N_EVENTS] = {
  "card-dealt", "card-played", "trick-taken", "word-said", "doubling", "strike", "hand-won",
  "hand-lost",
};

const char *
bk_sound_event_name (BkSoundEvent event)
{
  g_return_val_if_fail (event < BK_SOUND_N_EVENTS, NULL);
  return event_names[event];
}

/* GStreamer's player ends the app (g_error) where playbin is missing and warns where
 * scaletempo is: GTK's GStreamer backend is asked only when the elements a WAV file needs
 * are there (gstreamer1.0-plugins-base and -good). GStreamer is asked through the library
 * GTK's backend has loaded, so that the app needs no GStreamer to build. */
static gboolean
gstreamer_can_play (void)
{
  static const char * const elements[] = { "playbin", "scaletempo", "wavparse",
                                            "autoaudiosink" };
  gboolean (*init_check) (int *, char ***, GError **) = NULL;
  gpointer (*factory_find) (const char *) = NULL;
  void (*object_unref) (gpointer) = NULL;
  GModule *gst = g_module_open ("libgstreamer-1.0.so.0", G_MODULE_BIND_LAZY);
  gboolean can = gst != NULL;

  can = can && g_module_symbol (gst, "gst_init_check", (gpointer *) &init_check) &&
        g_module_symbol (gst, "gst_element_factory_find", (gpointer *) &factory_find) &&
        g_module_symbol (gst, "gst_object_unref", (gpointer *) &object_unref) &&
        init_check (NULL, NULL, NULL);
  for (guint i = 0; can && i < G_N_ELEMENTS (elements); i++)
    {
      gpointer factory = factory_find (elements[i]);

      if (factory == NULL)
        g_debug ("sounds: no GStreamer element %s", elements[i]);
      can = factory != NULL;
      if (factory)
        object_unref (factory);
    }
  if (gst)
    g_module_close (gst);
  return can;
}

/* Whether GTK's media backend can play the sounds: not its none backend (GTK without one),
 * not GStreamer without its plugins. Found out once, without opening a file. */
static gboolean
media_can_play (void)
{
  static gsize once = 0;
  static gboolean can = FALSE;

  if (g_once_init_enter (&once))
    {
      g_autoptr (GtkMediaStream) probe = gtk_media_file_new ();
      const char *backend = G_OBJECT_TYPE_NAME (probe);

      if (g_str_equal (backend, "GtkGstMediaFile"))
        can = gstreamer_can_play ();
      else
        can = !g_str_equal (backend, "GtkNoMediaFile");
      g_debug ("sounds: GTK's media backend %s, %s", backend, can ? "used" : "not used");
      g_once_init_leave (&once, 1);
    }
  return can;
}

/* Whether the sounds are played where they are asked for (as the media layer allows). */
gboolean
bk_sound_can_play (BkSound *self)
{
  g_return_val_if_fail (BK_IS_SOUND (self), FALSE);
  return media_can_play ();
}

static GtkMediaStream *
new_stream (BkSoundEvent event)
{
  g_autofree char *path = g_strdup_printf ("/io/github/bierkopf/Bierkopf/sounds/%s.wav",
                                           event_names[event]);

  return gtk_media_file_new_for_resource (path);
}

/* A stream of @event's pool that is free to play now: one that is not playing, a new one
 * while the pool has room, else the one that started longest ago. */
static GtkMediaStream *
take_stream (BkSound      *self,
             BkSoundEvent  event)
{
  GtkMediaStream **pool = self->pool[event];
  guint i;

  for (i = 0; i < POOL_SIZE && pool[i]; i++)
    if (!gtk_media_stream_get_playing (pool[i]))
      return pool[i];
  if (i < POOL_SIZE)
    return pool[i] = new_stream (event);
  i = self->next[event];
  self->next[event] = (i + 1) % POOL_SIZE;
  return pool[i];
}

static void
play_now (BkSound      *self,
          BkSoundEvent  event,
          gint64        asked)
{
  GtkMediaStream *stream;
  gint64 latency;

  if (!self->enabled)
    return;
  g_signal_emit (self, signals[SIGNAL_PLAYED], 0, event_names[event]);
  if (self->failed[event] || !media_can_play ())
    return;
  stream = take_stream (self, event);
  if (gtk_media_stream_get_error (stream))
    {
      /* Nothing to hear, and nothing to say: the app plays on without it. */
      g_debug ("sound %s: %s", event_names[event], gtk_media_stream_get_error (stream)->message);
      self->failed[event] = TRUE;
      return;
    }
  /* From the start again, whether it ended or is still playing. */
  if (gtk_media_stream_get_ended (stream) || gtk_media_stream_get_playing (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
  latency = g_get_monotonic_time () - asked;
  self->n_plays++;
  if (self->latencies->len < MAX_LATENCIES)
    g_array_append_val (self->latencies, latency);
}

/* @event's sound, now (nothing while sounds are off). */
void
bk_sound_play (BkSound      *self,
               BkSoundEvent  event)
{
  g_return_if_fail (BK_IS_SOUND (self));
  g_return_if_fail (event < BK_SOUND_N_EVENTS);

  play_now (self, event, g_get_monotonic_time ());
}

static gboolean
pending_cb (gpointer user_data)
{
  Pending *pending = user_data;
  BkSound *self = pending->sound;
  BkSoundEvent event = pending->event;

  pending->id = 0;
  g_ptr_array_remove_fast (self->pending, pending);
  play_now (self, event, g_get_monotonic_time ());
  return G_SOURCE_REMOVE;
}

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_clear_handle_id (&pending->id, g_source_remove);
  g_free (pending);
}

/* @event's sound in @delay_ms, e.g. when the table shows what the model did before;
 * bk_sound_cancel() (or sounds turned off) drops it. */
void
bk_sound_play_later (BkSound      *self,
                     BkSoundEvent  event,
                     guint         delay_ms)
{
  Pending *pending;

  g_return_if_fail (BK_IS_SOUND (self));
  g_return_if_fail (event < BK_SOUND_N_EVENTS);

  if (!self->enabled)
    return;
  if (delay_ms == 0)
    {
      bk_sound_play (self, event);
      return;
    }
  pending = g_new0 (Pending, 1);
  pending->sound = self;
  pending->event = event;
  pending->id = g_timeout_add (delay_ms, pending_cb, pending);
  g_ptr_array_add (self->pending, pending);
}

/* The sounds of @event waiting to be played are played now (the table was told to move
 * on: the trick it held goes to its winner at once). */
void
bk_sound_hurry (BkSound      *self,
                BkSoundEvent  event)
{
  guint n = 0;

  g_return_if_fail (BK_IS_SOUND (self));
  g_return_if_fail (event < BK_SOUND_N_EVENTS);

  for (guint i = self->pending->len; i > 0; i--)
    if (((Pending *) g_ptr_array_index (self->pending, i - 1))->event == event)
      {
        g_ptr_array_remove_index_fast (self->pending, i - 1);
        n++;
      }
  /* Once: two sweeps at one moment are heard as one. */
  if (n > 0)
    bk_sound_play (self, event);
}

/* The sounds waiting to be played are dropped (a new hand, another game). */
void
bk_sound_cancel (BkSound *self)
{
  g_return_if_fail (BK_IS_SOUND (self));
  g_ptr_array_set_size (self->pending, 0);
}

static void
stop_all (BkSound *self)
{
  for (guint e = 0; e < BK_SOUND_N_EVENTS; e++)
    for (guint i = 0; i < POOL_SIZE; i++)
      if (self->pool[e][i] && gtk_media_stream_get_playing (self->pool[e][i]))
        gtk_media_stream_pause (self->pool[e][i]);
}

void
bk_sound_set_enabled (BkSound  *self,
                      gboolean  enabled)
{
  g_return_if_fail (BK_IS_SOUND (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  /* Off is silence at once: what plays stops, what waits is dropped. */
  if (!enabled)
    {
      bk_sound_cancel (self);
      stop_all (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
bk_sound_get_enabled (BkSound *self)
{
  g_return_val_if_fail (BK_IS_SOUND (self), FALSE);
  return self->enabled;
}

guint
bk_sound_get_n_plays (BkSound *self)
{
  g_return_val_if_fail (BK_IS_SOUND (self), 0);
  return self->n_plays;
}

GArray *
bk_sound_get_latencies (BkSound *self)
{
  g_return_val_if_fail (BK_IS_SOUND (self), NULL);
  return self->latencies;
}

/* GStreamer's first start reads its plugins (a tenth of a second and more after they
 * changed): done while the app is idle after it opened, not at the first card. */
static gboolean
prepare_cb (gpointer user_data)
{
  BkSound *self = user_data;

  self->prepare_id = 0;
  if (self->enabled)
    media_can_play ();
  return G_SOURCE_REMOVE;
}

static void
bk_sound_dispose (GObject *object)
{
  BkSound *self = BK_SOUND (object);

  g_clear_handle_id (&self->prepare_id, g_source_remove);
  g_ptr_array_set_size (self->pending, 0);
  for (guint e = 0; e < BK_SOUND_N_EVENTS; e++)
    for (guint i = 0; i < POOL_SIZE; i++)
      g_clear_object (&self->pool[e][i]);

  G_OBJECT_CLASS (bk_sound_parent_class)->dispose (object);
}

static void
bk_sound_finalize (GObject *object)
{
  BkSound *self = BK_SOUND (object);

  g_ptr_array_unref (self->pending);
  g_array_unref (self->latencies);

  G_OBJECT_CLASS (bk_sound_parent_class)->finalize (object);
}

static void
bk_sound_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  BkSound *self = BK_SOUND (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_sound_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  BkSound *self = BK_SOUND (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      bk_sound_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bk_sound_class_init (BkSoundClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_sound_dispose;
  object_class->finalize = bk_sound_finalize;
  object_class->get_property = bk_sound_get_property;
  object_class->set_property = bk_sound_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (name): the event's sound ("card-played") is played, as far as the media layer can
   * (bk_sound_get_n_plays() counts what it was asked); for the tests, which cannot
   * listen. Never while sounds are off. */
  signals[SIGNAL_PLAYED] =
    g_signal_new ("played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bk_sound_init (BkSound *self)
{
  self->enabled = TRUE;
  self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_cb, self, NULL);
  self->pending = g_ptr_array_new_with_free_func (pending_free);
  self->latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
}

BkSound *
bk_sound_new (void)
{
  return g_object_new (BK_TYPE_SOUND, NULL);
}
