/* e2e-common.h: what the end-to-end tests of `bierkopf-cli table` share (test-table-e2e,
 * test-words-e2e): the fixture's Prosody and a folder for the run's files, the password
 * files the cli reads, a client of the test in the table's room, bounded waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bk-prosody-fixture.h"
#include "bk-xmpp-client.h"

#define PASSWORD "secret-pw"

static BkProsody *server;   /* the fixture's Prosody, for the whole run */
static char *dir;           /* the run's files: passwords, records */

/* Starts the server with @users ("name:password") and makes the run's folder. */
static inline void
e2e_start (const char * const *users,
           const char         *dir_template)
{
  g_autoptr (GError) error = NULL;

  server = bk_prosody_start ("localhost", users, &error);
  g_assert_no_error (error);
  dir = g_dir_make_tmp (dir_template, &error);
  g_assert_no_error (error);
}

/* Stops the server and removes the run's folder with what is in it. */
static inline void
e2e_stop (void)
{
  bk_prosody_stop (server);
  {
    g_autoptr (GFile) file = g_file_new_for_path (dir);
    g_autoptr (GFileEnumerator) children = g_file_enumerate_children (file, "standard::name",
                                                                     0, NULL, NULL);
    GFileInfo *info;

    while (children && (info = g_file_enumerator_next_file (children, NULL, NULL)))
      {
        g_autoptr (GFile) child = g_file_get_child (file, g_file_info_get_name (info));

        g_file_delete (child, NULL, NULL);
        g_object_unref (info);
      }
    g_file_delete (file, NULL, NULL);
  }
  g_free (dir);
}

static inline gboolean
e2e_timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The main context's work, then a few milliseconds for the children's. */
static inline void
e2e_idle_a_moment (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_usleep (5000);
}

/* A file in the run's folder with @user's password, for the cli's --password-file. */
static inline char *
e2e_password_file (const char *user)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.pw", dir, user);

  g_assert_true (g_file_set_contents (path, PASSWORD "\n", -1, NULL));
  return g_steal_pointer (&path);
}

/* A test's client in the table's room: whether it is in, the room's refusal. */
typedef struct {
  gboolean  joined;
  GError   *error;
} E2eRoom;

static inline void
e2e_room_joined_cb (BkXmppClient *client,
                    const char   *room,
                    const char   *nick,
                    E2eRoom      *state)
{
  state->joined = TRUE;
}

static inline void
e2e_room_error_cb (BkXmppClient *client,
                   const char   *room,
                   const GError *error,
                   E2eRoom      *state)
{
  g_clear_error (&state->error);
  state->error = g_error_copy (error);
}

/* Connects @client and joins @room as @nick with @invitation's password; waits until it is
 * in, until *@expired (the caller's timeout). The room's later errors go to @state too. */
static inline void
e2e_join_room (BkXmppClient   *client,
               E2eRoom        *state,
               const char     *room,
               const char     *nick,
               const char     *invitation,
               const gboolean *expired)
{
  g_signal_connect (client, "room-joined", G_CALLBACK (e2e_room_joined_cb), state);
  g_signal_connect (client, "room-error", G_CALLBACK (e2e_room_error_cb), state);
  bk_xmpp_client_connect (client);
  bk_xmpp_client_join_room (client, room, nick, strstr (invitation, "password=") + 9);
  while (!*expired && !state->joined && state->error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (state->error);
  g_assert_false (*expired);
}
