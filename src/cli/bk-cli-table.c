/* bk-cli-table.c: `bierkopf-cli table host` and `table join` (docs/network.md, "The
 * command line"): a table over XMPP, headless, so that tests and people can seat computer
 * players at a table hosted anywhere. Passwords come from files only; the host prints the
 * invitation on its first line; each side exits 0 after the last hand (join: 1 when a
 * hand failed its verification), 2 on bad arguments, 3 when the server or the room
 * refuses us. A host started again with the --record of its table takes the table up
 * again from the resume file beside it. The room itself, what comes in and what goes out,
 * is a BkTableLink (bk-table-link.h), as in the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-cli.h"
#include "bk-fair-deal.h"
#include "bk-game-query.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "bk-table-guest.h"
#include "bk-table-host.h"
#include "bk-table-link.h"
#include "bk-xmpp-client.h"

enum {
  EXIT_REFUSED = 3,   /* the server or the room refused us */
};

typedef struct {
  GMainLoop    *loop;
  BkXmppClient *client;
  BkTableLink  *link;          /* the room: what comes in, what goes out */
  char         *room;
  char         *room_password;
  char         *nick;
  int           code;
  /* host */
  BkTableHost  *host;
  BkGame       *game;
  char         *record_path;
  char         *resume_path;   /* beside the record: what a host started again needs */
  gboolean      resumed;       /* the host taken up again from resume_path */
  gboolean      started;
  /* guest */
  BkTableGuest *guest;
  char         *seat_text;
  char         *level;
  gboolean      from_stdin;
  GIOChannel   *input;
  guint         deadline_id;
  GPtrArray    *invite;        /* addresses to invite once the room is there */
  gboolean      said_waiting;  /* a claim kept for the hand's end, said once */
  gboolean      said_no_hints; /* the host turned hints off, said once */
} Table;

static void
table_clear (Table *table)
{
  g_clear_object (&table->host);
  g_clear_object (&table->guest);
  g_clear_object (&table->game);
  g_clear_object (&table->link);
  g_clear_object (&table->client);
  g_clear_pointer (&table->loop, g_main_loop_unref);
  g_clear_pointer (&table->input, g_io_channel_unref);
  g_clear_pointer (&table->invite, g_ptr_array_unref);
  g_free (table->room);
  g_free (table->room_password);
  g_free (table->nick);
  g_free (table->record_path);
  g_free (table->resume_path);
  g_free (table->seat_text);
  g_free (table->level);
}

static void
finish (Table *table,
        int    code)
{
  table->code = code;
  g_main_loop_quit (table->loop);
}

/* The account's password: the first line of @path. */
static char *
read_password (const char  *path,
               GError     **error)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return NULL;
  contents[strcspn (contents, "\r\n")] = '\0';
  if (contents[0] == '\0')
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("%s holds no password"), path);
      return NULL;
    }
  return g_steal_pointer (&contents);
}

static char *
jid_local (const char *jid)
{
  return g_strndup (jid, strcspn (jid, "@"));
}

static void
state_changed_cb (BkXmppClient *client,
                  BkXmppState   state,
                  GError       *error,
                  Table        *table)
{
  if (state == BK_XMPP_STATE_OFFLINE && error)
    {
      g_printerr (_("bierkopf-cli: the server refused us: %s\n"), error->message);
      finish (table, EXIT_REFUSED);
    }
}

static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               GError       *error,
               Table        *table)
{
  g_printerr (_("bierkopf-cli: the room %s refused us: %s\n"), room, error->message);
  finish (table, EXIT_REFUSED);
}

/* --- host --- */

/* Atomically, readable by us alone: the record of a hand in play holds every card. */
static gboolean
write_private (const char  *path,
               const char  *text,
               GError     **error)
{
  return bk_record_check_size (strlen (text), error) &&
         g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                   error);
}

static void
save_record (Table *table)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (table->record_path == NULL)
    return;
  text = bk_game_to_save_text (table->game);
  if (!write_private (table->record_path, text, &error))
    g_printerr ("bierkopf-cli: %s\n", error->message);
}

/* The resume file first: it holds the record too, and a host started again takes the
 * table from it (docs/network.md, "A host started again"). */
