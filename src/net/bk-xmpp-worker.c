/* bk-xmpp-worker.c: the client's worker thread. It owns the libstrophe context and
 * connection and is the only thread that touches them: it takes the requests, runs the
 * timers (reconnecting, pings, rooms that do not answer) and polls the wake-up eventfd
 * and the socket itself, libstrophe's own loop being one that cannot be woken.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* While libstrophe negotiates or closes it runs timers of its own: look in this often. */
#define NEGOTIATION_TICK_MS 100
/* A ping not answered in this time ends the stream (the link is dead). */
#define PING_TIMEOUT_US (20 * G_USEC_PER_SEC)
/* After a network change the link is asked at once, and given up sooner. */
#define CHECK_TIMEOUT_US (5 * G_USEC_PER_SEC)
/* A 16 KiB TLS record leaves up to four more 4 KiB reads inside OpenSSL, which poll()
 * cannot see: after the socket was readable the loop turns this many more times. */
#define TLS_DRAIN_TURNS 5

void
bk_xmpp_handle_request (BkXmppClient *self,
                        Request      *request)
{
  Room *room;

  switch (request->kind) {
  case REQ_CONNECT:
    if (self->want_online)
      break;
    self->want_online = TRUE;
    self->was_online = FALSE;
    self->retries = 0;
    bk_xmpp_post_state (self, BK_XMPP_STATE_CONNECTING, NULL);
    if (self->stage == STAGE_CLOSING || self->stage == STAGE_REGISTERING)
      break;   /* the callback of the old stream starts the new one */
    if (!bk_xmpp_start_connect (self)) {
      self->want_online = FALSE;
      bk_xmpp_post_state (self, BK_XMPP_STATE_OFFLINE,
                          g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                               _("The server cannot be reached")));
    }
    break;
  case REQ_DISCONNECT:
    self->want_online = FALSE;
    self->reconnect_at = 0;
    bk_xmpp_drop_unsent (self);
    bk_xmpp_begin_close (self);
    break;
  case REQ_CREATE_ROOM:
  case REQ_JOIN_ROOM:
    room = g_hash_table_lookup (self->rooms, request->a);
    /* Joined again while our goodbye is on its way (a lobby closed, the link opened
     * again): the same nickname would share the leaving occupant, whose goodbye then takes
     * it out of the room; the join waits for the room to let us go. */
    if (room != NULL && room->leaving && request->kind == REQ_JOIN_ROOM) {
      g_clear_pointer (&room->rejoin, bk_xmpp_request_free);
      room->rejoin = bk_xmpp_request_new (request->kind, request->a, request->b, request->c);
      break;
    }
    if (room != NULL) {
      bk_xmpp_post_room_error (self, request->a,
                               g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                    _("This account is already at the table")));
      break;
    }
    room = bk_xmpp_room_new (request->a, request->b, request->c, request->kind == REQ_CREATE_ROOM);
    g_hash_table_insert (self->rooms, g_strdup (room->jid), room);
    if (bk_xmpp_is_online (self))
      bk_xmpp_send_room_presence (self, room, FALSE);
    else
      room->deadline = 0;   /* joined when online */
    break;
  case REQ_LEAVE_ROOM:
    room = g_hash_table_lookup (self->rooms, request->a);
    if (room == NULL)
      break;
    if (bk_xmpp_is_online (self) && (room->joined || room->deadline != 0)) {
      room->leaving = TRUE;
      room->deadline = 0;
      bk_xmpp_leave_room_now (self, room);
    } else {
      bk_xmpp_forget_room (self, request->a);
    }
    break;
  case REQ_FIND_MUC:
    if (self->disco_running)
      break;
    g_free (self->disco_domain);
    self->disco_domain = g_strdup (request->a);
    g_free (self->disco_parent);
    self->disco_parent = g_strdup (request->b);
    /* asked before the login (the table host asks at once): it runs once we are online */
    if (!bk_xmpp_is_online (self))
      self->disco_wanted = TRUE;
    else
      bk_xmpp_disco_start (self);
    break;
  case REQ_INVITE: {
    g_autofree char *id = bk_xmpp_new_id (self, "invite");
    xmpp_stanza_t *message = xmpp_message_new (self->ctx, NULL, request->c, id);
    xmpp_stanza_t *x = bk_xmpp_child_new (self->ctx, message, "x", NS_CONFERENCE);
    /* the password is the key: an invitation makes nobody a member */
    xmpp_stanza_set_attribute (x, "jid", request->a);
    if (request->b != NULL)
      xmpp_stanza_set_attribute (x, "password", request->b);
    bk_xmpp_send_or_keep (self, message);
    break;
  }
  case REQ_GROUPCHAT:
    bk_xmpp_send_message (self, "groupchat", request->a, request->b, request->payload, FALSE);
    break;
  case REQ_CHAT:
    bk_xmpp_send_message (self, "chat", request->a, request->b, request->payload, request->flag);
    break;
  case REQ_IGNORE_PINGS:
    self->ignore_pings = TRUE;
    break;
  case REQ_BREAK:
    /* As a network would: the socket goes, libstrophe notices on its next read. */
    if (self->sock >= 0 && bk_xmpp_is_online (self))
      shutdown (self->sock, SHUT_RDWR);
    break;
  case REQ_ECHO: {
    Event *event = g_new0 (Event, 1);
    event->kind = EV_ECHO;
    event->echo = request->echo;
    event->echo_data = request->echo_data;
    bk_xmpp_post (self, event);
    break;
  }
  case REQ_QUIT:
    self->quit = TRUE;
    self->want_online = FALSE;
    bk_xmpp_begin_close (self);
    break;
  case REQ_TRUST:
    g_free (self->trusted_fingerprint);
    self->trusted_fingerprint =
      request->a != NULL ? bk_xmpp_fingerprint_normalize (request->a) : NULL;
    break;
  case REQ_REGISTER: {
    RegisterMode mode = request->form != NULL ? REGISTER_SUBMIT
                        : request->flag ? REGISTER_FETCH : REGISTER_PLAIN;
    bk_xmpp_start_register (self, mode, g_steal_pointer (&request->form));
    break;
  }
  case REQ_INVITATION:
    bk_xmpp_invitation_start (self);
    break;
  case REQ_TOKEN:
    g_free (self->invite_token);
    self->invite_token = g_strdup (request->a);
    break;
  case REQ_CHECK: {
    gint64 now = g_get_monotonic_time ();
    /* a ping now (bk_xmpp_run_timers), and the stream given up if it is not answered soon */
    if (bk_xmpp_is_online (self)) {
      self->checking = TRUE;
      self->ping_at = now;
      if (self->ping_deadline == 0 || self->ping_deadline > now + CHECK_TIMEOUT_US)
        self->ping_deadline = now + CHECK_TIMEOUT_US;
    } else if (self->stage == STAGE_WAITING && self->reconnect_at != 0) {
      /* waiting out a back-off: the new network may reach the server, try now */
      self->retries = 0;
      self->reconnect_at = now;
    }
    break;
  }
  }
}

