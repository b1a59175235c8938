/* bk-net-senders.c: who may send each payload of the table, and where.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-net-senders.h"

/* docs/network.md section 3, one heading per payload: "(host → room)" and the like. */
static const BkNetSenderRule rules[BK_NET_N_KINDS] = {
  [BK_NET_TABLE] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  [BK_NET_CLAIM] = { BK_NET_FROM_GUEST, BK_NET_VIA_PRIVATE },
  [BK_NET_COMMIT] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  [BK_NET_SECRET] = { BK_NET_FROM_GUEST, BK_NET_VIA_PRIVATE },
  [BK_NET_HAND] = { BK_NET_FROM_HOST, BK_NET_VIA_PRIVATE },
  [BK_NET_LINE] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  [BK_NET_REQUEST] = { BK_NET_FROM_GUEST, BK_NET_VIA_PRIVATE },
  [BK_NET_DECLINE] = { BK_NET_FROM_GUEST, BK_NET_VIA_PRIVATE },
  [BK_NET_ACTION] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  [BK_NET_REFUSED] = { BK_NET_FROM_HOST, BK_NET_VIA_PRIVATE },
  [BK_NET_REVEAL] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  /* a newcomer does not know the host's nickname yet: it asks the room (3.11) */
  [BK_NET_RESYNC] = { BK_NET_FROM_GUEST, BK_NET_VIA_EITHER },
  [BK_NET_STATE] = { BK_NET_FROM_HOST, BK_NET_VIA_PRIVATE },
  [BK_NET_WAIT] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  [BK_NET_END] = { BK_NET_FROM_HOST, BK_NET_VIA_ROOM },
  /* a seat's resume token is that seat's alone, never the room's (3.16) */
  [BK_NET_TOKEN] = { BK_NET_FROM_HOST, BK_NET_VIA_PRIVATE },
};

const BkNetSenderRule *
bk_net_sender_rule (BkNetKind kind)
{
  g_return_val_if_fail (kind < BK_NET_N_KINDS, NULL);
  return &rules[kind];
}

gboolean
bk_net_sender_may (BkNetKind   kind,
                   gboolean    from_host,
                   gboolean    private,
                   GError    **error)
{
  const BkNetSenderRule *rule;
  const char *why;

  g_return_val_if_fail (kind < BK_NET_N_KINDS, FALSE);

  rule = &rules[kind];
  if (rule->sender == BK_NET_FROM_HOST && !from_host)
    why = "from an occupant who is not the host";
  else if (rule->sender == BK_NET_FROM_GUEST && from_host)
    why = "from the host, who does not send it";
  else if (!(rule->channel & (private ? BK_NET_VIA_PRIVATE : BK_NET_VIA_ROOM)))
    why = private ? "in private, where only the room carries it"
                  : "in the room, where it goes to one occupant alone";
  else
    return TRUE;
  g_debug ("<%s/> %s: dropped", bk_net_kind_name (kind), why);
  g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED, "<%s/> %s",
               bk_net_kind_name (kind), why);
  return FALSE;
}
