/* bk-fake-network.h: the account's network and a network monitor for tests, without a
 * server: the fake records what the account asked and says what the test tells it to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "bk-account-network.h"

G_BEGIN_DECLS

#define BK_TYPE_FAKE_NETWORK (bk_fake_network_get_type ())
G_DECLARE_FINAL_TYPE (BkFakeNetwork, bk_fake_network, BK, FAKE_NETWORK, GObject)

struct _BkFakeNetwork
{
  GObject  parent_instance;

  /* the last connect() or registration */
  guint    connects;
  guint    disconnects;
  guint    checks;
  guint    registrations;
  BkAccountLogin login;
  char    *trusted_fingerprint;
  /* what dup_refused_fingerprint() answers */
  char    *refused_fingerprint;
  GTask   *register_task;
  /* set: the account registers through this form (fetch answers a copy at once, a submit
   * waits like a registration for bk_fake_network_answer_register()); NULL: register_async */
  BkXmppForm *form;
  BkXmppForm *submitted;   /* the last form sent back */
  char    *invitation_token;   /* as the account last set it */
  guint    fetches;
};

BkFakeNetwork *bk_fake_network_new      (void);
/* As the client would: ::state-changed with an error of BK_XMPP_ERROR `code` (-1: none). */
void           bk_fake_network_emit     (BkFakeNetwork *self,
                                         BkXmppState    state,
                                         int            code,
                                         const char    *message);
/* Answers the registration asked for: `code` -1 made, else a BK_XMPP_ERROR. */
void           bk_fake_network_answer_register (BkFakeNetwork *self,
                                                int            code,
                                                const char    *message);

/* A form as ejabberd asks it: the name and password, a CAPTCHA's picture (a PNG of 140 ×
 * 60 drawn here, showing `text`) and its answer field "ocr", hidden fields beside. */
BkXmppForm    *bk_fake_network_captcha_form (const char *text);

#define BK_TYPE_FAKE_MONITOR (bk_fake_monitor_get_type ())
G_DECLARE_FINAL_TYPE (BkFakeMonitor, bk_fake_monitor, BK, FAKE_MONITOR, GObject)

GNetworkMonitor *bk_fake_monitor_new    (void);
/* ::network-changed, as when a laptop joins another network. */
void             bk_fake_monitor_change (GNetworkMonitor *self,
                                         gboolean         available);

G_END_DECLS
