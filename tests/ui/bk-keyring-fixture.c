/* bk-keyring-fixture.c: gnome-keyring-daemon on a private bus for the tests (see the
 * header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-test"

#include "bk-keyring-fixture.h"
#include "bk-test-process.h"

#include <gio/gio.h>
#include <unistd.h>

#define READY_TIMEOUT_US (20 * G_USEC_PER_SEC)
#define SECRETS_NAME "org.freedesktop.secrets"

struct _BkKeyring {
  char     *dir;
  GTestDBus *bus;
  GPid      pid;
};

/* Whether the daemon has taken its name on the bus yet. */
static gboolean
name_owned (GDBusConnection *bus)
{
  g_autoptr (GVariant) reply = NULL;
  gboolean owned = FALSE;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", SECRETS_NAME), G_VARIANT_TYPE ("(b)"),
                                       G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &owned);
  return owned;
}

/* Whether the Secret Service has a default collection (the login keyring) yet. */
static gboolean
default_collection (GDBusConnection *bus)
{
  g_autoptr (GVariant) reply = NULL;
  const char *path = "/";

  reply = g_dbus_connection_call_sync (bus, SECRETS_NAME, "/org/freedesktop/secrets",
                                       "org.freedesktop.Secret.Service", "ReadAlias",
                                       g_variant_new ("(s)", "default"), G_VARIANT_TYPE ("(o)"),
                                       G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(&o)", &path);
  return g_strcmp0 (path, "/") != 0;
}

/* The name comes before the login keyring is made and unlocked: both. */
static gboolean
keyring_ready (gpointer data)
{
  return name_owned (data) && default_collection (data);
}

BkKeyring *
bk_keyring_start (GError **error)
{
  g_autoptr (BkKeyring) self = g_new0 (BkKeyring, 1);
  g_autofree char *daemon = NULL;
  g_autofree char *home = NULL;
  g_autofree char *data = NULL;
  g_autofree char *runtime = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  const char *argv[] = { NULL, "--foreground", "--unlock", "--components=secrets", NULL };
  g_auto (GStrv) envp = NULL;
  gint64 deadline;
  int in_fd = -1;
  int status = 0;

  daemon = bk_test_find_program ("gnome-keyring-daemon", "the keyring tests need gnome-keyring "
                                 "(build-aux/setup.sh installs it)", error);
  if (daemon == NULL)
    return NULL;
  self->dir = g_dir_make_tmp ("bk-keyring-XXXXXX", error);
  if (self->dir == NULL)
    return NULL;
  home = g_build_filename (self->dir, "home", NULL);
  data = g_build_filename (home, ".local", "share", NULL);
  runtime = g_build_filename (self->dir, "run", NULL);
  g_mkdir_with_parents (data, 0700);
  g_mkdir_with_parents (runtime, 0700);
  /* the bus and the daemon inherit these: the keyring lands in the temporary home */
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  g_unsetenv ("GNOME_KEYRING_CONTROL");

  self->bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  {
    /* GTestDBus unsets DISPLAY (against X11 autolaunch); the page's tests need it */
    g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
    g_test_dbus_up (self->bus);
    if (display != NULL)
      g_setenv ("DISPLAY", display, TRUE);
  }

  argv[0] = daemon;
  /* the daemon warns about itself now and then (an item registered twice): our
   * fatal-warnings would end it */
  envp = g_environ_unsetenv (g_get_environ (), "G_DEBUG");
  /* a test that crashes takes its keyring with it */
  if (!bk_test_spawn (self->dir, argv, (const char * const *) envp,
                      G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, -1, -1, &in_fd,
                      &self->pid, error))
    return NULL;
  /* --unlock reads the new login keyring's password from stdin, up to its end */
  if (write (in_fd, "bk-test", 7) != 7) {
    close (in_fd);
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not tell the keyring its password");
    return NULL;
  }
  close (in_fd);

  bus = g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (self->bus),
                                                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                NULL, NULL, error);
  if (bus == NULL)
    return NULL;
  deadline = g_get_monotonic_time () + READY_TIMEOUT_US;
  switch (bk_test_wait_ready (&self->pid, deadline, keyring_ready, bus, &status)) {
  case BK_TEST_EXITED:
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                 "gnome-keyring-daemon exited at start (status %d)", status);
    return NULL;
  case BK_TEST_TIMED_OUT:
    g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_FAILED,
                 "gnome-keyring-daemon had no name on the bus or no default keyring within %d s",
                 (int) (READY_TIMEOUT_US / G_USEC_PER_SEC));
    return NULL;
  case BK_TEST_READY:
    break;
  }
  g_dbus_connection_close_sync (bus, NULL, NULL);
  return g_steal_pointer (&self);
}

void
bk_keyring_stop (BkKeyring *self)
{
  if (self == NULL)
    return;
  bk_test_stop (self->pid);
  if (self->bus != NULL) {
    /* stop, not down, and the object left: libsecret keeps its connection to the bus for
     * the process, which down (and the object's dispose) would wait 30 s for in vain */
    g_test_dbus_stop (self->bus);
  }
  if (self->dir != NULL)
    bk_test_remove_tree (self->dir);
  g_free (self->dir);
  g_free (self);
}
