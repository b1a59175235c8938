/* friends-test-server.h: the set-up the friends tests over a real server share
 * (friends-kept, friends-lobby): their run with the account's keyring, the server's certificate trusted,
 * the host's account signed in, a guest's own client.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-account.h"
#include "bk-keyring-fixture.h"
#include "bk-prosody-fixture.h"
#include "friends-test-common.h"
#include "shots-common.h"

/* A real keyring on a private bus: before anything reaches the session bus, for the
 * account's password goes there. */
static inline BkKeyring *
friends_test_keyring_start (void)
{
  g_autoptr (GError) error = NULL;
  BkKeyring *keyring = bk_keyring_start (&error);

  g_assert_no_error (error);
  return keyring;
}

/* Runs the tests added (after g_test_init) with the keyring, then the shots' home
 * (shots_init); the default account released at the end. */
static inline int
friends_test_run (void)
{
  g_autoptr (BkKeyring) keyring = friends_test_keyring_start ();
  g_autofree char *home = shots_init ();
  int status = g_test_run ();

  bk_account_release_default ();
  return status;
}

/* The SHA-256 fingerprint of the server's certificate, as a person reads it off the page. */
static inline char *
friends_test_certificate_fingerprint (const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) certificate = g_tls_certificate_new_from_file (file, &error);
  g_autoptr (GByteArray) der = NULL;

  g_assert_no_error (error);
  g_object_get (certificate, "certificate", &der, NULL);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
}

/* The host's person trusts @server's certificate (in the Friends settings) and signs in
 * as alice, as the Friends page does; the account connects on its own. */
static inline void
friends_test_sign_in_host (BkProsody *server)
{
  g_autoptr (GSettings) friends = g_settings_new (APP_ID ".Friends");
  g_autofree char *fingerprint =
    friends_test_certificate_fingerprint (bk_prosody_get_cafile (server));
  g_autofree char *trusted = g_ascii_strdown (bk_prosody_get_server (server), -1);
  g_autofree char *jid = g_strdup_printf ("alice@%s", bk_prosody_get_domain (server));

  g_settings_set_value (friends, "trusted-certificates",
                        g_variant_new_parsed ("{%s: %s}", trusted, fingerprint));
  bk_account_sign_in (bk_account_get_default (), jid, "pw", bk_prosody_get_server (server));
}

/* A client of its own for @user (password "pw") on @server. */
static inline BkXmppClient *
friends_test_client_for (BkProsody  *server,
                         const char *user)
{
  g_autofree char *jid = g_strdup_printf ("%s@%s", user, bk_prosody_get_domain (server));

  return bk_xmpp_client_new (jid, "pw", bk_prosody_get_server (server),
                             bk_prosody_get_cafile (server));
}
