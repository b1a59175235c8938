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
#include "bk-table-link.h"

struct _BkFriendsLink
{
  GObject         parent_instance;

  BkXmppClient   *client;
  BkTableLink    *link;          /* the room: what comes in, what goes out */
  BkGame         *game;          /* the host's, until its table is made */
  BkFriendsTable *table;
  char           *room;
  char           *password;
  char           *nick;
  char           *invitation;
  char           *guests;        /* the host's guest domain (issue 32), NULL: none */
  char           *status;
  BkXmppElement  *last_table;    /* a guest's, before it sits */
  BkNetStanza     seats;
  gboolean        has_seats;
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
bk_friends_parse_link (const char  *uri,
                       char       **room,
                       char       **password,
                       char       **guests)
{
  g_return_val_if_fail (uri && room && password && guests, FALSE);

  /* one reading of a link for the app and the command line (docs/network.md 2) */
  return bk_table_link_parse_link (uri, room, password, guests);
}

gboolean
bk_friends_parse_invitation (const char  *uri,
                             char       **room,
                             char       **password)
{
  g_autofree char *guests = NULL;

  return bk_friends_parse_link (uri, room, password, &guests);
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

  if (self->link)
    g_signal_handlers_disconnect_by_data (self->link, self);
  g_clear_object (&self->link);
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
  g_free (self->room);
  g_free (self->password);
  g_free (self->nick);
  g_free (self->invitation);
  g_free (self->guests);
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
  self->status = g_strdup (_("Connecting…"));
}

static void
take_seats (BkFriendsLink       *self,
            const BkXmppElement *payload)
{
  if (!bk_table_link_take_seats (&self->seats, payload))
    return;
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

/* Whether a room's <table/> is the table: posted by the host it names (the room vouches
 * for nicknames), and by the same host as the first one heard (docs/network.md 2, "Who is
 * who"). */
static gboolean
from_its_host (BkFriendsLink       *self,
               const char          *nick,
               const BkXmppElement *payload)
{
  const char *named = bk_xmpp_element_get_attr (payload, "host");

  if (named == NULL || nick == NULL || strcmp (nick, named) != 0)
    return FALSE;
  return !self->has_seats || self->seats.host == NULL || strcmp (self->seats.host, named) == 0;
}

static void
message_cb (BkTableLink         *link,
            const char          *nick,
            const char          *real_jid,
            const BkXmppMessage *message,
            gboolean             private,
            BkFriendsLink       *self)
{
  /* a body without a payload of ours: free words (docs/network.md, 3.13) */
  if (message->payload == NULL && message->payload_error == NULL && message->body &&
      self->table && !private)
    bk_friends_table_hear (self->table, nick, message->body);
  if (message->payload == NULL)
    return;
  if (self->table == NULL)
    {
      /* a guest before it sits: the chairs, from the table's host alone (issue 31,
       * finding 1) */
      if (!private && strcmp (bk_xmpp_element_get_name (message->payload), "table") == 0 &&
          from_its_host (self, nick, message->payload))
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
occupant_cb (BkTableLink   *link,
             const char    *nick,
             const char    *real_jid,
             gboolean       present,
             BkFriendsLink *self)
{
  if (self->table)
    bk_friends_table_occupant (self->table, nick, real_jid, present);
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

static gboolean
have_seats (gpointer data)
{
  BkFriendsLink *self = data;

  return self->has_seats;
}

static void
room_joined_cb (BkTableLink   *link,
                BkFriendsLink *self)
{
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
      g_hash_table_iter_init (&iter, bk_table_link_get_real_jids (self->link));
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
          bk_friends_table_set_guest_domain (self->table, self->guests);
          bk_friends_table_set_resume_path (self->table, path, self->password);
        }
      if (g_signal_handler_find (self->table, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self) == 0)
        {
          bk_table_link_attach_sender (self->link, G_OBJECT (self->table));
          g_signal_connect (self->table, "seats-changed", G_CALLBACK (table_seats_cb), self);
          g_free (self->invitation);
          self->invitation = bk_table_link_dup_guest_invitation (self->room, self->password,
                                                                 self->guests);
          bk_friends_table_open (self->table);
        }
      set_status (self, _("Waiting for friends"));
      return;
    }
  bk_table_link_ask_for_table (self->link, have_seats, self);
  set_status (self, _("Waiting for the table"));
}

static void
service_found_cb (BkXmppClient  *client,
                  const char    *service,
                  BkFriendsLink *self)
{
  if (self->room || self->game == NULL)
    return;
  if (service == NULL && self->guests)
    {
      /* no rooms beside the guest domain: a table for those with an account alone */
      g_message ("No multi-user chat for the guests of %s: a table without guests",
                 self->guests);
      g_clear_pointer (&self->guests, g_free);
      bk_xmpp_client_find_muc_service (self->client);
      return;
    }
  if (service == NULL)
    {
      set_status (self, _("Your server offers no rooms for a table"));
      return;
    }
  self->room = bk_table_link_new_room_name (service);
  bk_table_link_set_room (self->link, self->room);
  bk_xmpp_client_create_room (self->client, self->room, self->nick, self->password);
}

static BkFriendsLink *
link_new (BkXmppClient *client,
          const char   *room,
          const char   *nick)
{
  BkFriendsLink *self = g_object_new (BK_TYPE_FRIENDS_LINK, NULL);
  const char *jid = bk_xmpp_client_get_jid (client);

  self->client = g_object_ref (client);
  self->room = g_strdup (room);
  self->nick = nick ? g_strdup (nick) : g_strndup (jid, strcspn (jid, "@"));
  self->link = bk_table_link_new (client, room, self->nick);
  g_signal_connect (self->link, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (self->link, "occupant", G_CALLBACK (occupant_cb), self);
  g_signal_connect (client, "state-changed", G_CALLBACK (state_changed_cb), self);
  g_signal_connect (client, "room-error", G_CALLBACK (room_error_cb), self);
  g_signal_connect (self->link, "joined", G_CALLBACK (room_joined_cb), self);
  g_signal_connect (client, "service-found", G_CALLBACK (service_found_cb), self);
  return self;
}

BkFriendsLink *
bk_friends_link_new_host (BkXmppClient *client,
                          BkGame       *game)
{
  return bk_friends_link_new_host_for_guests (client, game, NULL);
}

BkFriendsLink *
bk_friends_link_new_host_for_guests (BkXmppClient *client,
                                     BkGame       *game,
                                     const char   *guests)
{
  BkFriendsLink *self;
  guint8 secret[BK_NET_SECRET_SIZE];

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && BK_IS_GAME (game), NULL);
  g_return_val_if_fail (guests == NULL || bk_table_link_is_guest_domain (guests), NULL);

  self = link_new (client, NULL, NULL);
  self->game = g_object_ref (game);
  if (!bk_fair_deal_new_secret (secret, NULL))
    memset (secret, 0, sizeof secret);
  self->password = bk_net_hex (secret, 8);
  /* anonymous guests reach no other server: the room lives beside their domain */
  if (guests)
    {
      self->guests = g_strdup (guests);
      bk_xmpp_client_find_muc_service_for (client, guests);
    }
  else
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

  self = link_new (client, room, NULL);
  self->password = g_strdup (password);
  bk_xmpp_client_join_room (client, room, self->nick, password);
  return self;
}

BkFriendsLink *
bk_friends_link_new_named_guest (BkXmppClient *client,
                                 const char   *room,
                                 const char   *password,
                                 const char   *nick)
{
  BkFriendsLink *self;

  g_return_val_if_fail (BK_IS_XMPP_CLIENT (client) && room != NULL && nick != NULL, NULL);

  self = link_new (client, room, nick);
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
  self = link_new (client, room, NULL);
  self->resume = g_key_file_ref (file);
  g_free (self->nick);
  self->nick = g_steal_pointer (&nick);
  bk_table_link_set_nick (self->link, self->nick);
  self->password = g_steal_pointer (&password);
  /* the same link as before the host left, its guests' domain with it */
  self->guests = bk_friends_table_dup_kept_guest_domain (file);
  self->invitation = bk_table_link_dup_guest_invitation (self->room, self->password,
                                                         self->guests);
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

BkXmppClient *
bk_friends_link_get_client (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->client;
}

const char *
bk_friends_link_get_guests (BkFriendsLink *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_LINK (self), NULL);
  return self->invitation ? self->guests : NULL;
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
  bk_table_link_attach_sender (self->link, G_OBJECT (self->table));
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