void
bk_xmpp_run_timers (BkXmppClient *self,
                    gint64        now)
{
  GHashTableIter iter;
  Room *room;
  g_autoptr (GPtrArray) late = g_ptr_array_new_with_free_func (g_free);

  if (self->stage == STAGE_WAITING && self->reconnect_at != 0 && now >= self->reconnect_at) {
    self->reconnect_at = 0;
    if (!bk_xmpp_start_connect (self))
      bk_xmpp_schedule_reconnect (self);
  }
  if (self->disco_running && now >= self->disco_deadline)
    bk_xmpp_disco_done (self, NULL);
  if (self->stage == STAGE_REGISTERING && now >= self->register_deadline &&
      !self->register_done) {
    bk_xmpp_register_end (self, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                                     _("The server does not answer")));
  }
  if (self->invitation_deadline != 0 && now >= self->invitation_deadline)
    bk_xmpp_invitation_end (self, NULL, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_CONNECT,
                                                             _("The server does not answer")));
  if (bk_xmpp_is_online (self) && self->ping_deadline != 0 && now >= self->ping_deadline) {
    /* As a broken network would end it: libstrophe notices, we reconnect. */
    g_debug ("%s: the server does not answer pings", self->jid);
    self->ping_deadline = 0;
    /* a changed network is the network's fault: that stream may be resumed */
    self->new_session = !self->checking;
    self->checking = FALSE;
    if (self->sock >= 0)
      shutdown (self->sock, SHUT_RDWR);
  } else if (bk_xmpp_is_online (self) && self->ping_at != 0 && now >= self->ping_at) {
    g_autofree char *id = bk_xmpp_new_id (self, "ping");
    g_autofree char *domain = bk_xmpp_jid_domain (self->jid);
    xmpp_stanza_t *iq = xmpp_iq_new (self->ctx, "get", id);
    xmpp_stanza_set_to (iq, domain);
    bk_xmpp_child_new (self->ctx, iq, "ping", NS_PING);
    bk_xmpp_send_iq (self, iq, IQ_PING, NULL);
    self->ping_at = now + self->ping_interval;
    if (self->ping_deadline == 0)
      self->ping_deadline = now + MIN (PING_TIMEOUT_US, self->ping_interval);
  }
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room))
    if (room->deadline != 0 && now >= room->deadline)
      g_ptr_array_add (late, g_strdup (room->jid));
  for (guint i = 0; i < late->len; i++) {
    room = g_hash_table_lookup (self->rooms, g_ptr_array_index (late, i));
    bk_xmpp_fail_room (self, room, g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_ROOM,
                                                        _("The table does not answer")));
  }
}

