/* bk-table-guest-send.c: what a guest sends, paced under the host's cap (docs/network.md,
 * "Caps"), asked again when it was refused or lost, and the actions it takes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-computer-turn.h"
#include "bk-error.h"
#include "bk-fair-deal.h"
#include "bk-table-guest-private.h"

gint64
bk_guest_now (BkTableGuest *self)
{
  return self->clock ? self->clock (self->clock_data) : g_get_monotonic_time ();
}

void
bk_table_guest_set_clock (BkTableGuest      *self,
                          BkTableGuestClock  clock,
                          gpointer           user_data)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  self->clock = clock;
  self->clock_data = user_data;
  self->paced = FALSE;
}

/* An action that waited while the table moved on would only be refused (the new line asks
 * us again): it is not sent. A decline goes, so that its refusal tells us it was late. */
static gboolean
is_stale (BkTableGuest   *self,
          const Outgoing *outgoing)
{
  return outgoing->kind == BK_NET_REQUEST &&
         (outgoing->hand != self->hand || outgoing->seq != self->seq);
}

gint64
bk_table_guest_get_next_send (BkTableGuest *self)
{
  gint64 next = 0;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), 0);

  /* a token only for what would go: an outbox of stale requests waits for nothing (the
   * test harness took such a time for the table's last and stopped, a table "stalled"
   * with another guest's request still waiting its token) */
  for (GList *l = self->outbox.head; l; l = l->next)
    if (!is_stale (self, l->data))
      {
        next = bk_net_bucket_next (&self->pace, bk_guest_now (self));
        break;
      }
  if (self->retry_at != 0 && (next == 0 || self->retry_at < next))
    next = self->retry_at;
  if (self->quiet_at != 0 && (next == 0 || self->quiet_at < next))
    next = self->quiet_at;
  if (self->cards_due != 0 && (next == 0 || self->cards_due < next))
    next = self->cards_due;
  return next;
}

static gboolean
timer_cb (gpointer data)
{
  BkTableGuest *self = data;

  g_clear_pointer (&self->timer, g_source_unref);
  bk_table_guest_flush (self);
  return G_SOURCE_REMOVE;
}

/* The timer for the next thing that waits, if anything does. */
void
bk_guest_schedule (BkTableGuest *self)
{
  gint64 next = bk_table_guest_get_next_send (self);

  if (self->timer)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
  if (next == 0 || self->disposed)
    return;
  self->timer = g_timeout_source_new ((guint) ((MAX (next - bk_guest_now (self), 0) + 999) / 1000));
  g_source_set_callback (self->timer, timer_cb, self, NULL);
  g_source_set_static_name (self->timer, "[bierkopf] table guest pacing");
  g_source_attach (self->timer, self->context);
}


static void retry (BkTableGuest *self);

void
bk_table_guest_flush (BkTableGuest *self)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));

  if (self->flushing)
    return;
  self->flushing = TRUE;
  g_object_ref (self);
  if (self->retry_at != 0 && bk_guest_now (self) >= self->retry_at)
    retry (self);
  if (self->quiet_at != 0 && bk_guest_now (self) >= self->quiet_at)
    {
      g_debug ("Chair %u heard nothing from the host: it asks for the table", self->seat);
      self->quiet_at = 0;
      self->resync_until = 0;
      bk_guest_ask_resync (self);
    }
  if (self->cards_due != 0 && bk_guest_now (self) >= self->cards_due)
    {
      g_debug ("Chair %u has no cards of hand %u: it asks for the table", self->seat,
               self->hand);
      self->cards_due = 0;
      self->resync_until = 0;
      bk_guest_ask_resync (self);
    }
  while (!g_queue_is_empty (&self->outbox))
    {
      Outgoing *next = g_queue_peek_head (&self->outbox);

      if (is_stale (self, next))
        {
          g_debug ("Chair %u drops its <%s/> of line %u: the table is at line %u",
                   self->seat, bk_net_kind_name (next->kind), next->seq, self->seq);
          bk_guest_outgoing_free (g_queue_pop_head (&self->outbox));
          continue;
        }
      if (!bk_net_bucket_take (&self->pace, bk_guest_now (self)))
        break;
      g_queue_pop_head (&self->outbox);
      if (self->quiet_at == 0 && !self->finished &&
          (next->kind == BK_NET_REQUEST || next->kind == BK_NET_SECRET ||
           next->kind == BK_NET_CLAIM))
        self->quiet_at = bk_guest_now (self) + QUIET_US;
      self->asks[next->kind].open = TRUE;
      self->asks[next->kind].hand = next->hand;
      self->asks[next->kind].seq = next->seq;
      g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_SEND], 0, self->host, NULL,
                     next->payload, TRUE);
      bk_guest_outgoing_free (next);
    }
  self->flushing = FALSE;
  bk_guest_schedule (self);
  g_object_unref (self);
}

