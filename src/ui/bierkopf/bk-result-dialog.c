/* bk-result-dialog.c: the result of the hand (spec B5) and what the coasters strike
 * (B6), seen from the person's team; "next" for the next hand, "review" for its review. Its
 * responses are in bk-result-dialog.ui.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-result-dialog.h"

struct _BkResultDialog
{
  AdwMessageDialog parent_instance;
};

G_DEFINE_FINAL_TYPE (BkResultDialog, bk_result_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_result_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_RESULT_DIALOG);

  G_OBJECT_CLASS (bk_result_dialog_parent_class)->dispose (object);
}

static void
bk_result_dialog_class_init (BkResultDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_result_dialog_dispose;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/bk-result-dialog.ui");
}

static void
bk_result_dialog_init (BkResultDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* @bollen_winner is the team that won the Bollen with this hand, or BK_TEAM_NONE. */
BkResultDialog *
bk_result_dialog_new (GtkWindow          *parent,
                      const BkHandResult *r,
                      BkTeam              bollen_winner)
{
  AdwMessageDialog *dialog;
  g_autoptr (GString) body = g_string_new (NULL);
  const char *heading;

  g_return_val_if_fail (r != NULL, NULL);

  if (r->winner == BK_TEAM_NONE)
    heading = _("60:60 — Nobody Wins");
  else if (bollen_winner != BK_TEAM_NONE)
    heading = bollen_winner == BK_TEAM_SN ? _("Bollen! They Owe You a Maß")
                                          : _("Bollen! You Owe Them a Maß");
  else
    heading = r->winner == BK_TEAM_SN ? _("You Win the Hand") : _("They Win the Hand");

  g_string_append_printf (body, _("Card points: us %u, them %u."),
                          r->points[BK_TEAM_SN], r->points[BK_TEAM_WE]);
  if (r->schwarz)
    g_string_append_printf (body, "\n%s", _("Schwarz: every trick!"));
  else if (r->schneider)
    g_string_append_printf (body, "\n%s", _("Schneider: the losers have fewer than 30."));
  g_string_append_printf (body, "\n%s ×%u", _("Value:"), r->multiplier);
  if (r->winner == BK_TEAM_NONE)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, g_dngettext (GETTEXT_PACKAGE,
                                                 "%u line waits for the next winner.",
                                                 "%u lines wait for the next winner.",
                                                 r->carry_out), r->carry_out);
    }
  else
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, r->winner == BK_TEAM_SN
                              ? g_dngettext (GETTEXT_PACKAGE, "You strike %u line.",
                                             "You strike %u lines.", r->lines)
                              : g_dngettext (GETTEXT_PACKAGE, "They strike %u line.",
                                             "They strike %u lines.", r->lines),
                              r->lines);
    }
  if (bollen_winner != BK_TEAM_NONE)
    g_string_append_printf (body, "\n\n%s",
                            bollen_winner == BK_TEAM_SN
                            ? _("🍺 They get a dot on their coaster, and both coasters start "
                                "afresh. Prost!")
                            : _("You get a dot on your coaster, and both coasters start "
                                "afresh. Next round’s on you!"));

  dialog = g_object_new (BK_TYPE_RESULT_DIALOG,
                         "transient-for", parent,
                         "heading", heading,
                         "body", body->str,
                         NULL);
  return BK_RESULT_DIALOG (dialog);
}
