/* bk-herzla-sheets.h: what the window shows of a Herzla session besides the table: the
 * bidding question, the message of a broken contract, the result sheet after each hand
 * and the ledger (Abrechnung) of the session, with money in the locale's euros.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-herzla-session.h"

G_BEGIN_DECLS

AdwMessageDialog *bk_herzla_bid_dialog_new      (GtkWindow          *parent,
                                                 BkGame             *game,
                                                 BkSeat              seat,
                                                 const char         *said);
gboolean          bk_herzla_bid_dialog_answer   (BkGame             *game,
                                                 BkSeat              seat,
                                                 const char         *response,
                                                 GError            **error);
char             *bk_herzla_dup_broken_text     (BkGame             *game,
                                                 BkSeat              taker,
                                                 const char * const *names);
AdwMessageDialog *bk_herzla_broken_dialog_new   (GtkWindow          *parent,
                                                 BkGame             *game,
                                                 const char         *text);
AdwMessageDialog *bk_herzla_result_sheet_new    (GtkWindow          *parent,
                                                 BkGame             *game,
                                                 const char * const *names);
AdwMessageDialog *bk_herzla_settled_sheet_new   (GtkWindow          *parent,
                                                 BkGame             *game,
                                                 const BkHerzlaScore *settled,
                                                 const char * const *names);
GtkWidget        *bk_herzla_ledger_new          (GtkWindow          *parent,
                                                 BkGame             *game,
                                                 const char * const *names,
                                                 GArray             *results);
char             *bk_herzla_sheet_dup_text      (GtkWidget          *sheet);

G_END_DECLS
