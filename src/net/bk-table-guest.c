/* bk-table-guest.c: a seat or a spectator at a table (docs/network.md): the object, what
 * it shows, and free words. What it sends is in bk-table-guest-send.c, the world of the
 * hand in bk-table-guest-world.c, what each payload does in bk-table-guest-take.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bk-error.h"
#include "bk-table-words.h"
#include "bk-table-guest-private.h"

G_DEFINE_FINAL_TYPE (BkTableGuest, bk_table_guest, G_TYPE_OBJECT)

void
bk_guest_outgoing_free (Outgoing *outgoing)
{
  bk_xmpp_element_unref (outgoing->payload);
  g_free (outgoing);
}

guint bk_guest_signals[GUEST_N_SIGNALS];

static void
verdict_clear (gpointer data)
{
  BkTableVerdict *verdict = data;

  g_free (verdict->message);
}

static void
bk_table_guest_dispose (GObject *object)
{
  BkTableGuest *self = BK_TABLE_GUEST (object);

  self->disposed = TRUE;
  if (self->timer)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
  g_queue_clear_full (&self->outbox, (GDestroyNotify) bk_guest_outgoing_free);
  g_clear_object (&self->strategy);
  g_clear_object (&self->world);
  G_OBJECT_CLASS (bk_table_guest_parent_class)->dispose (object);
}

static void
bk_table_guest_finalize (GObject *object)
{
  BkTableGuest *self = BK_TABLE_GUEST (object);

  g_free (self->room);
  g_free (self->host);
  g_free (self->nick);
  g_free (self->record);
  g_string_free (self->lines, TRUE);
  g_clear_pointer (&self->held_reveal, bk_xmpp_element_unref);
  if (self->held_lines)
    g_string_free (self->held_lines, TRUE);
  g_array_unref (self->verdicts);
  g_main_context_unref (self->context);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    g_free (self->nicks[s]);
  bk_net_words_rate_free (self->heard_rate);
  G_OBJECT_CLASS (bk_table_guest_parent_class)->finalize (object);
}

static void
bk_table_guest_class_init (BkTableGuestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_table_guest_dispose;
  object_class->finalize = bk_table_guest_finalize;

  bk_guest_signals[GUEST_SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  bk_guest_signals[GUEST_SIGNAL_LINE] =
    g_signal_new ("line", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
  bk_guest_signals[GUEST_SIGNAL_TURN] =
    g_signal_new ("turn", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  bk_guest_signals[GUEST_SIGNAL_REFUSED] =
    g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_STRING, G_TYPE_STRING);
  bk_guest_signals[GUEST_SIGNAL_WAITING] =
    g_signal_new ("waiting", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_UINT, G_TYPE_UINT);
  bk_guest_signals[GUEST_SIGNAL_VERIFIED] =
    g_signal_new ("verified", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_STRING);
  bk_guest_signals[GUEST_SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  bk_guest_signals[GUEST_SIGNAL_HOST_AWAY] =
    g_signal_new ("host-away", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_BOOLEAN);
  bk_guest_signals[GUEST_SIGNAL_WORDS] =
    g_signal_new ("words", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_UINT, G_TYPE_STRING);
  bk_guest_signals[GUEST_SIGNAL_TOKEN] =
    g_signal_new ("token", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
}

void
bk_guest_set_host_away (BkTableGuest *self,
                        gboolean      away)
{
  if (self->host_away == away)
    return;
  self->host_away = away;
  g_message (away ? "The host left the room; we wait for it" : "The host is back");
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_HOST_AWAY], 0, away);
}

void
bk_table_guest_occupant (BkTableGuest *self,
                         const char   *nick,
                         gboolean      present)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self) && nick != NULL);

  /* the host is back once it speaks to us again (a host started again sends the table) */
  if (!present && !self->finished && g_strcmp0 (nick, self->host) == 0)
    bk_guest_set_host_away (self, TRUE);
}

gboolean
bk_table_guest_is_host_away (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->host_away;
}

