/* bk-herzla-sheets.h: what the window shows of a Herzla session besides the table: the
 * bidding question, the message of a broken contract, the result sheet after each hand
 * and the ledger (Abrechnung) of the session, with money in the locale's euros. Each is a
 * type of its own; this header gathers them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-herzla.h"
#include "bk-herzla-bid-dialog.h"
#include "bk-herzla-broken-dialog.h"
#include "bk-herzla-ledger.h"
#include "bk-herzla-session.h"
#include "bk-herzla-sheet.h"

G_BEGIN_DECLS

char             *bk_herzla_sheet_dup_text      (GtkWidget          *sheet);

G_END_DECLS
