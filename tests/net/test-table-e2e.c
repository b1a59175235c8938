/* test-table-e2e.c: tables over a real server (issue 23, tests 1, 2, 3 and 5): Prosody
 * from the fixture, `bierkopf-cli table host` and `table join --level` bots play 3 hands
 * of Bierkopf, 3 of Herzla for four and 2 of its simple form for six; a bot killed with
 * SIGKILL joins again; a bot from another server joins over federation. Every bot
 * verifies every hand; the host's record replays with `bierkopf-cli replay` to the
 * results the host printed; a spectator in the room, recording every groupchat stanza,
 * hears no card named before it is played.
 * Every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <signal.h>

#include "bk-net-protocol.h"
#include "e2e-common.h"

#define WAIT_SECONDS 240

typedef struct {
  char          *body;
  BkXmppElement *payload;
} Heard;

static void
heard_free (Heard *heard)
{
  g_free (heard->body);
  g_clear_pointer (&heard->payload, bk_xmpp_element_unref);
  g_free (heard);
}

typedef struct {
  GPtrArray *heard;
  E2eRoom    room;
} Spectator;

static void
spectator_message_cb (BkXmppClient        *client,
                      const BkXmppMessage *message,
                      Spectator           *spectator)
{
  Heard *heard;

  /* a spectator hears the room; nothing is sent to it alone */
  g_assert_cmpstr (message->type, ==, "groupchat");
  if (message->delayed)
    return;
  heard = g_new0 (Heard, 1);
  heard->body = g_strdup (message->body);
  heard->payload = message->payload ? bk_xmpp_element_ref ((BkXmppElement *) message->payload)
                                    : NULL;
  g_ptr_array_add (spectator->heard, heard);
}

static GSubprocess *
spawn (const char * const *argv)
{
  g_autoptr (GError) error = NULL;
  GSubprocess *process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);

  g_assert_no_error (error);
  return process;
}

/* Every stdout of @processes to its end and every exit, within WAIT_SECONDS. */
static void
wait_all (GSubprocess **processes,
          guint         n,
          char        **outputs)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);

  for (guint i = 0; i < n; i++)
    {
      GInputStream *stream = g_subprocess_get_stdout_pipe (processes[i]);
      g_autoptr (GString) text = g_string_new (NULL);

      while (!expired)
        {
          char buffer[4096];
          g_autoptr (GError) error = NULL;
          gssize got;

          got = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                          buffer, sizeof buffer, NULL, &error);
          if (got > 0)
            g_string_append_len (text, buffer, got);
          else if (got == 0)
            break;
          else
            e2e_idle_a_moment ();
        }
      g_assert_false (expired);
      outputs[i] = g_string_free (g_steal_pointer (&text), FALSE);
    }
  for (guint i = 0; i < n; i++)
    {
      while (!expired && g_subprocess_get_identifier (processes[i]) != NULL)
        e2e_idle_a_moment ();
      g_assert_false (expired);
      g_assert_true (g_subprocess_get_if_exited (processes[i]));
      g_assert_cmpint (g_subprocess_get_exit_status (processes[i]), ==, 0);
    }
  if (!expired)
    g_source_remove (timeout);
}

/* The first line of the host's output, the invitation, within WAIT_SECONDS. */
static char *
read_invitation (GSubprocess *host,
                 GString     *rest)
{
  GInputStream *stream = g_subprocess_get_stdout_pipe (host);
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  char *newline;

  while (!expired && (newline = strchr (rest->str, '\n')) == NULL)
    {
      char buffer[256];
      gssize got = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                             buffer, sizeof buffer, NULL, NULL);
      if (got > 0)
        g_string_append_len (rest, buffer, got);
      else if (got == 0)
        break;
      else
        e2e_idle_a_moment ();
    }
  g_assert_false (expired);
  g_source_remove (timeout);
  newline = strchr (rest->str, '\n');
  g_assert_nonnull (newline);
  {
    char *line = g_strndup (rest->str, (gsize) (newline - rest->str));

    g_string_erase (rest, 0, newline - rest->str + 1);
    return line;
  }
}

/* docs/network.md, "Secrets stay secret": before its play no card is named in the room,
 * in a payload or in a body; the seating ceremony's cards are face up, and the reveal
 * comes after the hand. */
