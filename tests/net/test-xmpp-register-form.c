/* test-xmpp-register-form.c: registration as servers ask for it (issue 32, item 4).
 *
 * Without a server: the registration form read from what a server sends (a data form with
 * a CAPTCHA and its picture, the legacy fields) and what is refused whole with a clear
 * message (too many fields, a picture too large or not what it says it is, no form).
 *
 * With servers (bk-prosody-fixture.h): ejabberd with mod_register behind a CAPTCHA
 * (captcha_protected, Debian's captcha.sh and ImageMagick): the form comes with its
 * picture; a wrong answer is refused in our words; the right one, which the fixture's
 * captcha_cmd wrote down on the server's side (DIR/captcha-answers, so no OCR), makes the
 * account, which then logs in; a name taken, and one CAPTCHA more than the server's
 * captcha_limit, are refused in words. Prosody's form (no CAPTCHA) is plain: filled with
 * the name and password alone, it makes the account; a second time the name is taken.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bk-ejabberd-fixture.h"
#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"

#include <gio/gio.h>
#include <string.h>

/* Every wait in this file ends by this, however the server behaves. */
#define WAIT_US (25 * G_USEC_PER_SEC)

/* A PNG's first 24 bytes: the signature and the start of its IHDR (width, height). */
static char *
png_header_base64 (guint32 width,
                   guint32 height)
{
  guint8 png[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                     'I', 'H', 'D', 'R' };

  for (int i = 0; i < 4; i++) {
    png[16 + i] = (width >> (24 - 8 * i)) & 0xff;
    png[20 + i] = (height >> (24 - 8 * i)) & 0xff;
  }
  png[24] = 8;
  return g_base64_encode (png, sizeof png);
}

/* A CAPTCHA form as XEP-0158 §6 and ejabberd send it, its picture `data` in `type`. */
static char *
captcha_query (const char *type,
               const char *data)
{
  return g_strdup_printf (
    "<iq type='result' id='r1' from='localhost'>"
    "<query xmlns='jabber:iq:register'>"
    "<instructions>You need a client that supports x:data and CAPTCHA to register</instructions>"
    "<x xmlns='jabber:x:data' type='form'>"
    "<instructions>Choose a username and password to register with this server</instructions>"
    "<field var='FORM_TYPE' type='hidden'><value>urn:xmpp:captcha</value></field>"
    "<field var='username' type='text-single' label='User'><required/></field>"
    "<field var='password' type='text-private' label='Password'><required/></field>"
    "<field var='challenge' type='hidden'><value>12345</value></field>"
    "<field var='captcha-fallback-url' type='text-single' label='CAPTCHA web page'>"
    "<value>http://localhost/captcha/12345/image</value></field>"
    "<field var='color' type='list-single' label='Colour'>"
    "<option label='Red'><value>r</value></option><option><value>g</value></option></field>"
    "<field var='ocr' label='Enter the text you see'><required/>"
    "<media xmlns='urn:xmpp:media-element' width='140' height='60'>"
    "<uri type='%s'>cid:sha1+abc@bob.xmpp.org</uri>"
    "<uri type='%s'>https://localhost/captcha/12345/image</uri></media></field>"
    "</x>"
    "<data xmlns='urn:xmpp:bob' cid='sha1+abc@bob.xmpp.org' max-age='0' type='%s'>%s</data>"
    "</query></iq>", type, type, type, data);
}

