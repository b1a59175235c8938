/* bk-account-network.c: the interface an account talks to, and the real one on
 * BkXmppClient (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-account-network.h"
#include "bk-net-enums.h"

G_DEFINE_INTERFACE (BkAccountNetwork, bk_account_network, G_TYPE_OBJECT)

static gboolean
default_register_finish (BkAccountNetwork  *self,
                         GAsyncResult      *result,
                         GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static BkXmppForm *
default_fetch_form_finish (BkAccountNetwork  *self,
                           GAsyncResult      *result,
                           GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static BkXmppClient *
default_get_client (BkAccountNetwork *self)
{
  return NULL;
}

static void
bk_account_network_default_init (BkAccountNetworkInterface *iface)
{
  iface->register_finish = default_register_finish;
  iface->fetch_form_finish = default_fetch_form_finish;
  iface->submit_form_finish = default_register_finish;
  iface->get_client = default_get_client;
  g_signal_new ("state-changed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                NULL, NULL, NULL, G_TYPE_NONE, 2, BK_TYPE_XMPP_STATE, G_TYPE_ERROR);
}

void
bk_account_network_connect (BkAccountNetwork *self,
                            const char       *address,
                            const char       *password,
                            const char       *server,
                            const char       *trusted_fingerprint)
{
  g_return_if_fail (BK_IS_ACCOUNT_NETWORK (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->connect (self, address, password, server,
                                                trusted_fingerprint);
}

void
bk_account_network_disconnect (BkAccountNetwork *self)
{
  g_return_if_fail (BK_IS_ACCOUNT_NETWORK (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->disconnect (self);
}

void
bk_account_network_check (BkAccountNetwork *self)
{
  g_return_if_fail (BK_IS_ACCOUNT_NETWORK (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->check (self);
}

char *
bk_account_network_dup_refused_fingerprint (BkAccountNetwork *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), NULL);
  return BK_ACCOUNT_NETWORK_GET_IFACE (self)->dup_refused_fingerprint (self);
}

BkXmppClient *
bk_account_network_get_client (BkAccountNetwork *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), NULL);
  return BK_ACCOUNT_NETWORK_GET_IFACE (self)->get_client (self);
}

void
bk_account_network_register_async (BkAccountNetwork    *self,
                                   const char          *address,
                                   const char          *password,
                                   const char          *server,
                                   const char          *trusted_fingerprint,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (BK_IS_ACCOUNT_NETWORK (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->register_async (self, address, password, server,
                                                       trusted_fingerprint, cancellable,
                                                       callback, user_data);
}

gboolean
bk_account_network_register_finish (BkAccountNetwork  *self,
                                    GAsyncResult      *result,
                                    GError           **error)
{
  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), FALSE);
  return BK_ACCOUNT_NETWORK_GET_IFACE (self)->register_finish (self, result, error);
}

gboolean
bk_account_network_has_forms (BkAccountNetwork *self)
{
  BkAccountNetworkInterface *iface;

  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), FALSE);
  iface = BK_ACCOUNT_NETWORK_GET_IFACE (self);
  if (iface->fetch_form_async == NULL || iface->submit_form_async == NULL)
    return FALSE;
  return iface->has_forms == NULL || iface->has_forms (self);
}

void
bk_account_network_set_invitation_token (BkAccountNetwork *self,
                                         const char       *token)
{
  g_return_if_fail (BK_IS_ACCOUNT_NETWORK (self));
  if (BK_ACCOUNT_NETWORK_GET_IFACE (self)->set_invitation_token != NULL)
    BK_ACCOUNT_NETWORK_GET_IFACE (self)->set_invitation_token (self, token);
}

void
bk_account_network_fetch_form_async (BkAccountNetwork    *self,
                                     const char          *address,
                                     const char          *password,
                                     const char          *server,
                                     const char          *trusted_fingerprint,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (bk_account_network_has_forms (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->fetch_form_async (self, address, password, server,
                                                         trusted_fingerprint, cancellable,
                                                         callback, user_data);
}

BkXmppForm *
bk_account_network_fetch_form_finish (BkAccountNetwork  *self,
                                      GAsyncResult      *result,
                                      GError           **error)
{
  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), NULL);
  return BK_ACCOUNT_NETWORK_GET_IFACE (self)->fetch_form_finish (self, result, error);
}

void
bk_account_network_submit_form_async (BkAccountNetwork    *self,
                                      const char          *address,
                                      const char          *password,
                                      const char          *server,
                                      const char          *trusted_fingerprint,
                                      const BkXmppForm    *form,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_return_if_fail (bk_account_network_has_forms (self));
  BK_ACCOUNT_NETWORK_GET_IFACE (self)->submit_form_async (self, address, password, server,
                                                          trusted_fingerprint, form,
                                                          cancellable, callback, user_data);
}

gboolean
bk_account_network_submit_form_finish (BkAccountNetwork  *self,
                                       GAsyncResult      *result,
                                       GError           **error)
{
  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (self), FALSE);
  return BK_ACCOUNT_NETWORK_GET_IFACE (self)->submit_form_finish (self, result, error);
}

gboolean
bk_account_login_set (BkAccountLogin *login,
                      const char     *address,
                      const char     *password,
                      const char     *server)
{
  g_return_val_if_fail (login != NULL, FALSE);

  if (g_strcmp0 (login->address, address) == 0 && g_strcmp0 (login->password, password) == 0 &&
      g_strcmp0 (login->server, server) == 0)
    return FALSE;
  g_free (login->address);
  login->address = g_strdup (address);
  g_free (login->password);
  login->password = g_strdup (password);
  g_free (login->server);
  login->server = g_strdup (server);
  return TRUE;
}

void
bk_account_login_clear (BkAccountLogin *login)
{
  g_return_if_fail (login != NULL);

  g_clear_pointer (&login->address, g_free);
  g_clear_pointer (&login->password, g_free);
  g_clear_pointer (&login->server, g_free);
}

/* ---- the real one ------------------------------------------------------------------ */