static void
assert_no_card_before_play (GPtrArray *heard)
{
  BkHand played = 0;
  guint actions = 0;

  for (guint i = 0; i < heard->len; i++)
    {
      const Heard *h = g_ptr_array_index (heard, i);
      g_auto (BkNetStanza) stanza = { 0 };
      g_auto (GStrv) words = NULL;
      BkCard card;

      g_assert_nonnull (h->payload);
      g_assert_true (bk_net_stanza_parse (h->payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, NULL));
      g_assert_cmpint (stanza.kind, !=, BK_NET_HAND);
      g_assert_cmpint (stanza.kind, !=, BK_NET_STATE);
      if (stanza.kind == BK_NET_COMMIT)
        played = 0;
      if (stanza.kind == BK_NET_REVEAL || stanza.kind == BK_NET_TABLE)
        continue;
      if (stanza.kind == BK_NET_ACTION || stanza.kind == BK_NET_LINE)
        {
          actions++;
          words = g_strsplit (stanza.text, " ", -1);
          if (strcmp (words[0], "seating") == 0)
            continue;
          if (strcmp (words[0], "play") == 0 && bk_card_parse (words[2], &card, NULL))
            played |= BK_HAND_BIT (card);
          for (guint w = 0; words[w]; w++)
            if (bk_card_parse (words[w], &card, NULL))
              g_assert_true (bk_hand_has (played, card));
        }
      for (BkCard c = 0; c < BK_N_CARDS && h->body; c++)
        if (!bk_hand_has (played, c))
          {
            g_autofree char *name = bk_card_display_name (c);

            g_assert_null (strstr (h->body, name));
          }
    }
  g_assert_cmpuint (actions, >, 20);
}

#define MAX_BOTS 5

/* How a table of play_table_on() goes besides its game. */
typedef struct {
  guint    kill_at;   /* the second bot is killed when the spectator has heard this many */
  gboolean by_link;   /* nobody invited: every person's seat is "invite", and the bots and
                       * the spectator come in with the link alone */
  guint    kill_host_at;  /* the host is killed when the spectator has heard this many,
                           * and started again with the same arguments */
} TableCase;

/* Joins @room with the link's password replaced by a wrong one: refused, exit 3. */
static void
assert_wrong_password_refused (BkProsody  *home,
                               const char *invitation);
/* A host started again on a table that is over, or on a record without its resume
 * file, or with a corrupt one: exit 2, it says why, and the files stay as they were. */
static void
assert_no_resume (BkProsody  *home,
                  char      **host_argv,
                  const char *record);

/* docs/network.md, "A host started again": the record and the resume file are the host's
 * alone (mode 0600). */
