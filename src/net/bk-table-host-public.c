/* bk-table-host-public.c: the public table for an occupant without a seat. A spectator
 * that sees a gap in the lines (a line the host wrote just before it was killed never
 * reached the room) asks with <resync/>, and gets what every occupant has seen: never a
 * card (finding 4 of issue 31).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <string.h>

#include "bk-record.h"
#include "bk-table-host-private.h"
#include "bk-table-host-public.h"

void
bk_table_host_send_public_state (BkTableHost *self,
                                 const char  *nick)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;
  g_autofree char *record = NULL;

  g_return_if_fail (BK_IS_TABLE_HOST (self) && nick != NULL);

  if (self->stage == STAGE_FINISHED)
    return;
  record = bk_game_to_record (self->game);
  bk_net_stanza_init (&stanza, BK_NET_STATE);
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  stanza.seat = BK_SEAT_NONE;
  /* every finished hand is public once revealed; the hand in play only by its lines */
  stanza.record = g_strndup (record, self->stage == STAGE_SEATING ? strlen (self->header)
                                                                 : self->hand_start);
  stanza.lines = g_strdup (self->hand_lines->str);
  stanza.text = g_strdup ("");
  if (self->stage == STAGE_COMMITTED || self->stage == STAGE_PLAYING)
    {
      stanza.has_digest = TRUE;
      memcpy (stanza.digest, self->commitment, BK_NET_SECRET_SIZE);
    }
  payload = bk_net_stanza_build (&stanza);
  g_debug ("The public table of hand %u at line %u to %s", self->hand, self->seq, nick);
  g_signal_emit_by_name (self, "send", nick, NULL, payload, TRUE);
}
