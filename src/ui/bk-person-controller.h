/* bk-person-controller.h: the seat of the person at this screen: the window asks him what
 * the game wants of the seat, and the table takes his cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-seat-controller.h"

G_BEGIN_DECLS

#define BK_TYPE_PERSON_CONTROLLER (bk_person_controller_get_type ())

G_DECLARE_FINAL_TYPE (BkPersonController, bk_person_controller, BK, PERSON_CONTROLLER,
                      BkSeatController)

BkSeatController *bk_person_controller_new (void);

G_END_DECLS