static void
host_keep_cb (BkTableHost *host,
              Table       *table)
{
  g_autoptr (GKeyFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (table->resume_path == NULL)
    return;
  file = bk_table_host_save_resume (host);
  g_key_file_set_string (file, "room", "password", table->room_password);
  text = g_key_file_to_data (file, NULL, NULL);
  if (!write_private (table->resume_path, text, &error))
    g_printerr ("bierkopf-cli: %s\n", error->message);
  save_record (table);
}

/* A host started again with the record of a table it hosted: the table from the file
 * beside it. FALSE, with the exit code in @code, when there is no such table to take up
 * again; nothing is changed then. */
static gboolean
host_resume (Table *table,
             int   *code)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;

  if (!g_file_test (table->resume_path, G_FILE_TEST_EXISTS))
    {
      g_printerr (_("bierkopf-cli: %s holds a record, but there is no %s to take its table up "
                    "again from; give another --record\n"),
                  table->record_path, table->resume_path);
      *code = BK_EXIT_USAGE;
      return FALSE;
    }
  if (g_key_file_load_from_file (file, table->resume_path, G_KEY_FILE_NONE, &error))
    table->host = bk_table_host_new_from_resume (file, g_get_monotonic_time (), &error);
  if (table->host)
    table->room_password = g_key_file_get_string (file, "room", "password", &error);
  if (table->room_password == NULL)
    {
      g_printerr (_("bierkopf-cli: %s is not a table to take up again: %s\n"),
                  table->resume_path, error->message);
      *code = BK_EXIT_USAGE;
      return FALSE;
    }
  if (bk_table_host_is_finished (table->host))
    {
      g_printerr (_("bierkopf-cli: the table of %s is over\n"), table->record_path);
      *code = BK_EXIT_USAGE;
      return FALSE;
    }
  table->game = g_object_ref (bk_table_host_get_game (table->host));
  table->room = g_strdup (bk_table_host_get_room (table->host));
  table->nick = g_strdup (bk_table_host_get_nick (table->host));
  table->invite = g_ptr_array_new_with_free_func (g_free);
  return TRUE;
}

static void print_invitation (Table *table);

static void
host_joined_cb (BkTableLink *link,
                Table       *table)
{
  if (table->started)
    return;
  table->started = TRUE;
  for (guint i = 0; i < table->invite->len; i++)
    bk_xmpp_client_invite (table->client, table->room, table->room_password,
                           g_ptr_array_index (table->invite, i));
  /* the invitation once the room is there and lets the invited in */
  print_invitation (table);
  bk_table_host_start (table->host);
}

/* The first line of the host's output: the invitation (XEP-0147). */
static void
print_invitation (Table *table)
{
  if (!table->resumed)
    bk_table_host_set_room (table->host, table->room);
  g_autofree char *invitation = bk_table_link_dup_invitation (table->room,
                                                               table->room_password);

  g_print ("%s\n", invitation);
  fflush (stdout);
}

static void
service_found_cb (BkXmppClient *client,
                  const char   *service,
                  Table        *table)
{
  /* a refused login has said so already: the search found nothing because of it */
  if (service == NULL && table->code == EXIT_REFUSED)
    return;
  if (service == NULL)
    {
      g_printerr (_("bierkopf-cli: the server offers no multi-user chat; give --room\n"));
      finish (table, EXIT_REFUSED);
      return;
    }
  table->room = bk_table_link_new_room_name (service);
  bk_table_link_set_room (table->link, table->room);
  bk_xmpp_client_create_room (table->client, table->room, table->nick, table->room_password);
}

static void
host_changed_cb (BkTableHost *host,
                 guint        hand,
                 Table       *table)
{
  save_record (table);
}

static gboolean
quit_cb (gpointer data)
{
  Table *table = data;

  g_main_loop_quit (table->loop);
  return G_SOURCE_REMOVE;
}

static void
host_finished_cb (BkTableHost *host,
                  Table       *table)
{
  save_record (table);
  bk_cli_print_session (table->game);
  fflush (stdout);
  /* let the last stanzas go out */
  g_timeout_add (500, quit_cb, table);
  table->code = BK_EXIT_OK;
}

