/* bk-side-panel.c: the panel beside the table or below it; see bk-side-panel.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include "bk-side-panel.h"

static gboolean
wants_wide (int width,
            int height)
{
  return width >= 900 && width > height;
}

static void
set_wide (BkSidePanel *self,
          gboolean     wide)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->body),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->separator),
                                  wide ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  self->apply (self->window, wide);
}

static gboolean
relayout_cb (gpointer user_data)
{
  BkSidePanel *self = user_data;

  self->idle_id = 0;
  set_wide (self, wants_wide (gtk_widget_get_width (self->window),
                              gtk_widget_get_height (self->window)));
  return G_SOURCE_REMOVE;
}

/* The size the window is given (or resized to) decides before it is allocated: a wide
 * layout's minimum width would keep it from a narrow one. */
static void
default_size_cb (GtkWindow   *window,
                 GParamSpec  *pspec,
                 BkSidePanel *self)
{
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  if (width > 0 && height > 0)
    set_wide (self, wants_wide (width, height));
}

/* @self lives in the window's instance: the handlers go with the window. */
void
bk_side_panel_init (BkSidePanel      *self,
                    GtkWidget        *window,
                    GtkWidget        *body,
                    GtkWidget        *separator,
                    BkSidePanelApply  apply)
{
  *self = (BkSidePanel) { window, body, separator, apply, 0 };
  g_signal_connect (window, "notify::default-width", G_CALLBACK (default_size_cb), self);
  g_signal_connect (window, "notify::default-height", G_CALLBACK (default_size_cb), self);
  default_size_cb (GTK_WINDOW (window), NULL, self);
}

/* After the window's own allocation: a layout that no longer suits the size changes when
 * the allocation is done. */
void
bk_side_panel_allocated (BkSidePanel *self,
                         int          width,
                         int          height)
{
  if (bk_side_panel_is_wide (self) != wants_wide (width, height) && self->idle_id == 0)
    self->idle_id = g_idle_add (relayout_cb, self);
}

gboolean
bk_side_panel_is_wide (BkSidePanel *self)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->body))
         == GTK_ORIENTATION_HORIZONTAL;
}

void
bk_side_panel_clear (BkSidePanel *self)
{
  g_clear_handle_id (&self->idle_id, g_source_remove);
}
