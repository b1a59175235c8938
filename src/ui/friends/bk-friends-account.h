/* bk-friends-account.h: the XMPP account a table with friends is played from. The
 * `account` helper's BkAccount (the account page, the password in the Secret Service)
 * takes this seam's place at merge; until then the address, the password file, the server
 * and the certificates to trust come from the environment (BIERKOPF_XMPP_JID,
 * BIERKOPF_XMPP_PASSWORD_FILE, BIERKOPF_XMPP_SERVER, BIERKOPF_XMPP_CAFILE), which is how
 * the tests give them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-xmpp-client.h"

G_BEGIN_DECLS

/* A client for the account (not connected yet), or NULL with why. */
BkXmppClient *bk_friends_account_new_client (GError **error);

G_END_DECLS
