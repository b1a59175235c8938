/* bk-bierkopf-result.c: the result of a Bierkopf hand as JSON (notation.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-engine"

#include "config.h"

#include "bk-bierkopf-result.h"

static JsonNode *
team_pair (guint sn,
           guint we)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "SN");
  json_builder_add_int_value (builder, sn);
  json_builder_set_member_name (builder, "WE");
  json_builder_add_int_value (builder, we);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* notation.md: the result object of a hand. */
JsonNode *
bk_bierkopf_result_to_json (const BkHandResult *result)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (result != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "points");
  json_builder_add_value (builder, team_pair (result->points[BK_TEAM_SN],
                                              result->points[BK_TEAM_WE]));
  json_builder_set_member_name (builder, "tricks");
  json_builder_add_value (builder, team_pair (result->tricks[BK_TEAM_SN],
                                              result->tricks[BK_TEAM_WE]));
  json_builder_set_member_name (builder, "winner");
  if (result->winner == BK_TEAM_NONE)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, bk_team_to_string (result->winner));
  json_builder_set_member_name (builder, "schneider");
  json_builder_add_boolean_value (builder, result->schneider);
  json_builder_set_member_name (builder, "schwarz");
  json_builder_add_boolean_value (builder, result->schwarz);
  json_builder_set_member_name (builder, "multiplier");
  json_builder_add_int_value (builder, result->multiplier);
  json_builder_set_member_name (builder, "lines");
  json_builder_add_int_value (builder, result->lines);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
