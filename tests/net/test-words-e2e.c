/* test-words-e2e.c: free words at a table over a real server (docs/network.md, 3.13 "Free
 * words"; issue 24): `bierkopf-cli table host` with two people's seats, two `table join
 * --stdin` guests (Anna and Bert) and a plain XMPP client in the room (as Dino would be).
 * Anna's `say` reaches Bert (with her chair) and the client (a body without payload);
 * too long words are refused to her; the client's words, with a line break, markup and
 * far too long, reach Bert as one line cut at 300 characters, the markup as text.
 * Every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-table-words.h"
#include "e2e-common.h"

#define WAIT_SECONDS 120

typedef struct {
  GPtrArray *bodies;   /* "nick: body" of every live groupchat body without payload */
  E2eRoom    room;
} Client;

static void
client_message_cb (BkXmppClient        *client,
                   const BkXmppMessage *message,
                   Client              *self)
{
  const char *nick = message->from ? strchr (message->from, '/') : NULL;

  if (message->delayed || message->payload || message->body == NULL || nick == NULL ||
      strcmp (message->type, "groupchat") != 0)
    return;
  g_ptr_array_add (self->bodies, g_strdup_printf ("%s: %s", nick + 1, message->body));
}

typedef struct {
  GSubprocess *process;
  GString     *out;
} Cli;

/* Reads @cli's output until it holds @needle, within WAIT_SECONDS. */
static void
wait_for (Cli        *cli,
          const char *needle)
{
  GInputStream *stream = g_subprocess_get_stdout_pipe (cli->process);
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);

  while (!expired && strstr (cli->out->str, needle) == NULL)
    {
      char buffer[4096];
      gssize got = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (stream),
                                                             buffer, sizeof buffer, NULL, NULL);

      if (got > 0)
        g_string_append_len (cli->out, buffer, got);
      else if (got == 0)
        break;
      else
        e2e_idle_a_moment ();
    }
  if (strstr (cli->out->str, needle) == NULL)
    g_error ("not found “%s” in:\n%s", needle, cli->out->str);
  if (!expired)
    g_source_remove (timeout);
}

static void
type_line (Cli        *cli,
           const char *line)
{
  GOutputStream *stream = g_subprocess_get_stdin_pipe (cli->process);
  g_autofree char *text = g_strconcat (line, "\n", NULL);

  g_assert_true (g_output_stream_write_all (stream, text, strlen (text), NULL, NULL, NULL));
  g_assert_true (g_output_stream_flush (stream, NULL, NULL));
}

static Cli
spawn_guest (const char *user,
             const char *nick,
             const char *seat,
             const char *invitation)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (server));
  g_autofree char *pw = e2e_password_file (user);
  const char *argv[] = {
    cli, "table", "join", "--jid", jid, "--password-file", pw,
    "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
    "--room", invitation, "--seat", seat, "--stdin", "--nick", nick, "--timeout", "200", NULL
  };
  g_autoptr (GError) error = NULL;
  Cli guest = { NULL, g_string_new (NULL) };

  guest.process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                           G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);
  g_assert_no_error (error);
  return guest;
}

static void
cli_stop (Cli *cli)
{
  g_subprocess_force_exit (cli->process);
  g_assert_true (g_subprocess_wait (cli->process, NULL, NULL));
  g_clear_object (&cli->process);
  g_string_free (cli->out, TRUE);
}

static gboolean
has_body (Client     *client,
          const char *text)
{
  for (guint i = 0; i < client->bodies->len; i++)
    if (strcmp (g_ptr_array_index (client->bodies, i), text) == 0)
      return TRUE;
  return FALSE;
}

