/* test-account.c: the account for tables with friends (issue 24): the password in a real
 * Secret Service (gnome-keyring-daemon on a private bus, bk-keyring-fixture), and the
 * Play with Friends page driven by a fake network (bk-fake-network): a wrong password,
 * a server out of reach and back after a network change, a certificate not trusted and
 * then trusted, a refused registration in the server's words, connected and signed out;
 * and the account with the real network against Prosody (bk-prosody-fixture).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "bk-account-page.h"
#include "bk-register-form.h"
#include "bk-preferences-window.h"
#include "bk-fake-network.h"
#include "bk-keyring-fixture.h"
#include "bk-prosody-fixture.h"
#include "bk-secret-store.h"
#include "bk-xmpp-invitation.h"

/* Every wait in this file ends by this. */
#define WAIT_US (10 * G_USEC_PER_SEC)

#define FINGERPRINT "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:" \
                    "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"

typedef struct {
  gboolean  done;
  gboolean  ok;
  char     *password;
  GError   *error;
} Answer;

static void
answer_clear (Answer *answer)
{
  g_clear_pointer (&answer->password, g_free);
  g_clear_error (&answer->error);
  answer->done = FALSE;
}

static void
wait_answer (Answer     *answer,
             const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (!answer->done) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
}

static void
stored_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *answer = data;

  answer->ok = bk_secret_store_store_finish (result, &answer->error);
  answer->done = TRUE;
}

static void
looked_up_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *answer = data;

  answer->password = bk_secret_store_lookup_finish (result, &answer->error);
  answer->done = TRUE;
}

static void
cleared_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *answer = data;

  answer->ok = bk_secret_store_clear_finish (result, &answer->error);
  answer->done = TRUE;
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *answer = data;
  g_autoptr (BkXmppClient) client = bk_account_connect_finish (BK_ACCOUNT (source), result,
                                                               &answer->error);

  /* the fake network has no client: connected is no error */
  answer->ok = answer->error == NULL && client == NULL;
  answer->done = TRUE;
}

/* What the keyring keeps for `address`, or NULL. */
static char *
keyring_lookup (const char *address)
{
  Answer answer = { 0 };

  bk_secret_store_lookup_async (address, NULL, looked_up_cb, &answer);
  wait_answer (&answer, "the keyring's answer");
  g_assert_no_error (answer.error);
  return answer.password;
}

static void
keyring_store (const char *address,
               const char *password)
{
  Answer answer = { 0 };

  bk_secret_store_store_async (address, password, NULL, stored_cb, &answer);
  wait_answer (&answer, "the keyring's answer");
  g_assert_no_error (answer.error);
  g_assert_true (answer.ok);
}

/* ---- the keyring ------------------------------------------------------------------- */

static void
test_secret_store (void)
{
  Answer answer = { 0 };
  char *password;

  keyring_store ("sepp@example.org", "first");
  password = keyring_lookup ("sepp@example.org");
  g_assert_cmpstr (password, ==, "first");
  g_free (password);
  /* by address: another has none */
  g_assert_null (keyring_lookup ("gretl@example.org"));

  /* a new password takes the old one's place */
  keyring_store ("sepp@example.org", "second");
  password = keyring_lookup ("sepp@example.org");
  g_assert_cmpstr (password, ==, "second");
  g_free (password);

  bk_secret_store_clear_async ("sepp@example.org", NULL, cleared_cb, &answer);
  wait_answer (&answer, "the keyring's answer");
  g_assert_no_error (answer.error);
  g_assert_true (answer.ok);
  g_assert_null (keyring_lookup ("sepp@example.org"));
  /* nothing left to clear is no error */
  answer_clear (&answer);
  bk_secret_store_clear_async ("sepp@example.org", NULL, cleared_cb, &answer);
  wait_answer (&answer, "the keyring's answer");
  g_assert_no_error (answer.error);
  answer_clear (&answer);
}

/* The app's account: one, and gone at the app's shutdown. */
static void
test_default (void)
{
  BkAccount *account = bk_account_get_default ();

  g_assert_true (bk_account_get_default () == account);
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_NONE);
  g_assert_null (bk_account_get_client (account));
  g_object_add_weak_pointer (G_OBJECT (account), (gpointer *) &account);
  bk_account_release_default ();
  g_assert_null (account);
}

/* Preferences have the Friends page, the app's account's. */
static void
test_in_preferences (void)
{
  GtkWidget *preferences = bk_preferences_window_new ();
  GtkWidget *page;

  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "friends");
  page = GTK_WIDGET (adw_preferences_window_get_visible_page (
    ADW_PREFERENCES_WINDOW (preferences)));
  g_assert_true (BK_IS_ACCOUNT_PAGE (page));
  g_assert_cmpstr (adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (page)), ==, "Friends");
  {
    g_autoptr (BkAccount) account = NULL;
    g_object_get (page, "account", &account, NULL);
    g_assert_true (account == bk_account_get_default ());
  }
  gtk_window_destroy (GTK_WINDOW (preferences));
  bk_account_release_default ();
}

/* ---- the page ---------------------------------------------------------------------- */

typedef struct {
  BkFakeNetwork   *network;
  GNetworkMonitor *monitor;
  GSettings       *settings;
  BkAccount       *account;
  GtkWidget       *window;
  GtkWidget       *page;
} Fixture;

