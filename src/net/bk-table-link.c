/* bk-table-link.c: see bk-table-link.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <string.h>

#include "bk-fair-deal.h"
#include "bk-net-protocol.h"
#include "bk-table-link.h"

struct _BkTableLink
{
  GObject              parent_instance;

  BkXmppClient        *client;
  char                *room;
  char                *nick;
  GHashTable          *real_jids;   /* nick → real JID, from the room's presences */
  GPtrArray           *senders;     /* what hands us its ::send */
  BkTableHost         *host;
  BkTableGuest        *guest;
  guint                ask_id;
  BkTableLinkHaveFunc  have;
  gpointer             have_data;
};

G_DEFINE_FINAL_TYPE (BkTableLink, bk_table_link, G_TYPE_OBJECT)

enum {
  SIGNAL_MESSAGE,
  SIGNAL_OCCUPANT,
  SIGNAL_JOINED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
bk_table_link_dispose (GObject *object)
{
  BkTableLink *self = BK_TABLE_LINK (object);

  g_clear_handle_id (&self->ask_id, g_source_remove);
  if (self->client)
    g_signal_handlers_disconnect_by_data (self->client, self);
  for (guint i = 0; i < self->senders->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->senders, i), self);
  g_ptr_array_set_size (self->senders, 0);
  g_clear_object (&self->host);
  g_clear_object (&self->guest);
  g_clear_object (&self->client);
  G_OBJECT_CLASS (bk_table_link_parent_class)->dispose (object);
}

static void
bk_table_link_finalize (GObject *object)
{
  BkTableLink *self = BK_TABLE_LINK (object);

  g_hash_table_unref (self->real_jids);
  g_ptr_array_unref (self->senders);
  g_free (self->room);
  g_free (self->nick);
  G_OBJECT_CLASS (bk_table_link_parent_class)->finalize (object);
}

