/* bk-friends-table.c: see bk-friends-table.h.
 *
 * The window's game ("shown") is a copy of the guest's world of the hand, turned so that
 * the person sits at seat 0. The guest deals its world again at every line (the other
 * hands are guesses), so the shown game is taken again only when a hand begins or the two
 * part: the others' lines go into it through the remote feed, at the table's pace, and
 * the person's own moves in it go to the host as requests; a refusal, or a line the shown
 * game cannot take (a card a guessed hand lacks), takes the world again.
 *
 * This file is the object, its ways in and what the room brings; the rest, each over the
 * fields of bk-friends-table-private.h:
 *   bk-friends-table-seats.c   who sits where, as the window names them
 *   bk-friends-table-shown.c   the shown game: taken, held, brought to the guest's world
 *   bk-friends-table-moves.c   the table's lines into it, the person's moves out of it
 *   bk-friends-table-local.c   what the host and its own person's guest say to each other
 *   bk-friends-table-window.c  the window that shows the table, and what it is told
 *   bk-friends-table-keep.c    the host keeping its table for later
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <string.h>

#include "bk-friends-table.h"
#include "bk-friends-table-private.h"

/* A table with friends plays until its people leave it. */
#define TABLE_DEALS 1000000

G_DEFINE_FINAL_TYPE (BkFriendsTable, bk_friends_table, G_TYPE_OBJECT)

guint _bk_friends_table_signals[N_SIGNALS];

static void
bk_friends_table_dispose (GObject *object)
{
  BkFriendsTable *self = BK_FRIENDS_TABLE (object);

  g_clear_handle_id (&self->moves_id, g_source_remove);
  g_clear_handle_id (&self->hold_id, g_source_remove);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->guest)
    g_signal_handlers_disconnect_by_data (self->guest, self);
  if (self->host)
    g_signal_handlers_disconnect_by_data (self->host, self);
  _bk_friends_table_drop_shown (self);
  _bk_friends_table_forget_window (self);
  if (self->feed)
    bk_remote_feed_clear (self->feed);
  g_clear_object (&self->feed);
  g_clear_object (&self->guest);
  g_clear_object (&self->host);
  g_queue_clear_full (&self->local, (GDestroyNotify) _bk_friends_table_local_free);
  g_queue_clear_full (&self->sent, g_free);
  g_weak_ref_set (&self->window, NULL);
  G_OBJECT_CLASS (bk_friends_table_parent_class)->dispose (object);
}

static void
bk_friends_table_finalize (GObject *object)
{
  BkFriendsTable *self = BK_FRIENDS_TABLE (object);

  bk_net_stanza_clear (&self->seats);
  g_ptr_array_unref (self->pending);
  g_weak_ref_clear (&self->window);
  g_free (self->room);
  g_free (self->nick);
  g_free (self->jid);
  g_free (self->resume_path);
  g_free (self->password);
  g_free (self->guests);
  G_OBJECT_CLASS (bk_friends_table_parent_class)->finalize (object);
}

static void
bk_friends_table_class_init (BkFriendsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = bk_friends_table_dispose;
  object_class->finalize = bk_friends_table_finalize;

  _bk_friends_table_signals[SIGNAL_SEND] =
    g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER, G_TYPE_BOOLEAN);
  _bk_friends_table_signals[SIGNAL_SEATS_CHANGED] =
    g_signal_new ("seats-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  _bk_friends_table_signals[SIGNAL_VERIFIED] =
    g_signal_new ("verified", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_STRING);
  _bk_friends_table_signals[SIGNAL_SHOWN] =
    g_signal_new ("shown", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  _bk_friends_table_signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bk_friends_table_init (BkFriendsTable *self)
{
  g_queue_init (&self->local);
  g_queue_init (&self->sent);
  g_weak_ref_init (&self->window, NULL);
  self->pending = g_ptr_array_new_with_free_func (g_free);
}

static BkFriendsTable *
table_new (const char *room,
           const char *nick,
           BkSeat      chair)
{
  BkFriendsTable *self = g_object_new (BK_TYPE_FRIENDS_TABLE, NULL);

  self->room = g_strdup (room);
  self->nick = g_strdup (nick);
  self->chair = chair;
  self->feed = bk_remote_feed_new (_bk_friends_table_apply_line, self);
  bk_remote_feed_set_busy (self->feed, _bk_friends_table_window_busy, self);
  g_signal_connect_swapped (self->feed, "refused",
                            G_CALLBACK (_bk_friends_table_feed_refused_cb), self);
  self->guest = bk_table_guest_new (room, chair);
  bk_table_guest_set_nick (self->guest, nick);
  g_signal_connect (self->guest, "send", G_CALLBACK (_bk_friends_table_guest_send_cb), self);
  g_signal_connect (self->guest, "line", G_CALLBACK (_bk_friends_table_guest_line_cb), self);
  g_signal_connect (self->guest, "refused", G_CALLBACK (_bk_friends_table_guest_refused_cb), self);
  g_signal_connect (self->guest, "waiting", G_CALLBACK (_bk_friends_table_guest_waiting_cb), self);
  g_signal_connect (self->guest, "verified",
                    G_CALLBACK (_bk_friends_table_guest_verified_cb), self);
  g_signal_connect (self->guest, "finished",
                    G_CALLBACK (_bk_friends_table_guest_finished_cb), self);
  g_signal_connect (self->guest, "host-away",
                    G_CALLBACK (_bk_friends_table_guest_host_away_cb), self);
  return self;
}

BkFriendsTable *
bk_friends_table_new_host (BkGame     *game,
                           const char *room,
                           const char *nick,
                           const char *jid,
                           BkSeat      chair)
{
  BkFriendsTable *self;

  g_return_val_if_fail (BK_IS_GAME (game) && room && nick && jid, NULL);
  g_return_val_if_fail (chair < bk_game_get_n_seats (game), NULL);

  self = table_new (room, nick, chair);
  self->jid = g_strndup (jid, strcspn (jid, "/"));
  self->host = bk_table_host_new (game, room, nick);
  bk_table_host_set_deals (self->host, TABLE_DEALS);
  bk_table_host_seat_person (self->host, chair, self->jid);
  _bk_friends_table_host_connect (self);
  return self;
}

BkFriendsTable *
bk_friends_table_new_guest (const char *room,
                            const char *nick,
                            BkSeat      chair)
{
  g_return_val_if_fail (room && nick && chair < BK_MAX_SEATS, NULL);
  return table_new (room, nick, chair);
}

gboolean
bk_friends_table_is_host (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), FALSE);
  return self->host != NULL;
}

