/* bk-fake-network.c: a network and a monitor for the account's tests (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-fake-network.h"

static void bk_fake_network_iface_init (BkAccountNetworkInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkFakeNetwork, bk_fake_network, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (BK_TYPE_ACCOUNT_NETWORK,
                                                      bk_fake_network_iface_init))

static void
remember (BkFakeNetwork *self,
          const char    *address,
          const char    *password,
          const char    *server,
          const char    *trusted_fingerprint)
{
  bk_account_login_set (&self->login, address, password, server);
  g_free (self->trusted_fingerprint);
  self->trusted_fingerprint = g_strdup (trusted_fingerprint);
}

static void
fake_connect (BkAccountNetwork *network,
              const char       *address,
              const char       *password,
              const char       *server,
              const char       *trusted_fingerprint)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (network);

  self->connects++;
  remember (self, address, password, server, trusted_fingerprint);
  bk_fake_network_emit (self, BK_XMPP_STATE_CONNECTING, -1, NULL);
}

static void
fake_disconnect (BkAccountNetwork *network)
{
  BK_FAKE_NETWORK (network)->disconnects++;
}

static void
fake_check (BkAccountNetwork *network)
{
  BK_FAKE_NETWORK (network)->checks++;
}

static char *
fake_dup_refused_fingerprint (BkAccountNetwork *network)
{
  return g_strdup (BK_FAKE_NETWORK (network)->refused_fingerprint);
}

static void
fake_register_async (BkAccountNetwork    *network,
                     const char          *address,
                     const char          *password,
                     const char          *server,
                     const char          *trusted_fingerprint,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (network);

  g_assert_null (self->register_task);
  self->registrations++;
  remember (self, address, password, server, trusted_fingerprint);
  self->register_task = g_task_new (self, cancellable, callback, user_data);
}

static void
bk_fake_network_iface_init (BkAccountNetworkInterface *iface)
{
  iface->connect = fake_connect;
  iface->disconnect = fake_disconnect;
  iface->check = fake_check;
  iface->dup_refused_fingerprint = fake_dup_refused_fingerprint;
  iface->register_async = fake_register_async;
}

static void
bk_fake_network_finalize (GObject *object)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (object);

  g_assert_null (self->register_task);
  bk_account_login_clear (&self->login);
  g_free (self->trusted_fingerprint);
  g_free (self->refused_fingerprint);
  G_OBJECT_CLASS (bk_fake_network_parent_class)->finalize (object);
}

static void
bk_fake_network_class_init (BkFakeNetworkClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bk_fake_network_finalize;
}

static void
bk_fake_network_init (BkFakeNetwork *self)
{
}

BkFakeNetwork *
bk_fake_network_new (void)
{
  return g_object_new (BK_TYPE_FAKE_NETWORK, NULL);
}

void
bk_fake_network_emit (BkFakeNetwork *self,
                      BkXmppState    state,
                      int            code,
                      const char    *message)
{
  g_autoptr (GError) error = NULL;

  if (code >= 0)
    error = g_error_new_literal (BK_XMPP_ERROR, code, message != NULL ? message : "");
  g_signal_emit_by_name (self, "state-changed", state, error);
}

void
bk_fake_network_answer_register (BkFakeNetwork *self,
                                 int            code,
                                 const char    *message)
{
  g_autoptr (GTask) task = g_steal_pointer (&self->register_task);

  g_assert_nonnull (task);
  if (code < 0)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_new_error (task, BK_XMPP_ERROR, code, "%s", message);
}

/* ---- the monitor ------------------------------------------------------------------- */

struct _BkFakeMonitor
{
  GObject  parent_instance;
  gboolean available;
};

enum {
  PROP_0,
  PROP_NETWORK_AVAILABLE,
  PROP_NETWORK_METERED,
  PROP_CONNECTIVITY,
};

static void bk_fake_monitor_iface_init (GNetworkMonitorInterface *iface);
static void bk_fake_monitor_initable_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BkFakeMonitor, bk_fake_monitor, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      bk_fake_monitor_initable_init)
                               G_IMPLEMENT_INTERFACE (G_TYPE_NETWORK_MONITOR,
                                                      bk_fake_monitor_iface_init))

static gboolean
bk_fake_monitor_initable_init_cb (GInitable     *initable,
                                  GCancellable  *cancellable,
                                  GError       **error)
{
  return TRUE;
}

static void
bk_fake_monitor_initable_init (GInitableIface *iface)
{
  iface->init = bk_fake_monitor_initable_init_cb;
}

static void
bk_fake_monitor_iface_init (GNetworkMonitorInterface *iface)
{
}

static void
bk_fake_monitor_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BkFakeMonitor *self = BK_FAKE_MONITOR (object);

  switch (prop_id) {
  case PROP_NETWORK_AVAILABLE:
    g_value_set_boolean (value, self->available);
    break;
  case PROP_NETWORK_METERED:
    g_value_set_boolean (value, FALSE);
    break;
  case PROP_CONNECTIVITY:
    g_value_set_enum (value, self->available ? G_NETWORK_CONNECTIVITY_FULL
                                             : G_NETWORK_CONNECTIVITY_LOCAL);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
bk_fake_monitor_class_init (BkFakeMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bk_fake_monitor_get_property;
  g_object_class_override_property (object_class, PROP_NETWORK_AVAILABLE, "network-available");
  g_object_class_override_property (object_class, PROP_NETWORK_METERED, "network-metered");
  g_object_class_override_property (object_class, PROP_CONNECTIVITY, "connectivity");
}

static void
bk_fake_monitor_init (BkFakeMonitor *self)
{
  self->available = TRUE;
}

GNetworkMonitor *
bk_fake_monitor_new (void)
{
  return g_object_new (BK_TYPE_FAKE_MONITOR, NULL);
}

void
bk_fake_monitor_change (GNetworkMonitor *monitor,
                        gboolean         available)
{
  BkFakeMonitor *self = BK_FAKE_MONITOR (monitor);

  self->available = available;
  g_signal_emit_by_name (self, "network-changed", available);
}
