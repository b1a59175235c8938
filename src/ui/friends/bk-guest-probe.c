/* bk-guest-probe.c: see bk-guest-probe.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-friends-guest.h"
#include "bk-guest-probe.h"
#include "bk-xmpp-client.h"

typedef struct {
  BkXmppClient *client;
  guint         timeout_id;
} Probe;

static void
probe_free (Probe *probe)
{
  g_clear_handle_id (&probe->timeout_id, g_source_remove);
  /* the login was only to know: it ends here */
  if (probe->client)
    bk_xmpp_client_disconnect (probe->client);
  g_clear_object (&probe->client);
  g_free (probe);
}

char *
bk_guest_probe_dup_default_domain (const char *address)
{
  const char *at = address ? strchr (address, '@') : NULL;

  if (at == NULL || at[1] == '\0' || strchr (at + 1, '/') != NULL)
    return NULL;
  return g_strconcat ("guest.", at + 1, NULL);
}

/* The first answer ends the probe; the task's end drops the client (probe_free). */
static void
state_changed_cb (BkXmppClient *client,
                  BkXmppState   state,
                  GError       *error,
                  GTask        *task)
{
  Probe *probe = g_task_get_task_data (task);

  if (state == BK_XMPP_STATE_ONLINE)
    g_task_return_boolean (task, TRUE);
  else if (state == BK_XMPP_STATE_OFFLINE && error != NULL)
    g_task_return_error (task, g_error_copy (error));
  else
    return;
  g_signal_handlers_disconnect_by_data (client, task);
  g_clear_handle_id (&probe->timeout_id, g_source_remove);
  g_object_unref (task);
}

static gboolean
timeout_cb (gpointer data)
{
  GTask *task = data;
  Probe *probe = g_task_get_task_data (task);

  probe->timeout_id = 0;
  g_signal_handlers_disconnect_by_data (probe->client, task);
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           "No answer within %d s", BK_GUEST_PROBE_TIMEOUT_S);
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

void
bk_guest_probe_async (const char          *domain,
                      const char          *server,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             data)
{
  GTask *task;
  Probe *probe;
  g_autofree char *fingerprint = NULL;

  g_return_if_fail (domain != NULL);

  task = g_task_new (NULL, cancellable, callback, data);
  g_task_set_source_tag (task, bk_guest_probe_async);
  probe = g_new0 (Probe, 1);
  g_task_set_task_data (task, probe, (GDestroyNotify) probe_free);
  /* a bare domain and no password: SASL ANONYMOUS */
  probe->client = bk_xmpp_client_new (domain, NULL, server, NULL);
  if (probe->client == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               "%s is no domain to log in on", domain);
      g_object_unref (task);
      return;
    }
  fingerprint = bk_friends_dup_trusted_fingerprint (server ? server : domain);
  bk_xmpp_client_set_trusted_fingerprint (probe->client, fingerprint);
  g_signal_connect (probe->client, "state-changed", G_CALLBACK (state_changed_cb), task);
  probe->timeout_id = g_timeout_add_seconds (BK_GUEST_PROBE_TIMEOUT_S, timeout_cb, task);
  bk_xmpp_client_connect (probe->client);
}

gboolean
bk_guest_probe_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