#define BK_TYPE_XMPP_NETWORK (bk_xmpp_network_get_type ())
G_DECLARE_FINAL_TYPE (BkXmppNetwork, bk_xmpp_network, BK, XMPP_NETWORK, GObject)

struct _BkXmppNetwork
{
  GObject       parent_instance;

  BkXmppClient   *client;
  BkAccountLogin  login;       /* the client's */
  char           *invitation_token;   /* for the registration's streams */
};

static void bk_xmpp_network_iface_init (BkAccountNetworkInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkXmppNetwork, bk_xmpp_network, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_ACCOUNT_NETWORK,
                                                      bk_xmpp_network_iface_init))

static void
client_state_cb (BkXmppClient  *client,
                 BkXmppState    state,
                 const GError  *error,
                 BkXmppNetwork *self)
{
  g_signal_emit_by_name (self, "state-changed", state, error);
}

/* The client for these credentials: the one we have when they are the same (its rooms
 * and its listeners stay), else a new one. */
static BkXmppClient *
client_for (BkXmppNetwork *self,
            const char    *address,
            const char    *password,
            const char    *server)
{
  if (!bk_account_login_set (&self->login, address, password, server) && self->client != NULL)
    return self->client;
  if (self->client != NULL) {
    g_signal_handlers_disconnect_by_data (self->client, self);
    bk_xmpp_client_disconnect (self->client);
    g_clear_object (&self->client);
  }
  self->client = bk_xmpp_client_new (address, password, server, NULL);
  g_signal_connect (self->client, "state-changed", G_CALLBACK (client_state_cb), self);
  return self->client;
}

static void
bk_xmpp_network_connect (BkAccountNetwork *network,
                         const char       *address,
                         const char       *password,
                         const char       *server,
                         const char       *trusted_fingerprint)
{
  BkXmppClient *client = client_for (BK_XMPP_NETWORK (network), address, password, server);

  /* the same account, online already: connect() would say nothing */
  if (bk_xmpp_client_get_state (client) == BK_XMPP_STATE_ONLINE) {
    g_signal_emit_by_name (network, "state-changed", BK_XMPP_STATE_ONLINE, NULL);
    return;
  }
  bk_xmpp_client_set_trusted_fingerprint (client, trusted_fingerprint);
  bk_xmpp_client_connect (client);
}

static void
bk_xmpp_network_disconnect (BkAccountNetwork *network)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (network);

  if (self->client != NULL)
    bk_xmpp_client_disconnect (self->client);
}

static void
bk_xmpp_network_check (BkAccountNetwork *network)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (network);

  if (self->client != NULL)
    bk_xmpp_client_check_connection (self->client);
}

static char *
bk_xmpp_network_dup_refused_fingerprint (BkAccountNetwork *network)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (network);

  return self->client != NULL ? bk_xmpp_client_dup_refused_fingerprint (self->client) : NULL;
}

static BkXmppClient *
bk_xmpp_network_get_client (BkAccountNetwork *network)
{
  return BK_XMPP_NETWORK (network)->client;
}

