/* bk-account.h: the player's XMPP account for tables with friends: its address (kept in
 * GSettings), its password (in the Secret Service, bk-secret-store.h), the one connection
 * to its server and that connection's state in a person's words. The app has one account,
 * bk_account_get_default(); the account page (bk-account-page.h) edits it, the lobby asks
 * it for a connected BkXmppClient.
 *
 * The connection comes back by itself after a drop (BkXmppClient reconnects) and after a
 * network change (GNetworkMonitor); a wrong password or a certificate not trusted waits
 * for the person.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-account-network.h"
#include "bk-xmpp-client.h"

G_BEGIN_DECLS

#define BK_ACCOUNT_ERROR (bk_account_error_quark ())

typedef enum {
  BK_ACCOUNT_ERROR_WRONG_PASSWORD,  /* the server refused the address or the password */
  BK_ACCOUNT_ERROR_UNREACHABLE,     /* the server cannot be reached (or no network) */
  BK_ACCOUNT_ERROR_CERTIFICATE,     /* its certificate is not trusted: see the fingerprint */
  BK_ACCOUNT_ERROR_REFUSED,         /* the server refused the new account: its own words */
  BK_ACCOUNT_ERROR_NO_ACCOUNT,      /* no address saved, or no password for it */
  BK_ACCOUNT_ERROR_KEYRING,         /* the Secret Service failed */
  BK_ACCOUNT_ERROR_FAILED,          /* anything else, in the server's words */
  BK_ACCOUNT_ERROR_TOKEN,           /* the invitation's token is spent or expired: no account */
} BkAccountError;

typedef enum {
  BK_ACCOUNT_STATE_NONE,         /* no account saved */
  BK_ACCOUNT_STATE_OFFLINE,      /* saved, not connected */
  BK_ACCOUNT_STATE_REGISTERING,  /* asking the server for a new account (XEP-0077) */
  BK_ACCOUNT_STATE_CONNECTING,   /* logging in, or back after a drop */
  BK_ACCOUNT_STATE_CONNECTED,
  BK_ACCOUNT_STATE_ERROR,        /* bk_account_get_error() says why */
  BK_ACCOUNT_STATE_FORM,         /* the server asks more to make the account (a CAPTCHA):
                                  * bk_account_get_register_form(); the error, if any, is
                                  * why the last form was refused */
} BkAccountState;

#define BK_TYPE_ACCOUNT (bk_account_get_type ())
G_DECLARE_FINAL_TYPE (BkAccount, bk_account, BK, ACCOUNT, GObject)

GQuark          bk_account_error_quark     (void);

/* The app's account (created on first use, kept for the process): the real network,
 * g_network_monitor_get_default() and the GSettings schema APP_ID ".Friends". */
BkAccount      *bk_account_get_default     (void);
/* At the app's shutdown: lets go of the app's account, so that its connection closes its
 * stream properly (the server and the table see the player leave at once, rather than a
 * session that waits to be resumed). */
void            bk_account_release_default (void);
/* For tests: any network (a fake), monitor and settings of that schema. */
BkAccount      *bk_account_new             (BkAccountNetwork *network,
                                            GNetworkMonitor  *monitor,
                                            GSettings        *settings);

/* Properties "address", "server", "state" and "client" (all read-only, notified). */
const char     *bk_account_get_address     (BkAccount *self);   /* bare JID or NULL */
const char     *bk_account_get_server      (BkAccount *self);   /* "host[:port]" or NULL */
BkAccountState  bk_account_get_state       (BkAccount *self);
/* Why the state is ERROR (BK_ACCOUNT_ERROR), else NULL; while CONNECTED, a KEYRING error
 * says that the password could not be kept. */
const GError   *bk_account_get_error       (BkAccount *self);
/* With a CERTIFICATE error: the SHA-256 fingerprint of the server's certificate
 * ("AB:CD:…"), else NULL. */
const char     *bk_account_get_refused_fingerprint (BkAccount *self);

/* The client of the account once it has been online (transfer none): the same object
 * across drops, network changes and reconnections (its own state, or the account's, says
 * whether it is online now), so that a table's listeners and rooms stay with it. NULL
 * before the first login and after sign_out(); a login with another address, password or
 * server makes a new one (notify::client). */
BkXmppClient   *bk_account_get_client      (BkAccount *self);

/* Connects the saved account (its password from the keyring) and returns its client once
 * online (transfer full), or the error (BK_ACCOUNT_ERROR) that stopped it: NO_ACCOUNT when
 * none is saved or the keyring has no password for it (then show Preferences on the page
 * named "friends", adw_preferences_window_set_visible_page_name()). */
void            bk_account_connect_async   (BkAccount           *self,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
BkXmppClient   *bk_account_connect_finish  (BkAccount     *self,
                                            GAsyncResult  *result,
                                            GError       **error);

/* The page's requests. sign_in logs in with an existing account and keeps address and
 * password once the server took them; create_account registers it first (XEP-0077).
 * `server` NULL or "" for the address's own. The outcome is the state. */
void            bk_account_sign_in         (BkAccount  *self,
                                            const char *address,
                                            const char *password,
                                            const char *server);
void            bk_account_create_account  (BkAccount  *self,
                                            const char *address,
                                            const char *password,
                                            const char *server);
/* Issue 32: an account made from an invitation (bk-xmpp-invitation.h's URI, XEP-0401): the
 * address `name`@the invitation's server, a strong password made here (kept in the keyring
 * once the server took it, as any), the invitation's token sent before registering
 * (XEP-0445). `server` NULL or "" for the domain's own. FALSE and an error
 * (BK_ACCOUNT_ERROR_REFUSED) when the URI or the name is refused before anything is sent;
 * else the outcome is the state, as create_account's. */
gboolean        bk_account_create_from_invitation (BkAccount   *self,
                                                   const char  *uri,
                                                   const char  *name,
                                                   const char  *server,
                                                   GError     **error);
/* In the state FORM: the server's form (transfer none). The page shows its fields but the
 * name and password (the account fills them from the address and password typed). */
BkXmppForm     *bk_account_get_register_form (BkAccount *self);
/* Sends the form filled (the account's name and password set here); a refusal fetches a
 * new form (a CAPTCHA is good once) and comes back to FORM with the refusal as error. */
void            bk_account_submit_form     (BkAccount        *self,
                                            const BkXmppForm *form);
/* Gives up the form: back to the saved account's state. */
void            bk_account_cancel_form     (BkAccount  *self);
/* After a CERTIFICATE error: trust that certificate for this server from now on (kept in
 * GSettings) and try again. */
void            bk_account_trust_certificate (BkAccount *self);
/* Connects again after an error (the saved account). */
void            bk_account_retry           (BkAccount *self);
/* Disconnects and forgets the account: the password leaves the keyring. */
void            bk_account_sign_out        (BkAccount *self);

G_END_DECLS
