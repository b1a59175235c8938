/* bk-table-guest-take.c: what each payload from the host does to a guest, and the
 * verification of each hand once its secrets are revealed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-fair-deal.h"
#include "bk-net-senders.h"
#include "bk-record.h"
#include "bk-table-guest-private.h"


static void
add_verdict (BkTableGuest *self,
             guint         hand,
             gboolean      verified,
             const char   *message)
{
  BkTableVerdict verdict = { hand, verified, g_strdup (message) };

  g_array_append_val (self->verdicts, verdict);
  g_message ("Hand %u: %s", hand, message);
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_VERIFIED], 0, hand, verified, message);
}

/* Checks hand @hand_number of @reveal, committed to @commitment (NULL: it was not), with
 * @persons the seats of people then and @lines the public lines of the hand. */
static void
verify_hand (BkTableGuest      *self,
             const BkNetStanza *reveal,
             guint              hand_number,
             const guint8      *commitment,
             guint32            persons,
             const char        *lines)
{
  BkFairDealHand hand = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *full = NULL;

  if (self->broken)
    {
      add_verdict (self, reveal->hand, FALSE,
                   _("Not checked: an earlier hand failed its verification"));
      return;
    }
  hand.room = self->room;
  hand.hand_number = hand_number;
  hand.expected_hand = self->verified_hands + 1;
  if (commitment)
    memcpy (hand.commitment, commitment, BK_NET_SECRET_SIZE);
  hand.reveal = reveal;
  hand.own_seat = self->seat;
  /* a hand held for its lines is a spectator's: no secret, no cards of its own */
  hand.own_secret_known = self->secret_known && hand_number == self->hand;
  memcpy (hand.own_secret, self->secret, BK_NET_SECRET_SIZE);
  hand.person_seats = persons;
  hand.own_cards = hand_number == self->hand ? self->dealt : 0;
  if (commitment == NULL)
    g_set_error (&error, BK_NET_ERROR, BK_NET_ERROR_VERIFY,
                 _("Hand %u was dealt without a commitment"), reveal->hand);
  else if (reveal->hand != hand_number)
    g_set_error (&error, BK_NET_ERROR, BK_NET_ERROR_VERIFY,
                 _("Hand %u was revealed while hand %u was in play"), reveal->hand,
                 hand_number);
  if (error == NULL && bk_fair_deal_verify (&hand, self->record, lines, &full, &error))
    {
      g_free (self->record);
      self->record = g_steal_pointer (&full);
      self->verified_hands++;
      add_verdict (self, reveal->hand, TRUE, _("deal and play verified"));
    }
  else
    {
      self->broken = TRUE;
      add_verdict (self, reveal->hand, FALSE, error->message);
    }
}

static void
verify (BkTableGuest      *self,
        const BkNetStanza *reveal)
{
  verify_hand (self, reveal, self->hand, self->has_commit ? self->commitment : NULL,
               self->commit_persons, self->lines->str);
  self->has_commit = FALSE;
}

/* A spectator that missed a line of the hand keeps its <reveal/> until the lines come
 * (finding 4 of issue 31): the host's answer to our <resync/> may come after it. */
static void
hold_reveal (BkTableGuest        *self,
             const BkXmppElement *payload)
{
  self->held_reveal = bk_xmpp_element_ref ((BkXmppElement *) payload);
  self->held_hand = self->hand;
  memcpy (self->held_commitment, self->commitment, BK_NET_SECRET_SIZE);
  self->held_persons = self->commit_persons;
  self->held_lines = g_string_new (self->lines->str);
  self->has_commit = FALSE;
  g_debug ("Hand %u is revealed, and a line of it is missing: we wait for the table",
           self->hand);
  bk_guest_ask_resync (self);
}

/* Verifies the held <reveal/> with @lines (NULL: the lines we saw of it). */
static void
release_reveal (BkTableGuest *self,
                const char   *lines)
{
  g_auto (BkNetStanza) reveal = { 0 };
  g_autoptr (BkXmppElement) payload = g_steal_pointer (&self->held_reveal);
  g_autoptr (GString) held_lines = g_steal_pointer (&self->held_lines);

  if (payload == NULL)
    return;
  memset (&reveal, 0, sizeof reveal);
  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &reveal, NULL))
    g_assert_not_reached ();
  verify_hand (self, &reveal, self->held_hand, self->held_commitment, self->held_persons,
               lines ? lines : held_lines->str);
}

/* Payloads a guest drops: for the log (and the caller) only, never shown to a person. */
gboolean
bk_guest_refuse (GError    **error,
                 const char *format,
                 ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s", message);
  g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_UNEXPECTED, message);
  return FALSE;
}

