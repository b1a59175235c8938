/* bk-side-panel.h: the layout of a window with a table and a panel of text (the lessons,
 * the practice hand): the panel beside the table on a wide window, below it on a narrow
 * one. The window calls bk_side_panel_allocated() from its size_allocate and
 * bk_side_panel_clear() from its dispose; @apply lays out what else changes with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*BkSidePanelApply) (GtkWidget *window,
                                  gboolean   wide);

typedef struct {
  GtkWidget        *window;
  GtkWidget        *body;       /* the box of table, separator and panel */
  GtkWidget        *separator;
  BkSidePanelApply  apply;
  guint             idle_id;
} BkSidePanel;

void      bk_side_panel_init       (BkSidePanel      *self,
                                    GtkWidget        *window,
                                    GtkWidget        *body,
                                    GtkWidget        *separator,
                                    BkSidePanelApply  apply);
void      bk_side_panel_allocated  (BkSidePanel      *self,
                                    int               width,
                                    int               height);
gboolean  bk_side_panel_is_wide    (BkSidePanel      *self);
void      bk_side_panel_clear      (BkSidePanel      *self);

G_END_DECLS