static GtkWidget *
child (Fixture    *f,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (f->page, BK_TYPE_ACCOUNT_PAGE, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

static const char *
status_title (Fixture *f)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (f, "status_row")));
}

static const char *
status_subtitle (Fixture *f)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (child (f, "status_row")));
}

static void
type_in (Fixture    *f,
         const char *row,
         const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (child (f, row)), text);
}

/* Runs what is pending, as the main loop would. */
static void
settle (void)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (g_main_context_iteration (NULL, FALSE))
    if (g_get_monotonic_time () > deadline)
      g_error ("the main loop never rested");
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->network = bk_fake_network_new ();
  f->monitor = bk_fake_monitor_new ();
  f->settings = g_settings_new (APP_ID ".Friends");
  g_settings_reset (f->settings, "address");
  g_settings_reset (f->settings, "server");
  g_settings_reset (f->settings, "trusted-certificates");
  f->account = bk_account_new (BK_ACCOUNT_NETWORK (f->network), f->monitor, f->settings);
  f->page = bk_account_page_new (f->account);
  f->window = adw_preferences_window_new ();
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (f->window), ADW_PREFERENCES_PAGE (f->page));
  gtk_window_present (GTK_WINDOW (f->window));
  settle ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  settle ();
  g_assert_finalize_object (f->account);
  g_assert_finalize_object (f->network);
  g_assert_finalize_object (f->monitor);
  g_object_unref (f->settings);
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (f->page, action, NULL));
  settle ();
}

static void
test_page_wrong_password (Fixture       *f,
                          gconstpointer  data)
{
  g_assert_cmpstr (status_title (f), ==, "Not Signed In");
  g_assert_false (gtk_widget_get_visible (child (f, "sign_out_button")));

  type_in (f, "address_row", " Sepp@Example.ORG ");
  type_in (f, "password_row", "wrong");
  type_in (f, "server_row", "127.0.0.1:5222");
  /* Enter in the password's field signs in */
  g_signal_emit_by_name (child (f, "password_row"), "entry-activated");
  settle ();
  g_assert_cmpuint (f->network->connects, ==, 1);
  g_assert_cmpstr (f->network->login.address, ==, "Sepp@example.org");
  g_assert_cmpstr (f->network->login.password, ==, "wrong");
  g_assert_cmpstr (f->network->login.server, ==, "127.0.0.1:5222");
  g_assert_cmpstr (status_title (f), ==, "Connecting…");
  g_assert_true (gtk_widget_get_visible (child (f, "status_spinner")));
  /* the page keeps no password */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (f, "password_row"))), ==, "");

  bk_fake_network_emit (f->network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_AUTH, "auth");
  settle ();
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_ERROR);
  g_assert_error (bk_account_get_error (f->account), BK_ACCOUNT_ERROR,
                  BK_ACCOUNT_ERROR_WRONG_PASSWORD);
  g_assert_cmpstr (status_title (f), ==, "Wrong Address or Password");
  g_assert_cmpstr (status_subtitle (f), ==,
                   "The server did not accept this address and password.");
  g_assert_false (gtk_widget_get_visible (child (f, "status_spinner")));
  g_assert_false (gtk_widget_get_visible (child (f, "certificate_row")));
  /* nothing kept of an account the server refused */
  g_assert_null (bk_account_get_address (f->account));
  g_autofree char *saved = g_settings_get_string (f->settings, "address");
  g_assert_cmpstr (saved, ==, "");
  g_assert_null (keyring_lookup ("Sepp@example.org"));
  /* and a wrong password is not tried again on a network change */
  bk_fake_monitor_change (f->monitor, TRUE);
  settle ();
  g_assert_cmpuint (f->network->connects, ==, 1);
}

static void
test_page_unreachable (Fixture       *f,
                       gconstpointer  data)
{
  type_in (f, "address_row", "gretl@example.org");
  type_in (f, "password_row", "gretl-pw");
  activate (f, "account.sign-in");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_CONNECT,
                        "The server cannot be reached: Connection refused");
  settle ();
  g_assert_error (bk_account_get_error (f->account), BK_ACCOUNT_ERROR,
                  BK_ACCOUNT_ERROR_UNREACHABLE);
  g_assert_cmpstr (status_title (f), ==, "Server Unreachable");
  g_assert_true (gtk_widget_get_visible (child (f, "retry_button")));

  /* The network changes: connected again, without a click. */
  bk_fake_monitor_change (f->monitor, TRUE);
  settle ();
  g_assert_cmpuint (f->network->connects, ==, 2);
  g_assert_cmpstr (f->network->login.password, ==, "gretl-pw");
  g_assert_cmpstr (status_title (f), ==, "Connecting…");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connected");

  /* Connected, the network changes again: the link is checked, not made anew. */
  bk_fake_monitor_change (f->monitor, TRUE);
  settle ();
  g_assert_cmpuint (f->network->checks, ==, 1);
  g_assert_cmpuint (f->network->connects, ==, 2);
  /* the link was dead: the client says so and comes back by itself */
  bk_fake_network_emit (f->network, BK_XMPP_STATE_CONNECTING, BK_XMPP_ERROR_CLOSED, "lost");
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connecting…");
  /* another change while it waits to reconnect: it is asked to try now, not made anew */
  bk_fake_monitor_change (f->monitor, TRUE);
  settle ();
  g_assert_cmpuint (f->network->checks, ==, 2);
  g_assert_cmpuint (f->network->connects, ==, 2);
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connected");
}

