/* bk-xmpp-form.h: a server's registration form (XEP-0077), either its data form (XEP-0004)
 * or the legacy fields, with the CAPTCHA it asks (XEP-0158): the picture it carries as bits
 * of binary data (XEP-0231) or a question. The form came from the network: every text is
 * bounded, a picture is checked (type, size, dimensions) before anyone decodes it, and a
 * form above the limits is refused whole by the parser.
 *
 * A caller shows the fields that are not hidden, sets the values (the username and the
 * password with bk_xmpp_form_set_account()) and hands the form back to
 * bk_xmpp_client_submit_register_form_async().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a server may send: above these the form is refused (a clear message). */
#define BK_XMPP_FORM_MAX_FIELDS       48
#define BK_XMPP_FORM_MAX_OPTIONS      64
#define BK_XMPP_FORM_MAX_TEXT         2048       /* bytes of a label, value, instructions */
#define BK_XMPP_FORM_MAX_IMAGE_BYTES  (128 * 1024)
#define BK_XMPP_FORM_MAX_IMAGE_SIDE   1024       /* pixels, either way */

typedef enum {
  BK_XMPP_FIELD_TEXT,        /* text-single, jid-single, a legacy field */
  BK_XMPP_FIELD_PRIVATE,     /* text-private, the legacy password */
  BK_XMPP_FIELD_MULTI,       /* text-multi, list-multi, jid-multi: one value a line */
  BK_XMPP_FIELD_BOOLEAN,
  BK_XMPP_FIELD_LIST,        /* list-single: one of the options */
  BK_XMPP_FIELD_FIXED,       /* words to show, no value */
  BK_XMPP_FIELD_HIDDEN,      /* sent back as it came, never shown */
} BkXmppFieldType;

typedef enum {
  BK_XMPP_FIELD_ROLE_OTHER,
  BK_XMPP_FIELD_ROLE_USERNAME,
  BK_XMPP_FIELD_ROLE_PASSWORD,
  BK_XMPP_FIELD_ROLE_CAPTCHA,    /* the answer to the CAPTCHA: a picture's text, a question */
  BK_XMPP_FIELD_ROLE_FALLBACK,   /* ejabberd's way to the CAPTCHA on the web ("visit the web
                                  * page", its URL): not shown, sent back as it came */
} BkXmppFieldRole;

typedef struct _BkXmppForm BkXmppForm;

BkXmppForm      *bk_xmpp_form_new               (gboolean      data_form);
BkXmppForm      *bk_xmpp_form_ref               (BkXmppForm   *self);
void             bk_xmpp_form_unref             (BkXmppForm   *self);
/* A new form with the same fields and values (the client sends a copy). */
BkXmppForm      *bk_xmpp_form_copy              (const BkXmppForm *self);

/* TRUE: a XEP-0004 data form; FALSE: the legacy fields of XEP-0077 §3. */
gboolean         bk_xmpp_form_is_data_form      (const BkXmppForm *self);
/* The server's instructions (its own words, untranslated), or NULL. */
const char      *bk_xmpp_form_get_instructions  (const BkXmppForm *self);
void             bk_xmpp_form_set_instructions  (BkXmppForm   *self,
                                                 const char   *text);
/* A CAPTCHA is asked (a field has the role CAPTCHA). */
gboolean         bk_xmpp_form_has_captcha       (const BkXmppForm *self);
/* Only the username and the password to fill in (no CAPTCHA, nothing else required):
 * an app may send it without showing it. */
gboolean         bk_xmpp_form_is_plain          (const BkXmppForm *self);

/* Fields, in the server's order. */
guint            bk_xmpp_form_get_n_fields      (const BkXmppForm *self);
/* Adds a field and returns its index. */
guint            bk_xmpp_form_add_field         (BkXmppForm      *self,
                                                 const char      *var,
                                                 BkXmppFieldType  type,
                                                 const char      *label);
const char      *bk_xmpp_form_field_get_var     (const BkXmppForm *self,
                                                 guint             i);
