/* bk-sound.h: the sounds of the table (issue 34), played through GTK's media streams from
 * the app's GResource. It names no game: each game's view says which of these events its
 * actions are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  BK_SOUND_CARD_DEALT,
  BK_SOUND_CARD_PLAYED,
  BK_SOUND_TRICK_TAKEN,
  BK_SOUND_WORD_SAID,   /* a word at the table: talk, a pass, a bid */
  BK_SOUND_DOUBLING,    /* the hand's value doubled */
  BK_SOUND_STRIKE,      /* the score written down: lines struck */
  BK_SOUND_HAND_WON,    /* the person's hand */
  BK_SOUND_HAND_LOST,
  BK_SOUND_N_EVENTS
} BkSoundEvent;

#define BK_TYPE_SOUND (bk_sound_get_type ())

G_DECLARE_FINAL_TYPE (BkSound, bk_sound, BK, SOUND, GObject)

BkSound    *bk_sound_new           (void);
void        bk_sound_set_enabled   (BkSound      *self,
                                    gboolean      enabled);
gboolean    bk_sound_get_enabled   (BkSound      *self);
void        bk_sound_play          (BkSound      *self,
                                    BkSoundEvent  event);
void        bk_sound_play_later    (BkSound      *self,
                                    BkSoundEvent  event,
                                    guint         delay_ms);
void        bk_sound_hurry         (BkSound      *self,
                                    BkSoundEvent  event);
void        bk_sound_cancel        (BkSound      *self);
const char *bk_sound_event_name    (BkSoundEvent  event);

/* For the tests and the benchmark: how often the media layer was asked to play (never
 * where it has failed, e.g. without a media backend), and how long each ask took, from
 * the event to gtk_media_stream_play() returning (µs). */
gboolean    bk_sound_can_play      (BkSound      *self);
guint       bk_sound_get_n_plays   (BkSound      *self);
GArray     *bk_sound_get_latencies (BkSound      *self);

G_END_DECLS
