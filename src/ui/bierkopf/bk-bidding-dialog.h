/* bk-bidding-dialog.h: the table talk and the Spritze or pass, asked of the person.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_BIDDING_DIALOG (bk_bidding_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkBiddingDialog, bk_bidding_dialog, BK, BIDDING_DIALOG, AdwMessageDialog)

BkBiddingDialog *bk_bidding_dialog_new    (GtkWindow        *parent,
                                           BkGame           *game,
                                           BkSeat            seat,
                                           const char       *said);
gboolean         bk_bidding_dialog_answer (BkBiddingDialog  *self,
                                           const char       *response,
                                           GError          **error);

G_END_DECLS
