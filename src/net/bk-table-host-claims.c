/* bk-table-host-claims.c: the claim of a seat (docs/network.md 3.2), and of a computer's
 * chair, taken at once before the first hand or at the end of the hand in play (3.14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-table-host-private.h"

/* --- a computer's chair taken by a person (docs/network.md 3.14) --- */

/* Whether another hand follows the one that ended. */
static gboolean
more_hands (BkTableHost *self)
{
  return self->hands_played < self->deals && !bk_game_is_session_over (self->game);
}

/* The person @jid (@nick) takes the computer's @chair from now on. */
static void
take_computer_chair (BkTableHost *self,
                     BkSeat       chair,
                     const char  *jid,
                     const char  *nick)
{
  Seat *s = &self->seats[chair];

  g_message ("%s (%s) takes the computer's seat %u", nick, jid, chair);
  s->person = TRUE;
  s->present = TRUE;
  s->stand_in = FALSE;
  g_clear_pointer (&s->level, g_free);
  g_clear_object (&s->strategy);
  g_free (s->jid);
  s->jid = g_strdup (jid);
  g_free (s->nick);
  s->nick = g_strdup (nick);
  bk_table_host_token_issue (self, chair);
  bk_table_host_place_strategies (self);
}

/* At a hand's end, whoever claimed a computer's chair takes it before the next hand is
 * sealed (the people seated at the commitment send the secrets of its seed, section 6),
 * and then gets the table. */
void
bk_table_host_begin_hand_with_claims (BkTableHost *self)
{
  guint32 taken = 0;

  for (guint c = 0; c < self->n_seats && more_hands (self); c++)
    {
      Seat *s = &self->seats[c];
      g_autofree char *jid = g_steal_pointer (&s->next_jid);
      g_autofree char *nick = g_steal_pointer (&s->next_nick);

      if (!s->person && jid)
        {
          take_computer_chair (self, c, jid, nick);
          taken |= 1u << c;
        }
    }
  if (taken)
    {
      bk_table_host_changed (self);
      bk_table_host_send_table (self);
    }
  bk_table_host_begin_hand (self);
  for (guint c = 0; c < self->n_seats; c++)
    if (taken & (1u << c))
      bk_table_host_send_state (self, c);
}

/* A claim of the computer's @chair by @jid, who sits at @bound (BK_SEAT_NONE: nowhere):
 * taken at once before the first hand, kept for the hand's end while one is sealed or
 * in play (a pub's friend waits for the hand to end); one such claim per chair, and per
 * person (a claim of another chair replaces it). */
static GError *
claim_computer_chair (BkTableHost *self,
                      const char  *nick,
                      const char  *jid,
                      BkSeat       chair,
                      BkSeat       bound)
{
  Seat *s = &self->seats[chair];
  g_autofree char *name = bk_table_host_chair_name (self, chair);

  if (bound != BK_SEAT_NONE)
    {
      g_autofree char *bound_name = bk_table_host_chair_name (self, bound);

      return net_error (BK_NET_ERROR_SEAT_TAKEN, _("You already sit at %s"), bound_name);
    }
  /* the hand sealed or in play is the last one */
  if (self->stage == STAGE_FINISHED ||
      (self->stage != STAGE_SEATING && self->hands_played + 1 >= self->deals))
    return net_error (BK_NET_ERROR_UNEXPECTED, _("No hand is to come at this table"));
  if (s->next_jid && strcmp (s->next_jid, jid) != 0)
    /* Translators: "Sepp takes West at the end of the hand" */
    return net_error (BK_NET_ERROR_SEAT_TAKEN, _("%s takes %s at the end of the hand"),
                      s->next_nick, name);
  /* a claim for the hand's end that changes the table posts it: one every 2 s an account */
  if (self->stage != STAGE_SEATING &&
      !(g_strcmp0 (s->next_jid, jid) == 0 && g_strcmp0 (s->next_nick, nick) == 0))
    {
      Rate *rate = bk_table_host_rate_of (self, nick, jid);

      if (rate->claimed && self->clock - rate->claim_at < BK_TABLE_HOST_AGAIN_USEC)
        return net_error (BK_NET_ERROR_FLOOD, _("Too many claims: one every 2 seconds"));
      rate->claimed = TRUE;
      rate->claim_at = self->clock;
    }
  for (guint c = 0; c < self->n_seats; c++)
    if (g_strcmp0 (self->seats[c].next_jid, jid) == 0)
      {
        g_clear_pointer (&self->seats[c].next_jid, g_free);
        g_clear_pointer (&self->seats[c].next_nick, g_free);
      }
  if (self->stage == STAGE_SEATING)
    {
      take_computer_chair (self, chair, jid, nick);
      return NULL;
    }
  g_message ("%s (%s) takes seat %u at the end of hand %u", nick, jid, chair, self->hand);
  s->next_jid = g_strdup (jid);
  s->next_nick = g_strdup (nick);
  bk_table_host_send_table (self);
  return NULL;
}

/* The claims of @nick, who left the room, lapse: TRUE when there were any. */
gboolean
bk_table_host_drop_claims (BkTableHost *self,
                           const char  *nick)
{
  gboolean dropped = FALSE;

  for (guint c = 0; c < self->n_seats; c++)
    if (g_strcmp0 (self->seats[c].next_nick, nick) == 0)
      {
        g_message ("%s left: the claim of seat %u lapses", nick, c);
        g_clear_pointer (&self->seats[c].next_jid, g_free);
        g_clear_pointer (&self->seats[c].next_nick, g_free);
        dropped = TRUE;
      }
  return dropped;
}

GError *
bk_table_host_handle_claim (BkTableHost       *self,
                            const char        *nick,
                            const char        *jid,
                            const BkNetStanza *stanza)
{
  BkSeat seat = stanza->seat, bound = bk_table_host_seat_of_jid (self, jid);
  g_autofree char *name = NULL;
  Seat *s;

  if (seat >= self->n_seats)
    return net_error (BK_NET_ERROR_MALFORMED, _("The table has no seat %u"), seat);
  name = bk_table_host_chair_name (self, seat);
  if (!self->seats[seat].person)
    {
      GError *kept = claim_computer_chair (self, nick, jid, seat, bound);

      /* refused, or kept for the hand's end; else taken, and it goes on as any claim */
      if (kept != NULL || !self->seats[seat].person)
        return kept;
    }
  s = &self->seats[seat];
  if (bound != BK_SEAT_NONE && bound != seat)
    {
      g_autofree char *bound_name = bk_table_host_chair_name (self, bound);

      return net_error (BK_NET_ERROR_SEAT_TAKEN, _("You already sit at %s"), bound_name);
    }
  if (s->jid && strcmp (s->jid, jid) != 0)
    return net_error (BK_NET_ERROR_SEAT_TAKEN, _("%s is taken"), name);
  if (s->jid == NULL)
    s->jid = g_strdup (jid);
  g_free (s->nick);
  s->nick = g_strdup (nick);
  s->present = TRUE;
  if (s->stand_in)
    {
      /* back from a drop: the person plays again */
      s->stand_in = FALSE;
      g_clear_object (&s->strategy);
      bk_table_host_place_strategies (self);
    }
  g_message ("%s (%s) sits at seat %u", nick, jid, seat);
  bk_table_host_token_issue (self, seat);
  bk_table_host_changed (self);
  bk_table_host_send_table (self);
  bk_table_host_send_state (self, seat);
  if (self->stage == STAGE_SEATING && bk_table_host_all_seated (self))
    bk_table_host_begin_hand (self);
  else
    bk_table_host_deal_if_ready (self);
  return NULL;
}
