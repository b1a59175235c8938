/* bk-herzla-bid-dialog.h: Herzla's bid asked of the person: Beddl, Mord or weiter (H3.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_BID_DIALOG (bk_herzla_bid_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaBidDialog, bk_herzla_bid_dialog, BK, HERZLA_BID_DIALOG,
                      AdwMessageDialog)

AdwMessageDialog *bk_herzla_bid_dialog_new    (GtkWindow   *parent,
                                               BkGame      *game,
                                               BkSeat       seat,
                                               const char  *said);
gboolean          bk_herzla_bid_dialog_answer (BkGame      *game,
                                               BkSeat       seat,
                                               const char  *response,
                                               GError     **error);

G_END_DECLS
