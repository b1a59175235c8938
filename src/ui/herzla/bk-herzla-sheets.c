/* bk-herzla-sheets.c: what Herzla's dialogs and ledger share beyond their tables
 * (bk-herzla-grid.c): the words of the bids, and the text a sheet shows, for the tests.
 * The dialogs are typed: bk-herzla-bid-dialog.c, bk-herzla-broken-dialog.c,
 * bk-herzla-sheet.c (the result and settled sheets) and bk-herzla-ledger.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-sheets.h"

static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

/* Every text shown in @sheet (a result sheet or the ledger), a line each; for the tests. */
char *
bk_herzla_sheet_dup_text (GtkWidget *sheet)
{
  GString *out = g_string_new (NULL);

  if (ADW_IS_MESSAGE_DIALOG (sheet))
    g_string_append_printf (out, "%s\n%s\n",
                            adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (sheet)),
                            adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (sheet)));
  collect_text (sheet, out);
  return g_string_free (out, FALSE);
}
