/* bk-friends-table-local.c: what the host's app and its own person's guest say to each
 * other in this process, delivered in order and never from inside their handlers; what
 * goes to the room goes out through ::send; see bk-friends-table.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-friends-table-private.h"

void
_bk_friends_table_local_free (Local *local)
{
  bk_xmpp_element_unref (local->payload);
  g_free (local);
}

static void
queue_local (BkFriendsTable      *self,
             gboolean             to_host,
             const BkXmppElement *payload,
             gboolean             private)
{
  Local *local = g_new0 (Local, 1);

  local->to_host = to_host;
  local->payload = bk_xmpp_element_ref ((BkXmppElement *) payload);
  local->private = private;
  g_queue_push_tail (&self->local, local);
}

/* hostquit: a <state/> (a host started again, a guest back) may bring lines the shown
 * game never saw, without a line signal: the window takes the world again. */
void
_bk_friends_table_took_state (BkFriendsTable      *self,
                              const BkXmppElement *payload)
{
  BkGame *world = bk_table_guest_get_game (self->guest);

  /* a later hand is taken whole anyway, once the person has seen the last one's result */
  if (strcmp (bk_xmpp_element_get_name (payload), "state") == 0 && self->shown && world &&
      bk_game_get_hand_number (world) == self->shown_hand)
    self->out_of_step = TRUE;
}

/* Delivers what the host and its own person's guest said to each other, in order, never
 * from inside one of their handlers. */
void
_bk_friends_table_flush (BkFriendsTable *self)
{
  Local *local;

  if (self->delivering)
    return;
  self->delivering = TRUE;
  g_object_ref (self);
  while ((local = g_queue_pop_head (&self->local)))
    {
      if (local->to_host)
        bk_table_host_handle (self->host, self->nick, self->jid, local->payload,
                              g_get_monotonic_time (), NULL);
      else
        {
          bk_table_guest_handle (self->guest, self->nick, local->payload, local->private,
                                 NULL);
          _bk_friends_table_took_state (self, local->payload);
          _bk_friends_table_sync_shown (self);
        }
      _bk_friends_table_local_free (local);
    }
  self->delivering = FALSE;
  g_object_unref (self);
}

static void
host_send_cb (BkTableHost    *host,
              const char     *nick,
              const char     *body,
              BkXmppElement  *payload,
              gboolean        private,
              BkFriendsTable *self)
{
  if (nick == NULL && strcmp (bk_xmpp_element_get_name (payload), "table") == 0)
    _bk_friends_table_take_seats (self, payload);
  /* the room echoes what we post, but the echo comes late: our own guest hears it now */
  if (nick == NULL || strcmp (nick, self->nick) == 0)
    queue_local (self, FALSE, payload, nick != NULL);
  if (nick == NULL || strcmp (nick, self->nick) != 0)
    g_signal_emit (self, _bk_friends_table_signals[SIGNAL_SEND], 0, nick, body, payload, private);
}

void
_bk_friends_table_guest_send_cb (BkTableGuest   *guest,
                                 const char     *nick,
                                 const char     *body,
                                 BkXmppElement  *payload,
                                 gboolean        private,
                                 BkFriendsTable *self)
{
  /* free words (no payload) go to the room, the host's person's too */
  if (self->host && payload)
    queue_local (self, TRUE, payload, private);
  else
    g_signal_emit (self, _bk_friends_table_signals[SIGNAL_SEND], 0, nick, body, payload, private);
}

static gboolean
tick_cb (gpointer data)
{
  BkFriendsTable *self = data;

  bk_table_host_tick (self->host, g_get_monotonic_time ());
  _bk_friends_table_flush (self);
  return G_SOURCE_CONTINUE;
}

void
_bk_friends_table_host_connect (BkFriendsTable *self)
{
  g_signal_connect (self->host, "send", G_CALLBACK (host_send_cb), self);
  g_signal_connect (self->host, "changed", G_CALLBACK (_bk_friends_table_changed_cb), self);
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
}

void
_bk_friends_table_tell_room (BkFriendsTable *self,
                             const char     *body,
                             BkXmppElement  *payload)
{
  host_send_cb (self->host, NULL, body, payload, FALSE, self);
  _bk_friends_table_flush (self);
}
