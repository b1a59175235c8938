/* bk-friends-table-window.c: the window that shows a table with friends (a weak
 * reference: it may go without telling us), what it asks of the table (the next hand, the
 * review, how long its table is busy) and the toasts the guest's news become; see
 * bk-friends-table.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "bk-friends"

#include "config.h"

#include <glib/gi18n.h>

#include "bk-friends-chat.h"
#include "bk-friends-table-private.h"

BkWindow *
_bk_friends_table_get_window (BkFriendsTable *self)
{
  return g_weak_ref_get (&self->window);
}

/* The window's: the person answered the result of the hand shown. */
static void
result_answered_cb (gpointer data)
{
  BkFriendsTable *self = data;

  self->result_answered = TRUE;
  g_debug ("Chair %u has seen the result of hand %u", self->chair, self->shown_hand);
  _bk_friends_table_sync_shown (self);
}

/* The window's: the review of the hand shown is of its revealed deal. */
static BkGame *
revealed_cb (gpointer data)
{
  return bk_friends_table_dup_revealed (data);
}

void
_bk_friends_table_guest_refused_cb (BkTableGuest   *guest,
                                    const char     *reason,
                                    const char     *message,
                                    BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);

  if (g_str_equal (reason, "flood") || g_str_equal (reason, "replayed"))
    return;
  self->out_of_step = TRUE;
  if (window && bk_window_is_at_table (window))
    bk_window_show_toast (window, message);
}

void
_bk_friends_table_guest_waiting_cb (BkTableGuest   *guest,
                                    guint           chair,
                                    guint           seconds,
                                    BkFriendsTable *self)
{
  if (chair < BK_MAX_SEATS)
    self->wait[chair] = MAX (seconds, 1);
  _bk_friends_table_update_presence (self);
}

void
_bk_friends_table_guest_verified_cb (BkTableGuest   *guest,
                                     guint           hand,
                                     gboolean        verified,
                                     const char     *message,
                                     BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);

  if (window && bk_window_is_at_table (window))
    {
      /* the result says it; the toast for who looks at the table */
      bk_window_set_table_verdict (window, hand, verified, message);
      /* Translators: the hand's number, then "deal and play verified" or what failed */
      g_autofree char *text = g_strdup_printf (_("Hand %u: %s"), hand,
                                               verified ? _("deal and play verified") : message);

      bk_window_show_toast (window, text);
    }
  g_signal_emit (self, _bk_friends_table_signals[SIGNAL_VERIFIED], 0, hand, verified, message);
}

void
_bk_friends_table_guest_host_away_cb (BkTableGuest   *guest,
                                      gboolean        away,
                                      BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);

  _bk_friends_table_update_presence (self);
  if (window && bk_window_is_at_table (window))
    bk_window_show_toast (window, away ? _("The host has left the table: waiting for the host")
                                       : _("The host is back"));
}

/* #24 (endkeys): the table has ended: the window's answer to its last result leaves it. */
void
_bk_friends_table_guest_finished_cb (BkTableGuest   *guest,
                                     BkFriendsTable *self)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (self);

  if (window && bk_window_is_at_table (window))
    bk_window_set_table_ended (window);
  g_signal_emit (self, _bk_friends_table_signals[SIGNAL_FINISHED], 0);
}

/* The window no longer asks us for the next hand. */
void
_bk_friends_table_forget_window (BkFriendsTable *self)
{
  g_autoptr (BkWindow) old = _bk_friends_table_get_window (self);

  if (old)
    {
      bk_window_set_table_next (old, NULL, NULL);
      bk_window_set_table_review (old, NULL, NULL);
      if (g_object_get_data (G_OBJECT (old), "bk-friends-table") == self)
        {
          g_object_set_data (G_OBJECT (old), "bk-friends-table", NULL);
          bk_window_set_table_chat (old, NULL);
        }
    }
}

/* The feed's: how long the window's table shows what came before. Asked through the weak
 * reference, as the window may go without telling us (its table with it). */
gint64
_bk_friends_table_window_busy (gpointer data)
{
  g_autoptr (BkWindow) window = _bk_friends_table_get_window (data);
  BkTable *table = window ? bk_window_get_table (window) : NULL;

  return table ? bk_table_get_busy_until (table) : 0;
}

void
bk_friends_table_set_window (BkFriendsTable *self,
                             BkWindow       *window)
{
  g_return_if_fail (BK_IS_FRIENDS_TABLE (self));
  g_return_if_fail (window == NULL || BK_IS_WINDOW (window));

  _bk_friends_table_forget_window (self);
  g_weak_ref_set (&self->window, window);
  if (window)
    {
      /* hostquit: the window's quit asks the table's host whether to keep it */
      g_object_set_data (G_OBJECT (window), "bk-friends-table", self);
      bk_window_set_table_next (window, result_answered_cb, self);
      bk_window_set_table_review (window, revealed_cb, self);
      bk_window_set_table_chat (window, bk_friends_chat_new (self, window));
      _bk_friends_table_sync_shown (self);
    }
}
