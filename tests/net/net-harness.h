/* net-harness.h: a table in one process for the tests: a host and its guests joined by a
 * queue instead of a server, each message delivered as the room would (groupchat to every
 * guest, a private one to its addressee), so that the protocol is tested without a
 * network. Every loop is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "bk-levels.h"
#include "bk-net-protocol.h"
#include "bk-table-guest.h"
#include "bk-table-host.h"

#define HARNESS_ROOM "table@muc.example.org"
#define HARNESS_HOST "host"
#define HARNESS_MAX_GUESTS 9
#define HARNESS_MAX_MESSAGES 200000

typedef struct {
  char          *from;
  char          *to;        /* NULL: the room */
  BkXmppElement *payload;
  char          *body;
  gboolean       private;
} Message;

typedef struct {
  BkTableHost  *host;
  guint         n_guests;
  BkTableGuest *guests[HARNESS_MAX_GUESTS];
  char         *nicks[HARNESS_MAX_GUESTS];
  char         *jids[HARNESS_MAX_GUESTS];
  char         *levels[HARNESS_MAX_GUESTS];
  BkSeat        seats[HARNESS_MAX_GUESTS];
  gboolean      away[HARNESS_MAX_GUESTS];  /* dropped: nothing reaches it */
  GQueue        queue;
  guint         delivered;
  guint         groupchat;       /* messages to the room, and their bytes */
  gsize         groupchat_bytes;
  guint         private_messages;
  gsize         private_bytes;
  GPtrArray    *room_log;        /* every groupchat payload, as text */
  GPtrArray    *room_bodies;     /* … and its body */
  gint64        now;
  gint64        step;            /* how long a message takes */
  const char   *lose;            /* the next payload of this name is lost on the way */
  gboolean      no_wait;         /* the pump delivers what is queued; no time passes for
                                  * a guest's paced stanza */
} Harness;

static inline gint64
harness_clock (gpointer data)
{
  return ((Harness *) data)->now;
}

static inline void
harness_queue (Harness             *harness,
               const char          *from,
               const char          *to,
               const char          *body,
               const BkXmppElement *payload,
               gboolean             private)
{
  Message *message = g_new0 (Message, 1);

  message->from = g_strdup (from);
  message->to = g_strdup (to);
  message->body = g_strdup (body);
  /* no payload: free words to the room (docs/network.md, 3.13) */
  message->payload = payload ? bk_xmpp_element_ref ((BkXmppElement *) payload) : NULL;
  message->private = private;
  g_queue_push_tail (&harness->queue, message);
}

static inline void
host_send_cb (BkTableHost   *host,
              const char    *nick,
              const char    *body,
              BkXmppElement *payload,
              gboolean       private,
              gpointer       user_data)
{
  harness_queue (user_data, HARNESS_HOST, nick, body, payload, private);
}

static inline void
guest_send_cb (BkTableGuest  *guest,
               const char    *nick,
               const char    *body,
               BkXmppElement *payload,
               gboolean       private,
               gpointer       user_data)
{
  Harness *harness = user_data;

  for (guint i = 0; i < harness->n_guests; i++)
    if (harness->guests[i] == guest)
      harness_queue (harness, harness->nicks[i], nick, body, payload, private);
}

static inline void
harness_init (Harness *harness,
              BkGame  *game)
{
  memset (harness, 0, sizeof *harness);
  g_queue_init (&harness->queue);
  harness->room_log = g_ptr_array_new_with_free_func (g_free);
  harness->room_bodies = g_ptr_array_new_with_free_func (g_free);
  harness->host = bk_table_host_new (game, HARNESS_ROOM, HARNESS_HOST);
  g_signal_connect (harness->host, "send", G_CALLBACK (host_send_cb), harness);
  harness->now = 1000 * G_USEC_PER_SEC;
  harness->step = 100000; /* 0.1 s a message, as slow as a computer player */
}

/* A guest at @seat (BK_SEAT_NONE: a spectator) played by @level (NULL: none). */
static inline BkTableGuest *
harness_add_guest (Harness    *harness,
                   const char *nick,
                   const char *jid,
                   BkSeat      seat,
                   const char *level)
{
  guint i = harness->n_guests++;
  BkTableGuest *guest = bk_table_guest_new (HARNESS_ROOM, seat);

  g_assert_cmpuint (i, <, HARNESS_MAX_GUESTS);
  harness->guests[i] = guest;
  harness->nicks[i] = g_strdup (nick);
  harness->jids[i] = g_strdup (jid);
  harness->levels[i] = g_strdup (level);
  harness->seats[i] = seat;
  if (level)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BkStrategy) strategy =
        bk_strategy_new_for_level (bk_game_get_rules (bk_table_host_get_game (harness->host))->game,
                                   level, &error);

      g_assert_no_error (error);
      bk_table_guest_set_strategy (guest, strategy);
    }
  g_signal_connect (guest, "send", G_CALLBACK (guest_send_cb), harness);
  bk_table_guest_set_clock (guest, harness_clock, harness);
  return guest;
}

static inline void
message_free (Message *message)
{
  g_free (message->from);
  g_free (message->to);
  g_free (message->body);
  g_clear_pointer (&message->payload, bk_xmpp_element_unref);
  g_free (message);
}

/* Nothing is on the way: time passes until a guest's paced stanza may go. FALSE when
 * no guest has anything waiting. */