/* Registering takes a connection of its own, with the certificate the person trusted and
 * the invitation's token (sent before registering) when there is one. */
static BkXmppClient *
registration_client (BkXmppNetwork *self,
                     const char    *address,
                     const char    *password,
                     const char    *server,
                     const char    *trusted_fingerprint)
{
  BkXmppClient *client = client_for (self, address, password, server);

  bk_xmpp_client_disconnect (client);
  bk_xmpp_client_set_trusted_fingerprint (client, trusted_fingerprint);
  bk_xmpp_client_set_invitation_token (client, self->invitation_token);
  return client;
}

static void
registered_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;

  if (bk_xmpp_client_register_finish (BK_XMPP_CLIENT (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
bk_xmpp_network_register_async (BkAccountNetwork    *network,
                                const char          *address,
                                const char          *password,
                                const char          *server,
                                const char          *trusted_fingerprint,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  BkXmppClient *client = registration_client (BK_XMPP_NETWORK (network), address, password,
                                               server, trusted_fingerprint);
  GTask *task = g_task_new (network, cancellable, callback, user_data);

  bk_xmpp_client_register_async (client, cancellable, registered_cb, task);
}

static void
fetched_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;
  BkXmppForm *form = bk_xmpp_client_fetch_register_form_finish (BK_XMPP_CLIENT (source),
                                                                result, &error);

  if (form != NULL)
    g_task_return_pointer (task, form, (GDestroyNotify) bk_xmpp_form_unref);
  else
    g_task_return_error (task, error);
}

/* The registration's client is the one that logs in with the new account after it. */
static void
bk_xmpp_network_fetch_form_async (BkAccountNetwork    *network,
                                  const char          *address,
                                  const char          *password,
                                  const char          *server,
                                  const char          *trusted_fingerprint,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  BkXmppClient *client = registration_client (BK_XMPP_NETWORK (network), address, password,
                                               server, trusted_fingerprint);
  GTask *task = g_task_new (network, cancellable, callback, user_data);

  bk_xmpp_client_fetch_register_form_async (client, cancellable, fetched_cb, task);
}

static void
submitted_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr (GTask) task = data;
  GError *error = NULL;

  if (bk_xmpp_client_submit_register_form_finish (BK_XMPP_CLIENT (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
bk_xmpp_network_submit_form_async (BkAccountNetwork    *network,
                                   const char          *address,
                                   const char          *password,
                                   const char          *server,
                                   const char          *trusted_fingerprint,
                                   const BkXmppForm    *form,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  BkXmppClient *client = registration_client (BK_XMPP_NETWORK (network), address, password,
                                               server, trusted_fingerprint);
  GTask *task = g_task_new (network, cancellable, callback, user_data);

  bk_xmpp_client_submit_register_form_async (client, form, cancellable, submitted_cb, task);
}

static void
bk_xmpp_network_set_invitation_token (BkAccountNetwork *network,
                                      const char       *token)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (network);

  g_free (self->invitation_token);
  self->invitation_token = g_strdup (token);
}

static void
bk_xmpp_network_iface_init (BkAccountNetworkInterface *iface)
{
  iface->set_invitation_token = bk_xmpp_network_set_invitation_token;
  iface->fetch_form_async = bk_xmpp_network_fetch_form_async;
  iface->submit_form_async = bk_xmpp_network_submit_form_async;
  iface->connect = bk_xmpp_network_connect;
  iface->disconnect = bk_xmpp_network_disconnect;
  iface->check = bk_xmpp_network_check;
  iface->dup_refused_fingerprint = bk_xmpp_network_dup_refused_fingerprint;
  iface->get_client = bk_xmpp_network_get_client;
  iface->register_async = bk_xmpp_network_register_async;
}

static void
bk_xmpp_network_dispose (GObject *object)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (object);

  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (bk_xmpp_network_parent_class)->dispose (object);
}

static void
bk_xmpp_network_finalize (GObject *object)
{
  BkXmppNetwork *self = BK_XMPP_NETWORK (object);

  bk_account_login_clear (&self->login);
  g_free (self->invitation_token);

  G_OBJECT_CLASS (bk_xmpp_network_parent_class)->finalize (object);
}

static void
bk_xmpp_network_class_init (BkXmppNetworkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_xmpp_network_dispose;
  object_class->finalize = bk_xmpp_network_finalize;
}

static void
bk_xmpp_network_init (BkXmppNetwork *self)
{
}

BkAccountNetwork *
bk_account_network_new_xmpp (void)
{
  return g_object_new (BK_TYPE_XMPP_NETWORK, NULL);
}
