/* bk-friends-link.c: see bk-friends-link.h. As `bierkopf-cli table` does it
 * (src/cli/bk-cli-table.c), for a window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-fair-deal.h"
#include "bk-friends-chat.h"
#include "bk-friends-link.h"

/* A newcomer asks the room for the table this often until it comes (the first stanza
 * after a join is sometimes lost, docs/network.md). */
#define ASK_SECONDS 2

struct _BkFriendsLink
{
  GObject         parent_instance;

  BkXmppClient   *client;
  BkGame         *game;          /* the host's, until its table is made */
  BkFriendsTable *table;
  char           *room;
  char           *password;
  char           *nick;
  char           *invitation;
  char           *status;
  GHashTable     *real_jids;     /* nick → real JID, from the room's presences */
  BkXmppElement  *last_table;    /* a guest's, before it sits */
  BkNetStanza     seats;
  gboolean        has_seats;
  guint           ask_id;
  GKeyFile       *resume;        /* hostquit: a host's table taken up again */
};

G_DEFINE_FINAL_TYPE (BkFriendsLink, bk_friends_link, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  SIGNAL_SEATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
bk_friends_parse_invitation (const char  *uri,
                             char       **room,
                             char       **password)
{
  g_autofree char *text = NULL;
  char *query;

  g_return_val_if_fail (uri && room && password, FALSE);

  text = g_uri_unescape_string (g_str_has_prefix (uri, "xmpp:") ? uri + 5 : uri, NULL);
  if (text == NULL)
    return FALSE;
  g_strstrip (text);
  *password = NULL;
  query = strchr (text, '?');
  if (query)
    {
      g_auto (GStrv) parts = g_strsplit (query + 1, ";", -1);

      *query = '\0';
      if (g_strcmp0 (parts[0], "join") != 0)
        return FALSE;
      for (guint i = 1; parts[i]; i++)
        if (g_str_has_prefix (parts[i], "password="))
          {
            g_free (*password);
            *password = g_strdup (parts[i] + 9);
          }
    }
  if (text[0] == '@' || strchr (text, '@') == NULL || strchr (text, '/'))
    {
      g_clear_pointer (password, g_free);
      return FALSE;
    }
  *room = g_steal_pointer (&text);
  return TRUE;
}

static void
set_status (BkFriendsLink *self,
            const char    *status)
{
  g_free (self->status);
  self->status = g_strdup (status);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
bk_friends_link_dispose (GObject *object)
{
  BkFriendsLink *self = BK_FRIENDS_LINK (object);

  g_clear_handle_id (&self->ask_id, g_source_remove);
  if (self->client)
    {
      g_signal_handlers_disconnect_by_data (self->client, self);
      /* the connection is the account's (bk-account.h): the table leaves only its room */
      if (self->room)
        bk_xmpp_client_leave_room (self->client, self->room);
    }
  if (self->table)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->table);
  g_clear_object (&self->game);
  g_clear_object (&self->client);
  g_clear_pointer (&self->last_table, bk_xmpp_element_unref);
  g_clear_pointer (&self->resume, g_key_file_unref);
  G_OBJECT_CLASS (bk_friends_link_parent_class)->dispose (object);
}

static void
bk_friends_link_finalize (GObject *object)
{
  BkFriendsLink *self = BK_FRIENDS_LINK (object);

  bk_net_stanza_clear (&self->seats);
  g_hash_table_unref (self->real_jids);
  g_free (self->room);
  g_free (self->password);
  g_free (self->nick);
  g_free (self->invitation);
  g_free (self->status);
  G_OBJECT_CLASS (bk_friends_link_parent_class)->finalize (object);
}

static void
bk_friends_link_class_init (BkFriendsLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_friends_link_dispose;
  object_class->finalize = bk_friends_link_finalize;

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_SEATED] =
    g_signal_new ("seated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
bk_friends_link_init (BkFriendsLink *self)
{
  self->real_jids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->status = g_strdup (_("Connecting…"));
}

/* The occupant's nickname of a message from our room, or NULL. */
static const char *
room_nick (BkFriendsLink *self,
           const char    *from)
{
  gsize n = self->room ? strlen (self->room) : 0;

  if (n && from && strncmp (from, self->room, n) == 0 && from[n] == '/' && from[n + 1])
    return from + n + 1;
  return NULL;
}

static void
take_seats (BkFriendsLink       *self,
            const BkXmppElement *payload)
{
  g_auto (BkNetStanza) stanza = { 0 };

  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL) ||
      stanza.kind != BK_NET_TABLE)
    return;
  bk_net_stanza_clear (&self->seats);
  self->seats = stanza;
  memset (&stanza, 0, sizeof stanza);
  self->has_seats = TRUE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
table_seats_cb (BkFriendsTable *table,
                BkFriendsLink  *self)
{
  const BkNetStanza *seats = bk_friends_table_get_seats (table);
  g_autoptr (BkXmppElement) payload = NULL;

  if (seats == NULL)
    return;
  payload = bk_net_stanza_build (seats);
  take_seats (self, payload);
}

static void
table_send_cb (BkFriendsTable *table,
               const char     *nick,
               const char     *body,
               BkXmppElement  *payload,
               gboolean        private,
               BkFriendsLink  *self)
{
  if (nick == NULL)
    bk_xmpp_client_send_groupchat (self->client, self->room, body, payload);
  else
    {
      g_autofree char *to = g_strdup_printf ("%s/%s", self->room, nick);

      bk_xmpp_client_send_chat (self->client, to, body, payload, private);
    }
}

static void
message_cb (BkXmppClient        *client,
            const BkXmppMessage *message,
            BkFriendsLink       *self)
{
  const char *nick = room_nick (self, message->from);
  const char *real_jid;
  gboolean private;

  /* the room's history is not the table now: the host sends what we missed */
  if (nick == NULL || message->delayed || g_strcmp0 (nick, self->nick) == 0)
    return;
  /* a body without a payload of ours: free words (docs/network.md, 3.13) */
  if (message->payload == NULL && message->payload_error == NULL && message->body &&
      self->table && strcmp (message->type, "groupchat") == 0)
    bk_friends_table_hear (self->table, nick, message->body);
  if (message->payload == NULL)
    return;
  private = strcmp (message->type, "chat") == 0;
  if (!private && strcmp (message->type, "groupchat") != 0)
    return;
  real_jid = message->real_jid ? message->real_jid
                               : g_hash_table_lookup (self->real_jids, nick);
  if (self->table == NULL)
    {
      /* a guest before it sits: the chairs */
      if (!private && strcmp (bk_xmpp_element_get_name (message->payload), "table") == 0)
        {
          g_clear_pointer (&self->last_table, bk_xmpp_element_unref);
          self->last_table = bk_xmpp_element_ref ((BkXmppElement *) message->payload);
          take_seats (self, message->payload);
          set_status (self, _("Pick a free chair"));
        }
      return;
    }
  bk_friends_table_receive (self->table, nick, real_jid, message->payload, private);
}

static void
occupant_cb (BkXmppClient  *client,
             const char    *room,
             const char    *nick,
             const char    *real_jid,
             gboolean       present,
             BkFriendsLink *self)
{
  if (g_strcmp0 (room, self->room) != 0)
    return;
  if (present && real_jid)
    g_hash_table_replace (self->real_jids, g_strdup (nick), g_strdup (real_jid));
  if (self->table)
    bk_friends_table_occupant (self->table, nick, real_jid, present);
  if (!present)
    g_hash_table_remove (self->real_jids, nick);
}

static void
state_changed_cb (BkXmppClient  *client,
                  BkXmppState    state,
                  GError        *error,
                  BkFriendsLink *self)
{
  if (error)
    set_status (self, error->message);
}

static void
room_error_cb (BkXmppClient  *client,
               const char    *room,
               GError        *error,
               BkFriendsLink *self)
{
  if (g_strcmp0 (room, self->room) == 0)
    set_status (self, error->message);
}

static void
ask_for_table (BkFriendsLink *self)
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
  BkFriendsLink *self = data;

  if (self->has_seats)
    {
      self->ask_id = 0;
      return G_SOURCE_REMOVE;
    }
  ask_for_table (self);
  return G_SOURCE_CONTINUE;
}