static int
poll_timeout (BkXmppClient *self,
              gint64        now)
{
  gint64 next = G_MAXINT64;
  GHashTableIter iter;
  Room *room;

  if (self->stage == STAGE_NEGOTIATING || self->stage == STAGE_CLOSING ||
      self->stage == STAGE_REGISTERING)
    next = now + NEGOTIATION_TICK_MS * 1000;
  if (self->stage == STAGE_WAITING && self->reconnect_at != 0)
    next = MIN (next, self->reconnect_at);
  if (self->disco_running)
    next = MIN (next, self->disco_deadline);
  if (self->invitation_deadline != 0)
    next = MIN (next, self->invitation_deadline);
  if (self->stage == STAGE_ONLINE && self->ping_at != 0)
    next = MIN (next, self->ping_at);
  if (self->stage == STAGE_ONLINE && self->ping_deadline != 0)
    next = MIN (next, self->ping_deadline);
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &room))
    if (room->deadline != 0)
      next = MIN (next, room->deadline);
  if (next == G_MAXINT64)
    return -1;
  return (int) CLAMP ((next - now + 999) / 1000, 0, G_MAXINT);
}

gpointer
bk_xmpp_worker_cb (gpointer data)
{
  BkXmppClient *self = data;
  guint drain = 0;
  Request *request;
  sigset_t pipe_signal;

  /* OpenSSL writes to a socket the peer has closed: EPIPE for this thread, not a
   * SIGPIPE that ends the process (a signal a write raises goes to its thread). */
  sigemptyset (&pipe_signal);
  sigaddset (&pipe_signal, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_signal, NULL);
  bk_xmpp_connection_setup (self);

  while (!(self->quit && self->stage == STAGE_IDLE)) {
    struct pollfd fds[2] = { { .fd = self->wake_fd, .events = POLLIN } };
    nfds_t n = 1;
    guint64 count;
    int timeout;

    while ((request = g_async_queue_try_pop (self->requests)) != NULL) {
      bk_xmpp_handle_request (self, request);
      bk_xmpp_request_free (request);
    }
    if (self->conn != NULL)
      xmpp_run_once (self->ctx, 0);
    bk_xmpp_run_timers (self, g_get_monotonic_time ());
    if (self->quit && self->stage == STAGE_IDLE)
      break;

    if (self->conn != NULL && self->sock >= 0 && !xmpp_conn_is_disconnected (self->conn)) {
      fds[1].fd = self->sock;
      fds[1].events = POLLIN;
      if (xmpp_conn_is_connecting (self->conn) || xmpp_conn_send_queue_len (self->conn) > 0 ||
          self->unsent > 0)
        fds[1].events |= POLLOUT;
      n = 2;
    }
    timeout = drain > 0 ? 0 : poll_timeout (self, g_get_monotonic_time ());
    if (drain > 0)
      drain--;
    if (poll (fds, n, timeout) < 0 && errno != EINTR)
      g_error ("poll: %s", g_strerror (errno));
    if (fds[0].revents & POLLIN) {
      if (read (self->wake_fd, &count, sizeof count) < 0 && errno != EAGAIN)
        g_error ("eventfd: %s", g_strerror (errno));
    }
    if (n == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      int on = 1;
      drain = TLS_DRAIN_TURNS;
      /* Servers keep Nagle on (Prosody does): a stanza waits there until ours ACK the
       * last one, and a delayed ACK costs 40 ms. The kernel drops quick ACKs after a
       * while, so they are asked for again on every read. */
      setsockopt (self->sock, IPPROTO_TCP, TCP_QUICKACK, &on, sizeof on);
    }
  }

  /* Whatever is left: requests after quit, a connection that never closed. */
  while ((request = g_async_queue_try_pop (self->requests)) != NULL)
    bk_xmpp_request_free (request);
  bk_xmpp_drop_unsent (self);
  g_hash_table_remove_all (self->pending_iqs);
  if (self->conn != NULL)
    xmpp_conn_release (self->conn);
  xmpp_ctx_free (self->ctx);
  return NULL;
}
