/* bk-net-senders.h: who may send each payload of the table, and where (docs/network.md,
 * section 3's headings and section 4's last paragraph), in one table that the guest's and
 * the host's checks read: a host payload comes from the host's occupant alone, a room
 * payload through the room, a private one in private.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-net-protocol.h"

G_BEGIN_DECLS

typedef enum {
  BK_NET_FROM_HOST,     /* the host's occupant alone */
  BK_NET_FROM_GUEST,    /* any occupant but the host */
  BK_NET_FROM_ANYONE,
} BkNetSender;

typedef enum {
  BK_NET_VIA_ROOM = 1 << 0,     /* type='groupchat' */
  BK_NET_VIA_PRIVATE = 1 << 1,  /* type='chat', to one occupant */
  BK_NET_VIA_EITHER = BK_NET_VIA_ROOM | BK_NET_VIA_PRIVATE,
} BkNetChannel;

typedef struct {
  BkNetSender  sender;
  BkNetChannel channel;
} BkNetSenderRule;

/* The rule for @kind (a BkNetKind below BK_NET_N_KINDS). */
const BkNetSenderRule *bk_net_sender_rule (BkNetKind   kind);
/* Whether a payload of @kind may come from this sender (@from_host: the host's occupant)
 * through this channel (@private: sent to us alone); FALSE with the reason (not for a
 * person's eyes: the log's) when not. */
gboolean               bk_net_sender_may  (BkNetKind   kind,
                                           gboolean    from_host,
                                           gboolean    private,
                                           GError    **error);

G_END_DECLS
