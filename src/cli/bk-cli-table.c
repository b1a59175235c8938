/* bk-cli-table.c: `bierkopf-cli table host` and `table join` (docs/network.md, "The
 * command line"): a table over XMPP, headless, so that tests and people can seat computer
 * players at a table hosted anywhere. Passwords come from files only; the host prints the
 * invitation on its first line; each side exits 0 after the last hand (join: 1 when a
 * hand failed its verification), 2 on bad arguments, 3 when the server or the room
 * refuses us. A host started again with the --record of its table takes the table up
 * again from the resume file beside it. The room itself, what comes in and what goes out,
 * is a BkTableLink (bk-table-link.h), as in the app. This file: what both sides share;
 * the host is in bk-cli-table-host.c, the guest in bk-cli-table-join.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-cli-table-private.h"

void
bk_cli_table_clear (Table *table)
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
  g_free (table->guests);
  g_free (table->seat_text);
  g_free (table->level);
  g_free (table->keep_path);
  g_free (table->kept_token);
}

void
bk_cli_table_finish (Table *table,
                     int    code)
{
  table->code = code;
  g_main_loop_quit (table->loop);
}

/* The account's password: the first line of @path. */
char *
bk_cli_table_read_password (const char  *path,
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

char *
bk_cli_table_jid_local (const char *jid)
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
      bk_cli_table_finish (table, EXIT_REFUSED);
    }
}

static void
room_error_cb (BkXmppClient *client,
               const char   *room,
               GError       *error,
               Table        *table)
{
  g_printerr (_("bierkopf-cli: the room %s refused us: %s\n"), room, error->message);
  bk_cli_table_finish (table, EXIT_REFUSED);
}
gboolean
bk_cli_table_quit_cb (gpointer data)
{
  Table *table = data;

  g_main_loop_quit (table->loop);
  return G_SOURCE_REMOVE;
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
  bk_cli_table_finish (table, BK_EXIT_RULES);
  return G_SOURCE_REMOVE;
}
/* Connects with the password of @password_file (NULL: @jid is a guest domain, a login
 * without an account); FALSE (and the exit code in @code) when it cannot be read. */
gboolean
bk_cli_table_client_start (Table      *table,
                           const char *jid,
                           const char *password_file,
                           const char *server,
                           const char *cafile,
                           int        *code)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = NULL;

  if (password_file != NULL)
    password = bk_cli_table_read_password (password_file, &error);
  if (password_file != NULL && password == NULL)
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
void
bk_cli_table_run_loop (Table *table,
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


int
bk_cli_table (BkCliOptions *options,
              int           argc,
              char        **argv)
{
  if (argc >= 2 && strcmp (argv[1], "host") == 0)
    return bk_cli_table_host (options, argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "join") == 0)
    return bk_cli_table_join (options, argc - 1, argv + 1);
  return bk_cli_usage (_("Usage: bierkopf-cli table host|join [OPTION…]"));
}
