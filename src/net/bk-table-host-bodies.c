/* bk-table-host-bodies.c: the public events of a table in a person's words, for the
 * <body/> beside the payload (docs/network.md 3.6, 3.10), so that any XMPP client in the
 * room follows the table: who sits with whom, who took a trick, the hand's result and the
 * session's score. Every figure comes from the engine's queries; no rule is known here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-bierkopf-game.h"
#include "bk-game-query.h"
#include "bk-game-rules.h"
#include "bk-herzla-game.h"
#include "bk-table-host-private.h"

/* The names of the seats (now) in @seats, as people say them: "Sepp and Gretl". */
static char *
names_of (BkTableHost *self,
          guint32      seats)
{
  g_autofree char *names = NULL;

  for (BkSeat now = 0; now < self->n_seats; now++)
    {
      g_autofree char *name = NULL;

      if (!(seats & (1u << now)))
        continue;
      name = bk_table_host_seat_name (self, now);
      if (names == NULL)
        names = g_steal_pointer (&name);
      else
        {
          char *both;

          /* Translators: two people, or a list and one more: "Sepp and Gretl" */
          both = g_strdup_printf (C_("people", "%s and %s"), names, name);
          g_free (names);
          names = both;
        }
    }
  return g_steal_pointer (&names);
}

/* The seats (now) that play with @now in this hand, @now among them. */
static guint32
side_of (BkTableHost *self,
         BkSeat       now)
{
  guint side = bk_game_get_side (self->game, now);
  guint32 seats = 1u << now;

  if (side == BK_SIDE_ALONE)
    return seats;
  for (BkSeat s = 0; s < self->n_seats; s++)
    if (bk_game_get_side (self->game, s) == side)
      seats |= 1u << s;
  return seats;
}

char *
bk_table_host_seating_body (BkTableHost *self)
{
  const BkSeating *seating;
  BkSeat first, second;
  guint32 partners, others;
  g_autofree char *ours = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *dealer = NULL;

  if (bk_game_get_rules (self->game)->game != BK_GAME_BIERKOPF)
    return NULL;
  seating = bk_bierkopf_game_get_seating (self->game);
  /* the holders of the first two Säue, where they sit after the ceremony */
  first = seating->moved[seating->first];
  second = seating->moved[seating->second];
  partners = (1u << first) | (1u << second);
  others = ((1u << self->n_seats) - 1) & ~partners;
  ours = names_of (self, partners);
  theirs = names_of (self, others);
  dealer = bk_table_host_seat_name (self, bk_seating_first_dealer (seating));
  /* Translators: after the seating: "Sepp and Gretl play together against Hans and West
   * (computer); Gretl deals first" */
  return g_strdup_printf (_("%s play together against %s; %s deals first"), ours, theirs,
                          dealer);
}

char *
bk_table_host_trick_body (BkTableHost *self)
{
  guint done = bk_game_get_tricks_done (self->game);
  BkCard cards[BK_MAX_SEATS];
  BkSeat seats[BK_MAX_SEATS];
  BkTrick trick;
  BkSeat winner;
  guint points;
  g_autofree char *name = NULL;

  /* a trick was completed when none is on the table, or the hand is over (its last
   * trick stays in view) */
  if (done == 0 || (bk_game_get_phase (self->game) != BK_PHASE_HAND_OVER &&
                    bk_game_get_table_trick (self->game, cards, seats) != 0) ||
      !bk_game_get_trick (self->game, done - 1, &trick, &winner))
    return NULL;
  points = bk_game_get_trick_points (self->game, &trick);
  name = bk_table_host_seat_name (self, winner);
  /* Translators: "Sepp takes the trick (21 points)" */
  return g_strdup_printf (ngettext ("%s takes the trick (%u point)",
                                    "%s takes the trick (%u points)", points), name, points);
}

/* One side's or seat's figure, after those before. */
static void
append_score (GString    *parts,
              const char *part)
{
  g_string_append_printf (parts, "%s%s", parts->len ? "; " : "", part);
}

char *
bk_table_host_result_body (BkTableHost *self)
{
  guint points[BK_MAX_SEATS] = { 0 };
  guint32 told = 0;
  BkTrick trick;
  BkSeat winner;
  g_autoptr (GString) parts = g_string_new (NULL);

  for (guint i = 0; bk_game_get_trick (self->game, i, &trick, &winner); i++)
    points[winner] += bk_game_get_trick_points (self->game, &trick);
  for (BkSeat now = 0; now < self->n_seats; now++)
    {
      guint32 side = side_of (self, now);
      g_autofree char *names = NULL;
      g_autofree char *part = NULL;
      guint sum = 0;

      if (told & side)
        continue;
      told |= side;
      for (BkSeat s = 0; s < self->n_seats; s++)
        if (side & (1u << s))
          sum += points[s];
      names = names_of (self, side);
      /* Translators: a side's card points in the hand: "Sepp and Gretl: 78 points" */
      part = g_strdup_printf (ngettext ("%s: %u point", "%s: %u points", sum), names, sum);
      append_score (parts, part);
    }
  /* Translators: "Hand 3 is over: Sepp and Gretl: 78 points; Hans and Vroni: 42 points" */
  return g_strdup_printf (_("Hand %u is over: %s"), self->hand, parts->str);
}

char *
bk_table_host_score_body (BkTableHost *self)
{
  const BkRules *rules = bk_game_get_rules (self->game);
  g_autoptr (GString) parts = g_string_new (NULL);
  guint32 told = 0;

  for (BkSeat now = 0; now < self->n_seats; now++)
    {
      g_autofree char *part = NULL;
      g_autofree char *names = NULL;

      if (rules->game == BK_GAME_BIERKOPF)
        {
          /* a team's coaster: the seat and the one across */
          guint32 team = 0;
          guint lines;

          for (BkSeat s = 0; s < self->n_seats; s++)
            if (bk_seat_team (s) == bk_seat_team (now))
              team |= 1u << s;
          if (told & team)
            continue;
          told |= team;
          names = names_of (self, team);
          lines = bk_bierkopf_game_get_lines_left (self->game, bk_seat_team (now));
          /* Translators: a team's beer coaster: "Sepp and Gretl: 18 lines left" */
          part = g_strdup_printf (ngettext ("%s: %u line left", "%s: %u lines left", lines),
                                  names, lines);
        }
      else if (rules->game == BK_GAME_HERZLA && rules->herzla.variant == BK_HERZLA_EINFACH)
        {
          guint penalty = bk_herzla_game_get_penalty (self->game, now);

          names = bk_table_host_seat_name (self, now);
          /* Translators: "Sepp: 12 penalty points" */
          part = g_strdup_printf (ngettext ("%s: %u penalty point", "%s: %u penalty points",
                                            penalty), names, penalty);
        }
      else if (rules->game == BK_GAME_HERZLA)
        {
          names = bk_table_host_seat_name (self, now);
          /* Translators: a player's balance of the session's payments: "Sepp: -3" */
          part = g_strdup_printf (_("%s: %d"), names,
                                  bk_herzla_game_get_balance (self->game, now));
        }
      else
        return NULL;
      append_score (parts, part);
    }
  /* Translators: the session's score after a hand: "Score: Sepp and Gretl: 18 lines
   * left; Hans and Vroni: 21 lines left" */
  return g_strdup_printf (_("Score: %s"), parts->str);
}