static void
test_page_certificate (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr (GVariant) trusted = NULL;
  const char *kept = NULL;

  type_in (f, "address_row", "hans@example.org");
  type_in (f, "password_row", "hans-pw");
  activate (f, "account.sign-in");
  g_assert_null (f->network->trusted_fingerprint);
  f->network->refused_fingerprint = g_strdup (FINGERPRINT);
  bk_fake_network_emit (f->network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_TLS, "not trusted");
  settle ();
  g_assert_error (bk_account_get_error (f->account), BK_ACCOUNT_ERROR,
                  BK_ACCOUNT_ERROR_CERTIFICATE);
  g_assert_cmpstr (status_title (f), ==, "Certificate Not Trusted");
  /* the fingerprint shown, and the choice to trust it */
  g_assert_true (gtk_widget_get_visible (child (f, "certificate_row")));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (f, "certificate_row"))),
                   ==, FINGERPRINT);
  g_assert_true (gtk_widget_get_visible (child (f, "trust_button")));
  g_assert_true (gtk_widget_is_sensitive (child (f, "trust_button")));
  g_assert_false (gtk_widget_get_visible (child (f, "retry_button")));

  activate (f, "account.trust");
  /* kept for this server, and the login tried again with it */
  trusted = g_settings_get_value (f->settings, "trusted-certificates");
  g_assert_true (g_variant_lookup (trusted, "example.org", "&s", &kept));
  g_assert_cmpstr (kept, ==, FINGERPRINT);
  g_assert_cmpuint (f->network->connects, ==, 2);
  g_assert_cmpstr (f->network->trusted_fingerprint, ==, FINGERPRINT);
  g_assert_false (gtk_widget_get_visible (child (f, "certificate_row")));
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connected");
}

static void
test_page_connected (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *saved = NULL;
  char *password;
  gint64 deadline;

  type_in (f, "address_row", "vroni@example.org");
  type_in (f, "password_row", "vroni-pw");
  activate (f, "account.sign-in");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_cmpstr (status_title (f), ==, "Connected");
  g_assert_cmpstr (status_subtitle (f), ==, "vroni@example.org");
  g_assert_true (gtk_widget_get_visible (child (f, "sign_out_button")));
  saved = g_settings_get_string (f->settings, "address");
  g_assert_cmpstr (saved, ==, "vroni@example.org");

  /* the password went to the keyring (the store is asynchronous: wait for it) */
  deadline = g_get_monotonic_time () + WAIT_US;
  while ((password = keyring_lookup ("vroni@example.org")) == NULL)
    if (g_get_monotonic_time () > deadline)
      g_error ("the keyring never got the password");
  g_assert_cmpstr (password, ==, "vroni-pw");
  g_free (password);

  /* A new start: the saved account connects with the keyring's password, as the lobby
   * asks for it. */
  {
    BkFakeNetwork *network = bk_fake_network_new ();
    BkAccount *again = bk_account_new (BK_ACCOUNT_NETWORK (network), f->monitor, f->settings);
    Answer answer = { 0 };
    g_assert_cmpint (bk_account_get_state (again), ==, BK_ACCOUNT_STATE_OFFLINE);
    g_assert_cmpstr (bk_account_get_address (again), ==, "vroni@example.org");
    bk_account_connect_async (again, NULL, connected_cb, &answer);
    deadline = g_get_monotonic_time () + WAIT_US;
    while (network->connects == 0) {
      if (g_get_monotonic_time () > deadline)
        g_error ("the saved account never connected");
      g_main_context_iteration (NULL, FALSE);
    }
    g_assert_cmpstr (network->login.password, ==, "vroni-pw");
    g_assert_false (answer.done);
    bk_fake_network_emit (network, BK_XMPP_STATE_ONLINE, -1, NULL);
    wait_answer (&answer, "the connection");
    g_assert_no_error (answer.error);
    g_assert_true (answer.ok);
    g_assert_finalize_object (again);
    g_assert_finalize_object (network);
  }

  /* Signing out forgets the account and its password. */
  activate (f, "account.sign-out");
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_NONE);
  g_assert_cmpstr (status_title (f), ==, "Not Signed In");
  g_assert_cmpuint (f->network->disconnects, >=, 1);
  deadline = g_get_monotonic_time () + WAIT_US;
  while ((password = keyring_lookup ("vroni@example.org")) != NULL) {
    g_free (password);
    if (g_get_monotonic_time () > deadline)
      g_error ("the keyring kept the password");
  }
  g_clear_pointer (&saved, g_free);
  saved = g_settings_get_string (f->settings, "address");
  g_assert_cmpstr (saved, ==, "");
}

static void
test_page_register (Fixture       *f,
                    gconstpointer  data)
{
  type_in (f, "address_row", "neu@example.org");
  type_in (f, "password_row", "neu-pw");
  activate (f, "account.create");
  g_assert_cmpuint (f->network->registrations, ==, 1);
  g_assert_cmpuint (f->network->connects, ==, 0);
  g_assert_cmpstr (status_title (f), ==, "Creating the Account…");
  /* no second request while one runs */
  g_assert_false (gtk_widget_is_sensitive (child (f, "create_button")));

  /* The server refuses: its own words. */
  bk_fake_network_answer_register (f->network, BK_XMPP_ERROR_REGISTER,
                                   "The requested username already exists.");
  settle ();
  g_assert_error (bk_account_get_error (f->account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED);
  g_assert_cmpstr (status_title (f), ==, "No Account Made");
  g_assert_cmpstr (status_subtitle (f), ==, "The requested username already exists.");

  /* Another name: made, then logged in. */
  type_in (f, "address_row", "neu2@example.org");
  type_in (f, "password_row", "neu-pw");
  activate (f, "account.create");
  bk_fake_network_answer_register (f->network, -1, NULL);
  settle ();
  g_assert_cmpuint (f->network->connects, ==, 1);
  g_assert_cmpstr (f->network->login.address, ==, "neu2@example.org");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connected");
  g_assert_cmpstr (bk_account_get_address (f->account), ==, "neu2@example.org");
}

/* The page's form for the server's, or NULL. */
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c)) {
    GtkWidget *found = find_type (c, type);
    if (found != NULL)
      return found;
  }
  return NULL;
}

