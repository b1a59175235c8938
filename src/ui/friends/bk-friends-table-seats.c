/* bk-friends-table-seats.c: who sits where at a table with friends, as the window
 * names and shows them (here, thinking, away), and the host's house rules; see
 * bk-friends-table.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-table-private.h"
#include "bk-game-history.h"
#include "bk-remote-controller.h"
#include "bk-table-link.h"

/* hostquit: the host's chair while the host is out of the room (docs/network.md §7). */
static gboolean
host_gone (BkFriendsTable  *self,
           const BkNetSeat *seat)
{
  return self->host == NULL && bk_table_guest_is_host_away (self->guest) && seat->nick &&
         g_strcmp0 (seat->nick, self->seats.host) == 0;
}

/* The name of the player at @chair, as the window shows it. */
char *
_bk_friends_table_chair_name (BkFriendsTable *self,
                              BkSeat          chair)
{
  const BkNetSeat *seat = self->has_seats && chair < self->seats.n_seats
                          ? &self->seats.seats[chair] : NULL;
  g_autofree char *name = NULL;

  if (chair == self->chair)
    name = g_strdup (_("You"));
  else if (seat && seat->nick && seat->level && !seat->away)
    /* Translators: a computer's chair a friend takes at the end of the hand,
     * "Computer 3 (then Sepp)" (docs/network.md 3.14) */
    name = g_strdup_printf (_("Computer %u (then %s)"), chair + 1, seat->nick);
  else if (seat && seat->nick)
    name = g_strdup (seat->nick);
  else
    /* Translators: a chair played by the host's computer player */
    name = g_strdup_printf (_("Computer %u"), chair + 1);
  if (chair != self->chair && self->wait[chair] > 0)
    /* Translators: a player who dropped, and how long the table waits for him */
    return g_strdup_printf (_("%s (away, %u s)"), name, self->wait[chair]);
  if (chair != self->chair && seat && (seat->away || host_gone (self, seat)))
    /* Translators: a player who dropped */
    return g_strdup_printf (_("%s (away)"), name);
  return g_steal_pointer (&name);
}

/* The chair of the player at seat @now of the shown game. */
BkSeat
_bk_friends_table_shown_chair (BkFriendsTable *self,
                               BkSeat          now)
{
  guint n = bk_game_get_n_seats (self->shown);

  return (bk_game_get_player_at (self->shown, now) + self->turn) % n;
}


/* Each chair's presence: here, thinking (its turn), away. */
void
_bk_friends_table_update_presence (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);
  char *names[BK_MAX_SEATS + 1] = { NULL };
  const char *list[BK_MAX_SEATS + 1] = { NULL };
  guint n;

  if (self->shown == NULL)
    return;
  n = bk_game_get_n_seats (self->shown);
  for (guint s = 1; s < n; s++)
    {
      BkSeat chair = _bk_friends_table_shown_chair (self, s);
      BkRemoteController *remote = BK_REMOTE_CONTROLLER (self->controllers[s]);
      gboolean away = self->wait[chair] > 0 ||
                      (self->has_seats && chair < self->seats.n_seats &&
                       (self->seats.seats[chair].away ||
                        host_gone (self, &self->seats.seats[chair])));

      if (away)
        bk_remote_controller_set_presence (remote, BK_REMOTE_AWAY, self->wait[chair]);
      else if (bk_game_get_to_act (self->shown) == s &&
               (bk_game_get_phase (self->shown) == BK_PHASE_BIDDING ||
                bk_game_get_phase (self->shown) == BK_PHASE_PLAYING))
        bk_remote_controller_set_presence (remote, BK_REMOTE_THINKING, 0);
      else
        bk_remote_controller_set_presence (remote, BK_REMOTE_HERE, 0);
    }
  for (guint p = 0; p < n; p++)
    {
      names[p] = _bk_friends_table_chair_name (self, (p + self->turn) % n);
      list[p] = names[p];
    }
  if (window && bk_window_is_at_table (window) && bk_window_get_game (window) == self->shown)
    bk_window_set_table_names (window, list);
  for (guint p = 0; p < n; p++)
    g_free (names[p]);
}

/* The host's house rules in the window that shows the table (docs/network.md 3.15). */
void
_bk_friends_table_apply_house_rules (BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);

  if (window && self->has_seats && bk_window_is_at_table (window) &&
      bk_window_get_game (window) == self->shown)
    bk_window_set_table_hints (window, !self->seats.hints_off);
}

void
_bk_friends_table_take_seats (BkFriendsTable      *self,
                              const BkXmppElement *payload)
{
  if (!bk_table_link_take_seats (&self->seats, payload))
    return;
  self->has_seats = TRUE;
  for (guint c = 0; c < self->seats.n_seats; c++)
    if (!self->seats.seats[c].away)
      self->wait[c] = 0;
  _bk_friends_table_update_presence (self);
  _bk_friends_table_apply_house_rules (self);
  g_signal_emit (self, _bk_friends_table_signals[SIGNAL_SEATS_CHANGED], 0);
}

BkSeat
_bk_friends_table_shown_seat (BkFriendsTable *self,
                              BkSeat          chair)
{
  if (self->shown == NULL || chair == BK_SEAT_NONE)
    return BK_SEAT_NONE;
  for (guint s = 0; s < bk_game_get_n_seats (self->shown); s++)
    if (_bk_friends_table_shown_chair (self, s) == chair)
      return s;
  return BK_SEAT_NONE;
}