static void
assert_private (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

/* The host's computer at @seats[0], a bot of bierkopf-cli at each other seat. */
/* The table on @home; the last bot's account on @remote when not NULL (federation).
 * A @room_name starting with "new-": the host is given no --room and makes a room on the
 * MUC service it finds by service discovery. */
static void
play_table_on (BkProsody          *home,
               BkProsody          *remote,
               const char         *room_name,
               const char * const *game_args,
               const char * const *seats,
               guint               deals,
               const TableCase    *how)
{
  guint kill_at = how->kill_at;
  const char *cli = g_getenv ("BIERKOPF_CLI");
  guint n_bots = g_strv_length ((char **) seats) - 1;
  g_autofree char *room = g_strdup_printf ("%s@%s", room_name,
                                           bk_prosody_get_muc_service (home));
  g_autofree char *record = g_strdup_printf ("%s/%s.record", dir, room_name);
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *watcher_pw = e2e_password_file ("watcher");
  g_autofree char *seats_arg = NULL;
  g_autofree char *deals_arg = g_strdup_printf ("%u", deals);
  g_autofree char *invitation = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GString) host_rest = g_string_new (NULL);
  g_autoptr (BkXmppClient) watcher = NULL;
  g_autofree char *watcher_jid = g_strdup_printf ("watcher@%s", bk_prosody_get_domain (home));
  GSubprocess *processes[MAX_BOTS + 1];
  g_auto (GStrv) second_argv = NULL;
  g_auto (GStrv) host_argv_kept = NULL;
  char *outputs[MAX_BOTS + 1] = { NULL };
  Spectator spectator = { g_ptr_array_new_with_free_func ((GDestroyNotify) heard_free) };
  gboolean expired = FALSE;
  guint timeout;

  g_assert_nonnull (cli);
  g_assert_cmpuint (n_bots, <=, MAX_BOTS);
  {
    GString *text = g_string_new (NULL);

    g_string_append_printf (text, "%s=heuristic", seats[0]);
    for (guint i = 1; i <= n_bots; i++)
      if (how->by_link)
        g_string_append_printf (text, ",%s=invite", seats[i]);
      else
        g_string_append_printf (text, ",%s=bot%u@%s", seats[i], i,
                                bk_prosody_get_domain (remote && i == n_bots ? remote : home));
    seats_arg = g_string_free (text, FALSE);
  }
  {
    g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (home));
    const char *host_argv[] = {
      cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
      "--server", bk_prosody_get_server (home), "--cafile", bk_prosody_get_cafile (home),
      "--room", room, "--seats", seats_arg, "--deals", deals_arg, "--record", record,
      "--invite", watcher_jid, "--timeout", "200",
    };

    for (guint i = 0; i < G_N_ELEMENTS (host_argv); i++)
      if ((!g_str_has_prefix (room_name, "new-") ||
           (strcmp (host_argv[i], "--room") != 0 && host_argv[i] != room)) &&
          (!how->by_link ||
           (strcmp (host_argv[i], "--invite") != 0 && host_argv[i] != watcher_jid)))
        g_ptr_array_add (argv, (gpointer) host_argv[i]);
    for (guint i = 0; game_args[i]; i++)
      g_ptr_array_add (argv, (gpointer) game_args[i]);
    g_ptr_array_add (argv, NULL);
    processes[0] = spawn ((const char * const *) argv->pdata);
    host_argv_kept = g_strdupv ((char **) argv->pdata);
  }
  invitation = read_invitation (processes[0], host_rest);
  g_assert_true (g_str_has_prefix (invitation, "xmpp:"));
  g_assert_nonnull (strstr (invitation, "?join;password="));
  if (g_str_has_prefix (room_name, "new-"))
    {
      /* the room the host made on the service it found */
      g_autofree char *at = g_strdup_printf ("@%s?", bk_prosody_get_muc_service (home));

      g_assert_nonnull (strstr (invitation, at));
      g_free (room);
      room = g_strndup (invitation + 5, strcspn (invitation + 5, "?"));
    }

  /* the spectator is in before the first deal */
  watcher = bk_xmpp_client_new (watcher_jid, PASSWORD, bk_prosody_get_server (home),
                                bk_prosody_get_cafile (home));
  g_signal_connect (watcher, "message", G_CALLBACK (spectator_message_cb), &spectator);
  timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  e2e_join_room (watcher, &spectator.room, room, "watcher", invitation, &expired);
  g_source_remove (timeout);

  if (how->by_link)
    assert_wrong_password_refused (home, invitation);
  for (guint i = 0; i < n_bots; i++)
    {
      BkProsody *account = remote && i + 1 == n_bots ? remote : home;
      g_autofree char *user = g_strdup_printf ("bot%u", i + 1);
      g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (account));
      g_autofree char *pw = e2e_password_file (user);
      const char *guest_argv[] = {
        cli, "table", "join", "--jid", jid, "--password-file", pw,
        "--server", bk_prosody_get_server (account), "--cafile", bk_prosody_get_cafile (account),
        "--room", invitation, "--seat", seats[i + 1], "--level", i == 1 ? "random" : "heuristic",
        "--timeout", "200", NULL
      };

      processes[i + 1] = spawn (guest_argv);
      if (i == 1)
        second_argv = g_strdupv ((char **) guest_argv);
    }
  /* issue 23, test 2: the second bot killed mid-hand (SIGKILL) and started again */
  if (kill_at > 0)
    {
      timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
      while (!expired && spectator.heard->len < kill_at)
        e2e_idle_a_moment ();
      g_assert_false (expired);
      g_source_remove (timeout);
      g_subprocess_force_exit (processes[2]);
      g_assert_true (g_subprocess_wait (processes[2], NULL, NULL));
      g_assert_false (g_subprocess_get_if_exited (processes[2]));
      g_clear_object (&processes[2]);
      processes[2] = spawn ((const char * const *) second_argv);
    }
  /* issue 23, test 2: the host killed mid-hand (SIGKILL) and started again */
  if (how->kill_host_at > 0)
    {
      g_autofree char *again = NULL;

      timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
      while (!expired && spectator.heard->len < how->kill_host_at)
        e2e_idle_a_moment ();
      g_assert_false (expired);
      g_source_remove (timeout);
      g_subprocess_force_exit (processes[0]);
      g_assert_true (g_subprocess_wait (processes[0], NULL, NULL));
      g_assert_false (g_subprocess_get_if_exited (processes[0]));
      g_clear_object (&processes[0]);
      assert_private (record);
      {
        g_autofree char *resume = g_strconcat (record, ".resume", NULL);

        assert_private (resume);
      }
      processes[0] = spawn ((const char * const *) host_argv_kept);
      g_string_truncate (host_rest, 0);
      /* the same room, the same link */
      again = read_invitation (processes[0], host_rest);
      g_assert_cmpstr (again, ==, invitation);
    }
  wait_all (processes, n_bots + 1, outputs);

  /* every bot verified every hand */
  for (guint i = 1; i <= n_bots; i++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      JsonObject *object;
      JsonArray *hands;

      g_assert_true (json_parser_load_from_data (parser, outputs[i], -1, &error));
      g_assert_no_error (error);
      object = json_node_get_object (json_parser_get_root (parser));
      g_assert_true (json_object_get_boolean_member (object, "verified"));
      hands = json_object_get_array_member (object, "hands");
      /* the bot started again verifies the hands from the one it came back to; with
       * the host started again every bot verifies every hand */
      if (kill_at > 0 && i == 2)
        g_assert_cmpuint (json_array_get_length (hands), >=, 1);
      else
        g_assert_cmpuint (json_array_get_length (hands), ==, deals);
      for (guint h = 0; h < json_array_get_length (hands); h++)
        {
          JsonObject *hand = json_array_get_object_element (hands, h);

          g_assert_cmpint (json_object_get_int_member (hand, "hand"), ==,
                           deals - json_array_get_length (hands) + h + 1);
          g_assert_cmpstr (json_object_get_string_member (hand, "message"), ==,
                           "deal and play verified");
        }
    }

  /* the host's record replays to the results it printed */
  {
    const char *replay_argv[] = { cli, "replay", record, NULL };
    g_autoptr (GSubprocess) replay = spawn (replay_argv);
    g_autofree char *replayed = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *host_out = g_strconcat (host_rest->str, outputs[0], NULL);

    g_assert_true (g_subprocess_communicate_utf8 (replay, NULL, NULL, &replayed, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_subprocess_get_successful (replay));
    /* a host started again prints the hands it finished and the session */
    if (how->kill_host_at > 0)
      g_assert_true (g_str_has_suffix (replayed, host_out));
    else
      g_assert_cmpstr (host_out, ==, replayed);
    g_test_message ("%s", replayed);
  }

  assert_no_card_before_play (spectator.heard);
  {
    gsize bytes = 0;

    for (guint i = 0; i < spectator.heard->len; i++)
      {
        const Heard *h = g_ptr_array_index (spectator.heard, i);
        g_autofree char *text = bk_xmpp_element_to_string (h->payload);

        bytes += strlen (text) + (h->body ? strlen (h->body) : 0);
      }
    g_test_message ("%s: %u hands, %u groupchat stanzas, %" G_GSIZE_FORMAT " bytes of payload "
                    "and body", room_name, deals, spectator.heard->len, bytes);
  }
  if (how->kill_host_at > 0)
    assert_no_resume (home, host_argv_kept, record);
  bk_xmpp_client_disconnect (watcher);
  g_ptr_array_unref (spectator.heard);
  for (guint i = 0; i <= n_bots; i++)
    {
      g_free (outputs[i]);
      g_object_unref (processes[i]);
    }
}

