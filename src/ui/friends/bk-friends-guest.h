/* bk-friends-guest.h: a person without an account joins a friend's table whose link lets
 * guests in (issue 32): the join dialog (bk-guest-join.h), then an anonymous login on the
 * link's guest domain (SASL ANONYMOUS: no account is made, nothing goes to the keyring),
 * the room joined under the name typed, the first free chair taken, and the lobby
 * (bk-lobby.h) waits with the person for the host's start. Every failure is said in the
 * dialog, which stays for another try.
 *
 * The chair's resume token is kept in the app's data folder (guest-chair.keep, 0600): the
 * same person opening the same link again, in this app or one started after a kill, sits at
 * the kept chair and claims it with the token under its new anonymous JID. A name taken in
 * the room (the server still holds the old session) is joined as "Anna (2)".
 *
 * Whose table and which game the link says (host=, game=: for the eye only), and the
 * room's <table/> says again after Join; a link without them gives "a friend's table".
 * Asking the room before Join would put the person into it under a name he has not chosen
 * yet (the host's lobby would see a stranger come, go and come again), and would log in
 * for a link perhaps never followed.
 *
 * A link with an invitation that makes an account (issue 32, item 3) makes it at Join, on
 * the host's server: the name typed is the account's, the password a strong one made
 * here and kept in the keyring; a spent token, a name taken or a refusal is said in the
 * dialog and changes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bk-guest-join.h"
#include "bk-table-invitation.h"
#include "bk-window.h"

G_BEGIN_DECLS

/* The dialog over @window for the table in @room (@password may be NULL) whose guests log
 * in on @guests. */
BkGuestJoin *bk_friends_join_as_guest   (BkWindow   *window,
                                         const char *room,
                                         const char *password,
                                         const char *guests);
/* The dialog for @link, which lets guests in (its guest domain) or makes an account (its
 * invitation, which comes first: the host chose it for this person): whose table and which
 * game as the link says, until the table says it; Join logs in anonymously, or makes the
 * account on the invitation's server (bk_account_create_from_invitation(): the password
 * into the keyring, the account signed in as the app's), and sits the person down. */
BkGuestJoin *bk_friends_join_from_link  (BkWindow                *window,
                                         const BkTableInvitation *link);
/* For tests: the server the guests connect to ("host:port"; NULL, the default: the guest
 * domain's own). Its certificate is trusted as the account's are (GSettings
 * "trusted-certificates", under this server's name). */
void         bk_friends_guest_set_server (const char *server);
/* The fingerprint of @server's certificate the person chose to trust (host or host:port, as
 * the account's; GSettings trusted-certificates), or NULL. */
char        *bk_friends_dup_trusted_fingerprint (const char *server);

G_END_DECLS