static gboolean
tick_cb (gpointer data)
{
  Table *table = data;

  if (table->host)
    bk_table_host_tick (table->host, g_get_monotonic_time ());
  return G_SOURCE_CONTINUE;
}

static gboolean
deadline_cb (gpointer data)
{
  Table *table = data;

  g_printerr (_("bierkopf-cli: the table did not end in time\n"));
  table->deadline_id = 0;
  finish (table, BK_EXIT_RULES);
  return G_SOURCE_REMOVE;
}

/* --seats S=heuristic,W=bob@example.org,N=invite,…: a computer level, an address the
 * seat is kept for (and invited), or invite (whoever is let in first takes it). */
static gboolean
seat_table (Table      *table,
            const char *seats,
            GError    **error)
{
  const BkRules *rules = bk_game_get_rules (table->game);
  g_auto (GStrv) pairs = g_strsplit (seats, ",", -1);
  guint named = 0;

  for (guint i = 0; pairs[i]; i++)
    {
      g_auto (GStrv) kv = g_strsplit (pairs[i], "=", 2);
      BkSeat seat;

      if (g_strv_length (kv) != 2 || kv[1][0] == '\0')
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE,
                       _("“%s” is not SEAT=LEVEL or SEAT=invite"), pairs[i]);
          return FALSE;
        }
      if (!bk_seat_parse_for (rules, kv[0], &seat, error))
        return FALSE;
      if (named & (1u << seat))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_PARSE, _("Seat %s is named twice"), kv[0]);
          return FALSE;
        }
      named |= 1u << seat;
      if (strcmp (kv[1], "invite") == 0)
        bk_table_host_seat_person (table->host, seat, NULL);
      else if (strchr (kv[1], '@'))
        {
          /* the seat is kept for this address, and it gets a direct invitation */
          bk_table_host_seat_person (table->host, seat, kv[1]);
          g_ptr_array_add (table->invite, g_strdup (kv[1]));
        }
      else if (!bk_table_host_seat_computer (table->host, seat, kv[1], error))
        return FALSE;
    }
  return TRUE;
}

/* Connects with the password of @password_file; FALSE (and the exit code in @code)
 * when it cannot be read. */
static gboolean
client_start (Table      *table,
              const char *jid,
              const char *password_file,
              const char *server,
              const char *cafile,
              int        *code)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = read_password (password_file, &error);

  if (password == NULL)
    {
      *code = bk_cli_fail (BK_EXIT_USAGE, error);
      return FALSE;
    }
  table->client = bk_xmpp_client_new (jid, password, server, cafile);
  table->link = bk_table_link_new (table->client, table->room, table->nick);
  table->loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (table->client, "state-changed", G_CALLBACK (state_changed_cb), table);
  g_signal_connect (table->client, "room-error", G_CALLBACK (room_error_cb), table);
  return TRUE;
}

/* Runs until the table ends, at most @timeout seconds. */
static void
run_loop (Table *table,
          guint  timeout)
{
  guint tick = g_timeout_add_seconds (1, tick_cb, table);

  table->deadline_id = g_timeout_add_seconds (timeout, deadline_cb, table);
  bk_xmpp_client_connect (table->client);
  g_main_loop_run (table->loop);
  g_source_remove (tick);
  g_clear_handle_id (&table->deadline_id, g_source_remove);
  if (table->room)
    bk_xmpp_client_leave_room (table->client, table->room);
  bk_xmpp_client_disconnect (table->client);
}