BkTableHost *
bk_friends_table_get_host (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->host;
}

BkTableGuest *
bk_friends_table_get_guest (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->guest;
}

const char *
bk_friends_table_get_room (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->room;
}

BkSeat
bk_friends_table_get_chair (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), BK_SEAT_NONE);
  return self->chair;
}

const BkNetStanza *
bk_friends_table_get_seats (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->has_seats ? &self->seats : NULL;
}

GObject *
bk_friends_table_get_controller (BkFriendsTable *self,
                                 BkSeat          seat)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return seat < BK_MAX_SEATS && self->controllers[seat]
         ? G_OBJECT (self->controllers[seat]) : NULL;
}

BkGame *
bk_friends_table_get_shown (BkFriendsTable *self)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self), NULL);
  return self->shown;
}

void
bk_friends_table_open (BkFriendsTable *self)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  /* a table taken up again has its room */
  if (g_strcmp0 (bk_table_host_get_room (self->host), self->room) != 0)
    bk_table_host_set_room (self->host, self->room);
  bk_table_host_start (self->host);
  _bk_friends_table_flush (self);
}

gboolean
bk_friends_table_start (BkFriendsTable  *self,
                        const char      *level,
                        GError         **error)
{
  g_return_val_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  /* a table taken up again was started before (bk_friends_table_open() goes on with it) */
  if (self->resumed)
    return TRUE;
  for (guint c = 0; self->has_seats && c < self->seats.n_seats; c++)
    if (c != self->chair && self->seats.seats[c].nick == NULL &&
        self->seats.seats[c].level == NULL &&
        !bk_table_host_seat_computer (self->host, c, level, error))
      return FALSE;
  /* posts the table again, and the first hand begins once every person sits */
  bk_table_host_start (self->host);
  _bk_friends_table_flush (self);
  return TRUE;
}

void
bk_friends_table_set_hints (BkFriendsTable *self,
                            gboolean        allowed)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && self->host != NULL);

  bk_table_host_set_hints (self->host, allowed);
  _bk_friends_table_flush (self);
}

void
bk_friends_table_receive (BkFriendsTable      *self,
                          const char          *nick,
                          const char          *real_jid,
                          const BkXmppElement *payload,
                          gboolean             private)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && nick != NULL && payload != NULL);

  /* our own posts come back from the room */
  if (strcmp (nick, self->nick) == 0)
    return;
  if (self->host)
    {
      /* in the room, the host reads only what a guest may post there (a newcomer's
       * <resync/>) */
      if (private)
        bk_table_host_handle (self->host, nick, real_jid, payload, g_get_monotonic_time (),
                              NULL);
      else
        bk_table_host_handle_room (self->host, nick, real_jid, payload,
                                   g_get_monotonic_time (), NULL);
    }
  else
    {
      g_autoptr (GError) error = NULL;

      /* the chairs, as the table the guest took shows them: from its host alone (issue
       * 31, finding 1) */
      if (!bk_table_guest_handle (self->guest, nick, payload, private, &error))
        g_debug ("Chair %u drops <%s/> from %s: %s", self->chair,
                 bk_xmpp_element_get_name (payload), nick, error->message);
      else if (strcmp (bk_xmpp_element_get_name (payload), "table") == 0)
        _bk_friends_table_take_seats (self, payload);
      else
        _bk_friends_table_took_state (self, payload);
      _bk_friends_table_sync_shown (self);
    }
  _bk_friends_table_flush (self);
}

void
bk_friends_table_occupant (BkFriendsTable *self,
                           const char     *nick,
                           const char     *real_jid,
                           gboolean        present)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self) && nick != NULL);

  if (self->host)
    bk_table_host_occupant (self->host, nick, real_jid, present, g_get_monotonic_time ());
  else
    bk_table_guest_occupant (self->guest, nick, present);
  _bk_friends_table_flush (self);
}

/* --- for bk-friends-table-keep.c --- */

BkFriendsTable *
_bk_friends_table_new (const char *room,
                       const char *nick,
                       BkSeat      chair)
{
  return table_new (room, nick, chair);
}