/* The entry row titled `title` in the page's form. */
static GtkEditable *
form_entry (GtkWidget  *widget,
            const char *title)
{
  if (ADW_IS_ENTRY_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return GTK_EDITABLE (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c)) {
    GtkEditable *found = form_entry (c, title);
    if (found != NULL)
      return found;
  }
  return NULL;
}

/* Issue 32: a server that asks a CAPTCHA (as ejabberd's form): the page shows its picture
 * and its field; the name and password typed above go with the answer; a wrong answer
 * comes back with a new form and the refusal in words; the right one makes the account. */
static void
test_page_register_form (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *view;
  GdkPaintable *picture;
  BkXmppForm *sent;
  int ocr;

  f->network->form = bk_fake_network_captcha_form ("k7m2q");
  type_in (f, "address_row", "neu@example.org");
  type_in (f, "password_row", "neu-pw");
  activate (f, "account.create");
  g_assert_cmpuint (f->network->fetches, ==, 1);
  g_assert_cmpuint (f->network->registrations, ==, 0);
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_FORM);
  g_assert_cmpstr (status_title (f), ==, "The Server Asks for More");
  view = find_type (f->page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (view);
  g_assert_true (gtk_widget_get_mapped (view));
  picture = bk_register_form_get_picture (BK_REGISTER_FORM (view));
  g_assert_nonnull (picture);
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (picture), ==, 140);
  /* the name and password have the page's own rows; hidden fields are not shown */
  g_assert_null (form_entry (view, "User"));
  g_assert_null (form_entry (view, "challenge"));
  /* ejabberd's way to its CAPTCHA on the web is not shown, but sent back */
  g_assert_null (form_entry (view, "CAPTCHA web page"));

  gtk_editable_set_text (form_entry (view, "Enter the text you see"), "wrong");
  activate (f, "account.submit-form");
  g_assert_cmpuint (f->network->registrations, ==, 1);
  sent = f->network->submitted;
  ocr = bk_xmpp_form_find_field (sent, "ocr");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (sent, ocr), ==, "wrong");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (sent, bk_xmpp_form_find_field (sent,
                                                                              "username")),
                   ==, "neu");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (sent, bk_xmpp_form_find_field (sent,
                                                                              "password")),
                   ==, "neu-pw");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (sent, bk_xmpp_form_find_field (sent,
                                                                              "challenge")),
                   ==, "1234567890");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (sent,
                                                 bk_xmpp_form_find_field (sent,
                                                                          "captcha-fallback-url")),
                   ==, "http://localhost/captcha/1234567890/image");
  g_assert_cmpstr (status_title (f), ==, "Creating the Account…");

  /* refused: a new form (a new CAPTCHA) and the refusal in words */
  bk_fake_network_answer_register (f->network, BK_XMPP_ERROR_REGISTER,
                                   "The answer to the CAPTCHA was wrong");
  settle ();
  g_assert_cmpuint (f->network->fetches, ==, 2);
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_FORM);
  g_assert_cmpstr (status_title (f), ==, "No Account Made");
  g_assert_cmpstr (status_subtitle (f), ==, "The answer to the CAPTCHA was wrong");
  view = find_type (f->page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (view);
  g_assert_cmpstr (gtk_editable_get_text (form_entry (view, "Enter the text you see")), ==, "");

  gtk_editable_set_text (form_entry (view, "Enter the text you see"), "k7m2q");
  activate (f, "account.submit-form");
  bk_fake_network_answer_register (f->network, -1, NULL);
  settle ();
  g_assert_null (find_type (f->page, BK_TYPE_REGISTER_FORM));
  g_assert_cmpuint (f->network->connects, ==, 1);
  g_assert_cmpstr (f->network->login.address, ==, "neu@example.org");
  g_assert_cmpstr (f->network->login.password, ==, "neu-pw");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_ONLINE, -1, NULL);
  settle ();
  g_assert_cmpstr (status_title (f), ==, "Connected");
}

/* A picture that passed the network's checks but does not decode: words instead, and the
 * form all the same; Cancel gives it up. */
