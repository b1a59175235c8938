/* friends-test-common.h: what the friends tests (friends-app, friends-kept,
 * friends-lobby) share: the main loop run until a condition, the app's questions found and
 * answered as the person does, and what a table's link has come to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-friends-link.h"

/* Runs the main loop until @done (at most 30 s); returns @done. */
static inline gboolean
friends_test_spin_until (gboolean (*done) (gpointer),
                         gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return done (data);
}

/* The shown message dialog headed @heading, or NULL (the window's talk question is one
 * too). */
static inline AdwMessageDialog *
friends_test_find_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) top = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (top) && gtk_widget_get_visible (top) &&
          g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (top)), heading) == 0)
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
}

/* The button in @widget's tree labelled @label, or NULL. */
static inline GtkWidget *
friends_test_find_button (GtkWidget  *widget,
                          const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = friends_test_find_button (child, label);

      if (found)
        return found;
    }
  return NULL;
}

/* Clicks the button of @response, as the person does (the dialog closes). */
static inline void
friends_test_answer (AdwMessageDialog *dialog,
                     const char       *response)
{
  GtkWidget *button =
    friends_test_find_button (GTK_WIDGET (dialog),
                              adw_message_dialog_get_response_label (dialog, response));

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
}

static inline gboolean
friends_test_has_invitation (gpointer link)
{
  return bk_friends_link_get_invitation (link) != NULL;
}

static inline gboolean
friends_test_has_seats (gpointer link)
{
  return bk_friends_link_get_seats (link) != NULL;
}

/* The host's link shows bob at chair 1. */
static inline gboolean
friends_test_guest_seated (gpointer link)
{
  const BkNetStanza *seats = bk_friends_link_get_seats (link);

  return seats && g_strcmp0 (seats->seats[1].nick, "bob") == 0;
}
