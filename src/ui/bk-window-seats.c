/* bk-window-seats.c: who plays each seat and under which name. A seat is played by its
 * controller (BkSeatController): the person at this screen or a computer player; the
 * window asks the controller, never the seat's number. Every controller pauses while a
 * window of ours covers the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-computer-controller.h"
#include "bk-person-controller.h"
#include "bk-window-private.h"
#include "bk-window-test.h"

/* The person at this screen plays @seat. */
gboolean
_bk_window_is_person_here (BkWindow *self,
                           BkSeat    seat)
{
  return seat < BK_MAX_SEATS && self->controllers[seat] != NULL &&
         bk_seat_controller_is_person_here (self->controllers[seat]);
}

/* The seat the person at this screen plays now: the one to act if it is his, else the
 * first of his; BK_SEAT_NONE if he plays none. */
BkSeat
_bk_window_person_seat (BkWindow *self)
{
  BkSeat to_act = self->game ? bk_game_get_to_act (self->game) : BK_SEAT_NONE;

  if (_bk_window_is_person_here (self, to_act))
    return to_act;
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (_bk_window_is_person_here (self, (BkSeat) s))
      return (BkSeat) s;
  return BK_SEAT_NONE;
}

/* The one answer the title ("Your turn") and a click on a card (played, or "Wait for your
 * turn") both go by. */
gboolean
_bk_window_is_persons_turn (BkWindow *self)
{
  return self->game != NULL && bk_game_get_phase (self->game) == BK_PHASE_PLAYING &&
         _bk_window_is_person_here (self, bk_game_get_to_act (self->game));
}

/* Who sits at @seat now, by the seat that player had when the session began: the game's
 * seating moves them (bk_game_get_player_at()); nobody has moved without a game. */
guint
_bk_window_player_at (BkWindow *self,
                      BkSeat    seat)
{
  g_return_val_if_fail (seat < BK_MAX_SEATS, 0);

  if (self->game == NULL || seat >= bk_game_get_n_seats (self->game))
    return seat;
  return bk_game_get_player_at (self->game, seat);
}

/* The name of who sits at @seat now, "You" at the person's. */
const char *
_bk_window_name_at (BkWindow *self,
                    BkSeat    seat)
{
  return self->people[_bk_window_player_at (self, seat)];
}

/* The names of the seats, the person "You", in seat order. */
void
_bk_window_seat_names (BkWindow   *self,
                       const char *names[BK_MAX_SEATS])
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    names[s] = _bk_window_name_at (self, (BkSeat) s);
}

void
_bk_window_update_names (BkWindow *self)
{
  const char *names[BK_MAX_SEATS + 1] = { NULL };

  _bk_window_seat_names (self, names);
  names[_bk_window_n_seats (self)] = NULL;
  bk_table_set_player_names (self->table, names);
}

void
_bk_window_load_people (BkWindow *self)
{
  g_auto (GStrv) names = g_settings_get_strv (self->settings, "player-names");
  /* Franconian first names for computer players without a name (a game may have up to
   * seven of them). */
  static const char *fallback[] = { "Sepp", "Gretl", "Hans", "Vroni", "Schorsch", "Kathl",
                                    "Wastl" };

  g_free (self->people[0]);
  self->people[0] = g_strdup (_("You"));
  for (guint i = 1; i < BK_MAX_SEATS; i++)
    {
      const char *name = names && g_strv_length (names) >= i && names[i - 1][0]
                         ? names[i - 1] : fallback[i - 1];
      g_free (self->people[i]);
      self->people[i] = g_strdup (name);
    }
}

static const char *
computer_level (BkWindow *self)
{
  static const char *levels[] = { "heuristic", "pimc", "meister" };
  guint strength = (guint) g_settings_get_enum (self->settings,
                                                _bk_window_get_view (self)->strength_key);

  return levels[MIN (strength, G_N_ELEMENTS (levels) - 1)];
}

