/* test-table-guests.c: a friend joins with nothing but the link (issue 32), on Prosody from
 * the fixture with its anonymous VirtualHost "guest.localhost" beside the MUC: a client
 * without an account logs in with SASL ANONYMOUS and gets a JID of the server's; a server
 * that offers no such login says so (BK_XMPP_ERROR_NO_GUESTS); the MUC service for a
 * guest domain is found; `bierkopf-cli table host --guest-domain` puts the domain into
 * its link, and two `table join` guests without --jid come in with that link alone, take
 * their chairs and verify every hand; a link whose guest domain gives no anonymous login
 * is refused with a clear message and the table goes on as before. Every wait is bounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <signal.h>

#include "bk-table-link.h"
#include "bk-xmpp-private.h"
#include "e2e-common.h"

#define WAIT_SECONDS 240
/* bierkopf-cli's exit code when the server or the room refused it */
#define EXIT_REFUSED 3

/* --- the client --- */

typedef struct {
  BkXmppState  state;
  GError      *error;
  gboolean     changed;
  char        *service;
  gboolean     service_done;
} Login;

static void
login_state_cb (BkXmppClient *client,
                BkXmppState   state,
                const GError *error,
                Login        *login)
{
  login->state = state;
  login->changed = TRUE;
  g_clear_error (&login->error);
  if (error)
    login->error = g_error_copy (error);
}

static void
login_service_cb (BkXmppClient *client,
                  const char   *service,
                  Login        *login)
{
  g_free (login->service);
  login->service = g_strdup (service);
  login->service_done = TRUE;
}

/* Connects @client and waits until it is online or the login ended. */
static void
login_wait (BkXmppClient *client,
            Login        *login)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);

  g_signal_connect (client, "state-changed", G_CALLBACK (login_state_cb), login);
  g_signal_connect (client, "service-found", G_CALLBACK (login_service_cb), login);
  bk_xmpp_client_connect (client);
  while (!expired && (login->state == BK_XMPP_STATE_CONNECTING || !login->changed))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

static void
login_clear (Login *login)
{
  g_clear_error (&login->error);
  g_free (login->service);
}

/* A bare domain without a password: SASL ANONYMOUS, a JID the server makes up; a second
 * login gets another. */
static void
test_anonymous_login (void)
{
  const char *guests = bk_prosody_get_guest_domain (server);
  g_autofree char *first = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (BkXmppClient) client = bk_xmpp_client_new (guests, NULL,
                                                            bk_prosody_get_server (server),
                                                            bk_prosody_get_cafile (server));
      Login login = { 0 };
      g_autofree char *suffix = g_strdup_printf ("@%s/", guests);
      const char *jid;

      login_wait (client, &login);
      g_assert_no_error (login.error);
      g_assert_cmpint (login.state, ==, BK_XMPP_STATE_ONLINE);
      jid = bk_xmpp_client_get_jid (client);
      g_assert_nonnull (strstr (jid, suffix));
      g_assert_false (g_str_has_prefix (jid, "@"));
      if (first == NULL)
        first = g_strdup (jid);
      else
        g_assert_cmpstr (jid, !=, first);
      g_test_message ("anonymous login %u: %s", i + 1, jid);
      bk_xmpp_client_disconnect (client);
      login_clear (&login);
    }
}

static void
count_joined_cb (BkXmppClient *client,
                 const char   *room,
                 const char   *nick,
                 guint        *joined)
{
  (*joined)++;
}

/* A guest's stream dropped: no anonymous session is resumed (XEP-0198: Prosody resumes a
 * session for the same user only, and SASL ANONYMOUS makes a new one first), so the guest
 * logs in again under a new JID (why a chair must survive a new address: issue 32, the
 * resume token). Its old session holds its nickname in the room until the server lets it
 * go (smacks_hibernation_time): the way back into the room is not this test's. */