static void
test_page_register_form_bad_picture (Fixture       *f,
                                     gconstpointer  data)
{
  static const guint8 png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                                'I', 'H', 'D', 'R', 0, 0, 0, 140, 0, 0, 0, 60, 8, 0 };
  g_autoptr (GBytes) bytes = g_bytes_new_static (png, sizeof png);
  g_autoptr (GError) error = NULL;
  GtkWidget *view;

  f->network->form = bk_fake_network_captcha_form ("x");
  g_assert_true (bk_xmpp_form_field_set_image (f->network->form,
                                               bk_xmpp_form_find_field (f->network->form, "ocr"),
                                               bytes, "image/png", &error));
  type_in (f, "address_row", "neu@example.org");
  type_in (f, "password_row", "neu-pw");
  activate (f, "account.create");
  view = find_type (f->page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (view);
  g_assert_null (bk_register_form_get_picture (BK_REGISTER_FORM (view)));
  g_assert_nonnull (form_entry (view, "Enter the text you see"));
  activate (f, "account.cancel-form");
  g_assert_null (find_type (f->page, BK_TYPE_REGISTER_FORM));
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_NONE);
  g_assert_cmpuint (f->network->registrations, ==, 0);
}

/* A question instead of a picture (XEP-0158 qa): its words above the field, no picture and
 * no word about a web page. */
static void
test_page_register_form_question (Fixture       *f,
                                  gconstpointer  data)
{
  BkXmppForm *form = bk_xmpp_form_new (TRUE);
  GtkWidget *view;
  guint i;

  bk_xmpp_form_add_field (form, "username", BK_XMPP_FIELD_TEXT, "User");
  bk_xmpp_form_add_field (form, "password", BK_XMPP_FIELD_PRIVATE, "Password");
  i = bk_xmpp_form_add_field (form, "qa", BK_XMPP_FIELD_TEXT,
                              "What is the name of the game with the Ober of Acorns?");
  bk_xmpp_form_field_set_role (form, i, BK_XMPP_FIELD_ROLE_CAPTCHA);
  f->network->form = form;
  type_in (f, "address_row", "neu@example.org");
  type_in (f, "password_row", "neu-pw");
  activate (f, "account.create");
  view = find_type (f->page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (view);
  g_assert_null (bk_register_form_get_picture (BK_REGISTER_FORM (view)));
  g_assert_nonnull (form_entry (view, "What is the name of the game with the Ober of Acorns?"));
  gtk_editable_set_text (form_entry (view, "What is the name of the game with the Ober of "
                                           "Acorns?"), "Schafkopf");
  activate (f, "account.submit-form");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (f->network->submitted, i), ==, "Schafkopf");
  bk_fake_network_answer_register (f->network, -1, NULL);
  settle ();
  g_assert_cmpuint (f->network->connects, ==, 1);
}

/* Issue 32: an account from an invitation: name@the server's domain, a strong password
 * made by the app, the token handed to the network before the form is asked for; a link
 * that is none, or a name that is no JID's, refused before anything is sent. */
static void
test_page_invitation (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  const char *password;

  f->network->form = bk_fake_network_captcha_form ("x");
  g_assert_false (bk_account_create_from_invitation (f->account, "https://example.org/x",
                                                     "gast", NULL, &error));
  g_assert_error (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_false (bk_account_create_from_invitation (f->account,
                                                     "xmpp:example.org?register;"
                                                     "preauth=abcdefgh12345678",
                                                     "gast wirt", NULL, &error));
  g_assert_error (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_cmpuint (f->network->fetches, ==, 0);

  g_assert_true (bk_account_create_from_invitation (f->account,
                                                    "xmpp:example.org?register;"
                                                    "preauth=abcdefgh12345678",
                                                    " gast ", NULL, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_cmpuint (f->network->fetches, ==, 1);
  g_assert_cmpstr (f->network->invitation_token, ==, "abcdefgh12345678");
  g_assert_cmpstr (f->network->login.address, ==, "gast@example.org");
  password = f->network->login.password;
  g_assert_cmpuint (strlen (password), ==, 24);
  g_assert_cmpint (bk_account_get_state (f->account), ==, BK_ACCOUNT_STATE_FORM);
}

static void
failed_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *answer = data;
  g_autoptr (BkXmppClient) client = bk_account_connect_finish (BK_ACCOUNT (source), result,
                                                               &answer->error);

  answer->ok = client != NULL;
  answer->done = TRUE;
}

/* The lobby asks for a client without an account, or without its password: NO_ACCOUNT,
 * and nothing is sent to the network. */
static void
test_page_no_account (Fixture       *f,
                      gconstpointer  data)
{
  Answer answer = { 0 };

  bk_account_connect_async (f->account, NULL, failed_cb, &answer);
  wait_answer (&answer, "the answer");
  g_assert_error (answer.error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT);
  g_assert_cmpstr (status_title (f), ==, "Not Signed In");
  answer_clear (&answer);

  /* an address saved, but the keyring has no password for it */
  g_settings_set_string (f->settings, "address", "lost@example.org");
  {
    BkAccount *saved = bk_account_new (BK_ACCOUNT_NETWORK (f->network), f->monitor, f->settings);
    bk_account_connect_async (saved, NULL, failed_cb, &answer);
    wait_answer (&answer, "the answer");
    g_assert_error (answer.error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT);
    g_assert_finalize_object (saved);
  }
  g_assert_cmpuint (f->network->connects, ==, 0);
  answer_clear (&answer);
}

/* Every control has a name a screen reader says, and the fields their titles. */
static void
test_page_names (Fixture       *f,
                 gconstpointer  data)
{
  const struct {
    const char *child;
    const char *name;
  } named[] = {
    { "status_spinner", "Connecting" },
    { "retry_button", "Try Again" },
    { "sign_out_button", "Sign Out" },
    { "trust_button", "Trust This Certificate" },
    { "create_button", "Create Account" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (named); i++) {
    g_autofree char *wrong = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (child (f, named[i].child)), GTK_ACCESSIBLE_PROPERTY_LABEL, named[i].name);
    g_assert_null (wrong);
  }
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (f, "address_row"))),
                   ==, "Address");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (f, "password_row"))),
                   ==, "Password");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (f, "server_row"))),
                   ==, "Server (empty: from the address)");
  /* the retry button's name follows its label */
  type_in (f, "address_row", "x@example.org");
  type_in (f, "password_row", "x");
  activate (f, "account.sign-in");
  bk_fake_network_emit (f->network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_CONNECT, "no");
  settle ();
  {
    g_autofree char *wrong = gtk_test_accessible_check_property (
      GTK_ACCESSIBLE (child (f, "retry_button")), GTK_ACCESSIBLE_PROPERTY_LABEL, "Try Again");
    g_assert_null (wrong);
  }
}

