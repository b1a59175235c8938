/* bk-guest-probe.h: whether people without an account can log in on a guest domain
 * (issue 32), asked the only sure way: an anonymous login of our own, ended at once.
 * Servers do not list their anonymous hosts (Prosody's disco#items names components, not
 * VirtualHosts), and a domain that answers disco may still refuse ANONYMOUS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Bounded: no answer within this many seconds is no. */
#define BK_GUEST_PROBE_TIMEOUT_S 10

/* The guest domain a server of @address (a bare JID) would have: "guest." and its
 * domain, the usual name (Jitsi's, Prosody's examples); NULL for no address. */
char     *bk_guest_probe_dup_default_domain (const char *address);
/* Logs in anonymously on @domain through @server ("host[:port]", NULL: the domain's own),
 * its certificate trusted as the account's are, then leaves. */
void      bk_guest_probe_async  (const char          *domain,
                                 const char          *server,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             data);
/* TRUE when guests can log in there; else FALSE and why. */
gboolean  bk_guest_probe_finish (GAsyncResult        *result,
                                 GError             **error);

G_END_DECLS