static void
test_anonymous_drop (void)
{
  const char *guests = bk_prosody_get_guest_domain (server);
  g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (server));
  g_autofree char *room = g_strdup_printf ("drop@%s", bk_prosody_get_muc_service (server));
  g_autoptr (BkXmppClient) guest = bk_xmpp_client_new (guests, NULL,
                                                       bk_prosody_get_server (server),
                                                       bk_prosody_get_cafile (server));
  g_autoptr (BkXmppClient) host = bk_xmpp_client_new (host_jid, PASSWORD,
                                                      bk_prosody_get_server (server),
                                                      bk_prosody_get_cafile (server));
  Login login = { 0 }, host_login = { 0 };
  guint host_joined = 0, guest_joined = 0;
  g_autofree char *jid = NULL;
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);

  g_signal_connect (host, "room-joined", G_CALLBACK (count_joined_cb), &host_joined);
  g_signal_connect (guest, "room-joined", G_CALLBACK (count_joined_cb), &guest_joined);
  login_wait (host, &host_login);
  bk_xmpp_client_create_room (host, room, "host", "geheim");
  while (!expired && host_joined == 0)
    g_main_context_iteration (NULL, TRUE);
  login_wait (guest, &login);
  g_assert_no_error (login.error);
  jid = g_strdup (bk_xmpp_client_get_jid (guest));
  bk_xmpp_client_join_room (guest, room, "Anna", "geheim");
  while (!expired && guest_joined == 0)
    g_main_context_iteration (NULL, TRUE);

  bk_xmpp_client_break_connection_for_testing (guest);
  while (!expired && login.state != BK_XMPP_STATE_CONNECTING)
    g_main_context_iteration (NULL, TRUE);
  while (!expired && login.state != BK_XMPP_STATE_ONLINE)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
  g_test_message ("before the drop %s, after it %s", jid, bk_xmpp_client_get_jid (guest));
  g_assert_cmpstr (bk_xmpp_client_get_jid (guest), !=, jid);
  {
    g_autofree char *suffix = g_strdup_printf ("@%s/", guests);

    g_assert_nonnull (strstr (bk_xmpp_client_get_jid (guest), suffix));
  }

  bk_xmpp_client_disconnect (guest);
  bk_xmpp_client_disconnect (host);
  login_clear (&login);
  login_clear (&host_login);
}

/* The server's own domain takes accounts only: no login without one, said plainly. */
static void
test_no_guests (void)
{
  g_autoptr (BkXmppClient) client = bk_xmpp_client_new (bk_prosody_get_domain (server), NULL,
                                                        bk_prosody_get_server (server),
                                                        bk_prosody_get_cafile (server));
  Login login = { 0 };

  login_wait (client, &login);
  g_assert_cmpint (login.state, ==, BK_XMPP_STATE_OFFLINE);
  g_assert_error (login.error, BK_XMPP_ERROR, BK_XMPP_ERROR_NO_GUESTS);
  g_assert_nonnull (strstr (login.error->message, "no guests"));
  login_clear (&login);
}

/* The MUC service for the guest domain, asked by an account on the same server and by a
 * guest: conference.localhost, listed under localhost (the guest domain lists nothing). */
static void
test_find_service (void)
{
  const char *guests = bk_prosody_get_guest_domain (server);
  g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (server));
  BkXmppClient *clients[2] = {
    bk_xmpp_client_new (host_jid, PASSWORD, bk_prosody_get_server (server),
                        bk_prosody_get_cafile (server)),
    bk_xmpp_client_new (guests, NULL, bk_prosody_get_server (server),
                        bk_prosody_get_cafile (server)),
  };

  for (guint i = 0; i < G_N_ELEMENTS (clients); i++)
    {
      Login login = { 0 };
      gboolean expired = FALSE;
      guint timeout;

      login_wait (clients[i], &login);
      g_assert_no_error (login.error);
      timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);
      bk_xmpp_client_find_muc_service_for (clients[i], guests);
      while (!expired && !login.service_done)
        g_main_context_iteration (NULL, TRUE);
      g_assert_false (expired);
      g_source_remove (timeout);
      g_assert_cmpstr (login.service, ==, bk_prosody_get_muc_service (server));
      bk_xmpp_client_disconnect (clients[i]);
      login_clear (&login);
      g_object_unref (clients[i]);
    }
}

