/* bk-herzla-ledger.h: the ledger (Abrechnung) of a Herzla session so far: each player's
 * money and the stock, or in the simple form the hearts of every hand and the totals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_LEDGER (bk_herzla_ledger_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaLedger, bk_herzla_ledger, BK, HERZLA_LEDGER, AdwWindow)

GtkWidget *bk_herzla_ledger_new (GtkWindow          *parent,
                                 BkGame             *game,
                                 const char * const *names,
                                 GArray             *results);

G_END_DECLS
