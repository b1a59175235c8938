/* lessons-test-common.h: what the tests of the lessons and of the practice hand share:
 * running the main loop, finding a widget in a window, and saving a window as a PNG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

/* Runs what the main loop has pending, bounded. */
static inline void
spin (void)
{
  for (guint i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The visible button under @widget whose label (with its mnemonic) is @label. */
static inline GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0
      && gtk_widget_is_visible (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found)
        return found;
    }
  return NULL;
}

/* The first widget of @type under @widget (itself included). */
static inline GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type (c, type);

      if (found)
        return found;
    }
  return NULL;
}

/* @window as it is drawn now, into the PNG at @path. */
static inline void
save_window_png (GtkWidget  *window,
                 const char *path)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}
