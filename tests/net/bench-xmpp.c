/* bench-xmpp: figures for the XMPP client, not a test. On a Prosody of the fixture:
 *
 *   hop      a request through the worker thread and back to the main context (the
 *            thread hop every message pays twice: out through the request queue, in
 *            through the event queue), without the network;
 *   message  a groupchat with a payload from one client until the ::message signal
 *            on the other, one at a time, over loopback TLS and Prosody's MUC;
 *   idle     the wake-ups per second of each connected client's worker thread
 *            (voluntary and involuntary context switches, /proc/self/task/TID/status)
 *            while nothing happens;
 *   memory   with --clients N: the resident memory each further connected client adds
 *            (VmRSS before and after N more clients, each in one room).
 *
 *   _build/tests/net/bench-xmpp [--samples 200] [--idle-seconds 10] [--clients 0]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"
#include "bk-xmpp-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAIT_US (20 * G_USEC_PER_SEC)

typedef struct {
  BkXmppState state;
  guint       joined;
  guint       invites;
  guint       messages;
  gint64      last_arrival;
  guint       echoes;
} Seen;

static void
state_cb (BkXmppClient *client, BkXmppState state, const GError *error, Seen *seen)
{
  if (error != NULL)
    g_error ("%s: %s", bk_xmpp_client_get_jid (client), error->message);
  seen->state = state;
}

static void
joined_cb (BkXmppClient *client, const char *room, const char *nick, Seen *seen)
{
  seen->joined++;
}

static void
room_error_cb (BkXmppClient *client, const char *room, const GError *error, Seen *seen)
{
  g_error ("%s: %s", room, error->message);
}

static void
invited_cb (BkXmppClient *client, const char *room, const char *password, const char *from,
            Seen *seen)
{
  seen->invites++;
}

static void
message_cb (BkXmppClient *client, const BkXmppMessage *message, Seen *seen)
{
  if (g_strcmp0 (message->type, "groupchat") == 0 && message->payload != NULL) {
    seen->messages++;
    seen->last_arrival = g_get_monotonic_time ();
  }
}

static void
echo_cb (gpointer data, gpointer client)
{
  Seen *seen = data;

  seen->echoes++;
  seen->last_arrival = g_get_monotonic_time ();
}

static void
wait_until (const guint *counter, guint value, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (*counter < value) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, TRUE);
  }
}

static void
wait_online (Seen *seen)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (seen->state != BK_XMPP_STATE_ONLINE) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for online");
    g_main_context_iteration (NULL, TRUE);
  }
}

static BkXmppClient *
client_new (BkProsody *server, const char *user, Seen *seen)
{
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (server));
  BkXmppClient *client = bk_xmpp_client_new (jid, "pw", bk_prosody_get_server (server),
                                             bk_prosody_get_cafile (server));

  seen->state = BK_XMPP_STATE_OFFLINE;
  g_signal_connect (client, "state-changed", G_CALLBACK (state_cb), seen);
  g_signal_connect (client, "room-joined", G_CALLBACK (joined_cb), seen);
  g_signal_connect (client, "room-error", G_CALLBACK (room_error_cb), seen);
  g_signal_connect (client, "invited", G_CALLBACK (invited_cb), seen);
  g_signal_connect (client, "message", G_CALLBACK (message_cb), seen);
  bk_xmpp_client_connect (client);
  wait_online (seen);
  return client;
}

static int
compare_cb (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

static void
report (const char *what, GArray *samples)
{
  gint64 *v = (gint64 *) samples->data;
  guint n = samples->len;

  qsort (v, n, sizeof *v, compare_cb);
  printf ("%-8s n=%u  median %.3f ms  p99 %.3f ms  max %.3f ms\n", what, n,
          v[n / 2] / 1000.0, v[MIN (n - 1, (n * 99) / 100)] / 1000.0, v[n - 1] / 1000.0);
}

/* Context switches of each thread called "bk-xmpp" (our workers), in task order. */
static GArray *
worker_switches (void)
{
  GArray *counts = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL) {
    g_autofree char *comm_path = g_strdup_printf ("/proc/self/task/%s/comm", tid);
    g_autofree char *status_path = g_strdup_printf ("/proc/self/task/%s/status", tid);
    g_autofree char *comm = NULL;
    g_autofree char *status = NULL;
    guint64 total = 0;

    if (!g_file_get_contents (comm_path, &comm, NULL, NULL) || !g_str_has_prefix (comm, "bk-xmpp"))
      continue;
    if (!g_file_get_contents (status_path, &status, NULL, NULL))
      continue;
    for (char *line = strstr (status, "ctxt_switches:"); line != NULL;
         line = strstr (line + 1, "ctxt_switches:"))
      total += g_ascii_strtoull (line + strlen ("ctxt_switches:"), NULL, 10);
    g_array_append_val (counts, total);
  }
  return counts;
}

static guint64
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("VmRSS:"), NULL, 10);
}

