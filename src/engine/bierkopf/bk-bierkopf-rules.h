/* bk-bierkopf-rules.h: the house rules of Bierkopf, each described once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-house-rule.h"

G_BEGIN_DECLS

const BkHouseRule *bk_bierkopf_house_rules (void);

G_END_DECLS
