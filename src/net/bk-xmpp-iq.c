/* bk-xmpp-iq.c: iq stanzas: the answers the worker waits for (a room's form, service
 * discovery of the MUC service, pings) and the questions it answers (ping, disco#info).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#define DISCO_TIMEOUT_US (10 * G_USEC_PER_SEC)

void
bk_xmpp_pending_iq_free (PendingIq *iq)
{
  g_free (iq->room_jid);
  g_free (iq);
}

void
bk_xmpp_send_iq (BkXmppClient  *self,
                 xmpp_stanza_t *iq,      /* takes it */
                 IqKind         kind,
                 const char    *room_jid)
{
  PendingIq *pending = g_new0 (PendingIq, 1);

  pending->kind = kind;
  pending->room_jid = g_strdup (room_jid);
  g_hash_table_insert (self->pending_iqs, g_strdup (xmpp_stanza_get_id (iq)), pending);
  bk_xmpp_send_stanza (self, iq);
  xmpp_stanza_release (iq);
}

/* disco#items of our server (or of the domain asked for), then disco#info of each item
 * for a MUC identity */
void
bk_xmpp_disco_start (BkXmppClient *self)
{
  g_autofree char *id = bk_xmpp_new_id (self, "items");
  g_autofree char *domain = self->disco_domain != NULL ? g_strdup (self->disco_domain)
                                                       : bk_xmpp_jid_domain (self->jid);
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, domain);
  bk_xmpp_child_new (self->ctx, iq, "query", XMPP_NS_DISCO_ITEMS);
  self->disco_wanted = FALSE;
  self->disco_running = TRUE;
  self->disco_pending = 0;
  self->disco_deadline = g_get_monotonic_time () + DISCO_TIMEOUT_US;
  bk_xmpp_send_iq (self, iq, IQ_DISCO_ITEMS, NULL);
}

void
bk_xmpp_disco_done (BkXmppClient *self,
                    const char   *service)
{
  if (!self->disco_running)
    return;
  /* none among a guest domain's items: its parent's next (guest.example.org, example.org) */
  if (service == NULL && self->disco_parent != NULL) {
    g_free (self->disco_domain);
    self->disco_domain = g_steal_pointer (&self->disco_parent);
    bk_xmpp_disco_start (self);
    return;
  }
  self->disco_running = FALSE;
  self->disco_deadline = 0;
  bk_xmpp_post_service (self, service);
}

static void
disco_info (BkXmppClient *self,
            const char   *to)
{
  g_autofree char *id = bk_xmpp_new_id (self, "info");
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);

  xmpp_stanza_set_to (iq, to);
  bk_xmpp_child_new (self->ctx, iq, "query", XMPP_NS_DISCO_INFO);
  self->disco_pending++;
  bk_xmpp_send_iq (self, iq, IQ_DISCO_INFO, to);
}

static void
iq_result (BkXmppClient  *self,
           PendingIq     *pending,
           xmpp_stanza_t *stanza,
           gboolean       ok)
{
  Room *room =
    pending->room_jid != NULL ? g_hash_table_lookup (self->rooms, pending->room_jid) : NULL;
  xmpp_stanza_t *query = xmpp_stanza_get_child_by_name (stanza, "query");

  switch (pending->kind) {
  case IQ_ROOM_CONFIG_FORM:
    if (room == NULL)
      break;
    if (ok) {
      bk_xmpp_submit_room_config (self, room, stanza);
    } else {
      bk_xmpp_destroy_room (self, room);
      bk_xmpp_fail_room (self, room, bk_xmpp_room_error_new (bk_xmpp_error_condition (stanza)));
    }
    break;
  case IQ_ROOM_CONFIG_SUBMIT:
    if (room == NULL)
      break;
    if (ok) {
      room->owner = TRUE;
      bk_xmpp_room_joined (self, room);
    } else {
      bk_xmpp_destroy_room (self, room);
      bk_xmpp_fail_room (self, room, bk_xmpp_room_error_new (bk_xmpp_error_condition (stanza)));
    }
    break;
  case IQ_DISCO_ITEMS:
    if (!self->disco_running)
      break;
    for (xmpp_stanza_t *c = ok && query != NULL ? xmpp_stanza_get_children (query) : NULL;
         c != NULL; c = xmpp_stanza_get_next (c)) {
      const char *jid = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_attribute (c, "jid") : NULL;
      if (jid != NULL)
        disco_info (self, jid);
    }
    if (self->disco_pending == 0)
      bk_xmpp_disco_done (self, NULL);
    break;
  case IQ_DISCO_INFO:
    /* a late answer of a search over (or of an earlier round) counts for nothing */
    if (!self->disco_running || self->disco_pending == 0)
      break;
    self->disco_pending--;
    for (xmpp_stanza_t *c = ok && query != NULL ? xmpp_stanza_get_children (query) : NULL;
         c != NULL; c = xmpp_stanza_get_next (c)) {
      if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_name (c), "identity") == 0 &&
          g_strcmp0 (xmpp_stanza_get_attribute (c, "category"), "conference") == 0 &&
          g_strcmp0 (xmpp_stanza_get_attribute (c, "type"), "text") == 0) {
        bk_xmpp_disco_done (self, pending->room_jid);
        break;
      }
    }
    if (self->disco_pending == 0)
      bk_xmpp_disco_done (self, NULL);
    break;
  case IQ_PING:
    /* any answer, even an error, says the link is alive */
    if (self->ignore_pings)
      break;
    self->ping_deadline = 0;
    self->checking = FALSE;
    break;
  case IQ_INVITE_ACCOUNT:
  case IQ_INVITE_CONTACT:
    bk_xmpp_invitation_result (self, pending->kind, stanza, ok);
    break;
  case IQ_OTHER:
    if (!ok)
      g_debug ("%s: %s refused a request: %s", self->jid, xmpp_stanza_get_from (stanza),
               bk_xmpp_error_condition (stanza));
    break;
  }
}