static void
play_table (const char         *room_name,
            const char * const *game_args,
            const char * const *seats,
            guint               deals,
            guint               kill_at)
{
  TableCase how = { .kill_at = kill_at };

  play_table_on (server, NULL, room_name, game_args, seats, deals, &how);
}

static void
test_bierkopf (void)
{
  const char *args[] = { "--game", "bierkopf", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };

  play_table ("bierkopf", args, seats, 3, 0);
}

/* spec B2.5 over the server: new seats after each Bollen of one line, each seating drawn
 * from its hand's seed (docs/network.md 6.7); every bot verifies every hand, the record
 * replays. */
static void
test_new_seats (void)
{
  const char *args[] = { "--game", "bierkopf", "--rule", "new-seats=on", "--rule", "lines=1",
                         NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };

  play_table ("new-seats", args, seats, 4, 0);
}

static void
test_herzla_four (void)
{
  const char *args[] = { "--game", "herzla", "--variant", "vier", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };

  /* on a room of the host's own making, on the service it finds (issue 23, "Rooms") */
  play_table ("new-herzla", args, seats, 3, 0);
}

static void
test_herzla_simple_six (void)
{
  const char *args[] = { "--game", "herzla", "--variant", "einfach", "--players", "6", NULL };
  const char *seats[] = { "1", "2", "3", "4", "5", "6", NULL };

  play_table ("herzla-six", args, seats, 2, 0);
}

/* A bot killed with SIGKILL in the second hand joins again and the session ends. */
static void
test_bot_killed (void)
{
  const char *args[] = { "--game", "bierkopf", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };

  play_table ("killed", args, seats, 3, 45);
}

/* Runs bierkopf-cli with @args; its exit status, and its stderr in @err. */
static int
run_cli (const char * const *args,
         char              **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BIERKOPF_CLI"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

static void
assert_wrong_password_refused (BkProsody  *home,
                               const char *invitation)
{
  g_autofree char *pw = e2e_password_file ("bot5");
  g_autofree char *jid = g_strdup_printf ("bot5@%s", bk_prosody_get_domain (home));
  g_autofree char *wrong = g_strdup_printf ("%.*swrong-password",
                                            (int) (strstr (invitation, "password=") + 9 -
                                                   invitation), invitation);
  const char *args[] = {
    "table", "join", "--jid", jid, "--password-file", pw, "--server",
    bk_prosody_get_server (home), "--cafile", bk_prosody_get_cafile (home), "--room", wrong,
    "--seat", "W", "--level", "random", "--timeout", "60", NULL
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (args, &err), ==, 3);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "the room"));
  g_assert_nonnull (strstr (err, "password is wrong"));
}