/* --- the command line --- */

/* A process of bierkopf-cli: its output as it comes, its end. */
typedef struct {
  GSubprocess      *process;
  GDataInputStream *lines;     /* the host's, read a line at a time */
  GString          *out;
  char             *err;
  gboolean          done;
} Cli;

static void
cli_communicated_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  Cli *cli = data;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out, &cli->err, &error);
  g_assert_no_error (error);
  g_string_append (cli->out, out);
  cli->done = TRUE;
}

static void
cli_line_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Cli *cli = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (cli->lines, result, NULL,
                                                                      &error);

  g_assert_no_error (error);
  if (line == NULL)
    {
      cli->done = TRUE;
      return;
    }
  g_string_append_printf (cli->out, "%s\n", line);
  g_data_input_stream_read_line_async (cli->lines, G_PRIORITY_DEFAULT, NULL, cli_line_cb, cli);
}

/* @argv's process; the host's output is read line by line (@lines), a guest's at its end. */
static void
cli_spawn (Cli                *cli,
           const char * const *argv,
           gboolean            lines)
{
  g_autoptr (GError) error = NULL;

  memset (cli, 0, sizeof *cli);
  cli->out = g_string_new (NULL);
  cli->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                    (lines ? 0 : G_SUBPROCESS_FLAGS_STDERR_PIPE), &error);
  g_assert_no_error (error);
  if (lines)
    {
      cli->lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (cli->process));
      g_data_input_stream_read_line_async (cli->lines, G_PRIORITY_DEFAULT, NULL, cli_line_cb,
                                           cli);
    }
  else
    g_subprocess_communicate_utf8_async (cli->process, NULL, NULL, cli_communicated_cb, cli);
}

/* Until @done says so, within WAIT_SECONDS. */
static void
cli_wait (gboolean (*done) (gpointer data),
          gpointer   data)
{
  gboolean expired = FALSE;
  guint timeout = g_timeout_add_seconds (WAIT_SECONDS, e2e_timeout_cb, &expired);

  while (!expired && !done (data))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
}

static gboolean
cli_has_line (gpointer data)
{
  Cli *cli = data;

  return cli->done || strchr (cli->out->str, '\n') != NULL;
}

static gboolean
cli_done (gpointer data)
{
  Cli *cli = data;

  return cli->done;
}

/* Its exit status, once its output is read to the end and it has gone (its end is seen on
 * GLib's worker thread, which does not wake our loop: waited for here, after the end of
 * its output, which comes at its exit or its --timeout). */
static int
cli_finish (Cli *cli)
{
  g_autoptr (GError) error = NULL;

  cli_wait (cli_done, cli);
  g_subprocess_wait (cli->process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (cli->process));
  return g_subprocess_get_exit_status (cli->process);
}

static void
cli_clear (Cli *cli)
{
  g_clear_object (&cli->lines);
  g_clear_object (&cli->process);
  g_string_free (cli->out, TRUE);
  g_free (cli->err);
}

/* A guest's JSON: every hand of @deals verified. */
static void
assert_all_verified (const char *out,
                     guint       deals)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *object;
  JsonArray *hands;

  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (object, "verified"));
  hands = json_object_get_array_member (object, "hands");
  g_assert_cmpuint (json_array_get_length (hands), ==, deals);
  for (guint h = 0; h < deals; h++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (hands, h),
                                                    "message"), ==, "deal and play verified");
}

/* issue 32: a host with an account on @home and --guest-domain of @guests_server; its
 * link names the domain and a room on that domain's MUC service; a guest from a link whose
 * domain gives no anonymous login is refused and says so; two guests without an account
 * come in with the link alone (one in its bierkopf: form), take W and E, play @deals hands
 * and verify each. */
