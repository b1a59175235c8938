/* test-xmpp-invitation.c: an invitation that makes an account (issue 32, item 3; XEP-0401
 * and XEP-0445), against a real Prosody with mod_invites, mod_invites_adhoc and
 * mod_invites_register (tests/net/prosody-invites.cfg.lua: registration by invitation
 * only, any user may invite). Alice asks her server for an invitation; a newcomer's app
 * reads its URI, registers with its token and logs in; the same token again is refused in
 * words; without a token the server makes no account. Without a server: what
 * bk_xmpp_invitation_parse() takes and refuses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"
#include "bk-xmpp-invitation.h"

#include <gio/gio.h>
#include <string.h>

/* Every wait in this file ends by this, however the server behaves. */
#define WAIT_US (25 * G_USEC_PER_SEC)

static void
test_parse (void)
{
  g_autofree char *domain = NULL;
  g_autofree char *inviter = NULL;
  g_autofree char *token = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *long_token = g_strnfill (300, 'a');
  g_autofree char *long_param = g_strnfill (1100, 'b');
  g_autofree char *too_long = NULL;
  const char *refused[] = {
    "https://localhost/invite/abcdefgh12345678",
    "xmpp:localhost",
    "xmpp:localhost?join;preauth=abcdefgh12345678",
    "xmpp:localhost?register",
    "xmpp:localhost?register;preauth=short",
    "xmpp:localhost?register;preauth=abc<def>ghijk",
    "xmpp:anna@localhost?register;preauth=abcdefgh12345678",
    "xmpp:localhost/res?register;preauth=abcdefgh12345678",
    "xmpp:local_host?register;preauth=abcdefgh12345678",
    "xmpp:?register;preauth=abcdefgh12345678",
    "xmpp:@localhost?roster;preauth=abcdefgh12345678;ibr=y",
    NULL,
  };

  g_assert_true (bk_xmpp_invitation_parse ("xmpp:Example.ORG?register;preauth=Ab-9_x.y~z12",
                                           &domain, &inviter, &token, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (domain, ==, "example.org");
  g_assert_null (inviter);
  g_assert_cmpstr (token, ==, "Ab-9_x.y~z12");
  g_clear_pointer (&domain, g_free);
  g_clear_pointer (&token, g_free);

  g_assert_true (bk_xmpp_invitation_parse ("xmpp:anna@localhost?roster;preauth=abcdefgh12345678;"
                                           "ibr=y", &domain, &inviter, &token, &error));
  g_assert_cmpstr (domain, ==, "localhost");
  g_assert_cmpstr (inviter, ==, "anna@localhost");
  g_assert_cmpstr (token, ==, "abcdefgh12345678");

  /* a contact's invitation that makes no account: said so */
  g_assert_false (bk_xmpp_invitation_parse ("xmpp:anna@localhost?roster;preauth=abcdefgh12345678",
                                            NULL, NULL, NULL, &error));
  g_assert_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_assert_nonnull (strstr (error->message, "makes no account"));
  g_clear_error (&error);

  for (guint i = 0; refused[i] != NULL; i++) {
    g_assert_false (bk_xmpp_invitation_parse (refused[i], NULL, NULL, NULL, &error));
    g_assert_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
    g_clear_error (&error);
  }
  too_long = g_strdup_printf ("xmpp:localhost?register;preauth=%s", long_token);
  g_assert_false (bk_xmpp_invitation_parse (too_long, NULL, NULL, NULL, &error));
  g_clear_error (&error);
  g_clear_pointer (&too_long, g_free);
  too_long = g_strdup_printf ("xmpp:localhost?register;preauth=abcdefgh12345678;x=%s",
                              long_param);
  g_assert_false (bk_xmpp_invitation_parse (too_long, NULL, NULL, NULL, &error));
  g_clear_error (&error);
}

typedef struct {
  gboolean    done;
  char       *uri;
  BkXmppForm *form;
  gboolean    ok;
  GError     *error;
  BkXmppState state;
} Seen;

static void
seen_clear (Seen *seen)
{
  g_clear_pointer (&seen->uri, g_free);
  g_clear_pointer (&seen->form, bk_xmpp_form_unref);
  g_clear_error (&seen->error);
  memset (seen, 0, sizeof *seen);
}

static void
wait_until (gboolean   *flag,
            const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (!*flag) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
}

static void
state_cb (BkXmppClient *client,
          BkXmppState   state,
          const GError *error,
          Seen         *seen)
{
  seen->state = state;
  seen->done = state != BK_XMPP_STATE_CONNECTING;
}

static BkXmppClient *
online_client (BkProsody  *server,
               const char *jid,
               const char *password)
{
  BkXmppClient *client = bk_xmpp_client_new (jid, password, bk_prosody_get_server (server),
                                             bk_prosody_get_cafile (server));
  Seen seen = { 0 };
  gulong handler = g_signal_connect (client, "state-changed", G_CALLBACK (state_cb), &seen);

  bk_xmpp_client_connect (client);
  wait_until (&seen.done, "the login");
  g_signal_handler_disconnect (client, handler);
  g_assert_cmpint (seen.state, ==, BK_XMPP_STATE_ONLINE);
  return client;
}

static void
invited_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Seen *seen = data;

  seen->uri = bk_xmpp_client_create_invitation_finish (BK_XMPP_CLIENT (source), result,
                                                       &seen->error);
  seen->done = TRUE;
}

static void
fetched_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Seen *seen = data;

  seen->form = bk_xmpp_client_fetch_register_form_finish (BK_XMPP_CLIENT (source), result,
                                                          &seen->error);
  seen->done = TRUE;
}

