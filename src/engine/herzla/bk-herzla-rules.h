/* bk-herzla-rules.h: the house rules of Herzla, each described once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-house-rule.h"

G_BEGIN_DECLS

const BkHouseRule *bk_herzla_house_rules (void);

G_END_DECLS