/* Everything we send waits its turn in the outbox, under the host's rate. */
void
bk_guest_send (BkTableGuest      *self,
               const BkNetStanza *stanza)
{
  Outgoing *outgoing;

  g_return_if_fail (self->host != NULL);
  g_debug ("Chair %u sends <%s/> of hand %u at line %u: %s", self->seat,
           bk_net_kind_name (stanza->kind), stanza->hand, stanza->seq,
           stanza->text ? stanza->text : "");
  if (!self->paced)
    {
      bk_net_bucket_init (&self->pace, BK_NET_GUEST_BURST, BK_NET_RATE_PER_SECOND,
                          bk_guest_now (self));
      self->paced = TRUE;
    }
  outgoing = g_new0 (Outgoing, 1);
  outgoing->kind = stanza->kind;
  outgoing->hand = stanza->hand;
  outgoing->seq = stanza->seq;
  outgoing->payload = bk_net_stanza_build (stanza);
  g_queue_push_tail (&self->outbox, outgoing);
  bk_table_guest_flush (self);
}

void
bk_guest_send_simple (BkTableGuest *self,
                      BkNetKind     kind)
{
  g_auto (BkNetStanza) stanza = { 0 };

  bk_net_stanza_init (&stanza, kind);
  stanza.seat = self->seat;
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  /* a claim with our chair's token takes it back under any address (3.16) */
  if (kind == BK_NET_CLAIM && self->has_token)
    {
      stanza.has_token = TRUE;
      memcpy (stanza.token, self->token, BK_NET_TOKEN_SIZE);
    }
  bk_guest_send (self, &stanza);
}

