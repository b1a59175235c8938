/* bk-account-page.c: "Play with Friends" in Preferences (see the header). The page only
 * shows the account's state and passes on what the person asks; BkAccount does the rest.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-account-page.h"
#include "bk-friends.h"
#include "bk-register-form.h"

#include <glib/gi18n.h>

struct _BkAccountPage
{
  AdwPreferencesPage  parent_instance;

  BkAccount          *account;

  AdwActionRow       *status_row;
  GtkSpinner         *status_spinner;
  GtkImage           *status_icon;
  AdwActionRow       *certificate_row;
  GtkWidget          *retry_button;
  GtkWidget          *sign_out_button;
  GtkWidget          *trust_button;
  AdwEntryRow        *address_row;
  AdwEntryRow        *password_row;
  AdwEntryRow        *server_row;
  GtkWidget          *create_button;
  GtkWidget          *form_view;   /* the server's form, in the state FORM */
};

enum {
  PROP_0,
  PROP_ACCOUNT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BkAccountPage, bk_account_page, ADW_TYPE_PREFERENCES_PAGE)

/* What an error is called, in a few words; its message says the rest. */
static const char *
error_title (const GError *error)
{
  switch (error != NULL && error->domain == BK_ACCOUNT_ERROR ? error->code : -1) {
  case BK_ACCOUNT_ERROR_WRONG_PASSWORD:
    return _("Wrong Address or Password");
  case BK_ACCOUNT_ERROR_UNREACHABLE:
    return _("Server Unreachable");
  case BK_ACCOUNT_ERROR_CERTIFICATE:
    return _("Certificate Not Trusted");
  case BK_ACCOUNT_ERROR_REFUSED:
  case BK_ACCOUNT_ERROR_TOKEN:
    return _("No Account Made");
  case BK_ACCOUNT_ERROR_NO_ACCOUNT:
    return _("Not Signed In");
  case BK_ACCOUNT_ERROR_KEYRING:
    return _("Keyring Unavailable");
  default:
    return _("Not Connected");
  }
}

/* The server's form below the account's rows while the account waits for it; a new form
 * (a new CAPTCHA after a refusal) replaces the old one. */
static void
update_form (BkAccountPage *self,
             BkXmppForm    *form)
{
  const GError *error;

  if (self->form_view != NULL &&
      bk_register_form_get_form (BK_REGISTER_FORM (self->form_view)) == form)
    return;
  if (self->form_view != NULL) {
    adw_preferences_page_remove (ADW_PREFERENCES_PAGE (self),
                                 ADW_PREFERENCES_GROUP (self->form_view));
    self->form_view = NULL;
  }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.submit-form", form != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.cancel-form", form != NULL);
  if (form == NULL)
    return;
  error = bk_account_get_error (self->account);
  self->form_view = bk_register_form_new (form, error != NULL ? error->message : NULL);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), ADW_PREFERENCES_GROUP (self->form_view));
}

