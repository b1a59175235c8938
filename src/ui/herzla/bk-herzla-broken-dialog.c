/* bk-herzla-broken-dialog.c: the message of a broken contract (docs/rules-herzla.md H4.3,
 * H4.4): who took the trick that broke it; one response, "result", to the result sheet.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-broken-dialog.h"
#include "bk-herzla-game.h"

struct _BkHerzlaBrokenDialog
{
  AdwMessageDialog parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaBrokenDialog, bk_herzla_broken_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_herzla_broken_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_BROKEN_DIALOG);

  G_OBJECT_CLASS (bk_herzla_broken_dialog_parent_class)->dispose (object);
}

static void
bk_herzla_broken_dialog_class_init (BkHerzlaBrokenDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_herzla_broken_dialog_dispose;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-herzla-broken-dialog.ui");
}

static void
bk_herzla_broken_dialog_init (BkHerzlaBrokenDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* H4.3, H4.4: the sentence of a broken contract, @taker the one who took the trick. */
char *
bk_herzla_dup_broken_text (BkGame             *game,
                           BkSeat              taker,
                           const char * const *names)
{
  BkContract contract = bk_herzla_game_get_contract (game);

  if (contract == BK_CONTRACT_BEDDL)
    return taker == 0 ? g_strdup (_("You took a trick: your Beddl is lost"))
                      /* Translators: %s is a player's name */
                      : g_strdup_printf (_("%s took a trick: the Beddl is lost"), names[taker]);
  if (bk_herzla_game_get_declarer (game) == 0)
    /* Translators: %s is a player's name; the person had bid a Mord */
    return g_strdup_printf (_("%s took a trick: your Mord is lost"), names[taker]);
  return taker == 0 ? g_strdup (_("You took a trick: the Mord is lost"))
                    /* Translators: %s is a player's name */
                    : g_strdup_printf (_("%s took a trick: the Mord is lost"), names[taker]);
}

AdwMessageDialog *
bk_herzla_broken_dialog_new (GtkWindow  *parent,
                             BkGame     *game,
                             const char *text)
{
  gboolean beddl;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  beddl = bk_herzla_game_get_contract (game) == BK_CONTRACT_BEDDL;
  return g_object_new (BK_TYPE_HERZLA_BROKEN_DIALOG,
                       "transient-for", parent,
                       "heading", beddl ? _("The Beddl Is Lost") : _("The Mord Is Lost"),
                       "body", text,
                       NULL);
}
