/* bk-friends-table-keep.c: the host's app keeps its table with friends and takes it up
 * again (docs/network.md §7, "A host started again"): the resume file beside nothing but
 * the app's data, written before anything of a change goes out, mode 0600; the table
 * closed for good; see bk-friends-table.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-friends-table.h"
#include "bk-friends-table-private.h"
#include "bk-record.h"
#include "bk-table-link.h"

#define APP_GROUP "app"

static gboolean
write_private (const char  *path,
               const char  *text,
               GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  return bk_record_check_size (strlen (text), error) &&
         g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                   error);
}

/* Before anything of a change goes out (BkTableHost::changed): the resume file, so that
 * a host started again takes the table up where it was. */
void
_bk_friends_table_changed_cb (BkTableHost    *host,
                              BkFriendsTable *self)
{
  g_autoptr (GKeyFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (self->resume_path == NULL)
    return;
  file = bk_table_host_save_resume (host);
  g_key_file_set_string (file, "room", "password", self->password ? self->password : "");
  if (self->guests)
    g_key_file_set_string (file, "room", "guests", self->guests);
  g_key_file_set_integer (file, APP_GROUP, "chair", self->chair);
  g_key_file_set_string (file, APP_GROUP, "jid", self->jid);
  text = g_key_file_to_data (file, NULL, NULL);
  if (!write_private (self->resume_path, text, &error))
    g_warning ("The table cannot be kept: %s", error->message);
}


void
bk_friends_table_set_resume_path (BkFriendsTable *self,
                                  const char     *path,
                                  const char     *password)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  g_free (self->resume_path);
  self->resume_path = g_strdup (path);
  g_free (self->password);
  self->password = g_strdup (password);
  if (path)
    _bk_friends_table_changed_cb (self->host, self);
}

void
bk_friends_table_set_guest_domain (BkFriendsTable *self,
                                   const char     *guests)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self));
  g_return_if_fail (guests == NULL || bk_table_link_is_guest_domain (guests));

  g_free (self->guests);
  self->guests = g_strdup (guests);
}

char *
bk_friends_table_dup_kept_guest_domain (GKeyFile *file)
{
  g_autofree char *guests = g_key_file_get_string (file, "room", "guests", NULL);

  g_return_val_if_fail (file != NULL, NULL);

  if (guests == NULL)
    return NULL;
  if (!bk_table_link_is_guest_domain (guests))
    {
      g_message ("The kept table's guest domain is not one: the link lets no guests in");
      return NULL;
    }
  return g_steal_pointer (&guests);
}

BkFriendsTable *
bk_friends_table_new_resumed (GKeyFile  *file,
                              GError   **error)
{
  BkFriendsTable *self;
  g_autoptr (BkTableHost) host = NULL;
  g_autofree char *jid = NULL;
  GError *local = NULL;
  gint chair;

  g_return_val_if_fail (file != NULL, NULL);

  jid = g_key_file_get_string (file, APP_GROUP, "jid", error);
  if (jid == NULL)
    return NULL;
  chair = g_key_file_get_integer (file, APP_GROUP, "chair", &local);
  if (local)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  host = bk_table_host_new_from_resume (file, g_get_monotonic_time (), error);
  if (host == NULL)
    return NULL;
  if (chair < 0 || (guint) chair >= bk_game_get_n_seats (bk_table_host_get_game (host)))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "No chair %d at this table", chair);
      return NULL;
    }
  self = _bk_friends_table_new (bk_table_host_get_room (host), bk_table_host_get_nick (host),
                                chair);
  self->jid = g_steal_pointer (&jid);
  self->host = g_steal_pointer (&host);
  self->password = g_key_file_get_string (file, "room", "password", NULL);
  self->guests = bk_friends_table_dup_kept_guest_domain (file);
  self->resumed = TRUE;
  _bk_friends_table_host_connect (self);
  return self;
}

gboolean
bk_friends_table_is_finished (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), FALSE);
  return self->host ? bk_table_host_is_finished (self->host)
                    : bk_table_guest_is_finished (self->guest);
}

void
bk_friends_table_close (BkFriendsTable *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (BkXmppElement) payload = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  if (self->resume_path && g_unlink (self->resume_path) != 0 && errno != ENOENT)
    g_warning ("%s: %s", self->resume_path, g_strerror (errno));
  g_clear_pointer (&self->resume_path, g_free);
  if (bk_table_host_is_finished (self->host))
    return;
  /* as a table that played its last hand (docs/network.md, <end/>) */
  bk_net_stanza_init (&stanza, BK_NET_END);
  stanza.hand = bk_game_get_hand_number (bk_table_host_get_game (self->host));
  payload = bk_net_stanza_build (&stanza);
  _bk_friends_table_tell_room (self, _("The host has closed the table"), payload);
}
