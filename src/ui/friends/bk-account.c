/* bk-account.c: the player's XMPP account (see the header).
 *
 * The state is the account's, in a person's words; the network's own (BkXmppClient's, or
 * a test's fake) is mapped onto it in network_state_cb. The address and server are kept
 * in GSettings once the server took them, the password in the keyring.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-account.h"
#include "bk-friends.h"
#include "bk-secret-store.h"
#include "bk-ui-friends-enums.h"
#include "bk-xmpp-invitation.h"

#include <glib/gi18n.h>
#include <string.h>
#include <sys/random.h>

struct _BkAccount
{
  GObject           parent_instance;

  BkAccountNetwork *network;
  GNetworkMonitor  *monitor;
  GSettings        *settings;
  GCancellable     *cancellable;

  char             *address;   /* the saved account's */
  char             *server;
  BkAccountState    state;
  GError           *error;
  char             *refused_fingerprint;
  BkXmppClient     *client;   /* once online */

  /* What the page asked for and the server has not taken yet: kept for a retry (after
   * trusting the certificate, say). */
  char             *pending_address;
  char             *pending_password;
  char             *pending_server;
  gboolean          pending_register;
  BkXmppForm       *form;        /* the server's, while the state is FORM */
  gboolean          form_plain;  /* the form sent asked only the name and password */
  char             *pending_token;   /* an invitation's (XEP-0445), or NULL */
  GError           *form_error;  /* why the last form was refused */

  GPtrArray        *connect_tasks;   /* GTask of connect_async, answered on the outcome */
};

enum {
  PROP_0,
  PROP_ADDRESS,
  PROP_SERVER,
  PROP_STATE,
  PROP_CLIENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BkAccount, bk_account, G_TYPE_OBJECT)
G_DEFINE_QUARK (bk-account-error-quark, bk_account_error)

static void connect_saved (BkAccount *self);
static void set_client (BkAccount *self, BkXmppClient *client);

static const char *
nonempty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* Whose certificate a fingerprint is kept for: the server we connect to, else the
 * address's domain. */
static char *
trust_key (const char *address,
           const char *server)
{
  const char *at;

  if (nonempty (server) != NULL)
    return g_ascii_strdown (server, -1);
  at = address != NULL ? strchr (address, '@') : NULL;
  return g_ascii_strdown (at != NULL ? at + 1 : "", -1);
}

static char *
trusted_fingerprint (BkAccount  *self,
                     const char *address,
                     const char *server)
{
  g_autoptr (GVariant) map = g_settings_get_value (self->settings, "trusted-certificates");
  g_autofree char *key = trust_key (address, server);
  const char *fingerprint = NULL;

  if (g_variant_lookup (map, key, "&s", &fingerprint))
    return g_strdup (fingerprint);
  return NULL;
}

static void
finish_tasks (BkAccount *self)
{
  g_autoptr (GPtrArray) tasks = g_steal_pointer (&self->connect_tasks);

  self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++) {
    GTask *task = g_ptr_array_index (tasks, i);
    BkXmppClient *client = bk_account_get_client (self);
    if (self->state == BK_ACCOUNT_STATE_CONNECTED)
      /* a test's fake network has no client */
      g_task_return_pointer (task, client != NULL ? g_object_ref (client) : NULL, g_object_unref);
    else
      g_task_return_error (task, self->error != NULL
                                   ? g_error_copy (self->error)
                                   : g_error_new_literal (BK_ACCOUNT_ERROR,
                                                          BK_ACCOUNT_ERROR_UNREACHABLE,
                                                          _("Not Connected")));
  }
}

static void
set_state (BkAccount      *self,
           BkAccountState  state,
           GError         *error)   /* takes it */
{
  g_clear_error (&self->error);
  self->error = error;
  if (error == NULL || !g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_CERTIFICATE))
    g_clear_pointer (&self->refused_fingerprint, g_free);
  self->state = state;
  /* even when the state stays: the error may be another */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  if (state == BK_ACCOUNT_STATE_CONNECTED || state == BK_ACCOUNT_STATE_ERROR ||
      state == BK_ACCOUNT_STATE_NONE || state == BK_ACCOUNT_STATE_OFFLINE)
    finish_tasks (self);
}

static void
clear_pending (BkAccount *self)
{
  g_clear_pointer (&self->pending_address, g_free);
  g_clear_pointer (&self->pending_password, g_free);
  g_clear_pointer (&self->pending_server, g_free);
  self->pending_register = FALSE;
  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  g_clear_error (&self->form_error);
  g_clear_pointer (&self->pending_token, g_free);
}