static int
table_host (BkCliOptions *options,
            int           argc,
            char        **argv)
{
  g_autofree char *jid = NULL;
  g_autofree char *password_file = NULL;
  g_autofree char *server = NULL;
  g_autofree char *cafile = NULL;
  g_autofree char *room = NULL;
  g_autofree char *seats = NULL;
  g_autofree char *record = NULL;
  g_autofree char *nick = NULL;
  g_auto (GStrv) invite = NULL;
  gint deals = 1, grace = BK_NET_GRACE_DEFAULT, timeout = 3600;
  gboolean no_hints = FALSE;
  const GOptionEntry entries[] = {
    { "invite", 0, 0, G_OPTION_ARG_STRING_ARRAY, &invite,
      N_("Send this address an invitation (to take an invite seat, or to watch)"), "JID" },
    { "jid", 0, 0, G_OPTION_ARG_STRING, &jid, N_("The host’s XMPP address"), "JID" },
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &password_file,
      N_("A file whose first line is the account’s password"), "FILE" },
    { "server", 0, 0, G_OPTION_ARG_STRING, &server,
      N_("The server to connect to, if not the address’s"), "HOST:PORT" },
    { "cafile", 0, 0, G_OPTION_ARG_FILENAME, &cafile,
      N_("Certificates to trust besides the system’s"), "FILE" },
    { "room", 0, 0, G_OPTION_ARG_STRING, &room,
      N_("The room of the table (by default a new one on the server’s service)"),
      "ROOM@SERVICE" },
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats,
      N_("Who plays each seat: a computer level, a person’s address, or invite"),
      "SEAT=LEVEL|SEAT=JID|SEAT=invite,…" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, N_("How many hands to play"), "N" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record,
      N_("Where to keep the session’s record"), "FILE" },
    { "nick", 0, 0, G_OPTION_ARG_STRING, &nick, N_("The host’s nickname in the room"),
      "NICK" },
    { "grace", 0, 0, G_OPTION_ARG_INT, &grace,
      N_("Seconds the table waits for a dropped player"), "SECONDS" },
    { "no-hints", 0, 0, G_OPTION_ARG_NONE, &no_hints,
      N_("Turn hints off for the whole table"), NULL },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout,
      N_("Give up after this many seconds"), "SECONDS" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  Table table = { 0 };
  guint8 secret[BK_NET_SECRET_SIZE];
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "table host", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (jid == NULL || strchr (jid, '@') == NULL)
    return bk_cli_usage (_("--jid takes the host’s XMPP address, e.g. alice@example.org"));
  if (password_file == NULL)
    return bk_cli_usage (_("--password-file is required: passwords never go on the command "
                           "line"));
  /* a record of ours already there: the table is taken up again, its seats its own */
  if (record && g_file_test (record, G_FILE_TEST_EXISTS))
    {
      table.record_path = g_strdup (record);
      table.resume_path = g_strconcat (record, ".resume", NULL);
      table.resumed = TRUE;
    }
  if (seats == NULL && !table.resumed)
    return bk_cli_usage (_("--seats is required, e.g. S=heuristic,W=invite,N=invite,E=invite"));
  if (deals < 1 || timeout < 1 || grace < 0)
    return bk_cli_usage (_("--deals and --timeout must be at least 1, --grace at least 0"));
  if (room && (strchr (room, '@') == NULL || strchr (room, '/')))
    return bk_cli_usage (_("--room takes ROOM@SERVICE"));
  if (!bk_game_module_playable (&options->rules, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (!g_file_test (password_file, G_FILE_TEST_IS_REGULAR))
    return bk_cli_usage (_("No password file %s"), password_file);

  if (table.resumed)
    {
      if (!host_resume (&table, &code) || options->dry_run)
        {
          table_clear (&table);
          return options->dry_run ? BK_EXIT_OK : code;
        }
    }
  else
    {
      table.game = bk_game_new (&options->rules, options->seed);
      table.nick = nick ? g_strdup (nick) : jid_local (jid);
      table.host = bk_table_host_new (table.game, room ? room : "", table.nick);
      table.invite = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; invite && invite[i]; i++)
        g_ptr_array_add (table.invite, g_strdup (invite[i]));
      if (!seat_table (&table, seats, &error))
        {
          table_clear (&table);
          return bk_cli_fail (BK_EXIT_USAGE, error);
        }
      if (options->dry_run)
        {
          table_clear (&table);
          return BK_EXIT_OK;
        }
      bk_table_host_set_deals (table.host, (guint) deals);
      bk_table_host_set_grace (table.host, (guint) grace);
      bk_table_host_set_hints (table.host, !no_hints);
      if (record)
        {
          table.record_path = g_strdup (record);
          table.resume_path = g_strconcat (record, ".resume", NULL);
        }
      if (!bk_fair_deal_new_secret (secret, &error))
        {
          table_clear (&table);
          return bk_cli_fail (BK_EXIT_RULES, error);
        }
      table.room_password = bk_net_hex (secret, 8);
    }

  if (!client_start (&table, jid, password_file, server, cafile, &code))
    {
      table_clear (&table);
      return code;
    }
  bk_table_link_attach_host (table.link, table.host);
  g_signal_connect (table.link, "joined", G_CALLBACK (host_joined_cb), &table);
  g_signal_connect (table.client, "service-found", G_CALLBACK (service_found_cb), &table);
  g_signal_connect (table.host, "hand-finished", G_CALLBACK (host_changed_cb), &table);
  g_signal_connect (table.host, "finished", G_CALLBACK (host_finished_cb), &table);
  g_signal_connect (table.host, "changed", G_CALLBACK (host_keep_cb), &table);
  /* after the invitation, each hand's result and the session's as `replay` prints them */
  bk_cli_print_results (table.game);
  if (table.resumed)
    /* the same room: ours, or made again when everyone had left */
    bk_xmpp_client_create_room (table.client, table.room, table.nick, table.room_password);
  else if (room)
    {
      table.room = g_strdup (room);
      bk_table_link_set_room (table.link, table.room);
      bk_xmpp_client_create_room (table.client, table.room, table.nick, table.room_password);
    }
  else
    bk_xmpp_client_find_muc_service (table.client);
  run_loop (&table, (guint) timeout);
  code = table.code;
  table_clear (&table);
  return code;
}

