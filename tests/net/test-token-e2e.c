/* test-token-e2e.c: a chair that survives a new address, over a real server (issue 32,
 * item 2; docs/network.md 3.16 and 9): Prosody from the fixture, `bierkopf-cli table host`
 * with three free seats and three `table join` bots; the bot at North keeps its chair's
 * token (`--keep FILE`), is killed with SIGKILL mid-hand and started again with the same
 * file under another account (as an anonymous guest's next login would be), takes its
 * chair back and plays on; every bot verifies every hand it was at. The token never
 * reaches the room, the host's record or anybody's eyes but its owner's (mode 0600).
 * Every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <signal.h>

#include "bk-net-protocol.h"
#include "e2e-common.h"

#define WAIT_SECONDS 240
#define DEALS 3

/* A groupchat stanza the spectator heard, as text: its payload and its body. */
static void
spectator_message_cb (BkXmppClient        *client,
                      const BkXmppMessage *message,
                      GPtrArray           *heard)
{
  g_autofree char *payload = NULL;

  g_assert_cmpstr (message->type, ==, "groupchat");
  if (message->delayed)
    return;
  payload = message->payload ? bk_xmpp_element_to_string (message->payload) : g_strdup ("");
  g_ptr_array_add (heard, g_strdup_printf ("%s\n%s", payload,
                                           message->body ? message->body : ""));
}

typedef struct {
  GSubprocess *process;
  GString     *out;
} Cli;

static Cli
spawn (const char * const *argv)
{
  g_autoptr (GError) error = NULL;
  Cli cli = { g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error),
              g_string_new (NULL) };

  g_assert_no_error (error);
  return cli;
}

/* What @cli has printed so far; TRUE at its end. */
static gboolean
drain (Cli *cli)
{
  GInputStream *stream = g_subprocess_get_stdout_pipe (cli->process);

  for (guint n = 0; n < 1000; n++)
    {
      char buffer[4096];
      gssize got = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                             buffer, sizeof buffer, NULL, NULL);

      if (got == 0)
        return TRUE;
      if (got < 0)
        return FALSE;
      g_string_append_len (cli->out, buffer, got);
    }
  return FALSE;
}

/* Waits until @done or @seconds have passed, draining every process meanwhile: FALSE when
 * the time ran out. */
static gboolean
wait_until_or (Cli       *clis,
               guint      n,
               gboolean (*done) (gpointer data),
               gpointer   data,
               guint      seconds)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, e2e_timeout_cb, &expired);

  while (!expired && !done (data))
    {
      for (guint i = 0; i < n; i++)
        if (clis[i].process)
          drain (&clis[i]);
      e2e_idle_a_moment ();
    }
  if (!expired)
    g_source_remove (timeout);
  return !expired;
}

/* … within WAIT_SECONDS, or the test fails. */
static void
wait_until (Cli       *clis,
            guint      n,
            gboolean (*done) (gpointer data),
            gpointer   data)
{
  g_assert_true (wait_until_or (clis, n, done, data, WAIT_SECONDS));
}

typedef struct {
  Cli       *clis;
  guint      n;
} All;

static gboolean
all_ended (gpointer data)
{
  All *all = data;

  for (guint i = 0; i < all->n; i++)
    if (!drain (&all->clis[i]) || g_subprocess_get_identifier (all->clis[i].process) != NULL)
      return FALSE;
  return TRUE;
}

static gboolean
has_line (gpointer data)
{
  return strchr (((Cli *) data)->out->str, '\n') != NULL;
}

typedef struct {
  GPtrArray  *heard;
  guint       at_least;
  const char *keep;
} Moment;

/* The second hand is under way, and the bot at North has kept its token (its file names
 * this table's room). */
static gboolean
mid_second_hand (gpointer data)
{
  Moment *moment = data;
  g_autofree char *contents = NULL;

  return moment->heard->len >= moment->at_least &&
         g_file_get_contents (moment->keep, &contents, NULL, NULL) &&
         strstr (contents, "room=token@") != NULL;
}

