/* bk-bierkopf-view.h: Bierkopf's view module; see bk-game-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-view.h"

G_BEGIN_DECLS

extern const BkGameView bk_bierkopf_view;

G_END_DECLS