/* --- guest --- */

static void
print_verdicts (Table *table)
{
  GArray *verdicts = table->guest ? bk_table_guest_get_verdicts (table->guest) : NULL;
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  gboolean all = verdicts != NULL && verdicts->len > 0;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "hands");
  json_builder_begin_array (builder);
  for (guint i = 0; verdicts && i < verdicts->len; i++)
    {
      const BkTableVerdict *verdict = &g_array_index (verdicts, BkTableVerdict, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "hand");
      json_builder_add_int_value (builder, verdict->hand);
      json_builder_set_member_name (builder, "verified");
      json_builder_add_boolean_value (builder, verdict->verified);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, verdict->message);
      json_builder_end_object (builder);
      all = all && verdict->verified;
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "verified");
  json_builder_add_boolean_value (builder, all);
  json_builder_end_object (builder);
  /* bk_cli_print_json() takes the node */
  bk_cli_print_json (json_builder_get_root (builder));
  if (!all)
    table->code = BK_EXIT_RULES;
}

static void
guest_finished_cb (BkTableGuest *guest,
                   Table        *table)
{
  table->code = BK_EXIT_OK;
  g_timeout_add (500, quit_cb, table);
}

static void
guest_line_cb (BkTableGuest *guest,
               const char   *line,
               Table        *table)
{
  if (table->from_stdin)
    g_print ("%s\n", line);
}

static void
guest_refused_cb (BkTableGuest *guest,
                  const char   *reason,
                  const char   *message,
                  Table        *table)
{
  if (table->from_stdin)
    g_print (_("refused (%s): %s\n"), reason, message);
  /* a chair we may not take (docs/network.md 3.14): the table refused us */
  if (strcmp (reason, "seat-taken") == 0)
    {
      g_printerr ("bierkopf-cli: %s\n", message);
      finish (table, EXIT_REFUSED);
    }
}

/* A table's word besides the game's: the host's house rules, a claim that waits. */
static void
say_table (Table               *table,
           const BkXmppElement *payload)
{
  g_auto (BkNetStanza) stanza = { 0 };

  if (!table->said_waiting && bk_table_guest_is_claim_waiting (table->guest))
    {
      table->said_waiting = TRUE;
      g_printerr ("%s\n", _("bierkopf-cli: a computer plays the seat until the end of the "
                             "hand; then it is ours"));
    }
  if (strcmp (bk_xmpp_element_get_name (payload), "table") == 0 &&
      bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL) &&
      stanza.hints_off && !table->said_no_hints)
    {
      table->said_no_hints = TRUE;
      g_printerr ("%s\n", _("bierkopf-cli: the table’s host turned hints off"));
    }
}

typedef struct
{
  Table         *table;
  BkXmppElement *payload;
} SayLater;

static SayLater *
say_later_new (Table               *table,
               const BkXmppElement *payload)
{
  SayLater *later = g_new0 (SayLater, 1);

  later->table = table;
  later->payload = bk_xmpp_element_ref ((BkXmppElement *) payload);
  return later;
}

