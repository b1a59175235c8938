/* bk-table-invitation.c: see bk-table-invitation.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-table-invitation.h"

G_DEFINE_QUARK (bk-table-invitation-error-quark, bk_table_invitation_error)

void
bk_table_invitation_clear (BkTableInvitation *invitation)
{
  g_return_if_fail (invitation != NULL);

  g_free (invitation->room);
  g_free (invitation->password);
  g_free (invitation->guests);
  g_free (invitation->host);
  g_free (invitation->game);
  g_free (invitation->account);
  g_free (invitation->token);
  memset (invitation, 0, sizeof *invitation);
}

gboolean
bk_table_invitation_is_token (const char *token)
{
  gsize length = token ? strlen (token) : 0;

  if (length < 8 || length > 256)
    return FALSE;
  for (const char *c = token; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("._~-", *c) == NULL)
      return FALSE;
  return TRUE;
}

/* RFC 7622's domainpart, and nothing a URI or a JID would read as more than a domain. */
gboolean
bk_table_invitation_is_domain (const char *domain)
{
  gsize length;

  if (domain == NULL || !g_utf8_validate (domain, -1, NULL))
    return FALSE;
  length = strlen (domain);
  if (length == 0 || length > 1023 || domain[0] == '.' || domain[0] == '-' ||
      domain[length - 1] == '.' || strstr (domain, "..") != NULL)
    return FALSE;
  for (const char *c = domain; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (u != '.' && u != '-' && !g_unichar_isalnum (u))
        return FALSE;
    }
  return TRUE;
}

/* A game's id as the engine names its modules. */
static gboolean
is_game_id (const char *game)
{
  gsize length = strlen (game);

  return length > 0 && length <= 32 && strspn (game, "abcdefghijklmnopqrstuvwxyz0123456789-") ==
                                       length;
}

static gboolean
has_scheme (const char *uri,
            const char *scheme)
{
  return g_ascii_strncasecmp (uri, scheme, strlen (scheme)) == 0;
}

static gboolean
has_control (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if (g_ascii_iscntrl (*c))
      return TRUE;
  return FALSE;
}

static gboolean
refuse (GError                 **error,
        BkTableInvitationError   code,
        const char              *why)
{
  const char *message;

  g_debug ("A link refused: %s", why);
  switch (code)
    {
    case BK_TABLE_INVITATION_ERROR_NO_LINK:
      message = _("This is no invitation link: it begins with xmpp:");
      break;
    case BK_TABLE_INVITATION_ERROR_MALFORMED:
      message = _("This invitation link is damaged: ask for it again");
      break;
    case BK_TABLE_INVITATION_ERROR_ACCOUNT:
    default:
      message = _("This link’s invitation to make an account is damaged: ask for the link "
                  "again, or sign in with your own account");
      break;
    }
  g_set_error_literal (error, BK_TABLE_INVITATION_ERROR, code, message);
  return FALSE;
}

/* A room's bare JID: no resource, and a local part without ':' (RFC 7622 3.3.1), so that a
 * link of an unknown scheme is never read as a room. */
static gboolean
is_room (const char *room)
{
  return room[0] != '@' && strchr (room, '@') != NULL && strchr (room, '/') == NULL &&
         strchr (room, ' ') == NULL && strcspn (room, ":") >= strcspn (room, "@") &&
         g_utf8_validate (room, -1, NULL) && !has_control (room);
}

/* One `key=value` of the query into @found (a key we do not know is ignored, XEP-0147). */
static gboolean
take_parameter (BkTableInvitation  *found,
                const char         *part,
                GError            **error)
{
  const char *equals = strchr (part, '=');
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;

  if (equals == NULL)
    return TRUE;
  key = g_strndup (part, equals - part);
  value = g_uri_unescape_string (equals + 1, NULL);
  if (value == NULL || !g_utf8_validate (value, -1, NULL) || has_control (value))
    {
      if (g_str_equal (key, "preauth") || g_str_equal (key, "register"))
        return refuse (error, BK_TABLE_INVITATION_ERROR_ACCOUNT, "an escape or a control");
      return refuse (error, BK_TABLE_INVITATION_ERROR_MALFORMED, "an escape or a control");
    }
  if (g_str_equal (key, "password"))
    {
      g_free (found->password);
      found->password = g_steal_pointer (&value);
    }
  /* one guest domain, one name, one game, one invitation: else the link is not ours */
  else if (g_str_equal (key, "guests"))
    {
      if (found->guests || !bk_table_invitation_is_domain (value))
        return refuse (error, BK_TABLE_INVITATION_ERROR_MALFORMED, "guests");
      found->guests = g_steal_pointer (&value);
    }
  else if (g_str_equal (key, "host"))
    {
      g_strstrip (value);
      if (found->host || value[0] == '\0' ||
          g_utf8_strlen (value, -1) > BK_TABLE_INVITATION_MAX_HOST)
        return refuse (error, BK_TABLE_INVITATION_ERROR_MALFORMED, "host");
      found->host = g_steal_pointer (&value);
    }
  else if (g_str_equal (key, "game"))
    {
      if (found->game || !is_game_id (value))
        return refuse (error, BK_TABLE_INVITATION_ERROR_MALFORMED, "game");
      found->game = g_steal_pointer (&value);
    }
  else if (g_str_equal (key, "register"))
    {
      if (found->account || !bk_table_invitation_is_domain (value))
        return refuse (error, BK_TABLE_INVITATION_ERROR_ACCOUNT, "register");
      found->account = g_utf8_strdown (value, -1);
    }
  else if (g_str_equal (key, "preauth"))
    {
      if (found->token || !bk_table_invitation_is_token (value))
        return refuse (error, BK_TABLE_INVITATION_ERROR_ACCOUNT, "preauth");
      found->token = g_steal_pointer (&value);
    }
  return TRUE;
}