static inline gboolean
harness_wait (Harness *harness)
{
  gint64 next = 0;

  if (harness->no_wait)
    return FALSE;
  for (guint i = 0; i < harness->n_guests; i++)
    {
      gint64 t = harness->away[i] ? 0 : bk_table_guest_get_next_send (harness->guests[i]);

      if (t != 0 && (next == 0 || t < next))
        next = t;
    }
  if (next == 0)
    return FALSE;
  harness->now = MAX (harness->now, next);
  for (guint i = 0; i < harness->n_guests; i++)
    if (!harness->away[i])
      bk_table_guest_flush (harness->guests[i]);
  return TRUE;
}

/* Delivers what is queued until nothing is (and no guest waits to send), at most @max
 * messages; returns how many. */
static inline guint
harness_pump (Harness *harness,
              guint    max)
{
  guint n = 0, waits = 0;
  Message *message;

  while (n < max && waits < max)
    {
      g_autofree char *text = NULL;
      g_autoptr (BkXmppElement) payload = NULL;

      /* a guest's wait may send nothing (its request went stale meanwhile) while another
       * guest's stanza still waits its token: wait again, until no guest waits */
      while (g_queue_is_empty (&harness->queue) && waits < max && harness_wait (harness))
        waits++;
      if ((message = g_queue_pop_head (&harness->queue)) == NULL)
        break;

      if (message->payload == NULL)
        {
          /* words: the room passes them to everyone but their speaker (the echo) */
          g_assert_null (message->to);
          n++;
          harness->delivered++;
          harness->now += harness->step;
          for (guint i = 0; i < harness->n_guests; i++)
            if (!harness->away[i] && strcmp (harness->nicks[i], message->from) != 0)
              bk_table_guest_hear (harness->guests[i], message->from, message->body, NULL);
          message_free (message);
          continue;
        }
      /* through the wire and back, as the client would */
      text = bk_xmpp_element_to_string (message->payload);
      payload = bk_xmpp_element_parse (text, -1, NULL);
      g_assert_nonnull (payload);
      if (harness->lose && strcmp (bk_xmpp_element_get_name (payload), harness->lose) == 0)
        {
          harness->lose = NULL;
          message_free (message);
          continue;
        }
      n++;
      harness->delivered++;
      harness->now += harness->step;
      if (message->to == NULL)
        {
          harness->groupchat++;
          harness->groupchat_bytes += strlen (text) + (message->body ? strlen (message->body) : 0);
          g_ptr_array_add (harness->room_log, g_strdup (text));
          g_ptr_array_add (harness->room_bodies, g_strdup (message->body ? message->body : ""));
          for (guint i = 0; i < harness->n_guests; i++)
            if (!harness->away[i])
              bk_table_guest_handle (harness->guests[i], message->from, payload, FALSE, NULL);
        }
      else
        {
          harness->private_messages++;
          harness->private_bytes += strlen (text) + (message->body ? strlen (message->body) : 0);
          g_assert_true (message->private);
          if (strcmp (message->to, HARNESS_HOST) == 0)
            {
              const char *jid = NULL;

              for (guint i = 0; i < harness->n_guests; i++)
                if (strcmp (harness->nicks[i], message->from) == 0)
                  jid = harness->jids[i];
              bk_table_host_handle (harness->host, message->from, jid, payload, harness->now,
                                    NULL);
            }
          else
            for (guint i = 0; i < harness->n_guests; i++)
              if (strcmp (harness->nicks[i], message->to) == 0 && !harness->away[i])
                bk_table_guest_handle (harness->guests[i], message->from, payload, TRUE, NULL);
        }
      message_free (message);
    }
  return n;
}

/* Guest @i's connection drops (kill -9): it hears nothing, and the room says it left. */
static inline void
harness_drop (Harness *harness,
              guint    i)
{
  harness->away[i] = TRUE;
  bk_table_host_occupant (harness->host, harness->nicks[i], harness->jids[i], FALSE,
                          harness->now);
}

/* Guest @i starts again, a new process that knows nothing, and joins the room again. */
static inline void
harness_rejoin (Harness *harness,
                guint    i)
{
  BkTableGuest *old = harness->guests[i];
  BkTableGuest *guest = bk_table_guest_new (HARNESS_ROOM, harness->seats[i]);

  if (harness->levels[i])
    {
      g_autoptr (BkStrategy) strategy =
        bk_strategy_new_for_level (bk_game_get_rules (bk_table_host_get_game (harness->host))->game,
                                   harness->levels[i], NULL);

      bk_table_guest_set_strategy (guest, strategy);
    }
  g_signal_connect (guest, "send", G_CALLBACK (guest_send_cb), harness);
  bk_table_guest_set_clock (guest, harness_clock, harness);
  harness->guests[i] = guest;
  harness->away[i] = FALSE;
  g_assert_finalize_object (old);
  bk_table_host_occupant (harness->host, harness->nicks[i], harness->jids[i], TRUE,
                          harness->now);
}

static inline void
harness_clear (Harness *harness)
{
  g_queue_clear_full (&harness->queue, (GDestroyNotify) message_free);
  for (guint i = 0; i < harness->n_guests; i++)
    {
      g_assert_finalize_object (harness->guests[i]);
      g_free (harness->nicks[i]);
      g_free (harness->jids[i]);
      g_free (harness->levels[i]);
    }
  g_clear_object (&harness->host);
  g_ptr_array_unref (harness->room_log);
  g_ptr_array_unref (harness->room_bodies);
}