static void
stored_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr (GError) error = NULL;

  if (!bk_secret_store_store_finish (result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    BkAccount *self = data;
    /* Connected all the same, but the next start will ask again: the person should know. */
    set_state (self, self->state,
               g_error_new (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_KEYRING,
                            _("The password could not be kept in the keyring: %s"),
                            error->message));
  }
}

/* The server took the pending account: it becomes the saved one. */
static void
keep_pending (BkAccount *self)
{
  if (self->pending_address == NULL)
    return;
  if (g_strcmp0 (self->address, self->pending_address) != 0) {
    g_free (self->address);
    self->address = g_strdup (self->pending_address);
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ADDRESS]);
  }
  if (g_strcmp0 (self->server, self->pending_server) != 0) {
    g_free (self->server);
    self->server = g_strdup (self->pending_server);
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
  }
  g_settings_set_string (self->settings, "address", self->address);
  g_settings_set_string (self->settings, "server", self->server != NULL ? self->server : "");
  bk_secret_store_store_async (self->address, self->pending_password, self->cancellable,
                               stored_cb, self);
  clear_pending (self);
}

static GError *
account_error (BkAccount    *self,
               const GError *error)
{
  if (error->domain != BK_XMPP_ERROR)
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_FAILED, error->message);
  switch ((BkXmppError) error->code) {
  case BK_XMPP_ERROR_AUTH:
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_WRONG_PASSWORD,
                                _("The server did not accept this address and password."));
  case BK_XMPP_ERROR_TLS:
    g_free (self->refused_fingerprint);
    self->refused_fingerprint = bk_account_network_dup_refused_fingerprint (self->network);
    if (self->refused_fingerprint != NULL)
      return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_CERTIFICATE,
                                  _("The server’s certificate is not trusted. Trust it only "
                                    "if its fingerprint is the one the server’s owner gave "
                                    "you."));
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_FAILED,
                                _("No secure connection to the server could be made."));
  case BK_XMPP_ERROR_CONNECT:
  case BK_XMPP_ERROR_CLOSED:
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_UNREACHABLE,
                                _("The server cannot be reached. Bierkopf tries again when "
                                  "the network changes."));
  case BK_XMPP_ERROR_REGISTER:
    /* the server's own words */
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED, error->message);
  case BK_XMPP_ERROR_TOKEN:
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_TOKEN, error->message);
  case BK_XMPP_ERROR_ROOM:
  default:
    return g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_FAILED, error->message);
  }
}

static void
network_state_cb (BkAccountNetwork *network,
                  BkXmppState       state,
                  const GError     *error,
                  BkAccount        *self)
{
  /* REGISTERING, FORM: the stream of a registration closing is no news */
  if (self->state == BK_ACCOUNT_STATE_REGISTERING || self->state == BK_ACCOUNT_STATE_FORM)
    return;
  switch (state) {
  case BK_XMPP_STATE_CONNECTING:
    set_state (self, BK_ACCOUNT_STATE_CONNECTING, NULL);
    break;
  case BK_XMPP_STATE_ONLINE:
    keep_pending (self);
    set_client (self, bk_account_network_get_client (network));
    set_state (self, BK_ACCOUNT_STATE_CONNECTED, NULL);
    break;
  case BK_XMPP_STATE_OFFLINE:
  default:
    if (error != NULL)
      set_state (self, BK_ACCOUNT_STATE_ERROR, account_error (self, error));
    else if (self->state != BK_ACCOUNT_STATE_ERROR)
      set_state (self, self->address != NULL ? BK_ACCOUNT_STATE_OFFLINE : BK_ACCOUNT_STATE_NONE,
                 NULL);
    break;
  }
}

static void
set_client (BkAccount    *self,
            BkXmppClient *client)
{
  if (self->client == client)
    return;
  g_set_object (&self->client, client);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
}

static void
connect_pending (BkAccount *self)
{
  g_autofree char *fingerprint = trusted_fingerprint (self, self->pending_address,
                                                      self->pending_server);

  set_state (self, BK_ACCOUNT_STATE_CONNECTING, NULL);
  bk_account_network_connect (self->network, self->pending_address, self->pending_password,
                              self->pending_server, fingerprint);
}

