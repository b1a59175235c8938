/* bk-xmpp-register-form.c: a registration form (bk-xmpp-form.h) read from the server's
 * <query xmlns='jabber:iq:register'/> and written back as its answer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-client-private.h"
#include "bk-xmpp-form.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define NS_BOB         "urn:xmpp:bob"
#define NS_MEDIA       "urn:xmpp:media-element"
#define NS_CAPTCHA     "urn:xmpp:captcha"
/* All of a registration query's text: a form with its picture is a few kB (ejabberd's
 * about 6). */
#define MAX_QUERY_BYTES (BK_XMPP_FORM_MAX_IMAGE_BYTES * 2)

/* The answer fields of XEP-0158 §5 */
static const char *const captcha_vars[] = {
  "audio_recog", "ocr", "picture_q", "picture_recog", "qa", "speech_q", "speech_recog",
  "video_q", "video_recog", NULL,
};

typedef struct {
  xmpp_ctx_t *ctx;
  xmpp_stanza_t *iq;       /* may be NULL */
  xmpp_stanza_t *query;
  GError *error;
} Reader;

static void
refuse (Reader     *reader,
        const char *message,
        const char *why)
{
  if (reader->error != NULL)
    return;
  g_debug ("registration form refused: %s", why);
  reader->error = g_error_new_literal (BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER, message);
}

static void
too_large (Reader     *reader,
           const char *why)
{
  refuse (reader, _("The server’s registration form is too large to be shown"), why);
}

static void
malformed (Reader     *reader,
           const char *why)
{
  refuse (reader, _("The server’s registration form is malformed"), why);
}

/* The text of `stanza`'s child `name` (all its text), bounded; NULL when there is none. */
static char *
child_text (Reader        *reader,
            xmpp_stanza_t *stanza,
            const char    *name)
{
  xmpp_stanza_t *child = name != NULL ? xmpp_stanza_get_child_by_name (stanza, name) : stanza;
  char *raw;
  char *text;

  if (child == NULL)
    return NULL;
  raw = xmpp_stanza_get_text (child);
  if (raw == NULL)
    return g_strdup ("");
  if (strlen (raw) > BK_XMPP_FORM_MAX_TEXT || !g_utf8_validate (raw, -1, NULL)) {
    too_large (reader, "a text too long");
    xmpp_free (reader->ctx, raw);
    return NULL;
  }
  text = g_strdup (raw);
  xmpp_free (reader->ctx, raw);
  return text;
}

static const char *
attr (Reader        *reader,
      xmpp_stanza_t *stanza,
      const char    *name)
{
  const char *value = xmpp_stanza_get_attribute (stanza, name);

  if (value != NULL && strlen (value) > BK_XMPP_FORM_MAX_TEXT) {
    too_large (reader, "an attribute too long");
    return NULL;
  }
  return value;
}

/* XEP-0231: the data whose cid the picture's uri names, in the query or beside it. */
static xmpp_stanza_t *
find_bob (Reader     *reader,
          const char *cid)
{
  xmpp_stanza_t *parents[] = { reader->query, reader->iq };

  for (gsize p = 0; p < G_N_ELEMENTS (parents); p++)
    for (xmpp_stanza_t *c = parents[p] != NULL ? xmpp_stanza_get_children (parents[p]) : NULL;
         c != NULL; c = xmpp_stanza_get_next (c))
      if (xmpp_stanza_is_tag (c) && g_strcmp0 (xmpp_stanza_get_name (c), "data") == 0 &&
          g_strcmp0 (xmpp_stanza_get_ns (c), NS_BOB) == 0 &&
          g_strcmp0 (xmpp_stanza_get_attribute (c, "cid"), cid) == 0)
        return c;
  return NULL;
}

/* A field's <media/> (XEP-0221): its picture when the form carries it (a cid: uri); one
 * only on the web (http:) is not fetched. */