static void
test_page_bad_address (Fixture       *f,
                       gconstpointer  data)
{
  type_in (f, "address_row", "no-at-sign");
  type_in (f, "password_row", "pw");
  activate (f, "account.sign-in");
  g_assert_cmpuint (f->network->connects, ==, 0);
  g_assert_cmpstr (status_title (f), ==, "Not Signed In");
  g_assert_cmpstr (status_subtitle (f), ==, "Type an address such as name@example.org.");
}

/* ---- the real network, against Prosody --------------------------------------------- */

static void
wait_settled (BkAccount  *account,
              const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 2 * WAIT_US;

  do {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  } while (bk_account_get_state (account) == BK_ACCOUNT_STATE_CONNECTING ||
           bk_account_get_state (account) == BK_ACCOUNT_STATE_REGISTERING);
}

/* The fixture's certificate's SHA-256 fingerprint, as "AB:CD:…". */
static char *
server_fingerprint (BkProsody *server)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) cert =
    g_tls_certificate_new_from_file (bk_prosody_get_cafile (server), &error);
  g_autoptr (GByteArray) der = NULL;
  g_autofree char *hex = NULL;
  GString *text = g_string_new (NULL);

  g_assert_no_error (error);
  g_object_get (cert, "certificate", &der, NULL);
  hex = g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
  for (gsize i = 0; hex[i] != '\0'; i++) {
    if (i > 0 && i % 2 == 0)
      g_string_append_c (text, ':');
    g_string_append_c (text, g_ascii_toupper (hex[i]));
  }
  return g_string_free (text, FALSE);
}

static void
test_real_server (void)
{
  const char *users[] = { "sepp:sepp-pw", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start_with_registration ("localhost", users, &error);
  g_autoptr (BkAccountNetwork) network = bk_account_network_new_xmpp ();
  g_autoptr (GNetworkMonitor) monitor = bk_fake_monitor_new ();
  g_autoptr (GSettings) settings = g_settings_new (APP_ID ".Friends");
  g_autofree char *expected = NULL;
  BkAccount *account;
  BkXmppClient *client;
  char *password;

  g_assert_no_error (error);
  expected = server_fingerprint (server);
  g_settings_reset (settings, "address");
  g_settings_reset (settings, "trusted-certificates");
  account = bk_account_new (network, monitor, settings);

  /* The fixture's certificate is self-signed: not trusted, with its fingerprint. */
  bk_account_sign_in (account, "sepp@localhost", "sepp-pw", bk_prosody_get_server (server));
  wait_settled (account, "the certificate's refusal");
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_CERTIFICATE);
  g_assert_cmpstr (bk_account_get_refused_fingerprint (account), ==, expected);
  g_assert_null (bk_account_get_client (account));

  /* Trusted: in, and the client is the lobby's to use. */
  bk_account_trust_certificate (account);
  wait_settled (account, "the login");
  g_assert_no_error (bk_account_get_error (account));
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  client = bk_account_get_client (account);
  g_assert_nonnull (client);
  g_assert_cmpint (bk_xmpp_client_get_state (client), ==, BK_XMPP_STATE_ONLINE);
  g_assert_true (g_str_has_prefix (bk_xmpp_client_get_jid (client), "sepp@localhost/"));
  /* the password is stored asynchronously: wait for it */
  {
    gint64 deadline = g_get_monotonic_time () + WAIT_US;
    while ((password = keyring_lookup ("sepp@localhost")) == NULL)
      if (g_get_monotonic_time () > deadline)
        g_error ("the keyring never got the password");
    g_assert_cmpstr (password, ==, "sepp-pw");
    g_free (password);
  }

  /* A drop: the same client comes back, and the account's client stays the same. */
  bk_prosody_pause (server, TRUE);
  bk_xmpp_client_check_connection (client);
  {
    gint64 deadline = g_get_monotonic_time () + 2 * WAIT_US;
    while (bk_account_get_state (account) == BK_ACCOUNT_STATE_CONNECTED) {
      if (g_get_monotonic_time () > deadline)
        g_error ("waited in vain for the drop");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  }
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTING);
  g_assert_true (bk_account_get_client (account) == client);
  bk_prosody_pause (server, FALSE);
  wait_settled (account, "the reconnection");
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_true (bk_account_get_client (account) == client);

  /* Sign In again with the same account while connected: connected, the same client. */
  bk_account_sign_in (account, "sepp@localhost", "sepp-pw", bk_prosody_get_server (server));
  wait_settled (account, "the same login");
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_true (bk_account_get_client (account) == client);

  /* A wrong password, with the certificate trusted for this server now. */
  bk_account_sign_in (account, "sepp@localhost", "wrong", bk_prosody_get_server (server));
  wait_settled (account, "the wrong password");
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR,
                  BK_ACCOUNT_ERROR_WRONG_PASSWORD);

  /* A new account, made in-band and logged in with. */
  bk_account_create_account (account, "neu@localhost", "neu-pw", bk_prosody_get_server (server));
  wait_settled (account, "the new account");
  g_assert_no_error (bk_account_get_error (account));
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_cmpstr (bk_account_get_address (account), ==, "neu@localhost");

  /* The same name again: our words, and the server's own beside them. */
  bk_account_create_account (account, "neu@localhost", "other-pw",
                             bk_prosody_get_server (server));
  wait_settled (account, "the refusal");
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED);
  g_assert_cmpstr (bk_account_get_error (account)->message, ==,
                   "This name is taken on this server: choose another one (the server says: "
                   "“The requested username already exists.”)");

  /* a new account, a new client; signed out, none */
  g_assert_true (bk_account_get_client (account) != client);
  bk_account_sign_out (account);
  settle ();
  g_assert_null (bk_account_get_client (account));
  g_assert_finalize_object (account);
}

