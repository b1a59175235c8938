/* bk-cli-table-join.c: `bierkopf-cli table join`: a seat (a computer player, or a person
 * on standard input) or a spectator, and the verdict on every hand at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "bk-fair-deal.h"
#include "bk-game-query.h"
#include "bk-levels.h"
#include "bk-record.h"
#include "bk-cli-table-private.h"

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
  g_timeout_add (500, bk_cli_table_quit_cb, table);
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
      bk_cli_table_finish (table, EXIT_REFUSED);
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
      bk_cli_table_finish (table, BK_EXIT_USAGE);
      return FALSE;
    }
  if (table->level)
    {
      strategy = bk_strategy_new_for_level (bk_game_get_rules (game)->game, table->level,
                                            &error);
      if (strategy == NULL)
        {
          bk_cli_fail (BK_EXIT_USAGE, error);
          bk_cli_table_finish (table, BK_EXIT_USAGE);
          return FALSE;
        }
    }
  table->guest = bk_table_guest_new (table->room, seat);
  bk_table_guest_set_nick (table->guest, table->nick);
  bk_table_guest_set_strategy (table->guest, strategy);
  /* --keep: the chair's token kept by a run before, and each new one kept */
  bk_cli_table_keep_attach (table);
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

int
bk_cli_table_join (BkCliOptions *options,
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
  g_autofree char *guests = NULL;
  g_autofree char *keep = NULL;
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
    { "nick", 0, 0, G_OPTION_ARG_STRING, &nick,
      N_("The nickname in the room (a guest without --jid needs one)"), "NICK" },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep,
      N_("Keep the seat’s token in this file, to take the seat back when started again"),
      "FILE" },
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
  /* neither --jid nor --password-file: a guest without an account (docs/network.md 2) */
  if ((jid || password_file) && (jid == NULL || strchr (jid, '@') == NULL))
    return bk_cli_usage (_("--jid takes the guest’s XMPP address, e.g. bob@example.org"));
  if (jid && password_file == NULL)
    return bk_cli_usage (_("--password-file is required: passwords never go on the command "
                           "line"));
  if (room == NULL ||
      !bk_table_link_parse_link (room, &table.room, &table.room_password, &guests))
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (_("--room takes an invitation xmpp:ROOM@SERVICE?join;password=… "
                             "or ROOM@SERVICE"));
    }
  if (jid == NULL && (guests == NULL || nick == NULL || *nick == '\0'))
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (guests ? _("A guest without --jid needs a name: give --nick NAME")
                                  : _("The link takes no guests without an account: give "
                                      "--jid and --password-file"));
    }
  if (spectate ? (seat || level || from_stdin)
               : (seat == NULL || (level == NULL) == !from_stdin))
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (_("Give --seat SEAT with either --level LEVEL or --stdin, or "
                             "--spectate alone"));
    }
  if (level && !level_exists (level))
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (_("No computer level “%s”"), level);
    }
  if (timeout < 1)
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (_("--timeout must be at least 1"));
    }
  if (room_password_file)
    {
      g_free (table.room_password);
      table.room_password = bk_cli_table_read_password (room_password_file, &error);
      if (table.room_password == NULL)
        {
          bk_cli_table_clear (&table);
          return bk_cli_fail (BK_EXIT_USAGE, error);
        }
    }
  if (password_file && !g_file_test (password_file, G_FILE_TEST_IS_REGULAR))
    {
      bk_cli_table_clear (&table);
      return bk_cli_usage (_("No password file %s"), password_file);
    }
  table.seat_text = g_strdup (seat);
  if (keep && (spectate || !bk_cli_table_keep_read (&table, keep, &error)))
    {
      bk_cli_table_clear (&table);
      if (error == NULL)
        return bk_cli_usage (_("--keep keeps a seat’s token: give it with --seat"));
      return bk_cli_fail (BK_EXIT_USAGE, error);
    }
  if (options->dry_run)
    {
      bk_cli_table_clear (&table);
      return BK_EXIT_OK;
    }
  table.nick = nick ? g_strdup (nick) : bk_cli_table_jid_local (jid);
  table.level = g_strdup (level);
  table.from_stdin = from_stdin;
  /* a guest logs in anonymously on the link's guest domain */
  if (!bk_cli_table_client_start (&table, jid ? jid : guests, password_file, server, cafile,
                                  &code))
    {
      bk_cli_table_clear (&table);
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
  bk_cli_table_run_loop (&table, (guint) timeout);
  code = table.code;
  if (code != EXIT_REFUSED && code != BK_EXIT_USAGE)
    {
      print_verdicts (&table);
      code = table.code;
    }
  bk_cli_table_clear (&table);
  return code;
}