static void
read_media (Reader        *reader,
            BkXmppForm    *form,
            guint          index,
            xmpp_stanza_t *media)
{
  for (xmpp_stanza_t *uri = xmpp_stanza_get_children (media); uri != NULL;
       uri = xmpp_stanza_get_next (uri)) {
    g_autofree char *text = NULL;
    xmpp_stanza_t *data;
    const char *type;
    char *raw;
    g_autofree guchar *decoded = NULL;
    gsize length = 0;
    g_autoptr (GBytes) bytes = NULL;

    if (!xmpp_stanza_is_tag (uri) || g_strcmp0 (xmpp_stanza_get_name (uri), "uri") != 0)
      continue;
    text = child_text (reader, uri, NULL);
    if (text == NULL)
      return;
    g_strstrip (text);
    if (!g_str_has_prefix (text, "cid:"))
      continue;
    data = find_bob (reader, text + 4);
    if (data == NULL)
      continue;
    type = xmpp_stanza_get_attribute (data, "type");
    if (type == NULL)
      type = xmpp_stanza_get_attribute (uri, "type");
    raw = xmpp_stanza_get_text (data);
    if (raw == NULL) {
      malformed (reader, "empty bits of binary data");
      return;
    }
    if (strlen (raw) > BK_XMPP_FORM_MAX_IMAGE_BYTES / 3 * 4 + 1024) {
      GError *error = NULL;
      g_set_error (&error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                   _("The server’s picture is too large to be shown (%u kB)"),
                   (guint) (strlen (raw) / 4 * 3 / 1024));
      xmpp_free (reader->ctx, raw);
      if (reader->error == NULL)
        reader->error = error;
      else
        g_error_free (error);
      return;
    }
    decoded = g_base64_decode (raw, &length);
    xmpp_free (reader->ctx, raw);
    bytes = g_bytes_new_take (g_steal_pointer (&decoded), length);
    bk_xmpp_form_field_set_image (form, index, bytes, type,
                                  reader->error == NULL ? &reader->error : NULL);
    return;
  }
}

static void
read_field (Reader        *reader,
            BkXmppForm    *form,
            xmpp_stanza_t *stanza)
{
  static const struct {
    const char *name;
    BkXmppFieldType type;
  } types[] = {
    { "text-single", BK_XMPP_FIELD_TEXT },
    { "jid-single", BK_XMPP_FIELD_TEXT },
    { "text-private", BK_XMPP_FIELD_PRIVATE },
    { "text-multi", BK_XMPP_FIELD_MULTI },
    { "list-multi", BK_XMPP_FIELD_MULTI },
    { "jid-multi", BK_XMPP_FIELD_MULTI },
    { "boolean", BK_XMPP_FIELD_BOOLEAN },
    { "list-single", BK_XMPP_FIELD_LIST },
    { "fixed", BK_XMPP_FIELD_FIXED },
    { "hidden", BK_XMPP_FIELD_HIDDEN },
  };
  const char *var = attr (reader, stanza, "var");
  const char *type_name = attr (reader, stanza, "type");
  const char *label = attr (reader, stanza, "label");
  BkXmppFieldType type = BK_XMPP_FIELD_TEXT;
  g_autoptr (GString) values = g_string_new (NULL);
  g_autofree char *desc = NULL;
  guint options = 0;
  guint index;
  gboolean known = type_name == NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (types) && !known; i++)
    if (g_strcmp0 (type_name, types[i].name) == 0) {
      type = types[i].type;
      known = TRUE;
    }
  if (!known)
    g_debug ("registration form: a field of type %s taken as text", type_name);
  if ((var == NULL || *var == '\0') && type != BK_XMPP_FIELD_FIXED) {
    malformed (reader, "a field without var");
    return;
  }
  index = bk_xmpp_form_add_field (form, var, type, label);
  desc = child_text (reader, stanza, "desc");
  bk_xmpp_form_field_set_desc (form, index, desc);
  bk_xmpp_form_field_set_required (form, index,
                                   xmpp_stanza_get_child_by_name (stanza, "required") != NULL);
  if (g_strv_contains (captcha_vars, var != NULL ? var : ""))
    bk_xmpp_form_field_set_role (form, index, BK_XMPP_FIELD_ROLE_CAPTCHA);
  else if (var != NULL && g_str_has_prefix (var, "captcha-fallback-"))
    bk_xmpp_form_field_set_role (form, index, BK_XMPP_FIELD_ROLE_FALLBACK);

  for (xmpp_stanza_t *c = xmpp_stanza_get_children (stanza); c != NULL && reader->error == NULL;
       c = xmpp_stanza_get_next (c)) {
    const char *name = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_name (c) : "";

    if (g_str_equal (name, "value")) {
      g_autofree char *value = child_text (reader, c, NULL);
      if (value == NULL)
        return;
      if (values->len + strlen (value) > BK_XMPP_FORM_MAX_TEXT) {
        too_large (reader, "values too long");
        return;
      }
      if (values->len > 0)
        g_string_append_c (values, '\n');
      g_string_append (values, value);
    } else if (g_str_equal (name, "option")) {
      const char *option_label = attr (reader, c, "label");
      g_autofree char *value = child_text (reader, c, "value");
      if (value == NULL)
        return;
      if (++options > BK_XMPP_FORM_MAX_OPTIONS) {
        too_large (reader, "too many options");
        return;
      }
      bk_xmpp_form_field_add_option (form, index, option_label, value);
    } else if (g_str_equal (name, "media") && g_strcmp0 (xmpp_stanza_get_ns (c), NS_MEDIA) == 0) {
      bk_xmpp_form_field_set_role (form, index, BK_XMPP_FIELD_ROLE_CAPTCHA);
      bk_xmpp_form_field_set_has_media (form, index, TRUE);
      read_media (reader, form, index, c);
    }
  }
  if (type == BK_XMPP_FIELD_BOOLEAN)
    bk_xmpp_form_field_set_value (form, index, g_strcmp0 (values->str, "1") == 0 ||
                                               g_strcmp0 (values->str, "true") == 0 ? "1" : "0");
  else
    bk_xmpp_form_field_set_value (form, index, values->str);
}