static void
registered_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  BkAccount *self = data;
  g_autoptr (GError) error = NULL;

  if (!bk_account_network_register_finish (BK_ACCOUNT_NETWORK (source), result, &error)) {
    if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      return;
    set_state (self, BK_ACCOUNT_STATE_ERROR, account_error (self, error));
    return;
  }
  /* made: now log in with it as with any account */
  self->pending_register = FALSE;
  connect_pending (self);
}

static void fetch_form (BkAccount *self);

/* The local part of the pending address: the name the form asks for. */
static char *
pending_name (BkAccount *self)
{
  const char *at = strchr (self->pending_address, '@');

  return g_strndup (self->pending_address, at != NULL ? at - self->pending_address
                                                      : (ptrdiff_t) strlen (self->pending_address));
}

static void
form_submitted_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  BkAccount *self = data;
  g_autoptr (GError) error = NULL;

  if (!bk_account_network_submit_form_finish (BK_ACCOUNT_NETWORK (source), result, &error)) {
    if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      return;
    /* refused: a new form (and CAPTCHA) with the refusal beside it; a form of the name and
     * password alone is refused as before, those are on the page */
    if (g_error_matches (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER) && !self->form_plain) {
      g_clear_error (&self->form_error);
      self->form_error = account_error (self, error);
      fetch_form (self);
      return;
    }
    set_state (self, BK_ACCOUNT_STATE_ERROR, account_error (self, error));
    return;
  }
  self->pending_register = FALSE;
  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  g_clear_error (&self->form_error);
  connect_pending (self);
}

static void
send_form (BkAccount  *self,
           BkXmppForm *form)
{
  g_autofree char *fingerprint = trusted_fingerprint (self, self->pending_address,
                                                      self->pending_server);
  g_autofree char *name = pending_name (self);

  bk_xmpp_form_set_account (form, name, self->pending_password);
  self->form_plain = bk_xmpp_form_is_plain (form);
  set_state (self, BK_ACCOUNT_STATE_REGISTERING, NULL);
  bk_account_network_set_invitation_token (self->network, self->pending_token);
  bk_account_network_submit_form_async (self->network, self->pending_address,
                                        self->pending_password, self->pending_server,
                                        fingerprint, form, self->cancellable,
                                        form_submitted_cb, self);
}

static void
form_fetched_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  BkAccount *self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppForm) form = bk_account_network_fetch_form_finish (BK_ACCOUNT_NETWORK (source),
                                                                      result, &error);

  if (form == NULL) {
    if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      return;
    g_clear_error (&self->form_error);
    set_state (self, BK_ACCOUNT_STATE_ERROR, account_error (self, error));
    return;
  }
  /* only the name and password asked, as before: no form to show */
  if (bk_xmpp_form_is_plain (form) && self->form_error == NULL) {
    send_form (self, form);
    return;
  }
  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  self->form = g_steal_pointer (&form);
  set_state (self, BK_ACCOUNT_STATE_FORM, g_steal_pointer (&self->form_error));
}

static void
fetch_form (BkAccount *self)
{
  g_autofree char *fingerprint = trusted_fingerprint (self, self->pending_address,
                                                      self->pending_server);

  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  set_state (self, BK_ACCOUNT_STATE_REGISTERING, NULL);
  bk_account_network_set_invitation_token (self->network, self->pending_token);
  bk_account_network_fetch_form_async (self->network, self->pending_address,
                                       self->pending_password, self->pending_server,
                                       fingerprint, self->cancellable, form_fetched_cb, self);
}

static void
start_pending (BkAccount *self)
{
  if (self->pending_register && bk_account_network_has_forms (self->network)) {
    fetch_form (self);
  } else if (self->pending_register) {
    g_autofree char *fingerprint = trusted_fingerprint (self, self->pending_address,
                                                        self->pending_server);
    set_state (self, BK_ACCOUNT_STATE_REGISTERING, NULL);
    bk_account_network_register_async (self->network, self->pending_address,
                                       self->pending_password, self->pending_server,
                                       fingerprint, self->cancellable, registered_cb, self);
  } else {
    connect_pending (self);
  }
}

/* A typed address as the server knows it: no spaces around, a lower-case domain. */
static char *
normal_address (const char *address)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (address != NULL ? address : ""));
  const char *at = strchr (trimmed, '@');
  g_autofree char *domain = NULL;

  if (at == NULL || at == trimmed || at[1] == '\0' || strchr (at + 1, '@') != NULL ||
      strchr (trimmed, ' ') != NULL || strchr (trimmed, '/') != NULL)
    return NULL;
  domain = g_ascii_strdown (at + 1, -1);
  return g_strdup_printf ("%.*s@%s", (int) (at - trimmed), trimmed, domain);
}