static void
update (BkAccountPage *self)
{
  BkAccountState state = bk_account_get_state (self->account);
  const GError *error = bk_account_get_error (self->account);
  const char *address = bk_account_get_address (self->account);
  const char *fingerprint = bk_account_get_refused_fingerprint (self->account);
  g_autofree char *typed = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row)));
  const char *who = address != NULL ? address : typed;
  const char *title = NULL;
  const char *subtitle = NULL;
  const char *icon = NULL;
  gboolean busy = state == BK_ACCOUNT_STATE_CONNECTING || state == BK_ACCOUNT_STATE_REGISTERING;
  gboolean certificate = state == BK_ACCOUNT_STATE_ERROR && fingerprint != NULL;

  switch (state) {
  case BK_ACCOUNT_STATE_NONE:
    title = _("Not Signed In");
    subtitle = _("Sign in with an XMPP account to play at a table with friends.");
    icon = "system-users-symbolic";
    break;
  case BK_ACCOUNT_STATE_OFFLINE:
    title = _("Not Connected");
    subtitle = who;
    icon = "network-offline-symbolic";
    break;
  case BK_ACCOUNT_STATE_REGISTERING:
    title = _("Creating the Account…");
    subtitle = typed;
    break;
  case BK_ACCOUNT_STATE_CONNECTING:
    title = _("Connecting…");
    subtitle = who;
    break;
  case BK_ACCOUNT_STATE_CONNECTED:
    title = _("Connected");
    /* connected, but the keyring did not keep the password */
    subtitle = error != NULL ? error->message : address;
    icon = "emblem-ok-symbolic";
    break;
  case BK_ACCOUNT_STATE_FORM:
    /* a refusal of the last form, or what to do */
    title = error != NULL ? error_title (error) : _("The Server Asks for More");
    subtitle = error != NULL ? error->message
                             : _("Fill in the server’s form below to make the account.");
    icon = error != NULL ? "dialog-warning-symbolic" : "dialog-information-symbolic";
    break;
  case BK_ACCOUNT_STATE_ERROR:
  default:
    title = error_title (error);
    subtitle = error != NULL ? error->message : NULL;
    icon = "dialog-warning-symbolic";
    break;
  }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), title);
  adw_action_row_set_subtitle (self->status_row, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_spinner), busy);
  gtk_spinner_set_spinning (self->status_spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), icon != NULL);
  if (icon != NULL)
    gtk_image_set_from_icon_name (self->status_icon, icon);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_row), "error");
  if (state == BK_ACCOUNT_STATE_ERROR || (state == BK_ACCOUNT_STATE_FORM && error != NULL))
    gtk_widget_add_css_class (GTK_WIDGET (self->status_row), "error");

  gtk_widget_set_visible (GTK_WIDGET (self->certificate_row), certificate);
  adw_action_row_set_subtitle (self->certificate_row, certificate ? fingerprint : "");
  gtk_widget_set_visible (self->trust_button, certificate);
  /* trusting the certificate tries again itself */
  gtk_widget_set_visible (self->retry_button,
                          !certificate && (state == BK_ACCOUNT_STATE_OFFLINE ||
                                           state == BK_ACCOUNT_STATE_ERROR));
  gtk_button_set_label (GTK_BUTTON (self->retry_button),
                        state == BK_ACCOUNT_STATE_OFFLINE ? _("Connect") : _("Try Again"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->retry_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_button_get_label (GTK_BUTTON (self->retry_button)), -1);
  gtk_widget_set_visible (self->sign_out_button, address != NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.sign-in", !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.create", !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.retry", !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "account.trust", certificate);
  update_form (self, bk_account_get_register_form (self->account));
}

static void
state_cb (BkAccount     *account,
          GParamSpec    *pspec,
          BkAccountPage *self)
{
  update (self);
}

static void
address_cb (BkAccount     *account,
            GParamSpec    *pspec,
            BkAccountPage *self)
{
  const char *address = bk_account_get_address (account);
  const char *server = bk_account_get_server (account);

  if (address != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  if (address != NULL || server != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->server_row), server != NULL ? server : "");
  update (self);
}

static void
ask (BkAccountPage *self,
     gboolean       create)
{
  const char *address = gtk_editable_get_text (GTK_EDITABLE (self->address_row));
  const char *password = gtk_editable_get_text (GTK_EDITABLE (self->password_row));
  const char *server = gtk_editable_get_text (GTK_EDITABLE (self->server_row));

  if (create)
    bk_account_create_account (self->account, address, password, server);
  else
    bk_account_sign_in (self->account, address, password, server);
  /* kept by the keyring once the server took it, not by the page */
  gtk_editable_set_text (GTK_EDITABLE (self->password_row), "");
}

static void
sign_in_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  ask (BK_ACCOUNT_PAGE (widget), FALSE);
}

static void
create_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  ask (BK_ACCOUNT_PAGE (widget), TRUE);
}

static void
retry_action (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  bk_account_retry (BK_ACCOUNT_PAGE (widget)->account);
}

static void
trust_action (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  bk_account_trust_certificate (BK_ACCOUNT_PAGE (widget)->account);
}

static void
sign_out_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *parameter)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (widget);

  bk_account_sign_out (self->account);
  gtk_editable_set_text (GTK_EDITABLE (self->password_row), "");
}

