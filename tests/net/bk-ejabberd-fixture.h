/* bk-ejabberd-fixture.h: Debian's ejabberd 23.01 for the tests, behind bk-prosody-fixture.h
 * (BK_TEST_SERVER=ejabberd). Not for tests to call: bk_prosody_start() and its kin use it.
 *
 * The server is run by `ejabberdctl foreground` from a configuration, logs and Mnesia spool
 * of its own in the fixture's directory, as the `ejabberd` user (ejabberdctl runs only as
 * root or as that user; the directory is given to it). Its Erlang distribution runs without
 * epmd: ERL_DIST_PORT, a free loopback port per server, is where the node listens and where
 * `ejabberdctl register` finds it, so no port mapper is started and runs never collide. The
 * whole process group (ejabberdctl, erl, beam.smp) is stopped together.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* CAPTCHAs a minute for one address (captcha_limit): one more is refused. */
#define BK_EJABBERD_CAPTCHA_LIMIT 4

typedef struct {
  const char *dir;          /* the fixture's directory: conf/, logs/, spool/ go there */
  const char *domain;
  const char *muc;          /* conference.DOMAIN */
  /* guest.DOMAIN: a host of its own for logins without an account (anonymous_protocol:
   * sasl_anon), beside DOMAIN on the same server; its guests reach DOMAIN's MUC by the
   * server's own routing, no s2s */
  const char *guests;
  const char *cert;
  const char *key;
  guint       c2s;          /* 127.0.0.1:c2s, STARTTLS required */
  guint       dist;         /* the Erlang node's own port (no epmd) */
  gboolean    registration; /* mod_register: anyone may make an account in-band */
  /* With registration: mod_register asks a CAPTCHA (XEP-0158). Its captcha_cmd is
   * conf/captcha.sh, which appends each text to DIR/captcha-answers (one a line) and
   * hands it to Debian's captcha.sh (ImageMagick) for the image: a test learns the right
   * answer from the server's side, while the client gets the real image. At most
   * BK_EJABBERD_CAPTCHA_LIMIT CAPTCHAs a minute from one address. */
  gboolean    captcha;
  int         resume_timeout;
} BkEjabberdConfig;

/* Writes conf/ejabberd.yml, conf/ejabberdctl.cfg and conf/inetrc, makes logs/ and spool/,
 * and hands the directory to the ejabberd user. Fails (saying why) unless run as root. */
gboolean bk_ejabberd_prepare (const BkEjabberdConfig *config,
                              GError                **error);
/* `ejabberdctl foreground` in a process group of its own (*pid leads it), its output to
 * @log. The caller waits for the client port. */
gboolean bk_ejabberd_spawn   (const char             *dir,
                              const char             *log,
                              GPid                   *pid,
                              GError                **error);
/* `ejabberdctl COMMAND ARGS…` against the running server, bounded in time. */
gboolean bk_ejabberd_ctl     (const char             *dir,
                              const char * const     *args,
                              GError                **error);
/* SIGSTOP or SIGCONT to the whole server. */
void     bk_ejabberd_signal  (GPid                    pid,
                              int                     signal);
/* SIGTERM to the group, SIGKILL to what is left after 15 s; the leader reaped. */
void     bk_ejabberd_stop    (GPid                    pid);

G_END_DECLS
