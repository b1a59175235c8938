/* bk-table-host-requests.c: the checks of an incoming stanza (docs/network.md 4): who may
 * send this (the rate, the parse, the sender), then what each kind does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-net-bucket.h"
#include "bk-net-senders.h"
#include "bk-table-host-private.h"
#include "bk-table-host-public.h"

/* Whose allowance a stanza takes: the occupant's account, its real bare JID (the room
 * shows it to the host), so that nicknames of one account share it; an occupant the
 * room does not show is counted by nickname (and refused anyway). */
static char *
rate_key (const char *nick,
          const char *real_jid)
{
  g_autofree char *bare = NULL;

  if (real_jid == NULL)
    return g_strconcat ("nick ", nick, NULL);
  bare = bk_table_host_bare_jid (real_jid);
  return g_strconcat ("jid ", bare, NULL);
}

void
bk_table_host_note_occupant (BkTableHost *self,
                             const char  *nick,
                             const char  *real_jid)
{
  g_hash_table_replace (self->occupants, g_strdup (nick), rate_key (nick, real_jid));
}

/* A rate that says nothing any more: its bucket full again, and nothing drawn within
 * BK_TABLE_HOST_AGAIN_USEC. A new one would be the same. */
static gboolean
rate_at_rest (const Rate *rate,
              gint64      now)
{
  double tokens = rate->bucket.tokens + (double) (now - rate->bucket.last) / G_USEC_PER_SEC *
                                        rate->bucket.per_second;

  return tokens >= rate->bucket.burst &&
         rate->tables.tokens + (double) (now - rate->tables.last) / G_USEC_PER_SEC *
                               rate->tables.per_second >= rate->tables.burst &&
         (!rate->claimed || now - rate->claim_at >= BK_TABLE_HOST_AGAIN_USEC);
}

void
bk_table_host_sweep_rates (BkTableHost *self)
{
  g_autoptr (GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->occupants);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (present, value);
  g_hash_table_iter_init (&iter, self->rates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (present, key) && rate_at_rest (value, self->clock))
      g_hash_table_iter_remove (&iter);
}

void
bk_table_host_forget_rate (BkTableHost *self,
                           const char  *nick)
{
  /* a nickname changed is one that left and one that came: the account's rate is kept
   * until it is at rest, or a new nickname would bring a new allowance */
  g_hash_table_remove (self->occupants, nick);
  bk_table_host_sweep_rates (self);
}

Rate *
bk_table_host_rate_of (BkTableHost *self,
                       const char  *nick,
                       const char  *real_jid)
{
  g_autofree char *key = rate_key (nick, real_jid);
  Rate *rate = g_hash_table_lookup (self->rates, key);

  /* the occupant's account, also when the room did not tell us it came (before us) */
  if (!g_hash_table_contains (self->occupants, nick))
    bk_table_host_note_occupant (self, nick, real_jid);
  if (rate == NULL)
    {
      rate = g_new0 (Rate, 1);
      bk_net_bucket_init (&rate->bucket, BK_NET_RATE_BURST, BK_NET_RATE_PER_SECOND,
                          self->clock);
      bk_net_bucket_init (&rate->tables, BK_TABLE_HOST_TABLES_BURST,
                          (double) G_USEC_PER_SEC / BK_TABLE_HOST_AGAIN_USEC, self->clock);
      g_hash_table_insert (self->rates, g_steal_pointer (&key), rate);
    }
  return rate;
}

/* A token bucket per account: BK_NET_RATE_BURST at once, BK_NET_RATE_PER_SECOND after. */
static gboolean
rate_ok (BkTableHost *self,
         const char  *nick,
         const char  *real_jid,
         gint64       now)
{
  return bk_net_bucket_take (&bk_table_host_rate_of (self, nick, real_jid)->bucket, now);
}

/* A decline sent after the offer open now began answers it, whatever lines came since
 * (a person let it pass in the window, which asks no more: refused as late, the table
 * waited for his answer for ever). One sent before is an older offer's: late. */
static gboolean
decline_of_this_offer (BkTableHost       *self,
                       BkSeat             now,
                       const BkNetStanza *stanza)
{
  return stanza->kind == BK_NET_DECLINE && self->stage == STAGE_PLAYING &&
         self->offer_hand == self->hand && stanza->seq >= self->offer_seq &&
         bk_game_is_waiting_for_offer (self->game, now);
}