static void
say_later_free (gpointer data)
{
  SayLater *later = data;

  bk_xmpp_element_unref (later->payload);
  g_free (later);
}

static gboolean
say_table_later (gpointer data)
{
  SayLater *later = data;

  if (later->table->guest)
    say_table (later->table, later->payload);
  return G_SOURCE_REMOVE;
}

static void
guest_host_away_cb (BkTableGuest *guest,
                    gboolean      away,
                    Table        *table)
{
  g_printerr ("%s\n", away ? _("bierkopf-cli: the host has left the room; waiting for it")
                           : _("bierkopf-cli: the host is back"));
}

static void
guest_turn_cb (BkTableGuest *guest,
               Table        *table)
{
  BkGame *game = bk_table_guest_get_game (guest);
  g_auto (BkOptions) choices = { 0 };

  if (game == NULL)
    return;
  /* what the person may do now, as the record writes it */
  if (bk_game_get_card_options (game, bk_game_get_to_act (game), &choices))
    {
      g_autoptr (GString) line = g_string_new (_("your turn:"));

      for (guint i = 0; i < choices.n; i++)
        if (choices.options[i].legal)
          {
            g_autofree char *text = bk_net_action_to_string (bk_game_get_rules (game),
                                                             &choices.options[i].action);
            g_string_append_printf (line, " [%s]", text);
          }
      g_print ("%s\n", line->str);
    }
  else
    g_print ("%s\n", _("your turn"));
}

static gboolean
stdin_cb (GIOChannel   *channel,
          GIOCondition  condition,
          gpointer      data)
{
  Table *table = data;
  g_autofree char *line = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;

  if (g_io_channel_read_line (channel, &line, &length, NULL, NULL) != G_IO_STATUS_NORMAL)
    return G_SOURCE_REMOVE;
  g_strchomp (line);
  if (line[0] == '\0')
    return G_SOURCE_CONTINUE;
  /* free words to the table (docs/network.md, 3.13) */
  if (g_str_has_prefix (line, "say ") || strcmp (line, "say") == 0)
    {
      if (table->guest == NULL || !bk_table_guest_say (table->guest, line + 3, &error))
        g_print (_("not said: %s\n"), error ? error->message : _("no table yet"));
      return G_SOURCE_CONTINUE;
    }
  if (table->guest == NULL || !bk_table_guest_request (table->guest, line, &error))
    g_print (_("not sent: %s\n"), error ? error->message : _("no table yet"));
  return G_SOURCE_CONTINUE;
}

/* Free words heard, one line each: "said SEAT NICK: TEXT", "-" for nobody seated. */
static void
guest_words_cb (BkTableGuest *guest,
                const char   *nick,
                guint         chair,
                const char   *text,
                Table        *table)
{
  const char *seat = "-";

  if (!table->from_stdin)
    return;
  if (chair != BK_SEAT_NONE && table->game && chair < bk_game_get_n_seats (table->game))
    seat = bk_seat_name (bk_game_get_rules (table->game), chair);
  g_print ("said %s %s: %s\n", seat, nick ? nick : table->nick, text);
}

/* The guest is made once the table says which game it plays: the seat's name and the
 * computer level are the game's. */