static void
ask (BkAccount  *self,
     const char *address,
     const char *password,
     const char *server,
     gboolean    create,
     const char *token)    /* an invitation's, or NULL */
{
  g_autofree char *normal = normal_address (address);
  g_autofree char *host = g_strstrip (g_strdup (server != NULL ? server : ""));

  if (normal == NULL) {
    set_state (self, BK_ACCOUNT_STATE_ERROR,
               g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT,
                                    _("Type an address such as name@example.org.")));
    return;
  }
  if (password == NULL || *password == '\0') {
    set_state (self, BK_ACCOUNT_STATE_ERROR,
               g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT,
                                    _("Type the password.")));
    return;
  }
  clear_pending (self);
  self->pending_address = g_steal_pointer (&normal);
  self->pending_password = g_strdup (password);
  self->pending_server = *host != '\0' ? g_steal_pointer (&host) : NULL;
  self->pending_register = create;
  self->pending_token = g_strdup (token);
  start_pending (self);
}

static void
looked_up_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  BkAccount *self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *password = bk_secret_store_lookup_finish (result, &error);
  g_autofree char *fingerprint = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL) {
    set_state (self, BK_ACCOUNT_STATE_ERROR,
               g_error_new (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_KEYRING,
                            _("The keyring could not be asked for the password: %s"),
                            error->message));
    return;
  }
  if (password == NULL || self->address == NULL) {
    set_state (self, BK_ACCOUNT_STATE_ERROR,
               g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT,
                                    _("The keyring keeps no password for this account: "
                                      "sign in again.")));
    return;
  }
  fingerprint = trusted_fingerprint (self, self->address, self->server);
  bk_account_network_connect (self->network, self->address, password, self->server,
                              fingerprint);
}

static void
connect_saved (BkAccount *self)
{
  if (self->address == NULL) {
    set_state (self, BK_ACCOUNT_STATE_ERROR,
               g_error_new_literal (BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT,
                                    _("No account yet: sign in under Preferences, "
                                      "Friends.")));
    return;
  }
  set_state (self, BK_ACCOUNT_STATE_CONNECTING, NULL);
  bk_secret_store_lookup_async (self->address, self->cancellable, looked_up_cb, self);
}

static void
network_changed_cb (GNetworkMonitor *monitor,
                    gboolean         available,
                    BkAccount       *self)
{
  if (!available)
    return;
  /* Another network: the old link may be dead without a word, and a client waiting out
   * its back-off after a drop may get through now. */
  if (self->state == BK_ACCOUNT_STATE_CONNECTED || self->state == BK_ACCOUNT_STATE_CONNECTING) {
    bk_account_network_check (self->network);
    return;
  }
  /* The server was out of reach: try again now. */
  if (self->state == BK_ACCOUNT_STATE_ERROR &&
      g_error_matches (self->error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_UNREACHABLE)) {
    g_debug ("the network changed: connecting again");
    bk_account_retry (self);
  }
}

static void
bk_account_dispose (GObject *object)
{
  BkAccount *self = BK_ACCOUNT (object);

  g_cancellable_cancel (self->cancellable);
  if (self->network != NULL)
    g_signal_handlers_disconnect_by_data (self->network, self);
  if (self->monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->monitor, self);
  g_clear_object (&self->client);
  g_clear_object (&self->network);
  g_clear_object (&self->monitor);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (bk_account_parent_class)->dispose (object);
}

static void
bk_account_finalize (GObject *object)
{
  BkAccount *self = BK_ACCOUNT (object);

  g_free (self->address);
  g_free (self->server);
  g_clear_error (&self->error);
  g_free (self->refused_fingerprint);
  clear_pending (self);
  g_ptr_array_unref (self->connect_tasks);

  G_OBJECT_CLASS (bk_account_parent_class)->finalize (object);
}

