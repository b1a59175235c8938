/* bk-keyring-fixture.h: a real Secret Service for the tests: a private D-Bus session bus
 * (GTestDBus) with gnome-keyring-daemon on it, its keyring in a temporary home and
 * unlocked, so that libsecret stores and looks up passwords for real and never in the
 * person's own keyring. Every wait is bounded; a missing daemon is an error, never a skip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BkKeyring BkKeyring;

/* Call before anything connects to the session bus: it sets HOME, the XDG directories and
 * DBUS_SESSION_BUS_ADDRESS of this process. */
BkKeyring *bk_keyring_start (GError   **error);
/* Stops the daemon and the bus, and removes the temporary home. NULL is fine. */
void       bk_keyring_stop  (BkKeyring *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkKeyring, bk_keyring_stop)

G_END_DECLS