typedef struct {
  GPtrArray *heard;
  guint      from;
} Seated;

/* A <table/> heard since @from shows North under the nickname it came back with. */
static gboolean
seated_again (gpointer data)
{
  Seated *seated = data;

  for (guint i = seated->from; i < seated->heard->len; i++)
    {
      const char *text = g_ptr_array_index (seated->heard, i);

      const char *nick = g_str_has_prefix (text, "<table") ? strstr (text, "nick='bot2-phone'")
                                                             : NULL;
      const char *start, *end;
      g_autofree char *seat = NULL;

      if (nick == NULL)
        continue;
      /* the person's seat (its attributes in any order): no stand-in's level, not away */
      for (start = nick; start > text && !g_str_has_prefix (start, "<seat"); start--)
        ;
      end = strstr (nick, "/>");
      g_assert_nonnull (end);
      seat = g_strndup (start, (gsize) (end - start));
      if (strstr (seat, "level=") == NULL && strstr (seat, "away=") == NULL)
        return TRUE;
    }
  return FALSE;
}

/* docs/network.md 3.16: the kept file and the host's resume file are their owners' alone. */
static void
assert_private (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

static char *
kept_token (const char *keep,
            const char *room)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *kept_room = NULL;
  char *token;

  g_assert_true (g_key_file_load_from_file (file, keep, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  kept_room = g_key_file_get_string (file, "chair", "room", NULL);
  g_assert_cmpstr (kept_room, ==, room);
  token = g_key_file_get_string (file, "chair", "token", NULL);
  g_assert_nonnull (token);
  g_assert_cmpuint (strlen (token), ==, 2 * BK_NET_TOKEN_SIZE);
  return token;
}

static void
assert_not_in_file (const char *path,
                    const char *token)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, token));
}

/* The verdicts a bot printed: every one verified, @at_least of them, the last the last
 * hand's. */
static void
assert_verified (const char *output,
                 guint       at_least)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *object;
  JsonArray *hands;
  guint n;

  g_assert_true (json_parser_load_from_data (parser, output, -1, &error));
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (object, "verified"));
  hands = json_object_get_array_member (object, "hands");
  n = json_array_get_length (hands);
  g_assert_cmpuint (n, >=, at_least);
  for (guint h = 0; h < n; h++)
    {
      JsonObject *hand = json_array_get_object_element (hands, h);

      g_assert_cmpint (json_object_get_int_member (hand, "hand"), ==, DEALS - n + h + 1);
      g_assert_cmpstr (json_object_get_string_member (hand, "message"), ==,
                       "deal and play verified");
    }
}

