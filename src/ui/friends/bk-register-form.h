/* bk-register-form.h: a server's registration form (bk-xmpp-form.h) shown on the account
 * page: its instructions, its CAPTCHA's picture or question, and a row for each field to
 * fill but the name and password (the page's own rows give those). Its buttons run the
 * page's actions "account.submit-form" and "account.cancel-form".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-xmpp-form.h"

G_BEGIN_DECLS

#define BK_TYPE_REGISTER_FORM (bk_register_form_get_type ())
G_DECLARE_FINAL_TYPE (BkRegisterForm, bk_register_form, BK, REGISTER_FORM, AdwPreferencesGroup)

/* `refusal`: why the last form was refused, shown at the form's top (on a phone the page's
 * own status is scrolled away), or NULL. */
GtkWidget  *bk_register_form_new        (BkXmppForm     *form,
                                         const char     *refusal);
BkXmppForm *bk_register_form_get_form   (BkRegisterForm *self);
/* A copy of the form with what was typed in its rows (transfer full). */
BkXmppForm *bk_register_form_dup_filled (BkRegisterForm *self);
/* The CAPTCHA's picture as shown, or NULL (none, or it could not be decoded). */
GdkPaintable *bk_register_form_get_picture (BkRegisterForm *self);

G_END_DECLS
