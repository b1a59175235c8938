/* bk-xmpp-message.c: messages in (a room's, a private one, an invitation) and out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

/* A <delay/> (XEP-0203) marks old news: a room's history, an offline message. Not the one
 * our own server adds to what it sends again after a stream was resumed (XEP-0198): that
 * was never read, and is live. Prosody's mod_smacks puts it from our own bare JID,
 * ejabberd's mod_stream_mgmt from our server's domain with the text "Resent". */
static gboolean
is_history (BkXmppClient  *self,
            xmpp_stanza_t *stanza)
{
  xmpp_stanza_t *delay = xmpp_stanza_get_child_by_ns (stanza, NS_DELAY);
  const char *from = delay != NULL ? xmpp_stanza_get_attribute (delay, "from") : NULL;
  /* the bound JID: a login without an account has none of its own before it */
  const char *jid = self->worker_jid != NULL ? self->worker_jid : self->jid;
  g_autofree char *own = bk_xmpp_jid_bare (jid);
  g_autofree char *domain = bk_xmpp_jid_domain (jid);
  g_autofree char *text = from != NULL ? xmpp_stanza_get_text (delay) : NULL;

  if (from != NULL && g_ascii_strcasecmp (from, domain) == 0 && g_strcmp0 (text, "Resent") == 0)
    return FALSE;
  return delay != NULL && (from == NULL || g_ascii_strcasecmp (from, own) != 0);
}

int
bk_xmpp_message_cb (xmpp_conn_t   *conn,
                    xmpp_stanza_t *stanza,
                    void          *data)
{
  BkXmppClient *self = data;
  const char *from = xmpp_stanza_get_from (stanza);
  const char *type = xmpp_stanza_get_type (stanza);
  g_autofree char *bare = bk_xmpp_jid_bare (from);
  Room *room = bare != NULL ? g_hash_table_lookup (self->rooms, bare) : NULL;
  xmpp_stanza_t *payload = xmpp_stanza_get_child_by_ns (stanza, BK_NET_NS);
  xmpp_stanza_t *body = xmpp_stanza_get_child_by_name (stanza, "body");
  xmpp_stanza_t *invite = xmpp_stanza_get_child_by_ns (stanza, NS_CONFERENCE);
  xmpp_stanza_t *muc_user = xmpp_stanza_get_child_by_ns (stanza, NS_MUC_USER);
  xmpp_stanza_t *mediated =
    muc_user != NULL ? xmpp_stanza_get_child_by_name (muc_user, "invite") : NULL;
  Event *event;

  if (from == NULL)
    return 1;

  /* XEP-0249 direct and XEP-0045 mediated invitations (an error is our own bounced). */
  if (g_strcmp0 (type, "error") != 0 &&
      ((invite != NULL && xmpp_stanza_get_attribute (invite, "jid") != NULL) || mediated != NULL)) {
    xmpp_stanza_t *password =
      muc_user != NULL ? xmpp_stanza_get_child_by_name (muc_user, "password") : NULL;
    event = g_new0 (Event, 1);
    event->kind = EV_INVITED;
    if (mediated != NULL) {
      event->a = g_strdup (bare);
      event->b = password != NULL ? xmpp_stanza_get_text (password) : NULL;
      event->c = bk_xmpp_jid_bare (xmpp_stanza_get_attribute (mediated, "from"));
    } else {
      event->a = g_strdup (xmpp_stanza_get_attribute (invite, "jid"));
      event->b = g_strdup (xmpp_stanza_get_attribute (invite, "password"));
      event->c = g_strdup (bare);
    }
    bk_xmpp_post (self, event);
    return 1;
  }

  if (g_strcmp0 (type, "error") != 0 && body == NULL && payload == NULL)
    return 1;   /* chat states, receipts, a room's subject */

  event = g_new0 (Event, 1);
  event->kind = EV_MESSAGE;
  event->type = g_strdup (type != NULL ? type : "normal");
  event->from = g_strdup (from);
  event->id = g_strdup (xmpp_stanza_get_id (stanza));
  event->body = body != NULL ? xmpp_stanza_get_text (body) : NULL;
  event->delayed = is_history (self, stanza);
  if (room != NULL) {
    const char *nick = bk_xmpp_jid_resource (from);
    const char *real = nick != NULL ? g_hash_table_lookup (room->occupants, nick) : NULL;
    event->real_jid = real != NULL && *real != '\0' ? g_strdup (real) : NULL;
  } else {
    /* Not a room: the server vouches for the sender's address. */
    event->real_jid = g_strdup (bare);
  }
  if (payload != NULL) {
    char *text = NULL;
    size_t length = 0;
    /* Our own bounded parser is the one gate for what the protocol code sees. */
    if (xmpp_stanza_to_text (payload, &text, &length) == XMPP_EOK) {
      event->payload = bk_xmpp_element_parse (text, (gssize) length, &event->payload_error);
      xmpp_free (self->ctx, text);
    } else {
      event->payload_error = g_error_new_literal (G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE,
                                                  "payload not serializable");
    }
  }
  bk_xmpp_post (self, event);
  return 1;
}

void
bk_xmpp_send_message (BkXmppClient *self,
                      const char   *type,
                      const char   *to,
                      const char   *body,
                      const char   *payload,
                      gboolean      private)
{
  g_autofree char *id = bk_xmpp_new_id (self, "m");
  xmpp_stanza_t *message = xmpp_message_new (self->ctx, type, to, id);
  g_autofree char *bare = bk_xmpp_jid_bare (to);

  if (body != NULL)
    bk_xmpp_child_text (self->ctx, message, "body", body);
  if (payload != NULL) {
    xmpp_stanza_t *element = xmpp_stanza_new_from_string (self->ctx, payload);
    if (element != NULL) {
      xmpp_stanza_add_child (message, element);
      xmpp_stanza_release (element);
    }
  }
  /* A private message to an occupant of one of our rooms is a MUC private message. */
  if (g_strcmp0 (type, "chat") == 0 && bk_xmpp_jid_resource (to) != NULL &&
      g_hash_table_contains (self->rooms, bare))
    bk_xmpp_child_new (self->ctx, message, "x", NS_MUC_USER);
  if (private) {
    bk_xmpp_child_new (self->ctx, message, "no-copy", NS_HINTS);
    bk_xmpp_child_new (self->ctx, message, "no-store", NS_HINTS);
  }
  bk_xmpp_send_or_keep (self, message);
}
