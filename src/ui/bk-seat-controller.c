/* bk-seat-controller.c: the base of every seat's controller; see bk-seat-controller.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-seat-controller.h"

G_DEFINE_ABSTRACT_TYPE (BkSeatController, bk_seat_controller, G_TYPE_OBJECT)

static void
bk_seat_controller_class_init (BkSeatControllerClass *klass)
{
}

static void
bk_seat_controller_init (BkSeatController *self)
{
}

BkSeatControllerKind
bk_seat_controller_get_kind (BkSeatController *self)
{
  g_return_val_if_fail (BK_IS_SEAT_CONTROLLER (self), BK_SEAT_CONTROLLER_COMPUTER);
  return BK_SEAT_CONTROLLER_GET_CLASS (self)->kind;
}

/* The person at this screen plays the seat: the window asks him and the table takes his
 * cards. */
gboolean
bk_seat_controller_is_person_here (BkSeatController *self)
{
  return bk_seat_controller_get_kind (self) == BK_SEAT_CONTROLLER_PERSON_HERE;
}

void
bk_seat_controller_pause (BkSeatController *self)
{
  g_return_if_fail (BK_IS_SEAT_CONTROLLER (self));
  if (BK_SEAT_CONTROLLER_GET_CLASS (self)->pause)
    BK_SEAT_CONTROLLER_GET_CLASS (self)->pause (self);
}

void
bk_seat_controller_resume (BkSeatController *self)
{
  g_return_if_fail (BK_IS_SEAT_CONTROLLER (self));
  if (BK_SEAT_CONTROLLER_GET_CLASS (self)->resume)
    BK_SEAT_CONTROLLER_GET_CLASS (self)->resume (self);
}

void
bk_seat_controller_hurry (BkSeatController *self)
{
  g_return_if_fail (BK_IS_SEAT_CONTROLLER (self));
  if (BK_SEAT_CONTROLLER_GET_CLASS (self)->hurry)
    BK_SEAT_CONTROLLER_GET_CLASS (self)->hurry (self);
}

void
bk_seat_controller_cancel (BkSeatController *self)
{
  g_return_if_fail (BK_IS_SEAT_CONTROLLER (self));
  if (BK_SEAT_CONTROLLER_GET_CLASS (self)->cancel)
    BK_SEAT_CONTROLLER_GET_CLASS (self)->cancel (self);
}

void
bk_seat_controller_set_speed (BkSeatController *self,
                              double            speed)
{
  g_return_if_fail (BK_IS_SEAT_CONTROLLER (self));
  if (BK_SEAT_CONTROLLER_GET_CLASS (self)->set_speed)
    BK_SEAT_CONTROLLER_GET_CLASS (self)->set_speed (self, speed);
}

gboolean
bk_seat_controller_is_idle (BkSeatController *self)
{
  g_return_val_if_fail (BK_IS_SEAT_CONTROLLER (self), TRUE);
  return BK_SEAT_CONTROLLER_GET_CLASS (self)->is_idle == NULL ||
         BK_SEAT_CONTROLLER_GET_CLASS (self)->is_idle (self);
}
