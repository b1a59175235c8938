/* bk-bierkopf-result.h: the result of a Bierkopf hand as JSON (notation.md), shared by
 * bierkopf-cli and the history the app keeps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "bk-bierkopf-game.h"

G_BEGIN_DECLS

JsonNode *bk_bierkopf_result_to_json (const BkHandResult *result);

G_END_DECLS
