/* bk-xmpp-element.c: a small XML element tree for our own payloads, parsed with GMarkup
 * within fixed bounds (size, depth) because every payload comes from the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "bk-xmpp-element.h"
#include "bk-xmpp-private.h"

#include <string.h>

struct _BkXmppElement {
  gatomicrefcount  ref_count;
  char            *name;
  char            *ns;
  GPtrArray       *attr_names;    /* NULL-terminated, for get_attr_names() */
  GPtrArray       *attr_values;
  char            *text;
  GPtrArray       *children;      /* of BkXmppElement, owned */
};

BkXmppElement *
bk_xmpp_element_new (const char *name,
                     const char *ns_or_NULL)
{
  BkXmppElement *self;

  g_return_val_if_fail (name != NULL && *name != '\0', NULL);

  self = g_new0 (BkXmppElement, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->name = g_strdup (name);
  self->ns = g_strdup (ns_or_NULL);
  self->attr_names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->attr_names, NULL);
  self->attr_values = g_ptr_array_new_with_free_func (g_free);
  self->children = g_ptr_array_new_with_free_func ((GDestroyNotify) bk_xmpp_element_unref);
  return self;
}

BkXmppElement *
bk_xmpp_element_ref (BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
bk_xmpp_element_unref (BkXmppElement *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->name);
  g_free (self->ns);
  g_ptr_array_unref (self->attr_names);
  g_ptr_array_unref (self->attr_values);
  g_free (self->text);
  g_ptr_array_unref (self->children);
  g_free (self);
}

const char *
bk_xmpp_element_get_name (const BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

const char *
bk_xmpp_element_get_ns (const BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->ns;
}

static int
find_attr (const BkXmppElement *self,
           const char          *key)
{
  for (guint i = 0; i < self->attr_values->len; i++)
    if (strcmp (g_ptr_array_index (self->attr_names, i), key) == 0)
      return (int) i;
  return -1;
}

/* A NULL value removes the attribute. */
void
bk_xmpp_element_set_attr (BkXmppElement *self,
                          const char    *key,
                          const char    *value)
{
  int i;

  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL && *key != '\0');

  i = find_attr (self, key);
  if (i >= 0 && value != NULL) {
    g_free (self->attr_values->pdata[i]);
    self->attr_values->pdata[i] = g_strdup (value);
  } else if (i >= 0) {
    g_ptr_array_remove_index (self->attr_names, (guint) i);
    g_ptr_array_remove_index (self->attr_values, (guint) i);
  } else if (value != NULL) {
    /* keep the trailing NULL of the names */
    self->attr_names->pdata[self->attr_names->len - 1] = g_strdup (key);
    g_ptr_array_add (self->attr_names, NULL);
    g_ptr_array_add (self->attr_values, g_strdup (value));
  }
}

const char *
bk_xmpp_element_get_attr (const BkXmppElement *self,
                          const char          *key)
{
  int i;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  i = find_attr (self, key);
  return i >= 0 ? g_ptr_array_index (self->attr_values, i) : NULL;
}

const char * const *
bk_xmpp_element_get_attr_names (const BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const char * const *) self->attr_names->pdata;
}

void
bk_xmpp_element_set_text (BkXmppElement *self,
                          const char    *text)
{
  g_return_if_fail (self != NULL);

  g_free (self->text);
  self->text = g_strdup (text);
}

const char *
bk_xmpp_element_get_text (const BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text;
}

void
bk_xmpp_element_add_child (BkXmppElement *self,
                           BkXmppElement *child)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (child != NULL && child != self);

  g_ptr_array_add (self->children, bk_xmpp_element_ref (child));
}

const GPtrArray *
bk_xmpp_element_get_children (const BkXmppElement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->children;
}

const BkXmppElement *
bk_xmpp_element_get_child (const BkXmppElement *self,
                           const char          *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->children->len; i++) {
    const BkXmppElement *child = g_ptr_array_index (self->children, i);
    if (strcmp (child->name, name) == 0)
      return child;
  }
  return NULL;
}

/* XML 1.0 cannot carry most control characters, not even escaped, and a server ends the
 * stream over one: what people type goes out with U+FFFD in their place. */
static gboolean
xml_char_ok (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

char *
bk_xmpp_text_sanitize (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (xml_char_ok (c))
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    else
      g_string_append_unichar (out, 0xFFFD);
  }
  return g_string_free (out, FALSE);
}

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *clean = bk_xmpp_text_sanitize (text);

  for (const char *p = clean; *p != '\0'; p++) {
    switch (*p) {
    case '&': g_string_append (out, "&amp;"); break;
    case '<': g_string_append (out, "&lt;"); break;
    case '>': g_string_append (out, "&gt;"); break;
    case '"': g_string_append (out, "&quot;"); break;
    case '\'': g_string_append (out, "&apos;"); break;
    default: g_string_append_c (out, *p); break;
    }
  }
}

