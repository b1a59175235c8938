/* bk-xmpp-form.c: a server's registration form (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-form.h"
#include "bk-xmpp-client.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct {
  char            *var;
  BkXmppFieldType  type;
  BkXmppFieldRole  role;
  char            *label;
  char            *desc;
  gboolean         required;
  char            *value;
  GPtrArray       *option_labels;   /* NULL-terminated, or NULL */
  GPtrArray       *option_values;
  gboolean         media;
  GBytes          *image;
  char            *image_type;
} Field;

struct _BkXmppForm {
  gatomicrefcount  ref;
  gboolean         data_form;
  char            *instructions;
  GPtrArray       *fields;          /* Field */
};

static void
field_free (Field *field)
{
  g_free (field->var);
  g_free (field->label);
  g_free (field->desc);
  g_free (field->value);
  g_clear_pointer (&field->option_labels, g_ptr_array_unref);
  g_clear_pointer (&field->option_values, g_ptr_array_unref);
  g_clear_pointer (&field->image, g_bytes_unref);
  g_free (field->image_type);
  g_free (field);
}

BkXmppForm *
bk_xmpp_form_new (gboolean data_form)
{
  BkXmppForm *self = g_new0 (BkXmppForm, 1);

  g_atomic_ref_count_init (&self->ref);
  self->data_form = data_form;
  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
  return self;
}

BkXmppForm *
bk_xmpp_form_ref (BkXmppForm *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
bk_xmpp_form_unref (BkXmppForm *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  g_free (self->instructions);
  g_ptr_array_unref (self->fields);
  g_free (self);
}

static GPtrArray *
strings_copy (GPtrArray *array)
{
  GPtrArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (array, i)));
  return copy;
}

BkXmppForm *
bk_xmpp_form_copy (const BkXmppForm *self)
{
  BkXmppForm *copy = bk_xmpp_form_new (self->data_form);

  copy->instructions = g_strdup (self->instructions);
  for (guint i = 0; i < self->fields->len; i++) {
    const Field *field = g_ptr_array_index (self->fields, i);
    Field *c = g_new0 (Field, 1);

    *c = *field;
    c->var = g_strdup (field->var);
    c->label = g_strdup (field->label);
    c->desc = g_strdup (field->desc);
    c->value = g_strdup (field->value);
    c->option_labels = strings_copy (field->option_labels);
    c->option_values = strings_copy (field->option_values);
    c->image = field->image != NULL ? g_bytes_ref (field->image) : NULL;
    c->image_type = g_strdup (field->image_type);
    g_ptr_array_add (copy->fields, c);
  }
  return copy;
}

gboolean
bk_xmpp_form_is_data_form (const BkXmppForm *self)
{
  return self->data_form;
}

const char *
bk_xmpp_form_get_instructions (const BkXmppForm *self)
{
  return self->instructions;
}

void
bk_xmpp_form_set_instructions (BkXmppForm *self,
                               const char *text)
{
  g_free (self->instructions);
  self->instructions = g_strdup (text);
}

static Field *
field_at (const BkXmppForm *self,
          guint             i)
{
  g_return_val_if_fail (i < self->fields->len, NULL);
  return g_ptr_array_index (self->fields, i);
}

gboolean
bk_xmpp_form_has_captcha (const BkXmppForm *self)
{
  for (guint i = 0; i < self->fields->len; i++)
    if (field_at (self, i)->role == BK_XMPP_FIELD_ROLE_CAPTCHA)
      return TRUE;
  return FALSE;
}

gboolean
bk_xmpp_form_is_plain (const BkXmppForm *self)
{
  gboolean username = FALSE, password = FALSE;

  for (guint i = 0; i < self->fields->len; i++) {
    const Field *field = field_at (self, i);

    if (field->role == BK_XMPP_FIELD_ROLE_USERNAME)
      username = TRUE;
    else if (field->role == BK_XMPP_FIELD_ROLE_PASSWORD)
      password = TRUE;
    else if (field->role == BK_XMPP_FIELD_ROLE_CAPTCHA)
      return FALSE;
    else if (field->required && field->type != BK_XMPP_FIELD_HIDDEN &&
             field->type != BK_XMPP_FIELD_FIXED && *field->value == '\0')
      return FALSE;
  }
  return username && password;
}

guint
bk_xmpp_form_get_n_fields (const BkXmppForm *self)
{
  return self->fields->len;
}

