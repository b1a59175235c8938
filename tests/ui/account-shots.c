/* account-shots.c: a picture of the Play with Friends page in each of its states (issue
 * 24), in a preferences window of the size given, driven by the fake network: for the
 * eye. Not a test; run it on an X display:
 *
 *   GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=_build/data GSK_RENDERER=cairo \
 *   GTK_A11Y=test LANG=C.UTF-8 LANGUAGE=de BIERKOPF_LOCALEDIR=_build/po \
 *   xvfb-run -a -s '-screen 0 1280x800x24' _build/tests/ui/account-shots DIR 360x640
 *
 * The pictures are DIR/account-WIDTHxHEIGHT-STATE.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "bk-account-page.h"
#include "bk-fake-network.h"
#include "bk-preferences-window.h"

#define FINGERPRINT "3F:8A:C2:19:7D:E4:05:B6:91:2C:AE:70:58:D3:1F:66:" \
                    "C9:04:7B:E2:AA:35:80:1D:F7:6E:92:4B:0C:D8:53:EA"

static void
spin (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
shoot (GtkWidget  *window,
       const char *path)
{
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  int w, h;

  spin (G_USEC_PER_SEC / 3);
  gtk_test_widget_wait_for_draw (window);
  w = gtk_widget_get_width (window);
  h = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
  g_print ("%s\n", path);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (BkFakeNetwork) network = NULL;
  g_autoptr (GNetworkMonitor) monitor = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (BkAccount) account = NULL;
  GtkWidget *window, *page;
  int width, height;
  const char *dir;
  g_autofree char *prefix = NULL;

  if (argc != 3 || sscanf (argv[2], "%dx%d", &width, &height) != 2) {
    g_printerr ("usage: %s DIR WIDTHxHEIGHT\n", argv[0]);
    return 2;
  }
  dir = argv[1];
  setlocale (LC_ALL, "");
  if (g_getenv ("BIERKOPF_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("BIERKOPF_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE,
                "gtk-cursor-blink", FALSE, NULL);

  network = bk_fake_network_new ();
  monitor = bk_fake_monitor_new ();
  settings = g_settings_new (APP_ID ".Friends");
  account = bk_account_new (BK_ACCOUNT_NETWORK (network), monitor, settings);
  page = bk_account_page_new (account);
  window = adw_preferences_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));
  prefix = g_strdup_printf ("%s/account-%dx%d", dir, width, height);

#define SHOT(state) G_STMT_START { \
    g_autofree char *path = g_strdup_printf ("%s-%s.png", prefix, state); \
    shoot (window, path); \
  } G_STMT_END

  SHOT ("none");
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_template_child (page, BK_TYPE_ACCOUNT_PAGE,
                                                                       "address_row")),
                         "sepp@example.org");
  bk_account_sign_in (account, "sepp@example.org", "pw", NULL);
  SHOT ("connecting");
  bk_fake_network_emit (network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_AUTH, "auth");
  SHOT ("wrong-password");
  bk_account_retry (account);
  bk_fake_network_emit (network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_CONNECT, "unreachable");
  SHOT ("unreachable");
  bk_account_retry (account);
  network->refused_fingerprint = g_strdup (FINGERPRINT);
  bk_fake_network_emit (network, BK_XMPP_STATE_OFFLINE, BK_XMPP_ERROR_TLS, "not trusted");
  SHOT ("certificate");
  bk_account_trust_certificate (account);
  bk_fake_network_emit (network, BK_XMPP_STATE_ONLINE, -1, NULL);
  SHOT ("connected");
  bk_account_create_account (account, "neu@example.org", "pw", NULL);
  bk_fake_network_answer_register (network, BK_XMPP_ERROR_REGISTER,
                                   "The requested username already exists.");
  SHOT ("refused");
  /* issue 32: a server that asks a CAPTCHA; a wrong answer brings a new one */
  network->form = bk_fake_network_captcha_form ("k7m2q");
  bk_account_create_account (account, "neu@example.org", "pw", NULL);
  SHOT ("form");
  bk_account_submit_form (account, bk_account_get_register_form (account));
  bk_fake_network_answer_register (network, BK_XMPP_ERROR_REGISTER,
                                   "The answer to the CAPTCHA was wrong, or the server does not "
                                   "take this name or password (the server says: “The CAPTCHA "
                                   "verification has failed”)");
  SHOT ("form-refused");
  bk_account_cancel_form (account);

  gtk_window_destroy (GTK_WINDOW (window));
  spin (G_USEC_PER_SEC / 10);

  /* The page where the app puts it: among the other pages of Preferences. */
  window = bk_preferences_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (window), "friends");
  gtk_window_present (GTK_WINDOW (window));
  SHOT ("preferences");
  gtk_window_destroy (GTK_WINDOW (window));
  spin (G_USEC_PER_SEC / 10);
  return 0;
}
