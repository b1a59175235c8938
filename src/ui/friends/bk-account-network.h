/* bk-account-network.h: what an account asks of the network, as an interface so that the
 * account page's tests put a fake in its place (no server). The real one is
 * bk_account_network_new_xmpp() on BkXmppClient.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-xmpp-client.h"

G_BEGIN_DECLS

#define BK_TYPE_ACCOUNT_NETWORK (bk_account_network_get_type ())
G_DECLARE_INTERFACE (BkAccountNetwork, bk_account_network, BK, ACCOUNT_NETWORK, GObject)

/* One connection at a time. Its news is the signal
 *   state-changed (BkXmppState state, GError *error_or_NULL)
 * as BkXmppClient's (BK_XMPP_ERROR codes). `trusted_fingerprint` (SHA-256, "AB:CD:…") or
 * NULL: a certificate the system does not trust is taken when it has this fingerprint. */
struct _BkAccountNetworkInterface
{
  GTypeInterface parent_iface;

  void          (*connect)         (BkAccountNetwork    *self,
                                    const char          *address,
                                    const char          *password,
                                    const char          *server,
                                    const char          *trusted_fingerprint);
  void          (*disconnect)      (BkAccountNetwork    *self);
  /* The network changed: while online, make sure the link still answers (else the
   * connection drops and comes back as after any drop); while reconnecting, try now. */
  void          (*check)           (BkAccountNetwork    *self);
  /* After a BK_XMPP_ERROR_TLS: the refused certificate's SHA-256 fingerprint, or NULL. */
  char         *(*dup_refused_fingerprint) (BkAccountNetwork *self);
  /* The connection's client (by default NULL: a fake has none). */
  BkXmppClient *(*get_client)      (BkAccountNetwork    *self);
  /* XEP-0077: a new account; the error in the server's words (BK_XMPP_ERROR_REGISTER),
   * or a BK_XMPP_ERROR_TLS or _CONNECT. */
  void          (*register_async)  (BkAccountNetwork    *self,
                                    const char          *address,
                                    const char          *password,
                                    const char          *server,
                                    const char          *trusted_fingerprint,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
  /* By default the boolean of a GTask made for @self (both the real one and the fake
   * answer through one). */
  gboolean      (*register_finish) (BkAccountNetwork    *self,
                                    GAsyncResult        *result,
                                    GError             **error);
  /* Registration as the server asks for it (bk-xmpp-form.h): its form, and that form sent
   * back filled (a refusal is BK_XMPP_ERROR_REGISTER in our words). Optional: a network
   * without them (NULL, the tests' fake by default) registers with register_async. */
  void          (*fetch_form_async)  (BkAccountNetwork    *self,
                                      const char          *address,
                                      const char          *password,
                                      const char          *server,
                                      const char          *trusted_fingerprint,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  /* By default the pointer of a GTask made for @self. */
  BkXmppForm   *(*fetch_form_finish) (BkAccountNetwork    *self,
                                      GAsyncResult        *result,
                                      GError             **error);
  void          (*submit_form_async) (BkAccountNetwork    *self,
                                      const char          *address,
                                      const char          *password,
                                      const char          *server,
                                      const char          *trusted_fingerprint,
                                      const BkXmppForm    *form,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  /* XEP-0445: the invitation's token for the next fetch and submit, or NULL (optional). */
  void          (*set_invitation_token) (BkAccountNetwork *self,
                                         const char       *token);
  /* Whether the two above are to be used now; by default whether they are there. */
  gboolean      (*has_forms)         (BkAccountNetwork    *self);
  /* By default register_finish */
  gboolean      (*submit_form_finish) (BkAccountNetwork   *self,
                                       GAsyncResult       *result,
                                       GError            **error);
};

void          bk_account_network_connect    (BkAccountNetwork *self,
                                             const char       *address,
                                             const char       *password,
                                             const char       *server,
                                             const char       *trusted_fingerprint);
void          bk_account_network_disconnect (BkAccountNetwork *self);
void          bk_account_network_check      (BkAccountNetwork *self);
char         *bk_account_network_dup_refused_fingerprint (BkAccountNetwork *self);
BkXmppClient *bk_account_network_get_client (BkAccountNetwork *self);
void          bk_account_network_register_async  (BkAccountNetwork    *self,
                                                  const char          *address,
                                                  const char          *password,
                                                  const char          *server,
                                                  const char          *trusted_fingerprint,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean      bk_account_network_register_finish (BkAccountNetwork  *self,
                                                  GAsyncResult      *result,
                                                  GError           **error);

gboolean      bk_account_network_has_forms       (BkAccountNetwork    *self);
void          bk_account_network_set_invitation_token (BkAccountNetwork *self,
                                                       const char       *token);
void          bk_account_network_fetch_form_async  (BkAccountNetwork    *self,
                                                    const char          *address,
                                                    const char          *password,
                                                    const char          *server,
                                                    const char          *trusted_fingerprint,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
BkXmppForm   *bk_account_network_fetch_form_finish (BkAccountNetwork    *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);
void          bk_account_network_submit_form_async (BkAccountNetwork    *self,
                                                    const char          *address,
                                                    const char          *password,
                                                    const char          *server,
                                                    const char          *trusted_fingerprint,
                                                    const BkXmppForm    *form,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
gboolean      bk_account_network_submit_form_finish (BkAccountNetwork   *self,
                                                     GAsyncResult       *result,
                                                     GError            **error);

/* Who logs in where, as the last connect() or registration asked: kept by a network (the
 * real one makes its client again when it changes; the tests' fake shows it). */
typedef struct {
  char *address;
  char *password;
  char *server;     /* "host:port", or NULL for the address's */
} BkAccountLogin;

/* @login takes copies of the three: TRUE when any of them is not what it was. */
gboolean      bk_account_login_set          (BkAccountLogin   *login,
                                             const char       *address,
                                             const char       *password,
                                             const char       *server);
void          bk_account_login_clear        (BkAccountLogin   *login);

/* The real network: one BkXmppClient, made again when the address, password or server
 * change, else kept (so that its rooms and signal handlers stay). */
BkAccountNetwork *bk_account_network_new_xmpp (void);

G_END_DECLS