static void
room_joined_cb (BkXmppClient  *client,
                const char    *room,
                const char    *nick,
                BkFriendsLink *self)
{
  if (g_strcmp0 (room, self->room) != 0)
    return;
  if (self->resume && self->table == NULL)
    {
      GHashTableIter iter;
      gpointer key, value;
      g_autoptr (GError) error = NULL;
      g_autofree char *path = bk_friends_dup_resume_path ();

      self->table = bk_friends_table_new_resumed (self->resume, &error);
      if (self->table == NULL)
        {
          set_status (self, error->message);
          return;
        }
      bk_friends_table_set_resume_path (self->table, path, self->password);
      /* those already here came before the table: it gives them the table so far */
      g_hash_table_iter_init (&iter, self->real_jids);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (g_strcmp0 (key, self->nick) != 0)
          bk_friends_table_occupant (self->table, key, value, TRUE);
    }
  if (self->game || self->resume)
    {
      const char *jid = bk_xmpp_client_get_jid (self->client);

      if (self->table == NULL)
        {
          g_autofree char *path = bk_friends_dup_resume_path ();

          self->table = bk_friends_table_new_host (self->game, self->room, self->nick, jid, 0);
          bk_friends_table_set_resume_path (self->table, path, self->password);
        }
      if (g_signal_handler_find (self->table, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self) == 0)
        {
          g_signal_connect (self->table, "send", G_CALLBACK (table_send_cb), self);
          g_signal_connect (self->table, "seats-changed", G_CALLBACK (table_seats_cb), self);
          g_free (self->invitation);
          self->invitation = g_strdup_printf ("xmpp:%s?join;password=%s", self->room,
                                              self->password);
          bk_friends_table_open (self->table);
        }
      set_status (self, _("Waiting for friends"));
      return;
    }
  ask_for_table (self);
  if (self->ask_id == 0)
    self->ask_id = g_timeout_add_seconds (ASK_SECONDS, ask_again_cb, self);
  set_status (self, _("Waiting for the table"));
}

