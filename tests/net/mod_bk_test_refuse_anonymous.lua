-- mod_bk_test_refuse_anonymous: for the test fixture only (tests/net/bk-prosody-fixture.c,
-- with prosody-refuse-guests.cfg.lua). A host that offers SASL ANONYMOUS and then refuses
-- it (RFC 6120 6.5.10 <not-authorized/>), as a server does that limits its guests: the app
-- must say that the server did not let the guest in, not that it takes no guests.
--
-- SPDX-License-Identifier: GPL-3.0-or-later

local st = require "util.stanza";

module:hook("stanza/urn:ietf:params:xml:ns:xmpp-sasl:auth", function (event)
	local session, stanza = event.origin, event.stanza;
	if session.type ~= "c2s_unauthed" or stanza.attr.mechanism ~= "ANONYMOUS" then
		return;
	end
	module:log("info", "refusing an anonymous login (test)");
	session.send(st.stanza("failure", { xmlns = "urn:ietf:params:xml:ns:xmpp-sasl" })
		:tag("not-authorized"));
	return true;
end, 10);
