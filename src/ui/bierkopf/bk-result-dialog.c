/* bk-result-dialog.c: the result of the hand (spec B5) and what the coasters strike
 * (B6), seen from the person's team; one response, "next", for the next hand.
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
bk_result_dialog_class_init (BkResultDialogClass *klass)
{
}

static void
bk_result_dialog_init (BkResultDialog *self)
{
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
  adw_message_dialog_add_response (dialog, "review", _("_Review This Hand"));
  adw_message_dialog_add_response (dialog, "next", _("_Next Hand"));
  adw_message_dialog_set_response_appearance (dialog, "next", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "next");
  adw_message_dialog_set_close_response (dialog, "next");
  return BK_RESULT_DIALOG (dialog);
}