static void
bk_account_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BkAccount *self = BK_ACCOUNT (object);

  switch (prop_id) {
  case PROP_ADDRESS:
    g_value_set_string (value, self->address);
    break;
  case PROP_SERVER:
    g_value_set_string (value, self->server);
    break;
  case PROP_STATE:
    g_value_set_enum (value, self->state);
    break;
  case PROP_CLIENT:
    g_value_set_object (value, bk_account_get_client (self));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
bk_account_class_init (BkAccountClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bk_account_dispose;
  object_class->finalize = bk_account_finalize;
  object_class->get_property = bk_account_get_property;

  properties[PROP_ADDRESS] =
    g_param_spec_string ("address", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SERVER] =
    g_param_spec_string ("server", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, BK_TYPE_ACCOUNT_STATE, BK_ACCOUNT_STATE_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, BK_TYPE_XMPP_CLIENT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bk_account_init (BkAccount *self)
{
  self->cancellable = g_cancellable_new ();
  self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
}

BkAccount *
bk_account_new (BkAccountNetwork *network,
                GNetworkMonitor  *monitor,
                GSettings        *settings)
{
  BkAccount *self;
  g_autofree char *address = NULL;
  g_autofree char *server = NULL;

  g_return_val_if_fail (BK_IS_ACCOUNT_NETWORK (network), NULL);
  g_return_val_if_fail (G_IS_NETWORK_MONITOR (monitor), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BK_TYPE_ACCOUNT, NULL);
  self->network = g_object_ref (network);
  self->monitor = g_object_ref (monitor);
  self->settings = g_object_ref (settings);
  address = g_settings_get_string (settings, "address");
  server = g_settings_get_string (settings, "server");
  self->address = nonempty (address) != NULL ? g_steal_pointer (&address) : NULL;
  self->server = nonempty (server) != NULL ? g_steal_pointer (&server) : NULL;
  self->state = self->address != NULL ? BK_ACCOUNT_STATE_OFFLINE : BK_ACCOUNT_STATE_NONE;
  g_signal_connect (network, "state-changed", G_CALLBACK (network_state_cb), self);
  g_signal_connect (monitor, "network-changed", G_CALLBACK (network_changed_cb), self);
  return self;
}

static BkAccount *default_account;

BkAccount *
bk_account_get_default (void)
{
  if (default_account == NULL) {
    g_autoptr (BkAccountNetwork) network = bk_account_network_new_xmpp ();
    g_autoptr (GSettings) settings = g_settings_new (APP_ID ".Friends");
    default_account = bk_account_new (network, g_network_monitor_get_default (), settings);
  }
  return default_account;
}

void
bk_account_release_default (void)
{
  g_clear_object (&default_account);
}

const char *
bk_account_get_address (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->address;
}

const char *
bk_account_get_server (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->server;
}

BkAccountState
bk_account_get_state (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), BK_ACCOUNT_STATE_NONE);
  return self->state;
}

const GError *
bk_account_get_error (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->error;
}

const char *
bk_account_get_refused_fingerprint (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->refused_fingerprint;
}

BkXmppClient *
bk_account_get_client (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->client;
}

void
bk_account_connect_async (BkAccount           *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (BK_IS_ACCOUNT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bk_account_connect_async);
  if (self->state == BK_ACCOUNT_STATE_CONNECTED && bk_account_get_client (self) != NULL) {
    g_task_return_pointer (task, g_object_ref (bk_account_get_client (self)), g_object_unref);
    return;
  }
  g_ptr_array_add (self->connect_tasks, g_steal_pointer (&task));
  if (self->state != BK_ACCOUNT_STATE_CONNECTING && self->state != BK_ACCOUNT_STATE_REGISTERING &&
      self->state != BK_ACCOUNT_STATE_FORM)
    bk_account_retry (self);
}

BkXmppClient *
bk_account_connect_finish (BkAccount     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
bk_account_sign_in (BkAccount  *self,
                    const char *address,
                    const char *password,
                    const char *server)
{
  g_return_if_fail (BK_IS_ACCOUNT (self));
  ask (self, address, password, server, FALSE, NULL);
}

/* A password nobody types: 18 random bytes from the kernel, URL-safe base64 (24
 * characters). */
static char *
strong_password (void)
{
  guint8 bytes[18];
  char *text;

  if (getrandom (bytes, sizeof bytes, 0) != sizeof bytes)
    return NULL;
  text = g_base64_encode (bytes, sizeof bytes);
  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  return text;
}

gboolean
bk_account_create_from_invitation (BkAccount   *self,
                                   const char  *uri,
                                   const char  *name,
                                   const char  *server,
                                   GError     **error)
{
  g_autofree char *domain = NULL;
  g_autofree char *token = NULL;
  g_autofree char *address = NULL;
  g_autofree char *password = NULL;
  g_autoptr (GError) parse_error = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (name != NULL ? name : ""));

  g_return_val_if_fail (BK_IS_ACCOUNT (self), FALSE);
  if (!bk_xmpp_invitation_parse (uri, &domain, NULL, &token, &parse_error)) {
    g_set_error_literal (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED,
                         parse_error->message);
    return FALSE;
  }
  /* a JID's local part: none of the characters RFC 7622 keeps out of it */
  if (*trimmed == '\0' || strpbrk (trimmed, "@/\"&'<>: ") != NULL || strlen (trimmed) > 64) {
    g_set_error_literal (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED,
                         _("Choose a name without spaces or any of @ / : \" & ' < >."));
    return FALSE;
  }
  password = strong_password ();
  if (password == NULL) {
    g_set_error_literal (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_FAILED,
                         _("No password could be made"));
    return FALSE;
  }
  address = g_strdup_printf ("%s@%s", trimmed, domain);
  ask (self, address, password, server, TRUE, token);
  return TRUE;
}

BkXmppForm *
bk_account_get_register_form (BkAccount *self)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (self), NULL);
  return self->state == BK_ACCOUNT_STATE_FORM ? self->form : NULL;
}

