/* bk-herzla-bid-dialog.c: the person's bid in Herzla (docs/rules-herzla.md H3.1): the bids
 * the module allows the seat now, each a response named by its contract.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-herzla-bid-dialog.h"
#include "bk-herzla-game.h"
#include "bk-herzla-sheets.h"

struct _BkHerzlaBidDialog
{
  AdwMessageDialog parent_instance;
};

G_DEFINE_FINAL_TYPE (BkHerzlaBidDialog, bk_herzla_bid_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void
bk_herzla_bid_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), BK_TYPE_HERZLA_BID_DIALOG);

  G_OBJECT_CLASS (bk_herzla_bid_dialog_parent_class)->dispose (object);
}

static void
bk_herzla_bid_dialog_class_init (BkHerzlaBidDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bk_herzla_bid_dialog_dispose;

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/bierkopf/Bierkopf/"
                                               "bk-herzla-bid-dialog.ui");
}

static void
bk_herzla_bid_dialog_init (BkHerzlaBidDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static gboolean
bid_is_legal (BkGame     *game,
              BkSeat      seat,
              BkContract  contract)
{
  BkAction action = bk_action_make (BK_ACTION_BID, seat, contract);

  return bk_game_get_phase (game) == BK_PHASE_BIDDING &&
         bk_herzla_hand_check (bk_herzla_game_get_hand (game), &action, NULL);
}

/* H3.1: the bids @seat may say now, as responses named by the contract ("beddl", "mord",
 * "normal" for weiter); NULL if @seat has nothing to say now. */
AdwMessageDialog *
bk_herzla_bid_dialog_new (GtkWindow  *parent,
                          BkGame     *game,
                          BkSeat      seat,
                          const char *said)
{
  static const BkContract order[] = { BK_CONTRACT_NORMAL, BK_CONTRACT_BEDDL, BK_CONTRACT_MORD };
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  guint n = 0;

  g_return_val_if_fail (BK_IS_GAME (game), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    n += bid_is_legal (game, seat, order[i]);
  if (n == 0)
    return NULL;

  body = g_strdup_printf ("%s%s%s", said ? said : "", said ? "\n\n" : "",
                          _("Beddl: you take no trick. Mord: you take every trick. "
                            "Weiter: the next player may bid, or the normal game is played."));
  dialog = g_object_new (BK_TYPE_HERZLA_BID_DIALOG, "transient-for", parent, "body", body,
                         NULL);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (bid_is_legal (game, seat, order[i]))
      adw_message_dialog_add_response (dialog, bk_contract_to_string (order[i]),
                                       bk_herzla_contract_name (order[i]));
  adw_message_dialog_set_default_response (dialog, bk_contract_to_string (BK_CONTRACT_NORMAL));
  adw_message_dialog_set_close_response (dialog, bk_contract_to_string (BK_CONTRACT_NORMAL));
  return dialog;
}

/* Says the bid of @response for @seat if the game still waits for it. */
gboolean
bk_herzla_bid_dialog_answer (BkGame      *game,
                             BkSeat       seat,
                             const char  *response,
                             GError     **error)
{
  BkContract contract;

  g_return_val_if_fail (BK_IS_GAME (game), FALSE);

  if (bk_game_get_phase (game) != BK_PHASE_BIDDING || bk_game_get_to_act (game) != seat ||
      !bk_contract_parse (response, &contract, NULL))
    return TRUE;
  return bk_herzla_game_bid (game, seat, contract, error);
}