guint
bk_xmpp_form_add_field (BkXmppForm      *self,
                        const char      *var,
                        BkXmppFieldType  type,
                        const char      *label)
{
  Field *field = g_new0 (Field, 1);

  field->var = g_strdup (var != NULL ? var : "");
  field->type = type;
  field->label = g_strdup (label);
  field->value = g_strdup ("");
  if (type == BK_XMPP_FIELD_PRIVATE || g_strcmp0 (var, "password") == 0)
    field->role = BK_XMPP_FIELD_ROLE_PASSWORD;
  else if (g_strcmp0 (var, "username") == 0)
    field->role = BK_XMPP_FIELD_ROLE_USERNAME;
  g_ptr_array_add (self->fields, field);
  return self->fields->len - 1;
}

const char *
bk_xmpp_form_field_get_var (const BkXmppForm *self,
                            guint             i)
{
  return field_at (self, i)->var;
}

BkXmppFieldType
bk_xmpp_form_field_get_type (const BkXmppForm *self,
                             guint             i)
{
  return field_at (self, i)->type;
}

BkXmppFieldRole
bk_xmpp_form_field_get_role (const BkXmppForm *self,
                             guint             i)
{
  return field_at (self, i)->role;
}

void
bk_xmpp_form_field_set_role (BkXmppForm      *self,
                             guint            i,
                             BkXmppFieldRole  role)
{
  field_at (self, i)->role = role;
}

const char *
bk_xmpp_form_field_get_label (const BkXmppForm *self,
                              guint             i)
{
  const Field *field = field_at (self, i);

  return field->label != NULL && *field->label != '\0' ? field->label : field->var;
}

const char *
bk_xmpp_form_field_get_desc (const BkXmppForm *self,
                             guint             i)
{
  return field_at (self, i)->desc;
}

void
bk_xmpp_form_field_set_desc (BkXmppForm *self,
                             guint       i,
                             const char *desc)
{
  Field *field = field_at (self, i);

  g_free (field->desc);
  field->desc = g_strdup (desc);
}

gboolean
bk_xmpp_form_field_get_required (const BkXmppForm *self,
                                 guint             i)
{
  return field_at (self, i)->required;
}

void
bk_xmpp_form_field_set_required (BkXmppForm *self,
                                 guint       i,
                                 gboolean    required)
{
  field_at (self, i)->required = required;
}

const char *
bk_xmpp_form_field_get_value (const BkXmppForm *self,
                              guint             i)
{
  return field_at (self, i)->value;
}

void
bk_xmpp_form_field_set_value (BkXmppForm *self,
                              guint       i,
                              const char *value)
{
  Field *field = field_at (self, i);

  g_free (field->value);
  field->value = g_strdup (value != NULL ? value : "");
}

void
bk_xmpp_form_field_add_option (BkXmppForm *self,
                               guint       i,
                               const char *label,
                               const char *value)
{
  Field *field = field_at (self, i);

  if (field->option_labels == NULL) {
    field->option_labels = g_ptr_array_new_null_terminated (4, g_free, TRUE);
    field->option_values = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  }
  g_ptr_array_add (field->option_labels, g_strdup (label != NULL && *label != '\0' ? label
                                                                                   : value));
  g_ptr_array_add (field->option_values, g_strdup (value));
}

const char * const *
bk_xmpp_form_field_get_option_labels (const BkXmppForm *self,
                                      guint             i)
{
  Field *field = field_at (self, i);

  return field->option_labels != NULL ? (const char * const *) field->option_labels->pdata
                                      : NULL;
}

const char * const *
bk_xmpp_form_field_get_option_values (const BkXmppForm *self,
                                      guint             i)
{
  Field *field = field_at (self, i);

  return field->option_values != NULL ? (const char * const *) field->option_values->pdata
                                      : NULL;
}

gboolean
bk_xmpp_form_field_get_has_media (const BkXmppForm *self,
                                  guint             i)
{
  return field_at (self, i)->media;
}

void
bk_xmpp_form_field_set_has_media (BkXmppForm *self,
                                  guint       i,
                                  gboolean    media)
{
  field_at (self, i)->media = media;
}

GBytes *
bk_xmpp_form_field_get_image (const BkXmppForm  *self,
                              guint              i,
                              const char       **mime_type)
{
  const Field *field = field_at (self, i);

  if (mime_type != NULL)
    *mime_type = field->image_type;
  return field->image;
}

