/* bk-account-page.h: Play with Friends, the Friends page of Preferences: the XMPP account
 * (an existing one, or a new one made on a server that allows it), its connection's state,
 * what went wrong in a person's words, and the choice to trust a server's certificate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-account.h"

G_BEGIN_DECLS

#define BK_TYPE_ACCOUNT_PAGE (bk_account_page_get_type ())
G_DECLARE_FINAL_TYPE (BkAccountPage, bk_account_page, BK, ACCOUNT_PAGE, AdwPreferencesPage)

/* The page of `account` (bk_account_get_default() in the app). */
GtkWidget *bk_account_page_new (BkAccount *account);

G_END_DECLS
