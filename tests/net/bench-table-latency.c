/* bench-table-latency: the time from a guest's action to its arrival at the other guests
 * over loopback Prosody (docs/network.md, "Figures"): a guest sends a <request/> to the
 * host alone; the host's BkXmppClient hands it on as the <action/> in the room, as
 * BkTableHost does; another guest's client receives it. A figure, not a test:
 *
 *   _build/tests/net/bench-table-latency [SAMPLES]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bk-net-protocol.h"
#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"

#define PASSWORD "bench-pw"
#define ROOM_NAME "latency"

typedef struct {
  BkXmppClient *client;
  gboolean      joined;
  const char   *room;
  gint64        received;   /* when the last <action/> arrived */
} Peer;

static void
joined_cb (BkXmppClient *client,
           const char   *room,
           const char   *nick,
           Peer         *peer)
{
  peer->joined = TRUE;
}

static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               const GError *error,
               Peer         *peer)
{
  fprintf (stderr, "bench-table-latency: %s: %s\n", room, error->message);
  exit (1);
}

/* The host: a request in private becomes the action in the room. */
static void
host_message_cb (BkXmppClient        *client,
                 const BkXmppMessage *message,
                 Peer                *peer)
{
  g_auto (BkNetStanza) request = { 0 };
  g_auto (BkNetStanza) action = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  if (strcmp (message->type, "chat") != 0 || message->payload == NULL ||
      !bk_net_stanza_parse (message->payload, BK_NET_MAX_REQUEST_BYTES, &request, NULL))
    return;
  bk_net_stanza_init (&action, BK_NET_ACTION);
  action.hand = request.hand;
  action.seq = request.seq;
  action.text = g_strdup (request.text);
  payload = bk_net_stanza_build (&action);
  bk_xmpp_client_send_groupchat (client, peer->room, "Sepp plays the Ober of Acorns", payload);
}

static void
guest_message_cb (BkXmppClient        *client,
                  const BkXmppMessage *message,
                  Peer                *peer)
{
  if (strcmp (message->type, "groupchat") == 0 && message->payload && !message->delayed &&
      strcmp (bk_xmpp_element_get_name (message->payload), "action") == 0)
    peer->received = g_get_monotonic_time ();
}

static gboolean
expire_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static guint sample;

static void
wait_until (gboolean *flag,
            gint64   *stamp)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (20, expire_cb, &expired);

  while (!expired && (flag ? !*flag : *stamp == 0))
    g_main_context_iteration (NULL, TRUE);
  if (expired)
    {
      fprintf (stderr, "bench-table-latency: no answer within 20 s (sample %u)\n", sample);
      exit (1);
    }
  g_source_remove (id);
}

static Peer *
peer_new (BkProsody  *server,
          const char *user,
          const char *room,
          gboolean    host)
{
  Peer *peer = g_new0 (Peer, 1);
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (server));

  peer->room = room;
  peer->client = bk_xmpp_client_new (jid, PASSWORD, bk_prosody_get_server (server),
                                     bk_prosody_get_cafile (server));
  g_signal_connect (peer->client, "room-joined", G_CALLBACK (joined_cb), peer);
  g_signal_connect (peer->client, "room-error", G_CALLBACK (room_error_cb), peer);
  g_signal_connect (peer->client, "message",
                    host ? G_CALLBACK (host_message_cb) : G_CALLBACK (guest_message_cb), peer);
  bk_xmpp_client_connect (peer->client);
  return peer;
}

static int
compare (const void *a,
         const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

int
main (int    argc,
      char **argv)
{
  const char *users[] = { "host:" PASSWORD, "sepp:" PASSWORD, "gretl:" PASSWORD, NULL };
  guint samples = argc > 1 ? (guint) atoi (argv[1]) : 200;
  g_autoptr (GError) error = NULL;
  g_autofree char *room = NULL;
  g_autofree char *host_occupant = NULL;
  g_autofree char *gretl_jid = NULL;
  g_autofree gint64 *times = NULL;
  BkProsody *server;
  Peer *host, *sepp, *gretl;

  if (samples < 2)
    samples = 2;
  server = bk_prosody_start ("localhost", users, &error);
  if (server == NULL)
    {
      fprintf (stderr, "bench-table-latency: %s\n", error->message);
      return 1;
    }
  room = g_strdup_printf ("%s@%s", ROOM_NAME, bk_prosody_get_muc_service (server));
  host_occupant = g_strdup_printf ("%s/wirt", room);
  host = peer_new (server, "host", room, TRUE);
  sepp = peer_new (server, "sepp", room, FALSE);
  gretl = peer_new (server, "gretl", room, FALSE);
  bk_xmpp_client_create_room (host->client, room, "wirt", "pw");
  wait_until (&host->joined, NULL);
  gretl_jid = g_strdup_printf ("gretl@%s", bk_prosody_get_domain (server));
  bk_xmpp_client_invite (host->client, room, "pw", gretl_jid);
  {
    g_autofree char *sepp_jid = g_strdup_printf ("sepp@%s", bk_prosody_get_domain (server));

    bk_xmpp_client_invite (host->client, room, "pw", sepp_jid);
  }
  g_usleep (200000);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  bk_xmpp_client_join_room (sepp->client, room, "Sepp", "pw");
  bk_xmpp_client_join_room (gretl->client, room, "Gretl", "pw");
  wait_until (&sepp->joined, NULL);
  wait_until (&gretl->joined, NULL);

  /* the room may route the first message before every join has settled: warm up */
  for (guint tries = 0; tries < 20 && gretl->received == 0; tries++)
    {
      g_auto (BkNetStanza) request = { 0 };
      g_autoptr (BkXmppElement) payload = NULL;
      gboolean expired = FALSE;
      guint id;

      bk_net_stanza_init (&request, BK_NET_REQUEST);
      request.hand = 1;
      request.text = g_strdup ("play S EO");
      payload = bk_net_stanza_build (&request);
      bk_xmpp_client_send_chat (sepp->client, host_occupant, NULL, payload, FALSE);
      id = g_timeout_add (500, expire_cb, &expired);
      while (!expired && gretl->received == 0)
        g_main_context_iteration (NULL, TRUE);
      if (!expired)
        g_source_remove (id);
    }

  times = g_new (gint64, samples);
  for (guint i = 0; i < samples; i++)
    {
      g_auto (BkNetStanza) request = { 0 };
      g_autoptr (BkXmppElement) payload = NULL;
      gint64 sent;

      sample = i;
      bk_net_stanza_init (&request, BK_NET_REQUEST);
      request.hand = 1;
      request.seq = i;
      request.text = g_strdup ("play S EO");
      payload = bk_net_stanza_build (&request);
      gretl->received = 0;
      sent = g_get_monotonic_time ();
      bk_xmpp_client_send_chat (sepp->client, host_occupant, NULL, payload, FALSE);
      wait_until (NULL, &gretl->received);
      times[i] = gretl->received - sent;
    }
  qsort (times, samples, sizeof *times, compare);
  printf ("guest → host → room → guest over loopback Prosody, %u samples: median %.2f ms, "
          "p99 %.2f ms, max %.2f ms\n", samples, times[samples / 2] / 1000.0,
          times[(samples * 99) / 100] / 1000.0, times[samples - 1] / 1000.0);

  g_object_unref (sepp->client);
  g_object_unref (gretl->client);
  g_object_unref (host->client);
  g_free (sepp);
  g_free (gretl);
  g_free (host);
  bk_prosody_stop (server);
  return 0;
}
