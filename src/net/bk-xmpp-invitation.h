/* bk-xmpp-invitation.h: an invitation that makes an account (XEP-0401 easy user
 * onboarding): the URI a server's invitation command gives, read back by the invitee's
 * app, whose token goes before the registration (XEP-0445 pre-authenticated in-band
 * registration, bk_xmpp_client_set_invitation_token()).
 *
 * The URI came from another person, perhaps from anyone: it is bounded (1 kB, a token of 8
 * to 256 characters of [A-Za-z0-9._~-]) and refused with a sentence that says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BK_XMPP_INVITATION_MAX_BYTES 1024

/* `xmpp:DOMAIN?register;preauth=TOKEN` (an account invitation) or
 * `xmpp:USER@DOMAIN?roster;preauth=TOKEN;ibr=y` (a contact's invitation that lets the
 * invitee register). Sets the server's domain, the inviter's bare JID (NULL for the
 * first form) and the token; each out argument may be NULL. A contact invitation without
 * ibr=y makes no account: refused (BK_XMPP_ERROR_REGISTER). */
gboolean bk_xmpp_invitation_parse (const char  *uri,
                                   char       **domain,
                                   char       **inviter,
                                   char       **token,
                                   GError     **error);

G_END_DECLS
