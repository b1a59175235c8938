/* bk-lesson-coaster.c: the beer coaster of a Bierkopf lesson. The lines come from the
 * engine's getters, never from the lesson's file: the coaster shows what the engine
 * scored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-bierkopf-game.h"
#include "bk-coaster.h"
#include "bk-lesson-coaster.h"

/* The coaster as a picture: in a lesson it opens no history, so it is neither a button
 * nor a stop of the keyboard. */
GtkWidget *
bk_lesson_coaster_new (void)
{
  GtkWidget *coaster = g_object_new (BK_TYPE_COASTER,
                                     "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                     "focusable", FALSE,
                                     "can-target", FALSE,
                                     NULL);

  gtk_widget_set_has_tooltip (coaster, FALSE);
  /* The strike is the point: drawn a little slower than in play. */
  bk_coaster_set_animation_speed (BK_COASTER (coaster), 0.6);
  return coaster;
}

/* Shows @game's coasters (the person's team on the left, B6.1): as they were before the
 * hand unless @struck, else as the engine has them now, the lines the hand struck marked.
 * Returns the line that says them, also the coaster's accessible label. */
char *
bk_lesson_coaster_show (GtkWidget *coaster,
                        BkGame    *game,
                        gboolean   struck)
{
  BkCoaster *self = BK_COASTER (coaster);
  const BkHandResult *result = bk_bierkopf_game_get_last_result (game);
  guint total = bk_game_get_rules (game)->bierkopf.lines;
  guint left[BK_N_TEAMS], marked[BK_N_TEAMS] = { 0, 0 };
  guint carry = bk_bierkopf_game_get_carry (game);
  g_autofree char *lines = NULL;
  char *text;

  for (BkTeam team = 0; team < BK_N_TEAMS; team++)
    left[team] = bk_bierkopf_game_get_lines_left (game, team);
  /* What the hand struck, unless it ended a Bollen (B6.2: both coasters start again). */
  if (result != NULL && result->winner < BK_N_TEAMS
      && left[result->winner] + result->lines <= total)
    {
      if (struck)
        marked[result->winner] = result->lines;
      else
        {
          left[result->winner] += result->lines;
          carry = result->carry_in;
        }
    }
  else if (result != NULL && result->winner >= BK_N_TEAMS && !struck)
    carry = result->carry_in;   /* 60:60 (B5.3): the carry grows as the hand is scored */

  bk_coaster_set_lines_total (self, CLAMP (total, 1, BK_COASTER_MAX_LINES));
  bk_coaster_set_marked (self, marked[BK_TEAM_SN], marked[BK_TEAM_WE]);
  bk_coaster_set_state (self, left[BK_TEAM_SN], left[BK_TEAM_WE],
                        bk_bierkopf_game_get_dots (game, BK_TEAM_SN),
                        bk_bierkopf_game_get_dots (game, BK_TEAM_WE), carry);
  lines = bk_coaster_dup_description (self);
  /* Translators: what a lesson's beer coaster shows, e.g. "Beer coaster: Us: 18 lines
   * left, Them: 21 lines left" */
  text = g_strdup_printf (_("Beer coaster: %s"), lines);
  gtk_accessible_update_property (GTK_ACCESSIBLE (coaster),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  return text;
}