static void
bk_table_link_class_init (BkTableLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_table_link_dispose;
  object_class->finalize = bk_table_link_finalize;

  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  signals[SIGNAL_OCCUPANT] =
    g_signal_new ("occupant", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_JOINED] =
    g_signal_new ("joined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bk_table_link_init (BkTableLink *self)
{
  self->real_jids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->senders = g_ptr_array_new_with_free_func (g_object_unref);
}

/* The occupant's nickname of a message from our room, or NULL. */
static const char *
room_nick (BkTableLink *self,
           const char  *from)
{
  gsize n = self->room ? strlen (self->room) : 0;

  if (n && from && strncmp (from, self->room, n) == 0 && from[n] == '/' && from[n + 1])
    return from + n + 1;
  return NULL;
}

static void
host_take (BkTableLink         *self,
           const char          *nick,
           const char          *real_jid,
           const BkXmppMessage *message,
           gboolean             private)
{
  /* Requests come to us alone; what the room carries the host reads only where a guest
   * may post it there (bk-net-senders.c: a newcomer's <resync/>). */
  if (message->payload && private)
    bk_table_host_handle (self->host, nick, real_jid, message->payload,
                          g_get_monotonic_time (), NULL);
  else if (message->payload)
    bk_table_host_handle_room (self->host, nick, real_jid, message->payload,
                               g_get_monotonic_time (), NULL);
  else if (message->payload_error && private)
    bk_table_host_refuse_unread (self->host, nick, message->payload_error);
}

static void
message_cb (BkXmppClient        *client,
            const BkXmppMessage *message,
            BkTableLink         *self)
{
  const char *nick = room_nick (self, message->from);
  const char *real_jid;
  gboolean private;

  /* the room's history is not the table now: the host sends what we missed */
  if (nick == NULL || message->delayed || g_strcmp0 (nick, self->nick) == 0)
    return;
  private = strcmp (message->type, "chat") == 0;
  if (!private && strcmp (message->type, "groupchat") != 0)
    return;
  real_jid = message->real_jid ? message->real_jid
                               : g_hash_table_lookup (self->real_jids, nick);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, nick, real_jid, message, private);
  if (self->host)
    host_take (self, nick, real_jid, message, private);
  else if (self->guest && message->payload)
    bk_table_guest_handle (self->guest, nick, message->payload, private, NULL);
  else if (self->guest && !private && message->payload_error == NULL && message->body)
    /* a body without a payload of ours: free words (docs/network.md, 3.13) */
    bk_table_guest_hear (self->guest, nick, message->body, NULL);
  g_object_unref (self);
}

static void
occupant_cb (BkXmppClient *client,
             const char   *room,
             const char   *nick,
             const char   *real_jid,
             gboolean      present,
             BkTableLink  *self)
{
  if (g_strcmp0 (room, self->room) != 0)
    return;
  g_object_ref (self);
  if (present && real_jid)
    g_hash_table_replace (self->real_jids, g_strdup (nick), g_strdup (real_jid));
  if (self->host)
    bk_table_host_occupant (self->host, nick, real_jid, present, g_get_monotonic_time ());
  if (self->guest)
    bk_table_guest_occupant (self->guest, nick, present);
  g_signal_emit (self, signals[SIGNAL_OCCUPANT], 0, nick, real_jid, present);
  if (!present)
    g_hash_table_remove (self->real_jids, nick);
  g_object_unref (self);
}

static void
room_joined_cb (BkXmppClient *client,
                const char   *room,
                const char   *nick,
                BkTableLink  *self)
{
  if (g_strcmp0 (room, self->room) == 0)
    g_signal_emit (self, signals[SIGNAL_JOINED], 0);
}

BkTableLink *
bk_table_link_new (BkXmppClient *client,
                   const char   *room,
                   const char   *nick)
{
  BkTableLink *self;

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && nick != NULL, NULL);

  self = g_object_new (BK_TYPE_TABLE_LINK, NULL);
  self->client = g_object_ref (client);
  self->room = g_strdup (room);
  self->nick = g_strdup (nick);
  g_signal_connect (client, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (client, "occupant", G_CALLBACK (occupant_cb), self);
  g_signal_connect (client, "room-joined", G_CALLBACK (room_joined_cb), self);
  return self;
}

const char *
bk_table_link_get_room (BkTableLink *self)
{
  g_return_val_if_fail (BK_IS_TABLE_LINK (self), NULL);
  return self->room;
}

void
bk_table_link_set_room (BkTableLink *self,
                        const char  *room)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self));

  g_free (self->room);
  self->room = g_strdup (room);
}

const char *
bk_table_link_get_nick (BkTableLink *self)
{
  g_return_val_if_fail (BK_IS_TABLE_LINK (self), NULL);
  return self->nick;
}

void
bk_table_link_set_nick (BkTableLink *self,
                        const char  *nick)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && nick != NULL);

  g_free (self->nick);
  self->nick = g_strdup (nick);
}

GHashTable *
bk_table_link_get_real_jids (BkTableLink *self)
{
  g_return_val_if_fail (BK_IS_TABLE_LINK (self), NULL);
  return self->real_jids;
}

void
bk_table_link_send (BkTableLink         *self,
                    const char          *nick,
                    const char          *body,
                    const BkXmppElement *payload,
                    gboolean             private)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && self->room != NULL);

  if (nick == NULL)
    bk_xmpp_client_send_groupchat (self->client, self->room, body, payload);
  else
    {
      g_autofree char *to = g_strdup_printf ("%s/%s", self->room, nick);

      bk_xmpp_client_send_chat (self->client, to, body, payload, private);
    }
}

static void
send_cb (GObject       *source,
         const char    *nick,
         const char    *body,
         BkXmppElement *payload,
         gboolean       private,
         BkTableLink   *self)
{
  bk_table_link_send (self, nick, body, payload, private);
}

void
bk_table_link_attach_sender (BkTableLink *self,
                             GObject     *source)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && G_IS_OBJECT (source));

  g_ptr_array_add (self->senders, g_object_ref (source));
  g_signal_connect (source, "send", G_CALLBACK (send_cb), self);
}

void
bk_table_link_attach_host (BkTableLink *self,
                           BkTableHost *host)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && BK_IS_TABLE_HOST (host));
  g_return_if_fail (self->host == NULL && self->guest == NULL);

  self->host = g_object_ref (host);
  bk_table_link_attach_sender (self, G_OBJECT (host));
}