static GError *
handle_seated (BkTableHost       *self,
               BkSeat             seat,
               const BkNetStanza *stanza)
{
  Seat *s = &self->seats[seat];
  const BkRules *rules = bk_game_get_rules (self->game);
  BkSeat now = bk_net_seat_now (self->game, seat);
  BkAction action;
  GError *error = NULL;

  switch (stanza->kind)
    {
    case BK_NET_RESYNC:
      /* a guest started again knows nothing yet, not even the table (one posted a moment
       * ago it heard, or asks the room again for) */
      bk_table_host_send_table_again (self, s->nick, s->jid, TRUE);
      bk_table_host_send_state (self, seat);
      return NULL;
    case BK_NET_SECRET:
      /* the same secret again (a friend who took a computer's chair sends it at the
       * commitment and at its <state/>, section 3.14) is no news while its hand is dealt */
      if (stanza->hand == self->hand && self->stage == STAGE_PLAYING && s->secret_in &&
          memcmp (s->secret, stanza->digest, BK_NET_SECRET_SIZE) == 0)
        return NULL;
      if (stanza->hand < self->hand || (stanza->hand == self->hand &&
                                        self->stage == STAGE_PLAYING))
        return net_error (BK_NET_ERROR_REPLAYED, _("Hand %u has been dealt already"),
                          stanza->hand);
      if (self->stage != STAGE_COMMITTED || stanza->hand != self->hand)
        return net_error (BK_NET_ERROR_UNEXPECTED, _("No deal of hand %u is sealed"),
                          stanza->hand);
      /* the same secret again (its guest got the table again, e.g. from a host started
       * again) is no news */
      if (s->secret_in && memcmp (s->secret, stanza->digest, BK_NET_SECRET_SIZE) == 0)
        return NULL;
      if (s->secret_in)
        return net_error (BK_NET_ERROR_UNEXPECTED, _("Your secret of hand %u is in already"),
                          stanza->hand);
      memcpy (s->secret, stanza->digest, BK_NET_SECRET_SIZE);
      s->secret_in = TRUE;
      bk_table_host_changed (self);
      bk_table_host_deal_if_ready (self);
      return NULL;
    case BK_NET_REQUEST:
    case BK_NET_DECLINE:
      /* a hand ahead of the table is no request of any table's, as a seq ahead is not */
      if (stanza->hand > self->hand)
        return net_error (BK_NET_ERROR_MALFORMED, _("Hand %u has not been dealt"),
                          stanza->hand);
      if (stanza->hand != self->hand ||
          (stanza->seq < self->seq && !decline_of_this_offer (self, now, stanza)))
        return net_error (BK_NET_ERROR_REPLAYED,
                          _("This request was for hand %u at line %u; the table is at hand %u, "
                            "line %u"), stanza->hand, stanza->seq, self->hand, self->seq);
      /* nothing is offered in any other stage either */
      if (stanza->kind == BK_NET_DECLINE &&
          (self->stage != STAGE_PLAYING || !bk_game_is_waiting_for_offer (self->game, now)))
        return net_error (BK_NET_ERROR_UNEXPECTED, _("Nothing is offered to you now"));
      if (self->stage != STAGE_PLAYING)
        return g_error_new (BK_ERROR, BK_ERROR_WRONG_PHASE, _("The hand is not in play"));
      if (stanza->seq > self->seq)
        return net_error (BK_NET_ERROR_MALFORMED, _("Line %u of the hand has not been played"),
                          stanza->seq);
      if (stanza->kind == BK_NET_DECLINE)
        {
          bk_game_decline_offer (self->game, now);
          bk_table_host_run_computers (self);
          return NULL;
        }
      if (!bk_net_action_parse (rules, stanza->text, &action, &error))
        return error;
      if (action.seat != now)
        {
          g_autofree char *name = bk_seat_dup_display_name (rules, now);

          return net_error (BK_NET_ERROR_NOT_SEATED, _("You sit at %s: you cannot act for "
                                                       "another seat"), name);
        }
      if (!bk_game_apply (self->game, &action, &error))
        return error;
      bk_table_host_publish (self);
      if (bk_game_get_phase (self->game) == BK_PHASE_HAND_OVER)
        bk_table_host_finish_hand (self);
      else
        bk_table_host_run_computers (self);
      return NULL;
    default:
      return net_error (BK_NET_ERROR_UNEXPECTED, _("A guest does not send <%s/>"),
                        bk_net_kind_name (stanza->kind));
    }
}