void
bk_guest_send_secret (BkTableGuest *self)
{
  g_auto (BkNetStanza) stanza = { 0 };
  g_autoptr (GError) error = NULL;

  /* a claim kept for the hand's end has no part in this hand's deal */
  if (self->seat == BK_SEAT_NONE || !self->has_commit || self->claim_waiting)
    return;
  /* sent again (its first may have been refused), it is the same secret */
  if (!self->secret_known && !bk_fair_deal_new_secret (self->secret, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  self->secret_known = TRUE;
  bk_net_stanza_init (&stanza, BK_NET_SECRET);
  stanza.hand = self->hand;
  memcpy (stanza.digest, self->secret, BK_NET_SECRET_SIZE);
  bk_guest_send (self, &stanza);
}

/* Asks the host for the table, once until it answers or a while has passed: a gap in
 * the lines shows at every line after it. */
void
bk_guest_ask_resync (BkTableGuest *self)
{
  gint64 t = bk_guest_now (self);

  if (self->host == NULL || (self->resync_until != 0 && t < self->resync_until))
    return;
  self->resync_until = t + RESYNC_WAIT_US;
  bk_guest_send_simple (self, BK_NET_RESYNC);
}

/* What the host refused as a flood is asked for again: the claim while we have no seat,
 * else the table (its <state/> makes us send our secret and our action again). */
static void
retry (BkTableGuest *self)
{
  self->retry_at = 0;
  if (self->host == NULL)
    return;
  if (self->seat != BK_SEAT_NONE && !self->seated)
    {
      bk_guest_send_simple (self, BK_NET_CLAIM);
      self->retry_at = bk_guest_now (self) + CLAIM_WAIT_US;
    }
  else
    {
      self->resync_until = 0;
      bk_guest_ask_resync (self);
    }
}

void
bk_guest_retry_later (BkTableGuest *self)
{
  if (self->retry_at == 0)
    self->retry_at = bk_guest_now (self) + RETRY_US;
  bk_guest_schedule (self);
}

/* We let the world's offer pass, and remember it: the world is dealt again at each line. */
static void
decline_in_world (BkTableGuest *self)
{
  const BkGameModule *module = bk_game_get_module (self->world);

  if (module->offer_level)
    self->declined_level = module->offer_level (bk_game_get_hand (self->world)) + 1;
  bk_game_decline_offer (self->world, self->seat_now);
}

/* A computer player of ours acts when the world says it is its turn; a person is asked. */
void
bk_guest_maybe_act (BkTableGuest *self)
{
  BkComputerTurn turn;
  BkAction action;
  gboolean declines;
  g_auto (BkNetStanza) stanza = { 0 };

  if (self->world == NULL || self->seat == BK_SEAT_NONE || self->asked_seq == self->seq ||
      bk_game_get_phase (self->world) == BK_PHASE_HAND_OVER)
    return;
  /* the others' answers to an offer are theirs: let them pass here (a person's guest
   * too, or the world never waits for the person's answer and his decline is refused) */
  while (bk_game_get_computer_turn (self->world, &turn) && turn.offer &&
         turn.seat != self->seat_now)
    bk_game_decline_offer (self->world, turn.seat);
  if (self->strategy == NULL)
    {
      if (bk_game_get_to_act (self->world) == self->seat_now ||
          bk_game_is_waiting_for_offer (self->world, self->seat_now))
        {
          self->asked_seq = self->seq;
          g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_TURN], 0);
        }
      return;
    }
  if (!bk_game_get_computer_turn (self->world, &turn) || turn.seat != self->seat_now)
    return;
  bk_computer_turn_decide (&turn, self->strategy, &action, &declines);
  self->asked_seq = self->seq;
  bk_net_stanza_init (&stanza, declines ? BK_NET_DECLINE : BK_NET_REQUEST);
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  if (declines)
    decline_in_world (self);
  else
    stanza.text = bk_net_action_to_string (bk_game_get_rules (self->world), &action);
  bk_guest_send (self, &stanza);
  /* a declined offer adds no line: the turn may be ours still */
  if (declines)
    {
      self->asked_seq = G_MAXUINT;
      bk_guest_maybe_act (self);
    }
}

gboolean
bk_table_guest_request (BkTableGuest *self,
                        const char   *text,
                        GError      **error)
{
  g_auto (BkNetStanza) stanza = { 0 };
  BkAction action;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && text != NULL, FALSE);

  if (self->world == NULL)
    {
      g_set_error (error, BK_ERROR, BK_ERROR_WRONG_PHASE, _("No hand is in play"));
      return FALSE;
    }
  if (strcmp (text, "decline") == 0)
    {
      if (!bk_game_is_waiting_for_offer (self->world, self->seat_now))
        {
          g_set_error (error, BK_ERROR, BK_ERROR_ILLEGAL_STEP, _("Nothing is offered to you"));
          return FALSE;
        }
      decline_in_world (self);
      bk_net_stanza_init (&stanza, BK_NET_DECLINE);
    }
  else
    {
      if (!bk_net_action_parse (bk_game_get_rules (self->world), text, &action, error))
        return FALSE;
      if (action.seat != self->seat_now)
        {
          g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_NOT_SEATED,
                       _("You cannot act for another seat"));
          return FALSE;
        }
      /* our own game checks it first; the world itself stays as the room saw it */
      if (!bk_game_get_module (self->world)->check (bk_game_get_hand (self->world), &action,
                                                     error))
        return FALSE;
      bk_net_stanza_init (&stanza, BK_NET_REQUEST);
      stanza.text = g_strdup (text);
    }
  stanza.hand = self->hand;
  stanza.seq = self->seq;
  bk_guest_send (self, &stanza);
  return TRUE;
}
