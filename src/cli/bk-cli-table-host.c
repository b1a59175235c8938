/* bk-cli-table-host.c: `bierkopf-cli table host`: the host's room, its seats, its record
 * and resume files, and a host started again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-fair-deal.h"
#include "bk-game-query.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "bk-cli-table-private.h"


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
  if (table->guests)
    g_key_file_set_string (file, "room", "guests", table->guests);
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
  /* the same link as before: a guest domain given now stands for none it had */
  g_clear_pointer (&table->guests, g_free);
  table->guests = g_key_file_get_string (file, "room", "guests", NULL);
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
  g_autofree char *invitation = bk_table_link_dup_guest_invitation (table->room,
                                                                     table->room_password,
                                                                     table->guests);

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
  if (service == NULL && table->guests)
    {
      g_printerr (_("bierkopf-cli: guests cannot come: no multi-user chat was found for "
                    "%s\n"), table->guests);
      bk_cli_table_finish (table, EXIT_REFUSED);
      return;
    }
  if (service == NULL)
    {
      g_printerr (_("bierkopf-cli: the server offers no multi-user chat; give --room\n"));
      bk_cli_table_finish (table, EXIT_REFUSED);
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

static void
host_finished_cb (BkTableHost *host,
                  Table       *table)
{
  save_record (table);
  bk_cli_print_session (table->game);
  fflush (stdout);
  /* let the last stanzas go out */
  g_timeout_add (500, bk_cli_table_quit_cb, table);
  table->code = BK_EXIT_OK;
}


/* After the room's refusal: a room for guests lives on the guest domain's server, which
 * the host's server may not reach. */
static void
host_room_error_cb (BkXmppClient *client,
                    const char   *room,
                    GError       *error,
                    Table        *table)
{
  if (table->guests && !table->started)
    g_printerr (_("bierkopf-cli: guests cannot come: the table’s room cannot be made on the "
                  "server of %s\n"), table->guests);
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

int
bk_cli_table_host (BkCliOptions *options,
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
  g_autofree char *guests = NULL;
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
    { "guest-domain", 0, 0, G_OPTION_ARG_STRING, &guests,
      N_("Take guests without an account, who log in on this domain (the room is made on "
         "its server)"), "DOMAIN" },
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
  if (guests && !bk_table_link_is_guest_domain (guests))
    return bk_cli_usage (_("--guest-domain takes a domain, e.g. guest.example.org"));
  if (!bk_game_module_playable (&options->rules, &error))
    return bk_cli_fail (BK_EXIT_USAGE, error);
  if (!g_file_test (password_file, G_FILE_TEST_IS_REGULAR))
    return bk_cli_usage (_("No password file %s"), password_file);

  if (table.resumed)
    {
      if (!host_resume (&table, &code) || options->dry_run)
        {
          bk_cli_table_clear (&table);
          return options->dry_run ? BK_EXIT_OK : code;
        }
    }
  else
    {
      table.game = bk_game_new (&options->rules, options->seed);
      table.nick = nick ? g_strdup (nick) : bk_cli_table_jid_local (jid);
      table.host = bk_table_host_new (table.game, room ? room : "", table.nick);
      table.invite = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; invite && invite[i]; i++)
        g_ptr_array_add (table.invite, g_strdup (invite[i]));
      if (!seat_table (&table, seats, &error))
        {
          bk_cli_table_clear (&table);
          return bk_cli_fail (BK_EXIT_USAGE, error);
        }
      if (options->dry_run)
        {
          bk_cli_table_clear (&table);
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
          bk_cli_table_clear (&table);
          return bk_cli_fail (BK_EXIT_RULES, error);
        }
      table.room_password = bk_net_hex (secret, 8);
      table.guests = g_steal_pointer (&guests);
    }

  if (!bk_cli_table_client_start (&table, jid, password_file, server, cafile, &code))
    {
      bk_cli_table_clear (&table);
      return code;
    }
  bk_table_link_attach_host (table.link, table.host);
  g_signal_connect (table.link, "joined", G_CALLBACK (host_joined_cb), &table);
  g_signal_connect (table.client, "service-found", G_CALLBACK (service_found_cb), &table);
  g_signal_connect (table.client, "room-error", G_CALLBACK (host_room_error_cb), &table);
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
  else if (table.guests)
    /* anonymous users reach their own server alone: the room is made there */
    bk_xmpp_client_find_muc_service_for (table.client, table.guests);
  else
    bk_xmpp_client_find_muc_service (table.client);
  bk_cli_table_run_loop (&table, (guint) timeout);
  code = table.code;
  bk_cli_table_clear (&table);
  return code;
}
