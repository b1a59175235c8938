-- The guest host of the test server offers anonymous logins and refuses them
-- (mod_bk_test_refuse_anonymous.lua). Included by tests/net/bk-prosody-fixture.c when
-- BK_PROSODY_EXTRA_CONFIG names this file (test-guest-play's /guest-play/guest-refused).
VirtualHost "guest.localhost"
  modules_enabled = { "bk_test_refuse_anonymous" }
