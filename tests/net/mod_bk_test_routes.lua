-- mod_bk_test_routes: for the test fixture only (tests/net/bk-prosody-fixture.c).
-- Server-to-server connections to the domains in `bk_test_routes` go to the given port
-- on 127.0.0.1 instead of the address DNS would give: two test servers on loopback,
-- each on a free port, can federate without SRV records.
--
-- SPDX-License-Identifier: GPL-3.0-or-later

local service = require "net.resolvers.service";
local manual = require "net.resolvers.manual";

local routes = module:get_option("bk_test_routes", {});

-- The resolver module is shared by every host: wrap its constructor once.
local original = service.bk_test_original_new or service.new;
service.bk_test_original_new = original;

local all_routes = service.bk_test_routes or {};
service.bk_test_routes = all_routes;
for domain, port in pairs(routes) do
	all_routes[domain] = port;
end

service.new = function (hostname, srv_name, conn_type, extra)
	local port = all_routes[hostname];
	if port == nil then
		return original(hostname, srv_name, conn_type, extra);
	end
	if srv_name ~= "xmpp-server" then
		-- no direct TLS (xmpps-server) to the test servers: STARTTLS on the one port
		return manual.new({}, conn_type, extra);
	end
	module:log("debug", "routing s2s for %s to 127.0.0.1:%d", hostname, port);
	return manual.new({ { "tcp4", "127.0.0.1", port, extra } }, conn_type, extra);
end