static void
read_data_form (Reader        *reader,
                BkXmppForm    *form,
                xmpp_stanza_t *x)
{
  g_autoptr (GString) instructions = g_string_new (NULL);
  guint fields = 0;

  if (g_strcmp0 (xmpp_stanza_get_type (x), "form") != 0) {
    malformed (reader, "a data form not of type form");
    return;
  }
  for (xmpp_stanza_t *c = xmpp_stanza_get_children (x); c != NULL && reader->error == NULL;
       c = xmpp_stanza_get_next (c)) {
    const char *name = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_name (c) : "";

    if (g_str_equal (name, "field")) {
      if (++fields > BK_XMPP_FORM_MAX_FIELDS) {
        too_large (reader, "too many fields");
        return;
      }
      read_field (reader, form, c);
    } else if (g_str_equal (name, "instructions")) {
      g_autofree char *text = child_text (reader, c, NULL);
      if (text == NULL)
        return;
      if (instructions->len + strlen (text) > BK_XMPP_FORM_MAX_TEXT) {
        too_large (reader, "instructions too long");
        return;
      }
      if (instructions->len > 0)
        g_string_append_c (instructions, '\n');
      g_string_append (instructions, text);
    }
  }
  if (instructions->len > 0)
    bk_xmpp_form_set_instructions (form, instructions->str);
}

/* XEP-0077 §3: the legacy fields, each an element of the query; all are asked for. */
static void
read_legacy (Reader     *reader,
             BkXmppForm *form)
{
  static const struct {
    const char *var;
    const char *label;
  } labels[] = {
    { "username", N_("Username") },
    { "password", N_("Password") },
    { "email", N_("Email") },
    { "name", N_("Name") },
  };
  guint fields = 0;

  for (xmpp_stanza_t *c = xmpp_stanza_get_children (reader->query);
       c != NULL && reader->error == NULL; c = xmpp_stanza_get_next (c)) {
    const char *name = xmpp_stanza_is_tag (c) ? xmpp_stanza_get_name (c) : "";
    const char *label = NULL;
    guint index;

    /* the parser gives each element its namespace: the fields have the query's */
    if (*name == '\0' || g_strcmp0 (xmpp_stanza_get_ns (c), NS_REGISTER) != 0 ||
        g_str_equal (name, "instructions") || g_str_equal (name, "registered") ||
        g_str_equal (name, "key") || g_str_equal (name, "remove"))
      continue;
    if (++fields > BK_XMPP_FORM_MAX_FIELDS) {
      too_large (reader, "too many legacy fields");
      return;
    }
    if (strlen (name) > BK_XMPP_FORM_MAX_TEXT) {
      too_large (reader, "a legacy field's name too long");
      return;
    }
    for (gsize i = 0; i < G_N_ELEMENTS (labels); i++)
      if (g_str_equal (name, labels[i].var))
        label = _(labels[i].label);
    index = bk_xmpp_form_add_field (form, name, g_str_equal (name, "password")
                                                  ? BK_XMPP_FIELD_PRIVATE : BK_XMPP_FIELD_TEXT,
                                    label);
    bk_xmpp_form_field_set_required (form, index, TRUE);
  }
}