static void
test_killed_new_address (void)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  g_autofree char *room = g_strdup_printf ("token@%s", bk_prosody_get_muc_service (server));
  g_autofree char *record = g_strdup_printf ("%s/token.record", dir);
  g_autofree char *resume = g_strconcat (record, ".resume", NULL);
  g_autofree char *keep = g_strdup_printf ("%s/north.keep", dir);
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *watcher_pw = e2e_password_file ("watcher");
  g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (server));
  g_autofree char *watcher_jid = g_strdup_printf ("watcher@%s", bk_prosody_get_domain (server));
  g_autofree char *invitation = NULL;
  g_autofree char *token = NULL;
  g_autofree char *token_after = NULL;
  g_autoptr (BkXmppClient) watcher = NULL;
  g_autoptr (GPtrArray) heard = g_ptr_array_new_with_free_func (g_free);
  const char *seats[] = { "W", "N", "E" };
  const char *users[] = { "bot1", "bot2", "bot3" };
  Cli clis[4] = { { NULL } };
  E2eRoom room_state = { 0 };
  gint64 restarted_at;
  gboolean expired = FALSE;
  guint timeout;

  g_assert_nonnull (cli);
  {
    const char *host_argv[] = {
      cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
      "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
      "--room", room, "--seats", "S=heuristic,W=invite,N=invite,E=invite",
      "--deals", "3", "--record", record, "--timeout", "200", NULL
    };

    clis[0] = spawn (host_argv);
  }
  wait_until (&clis[0], 1, has_line, &clis[0]);
  invitation = g_strndup (clis[0].out->str, strcspn (clis[0].out->str, "\n"));
  g_assert_true (g_str_has_prefix (invitation, "xmpp:"));

  /* a spectator hears the room: the token must never be in it */
  watcher = bk_xmpp_client_new (watcher_jid, PASSWORD, bk_prosody_get_server (server),
                                bk_prosody_get_cafile (server));
  g_signal_connect (watcher, "message", G_CALLBACK (spectator_message_cb), heard);
  timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  e2e_join_room (watcher, &room_state, room, "watcher", invitation, &expired);
  g_source_remove (timeout);

  /* a file kept at another table is not used, and is replaced by this table's */
  g_assert_true (g_file_set_contents (keep, "[chair]\nroom=other@conference.localhost\n"
                                      "seat=N\ntoken=00112233445566778899aabbccddeeff\n", -1,
                                      NULL));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *jid = g_strdup_printf ("%s@%s", users[i], bk_prosody_get_domain (server));
      g_autofree char *pw = e2e_password_file (users[i]);
      const char *guest_argv[] = {
        cli, "table", "join", "--jid", jid, "--password-file", pw,
        "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
        "--room", invitation, "--seat", seats[i], "--level", "heuristic", "--timeout", "200",
        /* North keeps its chair */
        i == 1 ? "--keep" : NULL, keep, NULL
      };

      clis[i + 1] = spawn (guest_argv);
    }

  /* into the second hand: North is killed (SIGKILL), its kept token is its own */
  {
    Moment moment = { heard, 45, keep };

    wait_until (clis, 4, mid_second_hand, &moment);
  }
  g_subprocess_force_exit (clis[2].process);
  g_assert_true (g_subprocess_wait (clis[2].process, NULL, NULL));
  g_assert_false (g_subprocess_get_if_exited (clis[2].process));
  g_clear_object (&clis[2].process);
  g_string_free (clis[2].out, TRUE);
  assert_private (keep);
  token = kept_token (keep, room);
  /* nowhere but in the kept file and the host's private resume file */
  assert_private (resume);
  assert_not_in_file (record, token);

  /* … and started again with the same file under another account (an anonymous guest
   * logs in under a new JID each time) and, while the old session may still sit in the
   * room (XEP-0198 keeps it a while), another nickname */
  {
    g_autofree char *jid = g_strdup_printf ("phone@%s", bk_prosody_get_domain (server));
    g_autofree char *pw = e2e_password_file ("phone");
    const char *guest_argv[] = {
      cli, "table", "join", "--jid", jid, "--password-file", pw,
      "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
      "--room", invitation, "--seat", "N", "--level", "heuristic", "--timeout", "200",
      "--nick", "bot2-phone", "--keep", keep, NULL
    };

    restarted_at = g_get_monotonic_time ();
    clis[2] = spawn (guest_argv);
  }
  /* the room's table shows the chair taken back under its new nickname; and a figure, not a
   * check of time: how long after the start again */
  {
    Seated seated = { heard, heard->len };

    if (!wait_until_or (clis, 4, seated_again, &seated, WAIT_SECONDS))
      for (guint i = seated.from; i < heard->len; i++)
        if (g_str_has_prefix (g_ptr_array_index (heard, i), "<table"))
          g_test_message ("heard: %s", strstr (g_ptr_array_index (heard, i), "</rules>"));
    g_assert_true (seated_again (&seated));
    g_test_message ("North back at its chair %.0f ms after it was started again (its login, "
                    "the room, the claim with its token)",
                    (g_get_monotonic_time () - restarted_at) / 1000.0);
  }
  {
    All all = { clis, 4 };

    wait_until (clis, 4, all_ended, &all);
  }
  for (guint i = 0; i < 4; i++)
    {
      g_test_message ("process %u: %s", i, clis[i].out->str);
      g_assert_true (g_subprocess_get_if_exited (clis[i].process));
      g_assert_cmpint (g_subprocess_get_exit_status (clis[i].process), ==, 0);
    }
  assert_verified (clis[1].out->str, DEALS);
  assert_verified (clis[3].out->str, DEALS);
  /* the chair taken back verifies the hand it came back to and the last */
  assert_verified (clis[2].out->str, 2);

  /* the token was spent: the chair has a new one, kept the same way */
  assert_private (keep);
  token_after = kept_token (keep, room);
  g_assert_cmpstr (token_after, !=, token);
  assert_not_in_file (record, token_after);
  for (guint i = 0; i < heard->len; i++)
    {
      const char *text = g_ptr_array_index (heard, i);

      g_assert_null (strstr (text, "<token"));
      g_assert_null (strstr (text, token));
      g_assert_null (strstr (text, token_after));
    }
  g_test_message ("%u groupchat stanzas heard; the token was in none", heard->len);

  bk_xmpp_client_disconnect (watcher);
  for (guint i = 0; i < 4; i++)
    {
      g_object_unref (clis[i].process);
      g_string_free (clis[i].out, TRUE);
    }
}