BkXmppFieldType  bk_xmpp_form_field_get_type    (const BkXmppForm *self,
                                                 guint             i);
BkXmppFieldRole  bk_xmpp_form_field_get_role    (const BkXmppForm *self,
                                                 guint             i);
void             bk_xmpp_form_field_set_role    (BkXmppForm      *self,
                                                 guint            i,
                                                 BkXmppFieldRole  role);
/* The server's label, else its var. */
const char      *bk_xmpp_form_field_get_label   (const BkXmppForm *self,
                                                 guint             i);
const char      *bk_xmpp_form_field_get_desc    (const BkXmppForm *self,
                                                 guint             i);
void             bk_xmpp_form_field_set_desc    (BkXmppForm      *self,
                                                 guint            i,
                                                 const char      *desc);
gboolean         bk_xmpp_form_field_get_required (const BkXmppForm *self,
                                                  guint             i);
void             bk_xmpp_form_field_set_required (BkXmppForm      *self,
                                                  guint            i,
                                                  gboolean         required);
/* The value ("" when none; a boolean "1" or "0"; MULTI one value a line). */
const char      *bk_xmpp_form_field_get_value   (const BkXmppForm *self,
                                                 guint             i);
void             bk_xmpp_form_field_set_value   (BkXmppForm      *self,
                                                 guint            i,
                                                 const char      *value);
/* LIST: the options' labels and values, NULL-terminated, or NULL. */
void             bk_xmpp_form_field_add_option  (BkXmppForm      *self,
                                                 guint            i,
                                                 const char      *label,
                                                 const char      *value);
const char * const *bk_xmpp_form_field_get_option_labels (const BkXmppForm *self,
                                                          guint             i);
const char * const *bk_xmpp_form_field_get_option_values (const BkXmppForm *self,
                                                          guint             i);
/* The field has a <media/> (XEP-0221): a picture to show, which may be only on the web
 * (then get_image() is NULL); without one, a CAPTCHA is a question (its label). */
gboolean         bk_xmpp_form_field_get_has_media (const BkXmppForm *self,
                                                   guint             i);
void             bk_xmpp_form_field_set_has_media (BkXmppForm      *self,
                                                   guint            i,
                                                   gboolean         media);
/* The field's picture (a CAPTCHA's), checked by bk_xmpp_form_check_image(), or NULL. */
GBytes          *bk_xmpp_form_field_get_image   (const BkXmppForm *self,
                                                 guint             i,
                                                 const char      **mime_type);
gboolean         bk_xmpp_form_field_set_image   (BkXmppForm      *self,
                                                 guint            i,
                                                 GBytes          *bytes,
                                                 const char      *mime_type,
                                                 GError         **error);
/* The index of the field `var`, or -1. */
int              bk_xmpp_form_find_field        (const BkXmppForm *self,
                                                 const char       *var);
/* Sets the fields with the roles USERNAME and PASSWORD. */
void             bk_xmpp_form_set_account       (BkXmppForm      *self,
                                                 const char      *username,
                                                 const char      *password);

/* A picture from the network is a PNG, a JPEG or a GIF whose first bytes say so, at most
 * BK_XMPP_FORM_MAX_IMAGE_BYTES and BK_XMPP_FORM_MAX_IMAGE_SIDE pixels either way (read
 * from its header: nothing is decoded). The error's message is for people. */
gboolean         bk_xmpp_form_check_image       (GBytes          *bytes,
                                                 const char      *mime_type,
                                                 guint           *width,
                                                 guint           *height,
                                                 GError         **error);

/* For tests: the form in `xml`, a <query xmlns='jabber:iq:register'/> (or the <iq/>
 * around it) as a server sends it; NULL and an error (BK_XMPP_ERROR_REGISTER) when it is
 * refused. */
BkXmppForm      *bk_xmpp_form_parse_register    (const char      *xml,
                                                 GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkXmppForm, bk_xmpp_form_unref)

G_END_DECLS
