/* bk-xmpp-invite.c: an invitation that makes an account on our server (XEP-0401), asked by
 * an ad-hoc command (XEP-0050) of our own server. An account invitation
 * (urn:xmpp:invite#create-account) is an admin's in Prosody 0.12; an ordinary account asks
 * for a contact's invitation (urn:xmpp:invite#invite), which lets the invitee register
 * where the server allows it (allow_user_invites) and says so with ibr=y in its URI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"
#include "bk-xmpp-invitation.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define NS_COMMANDS "http://jabber.org/protocol/commands"
#define INVITATION_TIMEOUT_US (20 * G_USEC_PER_SEC)

void
bk_xmpp_invitation_end (BkXmppClient *self,
                        char         *uri,
                        GError       *error)
{
  Event *event;

  if (self->invitation_deadline == 0) {
    g_free (uri);
    g_clear_error (&error);
    return;
  }
  self->invitation_deadline = 0;
  event = g_new0 (Event, 1);
  event->kind = EV_INVITATION;
  event->a = uri;
  event->error = error;
  bk_xmpp_post (self, event);
}

static void
execute (BkXmppClient *self,
         const char   *node,
         IqKind        kind)
{
  g_autofree char *id = bk_xmpp_new_id (self, "invite");
  g_autofree char *domain = bk_xmpp_jid_domain (self->jid);
  xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "set", id);
  xmpp_stanza_t *command;

  xmpp_stanza_set_to (iq, domain);
  command = bk_xmpp_child_new (self->ctx, iq, "command", NS_COMMANDS);
  xmpp_stanza_set_attribute (command, "node", node);
  xmpp_stanza_set_attribute (command, "action", "execute");
  bk_xmpp_send_iq (self, iq, kind, NULL);
}

void
bk_xmpp_invitation_start (BkXmppClient *self)
{
  /* one at a time: the client's task says so before it asks */
  if (self->invitation_deadline != 0)
    return;
  self->invitation_deadline = g_get_monotonic_time () + INVITATION_TIMEOUT_US;
  if (!bk_xmpp_is_online (self)) {
    bk_xmpp_invitation_end (self, NULL, g_error_new_literal (BK_XMPP_ERROR,
                                                             BK_XMPP_ERROR_CLOSED,
                                                             _("Not connected")));
    return;
  }
  execute (self, "urn:xmpp:invite#create-account", IQ_INVITE_ACCOUNT);
}

/* The value of the result form's field `var`, bounded; NULL when there is none. */
static char *
field_value (xmpp_stanza_t *x,
             const char    *var)
{
  for (xmpp_stanza_t *f = x != NULL ? xmpp_stanza_get_children (x) : NULL; f != NULL;
       f = xmpp_stanza_get_next (f)) {
    xmpp_stanza_t *value;
    char *raw;
    char *text = NULL;

    if (!xmpp_stanza_is_tag (f) || g_strcmp0 (xmpp_stanza_get_name (f), "field") != 0 ||
        g_strcmp0 (xmpp_stanza_get_attribute (f, "var"), var) != 0)
      continue;
    value = xmpp_stanza_get_child_by_name (f, "value");
    raw = value != NULL ? xmpp_stanza_get_text (value) : NULL;
    if (raw != NULL && strlen (raw) <= BK_XMPP_INVITATION_MAX_BYTES)
      text = g_strstrip (g_strdup (raw));
    if (raw != NULL)
      xmpp_free (xmpp_stanza_get_context (f), raw);
    return text;
  }
  return NULL;
}

void
bk_xmpp_invitation_result (BkXmppClient  *self,
                           IqKind         kind,
                           xmpp_stanza_t *stanza,
                           gboolean       ok)
{
  g_autofree char *domain = bk_xmpp_jid_domain (self->jid);
  const char *from = xmpp_stanza_get_from (stanza);
  xmpp_stanza_t *command = xmpp_stanza_get_child_by_ns (stanza, NS_COMMANDS);
  xmpp_stanza_t *note = command != NULL ? xmpp_stanza_get_child_by_name (command, "note") : NULL;
  g_autofree char *uri = NULL;
  GError *error = NULL;

  if (self->invitation_deadline == 0)
    return;
  /* our own server answers, nobody else */
  if (from != NULL && g_ascii_strcasecmp (from, domain) != 0)
    return;
  /* Not an admin (forbidden; Prosody says so in a note): a contact's invitation may still
   * let the invitee register. */
  if (kind == IQ_INVITE_ACCOUNT &&
      (!ok || (note != NULL && g_strcmp0 (xmpp_stanza_get_attribute (note, "type"), "error") == 0)
       || command == NULL)) {
    g_debug ("%s: no account invitation (%s): a contact invitation then", self->jid,
             ok ? "a note" : bk_xmpp_error_condition (stanza));
    execute (self, "urn:xmpp:invite#invite", IQ_INVITE_CONTACT);
    return;
  }
  if (!ok || command == NULL ||
      g_strcmp0 (xmpp_stanza_get_attribute (command, "status"), "completed") != 0) {
    bk_xmpp_invitation_end (self, NULL,
                            g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                 _("Your server makes no invitations")));
    return;
  }
  uri = field_value (xmpp_stanza_get_child_by_ns (command, NS_DATA), "uri");
  if (uri == NULL || !bk_xmpp_invitation_parse (uri, NULL, NULL, NULL, &error)) {
    g_clear_error (&error);
    bk_xmpp_invitation_end (self, NULL,
                            g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                                                 _("Your server makes no invitations that "
                                                   "make an account, only ones that add a "
                                                   "contact")));
    return;
  }
  bk_xmpp_invitation_end (self, g_steal_pointer (&uri), NULL);
}
