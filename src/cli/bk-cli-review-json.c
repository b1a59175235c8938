/* bk-cli-review-json.c: the JSON of a review shared by Bierkopf and Herzla; see
 * bk-cli-review-json.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-cli"

#include "config.h"

#include <math.h>

#include "bk-cli-review-json.h"

/* "name": @value to two decimals, or null when it is not known (NAN). */
void
bk_cli_json_number (JsonBuilder *builder,
                    const char  *name,
                    double       value)
{
  json_builder_set_member_name (builder, name);
  if (isnan (value))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, round (value * 100) / 100);
}

/* {"option": @option, "expected": …, "exact": …}, the values inside an object named @unit
 * unless @unit is NULL; "exact" only @with_exact. */
void
bk_cli_json_option (JsonBuilder *builder,
                    const char  *option,
                    const char  *unit,
                    double       expected,
                    gboolean     with_exact,
                    double       exact)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "option");
  json_builder_add_string_value (builder, option);
  if (unit)
    {
      json_builder_set_member_name (builder, unit);
      json_builder_begin_object (builder);
    }
  bk_cli_json_number (builder, "expected", expected);
  if (with_exact)
    bk_cli_json_number (builder, "exact", exact);
  if (unit)
    json_builder_end_object (builder);
  json_builder_end_object (builder);
}

/* In a decision's object: "kind", "played", and "forced" when it was. */
void
bk_cli_json_decision_played (JsonBuilder *builder,
                             const char  *kind,
                             const char  *played,
                             gboolean     forced)
{
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, kind);
  json_builder_set_member_name (builder, "played");
  json_builder_add_string_value (builder, played);
  if (forced)
    {
      json_builder_set_member_name (builder, "forced");
      json_builder_add_boolean_value (builder, TRUE);
    }
}

/* Begins "meister": {"choice", "expected", "worlds"; the caller may add to it and ends it. */
void
bk_cli_json_meister_begin (JsonBuilder *builder,
                           const char  *choice,
                           double       expected,
                           guint        n_worlds)
{
  json_builder_set_member_name (builder, "meister");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "choice");
  json_builder_add_string_value (builder, choice);
  bk_cli_json_number (builder, "expected", expected);
  json_builder_set_member_name (builder, "worlds");
  json_builder_add_int_value (builder, n_worlds);
}

/* Ends a decision's object with "loss", "expected_loss" and "mistake". */
void
bk_cli_json_decision_end (JsonBuilder *builder,
                          double       loss,
                          double       expected_loss,
                          gboolean     mistake)
{
  bk_cli_json_number (builder, "loss", loss);
  bk_cli_json_number (builder, "expected_loss", expected_loss);
  json_builder_set_member_name (builder, "mistake");
  json_builder_add_boolean_value (builder, mistake);
  json_builder_end_object (builder);
}
