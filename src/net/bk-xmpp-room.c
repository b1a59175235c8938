/* bk-xmpp-room.c: the multi-user chat rooms (XEP-0045): joining, making a table's room
 * and answering its owner's configuration form, the occupants and their real JIDs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <glib/gi18n-lib.h>

#define ROOM_ANSWER_TIMEOUT_US (20 * G_USEC_PER_SEC)

void
bk_xmpp_room_free (Room *room)
{
  g_free (room->jid);
  g_free (room->nick);
  g_free (room->password);
  g_clear_pointer (&room->rejoin, bk_xmpp_request_free);
  g_hash_table_unref (room->occupants);
  g_free (room);
}

GError *
bk_xmpp_room_error_new (const char *condition)
{
  static const struct { const char *condition; const char *message; } messages[] = {
    { "not-authorized", N_("The table’s password is wrong or missing") },
    { "registration-required", N_("The table is for invited players only") },
    { "conflict", N_("Someone at the table already has this name") },
    { "forbidden", N_("The table has banned this account") },
    { "item-not-found", N_("The table does not exist") },
    { "not-allowed", N_("The server does not let this account open tables") },
    { "service-unavailable", N_("The table is full") },
    { "remote-server-not-found", N_("The table’s server cannot be reached") },
    { "remote-server-timeout", N_("The table’s server cannot be reached") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    if (g_strcmp0 (condition, messages[i].condition) == 0)
      return g_error_new_literal (BK_XMPP_ERROR,
                                  g_str_equal (condition, "conflict") ? BK_XMPP_ERROR_NICK_TAKEN
                                                                   : BK_XMPP_ERROR_ROOM,
                                  _(messages[i].message));
  return g_error_new (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM, _("The table refused this account (%s)"),
                      condition != NULL ? condition : "?");
}

void
bk_xmpp_send_room_presence (BkXmppClient *self,
                            Room         *room,
                            gboolean      rejoin)
{
  xmpp_stanza_t *presence = xmpp_presence_new (self->ctx);
  g_autofree char *to = g_strdup_printf ("%s/%s", room->jid, room->nick);
  xmpp_stanza_t *x;

  xmpp_stanza_set_to (presence, to);
  x = bk_xmpp_child_new (self->ctx, presence, "x", NS_MUC);
  if (room->password != NULL)
    bk_xmpp_child_text (self->ctx, x, "password", room->password);
  /* Coming back after a drop: our games restore their state themselves. */
  if (rejoin) {
    xmpp_stanza_t *history = bk_xmpp_child_new (self->ctx, x, "history", NULL);
    xmpp_stanza_set_attribute (history, "maxstanzas", "0");
  }
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  bk_xmpp_send_stanza (self, presence);
  xmpp_stanza_release (presence);
}

void
bk_xmpp_forget_room (BkXmppClient *self,
                     const char   *room_jid)
{
  Room *room = g_hash_table_lookup (self->rooms, room_jid);
  Request *rejoin = room != NULL ? g_steal_pointer (&room->rejoin) : NULL;

  g_hash_table_remove (self->rooms, room_jid);
  if (rejoin != NULL) {
    bk_xmpp_handle_request (self, rejoin);
    bk_xmpp_request_free (rejoin);
  }
}

void
bk_xmpp_fail_room (BkXmppClient *self,
                   Room         *room,
                   GError       *error)   /* takes it */
{
  g_autofree char *jid = g_strdup (room->jid);

  bk_xmpp_post_room_error (self, jid, error);
  bk_xmpp_forget_room (self, jid);
}

void
bk_xmpp_leave_room_now (BkXmppClient *self,
                        Room         *room)
{
  xmpp_stanza_t *presence = xmpp_presence_new (self->ctx);
  g_autofree char *to = g_strdup_printf ("%s/%s", room->jid, room->nick);

  xmpp_stanza_set_to (presence, to);
  xmpp_stanza_set_type (presence, "unavailable");
  bk_xmpp_send_stanza (self, presence);
  xmpp_stanza_release (presence);
}

void
bk_xmpp_destroy_room (BkXmppClient *self,
                      Room         *room)
{
  g_autofree char *id = bk_xmpp_new_id (self, "destroy");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "set", id);
  xmpp_stanza_t *query;

  xmpp_stanza_set_to (iq, room->jid);
  query = bk_xmpp_child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  bk_xmpp_child_new (self->ctx, query, "destroy", NULL);
  bk_xmpp_send_iq (self, iq, IQ_OTHER, NULL);
}

void
bk_xmpp_room_joined (BkXmppClient *self,
                     Room         *room)
{
  Event *event = g_new0 (Event, 1);

  room->joined = TRUE;
  room->deadline = 0;
  event->kind = EV_ROOM_JOINED;
  event->a = g_strdup (room->jid);
  event->b = g_strdup (room->nick);
  bk_xmpp_post (self, event);
}