/* Runs the host's @argv with --record replaced by @record: exit 2 and @says. */
static void
assert_host_refuses (char      **argv,
                     const char *old_record,
                     const char *record,
                     const char *says)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autofree char *err = NULL;
  g_autofree char *before = NULL, *after = NULL, *resume = g_strconcat (record, ".resume", NULL);
  g_autofree char *resume_before = NULL, *resume_after = NULL;

  for (guint i = 1; argv[i]; i++)
    g_ptr_array_add (args, strcmp (argv[i], old_record) == 0 ? (char *) record : argv[i]);
  g_ptr_array_add (args, NULL);
  g_assert_true (g_file_get_contents (record, &before, NULL, NULL));
  g_file_get_contents (resume, &resume_before, NULL, NULL);
  g_assert_cmpint (run_cli ((const char * const *) args->pdata, &err), ==, 2);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, says));
  g_assert_true (g_file_get_contents (record, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_file_get_contents (resume, &resume_after, NULL, NULL);
  g_assert_cmpstr (resume_before, ==, resume_after);
}

static void
assert_no_resume (BkProsody  *home,
                  char      **host_argv,
                  const char *record)
{
  g_autofree char *text = NULL;
  g_autofree char *copy = g_strdup_printf ("%s/copy.record", dir);
  g_autofree char *copy_resume = g_strconcat (copy, ".resume", NULL);

  assert_host_refuses (host_argv, record, record, "is over");
  g_assert_true (g_file_get_contents (record, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, text, -1, NULL));
  assert_host_refuses (host_argv, record, copy, "no ");
  g_assert_true (g_file_set_contents (copy_resume, "[table]\nversion=1\nroom=x\n", -1, NULL));
  assert_host_refuses (host_argv, record, copy, "is not a table to take up again");
  g_assert_true (g_file_set_contents (copy_resume, "\x01 not a key file", -1, NULL));
  assert_host_refuses (host_argv, record, copy, copy_resume);
  g_unlink (copy_resume);
  g_unlink (copy);
}

/* issue 23, test 2: the host killed (SIGKILL) in the second hand and started again with
 * the same arguments takes the table up again in the same room; the bots, who waited,
 * play on, and every bot verifies every hand. */
static void
test_host_killed (void)
{
  const char *args[] = { "--game", "bierkopf", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };
  TableCase how = { .kill_host_at = 45 };

  play_table_on (server, NULL, "host-killed", args, seats, 3, &how);
}

/* docs/network.md, "The room": nobody is invited or made a member; the link alone lets
 * the bots and the spectator in and the table plays; a wrong password in the link is
 * refused (exit 3, and it says so). */
static void
test_link_alone (void)
{
  const char *args[] = { "--game", "bierkopf", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };
  TableCase how = { .by_link = TRUE };

  play_table_on (server, NULL, "by-link", args, seats, 2, &how);
}

/* docs/network.md, "The command line": bad arguments exit 2, a refused login or room 3,
 * each with a message that says which. */
static void
test_exit_codes (void)
{
  g_autofree char *pw = e2e_password_file ("bot1");
  g_autofree char *wrong = g_strdup_printf ("%s/wrong.pw", dir);
  g_autofree char *jid = g_strdup_printf ("bot1@%s", bk_prosody_get_domain (server));
  g_autofree char *room = g_strdup_printf ("nowhere@%s", bk_prosody_get_muc_service (server));
  const char *srv = bk_prosody_get_server (server), *ca = bk_prosody_get_cafile (server);
  const struct {
    const char *args[24];
    int         code;
    const char *says;
  } cases[] = {
    { { "table", NULL }, 2, "table host|join" },
    { { "table", "host", "--jid", jid, "--seats", "S=invite", NULL }, 2, "--password-file" },
    { { "table", "host", "--jid", jid, "--password", "x", NULL }, 2, "--password" },
    { { "table", "host", "--jid", "nobody", "--password-file", pw, "--seats", "S=invite",
        NULL }, 2, "--jid" },
    { { "table", "host", "--jid", jid, "--password-file", pw, "--seats", "X=invite", NULL },
      2, "X" },
    { { "table", "host", "--jid", jid, "--password-file", pw, "--seats", "S=grandmaster",
        NULL }, 2, "grandmaster" },
    { { "table", "join", "--jid", jid, "--password-file", pw, "--room", "not a room",
        "--seat", "S", "--level", "random", NULL }, 2, "--room" },
    { { "table", "join", "--jid", jid, "--password-file", pw, "--room", room, "--seat", "S",
        NULL }, 2, "--level" },
    { { "table", "join", "--jid", jid, "--password-file", pw, "--room", room, "--seat", "S",
        "--level", "grandmaster", NULL }, 2, "grandmaster" },
    /* the server refuses the password */
    { { "table", "join", "--jid", jid, "--password-file", wrong, "--server", srv, "--cafile",
        ca, "--room", room, "--seat", "S", "--level", "random", "--timeout", "60", NULL },
      3, "the server refused us" },
    /* …also to a host that would look for the MUC service: it says why, and only that */
    { { "table", "host", "--jid", jid, "--password-file", wrong, "--server", srv, "--cafile",
        ca, "--seats", "S=invite", "--timeout", "60", NULL },
      3, "the server refused us" },
    /* the room is not there */
    { { "table", "join", "--jid", jid, "--password-file", pw, "--server", srv, "--cafile", ca,
        "--room", room, "--seat", "S", "--level", "random", "--timeout", "60", NULL },
      3, "refused us" },
  };

  g_assert_true (g_file_set_contents (wrong, "not-the-password\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_test_message ("case %u", i);
      g_assert_cmpint (run_cli (cases[i].args, &err), ==, cases[i].code);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, cases[i].says));
      g_assert_null (strstr (err, "multi-user chat"));
    }
}

