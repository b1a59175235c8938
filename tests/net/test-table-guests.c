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
  g_test_add_func ("/table-guests/no-guests", test_no_guests);
  g_test_add_func ("/table-guests/find-service", test_find_service);
  code = g_test_run ();
  e2e_stop ();
  return code;
}