static void
play_with_guests (BkProsody *home,
                  BkProsody *guests_server,
                  guint      deals)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  const char *guests = bk_prosody_get_guest_domain (guests_server);
  const char *at = bk_prosody_get_server (guests_server);
  const char *cafile = bk_prosody_get_cafile (guests_server);
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (home));
  g_autofree char *record = g_strdup_printf ("%s/guests-%s.record", dir, guests);
  g_autofree char *deals_arg = g_strdup_printf ("%u", deals);
  g_autofree char *invitation = NULL;
  g_autofree char *clickable = NULL;
  g_autofree char *no_guests = NULL;
  g_autofree char *expected = NULL;
  char *room = NULL, *password = NULL, *domain = NULL;
  const char *host_argv[] = {
    cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
    "--server", bk_prosody_get_server (home), "--cafile", bk_prosody_get_cafile (home),
    "--guest-domain", guests, "--seats", "S=heuristic,W=invite,N=heuristic,E=invite",
    "--deals", deals_arg, "--record", record, "--timeout", "200", NULL,
  };
  Cli host, anna, bert, nobody;

  g_assert_nonnull (cli);
  cli_spawn (&host, host_argv, TRUE);
  cli_wait (cli_has_line, &host);
  invitation = g_strndup (host.out->str, strcspn (host.out->str, "\n"));
  g_test_message ("the link: %s", invitation);
  g_assert_true (bk_table_link_parse_link (invitation, &room, &password, &domain));
  g_assert_cmpstr (domain, ==, guests);
  /* the room on the MUC service found for the guest domain */
  expected = g_strdup_printf ("@%s", bk_prosody_get_muc_service (guests_server));
  g_assert_true (g_str_has_suffix (room, expected));

  /* a link whose guest domain is the server's own, which takes accounts only */
  no_guests = g_strdup_printf ("xmpp:%s?join;password=%s;guests=%s", room, password,
                               bk_prosody_get_domain (guests_server));
  {
    const char *argv[] = {
      cli, "table", "join", "--room", no_guests, "--nick", "Zenzi", "--server", at,
      "--cafile", cafile, "--seat", "W", "--level", "heuristic", "--timeout", "60", NULL,
    };

    cli_spawn (&nobody, argv, FALSE);
    g_assert_cmpint (cli_finish (&nobody), ==, EXIT_REFUSED);
    g_test_message ("refused: %s", nobody.err);
    g_assert_nonnull (strstr (nobody.err, "takes no guests"));
    g_assert_cmpstr (nobody.out->str, ==, "");
  }

  clickable = g_strconcat (BK_TABLE_LINK_SCHEME, invitation, NULL);
  {
    const char *argv_anna[] = {
      cli, "table", "join", "--room", clickable, "--nick", "Anna", "--server", at,
      "--cafile", cafile, "--seat", "W", "--level", "heuristic", "--timeout", "200", NULL,
    };
    const char *argv_bert[] = {
      cli, "table", "join", "--room", invitation, "--nick", "Bert", "--server", at,
      "--cafile", cafile, "--seat", "E", "--level", "random", "--timeout", "200", NULL,
    };

    cli_spawn (&anna, argv_anna, FALSE);
    cli_spawn (&bert, argv_bert, FALSE);
  }
  g_assert_cmpint (cli_finish (&anna), ==, 0);
  g_assert_cmpint (cli_finish (&bert), ==, 0);
  g_assert_cmpint (cli_finish (&host), ==, 0);
  assert_all_verified (anna.out->str, deals);
  assert_all_verified (bert.out->str, deals);
  g_test_message ("%s", host.out->str);

  cli_clear (&host);
  cli_clear (&anna);
  cli_clear (&bert);
  cli_clear (&nobody);
  g_free (room);
  g_free (password);
  g_free (domain);
}