static void
test_words (void)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  const char *domain = bk_prosody_get_domain (server);
  g_autofree char *room = g_strdup_printf ("words@%s", bk_prosody_get_muc_service (server));
  g_autofree char *host_jid = g_strdup_printf ("host@%s", domain);
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *seats = g_strdup_printf ("S=heuristic,W=anna@%s,N=bert@%s,E=heuristic",
                                            domain, domain);
  g_autofree char *dino_jid = g_strdup_printf ("dino@%s", domain);
  g_autofree char *invitation = NULL;
  g_autofree char *too_long = NULL;
  g_autofree char *long_body = NULL;
  g_autofree char *cut = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (BkXmppClient) dino = NULL;
  g_autoptr (GError) error = NULL;
  Client client = { g_ptr_array_new_with_free_func (g_free) };
  Cli host = { NULL, g_string_new (NULL) };
  Cli anna, bert;
  gboolean expired = FALSE;
  guint timeout;
  const char *host_argv[] = {
    cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
    "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
    "--room", room, "--seats", seats, "--deals", "1", "--timeout", "200", NULL
  };

  g_assert_nonnull (cli);
  host.process = g_subprocess_newv (host_argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  wait_for (&host, "\n");
  invitation = g_strndup (host.out->str, strcspn (host.out->str, "\n"));
  g_assert_true (g_str_has_prefix (invitation, "xmpp:"));

  /* an XMPP client in the room that knows nothing of the table */
  dino = bk_xmpp_client_new (dino_jid, PASSWORD, bk_prosody_get_server (server),
                             bk_prosody_get_cafile (server));
  g_signal_connect (dino, "message", G_CALLBACK (client_message_cb), &client);
  timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  e2e_join_room (dino, &client.room, room, "dino", invitation, &expired);
  g_source_remove (timeout);

  anna = spawn_guest ("anna", "Anna", "W", invitation);
  bert = spawn_guest ("bert", "Bert", "N", invitation);
  /* both sit and the hand is dealt: each has the table */
  wait_for (&anna, "dealer ");
  wait_for (&bert, "dealer ");

  /* Anna's words: to Bert with her chair, to herself, to the client as a plain body */
  type_line (&anna, "say Grüß Gott <b>alle</b>\x01!");
  wait_for (&bert, "said W Anna: Grüß Gott <b>alle</b> !\n");
  wait_for (&anna, "said W Anna: Grüß Gott <b>alle</b> !\n");
  timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
  while (!expired && !has_body (&client, "Anna: Grüß Gott <b>alle</b> !"))
    e2e_idle_a_moment ();
  g_assert_false (expired);
  g_source_remove (timeout);

  /* too long: refused to her, nothing sent */
  too_long = g_strnfill (BK_NET_WORDS_MAX_CHARS + 1, 'x');
  {
    g_autofree char *line = g_strconcat ("say ", too_long, NULL);

    type_line (&anna, line);
  }
  wait_for (&anna, "not said: At most 300 characters can be said at once\n");

  /* the client's words: one line, the markup as text, cut at 300 characters */
  long_body = g_strnfill (400, 'y');
  {
    g_autofree char *body = g_strconcat ("Servus\n<i>Bert</i> ", long_body, NULL);

    bk_xmpp_client_send_groupchat (dino, room, body, NULL);
  }
  cut = g_strnfill (BK_NET_WORDS_MAX_CHARS - 1 - strlen ("Servus <i>Bert</i> "), 'y');
  expected = g_strdup_printf ("said - dino: Servus <i>Bert</i> %s…\n", cut);
  wait_for (&bert, expected);
  g_assert_null (strstr (anna.out->str, "x\n"));
  g_assert_null (strstr (bert.out->str, "xxx"));

  cli_stop (&anna);
  cli_stop (&bert);
  cli_stop (&host);
  bk_xmpp_client_disconnect (dino);
  g_ptr_array_unref (client.bodies);
}

int
main (int    argc,
      char **argv)
{
  const char *users[] = { "host:" PASSWORD, "anna:" PASSWORD, "bert:" PASSWORD,
                          "dino:" PASSWORD, NULL };
  int code;

  g_test_init (&argc, &argv, NULL);
  e2e_start (users, "bk-words-e2e-XXXXXX");
  g_test_add_func ("/words-e2e/say-and-hear", test_words);
  code = g_test_run ();
  e2e_stop ();
  return code;
}
