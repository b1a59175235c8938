/* bk-table-invitation.h: a table's link as text, written and read (docs/network.md 2): the
 * room's XEP-0147 URI `xmpp:ROOM?join;password=PW` with the parameters of this game beside
 * the password: the guest domain (`guests=`), whose table and which game (`host=`, `game=`,
 * shown to the person, never trusted) and an invitation that makes an account on the host's
 * server (`register=DOMAIN;preauth=TOKEN`, XEP-0401/XEP-0445). Either as such or in its
 * clickable form `bierkopf:xmpp:…`. One reader for the app and the command line.
 *
 * The link came from anyone: it is bounded (BK_TABLE_LINK_MAX_BYTES) and refused whole, with
 * a sentence that says so, when a part of it is malformed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The clickable form of a link: this scheme before the whole xmpp: URI, which the game's
 * desktop file handles (an xmpp: link belongs to the person's chat client). */
#define BK_TABLE_LINK_SCHEME "bierkopf:"
/* A longer text is no link of ours (a room's JID, a password, two domains, a name and a
 * token are far less). */
#define BK_TABLE_LINK_MAX_BYTES 4096
/* The host's name a link may carry, in characters (a longer one is not written). */
#define BK_TABLE_INVITATION_MAX_HOST 64

#define BK_TABLE_INVITATION_ERROR (bk_table_invitation_error_quark ())

typedef enum {
  BK_TABLE_INVITATION_ERROR_NO_LINK,    /* not a table's link at all, or too long for one */
  BK_TABLE_INVITATION_ERROR_MALFORMED,  /* a table's link with a part that is no such part */
  BK_TABLE_INVITATION_ERROR_ACCOUNT,    /* its account invitation is malformed or half */
} BkTableInvitationError;

/* What a link says; every field owned, NULL when the link has none of it. */
typedef struct {
  char *room;       /* the room's bare JID (never NULL in a parsed link) */
  char *password;   /* the room's password */
  char *guests;     /* the guest domain: people without an account log in there */
  char *host;       /* the host's name, for the person's eyes */
  char *game;       /* the game's id ("bierkopf", "herzla"), for the person's eyes */
  char *account;    /* the domain an invitation makes an account on (register=) */
  char *token;      /* its token (preauth=); set with `account` alone */
} BkTableInvitation;

GQuark    bk_table_invitation_error_quark (void);
void      bk_table_invitation_clear     (BkTableInvitation       *invitation);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BkTableInvitation, bk_table_invitation_clear)

/* Reads @uri (either form, spaces around it ignored) into @invitation (cleared first; left
 * cleared on failure). A bare room@service is a link without parameters. */
gboolean  bk_table_invitation_parse     (const char              *uri,
                                         BkTableInvitation       *invitation,
                                         GError                 **error);
/* The link's xmpp: form: room and password always, the other parameters that are set,
 * each percent-encoded. A host's name longer than BK_TABLE_INVITATION_MAX_HOST is left out. */
char     *bk_table_invitation_dup_uri   (const BkTableInvitation *invitation);
/* The account invitation alone, as XEP-0401 writes it (xmpp:DOMAIN?register;preauth=TOKEN),
 * or NULL when the link carries none. */
char     *bk_table_invitation_dup_account_uri (const BkTableInvitation *invitation);
/* Whether @token may stand as an invitation's token: 8 to 256 of [A-Za-z0-9._~-]. */
gboolean  bk_table_invitation_is_token  (const char              *token);
/* Whether @domain may stand as a link's guest or account domain: labels of letters (any
 * script), digits and '-' between dots, at most 1023 bytes. */
gboolean  bk_table_invitation_is_domain (const char              *domain);

G_END_DECLS