static gboolean
make_guest (Table               *table,
            const BkXmppElement *payload)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkStrategy) strategy = NULL;
  BkSeat seat = BK_SEAT_NONE;

  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL) ||
      stanza.kind != BK_NET_TABLE)
    return FALSE;
  game = bk_record_replay (stanza.record, NULL, NULL, NULL, &error);
  if (game == NULL)
    {
      g_printerr ("bierkopf-cli: %s\n", error->message);
      return FALSE;
    }
  if (table->seat_text &&
      !bk_seat_parse_for (bk_game_get_rules (game), table->seat_text, &seat, &error))
    {
      bk_cli_fail (BK_EXIT_USAGE, error);
      finish (table, BK_EXIT_USAGE);
      return FALSE;
    }
  if (table->level)
    {
      strategy = bk_strategy_new_for_level (bk_game_get_rules (game)->game, table->level,
                                            &error);
      if (strategy == NULL)
        {
          bk_cli_fail (BK_EXIT_USAGE, error);
          finish (table, BK_EXIT_USAGE);
          return FALSE;
        }
    }
  table->guest = bk_table_guest_new (table->room, seat);
  bk_table_guest_set_nick (table->guest, table->nick);
  bk_table_guest_set_strategy (table->guest, strategy);
  bk_table_link_attach_guest (table->link, table->guest);
  g_signal_connect (table->guest, "finished", G_CALLBACK (guest_finished_cb), table);
  g_signal_connect (table->guest, "line", G_CALLBACK (guest_line_cb), table);
  g_signal_connect (table->guest, "refused", G_CALLBACK (guest_refused_cb), table);
  g_signal_connect (table->guest, "turn", G_CALLBACK (guest_turn_cb), table);
  g_signal_connect (table->guest, "host-away", G_CALLBACK (guest_host_away_cb), table);
  g_signal_connect (table->guest, "words", G_CALLBACK (guest_words_cb), table);
  /* the table's rules name the chairs of the words heard */
  table->game = g_steal_pointer (&game);
  return TRUE;
}

/* The link hands the guest each payload, once there is one. */
static void
guest_message_cb (BkTableLink         *link,
                  const char          *nick,
                  const char          *real_jid,
                  const BkXmppMessage *message,
                  gboolean             private,
                  Table               *table)
{
  if (table->guest == NULL && message->payload)
    make_guest (table, message->payload);
  /* the link hands the payload to the guest after this signal: what it changed is told
   * once the main loop comes back */
  if (table->guest && message->payload)
    g_idle_add_full (G_PRIORITY_DEFAULT, say_table_later,
                     say_later_new (table, message->payload), say_later_free);
}

/* A computer level of either game (which one plays, the table says). */
static gboolean
level_exists (const char *level)
{
  g_autoptr (BkStrategy) bierkopf = bk_strategy_new_for_level (BK_GAME_BIERKOPF, level, NULL);
  g_autoptr (BkStrategy) herzla = bk_strategy_new_for_level (BK_GAME_HERZLA, level, NULL);

  return bierkopf != NULL || herzla != NULL;
}

static gboolean
have_table (gpointer data)
{
  Table *table = data;

  return table->guest != NULL && bk_table_guest_get_host (table->guest) != NULL;
}

/* Once in the room, ask for the table: the host posts it to the room (a guest started
 * again after a drop may find the host still counting its old connection as present).
 * The first stanza after a join is sometimes lost: we ask every 2 s until it comes. */
static void
guest_joined_cb (BkTableLink *link,
                 Table       *table)
{
  bk_table_link_ask_for_table (link, have_table, table);
}