gboolean
bk_table_host_handle (BkTableHost         *self,
                      const char          *nick,
                      const char          *real_jid,
                      const BkXmppElement *payload,
                      gint64               now,
                      GError             **error)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autofree char *jid = NULL;
  GError *reason = NULL;
  BkSeat seat, by_nick = BK_SEAT_NONE;

  g_return_val_if_fail (BK_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (nick != NULL && payload != NULL, FALSE);

  memset (&stanza, 0, sizeof stanza);
  bk_table_host_set_clock (self, now);
  if (!rate_ok (self, nick, real_jid, now))
    return bk_table_host_refuse (self, nick, error,
                                 net_error (BK_NET_ERROR_FLOOD,
                                            _("Too many stanzas: at most %u a second"),
                                            BK_NET_RATE_PER_SECOND));
  if (!bk_net_stanza_parse (payload, BK_NET_MAX_REQUEST_BYTES, &stanza, &reason))
    return bk_table_host_refuse (self, nick, error, reason);
  if (real_jid == NULL)
    return bk_table_host_refuse (self, nick, error,
                                 net_error (BK_NET_ERROR_NOT_SEATED,
                                            _("The room does not show the host your address")));
  jid = bk_table_host_bare_jid (real_jid);

  /* A claim with its chair's resume token moves the chair to the sender's address first
   * (docs/network.md 3.16): the nickname is then the sender's, and the claim goes on. */
  if (stanza.kind == BK_NET_CLAIM && stanza.has_token &&
      (reason = bk_table_host_take_token (self, nick, jid, &stanza)))
    return bk_table_host_refuse (self, nick, error, reason);

  /* A seated person's nickname is theirs: nobody else speaks under it. */
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].person && g_strcmp0 (self->seats[s].nick, nick) == 0)
      by_nick = s;
  if (by_nick != BK_SEAT_NONE && g_strcmp0 (self->seats[by_nick].jid, jid) != 0)
    {
      g_autofree char *name = bk_table_host_chair_name (self, by_nick);

      return bk_table_host_refuse (self, nick, error,
                                   net_error (BK_NET_ERROR_NICKNAME,
                                              _("The nickname %s belongs to the player at %s"),
                                              nick, name));
    }

  if (stanza.kind == BK_NET_CLAIM)
    reason = bk_table_host_handle_claim (self, nick, jid, &stanza);
  else if (stanza.kind == BK_NET_RESYNC &&
           ((seat = bk_table_host_seat_of_jid (self, jid)) == BK_SEAT_NONE ||
            self->seats[seat].nick == NULL))
    /* a newcomer without a seat (a spectator, or before its claim, even when the seat is
     * kept for its address) learns the table, and the public state of the hand (a
     * spectator that missed a line asks for it, section 3.11) */
    {
      bk_table_host_send_table_again (self, nick, real_jid, TRUE);
      bk_table_host_send_public_state (self, nick);
    }
  else if ((seat = bk_table_host_seat_of_jid (self, jid)) == BK_SEAT_NONE)
    reason = net_error (BK_NET_ERROR_NOT_SEATED, _("You have no seat at this table"));
  else if (self->seats[seat].nick == NULL)
    reason = net_error (BK_NET_ERROR_NOT_SEATED, _("Claim your seat first"));
  else if (g_strcmp0 (self->seats[seat].nick, nick) != 0)
    {
      g_autofree char *name = bk_table_host_chair_name (self, seat);

      reason = net_error (BK_NET_ERROR_NICKNAME, _("You sit at %s under another nickname"),
                          name);
    }
  /* who may send this (bk-net-senders.c): a host's payload comes from no guest; after
   * the seat's checks, as section 4 orders them */
  else if (!bk_net_sender_may (stanza.kind, FALSE, TRUE, NULL))
    reason = net_error (BK_NET_ERROR_UNEXPECTED, _("A guest does not send <%s/>"),
                        bk_net_kind_name (stanza.kind));
  else
    reason = handle_seated (self, seat, &stanza);
  if (reason)
    return bk_table_host_refuse (self, nick, error, reason);
  return TRUE;
}

void
bk_table_host_refuse_unread (BkTableHost  *self,
                             const char   *nick,
                             const GError *reason)
{
  g_return_if_fail (BK_IS_TABLE_HOST (self) && nick != NULL && reason != NULL);

  bk_table_host_refuse (self, nick, NULL,
                        g_error_new (BK_NET_ERROR,
                                     /* the element tree's one refusal for size */
                                     strstr (reason->message, "larger than")
                                     ? BK_NET_ERROR_TOO_LARGE : BK_NET_ERROR_MALFORMED,
                                     "%s", reason->message));
}

gboolean
bk_table_host_handle_room (BkTableHost         *self,
                           const char          *nick,
                           const char          *real_jid,
                           const BkXmppElement *payload,
                           gint64               now,
                           GError             **error)
{
  BkNetKind kind;

  g_return_val_if_fail (BK_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (nick != NULL && payload != NULL, FALSE);

  /* In the room the host reads only what a guest may post there (a newcomer's
   * <resync/>, bk-net-senders.c) and answers nothing else: the room's own traffic, its
   * own posts among it, costs nobody an allowance and draws no refusal. */
  kind = bk_net_kind_from_name (bk_xmpp_element_get_name (payload));
  if (kind == BK_NET_N_KINDS)
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED,
                   "<%s/> in the room is no payload for the host",
                   bk_xmpp_element_get_name (payload));
      return FALSE;
    }
  if (!bk_net_sender_may (kind, FALSE, FALSE, error))
    return FALSE;
  return bk_table_host_handle (self, nick, real_jid, payload, now, error);
}