void
bk_account_submit_form (BkAccount        *self,
                        const BkXmppForm *form)
{
  g_autoptr (BkXmppForm) copy = NULL;

  g_return_if_fail (BK_IS_ACCOUNT (self));
  g_return_if_fail (form != NULL);
  if (self->state != BK_ACCOUNT_STATE_FORM || self->pending_address == NULL)
    return;
  copy = bk_xmpp_form_copy (form);
  send_form (self, copy);
}

void
bk_account_cancel_form (BkAccount *self)
{
  g_return_if_fail (BK_IS_ACCOUNT (self));
  if (self->state != BK_ACCOUNT_STATE_FORM)
    return;
  clear_pending (self);
  set_state (self, self->address != NULL ? BK_ACCOUNT_STATE_OFFLINE : BK_ACCOUNT_STATE_NONE,
             NULL);
}

void
bk_account_create_account (BkAccount  *self,
                           const char *address,
                           const char *password,
                           const char *server)
{
  g_return_if_fail (BK_IS_ACCOUNT (self));
  ask (self, address, password, server, TRUE, NULL);
}

void
bk_account_trust_certificate (BkAccount *self)
{
  g_auto (GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));
  g_autoptr (GVariant) map = NULL;
  g_autofree char *key = NULL;
  GVariantIter iter;
  const char *server, *fingerprint;

  g_return_if_fail (BK_IS_ACCOUNT (self));
  g_return_if_fail (self->refused_fingerprint != NULL);

  key = self->pending_address != NULL ? trust_key (self->pending_address, self->pending_server)
                                      : trust_key (self->address, self->server);
  map = g_settings_get_value (self->settings, "trusted-certificates");
  /* the server's new certificate in place of an old one */
  g_variant_iter_init (&iter, map);
  while (g_variant_iter_next (&iter, "{&s&s}", &server, &fingerprint))
    if (g_strcmp0 (server, key) != 0)
      g_variant_builder_add (&builder, "{ss}", server, fingerprint);
  g_variant_builder_add (&builder, "{ss}", key, self->refused_fingerprint);
  g_settings_set_value (self->settings, "trusted-certificates",
                        g_variant_builder_end (&builder));
  bk_account_retry (self);
}

void
bk_account_retry (BkAccount *self)
{
  g_return_if_fail (BK_IS_ACCOUNT (self));
  if (self->pending_address != NULL)
    start_pending (self);
  else
    connect_saved (self);
}

static void
cleared_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (GError) error = NULL;

  if (!bk_secret_store_clear_finish (result, &error))
    g_debug ("the keyring kept the password: %s", error->message);
}

void
bk_account_sign_out (BkAccount *self)
{
  g_return_if_fail (BK_IS_ACCOUNT (self));

  bk_account_network_disconnect (self->network);
  clear_pending (self);
  set_client (self, NULL);
  if (self->address != NULL) {
    bk_secret_store_clear_async (self->address, NULL, cleared_cb, NULL);
    g_clear_pointer (&self->address, g_free);
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ADDRESS]);
  }
  if (self->server != NULL) {
    g_clear_pointer (&self->server, g_free);
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
  }
  g_settings_reset (self->settings, "address");
  g_settings_reset (self->settings, "server");
  set_state (self, BK_ACCOUNT_STATE_NONE, NULL);
}

void
bk_friends_shutdown (void)
{
  bk_account_release_default ();
}
