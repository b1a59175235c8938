/* bk-friends-account.c: see bk-friends-account.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bk-friends-account.h"

BkXmppClient *
bk_friends_account_new_client (GError **error)
{
  const char *jid = g_getenv ("BIERKOPF_XMPP_JID");
  const char *password_file = g_getenv ("BIERKOPF_XMPP_PASSWORD_FILE");
  g_autofree char *password = NULL;

  if (jid == NULL || strchr (jid, '@') == NULL || password_file == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No account to play with friends is set up yet"));
      return NULL;
    }
  if (!g_file_get_contents (password_file, &password, NULL, error))
    return NULL;
  password[strcspn (password, "\r\n")] = '\0';
  return bk_xmpp_client_new (jid, password, g_getenv ("BIERKOPF_XMPP_SERVER"),
                             g_getenv ("BIERKOPF_XMPP_CAFILE"));
}
