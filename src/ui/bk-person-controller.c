/* bk-person-controller.c: the person at this screen; he moves through the window, so
 * there is nothing to pause, hurry or cancel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-person-controller.h"

struct _BkPersonController
{
  BkSeatController parent_instance;
};

G_DEFINE_FINAL_TYPE (BkPersonController, bk_person_controller, BK_TYPE_SEAT_CONTROLLER)

static void
bk_person_controller_class_init (BkPersonControllerClass *klass)
{
  BK_SEAT_CONTROLLER_CLASS (klass)->kind = BK_SEAT_CONTROLLER_PERSON_HERE;
}

static void
bk_person_controller_init (BkPersonController *self)
{
}

BkSeatController *
bk_person_controller_new (void)
{
  return g_object_new (BK_TYPE_PERSON_CONTROLLER, NULL);
}