/* Who sits where, for the words heard. */
static void
take_nicks (BkTableGuest      *self,
            const BkNetStanza *stanza)
{
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    {
      g_free (self->nicks[s]);
      self->nicks[s] = s < stanza->n_seats ? g_strdup (stanza->seats[s].nick) : NULL;
    }
}

static gboolean
take_table (BkTableGuest      *self,
            const BkNetStanza *stanza,
            GError           **error)
{
  if (self->host != NULL && strcmp (stanza->host, self->host) != 0)
    return bk_guest_refuse (error, "A table from the host names %s as its host", stanza->host);
  if (self->host == NULL)
    {
      g_autoptr (BkGame) game = NULL;

      game = bk_record_replay (stanza->record, NULL, NULL, NULL, error);
      if (game == NULL)
        return FALSE;
      if (bk_game_get_n_seats (game) != stanza->n_seats ||
          (self->seat != BK_SEAT_NONE && self->seat >= stanza->n_seats))
        return bk_guest_refuse (error, "The table does not have the seats it says");
      self->host = g_strdup (stanza->host);
      self->record = g_strdup (stanza->record);
    }
  self->person_seats = 0;
  for (guint s = 0; s < stanza->n_seats; s++)
    if (stanza->seats[s].level == NULL)
      self->person_seats |= 1u << s;
  take_nicks (self, stanza);
  /* our claim of a computer's chair is kept for the hand's end: no need to ask again */
  self->claim_waiting = self->seat != BK_SEAT_NONE && !self->seated && self->claimed &&
                        self->seat < stanza->n_seats && stanza->seats[self->seat].nick &&
                        stanza->seats[self->seat].level && !stanza->seats[self->seat].away &&
                        (self->nick == NULL ||
                         g_strcmp0 (stanza->seats[self->seat].nick, self->nick) == 0);
  if (self->claim_waiting)
    self->retry_at = 0;
  if (self->seat != BK_SEAT_NONE && !self->claimed)
    {
      self->claimed = TRUE;
      bk_guest_send_simple (self, BK_NET_CLAIM);
      /* until the host answers with <state/> */
      self->retry_at = bk_guest_now (self) + CLAIM_WAIT_US;
      bk_guest_schedule (self);
    }
  return TRUE;
}

/* Whether @refused answers something we asked (finding 5 of issue 31: a second session
 * of our account under our nickname claimed a taken chair, the host's `seat-taken` reached
 * both, and the seated one quit). A chair is refused to a claim alone, the engine's
 * refusals answer an action, anything else answers whatever we asked. */
static gboolean
answers_ask (BkTableGuest      *self,
             const BkNetStanza *refused)
{
  static const char * const engine[] = {
    "not-your-turn", "wrong-phase", "not-in-hand", "illegal", NULL
  };

  if (strcmp (refused->code, "seat-taken") == 0)
    return self->asks[BK_NET_CLAIM].open;
  /* the host refuses an action where the table is: in the hand it was asked in */
  if (g_strv_contains (engine, refused->code))
    return (self->asks[BK_NET_REQUEST].open &&
            self->asks[BK_NET_REQUEST].hand == refused->hand) ||
           (self->asks[BK_NET_DECLINE].open &&
            self->asks[BK_NET_DECLINE].hand == refused->hand);
  for (guint k = 0; k < BK_NET_N_KINDS; k++)
    if (self->asks[k].open)
      return TRUE;
  return FALSE;
}

/* A new hand, or the table so far: what we asked of the hand before is answered. */
static void
close_asks (BkTableGuest *self,
            gboolean      state)
{
  self->asks[BK_NET_SECRET].open = FALSE;
  self->asks[BK_NET_REQUEST].open = FALSE;
  self->asks[BK_NET_DECLINE].open = FALSE;
  if (state)
    {
      self->asks[BK_NET_CLAIM].open = FALSE;
      self->asks[BK_NET_RESYNC].open = FALSE;
    }
}