static BkStrategy *
computer_player (BkWindow *self)
{
  BkGameKind kind = bk_game_get_rules (self->game)->game;
  BkStrategy *strategy;

  strategy = bk_strategy_new_for_level (kind, computer_level (self), NULL);
  if (strategy == NULL)
    strategy = bk_strategy_new_for_level (kind, "random", NULL);
  return strategy;
}

void
_bk_window_install_players (BkWindow *self)
{
  const char *levels[BK_MAX_SEATS] = { NULL };

  for (guint s = 0; s < _bk_window_n_seats (self); s++)
    {
      gboolean person = (self->person_seats & (1u << s)) != 0;
      g_autoptr (BkStrategy) strategy = person ? NULL : computer_player (self);

      bk_game_set_strategy (self->game, (BkSeat) s, strategy);
      levels[s] = person ? NULL : computer_level (self);
    }
  bk_history_recorder_set_levels (self->recorder, levels);
}

/* The seats' controllers, each once: one computer controller plays every computer seat. */
static guint
distinct_controllers (BkWindow         *self,
                      BkSeatController *out[BK_MAX_SEATS])
{
  guint n = 0;

  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      gboolean seen = self->controllers[s] == NULL;

      for (guint i = 0; i < n && !seen; i++)
        seen = out[i] == self->controllers[s];
      if (!seen)
        out[n++] = self->controllers[s];
    }
  return n;
}

/* Every seat of @game gets its controller: the person's seats (person_seats) the person at
 * this screen, the others the computer players. */
void
_bk_window_make_controllers (BkWindow *self,
                             BkGame   *game)
{
  g_autoptr (BkSeatController) person = bk_person_controller_new ();
  g_autoptr (BkSeatController) computer = NULL;

  _bk_window_drop_controllers (self);
  for (guint s = 0; s < bk_game_get_n_seats (game); s++)
    {
      if (self->person_seats & (1u << s))
        self->controllers[s] = g_object_ref (person);
      else
        {
          if (computer == NULL)
            computer = bk_computer_controller_new (game, _bk_window_table_busy_cb, self);
          self->controllers[s] = g_object_ref (computer);
        }
    }
  _bk_window_controllers_set_speed (self, _bk_window_animation_speed (self));
}

/* Nothing of the old session comes back into this window. */
void
_bk_window_drop_controllers (BkWindow *self)
{
  BkSeatController *each[BK_MAX_SEATS];
  guint n = distinct_controllers (self, each);

  for (guint i = 0; i < n; i++)
    bk_seat_controller_cancel (each[i]);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_clear_object (&self->controllers[s]);
}

gboolean
_bk_window_has_controllers (BkWindow *self)
{
  return self->controllers[0] != NULL;
}

/* @fn for every controller once. */
void
_bk_window_each_controller (BkWindow *self,
                            void    (*fn) (BkSeatController *controller))
{
  BkSeatController *each[BK_MAX_SEATS];
  guint n = distinct_controllers (self, each);

  for (guint i = 0; i < n; i++)
    fn (each[i]);
}

void
_bk_window_controllers_set_speed (BkWindow *self,
                                  double    speed)
{
  BkSeatController *each[BK_MAX_SEATS];
  guint n = distinct_controllers (self, each);

  for (guint i = 0; i < n; i++)
    bk_seat_controller_set_speed (each[i], speed);
}

gboolean
_bk_window_controllers_idle (BkWindow *self)
{
  BkSeatController *each[BK_MAX_SEATS];
  guint n = distinct_controllers (self, each);

  for (guint i = 0; i < n; i++)
    if (!bk_seat_controller_is_idle (each[i]))
      return FALSE;
  return TRUE;
}

/* The seats the person at this screen plays from the next session on (a bit per seat;
 * today's window: seat S only). */
void
bk_window_set_person_seats (BkWindow *self,
                            guint     seats)
{
  g_return_if_fail (BK_IS_WINDOW (self));
  self->person_seats = seats;
}