static void
submit_form_action (GtkWidget  *widget,
                    const char *action,
                    GVariant   *parameter)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (widget);
  g_autoptr (BkXmppForm) filled = NULL;

  if (self->form_view == NULL)
    return;
  filled = bk_register_form_dup_filled (BK_REGISTER_FORM (self->form_view));
  bk_account_submit_form (self->account, filled);
}

static void
cancel_form_action (GtkWidget  *widget,
                    const char *action,
                    GVariant   *parameter)
{
  bk_account_cancel_form (BK_ACCOUNT_PAGE (widget)->account);
}

/* Enter in the password's field signs in, as in every sign-in form. */
static void
password_activated_cb (AdwEntryRow   *row,
                       BkAccountPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "account.sign-in", NULL);
}

static void
bk_account_page_constructed (GObject *object)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (object);

  G_OBJECT_CLASS (bk_account_page_parent_class)->constructed (object);

  g_signal_connect_object (self->account, "notify::state", G_CALLBACK (state_cb), self, 0);
  g_signal_connect_object (self->account, "notify::address", G_CALLBACK (address_cb), self, 0);
  g_signal_connect_object (self->account, "notify::server", G_CALLBACK (address_cb), self, 0);
  address_cb (self->account, NULL, self);
}

static void
bk_account_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (object);

  switch (prop_id) {
  case PROP_ACCOUNT:
    self->account = g_value_dup_object (value);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
bk_account_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (object);

  switch (prop_id) {
  case PROP_ACCOUNT:
    g_value_set_object (value, self->account);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
bk_account_page_dispose (GObject *object)
{
  BkAccountPage *self = BK_ACCOUNT_PAGE (object);

  g_clear_object (&self->account);
  gtk_widget_dispose_template (GTK_WIDGET (self), BK_TYPE_ACCOUNT_PAGE);

  G_OBJECT_CLASS (bk_account_page_parent_class)->dispose (object);
}

static void
bk_account_page_class_init (BkAccountPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = bk_account_page_constructed;
  object_class->dispose = bk_account_page_dispose;
  object_class->set_property = bk_account_page_set_property;
  object_class->get_property = bk_account_page_get_property;

  properties[PROP_ACCOUNT] =
    g_param_spec_object ("account", NULL, NULL, BK_TYPE_ACCOUNT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/bierkopf/Bierkopf/friends/bk-account-page.ui");
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, status_row);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, status_spinner);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, status_icon);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, certificate_row);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, retry_button);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, sign_out_button);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, trust_button);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, address_row);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, password_row);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, server_row);
  gtk_widget_class_bind_template_child (widget_class, BkAccountPage, create_button);
  gtk_widget_class_bind_template_callback (widget_class, password_activated_cb);

  gtk_widget_class_install_action (widget_class, "account.sign-in", NULL, sign_in_action);
  gtk_widget_class_install_action (widget_class, "account.create", NULL, create_action);
  gtk_widget_class_install_action (widget_class, "account.retry", NULL, retry_action);
  gtk_widget_class_install_action (widget_class, "account.trust", NULL, trust_action);
  gtk_widget_class_install_action (widget_class, "account.sign-out", NULL, sign_out_action);
  gtk_widget_class_install_action (widget_class, "account.submit-form", NULL,
                                   submit_form_action);
  gtk_widget_class_install_action (widget_class, "account.cancel-form", NULL,
                                   cancel_form_action);
}

static void
bk_account_page_init (BkAccountPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
bk_friends_add_preferences_page (AdwPreferencesWindow *window)
{
  GtkWidget *page;

  g_return_if_fail (ADW_IS_PREFERENCES_WINDOW (window));
  page = bk_account_page_new (bk_account_get_default ());
  adw_preferences_window_add (window, ADW_PREFERENCES_PAGE (page));
}

GtkWidget *
bk_account_page_new (BkAccount *account)
{
  g_return_val_if_fail (BK_IS_ACCOUNT (account), NULL);
  return g_object_new (BK_TYPE_ACCOUNT_PAGE, "account", account, NULL);
}
