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
/* Tests only: ping the server this often (60 s), before connect(). */
void  bk_xmpp_client_set_ping_interval_for_testing (BkXmppClient *self,
                                                    guint         milliseconds);
/* Tests only: the server's answers to pings count for nothing until the next link, as
 * if it had stopped reading the stream. */
void  bk_xmpp_client_ignore_pings_for_testing (BkXmppClient *self);
/* Benchmarks only: `func (data, self)` on the creating thread's context after a trip
 * through the worker's request queue and back, the path of every request and event. */
void  bk_xmpp_client_echo_for_testing (BkXmppClient *self,
                                       GFunc         func,
                                       gpointer      data);

G_END_DECLS
