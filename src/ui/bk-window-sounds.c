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

/* A card's flight and the step between two cards dealt at the normal pace (the table's
 * MOVE_USEC and DEAL_STEP_USEC), and the beat of the sounds of a deal: one for every second
 * card, a riffle rather than a rattle. */
#define CARD_FLIGHT_USEC (G_USEC_PER_SEC * 35 / 100)
#define DEAL_STEP_USEC   (G_USEC_PER_SEC * 6 / 100)
#define DEAL_BEAT_USEC   (DEAL_STEP_USEC * 2)

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

/* The table has just laid out the deal (its handler runs before ours): it is done once
 * the last card has flown, and deals a card a step before (after what it still holds, e.g.
 * a seating draw). A card's sound at every beat while it deals. */
static void
hand_dealt_cb (BkWindow *self)
{
  double speed = _bk_window_animation_speed (self);
  gint64 end = table_ahead (self) - card_flight (self);
  guint n = bk_hand_count (bk_game_get_aside (self->game));

  if (speed <= 0 || end <= 0)
    {
      bk_sound_play (self->sound, BK_SOUND_CARD_DEALT);
      return;
    }
  for (guint s = 0; s < _bk_window_n_seats (self); s++)
    n += bk_hand_count (bk_game_get_cards (self->game, (BkSeat) s));
  for (gint64 t = MAX (end - (gint64) (n * DEAL_STEP_USEC / speed), 0); t <= end;
       t += (gint64) (DEAL_BEAT_USEC / speed))
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