static void
reply_iq (BkXmppClient  *self,
          xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *query = xmpp_stanza_get_children (stanza);
  const char *ns = query != NULL ? xmpp_stanza_get_ns (query) : NULL;
  xmpp_stanza_t *reply;

  if (g_strcmp0 (xmpp_stanza_get_type (stanza), "get") == 0 && g_strcmp0 (ns, NS_PING) == 0) {
    reply = xmpp_stanza_reply (stanza);
    xmpp_stanza_set_type (reply, "result");
  } else if (g_strcmp0 (xmpp_stanza_get_type (stanza), "get") == 0 &&
             g_strcmp0 (ns, XMPP_NS_DISCO_INFO) == 0) {
    static const char *const features[] = {
      XMPP_NS_DISCO_INFO, NS_PING, NS_CONFERENCE, BK_NET_NS,
    };
    xmpp_stanza_t *answer, *identity;
    reply = xmpp_stanza_reply (stanza);
    xmpp_stanza_set_type (reply, "result");
    answer = bk_xmpp_child_new (self->ctx, reply, "query", XMPP_NS_DISCO_INFO);
    identity = bk_xmpp_child_new (self->ctx, answer, "identity", NULL);
    xmpp_stanza_set_attribute (identity, "category", "client");
    xmpp_stanza_set_attribute (identity, "type", "pc");
    xmpp_stanza_set_attribute (identity, "name", "Bierkopf");
    for (gsize i = 0; i < G_N_ELEMENTS (features); i++) {
      xmpp_stanza_t *feature = bk_xmpp_child_new (self->ctx, answer, "feature", NULL);
      xmpp_stanza_set_attribute (feature, "var", features[i]);
    }
  } else {
    /* RFC 6120 8.2.3: every get or set gets an answer. */
    reply = xmpp_stanza_reply_error (stanza, "cancel", "service-unavailable", NULL);
  }
  bk_xmpp_send_stanza (self, reply);
  xmpp_stanza_release (reply);
}

int
bk_xmpp_iq_cb (xmpp_conn_t   *conn,
               xmpp_stanza_t *stanza,
               void          *data)
{
  BkXmppClient *self = data;
  const char *type = xmpp_stanza_get_type (stanza);
  const char *id = xmpp_stanza_get_id (stanza);
  g_autofree char *key = NULL;
  PendingIq *pending;

  if (g_strcmp0 (type, "get") == 0 || g_strcmp0 (type, "set") == 0) {
    reply_iq (self, stanza);
    return 1;
  }
  if (id == NULL ||
      !g_hash_table_steal_extended (self->pending_iqs, id, (gpointer *) &key,
                                    (gpointer *) &pending))
    return 1;
  iq_result (self, pending, stanza, g_strcmp0 (type, "result") == 0);
  bk_xmpp_pending_iq_free (pending);
  return 1;
}
