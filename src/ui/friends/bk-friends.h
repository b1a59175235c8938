/* bk-friends.h: where the rest of the app reaches tables with friends (issue 24): the
 * Friends page of Preferences, "Table with Friends" and "Join a Table" in the game chooser,
 * `bierkopf --join URI`, and the account's goodbye at shutdown. Without the network layer
 * (-Dnet=disabled, no BK_HAVE_NET) the page and the shutdown do nothing, so that their
 * callers need no conditional; the chooser's rows and --join exist only with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-window.h"

G_BEGIN_DECLS

#ifdef BK_HAVE_NET
/* Adds the Friends page (the account, bk-account-page.h) to Preferences. */
void bk_friends_add_preferences_page (AdwPreferencesWindow *window);
/* At the app's shutdown: the account's connection closes its stream (bk-account.h). */
void bk_friends_shutdown             (void);
/* A table of @game_id (a row of the chooser) with the rules chosen for it, and its lobby
 * over @window. */
void bk_friends_open_table           (BkWindow             *window,
                                      const char           *game_id);
/* The lobby of the table of @uri (NULL: the person pastes it there). */
void bk_friends_join_table           (BkWindow             *window,
                                      const char           *uri);
/* `bierkopf --join URI` sent to the running app: the lobby of @uri's table, once the
 * person agrees when a hand alone is in play (its session is saved anyway); a window at a
 * table already says to leave it first. */
void bk_friends_join_running         (BkWindow             *window,
                                      const char           *uri);
/* hostquit: the window's close request: TRUE when a host is asked first whether to close
 * the table or keep it for later (the close comes again once answered); otherwise the
 * table's room is left. */
gboolean bk_friends_close_request    (BkWindow             *window);
/* hostquit: the window's close keeps its table for later without asking (a logout). */
void bk_friends_keep_table           (BkWindow             *window);
/* hostquit: the window leaves its table's room (a new session alone). */
void bk_friends_leave                (BkWindow             *window);
/* hostquit: at the start, the host is asked whether the table kept for later opens again
 * (Reopen, Close the Table, Later; bk-friends-kept.c). */
void bk_friends_reopen_table         (BkWindow             *window);
#else
static inline void
bk_friends_add_preferences_page (AdwPreferencesWindow *window)
{
}
static inline gboolean
bk_friends_close_request (BkWindow *window)
{
  return FALSE;
}
static inline void
bk_friends_keep_table (BkWindow *window)
{
}
static inline void
bk_friends_leave (BkWindow *window)
{
}
static inline void
bk_friends_reopen_table (BkWindow *window)
{
}
static inline void
bk_friends_shutdown (void)
{
}
#endif

G_END_DECLS