static void
test_parse_captcha (void)
{
  g_autofree char *png = png_header_base64 (140, 60);
  g_autofree char *xml = captcha_query ("image/png", png);
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppForm) form = bk_xmpp_form_parse_register (xml, &error);
  g_autoptr (BkXmppForm) copy = NULL;
  const char *type = NULL;
  GBytes *image;
  int ocr, user, color;

  g_assert_no_error (error);
  g_assert_true (bk_xmpp_form_is_data_form (form));
  g_assert_true (bk_xmpp_form_has_captcha (form));
  g_assert_false (bk_xmpp_form_is_plain (form));
  g_assert_cmpstr (bk_xmpp_form_get_instructions (form), ==,
                   "Choose a username and password to register with this server");
  g_assert_cmpuint (bk_xmpp_form_get_n_fields (form), ==, 7);
  g_assert_cmpint (bk_xmpp_form_field_get_role (form,
                                                bk_xmpp_form_find_field (form,
                                                                         "captcha-fallback-url")),
                   ==, BK_XMPP_FIELD_ROLE_FALLBACK);
  ocr = bk_xmpp_form_find_field (form, "ocr");
  g_assert_cmpint (ocr, >=, 0);
  g_assert_cmpint (bk_xmpp_form_field_get_role (form, ocr), ==, BK_XMPP_FIELD_ROLE_CAPTCHA);
  g_assert_true (bk_xmpp_form_field_get_required (form, ocr));
  g_assert_cmpstr (bk_xmpp_form_field_get_label (form, ocr), ==, "Enter the text you see");
  image = bk_xmpp_form_field_get_image (form, ocr, &type);
  g_assert_nonnull (image);
  g_assert_cmpuint (g_bytes_get_size (image), ==, 33);
  g_assert_true (bk_xmpp_form_field_get_has_media (form, ocr));
  g_assert_cmpstr (type, ==, "image/png");
  user = bk_xmpp_form_find_field (form, "username");
  g_assert_cmpint (bk_xmpp_form_field_get_role (form, user), ==, BK_XMPP_FIELD_ROLE_USERNAME);
  g_assert_cmpint (bk_xmpp_form_field_get_type (form, bk_xmpp_form_find_field (form, "password")),
                   ==, BK_XMPP_FIELD_PRIVATE);
  color = bk_xmpp_form_find_field (form, "color");
  g_assert_cmpstr (bk_xmpp_form_field_get_option_labels (form, color)[0], ==, "Red");
  g_assert_cmpstr (bk_xmpp_form_field_get_option_labels (form, color)[1], ==, "g");
  g_assert_cmpstr (bk_xmpp_form_field_get_option_values (form, color)[1], ==, "g");
  g_assert_null (bk_xmpp_form_field_get_option_labels (form, color)[2]);
  g_assert_cmpstr (bk_xmpp_form_field_get_value (form, bk_xmpp_form_find_field (form,
                                                                               "challenge")),
                   ==, "12345");

  bk_xmpp_form_set_account (form, "anna", "secret");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (form, user), ==, "anna");
  copy = bk_xmpp_form_copy (form);
  bk_xmpp_form_field_set_value (form, user, "other");
  g_assert_cmpstr (bk_xmpp_form_field_get_value (copy, user), ==, "anna");
  g_assert_nonnull (bk_xmpp_form_field_get_image (copy, ocr, NULL));
}

static void
test_parse_legacy (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppForm) form = bk_xmpp_form_parse_register (
    "<query xmlns='jabber:iq:register'><instructions>Choose a name</instructions>"
    "<username/><password/></query>", &error);

  g_assert_no_error (error);
  g_assert_false (bk_xmpp_form_is_data_form (form));
  g_assert_false (bk_xmpp_form_has_captcha (form));
  g_assert_true (bk_xmpp_form_is_plain (form));
  g_assert_cmpuint (bk_xmpp_form_get_n_fields (form), ==, 2);
  g_assert_cmpstr (bk_xmpp_form_get_instructions (form), ==, "Choose a name");
  g_clear_pointer (&form, bk_xmpp_form_unref);

  /* an e-mail asked too: not plain, the app shows it */
  form = bk_xmpp_form_parse_register ("<query xmlns='jabber:iq:register'>"
                                      "<username/><password/><email/></query>", &error);
  g_assert_no_error (error);
  g_assert_false (bk_xmpp_form_is_plain (form));
}