static int
table_join (BkCliOptions *options,
            int           argc,
            char        **argv)
{
  g_autofree char *jid = NULL;
  g_autofree char *password_file = NULL;
  g_autofree char *room_password_file = NULL;
  g_autofree char *server = NULL;
  g_autofree char *cafile = NULL;
  g_autofree char *room = NULL;
  g_autofree char *seat = NULL;
  g_autofree char *level = NULL;
  g_autofree char *nick = NULL;
  gboolean from_stdin = FALSE, spectate = FALSE;
  gint timeout = 3600;
  const GOptionEntry entries[] = {
    { "jid", 0, 0, G_OPTION_ARG_STRING, &jid, N_("The guest’s XMPP address"), "JID" },
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &password_file,
      N_("A file whose first line is the account’s password"), "FILE" },
    { "server", 0, 0, G_OPTION_ARG_STRING, &server,
      N_("The server to connect to, if not the address’s"), "HOST:PORT" },
    { "cafile", 0, 0, G_OPTION_ARG_FILENAME, &cafile,
      N_("Certificates to trust besides the system’s"), "FILE" },
    { "room", 0, 0, G_OPTION_ARG_STRING, &room,
      N_("The invitation, or the room of the table"), "URI|ROOM@SERVICE" },
    { "room-password-file", 0, 0, G_OPTION_ARG_FILENAME, &room_password_file,
      N_("A file whose first line is the room’s password, if the invitation has none"),
      "FILE" },
    { "seat", 0, 0, G_OPTION_ARG_STRING, &seat, N_("The seat to take"), "SEAT" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level,
      N_("Play the seat as this computer level"), "LEVEL" },
    { "stdin", 0, 0, G_OPTION_ARG_NONE, &from_stdin,
      N_("Read the actions in record notation from standard input"), NULL },
    { "spectate", 0, 0, G_OPTION_ARG_NONE, &spectate,
      N_("Watch the table without a seat"), NULL },
    { "nick", 0, 0, G_OPTION_ARG_STRING, &nick, N_("The nickname in the room"), "NICK" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout,
      N_("Give up after this many seconds"), "SECONDS" },
    { NULL }
  };
  g_autoptr (GError) error = NULL;
  Table table = { 0 };
  int code;

  options->herzla_ok = TRUE;
  code = bk_cli_parse (options, "table join", "", entries, &argc, &argv);
  if (code != BK_EXIT_OK)
    return code;
  if (jid == NULL || strchr (jid, '@') == NULL)
    return bk_cli_usage (_("--jid takes the guest’s XMPP address, e.g. bob@example.org"));
  if (password_file == NULL)
    return bk_cli_usage (_("--password-file is required: passwords never go on the command "
                           "line"));
  if (room == NULL || !bk_table_link_parse_invitation (room, &table.room, &table.room_password))
    {
      table_clear (&table);
      return bk_cli_usage (_("--room takes an invitation xmpp:ROOM@SERVICE?join;password=… "
                             "or ROOM@SERVICE"));
    }
  if (spectate ? (seat || level || from_stdin)
               : (seat == NULL || (level == NULL) == !from_stdin))
    {
      table_clear (&table);
      return bk_cli_usage (_("Give --seat SEAT with either --level LEVEL or --stdin, or "
                             "--spectate alone"));
    }
  if (level && !level_exists (level))
    {
      table_clear (&table);
      return bk_cli_usage (_("No computer level “%s”"), level);
    }
  if (timeout < 1)
    {
      table_clear (&table);
      return bk_cli_usage (_("--timeout must be at least 1"));
    }
  if (room_password_file)
    {
      g_free (table.room_password);
      table.room_password = read_password (room_password_file, &error);
      if (table.room_password == NULL)
        {
          table_clear (&table);
          return bk_cli_fail (BK_EXIT_USAGE, error);
        }
    }
  if (!g_file_test (password_file, G_FILE_TEST_IS_REGULAR))
    {
      table_clear (&table);
      return bk_cli_usage (_("No password file %s"), password_file);
    }
  if (options->dry_run)
    {
      table_clear (&table);
      return BK_EXIT_OK;
    }
  table.nick = nick ? g_strdup (nick) : jid_local (jid);
  table.seat_text = g_strdup (seat);
  table.level = g_strdup (level);
  table.from_stdin = from_stdin;
  if (!client_start (&table, jid, password_file, server, cafile, &code))
    {
      table_clear (&table);
      return code;
    }
  g_signal_connect (table.link, "message", G_CALLBACK (guest_message_cb), &table);
  g_signal_connect (table.link, "joined", G_CALLBACK (guest_joined_cb), &table);
  if (from_stdin)
    {
      /* a line at a time, also into a pipe: whoever answers reads "your turn" at once */
      setvbuf (stdout, NULL, _IOLBF, 0);
      table.input = g_io_channel_unix_new (0);
      g_io_add_watch (table.input, G_IO_IN | G_IO_HUP, stdin_cb, &table);
    }
  bk_xmpp_client_join_room (table.client, table.room, table.nick, table.room_password);
  table.code = BK_EXIT_RULES;
  run_loop (&table, (guint) timeout);
  code = table.code;
  if (code != EXIT_REFUSED && code != BK_EXIT_USAGE)
    {
      print_verdicts (&table);
      code = table.code;
    }
  table_clear (&table);
  return code;
}

int
bk_cli_table (BkCliOptions *options,
              int           argc,
              char        **argv)
{
  if (argc >= 2 && strcmp (argv[1], "host") == 0)
    return table_host (options, argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "join") == 0)
    return table_join (options, argc - 1, argv + 1);
  return bk_cli_usage (_("Usage: bierkopf-cli table host|join [OPTION…]"));
}
