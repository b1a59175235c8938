/* bk-friends-chat.h: the chat of a table with friends (docs/network.md, 3.13 "Free
 * words"): a button in the window's corner (or the key C) opens "Say something to the
 * table"; Enter says the words and gives the keyboard back to the table, Escape only
 * gives it back. The words heard, from everyone in the room (the table's own people, a
 * spectator, a plain XMPP client), go to the window's talk log and, from a chair, for a
 * moment to its speech bubble (bk_window_add_table_words()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bk-friends-table.h"

G_BEGIN_DECLS

#define BK_TYPE_FRIENDS_CHAT (bk_friends_chat_get_type ())

G_DECLARE_FINAL_TYPE (BkFriendsChat, bk_friends_chat, BK, FRIENDS_CHAT, GtkWidget)

/* The chat of @table (held weakly), for @window (which shows the words). */
GtkWidget *bk_friends_chat_new   (BkFriendsTable *table,
                                  BkWindow       *window);
/* Says @text at @table (FALSE with the reason when refused: nothing left of it, too
 * long, too fast). */
gboolean   bk_friends_table_say  (BkFriendsTable *table,
                                  const char     *text,
                                  GError        **error);
/* A body without a payload of ours from the occupant @nick, live (not the room's history,
 * not our own echo): free words heard. */
void       bk_friends_table_hear (BkFriendsTable *table,
                                  const char     *nick,
                                  const char     *body);

G_END_DECLS
