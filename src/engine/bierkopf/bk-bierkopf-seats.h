/* bk-bierkopf-seats.h: the four seats of Bierkopf's table, S W N E clockwise, and their
 * names (notation.md "Seats and teams"); Herzla's four-player game writes its seats the
 * same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-action.h"

G_BEGIN_DECLS

/* Clockwise as play goes, the human at the bottom (notation.md). */
enum {
  BK_SEAT_S,
  BK_SEAT_W,
  BK_SEAT_N,
  BK_SEAT_E,
  BK_N_SEATS
};

static inline BkSeat
bk_seat_after (BkSeat seat,
               guint  steps)
{
  return (BkSeat) ((seat + steps) & 3);
}

const char  *bk_seat_to_string   (BkSeat       seat);
const char  *bk_seat_display_name (BkSeat      seat);
gboolean     bk_seat_parse       (const char  *text,
                                  BkSeat      *seat,
                                  GError     **error);

G_END_DECLS