static void
take_state (BkTableGuest      *self,
            const BkNetStanza *stanza)
{
  g_autoptr (BkGame) game = bk_record_replay (stanza->record, NULL, NULL, NULL, NULL);
  BkHand dealt = 0;

  if (game == NULL || (stanza->text[0] && !bk_hand_parse (stanza->text, &dealt, NULL)))
    return;
  /* the lines of a hand we hold the reveal of: in the record when the table moved on */
  if (self->held_reveal)
    {
      g_autofree char *held = NULL;

      if (stanza->hand > self->held_hand && self->record &&
          g_str_has_prefix (stanza->record, self->record))
        held = bk_net_public_lines (stanza->record + strlen (self->record));
      else if (stanza->hand == self->held_hand)
        held = g_strdup (stanza->lines);
      release_reveal (self, held);
    }
  self->gap = FALSE;
  /* What we verified ourselves stays; after a restart the host's record of the finished
   * hands is taken as it is (they were public, but we did not see them). */
  if (stanza->hand != self->hand || !self->has_commit)
    {
      self->secret_known = FALSE;
      self->has_commit = stanza->has_digest;
      memcpy (self->commitment, stanza->digest, BK_NET_SECRET_SIZE);
      self->commit_persons = self->person_seats;
    }
  if (self->verified_hands + 1 != stanza->hand || g_strcmp0 (self->record, stanza->record))
    {
      g_free (self->record);
      self->record = g_strdup (stanza->record);
      self->verified_hands = stanza->hand > 0 ? stanza->hand - 1 : 0;
    }
  self->hand = stanza->hand;
  self->dealt = dealt;
  self->cards_due = 0;
  g_string_assign (self->lines, stanza->lines);
  self->seq = stanza->seq;
  self->asked_seq = G_MAXUINT;
  /* a decline the host may not have had (lost with a host killed) is sent again */
  self->declined_level = 0;
  self->seated = TRUE;
  self->resync_until = 0;
  close_asks (self, TRUE);
  /* the state answers whatever we would ask again */
  self->retry_at = 0;
  bk_guest_schedule (self);
  /* the deal waits for our secret (sent again: the first may have been refused) */
  if (self->has_commit && bk_guest_dealer_line (self->lines->str) == NULL)
    bk_guest_send_secret (self);
  bk_guest_rebuild_world (self);
  g_debug ("State of hand %u at line %u: %s", self->hand, self->seq,
           self->world ? "in play" : "no world");
  bk_guest_maybe_act (self);
}