void
bk_table_link_attach_guest (BkTableLink  *self,
                            BkTableGuest *guest)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && BK_IS_TABLE_GUEST (guest));
  g_return_if_fail (self->host == NULL && self->guest == NULL);

  self->guest = g_object_ref (guest);
  bk_table_link_attach_sender (self, G_OBJECT (guest));
}

static void
send_resync (BkTableLink *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_RESYNC);
  payload = bk_net_stanza_build (&stanza);
  bk_xmpp_client_send_groupchat (self->client, self->room, NULL, payload);
}

static gboolean
ask_again_cb (gpointer data)
{
  BkTableLink *self = data;

  if (self->have (self->have_data))
    {
      self->ask_id = 0;
      return G_SOURCE_REMOVE;
    }
  send_resync (self);
  return G_SOURCE_CONTINUE;
}

void
bk_table_link_ask_for_table (BkTableLink         *self,
                             BkTableLinkHaveFunc  have,
                             gpointer             data)
{
  g_return_if_fail (BK_IS_TABLE_LINK (self) && self->room != NULL && have != NULL);

  self->have = have;
  self->have_data = data;
  send_resync (self);
  if (self->ask_id == 0)
    self->ask_id = g_timeout_add_seconds (BK_TABLE_LINK_ASK_SECONDS, ask_again_cb, self);
}

gboolean
bk_table_link_take_seats (BkNetStanza         *seats,
                          const BkXmppElement *payload)
{
  g_auto (BkNetStanza) stanza = { 0 };

  g_return_val_if_fail (seats != NULL && payload != NULL, FALSE);

  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL) ||
      stanza.kind != BK_NET_TABLE)
    return FALSE;
  bk_net_stanza_clear (seats);
  *seats = stanza;
  memset (&stanza, 0, sizeof stanza);
  return TRUE;
}

char *
bk_table_link_new_room_name (const char *service)
{
  guint8 name[BK_NET_SECRET_SIZE];
  g_autofree char *hex = NULL;

  g_return_val_if_fail (service != NULL, NULL);

  if (!bk_fair_deal_new_secret (name, NULL))
    memset (name, 0, sizeof name);
  hex = bk_net_hex (name, 6);
  return g_strdup_printf ("bierkopf-%s@%s", hex, service);
}

char *
bk_table_link_dup_invitation (const char *room,
                              const char *password)
{
  g_return_val_if_fail (room != NULL && password != NULL, NULL);
  return bk_table_link_dup_guest_invitation (room, password, NULL);
}

char *
bk_table_link_dup_guest_invitation (const char *room,
                                    const char *password,
                                    const char *guests)
{
  g_return_val_if_fail (room != NULL && password != NULL, NULL);
  g_return_val_if_fail (guests == NULL || bk_table_link_is_guest_domain (guests), NULL);

  if (guests == NULL)
    return g_strdup_printf ("xmpp:%s?join;password=%s", room, password);
  return g_strdup_printf ("xmpp:%s?join;password=%s;guests=%s", room, password, guests);
}

gboolean
bk_table_link_is_guest_domain (const char *domain)
{
  return bk_table_invitation_is_domain (domain);
}

gboolean
bk_table_link_parse_invitation (const char  *uri,
                                char       **room,
                                char       **password)
{
  g_autofree char *guests = NULL;

  g_return_val_if_fail (uri && room && password, FALSE);
  return bk_table_link_parse_link (uri, room, password, &guests);
}

gboolean
bk_table_link_parse_link (const char  *uri,
                          char       **room,
                          char       **password,
                          char       **guests)
{
  g_auto (BkTableInvitation) invitation = { 0 };

  g_return_val_if_fail (uri && room && password && guests, FALSE);

  *password = NULL;
  *guests = NULL;
  if (!bk_table_invitation_parse (uri, &invitation, NULL))
    return FALSE;
  *room = g_steal_pointer (&invitation.room);
  *password = g_steal_pointer (&invitation.password);
  *guests = g_steal_pointer (&invitation.guests);
  return TRUE;
}
