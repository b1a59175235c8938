/* bk-secret-store.c: the password in the Secret Service (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-secret-store.h"

#include <glib/gi18n.h>
#include <libsecret/secret.h>

static const SecretSchema *
account_schema (void)
{
  static const SecretSchema schema = {
    APP_ID ".Account", SECRET_SCHEMA_NONE,
    {
      { "address", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
  };

  return &schema;
}

void
bk_secret_store_store_async (const char          *address,
                             const char          *password,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  /* Translators: the keyring's name for the password; %s is an address like
   * name@example.org */
  g_autofree char *label = g_strdup_printf (_("Bierkopf: XMPP account %s"), address);

  g_return_if_fail (address != NULL && password != NULL);
  secret_password_store (account_schema (), SECRET_COLLECTION_DEFAULT, label, password,
                         cancellable, callback, user_data, "address", address, NULL);
}

gboolean
bk_secret_store_store_finish (GAsyncResult  *result,
                              GError       **error)
{
  return secret_password_store_finish (result, error);
}

void
bk_secret_store_lookup_async (const char          *address,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (address != NULL);
  secret_password_lookup (account_schema (), cancellable, callback, user_data,
                          "address", address, NULL);
}

char *
bk_secret_store_lookup_finish (GAsyncResult  *result,
                               GError       **error)
{
  char *secret = secret_password_lookup_finish (result, error);
  /* out of libsecret's non-pageable memory: the XMPP client keeps its own copy anyway */
  char *copy = g_strdup (secret);

  secret_password_free (secret);
  return copy;
}

void
bk_secret_store_clear_async (const char          *address,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (address != NULL);
  secret_password_clear (account_schema (), cancellable, callback, user_data,
                         "address", address, NULL);
}

gboolean
bk_secret_store_clear_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_autoptr (GError) local = NULL;

  /* FALSE without an error: there was nothing to clear */
  if (!secret_password_clear_finish (result, &local) && local != NULL) {
    g_propagate_error (error, g_steal_pointer (&local));
    return FALSE;
  }
  return TRUE;
}
