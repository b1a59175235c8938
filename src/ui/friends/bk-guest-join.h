/* bk-guest-join.h: the one dialog of a person without an account who opens a friend's link
 * that lets guests in or makes an account (issue 32): whose table and which game (from the
 * link, then from the table; "a friend's table" when neither says), a name for the person
 * (the last one used, else the system's real name) and Join. It only asks: bk-friends-guest.c
 * logs in anonymously, or makes the account the link invites to, and sits the person down.
 * Also the plain words of the ways in that fail.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* What stops a person from coming in without an account (item 5 of issue 32). */
typedef enum {
  BK_GUEST_PROBLEM_NO_GUESTS,      /* the room's server gives no guest logins */
  BK_GUEST_PROBLEM_REFUSED,        /* the server refused the anonymous login */
  BK_GUEST_PROBLEM_NEEDS_ACCOUNT,  /* a link without a guest domain, and no account */
  BK_GUEST_PROBLEM_TOKEN_SPENT,    /* an invitation's token is spent or expired */
  BK_GUEST_PROBLEM_ACCOUNT_REFUSED, /* the server made no account from the invitation */
} BkGuestProblem;

/* What to say, and what to do, naming @host (the table's host) or, when NULL, the friend
 * who sent the link. */
char        *bk_guest_problem_dup_message (BkGuestProblem  problem,
                                           const char     *host);

#define BK_TYPE_GUEST_JOIN (bk_guest_join_get_type ())

G_DECLARE_FINAL_TYPE (BkGuestJoin, bk_guest_join, BK, GUEST_JOIN, AdwWindow)

/* Modal over @parent (may be NULL), the name prefilled, the focus in it. */
BkGuestJoin *bk_guest_join_new          (GtkWindow   *parent);
/* The name as typed, without spaces around it ("" when there is none). */
char        *bk_guest_join_dup_name     (BkGuestJoin *self);
/* The table is known (the host's nickname and the game's name, @game NULL when only the
 * host is known), or not (NULL, NULL). */
void         bk_guest_join_set_table    (BkGuestJoin *self,
                                         const char  *host,
                                         const char  *game);
/* Join makes an account on @server from the link's invitation (issue 32, item 3): said
 * under the heading, the name prefilled as an account's name; NULL: a guest's, no account. */
void         bk_guest_join_set_account  (BkGuestJoin *self,
                                         const char  *server);
/* While the table is reached: @status said with a spinner, the name and Join held; NULL
 * gives them back. */
void         bk_guest_join_set_busy     (BkGuestJoin *self,
                                         const char  *status);
/* Why it did not work (the dialog stays for the person to try again or close it); NULL
 * clears it. Ends a busy state. */
void         bk_guest_join_set_problem  (BkGuestJoin *self,
                                         const char  *message);
const char  *bk_guest_join_get_problem  (BkGuestJoin *self);

/* Signals:
 *   join (const char *name): Join (or Return) with a name; the name is kept (GSettings
 *                            "guest-name") for the next time
 */

G_END_DECLS
