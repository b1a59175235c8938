/* bk-prosody-fixture.h: a real XMPP server for the tests: Debian's Prosody, started as an
 * ordinary process from a configuration in a temporary directory, listening on free
 * loopback ports only, with a self-signed certificate (trusted by the clients through
 * bk_prosody_get_cafile()) and a MUC service "conference.DOMAIN" where anyone may open
 * rooms. Every wait is bounded; a missing prosody is an error, never a skip.
 *
 * The environment tunes it: BK_PROSODY_HIBERNATION (seconds a dropped session may be
 * resumed, XEP-0198; 10 here, so that a client killed without a word leaves its rooms
 * 10 s later), BK_PROSODY_OPEN_ACCOUNTS (set: any account logs in with any password, for
 * benchmarks with hundreds of bots), BK_PROSODY_DEBUG (set: Prosody logs at debug level),
 * BK_PROSODY_KEEP (set: the directory with the configuration and prosody.log stays),
 * BK_PROSODY_EXTRA_CONFIG (a Lua file Included at the end of Prosody's configuration: a
 * test's own modules, e.g. tests/net/prosody-invites.cfg.lua).
 *
 * BK_TEST_SERVER=ejabberd runs Debian's ejabberd 23.01 instead (bk-ejabberd-fixture.h),
 * with the same API and guarantees: its own configuration and Mnesia spool in the
 * directory, c2s on a free loopback port with STARTTLS required and the same certificate,
 * "conference.DOMAIN" open to anyone, stream management (resume_timeout is
 * BK_PROSODY_HIBERNATION) and ping, mod_register for _with_registration(), its Erlang node
 * on a free port of its own with no port mapper. It runs as root only (the server is handed
 * to the ejabberd user), waits up to 60 s for the Erlang VM (about 2 s here), and has no
 * federated pair (bk_prosody_start_pair() fails: the routes are a Prosody module).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BkProsody BkProsody;

/* Which server the tests run on: BK_TEST_SERVER unset or "prosody", or "ejabberd". */
gboolean    bk_test_server_is_ejabberd (void);
const char *bk_test_server_name       (void);
/* g_test_add_func(), unless the tests run on ejabberd: then the case is not registered and
 * a TAP comment says which and @why (a skip would fail build-aux/check). */
void        bk_test_add_func_prosody_only (const char *path,
                                           GTestFunc   func,
                                           const char *why);

/* One server for `domain` (e.g. "localhost"), with a second VirtualHost "guest.DOMAIN"
 * where anyone logs in without an account (authentication = "anonymous", as Jitsi's
 * guests do; the certificate names it too); `users` NULL or "name:password" each,
 * registered before it starts (prosodyctl register). */
BkProsody  *bk_prosody_start          (const char         *domain,
                                       const char * const *users,
                                       GError            **error);
/* As bk_prosody_start(), and anyone may make an account in-band (XEP-0077: mod_register,
 * allow_registration). */
BkProsody  *bk_prosody_start_with_registration (const char         *domain,
                                                const char * const *users,
                                                GError            **error);
/* ejabberd, whatever BK_TEST_SERVER says: in-band registration behind a CAPTCHA
 * (XEP-0158, Debian's captcha.sh). Each CAPTCHA's text is appended to
 * DIR/captcha-answers (bk_prosody_get_dir()), one a line, so that a test knows the right
 * answer without reading the image. */
BkProsody  *bk_prosody_start_ejabberd_with_captcha (const char  *domain,
                                                    GError     **error);
/* Two servers, "a.localhost" and "b.localhost", federated over loopback (s2s with
 * certificates, each trusting the other's); both share one cafile. */
gboolean    bk_prosody_start_pair     (const char * const *users_a,
                                       const char * const *users_b,
                                       BkProsody         **a,
                                       BkProsody         **b,
                                       GError            **error);
/* Stops the server (SIGTERM, then SIGKILL) and removes its directory. NULL is fine. */
void        bk_prosody_stop           (BkProsody          *self);

/* SIGSTOP or SIGCONT: a server that keeps its connections but answers nothing. */
void        bk_prosody_pause          (BkProsody          *self,
                                       gboolean            paused);

gboolean    bk_prosody_register       (BkProsody          *self,
                                       const char         *user,
                                       const char         *password,
                                       GError            **error);

const char *bk_prosody_get_domain     (BkProsody          *self);
const char *bk_prosody_get_muc_service (BkProsody         *self);
/* "guest.DOMAIN", the host of logins without an account (on ejabberd too, a host of its
 * own with anonymous_protocol: sasl_anon). */
const char *bk_prosody_get_guest_domain (BkProsody         *self);
/* "127.0.0.1:PORT", the client-to-server address for bk_xmpp_client_new(). */
const char *bk_prosody_get_server     (BkProsody          *self);
guint       bk_prosody_get_c2s_port   (BkProsody          *self);
guint       bk_prosody_get_s2s_port   (BkProsody          *self);
const char *bk_prosody_get_cafile     (BkProsody          *self);
const char *bk_prosody_get_dir        (BkProsody          *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BkProsody, bk_prosody_stop)

G_END_DECLS