static void
assert_refused (const char *xml,
                const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkXmppForm) form = bk_xmpp_form_parse_register (xml, &error);

  g_assert_null (form);
  g_assert_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_parse_hostile (void)
{
  g_autoptr (GString) many = g_string_new ("<query xmlns='jabber:iq:register'>"
                                           "<x xmlns='jabber:x:data' type='form'>");
  g_autoptr (GString) options = g_string_new ("<query xmlns='jabber:iq:register'>"
                                              "<x xmlns='jabber:x:data' type='form'>"
                                              "<field var='l' type='list-single'>");
  g_autofree char *huge_side = png_header_base64 (5000, 60);
  g_autofree char *huge_png = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *long_label = g_strnfill (BK_XMPP_FORM_MAX_TEXT + 1, 'a');
  g_autofree guint8 *big = g_malloc0 (BK_XMPP_FORM_MAX_IMAGE_BYTES + 1);
  g_autofree char *big_base64 = NULL;

  for (int i = 0; i <= BK_XMPP_FORM_MAX_FIELDS; i++)
    g_string_append_printf (many, "<field var='f%d'/>", i);
  g_string_append (many, "</x></query>");
  assert_refused (many->str, "too large");

  for (int i = 0; i <= BK_XMPP_FORM_MAX_OPTIONS; i++)
    g_string_append_printf (options, "<option><value>%d</value></option>", i);
  g_string_append (options, "</field></x></query>");
  assert_refused (options->str, "too large");

  xml = g_strdup_printf ("<query xmlns='jabber:iq:register'><x xmlns='jabber:x:data' "
                         "type='form'><field var='a' label='%s'/></x></query>", long_label);
  assert_refused (xml, "too large");
  g_clear_pointer (&xml, g_free);

  /* a picture of 5000 pixels declared in a few bytes: refused before anyone decodes it */
  xml = captcha_query ("image/png", huge_side);
  assert_refused (xml, "5000");
  g_clear_pointer (&xml, g_free);

  /* a picture of more bytes than allowed */
  memcpy (big, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10", 24);
  big_base64 = g_base64_encode (big, BK_XMPP_FORM_MAX_IMAGE_BYTES + 1);
  xml = captcha_query ("image/png", big_base64);
  assert_refused (xml, "too large");
  g_clear_pointer (&xml, g_free);

  /* a PNG that says it is a JPEG, a picture that is none, another type */
  huge_png = png_header_base64 (140, 60);
  xml = captcha_query ("image/jpeg", huge_png);
  assert_refused (xml, "no PNG, JPEG or GIF");
  g_clear_pointer (&xml, g_free);
  xml = captcha_query ("image/png", "bm90IGEgcGljdHVyZQ==");
  assert_refused (xml, "no PNG, JPEG or GIF");
  g_clear_pointer (&xml, g_free);
  xml = captcha_query ("image/svg+xml", "PHN2Zy8+");
  assert_refused (xml, "no PNG, JPEG or GIF");

  assert_refused ("<query xmlns='jabber:iq:register'/>", "malformed");
  assert_refused ("<query xmlns='jabber:iq:register'><x xmlns='jabber:x:data' type='result'>"
                  "<field var='a'/></x></query>", "malformed");
  assert_refused ("<query xmlns='jabber:iq:register'><x xmlns='jabber:x:data' type='form'>"
                  "<field type='text-single'/></x></query>", "malformed");
  assert_refused ("<query xmlns='other'/>", "malformed");
  assert_refused ("<query", "malformed");
}

static void
test_check_image (void)
{
  /* a JPEG's frame size is read from its SOF0, past the segments before it */
  static const guint8 jpeg[] = { 0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00,
                                 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x3c, 0x00, 0x8c };
  static const guint8 gif[] = { 'G', 'I', 'F', '8', '9', 'a', 0x8c, 0x00, 0x3c, 0x00 };
  g_autoptr (GBytes) jpeg_bytes = g_bytes_new_static (jpeg, sizeof jpeg);
  g_autoptr (GBytes) gif_bytes = g_bytes_new_static (gif, sizeof gif);
  g_autoptr (GBytes) cut = g_bytes_new_static (jpeg, 10);
  g_autoptr (GError) error = NULL;
  guint width = 0, height = 0;

  g_assert_true (bk_xmpp_form_check_image (jpeg_bytes, "image/jpeg", &width, &height, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (width, ==, 140);
  g_assert_cmpuint (height, ==, 60);
  g_assert_true (bk_xmpp_form_check_image (gif_bytes, "image/gif", &width, &height, &error));
  g_assert_cmpuint (width, ==, 140);
  g_assert_false (bk_xmpp_form_check_image (cut, "image/jpeg", NULL, NULL, &error));
  g_assert_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
}

/* ---- with servers ---- */

typedef struct {
  gboolean    done;
  BkXmppForm *form;
  gboolean    registered;
  GError     *error;
  BkXmppState state;
} Seen;

static void
wait_until (gboolean   *flag,
            const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;

  while (!*flag) {
    if (g_get_monotonic_time () > deadline)
      g_error ("waited in vain for %s", what);
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
}

static void
fetched_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Seen *seen = data;

  seen->form = bk_xmpp_client_fetch_register_form_finish (BK_XMPP_CLIENT (source), result,
                                                          &seen->error);
  seen->done = TRUE;
}

static void
submitted_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Seen *seen = data;

  seen->registered = bk_xmpp_client_submit_register_form_finish (BK_XMPP_CLIENT (source),
                                                                 result, &seen->error);
  seen->done = TRUE;
}

static BkXmppForm *
fetch (BkXmppClient *client)
{
  Seen seen = { 0 };

  bk_xmpp_client_fetch_register_form_async (client, NULL, fetched_cb, &seen);
  wait_until (&seen.done, "the registration form");
  g_assert_no_error (seen.error);
  g_assert_nonnull (seen.form);
  return seen.form;
}

static GError *
fetch_refused (BkXmppClient *client)
{
  Seen seen = { 0 };

  bk_xmpp_client_fetch_register_form_async (client, NULL, fetched_cb, &seen);
  wait_until (&seen.done, "the registration form");
  g_assert_null (seen.form);
  g_assert_error (seen.error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  return seen.error;
}

/* The outcome: NULL when the account was made. */
static GError *
submit (BkXmppClient *client,
        BkXmppForm   *form)
{
  Seen seen = { 0 };

  bk_xmpp_client_submit_register_form_async (client, form, NULL, submitted_cb, &seen);
  wait_until (&seen.done, "the registration");
  g_assert_true (seen.registered == (seen.error == NULL));
  return seen.error;
}

static void
state_cb (BkXmppClient *client,
          BkXmppState   state,
          const GError *error,
          Seen         *seen)
{
  seen->state = state;
  seen->done = state != BK_XMPP_STATE_CONNECTING;
}

static void
assert_logs_in (BkProsody  *server,
                const char *jid,
                const char *password)
{
  g_autoptr (BkXmppClient) client = bk_xmpp_client_new (jid, password,
                                                        bk_prosody_get_server (server),
                                                        bk_prosody_get_cafile (server));
  Seen seen = { 0 };

  g_signal_connect (client, "state-changed", G_CALLBACK (state_cb), &seen);
  bk_xmpp_client_connect (client);
  wait_until (&seen.done, "the login");
  g_assert_cmpint (seen.state, ==, BK_XMPP_STATE_ONLINE);
  bk_xmpp_client_disconnect (client);
}

/* The last text the fixture's captcha_cmd was given: the answer to the newest CAPTCHA. */
static char *
last_captcha_answer (BkProsody *server)
{
  g_autofree char *path = g_build_filename (bk_prosody_get_dir (server), "captcha-answers",
                                            NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint n;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (g_strstrip (text), "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >, 0);
  return g_strdup (lines[n - 1]);
}

static void
fill_answer (BkXmppForm *form,
             const char *answer)
{
  for (guint i = 0; i < bk_xmpp_form_get_n_fields (form); i++)
    if (bk_xmpp_form_field_get_role (form, i) == BK_XMPP_FIELD_ROLE_CAPTCHA)
      bk_xmpp_form_field_set_value (form, i, answer);
}

static void
test_ejabberd_captcha (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkXmppClient) client = NULL;
  g_autoptr (BkXmppForm) form = NULL;
  g_autoptr (GError) refused = NULL;
  g_autofree char *jid = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *wrong = NULL;
  const char *type = NULL;
  GBytes *image = NULL;
  guint width = 0, height = 0;
  gint64 started;

  server = bk_prosody_start_ejabberd_with_captcha ("localhost", &error);
  g_assert_no_error (error);
  jid = g_strdup_printf ("newcomer@%s", bk_prosody_get_domain (server));
  client = bk_xmpp_client_new (jid, "newcomer-pw", bk_prosody_get_server (server),
                               bk_prosody_get_cafile (server));

  /* the form with its picture */
  started = g_get_monotonic_time ();
  form = fetch (client);
  g_test_message ("the form with its picture came in %.1f ms",
                  (g_get_monotonic_time () - started) / 1000.0);
  g_assert_true (bk_xmpp_form_is_data_form (form));
  g_assert_true (bk_xmpp_form_has_captcha (form));
  g_assert_false (bk_xmpp_form_is_plain (form));
  for (guint i = 0; i < bk_xmpp_form_get_n_fields (form); i++)
    if (bk_xmpp_form_field_get_role (form, i) == BK_XMPP_FIELD_ROLE_CAPTCHA)
      image = bk_xmpp_form_field_get_image (form, i, &type);
  g_assert_nonnull (image);
  g_assert_true (bk_xmpp_form_check_image (image, type, &width, &height, NULL));
  g_test_message ("ejabberd's CAPTCHA: %s, %u × %u, %" G_GSIZE_FORMAT " bytes; "
                  "instructions: %s", type, width, height, g_bytes_get_size (image),
                  bk_xmpp_form_get_instructions (form));

  /* a wrong answer: refused in our words, no account */
  answer = last_captcha_answer (server);
  wrong = g_strconcat (answer, "9", NULL);
  bk_xmpp_form_set_account (form, "newcomer", "newcomer-pw");
  fill_answer (form, wrong);
  refused = submit (client, form);
  g_assert_error (refused, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_test_message ("a wrong answer: %s", refused->message);
  g_assert_nonnull (strstr (refused->message, "answer to the CAPTCHA was wrong"));
  g_clear_pointer (&form, bk_xmpp_form_unref);
  g_clear_error (&refused);

  /* a new form, a new CAPTCHA: its right answer makes the account */
  form = fetch (client);
  g_clear_pointer (&answer, g_free);
  answer = last_captcha_answer (server);
  bk_xmpp_form_set_account (form, "newcomer", "newcomer-pw");
  fill_answer (form, answer);
  started = g_get_monotonic_time ();
  refused = submit (client, form);
  g_test_message ("the filled form made the account in %.1f ms",
                  (g_get_monotonic_time () - started) / 1000.0);
  g_assert_no_error (refused);
  assert_logs_in (server, jid, "newcomer-pw");

  /* the same name again, with a right answer: taken */
  g_clear_pointer (&form, bk_xmpp_form_unref);
  form = fetch (client);
  g_clear_pointer (&answer, g_free);
  answer = last_captcha_answer (server);
  bk_xmpp_form_set_account (form, "newcomer", "other-pw");
  fill_answer (form, answer);
  refused = submit (client, form);
  g_assert_error (refused, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_test_message ("a name taken: %s", refused->message);
  g_assert_nonnull (strstr (refused->message, "taken"));

  /* CAPTCHAs asked too often: too many attempts, said so (ejabberd counts a minute; the
   * five forms here take well under a second) */
  for (guint i = 3; i < BK_EJABBERD_CAPTCHA_LIMIT; i++) {
    g_clear_pointer (&form, bk_xmpp_form_unref);
    form = fetch (client);
  }
  g_clear_error (&refused);
  refused = fetch_refused (client);
  g_test_message ("one CAPTCHA too many: %s", refused->message);
  g_assert_nonnull (strstr (refused->message, "Too many attempts"));
}

static void
test_prosody_plain (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BkProsody) server = NULL;
  g_autoptr (BkXmppClient) client = NULL;
  g_autoptr (BkXmppForm) form = NULL;
  g_autoptr (GError) refused = NULL;
  g_autofree char *jid = NULL;

  server = bk_prosody_start_with_registration ("localhost", NULL, &error);
  g_assert_no_error (error);
  jid = g_strdup_printf ("plain@%s", bk_prosody_get_domain (server));
  client = bk_xmpp_client_new (jid, "plain-pw", bk_prosody_get_server (server),
                               bk_prosody_get_cafile (server));
  form = fetch (client);
  g_test_message ("Prosody's form: %s, %u fields", bk_xmpp_form_is_data_form (form)
                  ? "a data form" : "legacy", bk_xmpp_form_get_n_fields (form));
  g_assert_false (bk_xmpp_form_has_captcha (form));
  g_assert_true (bk_xmpp_form_is_plain (form));
  bk_xmpp_form_set_account (form, "plain", "plain-pw");
  refused = submit (client, form);
  g_assert_no_error (refused);
  assert_logs_in (server, jid, "plain-pw");

  refused = submit (client, form);
  g_assert_error (refused, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER);
  g_test_message ("a name taken: %s", refused->message);
  g_assert_nonnull (strstr (refused->message, "taken"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xmpp/register-form/parse-captcha", test_parse_captcha);
  g_test_add_func ("/xmpp/register-form/parse-legacy", test_parse_legacy);
  g_test_add_func ("/xmpp/register-form/parse-hostile", test_parse_hostile);
  g_test_add_func ("/xmpp/register-form/check-image", test_check_image);
  g_test_add_func ("/xmpp/register-form/prosody-plain", test_prosody_plain);
  g_test_add_func ("/xmpp/register-form/ejabberd-captcha", test_ejabberd_captcha);
  return g_test_run ();
}