/* issue 23, test 5: a guest with an account on b.localhost at a table hosted on
 * a.localhost, over the servers' federation. */
static void
test_federation (void)
{
  const char *users_a[] = { "host:" PASSWORD, "bot1:" PASSWORD, "bot2:" PASSWORD,
                            "watcher:" PASSWORD, NULL };
  const char *users_b[] = { "bot3:" PASSWORD, NULL };
  const char *args[] = { "--game", "bierkopf", NULL };
  const char *seats[] = { "S", "W", "N", "E", NULL };
  BkProsody *a = NULL, *b = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (bk_prosody_start_pair (users_a, users_b, &a, &b, &error));
  g_assert_no_error (error);
  TableCase how = { 0 };

  play_table_on (a, b, "federated", args, seats, 2, &how);
  bk_prosody_stop (b);
  bk_prosody_stop (a);
}

/* --- docs/network.md 3.14 and 3.15: a friend takes a computer's chair between hands, at
 * a table whose host turned hints off --- */

/* A bot of `table join --stdin` (stderr into its stdout) whose turns the test plays. */
typedef struct {
  GSubprocess *process;
  GString     *out;      /* everything it printed */
  gsize        read_to;  /* lines looked at up to here */
  gboolean     answer;   /* plays its turns; else the table waits for it */
  gboolean     done;     /* its stdout ended */
} Person;

/* Whatever @stream has now into @out: FALSE once it ended. */
static gboolean
read_some (GInputStream *stream,
           GString      *out)
{
  char buffer[4096];
  gssize got;

  while ((got = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                          buffer, sizeof buffer, NULL,
                                                          NULL)) > 0)
    g_string_append_len (out, buffer, got);
  return got != 0;
}

/* Reads what @person printed, and while it answers plays the first card each "your
 * turn: [play …] …" offers. */