/* `--keep` with nothing to keep, or a FILE that is not a kept chair: exit 2, saying why,
 * before any connection, and the file stays as it was. */
static void
test_keep_refused (void)
{
  g_autofree char *pw = e2e_password_file ("bot1");
  g_autofree char *garbage = g_strdup_printf ("%s/garbage.keep", dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const struct {
    const char *args[24];
    const char *says;
  } cases[] = {
    { { "table", "join", "--jid", "bot1@localhost", "--password-file", pw, "--room",
        "r@conference.localhost", "--spectate", "--keep", garbage, NULL }, "--seat" },
    { { "table", "join", "--jid", "bot1@localhost", "--password-file", pw, "--room",
        "r@conference.localhost", "--seat", "N", "--level", "random", "--keep", garbage,
        NULL }, "is not a chair kept by table join --keep" },
    { { "table", "join", "--jid", "bot1@localhost", "--password-file", pw, "--room",
        "r@conference.localhost", "--seat", "N", "--level", "random", "--keep", dir, NULL },
      "cannot be read" },
  };

  g_assert_true (g_file_set_contents (garbage, "[chair]\nroom=r@conference.localhost\n"
                                      "seat=N\ntoken=short\n", -1, NULL));
  g_assert_true (g_file_get_contents (garbage, &before, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_autoptr (GSubprocess) process = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *err = NULL;

      g_ptr_array_add (argv, (gpointer) g_getenv ("BIERKOPF_CLI"));
      for (guint a = 0; cases[i].args[a]; a++)
        g_ptr_array_add (argv, (gpointer) cases[i].args[a]);
      g_ptr_array_add (argv, NULL);
      process = g_subprocess_newv ((const char * const *) argv->pdata,
                                   G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                   G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
      g_assert_no_error (error);
      /* bounded: these exit before they connect */
      g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error));
      g_assert_no_error (error);
      g_test_message ("case %u: %s", i, err);
      g_assert_true (g_subprocess_get_if_exited (process));
      g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 2);
      g_assert_nonnull (strstr (err, cases[i].says));
    }
  g_assert_true (g_file_get_contents (garbage, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
}

int
main (int   argc,
      char *argv[])
{
  const char *users[] = {
    "host:" PASSWORD, "watcher:" PASSWORD, "bot1:" PASSWORD, "bot2:" PASSWORD,
    "bot3:" PASSWORD, "phone:" PASSWORD, NULL
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  /* a bot that quit early is a failed exit status, not a write that kills the test */
  signal (SIGPIPE, SIG_IGN);
  e2e_start (users, "bk-token-e2e-XXXXXX");
  g_test_add_func ("/token-e2e/keep-refused", test_keep_refused);
  g_test_add_func ("/token-e2e/killed-new-address", test_killed_new_address);
  status = g_test_run ();
  e2e_stop ();
  return status;
}