gboolean
bk_table_guest_handle (BkTableGuest        *self,
                       const char          *nick,
                       const BkXmppElement *payload,
                       gboolean             private,
                       GError             **error)
{
  g_auto (BkNetStanza) stanza = { 0 };
  gboolean from_host;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  g_return_val_if_fail (nick != NULL && payload != NULL, FALSE);

  memset (&stanza, 0, sizeof stanza);
  if (!bk_net_stanza_parse (payload, BK_NET_MAX_PAYLOAD_BYTES, &stanza, error))
    return FALSE;
  /* Only the host speaks for the table, each payload where it belongs (bk-net-senders.h);
   * the first <table/> names the host (section 2, "Who is who"). Finding 1 of issue 31:
   * a <table/> from anyone else was taken. */
  from_host = self->host ? strcmp (nick, self->host) == 0
                         : stanza.kind == BK_NET_TABLE && strcmp (nick, stanza.host) == 0;
  if (!bk_net_sender_may (stanza.kind, from_host, private, error))
    return FALSE;
  if (bk_net_sender_rule (stanza.kind)->sender != BK_NET_FROM_HOST)
    return bk_guest_refuse (error, "The host does not send <%s/>",
                            bk_net_kind_name (stanza.kind));
  if (stanza.kind == BK_NET_TABLE)
    return take_table (self, &stanza, error);
  bk_guest_set_host_away (self, FALSE);
  /* the host speaks: what we sent was heard, or is answered by what comes */
  self->quiet_at = 0;
  switch (stanza.kind)
    {
    case BK_NET_COMMIT:
      self->hand = stanza.hand;
      self->has_commit = TRUE;
      memcpy (self->commitment, stanza.digest, BK_NET_SECRET_SIZE);
      self->commit_persons = self->person_seats;
      self->dealt = 0;
      self->cards_due = 0;
      self->secret_known = FALSE;
      g_string_truncate (self->lines, 0);
      self->seq = 0;
      self->gap = FALSE;
      self->asked_seq = G_MAXUINT;
      self->declined_level = 0;
      close_asks (self, FALSE);
      g_clear_object (&self->world);
      bk_guest_send_secret (self);
      break;
    case BK_NET_HAND:
      if (stanza.seat != self->seat || stanza.hand != self->hand ||
          !bk_hand_parse (stanza.text, &self->dealt, NULL))
        return bk_guest_refuse (error, "Cards not meant for us");
      self->cards_due = 0;
      bk_guest_rebuild_world (self);
      bk_guest_maybe_act (self);
      break;
    case BK_NET_LINE:
    case BK_NET_ACTION:
      if (stanza.hand != self->hand || stanza.seq != self->seq)
        {
          /* a line (or the commitment of its hand) missed: ask for the table again */
          if (stanza.hand > self->hand || (stanza.hand == self->hand && stanza.seq > self->seq))
            {
              self->gap = TRUE;
              bk_guest_ask_resync (self);
            }
          return bk_guest_refuse (error,
                                  "Line %u of hand %u came where line %u of hand %u was due",
                                  stanza.seq, stanza.hand, self->seq, self->hand);
        }
      g_string_append_printf (self->lines, "%s\n", stanza.text);
      self->seq++;
      /* the line we missed came after all (a host started again posts it again) */
      self->gap = FALSE;
      /* the deal is out: every secret was in */
      if (g_str_has_prefix (stanza.text, "dealer "))
        self->asks[BK_NET_SECRET].open = FALSE;
      /* the deal is out: our cards come next, unless they were lost on the way */
      if (self->seat != BK_SEAT_NONE && self->dealt == 0 && self->cards_due == 0 &&
          g_str_has_prefix (stanza.text, "dealer "))
        {
          self->cards_due = bk_guest_now (self) + QUIET_US;
          bk_guest_schedule (self);
        }
      self->retries = 0;
      self->retried_late = FALSE;
      g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_LINE], 0, stanza.text);
      bk_guest_rebuild_world (self);
      bk_guest_maybe_act (self);
      break;
    case BK_NET_REFUSED:
      /* a refusal that answers nothing we asked changes nothing */
      if (!answers_ask (self, &stanza))
        return bk_guest_refuse (error, "A refusal (%s) that answers nothing we asked: %s",
                                stanza.code, stanza.text);
      if (strcmp (stanza.code, "seat-taken") == 0)
        self->asks[BK_NET_CLAIM].open = FALSE;
      if (bk_guest_token_refused (self, &stanza))
        break;
      g_message ("The host refused: %s (%s)", stanza.text, stanza.code);
      g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_REFUSED], 0, stanza.code, stanza.text);
      /* A stanza for an older line, when we have asked at this one since: what we asked
       * now is on its way, and asking again would only be refused too. */
      if (strcmp (stanza.code, "replayed") == 0 && stanza.hand == self->hand &&
          stanza.seq == self->seq && self->asked_seq == self->seq)
        {
          self->declined_level = 0;
          break;
        }
      /* The next line asks us again (a missed one shows as a gap); when we have seen
       * every line, we ask again now, a few times at most. */
      self->asked_seq = G_MAXUINT;
      /* a decline that came too late did not count: the offer is still ours to answer */
      if (strcmp (stanza.code, "replayed") == 0)
        self->declined_level = 0;
      /* a flood refusal says nothing of the stanza: the host did not read it; and the
       * table must not stall at a refusal, so a moment later we ask again */
      if (strcmp (stanza.code, "flood") == 0)
        bk_guest_retry_later (self);
      else if (strcmp (stanza.code, "seat-taken") == 0 && !self->seated)
        {
          /* the seat is not ours: we stop claiming it */
          self->retry_at = 0;
          self->claim_waiting = FALSE;
          bk_guest_schedule (self);
        }
      else if (stanza.hand == self->hand && stanza.seq == self->seq)
        {
          if (self->retries++ < 3)
            {
              bk_guest_rebuild_world (self);
              bk_guest_maybe_act (self);
            }
          else if (!self->retried_late)
            {
              self->retried_late = TRUE;
              bk_guest_retry_later (self);
            }
        }
      break;
    case BK_NET_REVEAL:
      /* a host started again may reveal the hand we verified once more; a hand dealt
       * again comes with a commitment of its own */
      if (stanza.hand > 0 && stanza.hand <= self->verified_hands)
        return bk_guest_refuse (error, "Hand %u was revealed already", stanza.hand);
      /* a claimant came during the hand and did not see it dealt: its <state/> gives it
       * the record from the next hand on (section 3.14) */
      if (self->seat != BK_SEAT_NONE && !self->seated)
        return bk_guest_refuse (error, "Hand %u was played before we sat", stanza.hand);
      /* revealed again (a host started again): the lines we missed came before it */
      if (self->held_reveal && self->held_hand == stanza.hand && self->hand == stanza.hand)
        {
          g_clear_pointer (&self->held_reveal, bk_xmpp_element_unref);
          g_string_free (g_steal_pointer (&self->held_lines), TRUE);
          self->has_commit = TRUE;
        }
      /* the table moved on without the lines we asked for: the hand is checked as it is */
      release_reveal (self, NULL);
      if (self->seat == BK_SEAT_NONE && self->gap && self->has_commit &&
          stanza.hand == self->hand)
        {
          hold_reveal (self, payload);
          g_clear_object (&self->world);
          break;
        }
      verify (self, &stanza);
      g_clear_object (&self->world);
      break;
    case BK_NET_STATE:
      if (stanza.seat != self->seat)
        return bk_guest_refuse (error, "A state not meant for us");
      take_state (self, &stanza);
      break;
    case BK_NET_WAIT:
      g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_WAITING], 0, stanza.seat, stanza.seconds);
      break;
    case BK_NET_TOKEN:
      return bk_guest_take_token (self, &stanza, error);
    case BK_NET_END:
      release_reveal (self, NULL);
      self->finished = TRUE;
      g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_FINISHED], 0);
      break;
    default:
      return bk_guest_refuse (error, "The host does not send <%s/>",
                              bk_net_kind_name (stanza.kind));
    }
  return TRUE;
}