static void
append_element (GString             *out,
                const BkXmppElement *self,
                const char          *parent_ns)
{
  g_string_append_printf (out, "<%s", self->name);
  if (self->ns != NULL && g_strcmp0 (self->ns, parent_ns) != 0) {
    g_string_append (out, " xmlns='");
    append_escaped (out, self->ns);
    g_string_append_c (out, '\'');
  }
  for (guint i = 0; i < self->attr_values->len; i++) {
    g_string_append_printf (out, " %s='", (const char *) g_ptr_array_index (self->attr_names, i));
    append_escaped (out, g_ptr_array_index (self->attr_values, i));
    g_string_append_c (out, '\'');
  }
  if (self->text == NULL && self->children->len == 0) {
    g_string_append (out, "/>");
    return;
  }
  g_string_append_c (out, '>');
  if (self->text != NULL)
    append_escaped (out, self->text);
  for (guint i = 0; i < self->children->len; i++)
    append_element (out, g_ptr_array_index (self->children, i),
                    self->ns != NULL ? self->ns : parent_ns);
  g_string_append_printf (out, "</%s>", self->name);
}

char *
bk_xmpp_element_to_string (const BkXmppElement *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  append_element (out, self, NULL);
  return g_string_free (out, FALSE);
}

/* Parsing. */

typedef struct {
  GPtrArray     *stack;     /* open elements, not owned */
  GString       *text;      /* of the innermost open element */
  GPtrArray     *texts;     /* the outer elements' texts so far */
  BkXmppElement *root;
} ParseState;

static gboolean
name_ok (const char *name)
{
  /* Namespace prefixes are not ours: a payload uses the default namespace only. */
  return strchr (name, ':') == NULL;
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **attr_names,
                  const char          **attr_values,
                  gpointer              user_data,
                  GError              **error)
{
  ParseState *state = user_data;
  BkXmppElement *parent = state->stack->len > 0
    ? g_ptr_array_index (state->stack, state->stack->len - 1) : NULL;
  const char *ns = parent != NULL ? parent->ns : NULL;
  BkXmppElement *element;

  if (parent == NULL && state->root != NULL) {
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                 "more than one root element");
    return;
  }
  if (state->stack->len >= BK_XMPP_ELEMENT_MAX_DEPTH) {
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                 "elements nested deeper than %d", BK_XMPP_ELEMENT_MAX_DEPTH);
    return;
  }
  if (!name_ok (name)) {
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
                 "prefixed element <%s>", name);
    return;
  }
  for (guint i = 0; attr_names[i] != NULL; i++)
    if (strcmp (attr_names[i], "xmlns") == 0)
      ns = attr_values[i];

  element = bk_xmpp_element_new (name, ns);
  for (guint i = 0; attr_names[i] != NULL; i++) {
    if (strcmp (attr_names[i], "xmlns") == 0)
      continue;
    if (!name_ok (attr_names[i])) {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ATTRIBUTE,
                   "prefixed attribute %s", attr_names[i]);
      bk_xmpp_element_unref (element);
      return;
    }
    bk_xmpp_element_set_attr (element, attr_names[i], attr_values[i]);
  }

  if (parent != NULL) {
    bk_xmpp_element_add_child (parent, element);
    bk_xmpp_element_unref (element);
  } else {
    state->root = element;
  }
  g_ptr_array_add (state->texts, g_string_free (state->text, FALSE));
  state->text = g_string_new (NULL);
  g_ptr_array_add (state->stack, element);
}

static gboolean
only_space (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *name,
                gpointer              user_data,
                GError              **error)
{
  ParseState *state = user_data;
  BkXmppElement *element = g_ptr_array_steal_index (state->stack, state->stack->len - 1);
  char *outer;

  /* Indentation between child elements is not text. */
  if (state->text->len > 0 && !(element->children->len > 0 && only_space (state->text->str)))
    bk_xmpp_element_set_text (element, state->text->str);
  g_string_free (state->text, TRUE);
  outer = g_ptr_array_steal_index (state->texts, state->texts->len - 1);
  state->text = g_string_new (outer);
  g_free (outer);
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 text_len,
         gpointer              user_data,
         GError              **error)
{
  ParseState *state = user_data;

  if (state->stack->len > 0)
    g_string_append_len (state->text, text, (gssize) text_len);
  else if (!only_space (text))
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                 "text outside the root element");
}

static const GMarkupParser parser = {
  .start_element = start_element_cb,
  .end_element = end_element_cb,
  .text = text_cb,
};

BkXmppElement *
bk_xmpp_element_parse (const char  *xml,
                       gssize       length,
                       GError     **error)
{
  g_autoptr (GMarkupParseContext) context = NULL;
  ParseState state = { 0 };
  gsize size;
  gboolean ok;

  g_return_val_if_fail (xml != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length >= 0) {
    size = (gsize) length;
  } else {
    const char *end = memchr (xml, '\0', BK_XMPP_ELEMENT_MAX_BYTES + 1);
    size = end != NULL ? (gsize) (end - xml) : BK_XMPP_ELEMENT_MAX_BYTES + 1;
  }
  if (size > BK_XMPP_ELEMENT_MAX_BYTES) {
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                 "payload larger than %d bytes", BK_XMPP_ELEMENT_MAX_BYTES);
    return NULL;
  }

  state.stack = g_ptr_array_new ();
  state.texts = g_ptr_array_new_with_free_func (g_free);
  state.text = g_string_new (NULL);
  context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &state, NULL);
  ok = g_markup_parse_context_parse (context, xml, (gssize) size, error) &&
       g_markup_parse_context_end_parse (context, error);
  if (ok && state.root == NULL) {
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_EMPTY, "no element");
    ok = FALSE;
  }

  g_ptr_array_unref (state.stack);
  g_ptr_array_unref (state.texts);
  g_string_free (state.text, TRUE);
  if (!ok) {
    g_clear_pointer (&state.root, bk_xmpp_element_unref);
    return NULL;
  }
  return state.root;
}
