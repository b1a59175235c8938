/* bk-xmpp-private.h: helpers shared by the files of src/net/ and their tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `text` as valid UTF-8 with every character XML 1.0 cannot carry replaced by U+FFFD. */
char *bk_xmpp_text_sanitize (const char *text);

/* Tests only: the client's socket is shut down as a broken network would. */
#include "bk-xmpp-client.h"
void  bk_xmpp_client_break_connection_for_testing (BkXmppClient *self);

G_END_DECLS
