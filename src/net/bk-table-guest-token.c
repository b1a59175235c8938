/* bk-table-guest-token.c: the resume token of our chair (docs/network.md 3.16): the host
 * sends it to us alone; the caller keeps it with the table (`table join --keep`), and a
 * guest started again, under any address, claims the chair with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <string.h>

#include "bk-table-guest-private.h"

gboolean
bk_table_guest_set_token (BkTableGuest *self,
                          const char   *token)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);

  if (token == NULL)
    {
      self->has_token = FALSE;
      return TRUE;
    }
  self->has_token = bk_net_hex_parse (token, self->token, BK_NET_TOKEN_SIZE);
  return self->has_token;
}

char *
bk_table_guest_dup_token (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->has_token ? bk_net_hex (self->token, BK_NET_TOKEN_SIZE) : NULL;
}

gboolean
bk_guest_take_token (BkTableGuest      *self,
                     const BkNetStanza *stanza,
                     GError           **error)
{
  g_autofree char *hex = NULL;

  if (self->seat == BK_SEAT_NONE || stanza->seat != self->seat)
    return bk_guest_refuse (error, "A token not meant for us");
  if (self->has_token && memcmp (self->token, stanza->token, BK_NET_TOKEN_SIZE) == 0)
    return TRUE;
  memcpy (self->token, stanza->token, BK_NET_TOKEN_SIZE);
  self->has_token = TRUE;
  hex = bk_net_hex (self->token, BK_NET_TOKEN_SIZE);
  g_debug ("Chair %u has a new resume token", self->seat);
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_TOKEN], 0, hex);
  return TRUE;
}

gboolean
bk_guest_token_refused (BkTableGuest      *self,
                        const BkNetStanza *refused)
{
  /* a token that opens nothing (spent, another chair's, a wrong one): without it, the claim
   * is an address's as before, which the host takes or refuses as `seat-taken` */
  if (!self->has_token || self->seated || !self->asks[BK_NET_CLAIM].open ||
      (strcmp (refused->code, "replayed") != 0 && strcmp (refused->code, "not-your-seat") != 0))
    return FALSE;
  g_message ("The host refused our chair's token: %s; we claim without it", refused->text);
  self->has_token = FALSE;
  self->asks[BK_NET_CLAIM].open = FALSE;
  bk_guest_send_simple (self, BK_NET_CLAIM);
  self->retry_at = bk_guest_now (self) + CLAIM_WAIT_US;
  bk_guest_schedule (self);
  return TRUE;
}
