/* bench-tables: figures for tables over XMPP at scale (docs/network.md, "Figures"), not a
 * test. It starts its own Prosody on loopback (the fixture's, any account let in), hosts
 * N tables of Bierkopf in this process (BkTableHost, a computer at S, the other three
 * seats free), and seats three bots at each (BkTableGuest, the heuristic level) in a
 * second process of its own, each bot with its own connection, coming in by the link.
 * It prints:
 *
 *   latency  from a bot's <request/> leaving its client to the <action/> arriving at each
 *            other bot of its table (median, p99, max);
 *   traffic  stanzas and bytes (payload and body) a hand, as the host sends them and as
 *            the bots send them;
 *   cpu      the host process's user and system time a hand (getrusage: the tables and
 *            their XMPP clients' threads);
 *   memory   the host process's resident memory each table adds (VmRSS before the
 *            tables and once every table is seated);
 *   pace     hands a second over the whole run.
 *
 *   _build/tests/net/bench-tables [--tables 100] [--deals 3] [--think MS] [--level LEVEL]
 *                                 [--ping MS]
 *
 * --think holds each bot's action back so long, as a person takes time to choose: the
 * bots without it play a hand in a second or two, a hundred times a table of people's
 * pace, and a hundred such tables are the load of many more tables of people. --level
 * random leaves out most of the computer players' own CPU (the bots still rebuild their
 * worlds and verify every hand). --ping 2000 makes every client give its link up when the
 * server has not answered a ping in 2 s, so that a loaded server's slow reads cut links
 * and streams are resumed or begun again (how tables stalled at 100 tables).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bk-levels.h"
#include "bk-prosody-fixture.h"
#include "bk-record.h"
#include "bk-table-guest.h"
#include "bk-table-host.h"
#include "bk-xmpp-client.h"
#include "bk-xmpp-private.h"

#define ROOM_PASSWORD "bench-pw"
#define HOST_NICK "wirt"
#define DEADLINE_S 900

static const char *const bot_seats[] = { "W", "N", "E" };
static FILE *log_file;

static guint n_tables = 100, n_deals = 3, think_ms;
static const char *bot_level = "heuristic";
static guint ping_ms;
static const char *server_address, *cafile, *domain, *muc;
static gint64 deadline;

static void
fail (const char *what)
{
  fprintf (stderr, "bench-tables: %s\n", what);
  exit (1);
}

static guint64
resident_kib_of (const char *pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/status", pid);
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents (path, &status, NULL, NULL) ||
      (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + 6, NULL, 10);
}

static guint64
resident_kib (void)
{
  return resident_kib_of ("self");
}

static char *
server_pid (BkProsody *server)
{
  g_autofree char *pidfile = g_build_filename (bk_prosody_get_dir (server), "prosody.pid", NULL);
  char *pid = NULL;

  if (!g_file_get_contents (pidfile, &pid, NULL, NULL))
    return g_strdup ("0");
  return g_strstrip (pid);
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* The server's CPU so far (user + system), from its pidfile and /proc. */
static double
server_cpu_seconds (BkProsody *server)
{
  g_autofree char *pid = server_pid (server), *statfile = NULL, *stat = NULL;
  g_auto (GStrv) fields = NULL;
  const char *after;

  statfile = g_strdup_printf ("/proc/%s/stat", pid);
  /* the fields after the command's name, which may hold spaces */
  if (!g_file_get_contents (statfile, &stat, NULL, NULL) || (after = strrchr (stat, ')')) == NULL)
    return 0;
  fields = g_strsplit (after + 2, " ", 0);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) /
         sysconf (_SC_CLK_TCK);
}

static BkXmppClient *
client_new (const char *user)
{
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, domain);

  BkXmppClient *client;

  /* the fixture's open accounts take any password */
  client = bk_xmpp_client_new (jid, "any", server_address, cafile);
  if (ping_ms > 0)
    bk_xmpp_client_set_ping_interval_for_testing (client, ping_ms);
  return client;
}