static void
test_guests_play (void)
{
  play_with_guests (server, server, 2);
}

/* The host's account on b.localhost, the guests' domain on a.localhost: the room is made
 * on a.localhost's MUC service by federation (found under a.localhost: b cannot reach
 * guest.a.localhost, which takes no server-to-server connections). */
static void
test_guests_federated (void)
{
  const char *users_b[] = { "host:" PASSWORD, NULL };
  g_autoptr (BkProsody) a = NULL;
  g_autoptr (BkProsody) b = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (bk_prosody_start_pair (NULL, users_b, &a, &b, &error));
  g_assert_no_error (error);
  play_with_guests (b, a, 1);
}

/* A guest domain whose server the host's cannot reach (.invalid, RFC 2606): no room, and
 * the host says guests cannot come (exit 3) before printing any link. */
static void
test_guests_unreachable (void)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  g_autofree char *host_pw = e2e_password_file ("host");
  g_autofree char *host_jid = g_strdup_printf ("host@%s", bk_prosody_get_domain (server));
  const char *argv[] = {
    cli, "table", "host", "--jid", host_jid, "--password-file", host_pw,
    "--server", bk_prosody_get_server (server), "--cafile", bk_prosody_get_cafile (server),
    "--guest-domain", "guest.nowhere.invalid", "--seats", "S=heuristic,W=invite",
    "--timeout", "100", NULL,
  };
  Cli host;

  cli_spawn (&host, argv, FALSE);
  g_assert_cmpint (cli_finish (&host), ==, EXIT_REFUSED);
  g_test_message ("%s", host.err);
  g_assert_nonnull (strstr (host.err, "guests cannot come"));
  g_assert_cmpstr (host.out->str, ==, "");
  cli_clear (&host);
}

/* Without --jid: a guest needs a link with a guest domain and a name; a malformed guest
 * domain is no link. Exit 2 each, before any connection. */
static void
test_guest_usage (void)
{
  const char *cli = g_getenv ("BIERKOPF_CLI");
  static const char *const rooms[] = {
    "xmpp:t@conference.localhost?join;password=x",
    "xmpp:t@conference.localhost?join;password=x;guests=guest.localhost",
    "xmpp:t@conference.localhost?join;password=x;guests=a@guest.localhost",
  };

  for (guint i = 0; i < G_N_ELEMENTS (rooms); i++)
    {
      const char *argv[] = {
        cli, "table", "join", "--room", rooms[i], "--seat", "W", "--level", "random",
        i == 1 ? NULL : "--nick", "Anna", NULL,
      };
      Cli guest;

      cli_spawn (&guest, argv, FALSE);
      g_assert_cmpint (cli_finish (&guest), ==, 2);
      g_test_message ("%s", guest.err);
      cli_clear (&guest);
    }
}

int
main (int    argc,
      char **argv)
{
  const char *users[] = { "host:" PASSWORD, NULL };
  int code;

  g_test_init (&argc, &argv, NULL);
  /* a guest that quit early is a failed exit status, not a write that kills the test */
  signal (SIGPIPE, SIG_IGN);
  e2e_start (users, "bk-table-guests-XXXXXX");

  g_test_add_func ("/table-guests/anonymous-login", test_anonymous_login);
  g_test_add_func ("/table-guests/anonymous-drop", test_anonymous_drop);
  g_test_add_func ("/table-guests/no-guests", test_no_guests);
  g_test_add_func ("/table-guests/find-service", test_find_service);
  g_test_add_func ("/table-guests/usage", test_guest_usage);
  g_test_add_func ("/table-guests/play", test_guests_play);
  bk_test_add_func_prosody_only ("/table-guests/federated", test_guests_federated,
                                 "two federated servers are the Prosody fixture's alone");
  g_test_add_func ("/table-guests/unreachable", test_guests_unreachable);
  code = g_test_run ();
  e2e_stop ();
  return code;
}