static void
request_room_config (BkXmppClient *self,
                     Room         *room)
{
  g_autofree char *id = bk_xmpp_new_id (self, "config");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, room->jid);
  bk_xmpp_child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  bk_xmpp_send_iq (self, iq, IQ_ROOM_CONFIG_FORM, room->jid);
}

static void
add_field (xmpp_ctx_t    *ctx,
           xmpp_stanza_t *form,
           const char    *var,
           const char    *value)
{
  xmpp_stanza_t *field = bk_xmpp_child_new (ctx, form, "field", NULL);

  xmpp_stanza_set_attribute (field, "var", var);
  bk_xmpp_child_text (ctx, field, "value", value);
}

/* Answers the room's configuration form: a private table has a password (the key the
 * invitation link carries: whoever has the link may come in, invited or not; so it is
 * not members-only), is hidden from the service's list, shows real JIDs to its
 * moderators only (the host, its owner, binds seats to them; a guest or a spectator needs
 * nobody's, and whoever has the link must not learn every player's address; issue 31)
 * and goes with its last occupant. A form that cannot say so is refused rather than
 * leaving an open room. */
void
bk_xmpp_submit_room_config (BkXmppClient  *self,
                            Room          *room,
                            xmpp_stanza_t *result)
{
  xmpp_stanza_t *query = xmpp_stanza_get_child_by_ns (result, NS_MUC_OWNER);
  xmpp_stanza_t *form = query != NULL ? xmpp_stanza_get_child_by_ns (query, NS_DATA) : NULL;
  g_autoptr (GHashTable) vars = g_hash_table_new (g_str_hash, g_str_equal);
  static const char *const required[] = {
    "muc#roomconfig_roomsecret", "muc#roomconfig_whois", "muc#roomconfig_publicroom",
  };
  g_autofree char *id = NULL;
  xmpp_stanza_t *iq, *submit;

  for (xmpp_stanza_t *c = form != NULL ? xmpp_stanza_get_children (form) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c)) {
    const char *var = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_attribute (c, "var") : NULL;
    if (var != NULL)
      g_hash_table_add (vars, (gpointer) var);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (required); i++) {
    if (!g_hash_table_contains (vars, required[i])) {
      bk_xmpp_destroy_room (self, room);
      bk_xmpp_fail_room (self, room,
                         g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                              _("The server cannot make a private table")));
      return;
    }
  }

  id = bk_xmpp_new_id (self, "config");
  iq = xmpp_iq_new (self->ctx, "set", id);
  xmpp_stanza_set_to (iq, room->jid);
  query = bk_xmpp_child_new (self->ctx, iq, "query", NS_MUC_OWNER);
  submit = bk_xmpp_child_new (self->ctx, query, "x", NS_DATA);
  xmpp_stanza_set_type (submit, "submit");
  add_field (self->ctx, submit, "FORM_TYPE", "http://jabber.org/protocol/muc#roomconfig");
  if (g_hash_table_contains (vars, "muc#roomconfig_membersonly"))
    add_field (self->ctx, submit, "muc#roomconfig_membersonly", "0");
  add_field (self->ctx, submit, "muc#roomconfig_roomsecret",
             room->password != NULL ? room->password : "");
  add_field (self->ctx, submit, "muc#roomconfig_whois", "moderators");
  if (g_hash_table_contains (vars, "muc#roomconfig_passwordprotectedroom"))
    add_field (self->ctx, submit, "muc#roomconfig_passwordprotectedroom", "1");
  if (g_hash_table_contains (vars, "muc#roomconfig_persistentroom"))
    add_field (self->ctx, submit, "muc#roomconfig_persistentroom", "0");
  add_field (self->ctx, submit, "muc#roomconfig_publicroom", "0");
  /* the table asks nothing of an occupant through the room: nobody may ask another's
   * account (its vCard, its name and mail) through it either (ejabberd's switch; Prosody
   * has none, docs/network.md 8) */
  if (g_hash_table_contains (vars, "muc#roomconfig_allow_query_users"))
    add_field (self->ctx, submit, "muc#roomconfig_allow_query_users", "0");
  room->deadline = g_get_monotonic_time () + ROOM_ANSWER_TIMEOUT_US;
  bk_xmpp_send_iq (self, iq, IQ_ROOM_CONFIG_SUBMIT, room->jid);
}