static void
submitted_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Seen *seen = data;

  seen->ok = bk_xmpp_client_submit_register_form_finish (BK_XMPP_CLIENT (source), result,
                                                         &seen->error);
  seen->done = TRUE;
}

/* Registers `name` with `token` (NULL: none): the outcome, NULL when made. */
static GError *
register_with (BkProsody  *server,
               const char *name,
               const char *token)
{
  g_autofree char *jid = g_strdup_printf ("%s@%s", name, bk_prosody_get_domain (server));
  g_autoptr (BkXmppClient) client = bk_xmpp_client_new (jid, "newcomer-pw",
                                                        bk_prosody_get_server (server),
                                                        bk_prosody_get_cafile (server));
  Seen seen = { 0 };
  g_autoptr (BkXmppForm) form = NULL;
  GError *outcome;

  bk_xmpp_client_set_invitation_token (client, token);
  bk_xmpp_client_fetch_register_form_async (client, NULL, fetched_cb, &seen);
  wait_until (&seen.done, "the form");
  if (seen.error != NULL)
    return g_steal_pointer (&seen.error);
  form = g_steal_pointer (&seen.form);
  bk_xmpp_form_set_account (form, name, "newcomer-pw");
  seen.done = FALSE;
  bk_xmpp_client_submit_register_form_async (client, form, NULL, submitted_cb, &seen);
  wait_until (&seen.done, "the registration");
  outcome = g_steal_pointer (&seen.error);
  g_assert_true (seen.ok == (outcome == NULL));
  seen_clear (&seen);
  return outcome;
}

static void
test_invitation (void)
{
  const char *users[] = { "alice:alice-pw", NULL };
  g_autofree char *snippet = g_build_filename (BK_NET_TEST_SRCDIR, "prosody-invites.cfg.lua",
                                               NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkXmppClient) alice = NULL;
  g_autoptr (BkXmppClient) newcomer = NULL;
  g_autofree char *domain = NULL;
  g_autofree char *token = NULL;
  GError *outcome;
  Seen seen = { 0 };

  g_setenv ("BK_PROSODY_EXTRA_CONFIG", snippet, TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  g_unsetenv ("BK_PROSODY_EXTRA_CONFIG");
  g_assert_no_error (error);

  /* by invitation only: no token, no account */
  outcome = register_with (server, "stranger", NULL);
  g_assert_error (outcome, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_test_message ("without an invitation: %s", outcome->message);
  g_assert_nonnull (strstr (outcome->message, "only with an invitation"));
  g_clear_error (&outcome);

  /* alice, an ordinary user, asks for an invitation */
  alice = online_client (server, "alice@localhost", "alice-pw");
  bk_xmpp_client_create_invitation_async (alice, NULL, invited_cb, &seen);
  wait_until (&seen.done, "the invitation");
  g_assert_no_error (seen.error);
  g_test_message ("the invitation: %s", seen.uri);
  g_assert_true (bk_xmpp_invitation_parse (seen.uri, &domain, NULL, &token, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (domain, ==, "localhost");
  seen_clear (&seen);

  /* the newcomer registers with its token, and logs in */
  outcome = register_with (server, "newcomer", token);
  g_assert_no_error (outcome);
  newcomer = online_client (server, "newcomer@localhost", "newcomer-pw");

  /* the token is spent */
  outcome = register_with (server, "second", token);
  g_assert_error (outcome, BK_XMPP_ERROR, BK_XMPP_ERROR_TOKEN);
  g_test_message ("the token again: %s", outcome->message);
  g_assert_nonnull (strstr (outcome->message, "spent or has expired"));
  g_clear_error (&outcome);

  /* a made-up token */
  outcome = register_with (server, "third", "madeup-token-1234567");
  g_assert_error (outcome, BK_XMPP_ERROR, BK_XMPP_ERROR_TOKEN);
  g_assert_nonnull (strstr (outcome->message, "spent or has expired"));
  g_clear_error (&outcome);
}

/* Asked while offline: said so at once, nothing sent. */
static void
test_offline (void)
{
  g_autoptr (BkXmppClient) client = bk_xmpp_client_new ("alice@localhost", "pw",
                                                        "127.0.0.1:9", NULL);
  Seen seen = { 0 };

  bk_xmpp_client_create_invitation_async (client, NULL, invited_cb, &seen);
  wait_until (&seen.done, "the refusal");
  g_assert_null (seen.uri);
  g_assert_error (seen.error, BK_XMPP_ERROR, BK_XMPP_ERROR_CLOSED);
  seen_clear (&seen);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xmpp/invitation/parse", test_parse);
  g_test_add_func ("/xmpp/invitation/offline", test_offline);
  /* mod_invites is Prosody's */
  bk_test_add_func_prosody_only ("/xmpp/invitation/prosody", test_invitation,
                                 "mod_invites, mod_invites_adhoc and mod_invites_register are "
                                 "Prosody's modules");
  return g_test_run ();
}