gboolean
bk_table_invitation_parse (const char         *uri,
                           BkTableInvitation  *invitation,
                           GError            **error)
{
  g_auto (BkTableInvitation) found = { 0 };
  g_autofree char *text = NULL;
  const char *start = uri;
  char *query;

  g_return_val_if_fail (uri != NULL && invitation != NULL, FALSE);

  bk_table_invitation_clear (invitation);
  /* a link pasted from anywhere is read only when it is the size of one */
  if (strlen (uri) > BK_TABLE_LINK_MAX_BYTES)
    {
      g_set_error_literal (error, BK_TABLE_INVITATION_ERROR, BK_TABLE_INVITATION_ERROR_NO_LINK,
                           _("This text is too long to be an invitation link"));
      return FALSE;
    }
  while (g_ascii_isspace (*start))
    start++;
  /* schemes are case-insensitive (RFC 3986 3.1) */
  if (has_scheme (start, BK_TABLE_LINK_SCHEME))
    {
      /* the clickable form wraps a whole xmpp: URI */
      start += strlen (BK_TABLE_LINK_SCHEME);
      if (!has_scheme (start, "xmpp:"))
        return refuse (error, BK_TABLE_INVITATION_ERROR_NO_LINK, "bierkopf: without xmpp:");
    }
  text = g_strstrip (g_strdup (has_scheme (start, "xmpp:") ? start + 5 : start));
  if (!g_utf8_validate (text, -1, NULL) || has_control (text))
    return refuse (error, BK_TABLE_INVITATION_ERROR_NO_LINK, "not UTF-8, or a control");
  query = strchr (text, '?');
  if (query)
    *query++ = '\0';
  found.room = g_uri_unescape_string (text, NULL);
  if (found.room == NULL || !is_room (found.room))
    return refuse (error, BK_TABLE_INVITATION_ERROR_NO_LINK, "no room");
  if (query)
    {
      g_auto (GStrv) parts = g_strsplit (query, ";", -1);

      if (g_strcmp0 (parts[0], "join") != 0)
        return refuse (error, BK_TABLE_INVITATION_ERROR_NO_LINK, "not a join");
      for (guint i = 1; parts[i]; i++)
        if (!take_parameter (&found, parts[i], error))
          return FALSE;
    }
  /* an invitation is a server and its token, or none */
  if ((found.account == NULL) != (found.token == NULL))
    return refuse (error, BK_TABLE_INVITATION_ERROR_ACCOUNT, "half an invitation");
  *invitation = found;
  memset (&found, 0, sizeof found);
  return TRUE;
}

static void
append_parameter (GString    *uri,
                  const char *key,
                  const char *value)
{
  g_autofree char *escaped = NULL;

  if (value == NULL)
    return;
  escaped = g_uri_escape_string (value, NULL, FALSE);
  g_string_append_printf (uri, ";%s=%s", key, escaped);
}

char *
bk_table_invitation_dup_uri (const BkTableInvitation *invitation)
{
  GString *uri;

  g_return_val_if_fail (invitation != NULL && invitation->room != NULL, NULL);

  uri = g_string_new ("xmpp:");
  g_string_append_printf (uri, "%s?join", invitation->room);
  append_parameter (uri, "password", invitation->password);
  append_parameter (uri, "guests", invitation->guests);
  if (invitation->host && g_utf8_strlen (invitation->host, -1) <= BK_TABLE_INVITATION_MAX_HOST)
    append_parameter (uri, "host", invitation->host);
  append_parameter (uri, "game", invitation->game);
  if (invitation->account && invitation->token)
    {
      append_parameter (uri, "register", invitation->account);
      append_parameter (uri, "preauth", invitation->token);
    }
  return g_string_free (uri, FALSE);
}

char *
bk_table_invitation_dup_account_uri (const BkTableInvitation *invitation)
{
  g_return_val_if_fail (invitation != NULL, NULL);

  if (invitation->account == NULL || invitation->token == NULL)
    return NULL;
  return g_strdup_printf ("xmpp:%s?register;preauth=%s", invitation->account,
                          invitation->token);
}
