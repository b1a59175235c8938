/* bk-cli-review-json.h: the JSON both games' `review` and `hint` write alike: a value
 * rounded to cents of a unit (null when unknown), an option with its values, and the
 * frame of a decision (what was played, the Meister's choice, what a mistake cost).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void bk_cli_json_number          (JsonBuilder *builder,
                                  const char  *name,
                                  double       value);
void bk_cli_json_option          (JsonBuilder *builder,
                                  const char  *option,
                                  const char  *unit,
                                  double       expected,
                                  gboolean     with_exact,
                                  double       exact);
void bk_cli_json_decision_played (JsonBuilder *builder,
                                  const char  *kind,
                                  const char  *played,
                                  gboolean     forced);
void bk_cli_json_meister_begin   (JsonBuilder *builder,
                                  const char  *choice,
                                  double       expected,
                                  guint        n_worlds);
void bk_cli_json_decision_end    (JsonBuilder *builder,
                                  double       loss,
                                  double       expected_loss,
                                  gboolean     mistake);

G_END_DECLS
