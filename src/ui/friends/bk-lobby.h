/* bk-lobby.h: the lobby of a table with friends (issue 24): the chairs, who sits where,
 * the strength of the computer players who take the free chairs, the invitation link
 * with a Copy button, an address to invite (XEP-0249) and Start, for the host; the chairs
 * to pick from for a guest (who pastes the invitation first when it did not come with
 * `bierkopf --join`). It closes once the table deals its first hand into the window, and
 * when the window goes (it holds the window weakly, not destroy-with-parent); a guest's
 * lobby closed before sitting leaves the room.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "bk-friends-link.h"
#include "bk-window.h"

G_BEGIN_DECLS

#define BK_TYPE_LOBBY (bk_lobby_get_type ())

G_DECLARE_FINAL_TYPE (BkLobby, bk_lobby, BK, LOBBY, AdwWindow)

/* @link NULL: a guest who has no invitation yet. */
BkLobby       *bk_lobby_new      (BkWindow      *window,
                                  BkFriendsLink *link);
BkFriendsLink *bk_lobby_get_link (BkLobby       *self);
/* Shows the lobby; or, when its table already shows a hand in the window (a chair taken
 * back mid-hand), lets it go: the lobby has nothing left to do. Use it instead of
 * gtk_window_present(): the lobby never closes itself before it was shown. */
void           bk_lobby_present  (BkLobby       *self);
/* TRUE when the table showed its hand before the lobby was shown (bk_lobby_present()
 * lets it go). */
gboolean       bk_lobby_is_done  (BkLobby       *self);
/* A host's: the invitation as the lobby shows and copies it (bierkopf:xmpp:… when guests
 * without an account may come), and who may come, in words; NULL until the room is there. */
const char    *bk_lobby_get_shown_link   (BkLobby *self);
const char    *bk_lobby_get_who_may_come (BkLobby *self);
/* The table's link that also makes an account on the host's server, in its clickable form
 * (bierkopf:xmpp:…;register=DOMAIN;preauth=TOKEN), once the host asked its server for an
 * invitation (Invite with a New Account; the row's "activated"); NULL before. */
const char    *bk_lobby_get_account_link (BkLobby *self);
/* A guest's lobby whose account is not online: @uri in its link row, @error (the
 * account's, bk-account.h) said, and with NO_ACCOUNT a Set Up Account button that shows
 * Preferences on the Friends page and joins once the person has signed in. */
void           bk_lobby_set_account_error (BkLobby      *self,
                                           const char   *uri,
                                           const GError *error);

G_END_DECLS
