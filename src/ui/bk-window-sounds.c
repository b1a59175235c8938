/* bk-window-sounds.c: what the table shows is heard (issue 34): the cards dealt, played
 * and taken, as the model tells them, each when the table shows it. What only a game has
 * (words, doublings, the score, a hand won or lost) its view plays itself, with
 * bk_sound_play() on the window's sound.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-window-private.h"
#include "bk-window-test.h"

/* A card's flight at the normal pace (the table's MOVE_USEC), and the beat of the sounds
 * of a deal: one for every second card the table deals (its DEAL_STEP_USEC is 60 ms), a
 * riffle rather than a rattle. */
#define CARD_FLIGHT_USEC (G_USEC_PER_SEC * 35 / 100)
#define DEAL_BEAT_USEC   (G_USEC_PER_SEC * 12 / 100)

/* The window's sounds, for the tests. */
BkSound *
bk_window_get_sound (BkWindow *self)
{
  g_return_val_if_fail (BK_IS_WINDOW (self), NULL);
  return self->sound;
}

/* How long the table still shows what it has been told (0: it is done, or it does not
 * animate), and a card's flight at the window's pace. */
static gint64
table_ahead (BkWindow *self)
{
  return MAX (bk_table_get_busy_until (self->table) - g_get_monotonic_time (), 0);
}

static gint64
card_flight (BkWindow *self)
{
  double speed = _bk_window_animation_speed (self);

  return speed > 0 ? (gint64) (CARD_FLIGHT_USEC / speed) : 0;
}

/* The table has just laid out the deal (its handler runs before ours): a card's sound at
 * every beat until the last card is on its way. */
static void
hand_dealt_cb (BkWindow *self)
{
  gint64 ahead = table_ahead (self);
  gint64 span = ahead - card_flight (self);
  double speed = _bk_window_animation_speed (self);

  bk_sound_cancel (self->sound);
  if (ahead == 0 || speed <= 0 || span <= 0)
    {
      bk_sound_play (self->sound, BK_SOUND_CARD_DEALT);
      return;
    }
  for (gint64 t = 0; t <= span; t += (gint64) (DEAL_BEAT_USEC / speed))
    bk_sound_play_later (self->sound, BK_SOUND_CARD_DEALT, (guint) (t / 1000));
}

/* The card snaps down where it lands; a trick still held was swept away by it. */
static void
card_played_cb (BkWindow *self)
{
  gint64 flight = MIN (table_ahead (self), card_flight (self));

  bk_sound_hurry (self->sound, BK_SOUND_TRICK_TAKEN);
  bk_sound_play_later (self->sound, BK_SOUND_CARD_PLAYED, (guint) (flight / 1000));
}

/* The trick is swept to its winner once the table has held it (the table's handler ran
 * first and knows how long): the sound as it starts to move. */
static void
trick_completed_cb (BkWindow *self)
{
  gint64 sweep = MAX (table_ahead (self) - card_flight (self), 0);

  bk_sound_play_later (self->sound, BK_SOUND_TRICK_TAKEN, (guint) (sweep / 1000));
}

/* A click or a key moved on: the trick the table held goes to its winner now. */
static void
table_dismissed_cb (BkWindow *self)
{
  bk_sound_hurry (self->sound, BK_SOUND_TRICK_TAKEN);
}

/* The model's signals the window's sounds follow, on the window's group of every game, and
 * the table's. */
void
_bk_window_sounds_init (BkWindow     *self,
                        GSignalGroup *game)
{
  g_signal_connect_swapped (self->table, "dismissed", G_CALLBACK (table_dismissed_cb), self);
  g_signal_group_connect_swapped (game, "hand-dealt", G_CALLBACK (hand_dealt_cb), self);
  g_signal_group_connect_swapped (game, "card-played", G_CALLBACK (card_played_cb), self);
  g_signal_group_connect_swapped (game, "trick-completed", G_CALLBACK (trick_completed_cb),
                                  self);
}