static const char *
room_nick (const char *room,
           const char *from)
{
  gsize n = strlen (room);

  if (from && strncmp (from, room, n) == 0 && from[n] == '/' && from[n + 1])
    return from + n + 1;
  return NULL;
}

static void
run_until (gboolean (*done) (gpointer), gpointer data)
{
  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        fail ("the tables did not end in time");
      g_main_context_iteration (NULL, TRUE);
    }
}

static guint online;

static void
state_cb (BkXmppClient *client, BkXmppState state, const GError *error, gpointer data)
{
  if (state == BK_XMPP_STATE_OFFLINE && error)
    fail (error->message);
  online += state == BK_XMPP_STATE_ONLINE;
}

/* A server takes so many logins at once: a batch at a time, each online before the next. */
#define LOGIN_BATCH 20

static gboolean
batch_online (gpointer data)
{
  return online >= GPOINTER_TO_UINT (data);
}

static void
room_error_cb (BkXmppClient *client, const char *room, const GError *error, gpointer data)
{
  fprintf (stderr, "bench-tables: %s: %s\n", room, error->message);
  exit (1);
}

/* ---- the hosts (this process) -------------------------------------------------------- */

typedef struct {
  BkXmppClient *client;
  BkTableHost  *host;
  char         *room;
  GHashTable   *real_jids;
  gboolean      joined;
  gboolean      finished;
  gint64        request_at;   /* a bot's <request/> came: until its <action/> goes */
} HostTable;

static GArray *host_turnaround;   /* gint64 µs: a request in, its action out */

