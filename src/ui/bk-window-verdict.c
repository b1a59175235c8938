/* bk-window-verdict.c: at a table with friends, each hand's result says whether its deal
 * and play were verified (docs/network.md 6), or what failed: a toast alone went unseen
 * behind the result (issue 34). The verdict may come before the result is shown or after:
 * it is kept, and the result shown says the latest word on its hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-window-private.h"

#define VERDICT_NAME "table-verdict"

/* The verdict's row in @dialog's extra child, made the first time, above what is there. */
static GtkWidget *
verdict_row (AdwMessageDialog *dialog)
{
  GtkWidget *extra = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *box, *row;

  for (GtkWidget *child = extra && GTK_IS_BOX (extra) ? gtk_widget_get_first_child (extra)
                                                      : NULL;
       child; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_name (child), VERDICT_NAME) == 0)
      return child;

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_name (row, VERDICT_NAME);
  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), gtk_image_new ());
  {
    GtkWidget *label = gtk_label_new (NULL);

    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
    gtk_box_append (GTK_BOX (row), label);
  }
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_box_append (GTK_BOX (box), row);
  if (extra)
    {
      g_object_ref (extra);
      adw_message_dialog_set_extra_child (dialog, NULL);
      gtk_box_append (GTK_BOX (box), extra);
      g_object_unref (extra);
    }
  adw_message_dialog_set_extra_child (dialog, box);
  return row;
}

/* The result shown at a table says the verdict of its hand, or that it is being checked. */
void
_bk_window_show_table_verdict (BkWindow *self)
{
  GtkWidget *row, *icon, *label;
  g_autofree char *text = NULL;
  const char *icon_name = NULL, *style = "dim-label";
  guint hand;

  if (!self->at_table || self->game == NULL || self->dialog == NULL ||
      !adw_message_dialog_has_response (self->dialog, "next"))
    return;
  hand = bk_game_get_hand_number (self->game);
  if (self->table_verdict == NULL || self->table_verdict_hand != hand)
    text = g_strdup (_("Checking the deal and play…"));
  else if (self->table_verified)
    {
      text = g_strdup (_("Deal and play verified"));
      icon_name = "emblem-ok-symbolic";
      style = "success";
    }
  else
    {
      /* Translators: what failed in checking the hand's deal and play */
      text = g_strdup_printf (_("Deal and play not verified: %s"), self->table_verdict);
      icon_name = "dialog-warning-symbolic";
      style = "error";
    }

  row = verdict_row (self->dialog);
  icon = gtk_widget_get_first_child (row);
  label = gtk_widget_get_next_sibling (icon);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), icon_name);
  gtk_widget_set_visible (icon, icon_name != NULL);
  gtk_label_set_text (GTK_LABEL (label), text);
  for (guint i = 0; i < 3; i++)
    gtk_widget_remove_css_class (row, (const char *[]) { "dim-label", "success", "error" }[i]);
  gtk_widget_add_css_class (row, style);
}

/* The table checked @hand: @verified, or @message says what failed. */
void
bk_window_set_table_verdict (BkWindow   *self,
                             guint       hand,
                             gboolean    verified,
                             const char *message)
{
  g_return_if_fail (BK_IS_WINDOW (self));

  if (!self->at_table)
    return;
  self->table_verdict_hand = hand;
  self->table_verified = verified;
  g_free (self->table_verdict);
  self->table_verdict = g_strdup (message ? message : "");
  _bk_window_show_table_verdict (self);
}

/* A new table, or none: no verdict of an earlier one is shown. */
void
_bk_window_forget_table_verdict (BkWindow *self)
{
  g_clear_pointer (&self->table_verdict, g_free);
  self->table_verdict_hand = 0;
  self->table_verified = FALSE;
}
