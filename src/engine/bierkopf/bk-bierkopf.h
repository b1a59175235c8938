/* bk-bierkopf.h: the rules table of Bierkopf.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-game-rules.h"

G_BEGIN_DECLS

const BkGameRules *bk_bierkopf_rules (void);

G_END_DECLS
