/* bk-herzla-sheet.h: the sheets of a Herzla session: the result after each hand and the
 * session settled up, each a heading, a body and a table of the players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-game.h"
#include "bk-herzla-session.h"

G_BEGIN_DECLS

#define BK_TYPE_HERZLA_SHEET (bk_herzla_sheet_get_type ())

G_DECLARE_FINAL_TYPE (BkHerzlaSheet, bk_herzla_sheet, BK, HERZLA_SHEET, AdwMessageDialog)

AdwMessageDialog *bk_herzla_result_sheet_new  (GtkWindow           *parent,
                                               BkGame              *game,
                                               const char * const  *names);
AdwMessageDialog *bk_herzla_settled_sheet_new (GtkWindow           *parent,
                                               BkGame              *game,
                                               const BkHerzlaScore *settled,
                                               const char * const  *names);

G_END_DECLS