gboolean
bk_xmpp_form_field_set_image (BkXmppForm  *self,
                              guint        i,
                              GBytes      *bytes,
                              const char  *mime_type,
                              GError     **error)
{
  Field *field = field_at (self, i);

  if (!bk_xmpp_form_check_image (bytes, mime_type, NULL, NULL, error))
    return FALSE;
  g_clear_pointer (&field->image, g_bytes_unref);
  field->image = g_bytes_ref (bytes);
  field->media = TRUE;
  g_free (field->image_type);
  field->image_type = g_strdup (mime_type);
  return TRUE;
}

int
bk_xmpp_form_find_field (const BkXmppForm *self,
                         const char       *var)
{
  for (guint i = 0; i < self->fields->len; i++)
    if (g_strcmp0 (field_at (self, i)->var, var) == 0)
      return (int) i;
  return -1;
}

void
bk_xmpp_form_set_account (BkXmppForm *self,
                          const char *username,
                          const char *password)
{
  for (guint i = 0; i < self->fields->len; i++) {
    Field *field = field_at (self, i);

    if (field->role == BK_XMPP_FIELD_ROLE_USERNAME)
      bk_xmpp_form_field_set_value (self, i, username);
    else if (field->role == BK_XMPP_FIELD_ROLE_PASSWORD)
      bk_xmpp_form_field_set_value (self, i, password);
  }
}

static guint
be16 (const guint8 *p)
{
  return ((guint) p[0] << 8) | p[1];
}

static guint
be32 (const guint8 *p)
{
  return ((guint) p[0] << 24) | ((guint) p[1] << 16) | ((guint) p[2] << 8) | p[3];
}

/* The frame's size from a JPEG's first start-of-frame marker, walking the segments. */
static gboolean
jpeg_size (const guint8 *data,
           gsize         size,
           guint        *width,
           guint        *height)
{
  gsize at = 2;

  while (at + 4 <= size) {
    guint marker, length;

    if (data[at] != 0xff)
      return FALSE;
    marker = data[at + 1];
    if (marker == 0xff) {   /* fill bytes */
      at++;
      continue;
    }
    length = be16 (data + at + 2);
    if (length < 2)
      return FALSE;
    /* SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC) */
    if (marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc) {
      if (at + 9 > size)
        return FALSE;
      *height = be16 (data + at + 5);
      *width = be16 (data + at + 7);
      return TRUE;
    }
    at += 2 + length;
  }
  return FALSE;
}

gboolean
bk_xmpp_form_check_image (GBytes      *bytes,
                          const char  *mime_type,
                          guint       *width,
                          guint       *height,
                          GError     **error)
{
  gsize size = 0;
  const guint8 *data = bytes != NULL ? g_bytes_get_data (bytes, &size) : NULL;
  guint w = 0, h = 0;
  gboolean known;

  if (size > BK_XMPP_FORM_MAX_IMAGE_BYTES) {
    g_set_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                 _("The server’s picture is too large to be shown (%u kB)"),
                 (guint) (size / 1024));
    return FALSE;
  }
  if (g_strcmp0 (mime_type, "image/png") == 0)
    known = size >= 24 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0 &&
            memcmp (data + 12, "IHDR", 4) == 0 &&
            (w = be32 (data + 16), h = be32 (data + 20), TRUE);
  else if (g_strcmp0 (mime_type, "image/jpeg") == 0)
    known = size >= 4 && data[0] == 0xff && data[1] == 0xd8 && jpeg_size (data, size, &w, &h);
  else if (g_strcmp0 (mime_type, "image/gif") == 0)
    known = size >= 10 && (memcmp (data, "GIF87a", 6) == 0 || memcmp (data, "GIF89a", 6) == 0) &&
            (w = data[6] | (data[7] << 8), h = data[8] | (data[9] << 8), TRUE);
  else
    known = FALSE;
  if (!known || w == 0 || h == 0) {
    g_set_error_literal (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                         _("The server’s picture cannot be shown: it is no PNG, JPEG or GIF "
                           "image"));
    return FALSE;
  }
  if (w > BK_XMPP_FORM_MAX_IMAGE_SIDE || h > BK_XMPP_FORM_MAX_IMAGE_SIDE) {
    g_set_error (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                 _("The server’s picture is too large to be shown (%u × %u pixels)"), w, h);
    return FALSE;
  }
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
  return TRUE;
}
