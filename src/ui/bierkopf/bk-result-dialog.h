/* bk-result-dialog.h: the result of a hand, and of a Bollen when it ends one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-bierkopf-game.h"
#include "bk-game.h"

G_BEGIN_DECLS

#define BK_TYPE_RESULT_DIALOG (bk_result_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BkResultDialog, bk_result_dialog, BK, RESULT_DIALOG, AdwMessageDialog)

BkResultDialog *bk_result_dialog_new (GtkWindow          *parent,
                                      const BkHandResult *result,
                                      BkTeam              bollen_winner);

G_END_DECLS
