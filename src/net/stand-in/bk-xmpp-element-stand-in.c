/* bk-xmpp-element-stand-in.c: BkXmppElement (bk-xmpp-element.h) for as long as the XMPP
 * client's own bk-xmpp-element.c is not in the tree, so that the protocol builds and
 * its tests run; src/net/meson.build takes the real one as soon as it is there. Delete
 * this folder then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <string.h>

#include "bk-xmpp-element.h"

struct _BkXmppElement {
  gint       ref_count;
  char      *name;
  char      *ns;
  GPtrArray *attr_names;   /* char*, NULL-terminated */
  GPtrArray *attr_values;
  char      *text;
  GPtrArray *children;
};

BkXmppElement *
bk_xmpp_element_new (const char *name,
                     const char *ns_or_NULL)
{
  BkXmppElement *self;

  g_return_val_if_fail (name != NULL, NULL);

  self = g_new0 (BkXmppElement, 1);
  self->ref_count = 1;
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
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
bk_xmpp_element_unref (BkXmppElement *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
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

void
bk_xmpp_element_set_attr (BkXmppElement *self,
                          const char    *key,
                          const char    *value)
{
  g_return_if_fail (self != NULL && key != NULL && value != NULL);

  for (guint i = 0; i + 1 < self->attr_names->len; i++)
    if (strcmp (g_ptr_array_index (self->attr_names, i), key) == 0)
      {
        g_free (self->attr_values->pdata[i]);
        self->attr_values->pdata[i] = g_strdup (value);
        return;
      }
  self->attr_names->pdata[self->attr_names->len - 1] = g_strdup (key);
  g_ptr_array_add (self->attr_names, NULL);
  g_ptr_array_add (self->attr_values, g_strdup (value));
}

const char *
bk_xmpp_element_get_attr (const BkXmppElement *self,
                          const char          *key)
{
  g_return_val_if_fail (self != NULL && key != NULL, NULL);

  for (guint i = 0; i + 1 < self->attr_names->len; i++)
    if (strcmp (g_ptr_array_index (self->attr_names, i), key) == 0)
      return g_ptr_array_index (self->attr_values, i);
  return NULL;
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
  g_return_if_fail (self != NULL && child != NULL);
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
  g_return_val_if_fail (self != NULL && name != NULL, NULL);

  for (guint i = 0; i < self->children->len; i++)
    {
      const BkXmppElement *child = g_ptr_array_index (self->children, i);

      if (strcmp (child->name, name) == 0)
        return child;
    }
  return NULL;
}

static void
write_element (const BkXmppElement *self,
               const char          *parent_ns,
               GString             *out)
{
  g_string_append_printf (out, "<%s", self->name);
  if (self->ns && g_strcmp0 (self->ns, parent_ns) != 0)
    {
      g_autofree char *ns = g_markup_escape_text (self->ns, -1);
      g_string_append_printf (out, " xmlns='%s'", ns);
    }
  for (guint i = 0; i + 1 < self->attr_names->len; i++)
    {
      g_autofree char *value = g_markup_escape_text (self->attr_values->pdata[i], -1);
      g_string_append_printf (out, " %s='%s'", (char *) self->attr_names->pdata[i], value);
    }
  if (self->text == NULL && self->children->len == 0)
    {
      g_string_append (out, "/>");
      return;
    }
  g_string_append_c (out, '>');
  if (self->text)
    {
      g_autofree char *text = g_markup_escape_text (self->text, -1);
      g_string_append (out, text);
    }
  for (guint i = 0; i < self->children->len; i++)
    write_element (g_ptr_array_index (self->children, i), self->ns ? self->ns : parent_ns, out);
  g_string_append_printf (out, "</%s>", self->name);
}

char *
bk_xmpp_element_to_string (const BkXmppElement *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, NULL);
  write_element (self, NULL, out);
  return g_string_free (out, FALSE);
}

typedef struct {
  GPtrArray     *stack;
  BkXmppElement *root;
} Parser;

static void
start_cb (GMarkupParseContext  *context,
          const char           *name,
          const char          **names,
          const char          **values,
          gpointer              user_data,
          GError              **error)
{
  Parser *parser = user_data;
  const char *ns = NULL;
  BkXmppElement *element;

  (void) context;
  if (parser->stack->len >= BK_XMPP_ELEMENT_MAX_DEPTH)
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "too deep");
      return;
    }
  for (guint i = 0; names[i]; i++)
    if (strcmp (names[i], "xmlns") == 0)
      ns = values[i];
  if (ns == NULL && parser->stack->len > 0)
    ns = bk_xmpp_element_get_ns (g_ptr_array_index (parser->stack, parser->stack->len - 1));
  element = bk_xmpp_element_new (name, ns);
  for (guint i = 0; names[i]; i++)
    if (strcmp (names[i], "xmlns") != 0)
      bk_xmpp_element_set_attr (element, names[i], values[i]);
  if (parser->stack->len > 0)
    {
      bk_xmpp_element_add_child (g_ptr_array_index (parser->stack, parser->stack->len - 1),
                                 element);
      bk_xmpp_element_unref (element);
    }
  else if (parser->root == NULL)
    parser->root = element;
  else
    {
      bk_xmpp_element_unref (element);
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "two roots");
      return;
    }
  g_ptr_array_add (parser->stack, element);
}

static void
end_cb (GMarkupParseContext *context,
        const char          *name,
        gpointer             user_data,
        GError             **error)
{
  Parser *parser = user_data;

  (void) context;
  (void) name;
  (void) error;
  g_ptr_array_remove_index (parser->stack, parser->stack->len - 1);
}

static void
text_cb (GMarkupParseContext *context,
         const char          *text,
         gsize                length,
         gpointer             user_data,
         GError             **error)
{
  Parser *parser = user_data;
  BkXmppElement *element;
  g_autofree char *piece = NULL;
  char *all;

  (void) context;
  (void) error;
  if (parser->stack->len == 0)
    return;
  element = g_ptr_array_index (parser->stack, parser->stack->len - 1);
  piece = g_strndup (text, length);
  all = g_strconcat (element->text ? element->text : "", piece, NULL);
  g_free (element->text);
  element->text = all;
}

BkXmppElement *
bk_xmpp_element_parse (const char  *xml,
                       gssize       length,
                       GError     **error)
{
  static const GMarkupParser callbacks = { start_cb, end_cb, text_cb, NULL, NULL };
  g_autoptr (GMarkupParseContext) context = NULL;
  Parser parser = { g_ptr_array_new (), NULL };
  gsize n;

  g_return_val_if_fail (xml != NULL, NULL);

  n = length < 0 ? strlen (xml) : (gsize) length;
  if (n > BK_XMPP_ELEMENT_MAX_BYTES)
    {
      g_ptr_array_unref (parser.stack);
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "too large");
      return NULL;
    }
  context = g_markup_parse_context_new (&callbacks, 0, &parser, NULL);
  if (!g_markup_parse_context_parse (context, xml, (gssize) n, error) ||
      !g_markup_parse_context_end_parse (context, error) || parser.root == NULL)
    {
      g_ptr_array_unref (parser.stack);
      g_clear_pointer (&parser.root, bk_xmpp_element_unref);
      if (error && *error == NULL)
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_EMPTY, "empty");
      return NULL;
    }
  g_ptr_array_unref (parser.stack);
  return parser.root;
}