static gboolean
has_status (xmpp_stanza_t *x,
            const char    *code)
{
  for (xmpp_stanza_t *c = x != NULL ? xmpp_stanza_get_children (x) : NULL; c != NULL;
       c = xmpp_stanza_get_next (c))
    if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_name (c), "status") == 0 &&
        g_strcmp0 (xmpp_stanza_get_attribute (c, "code"), code) == 0)
      return TRUE;
  return FALSE;
}

static void
room_self_presence (BkXmppClient *self,
                    Room         *room,
                    xmpp_stanza_t *x,
                    const char   *affiliation)
{
  if (room->joined)
    return;
  if (has_status (x, "201")) {
    if (room->create) {
      request_room_config (self, room);
    } else {
      /* Joining made a new, locked room: there was no table here. */
      bk_xmpp_destroy_room (self, room);
      bk_xmpp_fail_room (self, room, bk_xmpp_room_error_new ("item-not-found"));
    }
    return;
  }
  room->owner = g_strcmp0 (affiliation, "owner") == 0;
  if (room->create && !room->owner) {
    bk_xmpp_leave_room_now (self, room);
    bk_xmpp_fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                        _("The table belongs to someone else")));
    return;
  }
  bk_xmpp_room_joined (self, room);
}

int
bk_xmpp_presence_cb (xmpp_conn_t   *conn,
                     xmpp_stanza_t *stanza,
                     void          *data)
{
  BkXmppClient *self = data;
  const char *from = xmpp_stanza_get_from (stanza);
  const char *type = xmpp_stanza_get_type (stanza);
  g_autofree char *bare = bk_xmpp_jid_bare (from);
  const char *nick = bk_xmpp_jid_resource (from);
  Room *room = bare != NULL ? g_hash_table_lookup (self->rooms, bare) : NULL;
  xmpp_stanza_t *x, *item;
  const char *real = NULL, *affiliation = NULL;
  gboolean is_self;
  g_autofree char *real_bare = NULL;

  if (room == NULL)
    return 1;
  if (g_strcmp0 (type, "error") == 0) {
    if (!room->joined)
      bk_xmpp_fail_room (self, room, bk_xmpp_room_error_new (bk_xmpp_error_condition (stanza)));
    return 1;
  }
  if (nick == NULL)
    return 1;

  x = xmpp_stanza_get_child_by_ns (stanza, NS_MUC_USER);
  item = x != NULL ? xmpp_stanza_get_child_by_name (x, "item") : NULL;
  if (item != NULL) {
    real = xmpp_stanza_get_attribute (item, "jid");
    affiliation = xmpp_stanza_get_attribute (item, "affiliation");
  }
  real_bare = real != NULL ? bk_xmpp_jid_bare (real) : g_strdup ("");
  is_self = has_status (x, "110");

  if (g_strcmp0 (type, "unavailable") == 0) {
    if (g_hash_table_remove (room->occupants, nick))
      bk_xmpp_post_occupant (self, room->jid, nick, real_bare, FALSE);
    if (is_self) {
      if (room->leaving || !room->joined)
        bk_xmpp_forget_room (self, room->jid);
      else
        bk_xmpp_fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                            _("The table sent this account away")));
    }
    return 1;
  }

  if (g_strcmp0 (g_hash_table_lookup (room->occupants, nick), real_bare) != 0) {
    g_hash_table_insert (room->occupants, g_strdup (nick), g_strdup (real_bare));
    bk_xmpp_post_occupant (self, room->jid, nick, real_bare, TRUE);
  }
  if (is_self)
    room_self_presence (self, room, x, affiliation);
  return 1;
}

Room *
bk_xmpp_room_new (const char *jid,
                  const char *nick,
                  const char *password,
                  gboolean    create)
{
  Room *room = g_new0 (Room, 1);

  room->jid = g_strdup (jid);
  room->nick = g_strdup (nick);
  room->password = g_strdup (password);
  room->create = create;
  room->occupants = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return room;
}

/* A new session (not a resumed one): every room knows nothing of the old one. Its
 * occupants are gone for our side, and we go back in, without the history the games do
 * not need, unless we were leaving. */
void
bk_xmpp_rooms_rejoin (BkXmppClient *self)
{
  GHashTableIter iter;
  Room *room;

  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room)) {
    GHashTableIter occupants;
    const char *nick, *real;
    gboolean rejoin = room->joined;
    g_hash_table_iter_init (&occupants, room->occupants);
    while (g_hash_table_iter_next (&occupants, (gpointer *) &nick, (gpointer *) &real))
      bk_xmpp_post_occupant (self, room->jid, nick, real, FALSE);
    g_hash_table_remove_all (room->occupants);
    room->joined = FALSE;
    if (room->leaving) {
      g_hash_table_iter_remove (&iter);
      continue;
    }
    bk_xmpp_send_room_presence (self, room, rejoin);
  }
}
