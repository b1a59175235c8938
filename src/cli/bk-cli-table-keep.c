/* bk-cli-table-keep.c: `table join --keep FILE` (docs/network.md 3.16 and 9): the chair's
 * resume token, with the room and the seat it opens, kept in FILE (written whole or not at
 * all, its owner's alone), so that the same command started again, under any address,
 * takes its chair back with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-cli-table-private.h"

#define GROUP "chair"

gboolean
bk_cli_table_keep_read (Table       *table,
                        const char  *path,
                        GError     **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_autofree char *room = NULL;
  g_autofree char *seat = NULL;
  g_autofree char *token = NULL;

  g_free (table->keep_path);
  table->keep_path = g_strdup (path);
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local))
    {
      /* nothing kept yet: the first token the host sends makes the file */
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, local->domain, local->code, _("%s cannot be read: %s"), path,
                   local->message);
      return FALSE;
    }
  room = g_key_file_get_string (file, GROUP, "room", NULL);
  seat = g_key_file_get_string (file, GROUP, "seat", NULL);
  token = g_key_file_get_string (file, GROUP, "token", NULL);
  if (room == NULL || seat == NULL || token == NULL ||
      strlen (token) != 2 * BK_NET_TOKEN_SIZE)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s is not a chair kept by table join --keep"), path);
      return FALSE;
    }
  /* a token opens one chair of one table: another's is replaced by this table's */
  if (strcmp (room, table->room) != 0 || g_strcmp0 (seat, table->seat_text) != 0)
    {
      g_message ("%s keeps seat %s of %s, not ours: it will keep ours", path, seat, room);
      return TRUE;
    }
  g_free (table->kept_token);
  table->kept_token = g_steal_pointer (&token);
  return TRUE;
}

static void
guest_token_cb (BkTableGuest *guest,
                const char   *token,
                Table        *table)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_key_file_set_string (file, GROUP, "room", table->room);
  g_key_file_set_string (file, GROUP, "seat", table->seat_text);
  g_key_file_set_string (file, GROUP, "token", token);
  contents = g_key_file_to_data (file, &length, NULL);
  /* a new file renamed over the old: a kill while writing leaves the old one whole; the
   * token is a key to the chair, for its owner's eyes alone */
  if (!g_file_set_contents_full (table->keep_path, contents, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_printerr (_("bierkopf-cli: the chair’s token cannot be kept: %s\n"), error->message);
  else
    g_debug ("Kept the token of seat %s in %s", table->seat_text, table->keep_path);
}

void
bk_cli_table_keep_attach (Table *table)
{
  if (table->keep_path == NULL)
    return;
  if (table->kept_token && !bk_table_guest_set_token (table->guest, table->kept_token))
    g_printerr (_("bierkopf-cli: %s holds no token of a chair; it is not used\n"),
                table->keep_path);
  g_signal_connect (table->guest, "token", G_CALLBACK (guest_token_cb), table);
}