static int
compare (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
print_times (const char *what,
             GArray     *times)
{
  g_array_sort (times, compare);
  if (times->len < 2)
    fail ("no latency measured");
  printf ("%s, %u samples: median %.2f ms, p99 %.2f ms, max %.2f ms\n", what, times->len,
          g_array_index (times, gint64, times->len / 2) / 1000.0,
          g_array_index (times, gint64, (times->len * 99) / 100) / 1000.0,
          g_array_index (times, gint64, times->len - 1) / 1000.0);
}

static struct {
  guint64 groupchats, privates, bytes;
  guint   hands;
} host_sent;

static void
host_send_cb (BkTableHost *host, const char *nick, const char *body, BkXmppElement *payload,
              gboolean private, HostTable *table)
{
  g_autofree char *text = bk_xmpp_element_to_string (payload);

  host_sent.bytes += strlen (text) + (body ? strlen (body) : 0);
  if (table->request_at && strcmp (bk_xmpp_element_get_name (payload), "action") == 0)
    {
      gint64 took = g_get_monotonic_time () - table->request_at;

      g_array_append_val (host_turnaround, took);
      table->request_at = 0;
    }
  if (nick == NULL)
    {
      host_sent.groupchats++;
      bk_xmpp_client_send_groupchat (table->client, table->room, body, payload);
    }
  else
    {
      g_autofree char *to = g_strdup_printf ("%s/%s", table->room, nick);

      host_sent.privates++;
      bk_xmpp_client_send_chat (table->client, to, body, payload, private);
    }
}

static void
host_message_cb (BkXmppClient *client, const BkXmppMessage *message, HostTable *table)
{
  const char *nick = room_nick (table->room, message->from);
  const char *real_jid;

  if (nick == NULL || message->delayed || strcmp (nick, HOST_NICK) == 0 ||
      message->payload == NULL)
    return;
  if (strcmp (message->type, "chat") != 0 &&
      strcmp (bk_xmpp_element_get_name (message->payload), "resync") != 0)
    return;
  real_jid = message->real_jid ? message->real_jid : g_hash_table_lookup (table->real_jids, nick);
  table->request_at = strcmp (bk_xmpp_element_get_name (message->payload), "request") == 0
                      ? g_get_monotonic_time () : 0;
  bk_table_host_handle (table->host, nick, real_jid, message->payload, g_get_monotonic_time (),
                        NULL);
  table->request_at = 0;
}

static void
host_occupant_cb (BkXmppClient *client, const char *room, const char *nick,
                  const char *real_jid, gboolean present, HostTable *table)
{
  if (present && real_jid)
    g_hash_table_replace (table->real_jids, g_strdup (nick), g_strdup (real_jid));
  bk_table_host_occupant (table->host, nick, real_jid, present, g_get_monotonic_time ());
}

static void
host_joined_cb (BkXmppClient *client, const char *room, const char *nick, HostTable *table)
{
  if (table->joined)
    return;
  table->joined = TRUE;
  bk_table_host_set_room (table->host, table->room);
  bk_table_host_start (table->host);
}

static void
host_hand_cb (BkTableHost *host, guint hand, HostTable *table)
{
  host_sent.hands++;
}

static void
host_finished_cb (BkTableHost *host, HostTable *table)
{
  table->finished = TRUE;
}

static HostTable *
host_table_new (guint index)
{
  HostTable *table = g_new0 (HostTable, 1);
  g_autofree char *user = g_strdup_printf ("host%u", index);
  g_autoptr (BkGame) game = NULL;
  BkRules rules;

  bk_rules_init_default (&rules);
  game = bk_game_new (&rules, index + 1);
  table->room = g_strdup_printf ("bench-%u@%s", index, muc);
  table->real_jids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  table->host = bk_table_host_new (game, table->room, HOST_NICK);
  if (!bk_table_host_seat_computer (table->host, 0, bot_level, NULL))
    fail ("no such level");
  for (guint s = 1; s < 4; s++)
    bk_table_host_seat_person (table->host, s, NULL);
  bk_table_host_set_deals (table->host, n_deals);
  table->client = client_new (user);
  g_signal_connect (table->client, "state-changed", G_CALLBACK (state_cb), NULL);
  g_signal_connect (table->client, "room-error", G_CALLBACK (room_error_cb), NULL);
  g_signal_connect (table->client, "room-joined", G_CALLBACK (host_joined_cb), table);
  g_signal_connect (table->client, "occupant", G_CALLBACK (host_occupant_cb), table);
  g_signal_connect (table->client, "message", G_CALLBACK (host_message_cb), table);
  g_signal_connect (table->host, "send", G_CALLBACK (host_send_cb), table);
  g_signal_connect (table->host, "hand-finished", G_CALLBACK (host_hand_cb), table);
  g_signal_connect (table->host, "finished", G_CALLBACK (host_finished_cb), table);
  bk_xmpp_client_connect (table->client);
  bk_xmpp_client_create_room (table->client, table->room, HOST_NICK, ROOM_PASSWORD);
  return table;
}

static gboolean
all_joined (gpointer data)
{
  GPtrArray *tables = data;

  for (guint i = 0; i < tables->len; i++)
    if (!((HostTable *) g_ptr_array_index (tables, i))->joined)
      return FALSE;
  return TRUE;
}

/* The machine's load (the figures depend on what else runs). */
static void
print_load (void)
{
  g_autofree char *load = NULL;

  if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
    printf ("load     load average (1, 5, 15 min, runnable/all): %s", load);
  fflush (stdout);
}

static GSubprocess *guests_process;

static gboolean
all_finished (gpointer data)
{
  GPtrArray *tables = data;

  if (guests_process && g_subprocess_get_identifier (guests_process) == NULL)
    fail ("the bots' process ended before the tables");

  for (guint i = 0; i < tables->len; i++)
    if (!((HostTable *) g_ptr_array_index (tables, i))->finished)
      return FALSE;
  return TRUE;
}

/* Tables that have not moved for 30 s say where they stand (a figure with a stalled
 * table is no figure). */
static void
report_stalled (GPtrArray *tables)
{
  static guint64 sent_then;
  static gint64 since;
  gint64 now = g_get_monotonic_time ();
  guint64 sent = host_sent.groupchats + host_sent.privates;

  /* a table stalls when the hosts have sent nothing at all for 30 s */
  if (sent != sent_then || since == 0)
    {
      sent_then = sent;
      since = now;
      return;
    }
  if (now - since < 30 * G_USEC_PER_SEC)
    return;
  since = now;
  for (guint i = 0; i < tables->len; i++)
    {
      HostTable *table = g_ptr_array_index (tables, i);
      BkGame *game = bk_table_host_get_game (table->host);

      if (!table->finished)
        fprintf (stderr, "bench-tables: %s stalls: hand %u, line %u, phase %d, %d to act\n",
                 table->room, bk_game_get_hand_number (game),
                 bk_table_host_get_seq (table->host), bk_game_get_phase (game),
                 bk_game_get_to_act (game));
    }
}

static gboolean
tick_cb (gpointer data)
{
  GPtrArray *tables = data;

  report_stalled (tables);
  if (log_file)
    fflush (log_file);
  for (guint i = 0; i < tables->len; i++)
    bk_table_host_tick (((HostTable *) g_ptr_array_index (tables, i))->host,
                        g_get_monotonic_time ());
  return G_SOURCE_CONTINUE;
}

static gboolean
subprocess_gone (gpointer data)
{
  return g_subprocess_get_identifier (data) == NULL;
}

static int
run_hosts (const char *self_path)
{
  const char *users[] = { NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  g_autoptr (GSubprocess) guests = NULL;
  g_autofree char *tables_arg = g_strdup_printf ("%u", n_tables);
  g_autofree char *deals_arg = g_strdup_printf ("%u", n_deals);
  g_autofree char *think_arg = g_strdup_printf ("%u", think_ms);
  g_autofree char *ping_arg = g_strdup_printf ("%u", ping_ms);
  guint64 rss_before, rss_seated, server_rss_before, server_rss;
  g_autofree char *pid = NULL;
  double cpu_before, cpu_after, server_before, server_after;
  gint64 started, ended;
  guint tick;

  g_setenv ("BK_PROSODY_OPEN_ACCOUNTS", "1", TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  if (server == NULL)
    fail (error->message);
  server_address = bk_prosody_get_server (server);
  cafile = bk_prosody_get_cafile (server);
  domain = bk_prosody_get_domain (server);
  muc = bk_prosody_get_muc_service (server);

  host_turnaround = g_array_new (FALSE, FALSE, sizeof (gint64));
  rss_before = resident_kib ();
  cpu_before = cpu_seconds ();
  /* Prosody writes its pidfile a moment after it listens */
  for (guint i = 0; i < 500 && strcmp ((pid = server_pid (server)), "0") == 0; i++)
    {
      g_clear_pointer (&pid, g_free);
      g_usleep (10000);
    }
  server_before = server_cpu_seconds (server);
  server_rss_before = resident_kib_of (pid);
  tick = g_timeout_add_seconds (1, tick_cb, tables);
  for (guint i = 0; i < n_tables; i++)
    {
      g_ptr_array_add (tables, host_table_new (i));
      if ((i + 1) % LOGIN_BATCH == 0)
        run_until (batch_online, GUINT_TO_POINTER (i + 1));
    }
  run_until (all_joined, tables);
  printf ("rooms    %u tables, each its own room and host connection, all open; computer "
          "players at level %s\n", n_tables, bot_level);
  print_load ();
  fflush (stdout);

  {
    const char *argv[] = {
      self_path, "--guests", "--tables", tables_arg, "--deals", deals_arg, "--think", think_arg,
      "--level", bot_level, "--ping", ping_arg,
      "--server", server_address,
      "--cafile", cafile, "--domain", domain, "--muc", muc, NULL
    };

    started = g_get_monotonic_time ();
    guests = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);
    if (guests == NULL)
      fail (error->message);
  }
  guests_process = guests;
  run_until (all_finished, tables);
  ended = g_get_monotonic_time ();
  cpu_after = cpu_seconds ();
  server_after = server_cpu_seconds (server);
  /* once every table has played, its memory is at its height */
  rss_seated = resident_kib ();
  server_rss = resident_kib_of (pid);
  run_until (subprocess_gone, guests);
  g_source_remove (tick);

  printf ("pace     %u hands of Bierkopf at %u tables in %.1f s (bots seated and playing at "
          "once): %.1f hands a second\n", host_sent.hands, n_tables,
          (ended - started) / 1e6, host_sent.hands / ((ended - started) / 1e6));
  printf ("traffic  host a hand: %.1f groupchat + %.1f private stanzas, %.0f bytes\n",
          (double) host_sent.groupchats / host_sent.hands,
          (double) host_sent.privates / host_sent.hands,
          (double) host_sent.bytes / host_sent.hands);
  print_times ("host     a request arriving at the host's main loop → its action handed to "
               "the client", host_turnaround);
  printf ("cpu      host process: %.1f ms a hand (user + system, its XMPP threads too)\n",
          (cpu_after - cpu_before) * 1000 / host_sent.hands);
  printf ("cpu      Prosody: %.1f ms a hand (c2s with TLS, the MUC's fan-out)\n",
          (server_after - server_before) * 1000 / host_sent.hands);
  printf ("memory   host process: %.0f KiB resident a table (%u tables, %.1f MiB in all)\n",
          (double) (rss_seated - rss_before) / n_tables, n_tables,
          (rss_seated - rss_before) / 1024.0);
  printf ("memory   Prosody: %.0f KiB resident a table with its 4 connections (%.1f MiB "
          "before the tables, %.1f MiB after)\n",
          (double) (server_rss - server_rss_before) / n_tables, server_rss_before / 1024.0,
          server_rss / 1024.0);
  print_load ();
  return g_subprocess_get_if_exited (guests) && g_subprocess_get_exit_status (guests) == 0
         ? 0 : 1;
}

/* ---- the bots (a second process) --------------------------------------------------- */

typedef struct {
  BkXmppClient *client;
  BkTableGuest *guest;
  char         *room;
  guint         table;
  guint         chair;
  gboolean      finished;
  gboolean      dealt;   /* its first cards came */
} Bot;

typedef struct {
  gint64 when;
  guint  chair;   /* who asked */
} Sent;

static GHashTable *sent_at;    /* "table hand seq" → Sent, the first time it was asked */
static gint64 bots_heard;      /* when a bot last heard its host */
static GArray *latencies;      /* gint64 µs */
static GArray *steady;         /* … once every bot has had its first cards (no more logins) */
static guint dealt_bots, n_bots;
static struct {
  guint64 stanzas, bytes;
  guint   failed;
} bots_sent;

static void bot_send_now (Bot *bot, const char *nick, const char *body,
                          BkXmppElement *payload, gboolean private);

/* A request held back while the bot "thinks", as a person would (--think). */
typedef struct {
  Bot           *bot;
  char          *nick;
  char          *body;
  BkXmppElement *payload;
  gboolean       private;
} Held;

static gboolean
held_cb (gpointer data)
{
  Held *held = data;

  bot_send_now (held->bot, held->nick, held->body, held->payload, held->private);
  g_free (held->nick);
  g_free (held->body);
  bk_xmpp_element_unref (held->payload);
  g_free (held);
  return G_SOURCE_REMOVE;
}

static void
bot_send_cb (GObject *source, const char *nick, const char *body, BkXmppElement *payload,
             gboolean private, Bot *bot)
{
  if (think_ms > 0 && strcmp (bk_xmpp_element_get_name (payload), "request") == 0)
    {
      Held *held = g_new0 (Held, 1);

      held->bot = bot;
      held->nick = g_strdup (nick);
      held->body = g_strdup (body);
      held->payload = bk_xmpp_element_ref (payload);
      held->private = private;
      g_timeout_add (think_ms, held_cb, held);
      return;
    }
  bot_send_now (bot, nick, body, payload, private);
}

static void
bot_send_now (Bot *bot, const char *nick, const char *body, BkXmppElement *payload,
              gboolean private)
{
  g_autofree char *text = bk_xmpp_element_to_string (payload);

  bots_sent.stanzas++;
  bots_sent.bytes += strlen (text) + (body ? strlen (body) : 0);
  if (strcmp (bk_xmpp_element_get_name (payload), "request") == 0)
    {
      char *key = g_strdup_printf ("%u %s %s", bot->table,
                                   bk_xmpp_element_get_attr (payload, "hand"),
                                   bk_xmpp_element_get_attr (payload, "seq"));
      /* the first time it went: a request asked again is no new action */
      if (g_hash_table_contains (sent_at, key))
        g_free (key);
      else
        {
          Sent *sent = g_new (Sent, 1);

          sent->when = g_get_monotonic_time ();
          sent->chair = bot->chair;
          g_hash_table_insert (sent_at, key, sent);
        }
    }
  if (nick == NULL)
    bk_xmpp_client_send_groupchat (bot->client, bot->room, body, payload);
  else
    {
      g_autofree char *to = g_strdup_printf ("%s/%s", bot->room, nick);

      bk_xmpp_client_send_chat (bot->client, to, body, payload, private);
    }
}

static void
bot_finished_cb (BkTableGuest *guest, Bot *bot)
{
  GArray *verdicts = bk_table_guest_get_verdicts (guest);

  bot->finished = TRUE;
  for (guint i = 0; i < verdicts->len; i++)
    if (!g_array_index (verdicts, BkTableVerdict, i).verified)
      {
        fprintf (stderr, "bench-tables: table %u, hand %u: %s\n", bot->table,
                 g_array_index (verdicts, BkTableVerdict, i).hand,
                 g_array_index (verdicts, BkTableVerdict, i).message);
        bots_sent.failed++;
      }
  if (verdicts->len != n_deals)
    {
      fprintf (stderr, "bench-tables: table %u: %u hands verified of %u\n", bot->table,
               verdicts->len, n_deals);
      bots_sent.failed++;
    }
}

static void
ask_for_table (Bot *bot)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;

  bk_net_stanza_init (&stanza, BK_NET_RESYNC);
  payload = bk_net_stanza_build (&stanza);
  bk_xmpp_client_send_groupchat (bot->client, bot->room, NULL, payload);
}

static void
bot_joined_cb (BkXmppClient *client, const char *room, const char *nick, Bot *bot)
{
  ask_for_table (bot);
}

static void
bot_message_cb (BkXmppClient *client, const BkXmppMessage *message, Bot *bot)
{
  const char *nick = room_nick (bot->room, message->from);
  gboolean private;

  if (nick == NULL || message->payload == NULL || message->delayed ||
      strcmp (nick, HOST_NICK) != 0)
    return;
  bots_heard = g_get_monotonic_time ();
  private = strcmp (message->type, "chat") == 0;
  if (!private && strcmp (bk_xmpp_element_get_name (message->payload), "action") == 0)
    {
      g_autofree char *key = g_strdup_printf ("%u %s %s", bot->table,
                                              bk_xmpp_element_get_attr (message->payload, "hand"),
                                              bk_xmpp_element_get_attr (message->payload, "seq"));
      const Sent *sent = g_hash_table_lookup (sent_at, key);

      /* at the other bots than the one who asked */
      if (sent && sent->chair != bot->chair)
        {
          gint64 latency = g_get_monotonic_time () - sent->when;

          g_array_append_val (latencies, latency);
          if (dealt_bots == n_bots)
            g_array_append_val (steady, latency);
        }
    }
  if (private && !bot->dealt && strcmp (bk_xmpp_element_get_name (message->payload), "hand") == 0)
    {
      bot->dealt = TRUE;
      dealt_bots++;
    }
  if (bot->guest == NULL)
    {
      g_autoptr (BkStrategy) strategy = NULL;

      if (strcmp (bk_xmpp_element_get_name (message->payload), "table") != 0)
        return;
      bot->guest = bk_table_guest_new (bot->room, bot->chair);
      strategy = bk_strategy_new_for_level (BK_GAME_BIERKOPF, bot_level, NULL);
      bk_table_guest_set_strategy (bot->guest, strategy);
      g_signal_connect (bot->guest, "send", G_CALLBACK (bot_send_cb), bot);
      g_signal_connect (bot->guest, "finished", G_CALLBACK (bot_finished_cb), bot);
    }
  bk_table_guest_handle (bot->guest, nick, message->payload, private, NULL);
}

/* Bots that have heard nothing for 30 s say where they stand. */
static void
report_waiting_bots (GPtrArray *bots)
{
  static gint64 reported;
  gint64 now = g_get_monotonic_time ();

  if (bots_heard == 0 || now - bots_heard < 30 * G_USEC_PER_SEC ||
      now - reported < 30 * G_USEC_PER_SEC)
    return;
  reported = now;
  for (guint i = 0; i < bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (bots, i);
      BkGame *world = bot->guest ? bk_table_guest_get_game (bot->guest) : NULL;

      if (!bot->finished)
        fprintf (stderr, "bench-tables: bot %u of table %u waits: %s, %s, %u verified, "
                 "world %s (%d to act)%s\n", bot->chair, bot->table,
                 bot->guest ? "a guest" : "no table yet",
                 bot->guest && bk_table_guest_get_host (bot->guest) ? "host known" : "no host",
                 bot->guest ? bk_table_guest_get_verdicts (bot->guest)->len : 0,
                 world ? "in play" : "none", world ? (int) bk_game_get_to_act (world) : -1,
                 bot->guest && bk_table_guest_is_host_away (bot->guest) ? ", host away" : "");
    }
}

static gboolean
ask_again_cb (gpointer data)
{
  GPtrArray *bots = data;

  report_waiting_bots (bots);
  if (log_file)
    fflush (log_file);
  for (guint i = 0; i < bots->len; i++)
    {
      Bot *bot = g_ptr_array_index (bots, i);

      if (bot->guest == NULL || bk_table_guest_get_host (bot->guest) == NULL)
        ask_for_table (bot);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
bots_finished (gpointer data)
{
  GPtrArray *bots = data;

  for (guint i = 0; i < bots->len; i++)
    if (!((Bot *) g_ptr_array_index (bots, i))->finished)
      return FALSE;
  return TRUE;
}

static int
run_guests (void)
{
  g_autoptr (GPtrArray) bots = g_ptr_array_new ();
  guint ask;

  sent_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
  steady = g_array_new (FALSE, FALSE, sizeof (gint64));
  n_bots = n_tables * G_N_ELEMENTS (bot_seats);
  for (guint t = 0; t < n_tables; t++)
    for (guint s = 0; s < G_N_ELEMENTS (bot_seats); s++)
      {
        Bot *bot = g_new0 (Bot, 1);
        g_autofree char *user = g_strdup_printf ("bot%u-%u", t, s);
        g_autofree char *nick = g_strdup_printf ("Bot%u", s + 1);

        bot->table = t;
        bot->chair = s + 1;
        bot->room = g_strdup_printf ("bench-%u@%s", t, muc);
        bot->client = client_new (user);
        g_signal_connect (bot->client, "state-changed", G_CALLBACK (state_cb), NULL);
        g_signal_connect (bot->client, "room-error", G_CALLBACK (room_error_cb), NULL);
        g_signal_connect (bot->client, "room-joined", G_CALLBACK (bot_joined_cb), bot);
        g_signal_connect (bot->client, "message", G_CALLBACK (bot_message_cb), bot);
        bk_xmpp_client_connect (bot->client);
        /* by the link alone: the room's password */
        bk_xmpp_client_join_room (bot->client, bot->room, nick, ROOM_PASSWORD);
        g_ptr_array_add (bots, bot);
        if (bots->len % LOGIN_BATCH == 0)
          run_until (batch_online, GUINT_TO_POINTER (bots->len));
      }
  ask = g_timeout_add_seconds (2, ask_again_cb, bots);
  run_until (bots_finished, bots);
  g_source_remove (ask);

  print_times ("latency  a bot's request → the action at the other bots of its table",
               latencies);
  if (steady->len >= 2)
    print_times ("latency  … once every table plays (the logins done)", steady);
  printf ("cpu      bots process: %.1f ms a hand for the 3 bots of a table\n",
          cpu_seconds () * 1000 / (n_tables * n_deals));
  printf ("traffic  the 3 bots of a table, a hand: %.1f stanzas, %.0f bytes\n",
          (double) bots_sent.stanzas / (n_tables * n_deals),
          (double) bots_sent.bytes / (n_tables * n_deals));
  printf ("verified %u hands failed or missing at the bots\n", bots_sent.failed);
  /* let the last stanzas go */
  for (guint i = 0; i < bots->len; i++)
    bk_xmpp_client_disconnect (((Bot *) g_ptr_array_index (bots, i))->client);
  return bots_sent.failed == 0 ? 0 : 1;
}

/* BENCH_TABLES_LOG=DIR: every message (with G_MESSAGES_DEBUG, the debug ones too) goes to
 * DIR/hosts.log and DIR/bots.log, each line with its monotonic time, to find a stall. */
static GLogWriterOutput
quiet_writer (GLogLevelFlags   level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         data)
{
  if (log_file && !g_log_writer_default_would_drop (level, NULL))
    {
      g_autofree char *line = g_log_writer_format_fields (level, fields, n_fields, FALSE);

      fprintf (log_file, "%.6f %s\n", g_get_monotonic_time () / 1e6, line);
    }
  if (level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG))
    return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (level, fields, n_fields, data);
}

static void
open_log (const char *name)
{
  const char *dir = g_getenv ("BENCH_TABLES_LOG");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  log_file = fopen (path, "w");
  if (log_file == NULL)
    fail ("cannot write the log");
  setvbuf (log_file, NULL, _IOFBF, 1 << 16);
}

int
main (int    argc,
      char **argv)
{
  gboolean guests = FALSE;
  gint tables = 100, deals = 3, think = 0, ping = 0;
  g_autofree char *server_arg = NULL, *cafile_arg = NULL, *domain_arg = NULL, *muc_arg = NULL;
  g_autofree char *level_arg = NULL;
  const GOptionEntry entries[] = {
    { "tables", 0, 0, G_OPTION_ARG_INT, &tables, "Tables at once", "N" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Hands at each table", "N" },
    { "think", 0, 0, G_OPTION_ARG_INT, &think, "A bot waits this long before each action "
      "(0: at once)", "MS" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_arg, "The computer players' level, the "
      "host's and the bots' (default heuristic; random costs the least CPU)", "LEVEL" },
    { "ping", 0, 0, G_OPTION_ARG_INT, &ping, "Every client pings its server this often and "
      "gives the link up when it does not answer as long (a stress: links cut under load "
      "and resumed; 0: the client's own 60 s and 20 s)", "MS" },
    { "guests", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &guests, NULL, NULL },
    { "server", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &server_arg, NULL, NULL },
    { "cafile", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &cafile_arg, NULL, NULL },
    { "domain", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &domain_arg, NULL, NULL },
    { "muc", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &muc_arg, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("");
  g_autoptr (GError) error = NULL;
  g_autofree char *self_path = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    fail (error->message);
  if (tables < 1 || deals < 1)
    fail ("--tables and --deals take at least 1");
  n_tables = (guint) tables;
  n_deals = (guint) deals;
  think_ms = (guint) MAX (think, 0);
  if (level_arg)
    bot_level = level_arg;
  ping_ms = (guint) MAX (ping, 0);
  deadline = g_get_monotonic_time () + (gint64) DEADLINE_S * G_USEC_PER_SEC;
  /* the hosts and bots say nothing of each hand: warnings only */
  g_log_set_writer_func (quiet_writer, NULL, NULL);
  open_log (guests ? "bots.log" : "hosts.log");
  if (guests)
    {
      server_address = server_arg;
      cafile = cafile_arg;
      domain = domain_arg;
      muc = muc_arg;
      return run_guests ();
    }
  self_path = g_file_read_link ("/proc/self/exe", NULL);
  return run_hosts (self_path ? self_path : argv[0]);
}
