/* bk-herzla-view.h: Herzla's view module; see bk-game-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-view.h"

G_BEGIN_DECLS

extern const BkGameView bk_herzla_view;

G_END_DECLS
