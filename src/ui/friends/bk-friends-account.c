/* bk-friends-account.c: see bk-friends-account.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bk-account.h"
#include "bk-friends-account.h"
#include "bk-preferences-window.h"

/* A request waiting for the person to sign in on the Friends page. */
typedef struct {
  GtkWindow *parent;       /* weak */
  gboolean   show_page;
  GtkWidget *preferences;  /* while it waits: the window it shows (not owned) */
  GError    *no_account;   /* what closing Preferences first answers */
} Request;

static void
request_free (Request *request)
{
  g_clear_weak_pointer (&request->parent);
  g_clear_error (&request->no_account);
  g_free (request);
}

static void connected_cb (GObject *source, GAsyncResult *result, gpointer data);

static void
stop_waiting (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  g_signal_handlers_disconnect_by_data (bk_account_get_default (), task);
  g_signal_handlers_disconnect_by_data (request->preferences, task);
  request->preferences = NULL;
}

static void
state_cb (BkAccount  *account,
          GParamSpec *pspec,
          GTask      *task)
{
  Request *request = g_task_get_task_data (task);
  GtkWidget *preferences = request->preferences;

  if (bk_account_get_state (account) != BK_ACCOUNT_STATE_CONNECTED)
    return;
  /* signed in: the page has done its part, the table opens */
  stop_waiting (task);
  gtk_window_close (GTK_WINDOW (preferences));
  bk_account_connect_async (account, NULL, connected_cb, task);
}

static void
preferences_destroy_cb (GtkWidget *preferences,
                        GTask     *task)
{
  Request *request = g_task_get_task_data (task);

  stop_waiting (task);
  g_task_return_error (task, g_steal_pointer (&request->no_account));
  g_object_unref (task);
}

static void
show_page (GTask *task)
{
  Request *request = g_task_get_task_data (task);
  GtkWidget *preferences = bk_preferences_window_new ();
  AdwToast *toast = adw_toast_new (_("Sign in to play with friends: the table opens once "
                                     "you are online"));

  if (request->parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (preferences), request->parent);
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (preferences), "friends");
  /* the line stays until the person dismisses it or signs in */
  adw_toast_set_timeout (toast, 0);
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (preferences), toast);
  request->preferences = preferences;
  g_signal_connect (bk_account_get_default (), "notify::state", G_CALLBACK (state_cb), task);
  g_signal_connect (preferences, "destroy", G_CALLBACK (preferences_destroy_cb), task);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  GTask *task = data;
  Request *request = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  BkXmppClient *client = bk_account_connect_finish (BK_ACCOUNT (source), result, &error);

  if (client != NULL)
    g_task_return_pointer (task, client, g_object_unref);
  else if (request->show_page &&
           g_error_matches (error, BK_ACCOUNT_ERROR, BK_ACCOUNT_ERROR_NO_ACCOUNT))
    {
      /* once: after the sign-in the account answers again, without the page */
      request->show_page = FALSE;
      request->no_account = g_steal_pointer (&error);
      show_page (task);
      return;
    }
  else
    g_task_return_error (task, g_steal_pointer (&error));
  g_object_unref (task);
}

void
bk_friends_account_connect_async (GtkWindow           *parent,
                                  gboolean             show_page,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (NULL, NULL, callback, user_data);
  Request *request = g_new0 (Request, 1);

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  g_set_weak_pointer (&request->parent, parent);
  request->show_page = show_page;
  g_task_set_source_tag (task, bk_friends_account_connect_async);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  bk_account_connect_async (bk_account_get_default (), NULL, connected_cb, task);
}

BkXmppClient *
bk_friends_account_connect_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
