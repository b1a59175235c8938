/* bk-computer-controller.c: a computer player's seat, played by BkComputerPlayers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-computer-controller.h"

struct _BkComputerController
{
  BkSeatController   parent_instance;

  BkComputerPlayers *players;
};

G_DEFINE_FINAL_TYPE (BkComputerController, bk_computer_controller, BK_TYPE_SEAT_CONTROLLER)

#define PLAYERS(self) (BK_COMPUTER_CONTROLLER (self)->players)

static void
computer_pause (BkSeatController *self)
{
  bk_computer_players_pause (PLAYERS (self));
}

static void
computer_resume (BkSeatController *self)
{
  bk_computer_players_resume (PLAYERS (self));
}

static void
computer_hurry (BkSeatController *self)
{
  bk_computer_players_hurry (PLAYERS (self));
}

static void
computer_cancel (BkSeatController *self)
{
  bk_computer_players_cancel (PLAYERS (self));
}

static void
computer_set_speed (BkSeatController *self,
                    double            speed)
{
  bk_computer_players_set_speed (PLAYERS (self), speed);
}

static gboolean
computer_is_idle (BkSeatController *self)
{
  return bk_computer_players_is_idle (PLAYERS (self));
}

static void
bk_computer_controller_dispose (GObject *object)
{
  BkComputerController *self = BK_COMPUTER_CONTROLLER (object);

  if (self->players)
    bk_computer_players_cancel (self->players);
  g_clear_object (&self->players);

  G_OBJECT_CLASS (bk_computer_controller_parent_class)->dispose (object);
}

static void
bk_computer_controller_class_init (BkComputerControllerClass *klass)
{
  BkSeatControllerClass *seat_class = BK_SEAT_CONTROLLER_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = bk_computer_controller_dispose;
  seat_class->kind = BK_SEAT_CONTROLLER_COMPUTER;
  seat_class->pause = computer_pause;
  seat_class->resume = computer_resume;
  seat_class->hurry = computer_hurry;
  seat_class->cancel = computer_cancel;
  seat_class->set_speed = computer_set_speed;
  seat_class->is_idle = computer_is_idle;
}

static void
bk_computer_controller_init (BkComputerController *self)
{
}

/* @busy says until when the view is busy showing something: no move comes before. */
BkSeatController *
bk_computer_controller_new (BkGame     *game,
                            BkBusyFunc  busy,
                            gpointer    busy_data)
{
  BkComputerController *self;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  self = g_object_new (BK_TYPE_COMPUTER_CONTROLLER, NULL);
  self->players = bk_computer_players_new (game, busy, busy_data);
  return BK_SEAT_CONTROLLER (self);
}