static void
bk_table_guest_init (BkTableGuest *self)
{
  self->lines = g_string_new (NULL);
  self->verdicts = g_array_new (FALSE, TRUE, sizeof (BkTableVerdict));
  g_array_set_clear_func (self->verdicts, verdict_clear);
  self->asked_seq = G_MAXUINT;
  self->context = g_main_context_ref_thread_default ();
  g_queue_init (&self->outbox);
}

BkTableGuest *
bk_table_guest_new (const char *room_jid,
                    BkSeat      seat)
{
  BkTableGuest *self;

  g_return_val_if_fail (room_jid != NULL, NULL);
  g_return_val_if_fail (seat == BK_SEAT_NONE || seat < BK_MAX_SEATS, NULL);

  self = g_object_new (BK_TYPE_TABLE_GUEST, NULL);
  self->room = g_strdup (room_jid);
  self->seat = seat;
  return self;
}

void
bk_table_guest_set_strategy (BkTableGuest *self,
                             BkStrategy   *strategy)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  g_set_object (&self->strategy, strategy);
}

BkGame *
bk_table_guest_get_game (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->world;
}

BkSeat
bk_table_guest_get_seat (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), BK_SEAT_NONE);
  return self->seat;
}

const char *
bk_table_guest_get_host (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->host;
}

GArray *
bk_table_guest_get_verdicts (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->verdicts;
}

gboolean
bk_table_guest_is_finished (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->finished;
}

const char *
bk_table_guest_get_record (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), NULL);
  return self->record;
}

void
bk_table_guest_set_nick (BkTableGuest *self,
                         const char   *nick)
{
  g_return_if_fail (BK_IS_TABLE_GUEST (self));
  g_free (self->nick);
  self->nick = g_strdup (nick);
}

gboolean
bk_table_guest_is_claim_waiting (BkTableGuest *self)
{
  g_return_val_if_fail (BK_IS_TABLE_GUEST (self), FALSE);
  return self->claim_waiting && !self->seated;
}

/* --- free words (docs/network.md, 3.13) --- */

gboolean
bk_table_guest_say (BkTableGuest  *self,
                    const char    *text,
                    GError       **error)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && text != NULL, FALSE);

  line = bk_net_words_clean (text, error);
  if (line == NULL)
    return FALSE;
  if (!self->say_paced)
    {
      bk_net_bucket_init (&self->say_pace, BK_NET_WORDS_BURST, BK_NET_WORDS_PER_SECOND,
                          bk_guest_now (self));
      self->say_paced = TRUE;
    }
  /* at the others' cap, so that what we say is never dropped by them */
  if (!bk_net_bucket_take (&self->say_pace, bk_guest_now (self)))
    {
      g_set_error_literal (error, BK_NET_ERROR, BK_NET_ERROR_FLOOD,
                           _("You are talking faster than the table can listen: wait a "
                             "moment"));
      return FALSE;
    }
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_SEND], 0, NULL, line, NULL, FALSE);
  /* the room's echo of our own words is not passed to us: we hear them now */
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_WORDS], 0, NULL, (guint) self->seat, line);
  return TRUE;
}

gboolean
bk_table_guest_hear (BkTableGuest  *self,
                     const char    *nick,
                     const char    *body,
                     GError       **error)
{
  g_autofree char *line = NULL;
  guint chair = BK_SEAT_NONE;

  g_return_val_if_fail (BK_IS_TABLE_GUEST (self) && nick != NULL && body != NULL, FALSE);

  if (self->heard_rate == NULL)
    self->heard_rate = bk_net_words_rate_new ();
  if (!bk_net_words_rate_take (self->heard_rate, nick, bk_guest_now (self)))
    {
      g_set_error (error, BK_NET_ERROR, BK_NET_ERROR_FLOOD,
                   "%s says too much too fast: words dropped", nick);
      return FALSE;
    }
  line = bk_net_words_heard (body);
  if (line == NULL)
    return bk_guest_refuse (error, "Words from %s with nothing to show", nick);
  for (guint s = 0; s < BK_MAX_SEATS; s++)
    if (g_strcmp0 (self->nicks[s], nick) == 0)
      chair = s;
  g_signal_emit (self, bk_guest_signals[GUEST_SIGNAL_WORDS], 0, nick, chair, line);
  return TRUE;
}