static gboolean
quit_cb (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
  int samples = 200, idle_seconds = 10, clients = 0;
  GOptionEntry entries[] = {
    { "samples", 0, 0, G_OPTION_ARG_INT, &samples, "messages and hops to time (200)", "N" },
    { "idle-seconds", 0, 0, G_OPTION_ARG_INT, &idle_seconds, "idle time to watch (10)", "S" },
    { "clients", 0, 0, G_OPTION_ARG_INT, &clients, "connect this many more and weigh them (0)",
      "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- XMPP client figures");
  const char *users[] = { "host:pw", "guest:pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (GArray) hops = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) trips = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) before = NULL;
  g_autoptr (GArray) after = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autofree char *room = NULL;
  Seen host_seen = { 0 }, guest_seen = { 0 };
  BkXmppClient *host, *guest;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || samples < 1 || idle_seconds < 1) {
    g_printerr ("%s\n", error != NULL ? error->message : "bad arguments");
    return 2;
  }
  /* Any account: --clients needs many. */
  g_setenv ("BK_PROSODY_OPEN_ACCOUNTS", "1", TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  if (server == NULL) {
    g_printerr ("%s\n", error->message);
    return 1;
  }

  host = client_new (server, "host", &host_seen);
  guest = client_new (server, "guest", &guest_seen);
  room = g_strdup_printf ("bench@%s", bk_prosody_get_muc_service (server));
  bk_xmpp_client_create_room (host, room, "Host", "pw");
  wait_until (&host_seen.joined, 1, "the room");
  bk_xmpp_client_invite (host, room, "pw", "guest@localhost");
  wait_until (&guest_seen.invites, 1, "the invitation");
  bk_xmpp_client_join_room (guest, room, "Guest", "pw");
  wait_until (&guest_seen.joined, 1, "the room");

  for (int i = 0; i < samples; i++) {
    gint64 start = g_get_monotonic_time ();
    gint64 elapsed;
    bk_xmpp_client_echo_for_testing (guest, echo_cb, &guest_seen);
    wait_until (&guest_seen.echoes, (guint) i + 1, "the echo");
    elapsed = guest_seen.last_arrival - start;
    g_array_append_val (hops, elapsed);
  }

  for (int i = 0; i < samples; i++) {
    g_autoptr (BkXmppElement) payload = bk_xmpp_element_new ("action", BK_NET_NS);
    g_autofree char *n = g_strdup_printf ("%d", i);
    gint64 start, elapsed;

    bk_xmpp_element_set_attr (payload, "n", n);
    bk_xmpp_element_set_text (payload, "A1 EO");
    start = g_get_monotonic_time ();
    bk_xmpp_client_send_groupchat (host, room, "Host plays the Eichel-Ober", payload);
    wait_until (&guest_seen.messages, (guint) i + 1, "the message");
    elapsed = guest_seen.last_arrival - start;
    g_array_append_val (trips, elapsed);
  }

  report ("hop", hops);
  report ("message", trips);

  /* Idle: let the last stanzas (acks) settle, then count. */
  loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add (500, quit_cb, loop);
  g_main_loop_run (loop);
  before = worker_switches ();
  g_timeout_add_seconds ((guint) idle_seconds, quit_cb, loop);
  g_main_loop_run (loop);
  after = worker_switches ();
  for (guint i = 0; i < before->len && i < after->len; i++)
    printf ("idle     worker %u: %.2f wake-ups/s over %d s\n", i,
            (double) (g_array_index (after, guint64, i) - g_array_index (before, guint64, i)) /
              idle_seconds, idle_seconds);

  if (clients > 0) {
    g_autoptr (GPtrArray) more = g_ptr_array_new_with_free_func (g_object_unref);
    Seen *seen = g_new0 (Seen, clients);
    guint64 rss_before, rss_after;

    rss_before = resident_kib ();
    for (int i = 0; i < clients; i++) {
      g_autofree char *user = g_strdup_printf ("bot%d", i);
      g_autofree char *bare = g_strdup_printf ("bot%d@localhost", i);
      g_ptr_array_add (more, client_new (server, user, &seen[i]));
      bk_xmpp_client_invite (host, room, "pw", bare);
    }
    for (int i = 0; i < clients; i++) {
      g_autofree char *nick = g_strdup_printf ("Bot%d", i);
      /* as a person would, with the password the invitation brings */
      wait_until (&seen[i].invites, 1, "the invitation");
      bk_xmpp_client_join_room (g_ptr_array_index (more, i), room, nick, "pw");
    }
    for (int i = 0; i < clients; i++)
      wait_until (&seen[i].joined, 1, "a bot in the room");
    rss_after = resident_kib ();
    printf ("memory   %d more clients, each in the room: %.0f KiB resident each\n", clients,
            (double) (rss_after - rss_before) / clients);
    g_ptr_array_set_size (more, 0);
    g_free (seen);
  }

  g_object_unref (guest);
  g_object_unref (host);
  return 0;
}
