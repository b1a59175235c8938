/* bk-fake-network.c: a network and a monitor for the account's tests (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-fake-network.h"

#include <cairo.h>

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

static gboolean
fake_has_forms (BkAccountNetwork *network)
{
  return BK_FAKE_NETWORK (network)->form != NULL;
}

static void
fake_fetch_form_async (BkAccountNetwork    *network,
                       const char          *address,
                       const char          *password,
                       const char          *server,
                       const char          *trusted_fingerprint,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (network);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);

  self->fetches++;
  remember (self, address, password, server, trusted_fingerprint);
  g_task_return_pointer (task, bk_xmpp_form_copy (self->form),
                         (GDestroyNotify) bk_xmpp_form_unref);
}

static void
fake_submit_form_async (BkAccountNetwork    *network,
                        const char          *address,
                        const char          *password,
                        const char          *server,
                        const char          *trusted_fingerprint,
                        const BkXmppForm    *form,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (network);

  g_assert_null (self->register_task);
  self->registrations++;
  remember (self, address, password, server, trusted_fingerprint);
  g_clear_pointer (&self->submitted, bk_xmpp_form_unref);
  self->submitted = bk_xmpp_form_copy (form);
  self->register_task = g_task_new (self, cancellable, callback, user_data);
}

static void
fake_set_invitation_token (BkAccountNetwork *network,
                           const char       *token)
{
  BkFakeNetwork *self = BK_FAKE_NETWORK (network);

  g_free (self->invitation_token);
  self->invitation_token = g_strdup (token);
}

static void
bk_fake_network_iface_init (BkAccountNetworkInterface *iface)
{
  iface->set_invitation_token = fake_set_invitation_token;
  iface->has_forms = fake_has_forms;
  iface->fetch_form_async = fake_fetch_form_async;
  iface->submit_form_async = fake_submit_form_async;
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
  g_clear_pointer (&self->form, bk_xmpp_form_unref);
  g_clear_pointer (&self->submitted, bk_xmpp_form_unref);
  g_free (self->invitation_token);
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

static cairo_status_t
append_cb (void                *data,
           const unsigned char *bytes,
           unsigned int         length)
{
  g_byte_array_append (data, bytes, length);
  return CAIRO_STATUS_SUCCESS;
}

BkXmppForm *
bk_fake_network_captcha_form (const char *text)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 140, 60);
  cairo_t *cr = cairo_create (surface);
  GByteArray *png = g_byte_array_new ();
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  BkXmppForm *form = bk_xmpp_form_new (TRUE);
  guint i;

  cairo_set_source_rgb (cr, 0.92, 0.92, 0.92);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 2);
  cairo_move_to (cr, 5, 50);
  cairo_curve_to (cr, 40, 10, 90, 60, 135, 15);
  cairo_stroke (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 32);
  cairo_move_to (cr, 14, 42);
  cairo_show_text (cr, text);
  cairo_destroy (cr);
  cairo_surface_write_to_png_stream (surface, append_cb, png);
  cairo_surface_destroy (surface);
  bytes = g_byte_array_free_to_bytes (png);

  bk_xmpp_form_set_instructions (form, "Choose a username and password to register with "
                                       "this server");
  i = bk_xmpp_form_add_field (form, "FORM_TYPE", BK_XMPP_FIELD_HIDDEN, NULL);
  bk_xmpp_form_field_set_value (form, i, "urn:xmpp:captcha");
  i = bk_xmpp_form_add_field (form, "username", BK_XMPP_FIELD_TEXT, "User");
  bk_xmpp_form_field_set_required (form, i, TRUE);
  i = bk_xmpp_form_add_field (form, "password", BK_XMPP_FIELD_PRIVATE, "Password");
  bk_xmpp_form_field_set_required (form, i, TRUE);
  i = bk_xmpp_form_add_field (form, "captcha-fallback-text", BK_XMPP_FIELD_FIXED, NULL);
  bk_xmpp_form_field_set_value (form, i, "If you don't see the CAPTCHA image here, visit the "
                                         "web page.");
  bk_xmpp_form_field_set_role (form, i, BK_XMPP_FIELD_ROLE_FALLBACK);
  i = bk_xmpp_form_add_field (form, "captcha-fallback-url", BK_XMPP_FIELD_TEXT,
                              "CAPTCHA web page");
  bk_xmpp_form_field_set_value (form, i, "http://localhost/captcha/1234567890/image");
  bk_xmpp_form_field_set_role (form, i, BK_XMPP_FIELD_ROLE_FALLBACK);
  i = bk_xmpp_form_add_field (form, "challenge", BK_XMPP_FIELD_HIDDEN, NULL);
  bk_xmpp_form_field_set_value (form, i, "1234567890");
  i = bk_xmpp_form_add_field (form, "ocr", BK_XMPP_FIELD_TEXT, "Enter the text you see");
  bk_xmpp_form_field_set_role (form, i, BK_XMPP_FIELD_ROLE_CAPTCHA);
  bk_xmpp_form_field_set_required (form, i, TRUE);
  g_assert_true (bk_xmpp_form_field_set_image (form, i, bytes, "image/png", &error));
  g_assert_no_error (error);
  return form;
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
