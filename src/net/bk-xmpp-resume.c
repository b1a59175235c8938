/* bk-xmpp-resume.c: sending, and what waits for the next link. A stanza asked for
 * while the link is down waits for it; a stanza libstrophe had not written whole when the
 * link went is sent again first (a resumed stream, XEP-0198, sends again only what was
 * written).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <string.h>

/* Messages sent while the connection is down wait for it, up to this many. */
#define MAX_WAITING_STANZAS 512

static void
stanza_release_cb (gpointer stanza)
{
  xmpp_stanza_release (stanza);
}

/* libstrophe's queue length leaves out a stanza it has begun to write, so the worker
 * counts its own until libstrophe's log says they went out: while any is unsent, the
 * loop waits for the socket to take more. */
void
bk_xmpp_send_stanza (BkXmppClient  *self,
                     xmpp_stanza_t *stanza)
{
  char *text = NULL;
  size_t length = 0;

  self->unsent++;
  if (xmpp_stanza_to_text (stanza, &text, &length) == XMPP_EOK) {
    g_queue_push_tail (&self->in_flight, g_strndup (text, length));
    xmpp_free (self->ctx, text);
    if (self->in_flight.length > MAX_WAITING_STANZAS)
      g_free (g_queue_pop_head (&self->in_flight));
  }
  xmpp_send (self->conn, stanza);
}

gboolean
bk_xmpp_is_online (BkXmppClient *self)
{
  return self->stage == STAGE_ONLINE && self->conn != NULL && xmpp_conn_is_connected (self->conn);
}

/* Sends now, or keeps the stanza for the next connection. Takes `stanza`. */
void
bk_xmpp_send_or_keep (BkXmppClient  *self,
                      xmpp_stanza_t *stanza)
{
  if (bk_xmpp_is_online (self)) {
    bk_xmpp_send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
  } else if (self->want_online && self->waiting.length < MAX_WAITING_STANZAS) {
    g_queue_push_tail (&self->waiting, stanza);
  } else {
    g_debug ("%s: offline, a stanza is dropped", self->jid);
    xmpp_stanza_release (stanza);
  }
}

/* What libstrophe had not written whole when the link went: its next connect frees it
 * (0.12), and a resumed stream sends again only what was written. It goes out first on
 * the next link, before what was asked meanwhile. */
void
bk_xmpp_keep_unsent (BkXmppClient *self)
{
  GList *position = self->waiting.head;
  char *text;

  while ((text = g_queue_pop_head (&self->in_flight)) != NULL) {
    xmpp_stanza_t *stanza = xmpp_stanza_new_from_string (self->ctx, text);

    g_free (text);
    if (stanza == NULL)
      continue;
    if (position != NULL)
      g_queue_insert_before (&self->waiting, position, stanza);
    else
      g_queue_push_tail (&self->waiting, stanza);
  }
}

/* libstrophe's log says it wrote `text` whole: a resumed stream sends it again if the
 * server did not get it, so it need not be kept any longer. */
void
bk_xmpp_written (BkXmppClient *self,
                 const char   *text)
{
  if (self->unsent > 0)
    self->unsent--;
  if (self->in_flight.head != NULL && strcmp (text, self->in_flight.head->data) == 0)
    g_free (g_queue_pop_head (&self->in_flight));
}

/* On a new link: what waited for it, in the order it was asked for. */
void
bk_xmpp_send_waiting (BkXmppClient *self)
{
  xmpp_stanza_t *stanza;

  while ((stanza = g_queue_pop_head (&self->waiting)) != NULL) {
    bk_xmpp_send_stanza (self, stanza);
    xmpp_stanza_release (stanza);
  }
}

/* Nothing is to be sent any more: the client went offline for good, or is going. */
void
bk_xmpp_drop_unsent (BkXmppClient *self)
{
  g_queue_clear_full (&self->waiting, stanza_release_cb);
  g_queue_clear_full (&self->in_flight, g_free);
}
