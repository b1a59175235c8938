/* bk-remote-feed.h: the moves of a table with friends on their way into the window's game.
 * What the table has done arrives faster than the table shows it (the host's computer
 * players act at once, and a dialog may cover the table): the feed holds the record lines
 * and gives them to the window's game one at a time, when the table has shown what came
 * before, never while paused. Every BkRemoteController of one window shares one feed, so
 * that the lines keep their order whoever made them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-computer-players.h"

G_BEGIN_DECLS

#define BK_TYPE_REMOTE_FEED (bk_remote_feed_get_type ())

G_DECLARE_FINAL_TYPE (BkRemoteFeed, bk_remote_feed, BK, REMOTE_FEED, GObject)

/* Puts @line (record notation) into the window's game; FALSE when the game refuses it. */
typedef gboolean (*BkRemoteApplyFunc) (const char *line,
                                       gpointer    user_data);

BkRemoteFeed *bk_remote_feed_new        (BkRemoteApplyFunc  apply,
                                         gpointer           apply_data);
/* Until when the view is busy showing something (NULL: never busy). */
void          bk_remote_feed_set_busy   (BkRemoteFeed      *self,
                                         BkBusyFunc         busy,
                                         gpointer           busy_data);
void          bk_remote_feed_push       (BkRemoteFeed      *self,
                                         const char        *line);
/* Forgets what waits (the window's game was taken again from the table). */
void          bk_remote_feed_clear      (BkRemoteFeed      *self);
guint         bk_remote_feed_get_length (BkRemoteFeed      *self);
void          bk_remote_feed_pause      (BkRemoteFeed      *self);
void          bk_remote_feed_resume     (BkRemoteFeed      *self);
void          bk_remote_feed_hurry      (BkRemoteFeed      *self);
gboolean      bk_remote_feed_is_idle    (BkRemoteFeed      *self);

/* Signals:
 *   refused (const char *line): the window's game refused a line; what waited is gone
 */

G_END_DECLS
