/* bk-secret-store.h: the account's password in the Secret Service (libsecret; in the
 * Flatpak through the secret portal), keyed by the account's address. Never in GSettings
 * or a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void      bk_secret_store_store_async   (const char          *address,
                                         const char          *password,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean  bk_secret_store_store_finish  (GAsyncResult        *result,
                                         GError             **error);
/* The password, or NULL without an error when none is kept. */
void      bk_secret_store_lookup_async  (const char          *address,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
char     *bk_secret_store_lookup_finish (GAsyncResult        *result,
                                         GError             **error);
/* TRUE also when there was nothing to clear. */
void      bk_secret_store_clear_async   (const char          *address,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean  bk_secret_store_clear_finish  (GAsyncResult        *result,
                                         GError             **error);

G_END_DECLS
