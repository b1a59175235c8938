/* ui-test-helpers.h: the main-loop helpers the window tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>

#include "bk-window-test.h"

/* Runs the main loop for @usec microseconds. */
static inline void
ui_spin_for (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Runs the main loop until @done or twenty seconds have passed; returns @done. */
static inline gboolean
ui_spin_until (gboolean (*done) (BkWindow *),
               BkWindow  *window)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end && !done (window))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return done (window);
}

/* The window reads its save on a worker thread: waits until the game is there. */
static inline void
ui_wait_loaded (BkWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (bk_window_is_loading (window) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (bk_window_is_loading (window));
}

/* A new window with its save read. */
static inline BkWindow *
ui_new_loaded_window (void)
{
  BkWindow *window = bk_window_new (NULL);

  ui_wait_loaded (window);
  return window;
}

/* A new window on screen, its save read and drawn once. */
static inline BkWindow *
ui_new_shown_window (void)
{
  BkWindow *window = bk_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  ui_wait_loaded (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

/* Closes @window and its dialog, and checks that nothing keeps the window alive (GTK owns
 * a toplevel: it is held so that its end can be checked). */
static inline void
ui_close_window (BkWindow *window)
{
  AdwMessageDialog *dialog = bk_window_get_dialog (window);

  if (dialog)
    gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* Puts @text where the window looks for its saved session. */
static inline void
ui_write_save (const char *text)
{
  g_autofree char *path = bk_window_dup_save_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* The subtitle of @window's header (what the game says it waits for). */
static inline const char *
ui_window_subtitle (GtkWidget *widget)
{
  if (ADW_IS_WINDOW_TITLE (widget))
    return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = ui_window_subtitle (child);
      if (found)
        return found;
    }
  return NULL;
}

/* Presses @keyval with @modifiers as @widget's own shortcut controllers see it: the
 * shortcut bound to it runs. FALSE if none is bound. */
static inline gboolean
ui_press_shortcut (GtkWidget       *widget,
                   guint            keyval,
                   GdkModifierType  modifiers)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* The visible toplevel of @type other than @except, or NULL. */
static inline GtkWidget *
ui_find_toplevel (GType      type,
                  GtkWidget *except)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (top != except && G_TYPE_CHECK_INSTANCE_TYPE (top, type) && gtk_widget_get_visible (top))
        return top;
    }
  return NULL;
}