static void
person_pump (Person *person)
{
  const char *end;

  if (!person->done)
    person->done = !read_some (g_subprocess_get_stdout_pipe (person->process), person->out);
  while (person->answer && (end = strchr (person->out->str + person->read_to, '\n')))
    {
      g_autofree char *line = g_strndup (person->out->str + person->read_to,
                                         (gsize) (end - person->out->str) - person->read_to);
      g_autoptr (GError) error = NULL;

      person->read_to = (gsize) (end - person->out->str) + 1;
      if (g_str_has_prefix (line, "your turn: ["))
        {
          char *action = line + strlen ("your turn: [");
          g_autofree char *sent = NULL;

          action[strcspn (action, "]")] = '\0';
          sent = g_strconcat (action, "\n", NULL);
          /* a person that quit fails the test by its exit status (below) */
          if (!g_output_stream_write_all (g_subprocess_get_stdin_pipe (person->process), sent,
                                          strlen (sent), NULL, NULL, &error) &&
              g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
            {
              g_test_message ("the person quit: %s", person->out->str);
              person->answer = FALSE;
              return;
            }
          g_assert_no_error (error);
        }
    }
}

/* The last <table/> the spectator heard, parsed into @stanza: FALSE before any. */
static gboolean
heard_table (Spectator   *spectator,
             BkNetStanza *stanza)
{
  for (guint i = spectator->heard->len; i-- > 0;)
    {
      const Heard *h = g_ptr_array_index (spectator->heard, i);

      if (h->payload && strcmp (bk_xmpp_element_get_name (h->payload), "table") == 0)
        return bk_net_stanza_parse (h->payload, BK_NET_MAX_PAYLOAD_BYTES, stanza, NULL);
    }
  return FALSE;
}

/* Whether the last table shows @nick at @chair, beside a computer's level (@level) or
 * without one. */
static gboolean
table_shows (Spectator  *spectator,
             guint       chair,
             const char *nick,
             gboolean    level)
{
  g_auto (BkNetStanza) stanza = { 0 };

  return heard_table (spectator, &stanza) &&
         g_strcmp0 (stanza.seats[chair].nick, nick) == 0 &&
         (stanza.seats[chair].level != NULL) == level;
}

static gboolean
heard_kind (Spectator  *spectator,
            const char *name)
{
  for (guint i = 0; i < spectator->heard->len; i++)
    {
      const Heard *h = g_ptr_array_index (spectator->heard, i);

      if (h->payload && strcmp (bk_xmpp_element_get_name (h->payload), name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The verdicts a bot printed last (JSON, after whatever else it printed): the hands. */
static JsonArray *
bot_hands (JsonParser *parser,
           const char *out)
{
  const char *json = g_str_has_prefix (out, "{") ? out : strstr (out, "\n{");
  g_autoptr (GError) error = NULL;
  JsonObject *object;

  g_assert_nonnull (json);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (object, "verified"));
  return json_object_get_array_member (object, "hands");
}

static void
assert_hands_verified (const char *out,
                       guint       first,
                       guint       last)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *hands = bot_hands (parser, out);

  g_assert_cmpuint (json_array_get_length (hands), ==, last - first + 1);
  for (guint h = 0; h < json_array_get_length (hands); h++)
    {
      JsonObject *hand = json_array_get_object_element (hands, h);

      g_assert_cmpint (json_object_get_int_member (hand, "hand"), ==, first + h);
      g_assert_cmpstr (json_object_get_string_member (hand, "message"), ==,
                       "deal and play verified");
    }
}

/* Herzla for four: bot1 a person the test plays by --stdin, the other chairs the host's
 * computers, hints off. While hand 1 waits for bot1, bot2 comes by the link and claims
 * computer chair 3: the room shows its claim waiting; bot3's claims of that chair and of
 * bot1's, and a second session of bot1 claiming chair 4, are refused (exit 3, saying
 * why), and the seated bot1 plays on; hand 2 is dealt with bot2 at the chair, and
 * every hand is verified by whoever sat at it. */
static void
test_chair (void)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  const char *domain = bk_prosody_get_domain (server);
  g_autofree char *room = g_strdup_printf ("chair@%s", bk_prosody_get_muc_service (server));
  g_autofree char *record = g_strdup_printf ("%s/chair.record", dir);
  g_autofree char *host_jid = g_strdup_printf ("host@%s", domain);
  g_autofree char *watcher_jid = g_strdup_printf ("watcher@%s", domain);
  g_autofree char *seats = g_strdup_printf ("1=bot1@%s,2=heuristic,3=heuristic,4=heuristic",
                                            domain);
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *invitation = NULL;
  g_autoptr (GString) host_out = g_string_new (NULL);
  g_autoptr (GString) friend_out = g_string_new (NULL);
  g_autoptr (BkXmppClient) watcher = NULL;
  g_autoptr (GSubprocess) host = NULL;
  g_autoptr (GSubprocess) friend = NULL;
  g_autoptr (GError) error = NULL;
  Spectator spectator = { g_ptr_array_new_with_free_func ((GDestroyNotify) heard_free) };
  Person person = { NULL, g_string_new (NULL) };
  gboolean expired = FALSE, host_done = FALSE, friend_done = FALSE;
  guint timeout;

  {
    const char *argv[] = {
      cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
      "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
      "--room", room, "--seats", seats, "--deals", "2", "--record", record, "--no-hints",
      "--invite", watcher_jid, "--timeout", "200",
      "--game", "herzla", "--variant", "einfach", "--players", "4", NULL
    };

    host = spawn (argv);
  }
  invitation = read_invitation (host, host_out);

  watcher = bk_xmpp_client_new (watcher_jid, PASSWORD, bk_prosody_get_server (server),
                                bk_prosody_get_cafile (server));
  g_signal_connect (watcher, "message", G_CALLBACK (spectator_message_cb), &spectator);
  /* the spectator is in before the first deal */
  timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  e2e_join_room (watcher, &spectator.room, room, "watcher", invitation, &expired);

  {
    g_autofree char *jid = g_strdup_printf ("bot1@%s", domain);
    g_autofree char *pw = e2e_password_file ("bot1");
    const char *argv[] = {
      cli, "table", "join", "--jid", jid, "--password-file", pw,
      "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
      "--room", invitation, "--seat", "1", "--stdin", "--timeout", "200", NULL
    };

    person.process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                              G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                              G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
    g_assert_no_error (error);
  }
  /* hand 1 is in play and waits for bot1 */
  while (!expired && (!heard_kind (&spectator, "commit") ||
                      strstr (person.out->str, "your turn: [") == NULL))
    {
      e2e_idle_a_moment ();
      person_pump (&person);
    }
  g_assert_false (expired);
  g_assert_no_error (spectator.room.error);

  {
    g_autofree char *jid = g_strdup_printf ("bot2@%s", domain);
    g_autofree char *pw = e2e_password_file ("bot2");
    const char *argv[] = {
      cli, "table", "join", "--jid", jid, "--password-file", pw,
      "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
      "--room", invitation, "--seat", "3", "--level", "heuristic", "--timeout", "200", NULL
    };

    friend = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                      G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
    g_assert_no_error (error);
  }
  /* the claim waits: the computer plays chair 3 (n=2) to the hand's end, the room knows */
  while (!expired && !table_shows (&spectator, 2, "bot2", TRUE))
    {
      e2e_idle_a_moment ();
      person_pump (&person);
      read_some (g_subprocess_get_stdout_pipe (friend), friend_out);
    }
  g_assert_false (expired);
  g_assert_false (heard_kind (&spectator, "reveal"));

  /* the refusals (bot3, bot4): the chair is claimed; bot1's chair is a person's. Finding
   * 5 of issue 31: a second session of bot1's account, under bot1's nickname, claims a
   * computer's chair and is refused as seated already; the refusal reaches both sessions,
   * and the seated one plays on (it quit with exit 3 before) */
  {
    const char *users[] = { "bot3", "bot4", "bot1" };
    const char *chairs[] = { "3", "1", "4" };
    const char *says[] = { "bot2 takes", "is taken", "already sit" };

    for (guint i = 0; i < G_N_ELEMENTS (chairs); i++)
      {
        const char *user = users[i];
        g_autofree char *jid = g_strdup_printf ("%s@%s", user, domain);
        g_autofree char *pw = e2e_password_file (user);
        const char *args[] = {
          "table", "join", "--jid", jid, "--password-file", pw,
          "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
          "--room", invitation, "--seat", chairs[i], "--level", "random", "--timeout", "60",
          NULL
        };
        g_autofree char *err = NULL;

        int code = run_cli (args, &err);

        g_test_message ("%s", err);
        g_assert_cmpint (code, ==, 3);
        g_assert_nonnull (strstr (err, says[i]));
      }
  }

  /* bot1 plays; the table goes on to its end */
  person.answer = TRUE;
  while (!expired && (!person.done || !host_done || !friend_done))
    {
      e2e_idle_a_moment ();
      person_pump (&person);
      if (!host_done)
        host_done = !read_some (g_subprocess_get_stdout_pipe (host), host_out);
      if (!friend_done)
        friend_done = !read_some (g_subprocess_get_stdout_pipe (friend), friend_out);
    }
  g_assert_false (expired);
  for (guint i = 0; i < 3; i++)
    {
      GSubprocess *process = i == 0 ? host : i == 1 ? friend : person.process;

      while (!expired && g_subprocess_get_identifier (process) != NULL)
        e2e_idle_a_moment ();
      g_assert_false (expired);
      g_assert_true (g_subprocess_get_if_exited (process));
      g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
    }
  g_source_remove (timeout);
  g_test_message ("bot2: %s", friend_out->str);

  /* bot2 sat at chair 3 from hand 2 on, and verified it; bot1 verified both */
  g_assert_true (table_shows (&spectator, 2, "bot2", FALSE));
  g_assert_null (strstr (person.out->str, "already sit"));
  g_assert_nonnull (strstr (friend_out->str, "until the end of the hand"));
  assert_hands_verified (friend_out->str, 2, 2);
  assert_hands_verified (person.out->str, 1, 2);
  /* docs/network.md 3.15: the host's rule travelled, and every guest read it */
  {
    g_auto (BkNetStanza) stanza = { 0 };

    g_assert_true (heard_table (&spectator, &stanza));
    g_assert_true (stanza.hints_off);
  }
  g_assert_nonnull (strstr (person.out->str, "turned hints off"));
  g_assert_nonnull (strstr (friend_out->str, "turned hints off"));
  assert_no_card_before_play (spectator.heard);

  bk_xmpp_client_disconnect (watcher);
  g_ptr_array_unref (spectator.heard);
  g_object_unref (person.process);
  g_string_free (person.out, TRUE);
}

int
main (int    argc,
      char **argv)
{
  const char *users[] = { "host:" PASSWORD, "bot1:" PASSWORD, "bot2:" PASSWORD,
                          "bot3:" PASSWORD, "bot4:" PASSWORD, "bot5:" PASSWORD,
                          "watcher:" PASSWORD, NULL };
  int code;

  g_test_init (&argc, &argv, NULL);
  /* a bot that quit early is a failed exit status, not a write that kills the test */
  signal (SIGPIPE, SIG_IGN);
  e2e_start (users, "bk-table-e2e-XXXXXX");

  g_test_add_func ("/table-e2e/bierkopf", test_bierkopf);
  g_test_add_func ("/table-e2e/B2.5/new-seats", test_new_seats);
  g_test_add_func ("/table-e2e/herzla-four", test_herzla_four);
  g_test_add_func ("/table-e2e/herzla-simple-six", test_herzla_simple_six);
  g_test_add_func ("/table-e2e/bot-killed", test_bot_killed);
  g_test_add_func ("/table-e2e/link-alone", test_link_alone);
  g_test_add_func ("/table-e2e/host-killed", test_host_killed);
  /* On ejabberd the federated table is tests/net/federated-table.sh's. */
  bk_test_add_func_prosody_only ("/table-e2e/federation", test_federation,
                                 "two servers federated by mod_bk_test_routes.lua, a Prosody "
                                 "module");
  g_test_add_func ("/table-e2e/exit-codes", test_exit_codes);
  g_test_add_func ("/table-e2e/chair", test_chair);
  code = g_test_run ();
  e2e_stop ();
  return code;
}
