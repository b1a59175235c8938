/* test-friends-app.c: the app's ways to a table with friends at its start (issue 24), with
 * no account (nothing reaches a network): the table the host kept for later opens again
 * only when the host says so (a question: Reopen, Close the Table, Later; before, it was
 * reopened unasked), and a `--join` sent to the running app asks first while a hand alone
 * is in play. With BK_SHOTS_DIR=DIR, pictures of both questions go to DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bk-friends-link.h"
#include "bk-friends.h"
#include "bk-lobby.h"
#include "friends-test-common.h"
#include "shots-common.h"
#include "ui-test-helpers.h"

#define URI "xmpp:bierkopf-0@rooms.example.org?join;password=abc"

/* With BK_SHOTS_DIR=DIR, the window with the question over it as DIR/@name. */
static void
shoot (BkWindow   *window,
       const char *name)
{
  const char *dir = g_getenv ("BK_SHOTS_DIR");
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  ui_spin_for (G_USEC_PER_SEC / 2);
  g_assert_true (shots_render (window, gtk_widget_get_width (GTK_WIDGET (window)),
                               gtk_widget_get_height (GTK_WIDGET (window)), path, &error));
  g_assert_no_error (error);
  g_test_message ("picture: %s", path);
}

/* The shown toplevel of @type, or NULL. */
static GtkWidget *
find_toplevel (GType type)
{
  return ui_find_toplevel (type, NULL);
}

static gboolean
has_preferences (gpointer data)
{
  return find_toplevel (ADW_TYPE_PREFERENCES_WINDOW) != NULL;
}

static gboolean
has_lobby (gpointer data)
{
  return find_toplevel (BK_TYPE_LOBBY) != NULL;
}

static gboolean
has_no_dialog (gpointer heading)
{
  return friends_test_find_dialog (heading) == NULL;
}

/* Preferences came up on its Friends page (the account is asked for, with none saved):
 * closed again. */
static void
assert_account_asked (void)
{
  AdwPreferencesWindow *preferences;

  g_assert_true (friends_test_spin_until (has_preferences, NULL));
  preferences = ADW_PREFERENCES_WINDOW (find_toplevel (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (preferences), ==, "friends");
  gtk_window_destroy (GTK_WINDOW (preferences));
  ui_spin_for (G_USEC_PER_SEC / 10);
}

/* A kept table as the host's app writes it (bk-friends-table-keep.c; only what the
 * question reads). */
static void
write_kept (void)
{
  g_autofree char *path = bk_friends_dup_resume_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path,
                       "[table]\nroom=bierkopf-0@rooms.example.org\nnick=alice\n"
                       "[room]\npassword=abc\n", -1, &error);
  g_assert_no_error (error);
}

static gboolean
is_kept (void)
{
  g_autofree char *path = bk_friends_dup_resume_path ();

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* At the start the host is asked; Later (also Escape's answer) keeps the table and opens
 * nothing; Reopen asks for the account, as the person asked for the table. */
static void
test_kept_asked (void)
{
  const char *heading = _("Reopen Your Table?");
  BkWindow *window = ui_new_shown_window ();
  AdwMessageDialog *dialog;

  write_kept ();
  bk_friends_reopen_table (window);
  ui_spin_for (G_USEC_PER_SEC / 5);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  /* nothing happens before the answer */
  g_assert_null (find_toplevel (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_null (find_toplevel (BK_TYPE_LOBBY));
  g_assert_true (adw_message_dialog_has_response (dialog, "reopen"));
  g_assert_true (adw_message_dialog_has_response (dialog, "close"));
  g_assert_true (adw_message_dialog_has_response (dialog, "later"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "reopen");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "later");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "close"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  shoot (window, "kept-asked.png");

  friends_test_answer (dialog, "later");
  g_assert_true (friends_test_spin_until (has_no_dialog, (gpointer) heading));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_null (find_toplevel (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_null (find_toplevel (BK_TYPE_LOBBY));
  g_assert_true (is_kept ());

  /* the next start asks again; Reopen wants the account */
  bk_friends_reopen_table (window);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  friends_test_answer (dialog, "reopen");
  assert_account_asked ();
  g_assert_true (is_kept ());

  /* Close wants it too: the friends are told on the table's room */
  bk_friends_reopen_table (window);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  friends_test_answer (dialog, "close");
  assert_account_asked ();

  /* no kept table, no question */
  {
    g_autofree char *path = bk_friends_dup_resume_path ();

    g_assert_cmpint (g_unlink (path), ==, 0);
  }
  bk_friends_reopen_table (window);
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_null (friends_test_find_dialog (heading));
  ui_close_window (window);
}

/* A `--join` sent to the running app while a hand alone is in play: asked first; Cancel
 * leaves the hand as it was, Join goes to the table (here: asks for the account). */
static void
test_join_running (void)
{
  const char *heading = _("Join the Table?");
  BkWindow *window = ui_new_shown_window ();
  AdwMessageDialog *dialog;
  BkPhase phase = bk_game_get_phase (bk_window_get_game (window));
  guint hand = bk_game_get_hand_number (bk_window_get_game (window));

  g_assert_true (phase == BK_PHASE_BIDDING || phase == BK_PHASE_PLAYING);
  bk_friends_join_running (window, URI);
  ui_spin_for (G_USEC_PER_SEC / 5);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_null (find_toplevel (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "join");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  shoot (window, "join-asked.png");

  friends_test_answer (dialog, "cancel");
  g_assert_true (friends_test_spin_until (has_no_dialog, (gpointer) heading));
  ui_spin_for (G_USEC_PER_SEC / 5);
  g_assert_null (find_toplevel (ADW_TYPE_PREFERENCES_WINDOW));
  g_assert_null (find_toplevel (BK_TYPE_LOBBY));
  g_assert_cmpuint (bk_game_get_hand_number (bk_window_get_game (window)), ==, hand);
  g_assert_false (bk_window_is_at_table (window));

  bk_friends_join_running (window, URI);
  dialog = friends_test_find_dialog (heading);
  g_assert_nonnull (dialog);
  friends_test_answer (dialog, "join");
  assert_account_asked ();
  /* closed without signing in: the lobby says why */
  g_assert_true (friends_test_spin_until (has_lobby, NULL));
  gtk_window_destroy (GTK_WINDOW (find_toplevel (BK_TYPE_LOBBY)));
  ui_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  /* the app's style and, with BIERKOPF_LOCALEDIR, this tree's translations */
  home = shots_init ();

  g_test_add_func ("/friends-app/kept-asked", test_kept_asked);
  g_test_add_func ("/friends-app/join-running", test_join_running);
  return g_test_run ();
}
