/* bk-xmpp-invitation.c: an invitation URI that makes an account (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include "bk-xmpp-invitation.h"
#include "bk-xmpp-client.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static gboolean
token_valid (const char *token)
{
  gsize length = strlen (token);

  if (length < 8 || length > 256)
    return FALSE;
  for (const char *c = token; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("._~-", *c) == NULL)
      return FALSE;
  return TRUE;
}

/* A domain as a link may name it: letters, digits, dots and hyphens (an IDN in its ASCII
 * form), lower case. */
static gboolean
domain_valid (const char *domain)
{
  gsize length = strlen (domain);

  if (length == 0 || length > 253 || domain[0] == '.' || domain[0] == '-')
    return FALSE;
  for (const char *c = domain; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '.' && *c != '-')
      return FALSE;
  return TRUE;
}

static gboolean
refuse (GError    **error,
        const char *why)
{
  g_debug ("invitation refused: %s", why);
  g_set_error_literal (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                       _("This link is no invitation that makes an account"));
  return FALSE;
}

gboolean
bk_xmpp_invitation_parse (const char  *uri,
                          char       **domain,
                          char       **inviter,
                          char       **token,
                          GError     **error)
{
  g_autofree char *jid = NULL;
  g_autofree char *found_token = NULL;
  g_auto (GStrv) params = NULL;
  const char *query;
  const char *at;
  gboolean account = FALSE;
  gboolean ibr = FALSE;

  if (uri == NULL || strlen (uri) > BK_XMPP_INVITATION_MAX_BYTES ||
      !g_utf8_validate (uri, -1, NULL))
    return refuse (error, "too long, or not UTF-8");
  if (!g_str_has_prefix (uri, "xmpp:"))
    return refuse (error, "not an xmpp: URI");
  query = strchr (uri, '?');
  if (query == NULL)
    return refuse (error, "no query");
  jid = g_uri_unescape_segment (uri + 5, query, NULL);
  if (jid == NULL || strchr (jid, '/') != NULL)
    return refuse (error, "a JID with a resource, or not escaped right");
  params = g_strsplit (query + 1, ";", 16);
  if (g_strcmp0 (params[0], "register") == 0)
    account = TRUE;
  else if (g_strcmp0 (params[0], "roster") != 0)
    return refuse (error, "neither register nor roster");
  for (guint i = 1; params[i] != NULL; i++) {
    if (g_str_has_prefix (params[i], "preauth=") && found_token == NULL)
      found_token = g_uri_unescape_string (params[i] + 8, NULL);
    else if (g_str_equal (params[i], "ibr=y"))
      ibr = TRUE;
  }
  if (found_token == NULL || !token_valid (found_token))
    return refuse (error, "no token, or a malformed one");
  at = strchr (jid, '@');
  if (account && at != NULL)
    return refuse (error, "an account invitation names a user");
  if (!account && (at == NULL || at == jid))
    return refuse (error, "a contact invitation names no user");
  if (!domain_valid (at != NULL ? at + 1 : jid))
    return refuse (error, "a malformed domain");
  if (!account && !ibr) {
    g_set_error_literal (error, BK_XMPP_ERROR, BK_XMPP_ERROR_REGISTER,
                         _("This invitation adds a contact but makes no account: ask for an "
                           "invitation that makes one"));
    return FALSE;
  }
  if (domain != NULL)
    *domain = g_ascii_strdown (at != NULL ? at + 1 : jid, -1);
  if (inviter != NULL)
    *inviter = at != NULL ? g_strdup (jid) : NULL;
  if (token != NULL)
    *token = g_steal_pointer (&found_token);
  return TRUE;
}
