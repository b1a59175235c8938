/* bk-bierkopf-seats.c: the names of the four seats S W N E.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bk-bierkopf-seats.h"
#include "bk-error.h"

static const char *seat_strings[BK_N_SEATS] = { "S", "W", "N", "E" };

const char *
bk_seat_to_string (BkSeat seat)
{
  g_return_val_if_fail (seat < BK_N_SEATS, "?");
  return seat_strings[seat];
}

const char *
bk_seat_display_name (BkSeat seat)
{
  switch (seat)
    {
    case BK_SEAT_S: return _("South");
    case BK_SEAT_W: return _("West");
    case BK_SEAT_N: return _("North");
    case BK_SEAT_E: return _("East");
    default: g_return_val_if_reached ("?");
    }
}

gboolean
bk_seat_parse (const char  *text,
               BkSeat      *seat,
               GError     **error)
{
  for (guint i = 0; i < BK_N_SEATS; i++)
    if (g_ascii_strcasecmp (text, seat_strings[i]) == 0)
      {
        *seat = (BkSeat) i;
        return TRUE;
      }
  g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
               _("“%s” is not a seat (write S, W, N or E)"), text);
  return FALSE;
}
