/* bk-table-host-public.h: the public table for an occupant without a seat (a spectator
 * that saw a gap in the lines): docs/network.md 3.3 and 3.11.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-table-host.h"

G_BEGIN_DECLS

/* Sends @nick alone a <state/> without a seat: the record of the finished hands, the hand's
 * public lines so far and its commitment, never a card. */
void bk_table_host_send_public_state (BkTableHost *self,
                                      const char  *nick);

G_END_DECLS