static void
invited_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Answer *answer = data;

  answer->password = bk_xmpp_client_create_invitation_finish (BK_XMPP_CLIENT (source), result,
                                                              &answer->error);
  answer->done = TRUE;
}

static void
online_cb (BkXmppClient *client,
           BkXmppState   state,
           const GError *error,
           Answer       *answer)
{
  answer->done = state != BK_XMPP_STATE_CONNECTING;
  answer->ok = state == BK_XMPP_STATE_ONLINE;
}

/* Issue 32: Prosody with mod_invites (tests/net/prosody-invites.cfg.lua): alice's
 * invitation opened by a fresh account, which registers with its token and a password of
 * its own making, logs in and keeps that password in the keyring. */
static void
test_real_server_invitation (void)
{
  const char *users[] = { "alice:alice-pw", NULL };
  g_autofree char *snippet = g_build_filename (BK_NET_TEST_SRCDIR, "prosody-invites.cfg.lua",
                                               NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkXmppClient) alice = NULL;
  g_autoptr (BkAccountNetwork) network = bk_account_network_new_xmpp ();
  g_autoptr (GNetworkMonitor) monitor = bk_fake_monitor_new ();
  g_autoptr (GSettings) settings = g_settings_new (APP_ID ".Friends");
  g_autofree char *fingerprint = NULL;
  g_autofree char *key = NULL;
  Answer answer = { 0 };
  BkAccount *account;
  char *password;

  g_setenv ("BK_PROSODY_EXTRA_CONFIG", snippet, TRUE);
  server = bk_prosody_start ("localhost", users, &error);
  g_unsetenv ("BK_PROSODY_EXTRA_CONFIG");
  g_assert_no_error (error);

  alice = bk_xmpp_client_new ("alice@localhost", "alice-pw", bk_prosody_get_server (server),
                              bk_prosody_get_cafile (server));
  g_signal_connect (alice, "state-changed", G_CALLBACK (online_cb), &answer);
  bk_xmpp_client_connect (alice);
  wait_answer (&answer, "alice's login");
  g_assert_true (answer.ok);
  g_signal_handlers_disconnect_by_data (alice, &answer);
  answer_clear (&answer);
  memset (&answer, 0, sizeof answer);
  bk_xmpp_client_create_invitation_async (alice, NULL, invited_cb, &answer);
  wait_answer (&answer, "the invitation");
  g_assert_no_error (answer.error);
  g_test_message ("the invitation: %s", answer.password);

  /* the fixture's certificate, trusted as a person would for this server */
  g_settings_reset (settings, "address");
  fingerprint = server_fingerprint (server);
  key = g_ascii_strdown (bk_prosody_get_server (server), -1);
  g_settings_set_value (settings, "trusted-certificates",
                        g_variant_new_parsed ("{%s: %s}", key, fingerprint));
  account = bk_account_new (network, monitor, settings);
  g_assert_true (bk_account_create_from_invitation (account, answer.password, "gast",
                                                    bk_prosody_get_server (server), &error));
  g_assert_no_error (error);
  wait_settled (account, "the account from the invitation");
  g_assert_no_error (bk_account_get_error (account));
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_cmpstr (bk_account_get_address (account), ==, "gast@localhost");
  {
    gint64 deadline = g_get_monotonic_time () + WAIT_US;
    while ((password = keyring_lookup ("gast@localhost")) == NULL)
      if (g_get_monotonic_time () > deadline)
        g_error ("the keyring never got the password");
    g_assert_cmpuint (strlen (password), ==, 24);
    g_free (password);
  }

  /* the same invitation again: spent, said so */
  bk_account_sign_out (account);
  settle ();
  g_assert_true (bk_account_create_from_invitation (account, answer.password, "zweiter",
                                                    bk_prosody_get_server (server), &error));
  wait_settled (account, "the spent invitation");
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_TOKEN);
  g_test_message ("again: %s", bk_account_get_error (account)->message);
  g_assert_nonnull (strstr (bk_account_get_error (account)->message, "spent or has expired"));
  answer_clear (&answer);
  g_assert_finalize_object (account);
}

/* The last text ejabberd's captcha_cmd was given (bk-prosody-fixture.h): the newest
 * CAPTCHA's answer. */