static void
service_found_cb (BkXmppClient  *client,
                  const char    *service,
                  BkFriendsLink *self)
{
  guint8 name[BK_NET_SECRET_SIZE];
  g_autofree char *hex = NULL;

  if (self->room || self->game == NULL)
    return;
  if (service == NULL)
    {
      set_status (self, _("Your server offers no rooms for a table"));
      return;
    }
  if (!bk_fair_deal_new_secret (name, NULL))
    memset (name, 0, sizeof name);
  hex = bk_net_hex (name, 6);
  self->room = g_strdup_printf ("bierkopf-%s@%s", hex, service);
  bk_xmpp_client_create_room (self->client, self->room, self->nick, self->password);
}

static BkFriendsLink *
link_new (BkXmppClient *client)
{
  BkFriendsLink *self = g_object_new (BK_TYPE_FRIENDS_LINK, NULL);
  const char *jid = bk_xmpp_client_get_jid (client);

  self->client = g_object_ref (client);
  self->nick = g_strndup (jid, strcspn (jid, "@"));
  g_signal_connect (client, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (client, "occupant", G_CALLBACK (occupant_cb), self);
  g_signal_connect (client, "state-changed", G_CALLBACK (state_changed_cb), self);
  g_signal_connect (client, "room-error", G_CALLBACK (room_error_cb), self);
  g_signal_connect (client, "room-joined", G_CALLBACK (room_joined_cb), self);
  g_signal_connect (client, "service-found", G_CALLBACK (service_found_cb), self);
  return self;
}

BkFriendsLink *
bk_friends_link_new_host (BkXmppClient *client,
                          BkGame       *game)
{
  BkFriendsLink *self;
  guint8 secret[BK_NET_SECRET_SIZE];

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && BK_IS_GAME (game), NULL);

  self = link_new (client);
  self->game = g_object_ref (game);
  if (!bk_fair_deal_new_secret (secret, NULL))
    memset (secret, 0, sizeof secret);
  self->password = bk_net_hex (secret, 8);
  bk_xmpp_client_find_muc_service (client);
  return self;
}

