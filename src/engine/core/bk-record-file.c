/* bk-record-file.c: reading a record from a file or a descriptor, never more than a
 * record may hold, and loading a session from a save file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bk-error.h"
#include "bk-record.h"

/* Reads all of @fd, but never more than BK_RECORD_MAX_SIZE bytes (BK_ERROR_TOO_LARGE; a
 * regular file is measured before reading). @contents ends with a NUL not counted in
 * @length. Errors of the system are G_FILE_ERROR. */
gboolean
bk_record_read_fd (int      fd,
                   char   **contents,
                   gsize   *length,
                   GError **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  struct stat info;

  g_return_val_if_fail (contents != NULL && length != NULL, FALSE);

  if (fstat (fd, &info) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not read the record: %s"), g_strerror (saved));
      return FALSE;
    }
  if (S_ISREG (info.st_mode) && !bk_record_check_size ((gsize) MIN ((guint64) info.st_size,
                                                                    (guint64) G_MAXSIZE), error))
    return FALSE;

  bytes = g_byte_array_sized_new (S_ISREG (info.st_mode) ? (guint) info.st_size + 1 : 4096);
  for (;;)
    {
      guint8 buffer[65536];
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("Could not read the record: %s"), g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      if (!bk_record_check_size (bytes->len + (gsize) n, error))
        return FALSE;
      g_byte_array_append (bytes, buffer, (guint) n);
    }

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

/* bk_record_read_fd() on the file at @path. “No such file” is G_FILE_ERROR_NOENT. */
gboolean
bk_record_read_file (const char  *path,
                     char       **contents,
                     gsize       *length,
                     GError     **error)
{
  gboolean ok;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = g_open (path, O_RDONLY, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not open “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }
  ok = bk_record_read_fd (fd, contents, length, error);
  if (!ok && error && *error && (*error)->domain == G_FILE_ERROR)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_prefix_error (error, "%s: ", name);
    }
  g_close (fd, NULL);
  return ok;
}

BkGame *
bk_game_load (const char  *path,
              GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!bk_record_read_file (path, &text, &length, error))
    return NULL;
  return bk_record_replay_data (text, length, NULL, NULL, NULL, error);
}