BkXmppForm *
bk_xmpp_register_form_read (xmpp_ctx_t     *ctx,
                            xmpp_stanza_t  *stanza,
                            GError        **error)
{
  Reader reader = { .ctx = ctx };
  g_autoptr (BkXmppForm) form = NULL;
  xmpp_stanza_t *x;
  char *buf = NULL;
  size_t length = 0;

  if (g_strcmp0 (xmpp_stanza_get_name (stanza), "query") == 0) {
    reader.query = stanza;
  } else {
    reader.iq = stanza;
    reader.query = xmpp_stanza_get_child_by_ns (stanza, NS_REGISTER);
  }
  if (reader.query == NULL || g_strcmp0 (xmpp_stanza_get_ns (reader.query), NS_REGISTER) != 0) {
    malformed (&reader, "no query");
    g_propagate_error (error, reader.error);
    return NULL;
  }
  if (xmpp_stanza_to_text (reader.iq != NULL ? reader.iq : reader.query, &buf, &length) !=
      XMPP_EOK) {
    malformed (&reader, "not serializable");
    g_propagate_error (error, reader.error);
    return NULL;
  }
  xmpp_free (ctx, buf);
  if (length > MAX_QUERY_BYTES) {
    too_large (&reader, "the query is too long");
    g_propagate_error (error, reader.error);
    return NULL;
  }

  x = xmpp_stanza_get_child_by_ns (reader.query, NS_DATA);
  form = bk_xmpp_form_new (x != NULL);
  if (x != NULL)
    read_data_form (&reader, form, x);
  else
    read_legacy (&reader, form);
  if (reader.error == NULL && bk_xmpp_form_get_instructions (form) == NULL) {
    g_autofree char *text = child_text (&reader, reader.query, "instructions");
    bk_xmpp_form_set_instructions (form, text);
  }
  if (reader.error == NULL && bk_xmpp_form_get_n_fields (form) == 0)
    malformed (&reader, "no fields");
  if (reader.error != NULL) {
    g_propagate_error (error, reader.error);
    return NULL;
  }
  return g_steal_pointer (&form);
}

xmpp_stanza_t *
bk_xmpp_register_form_answer (xmpp_ctx_t       *ctx,
                              const BkXmppForm *form,
                              const char       *id,
                              const char       *to)
{
  xmpp_stanza_t *iq = xmpp_iq_new (ctx, "set", id);
  xmpp_stanza_t *query;
  xmpp_stanza_t *x;

  if (to != NULL)
    xmpp_stanza_set_to (iq, to);
  query = bk_xmpp_child_new (ctx, iq, "query", NS_REGISTER);
  if (!bk_xmpp_form_is_data_form (form)) {
    for (guint i = 0; i < bk_xmpp_form_get_n_fields (form); i++)
      bk_xmpp_child_text (ctx, query, bk_xmpp_form_field_get_var (form, i),
                          bk_xmpp_form_field_get_value (form, i));
    return iq;
  }
  x = bk_xmpp_child_new (ctx, query, "x", NS_DATA);
  xmpp_stanza_set_type (x, "submit");
  for (guint i = 0; i < bk_xmpp_form_get_n_fields (form); i++) {
    xmpp_stanza_t *field;
    g_auto (GStrv) values = NULL;

    if (bk_xmpp_form_field_get_type (form, i) == BK_XMPP_FIELD_FIXED)
      continue;
    field = bk_xmpp_child_new (ctx, x, "field", NULL);
    xmpp_stanza_set_attribute (field, "var", bk_xmpp_form_field_get_var (form, i));
    if (bk_xmpp_form_field_get_type (form, i) == BK_XMPP_FIELD_MULTI) {
      values = g_strsplit (bk_xmpp_form_field_get_value (form, i), "\n", BK_XMPP_FORM_MAX_OPTIONS);
      for (guint v = 0; values[v] != NULL; v++)
        if (*values[v] != '\0')
          bk_xmpp_child_text (ctx, field, "value", values[v]);
    } else {
      bk_xmpp_child_text (ctx, field, "value", bk_xmpp_form_field_get_value (form, i));
    }
  }
  return iq;
}

BkXmppForm *
bk_xmpp_form_parse_register (const char  *xml,
                             GError     **error)
{
  xmpp_ctx_t *ctx = xmpp_ctx_new (NULL, NULL);
  xmpp_stanza_t *stanza = xmpp_stanza_new_from_string (ctx, xml);
  BkXmppForm *form = NULL;

  if (stanza == NULL)
    g_set_error_literal (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                         _("The server’s registration form is malformed"));
  else
    form = bk_xmpp_register_form_read (ctx, stanza, error);
  if (stanza != NULL)
    xmpp_stanza_release (stanza);
  xmpp_ctx_free (ctx);
  return form;
}