BkFriendsLink *
bk_friends_link_new_guest (BkXmppClient *client,
                           const char   *room,
                           const char   *password)
{
  BkFriendsLink *self;

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && room != NULL, NULL);

  self = link_new (client);
  self->room = g_strdup (room);
  self->password = g_strdup (password);
  bk_xmpp_client_join_room (client, room, self->nick, password);
  return self;
}

char *
bk_friends_dup_resume_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "bierkopf", "table.resume", NULL);
}

BkFriendsLink *
bk_friends_link_new_resumed (BkXmppClient  *client,
                             GKeyFile      *file,
                             GError       **error)
{
  g_autofree char *room = NULL;
  g_autofree char *nick = NULL;
  g_autofree char *password = NULL;
  BkFriendsLink *self;

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && file != NULL, NULL);

  if ((room = g_key_file_get_string (file, "table", "room", error)) == NULL ||
      (nick = g_key_file_get_string (file, "table", "nick", error)) == NULL ||
      (password = g_key_file_get_string (file, "room", "password", error)) == NULL)
    return NULL;
  self = link_new (client);
  self->resume = g_key_file_ref (file);
  self->room = g_steal_pointer (&room);
  g_free (self->nick);
  self->nick = g_steal_pointer (&nick);
  self->password = g_steal_pointer (&password);
  self->invitation = g_strdup_printf ("xmpp:%s?join;password=%s", self->room, self->password);
  /* the same room, as its owner; made again had everyone left */
  bk_xmpp_client_create_room (client, self->room, self->nick, self->password);
  return self;
}

void
bk_friends_link_connect (BkFriendsLink *self)
{
  g_return_if_fail (BK_IS_FRIENDS_LINK (self));
  bk_xmpp_client_connect (self->client);
}

gboolean
bk_friends_link_is_host (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), FALSE);
  return self->game != NULL || self->resume != NULL;
}

const char *
bk_friends_link_get_nick (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->nick;
}

BkFriendsTable *
bk_friends_link_get_table (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->table;
}

const char *
bk_friends_link_get_invitation (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->invitation;
}

const BkNetStanza *
bk_friends_link_get_seats (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->has_seats ? &self->seats : NULL;
}

const char *
bk_friends_link_get_status (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->status;
}

void
bk_friends_link_sit (BkFriendsLink *self,
                     BkSeat         chair)
{
  g_autofree char *host = NULL;
  g_autoptr (BkXmppElement) table = NULL;

  g_return_if_fail (BK_IS_FRIENDS_LINK (self) && self->game == NULL && self->table == NULL);
  g_return_if_fail (self->last_table != NULL);

  /* the seats change under us as the table takes them */
  host = g_strdup (self->seats.host ? self->seats.host : "");
  table = bk_xmpp_element_ref (self->last_table);

  g_debug ("%s takes chair %u at %s", self->nick, chair, self->room);
  self->table = bk_friends_table_new_guest (self->room, self->nick, chair);
  g_signal_connect (self->table, "send", G_CALLBACK (table_send_cb), self);
  g_signal_connect (self->table, "seats-changed", G_CALLBACK (table_seats_cb), self);
  g_signal_emit (self, signals[SIGNAL_SEATED], 0);
  /* the table it knows: the guest claims its chair from it */
  bk_friends_table_receive (self->table, host, NULL, table, FALSE);
  set_status (self, _("Waiting for the host to start"));
}

void
bk_friends_link_invite (BkFriendsLink *self,
                        const char    *jid)
{
  g_return_if_fail (BK_IS_FRIENDS_LINK (self) && jid != NULL);

  if (self->room)
    bk_xmpp_client_invite (self->client, self->room, self->password, jid);
}
