-- Invitations that make an account (XEP-0401, XEP-0445) on the test server "localhost",
-- Included by tests/net/bk-prosody-fixture.c when BK_PROSODY_EXTRA_CONFIG names this file
-- (test-xmpp-invitation). Registration is by invitation only (mod_invites_register's
-- default); any local user may invite a newcomer to make an account.
VirtualHost "localhost"
  modules_enabled = { "adhoc"; "invites"; "invites_adhoc"; "invites_register"; "register" }
  allow_registration = true
  allow_user_invites = true