static char *
last_captcha_answer (BkProsody *server)
{
  g_autofree char *path = g_build_filename (bk_prosody_get_dir (server), "captcha-answers",
                                            NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (g_strstrip (text), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >, 0);
  return g_strdup (lines[g_strv_length (lines) - 1]);
}

/* Issue 32: Create Account on an ejabberd that asks a CAPTCHA, through the page with the
 * real network: the server's picture shown (decoded from its PNG), a wrong answer refused
 * with a new picture, the right one makes the account and logs in. As root, with
 * BK_TEST_SERVER=ejabberd (the test account-ejabberd). */
static void
test_real_server_captcha (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = bk_prosody_start_ejabberd_with_captcha ("localhost", &error);
  g_autoptr (BkAccountNetwork) network = bk_account_network_new_xmpp ();
  g_autoptr (GNetworkMonitor) monitor = bk_fake_monitor_new ();
  g_autoptr (GSettings) settings = g_settings_new (APP_ID ".Friends");
  g_autofree char *answer = NULL;
  BkAccount *account;
  GtkWidget *window, *page, *view;
  GdkPaintable *picture;

  g_assert_no_error (error);
  g_settings_reset (settings, "address");
  g_settings_reset (settings, "trusted-certificates");
  account = bk_account_new (network, monitor, settings);
  page = bk_account_page_new (account);
  window = adw_preferences_window_new ();
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));

  /* the fixture's certificate is self-signed: trusted, then the form */
  bk_account_create_account (account, "neu@localhost", "neu-pw", bk_prosody_get_server (server));
  wait_settled (account, "the certificate's refusal");
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_CERTIFICATE);
  bk_account_trust_certificate (account);
  wait_settled (account, "the server's form");
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_FORM);
  g_assert_no_error (bk_account_get_error (account));
  settle ();
  view = find_type (page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (view);
  picture = bk_register_form_get_picture (BK_REGISTER_FORM (view));
  g_assert_nonnull (picture);
  g_test_message ("ejabberd's picture: %d × %d", gdk_paintable_get_intrinsic_width (picture),
                  gdk_paintable_get_intrinsic_height (picture));
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (picture), >, 0);
  g_assert_nonnull (form_entry (view, "Enter the text you see"));
  g_assert_null (form_entry (view, "CAPTCHA web page"));

  /* wrong: refused, a new form and picture */
  answer = last_captcha_answer (server);
  {
    g_autofree char *wrong = g_strconcat (answer, "9", NULL);
    gtk_editable_set_text (form_entry (view, "Enter the text you see"), wrong);
  }
  g_assert_true (gtk_widget_activate_action (page, "account.submit-form", NULL));
  wait_settled (account, "the refusal");
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_FORM);
  g_assert_error (bk_account_get_error (account), BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_REFUSED);
  g_test_message ("refused: %s", bk_account_get_error (account)->message);
  settle ();
  view = find_type (page, BK_TYPE_REGISTER_FORM);
  g_assert_nonnull (bk_register_form_get_picture (BK_REGISTER_FORM (view)));

  /* right: made, and logged in */
  g_clear_pointer (&answer, g_free);
  answer = last_captcha_answer (server);
  gtk_editable_set_text (form_entry (view, "Enter the text you see"), answer);
  g_assert_true (gtk_widget_activate_action (page, "account.submit-form", NULL));
  wait_settled (account, "the new account");
  g_assert_no_error (bk_account_get_error (account));
  g_assert_cmpint (bk_account_get_state (account), ==, BK_ACCOUNT_STATE_CONNECTED);
  g_assert_cmpstr (bk_account_get_address (account), ==, "neu@localhost");
  settle ();
  g_assert_null (find_type (page, BK_TYPE_REGISTER_FORM));

  gtk_window_destroy (GTK_WINDOW (window));
  bk_account_sign_out (account);
  settle ();
  g_assert_finalize_object (account);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkKeyring) keyring = NULL;

  /* before anything talks to a session bus */
  keyring = bk_keyring_start (&error);
  g_assert_no_error (error);

  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/account/secret-store", test_secret_store);
  g_test_add_func ("/account/default", test_default);
  g_test_add_func ("/account/in-preferences", test_in_preferences);
#define PAGE_TEST(path, func) \
  g_test_add ("/account/page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  PAGE_TEST ("wrong-password", test_page_wrong_password);
  PAGE_TEST ("unreachable", test_page_unreachable);
  PAGE_TEST ("certificate", test_page_certificate);
  PAGE_TEST ("connected", test_page_connected);
  PAGE_TEST ("register", test_page_register);
  PAGE_TEST ("register-form", test_page_register_form);
  PAGE_TEST ("register-form-bad-picture", test_page_register_form_bad_picture);
  PAGE_TEST ("register-form-question", test_page_register_form_question);
  PAGE_TEST ("invitation", test_page_invitation);
  PAGE_TEST ("bad-address", test_page_bad_address);
  PAGE_TEST ("names", test_page_names);
  PAGE_TEST ("no-account", test_page_no_account);
  g_test_add_func ("/account/real-server", test_real_server);
  g_test_add_func ("/account/real-server-invitation", test_real_server_invitation);
  /* ejabberd's CAPTCHA: run as account-ejabberd (root, BK_TEST_SERVER=ejabberd) */
  if (bk_test_server_is_ejabberd ())
    g_test_add_func ("/account/real-server-captcha", test_real_server_captcha);

  return g_test_run ();
}
