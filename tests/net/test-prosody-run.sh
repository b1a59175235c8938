#!/bin/sh
# bk-prosody-run for shell tests: --daemon prints the address, the ports and the cafile,
# the server answers there, SIGTERM stops it and removes its files; --pair the same for
# two servers. Every wait is bounded.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
run=$1

fail() { echo "not ok: $*"; exit 1; }

port_open() {
  # bash's /dev/tcp is not in sh: ask prosody's port with a bounded openssl
  timeout 5 openssl s_client -connect "127.0.0.1:$1" -starttls xmpp -xmpphost "$2" \
    -CAfile "$3" -verify_return_error </dev/null >/dev/null 2>&1
}

wait_gone() {
  i=0
  while kill -0 "$1" 2>/dev/null; do
    i=$((i + 1))
    [ $i -le 100 ] || fail "bk-prosody-run $1 did not stop"
    sleep 0.1
  done
}

eval "$("$run" --daemon --user alice:pw --lifetime 60)"
[ -n "${BK_PROSODY_PID:-}" ] || fail "no pid"
[ "$BK_PROSODY_DOMAIN" = localhost ] || fail "domain $BK_PROSODY_DOMAIN"
[ "$BK_PROSODY_MUC" = conference.localhost ] || fail "muc $BK_PROSODY_MUC"
[ "$BK_PROSODY_SERVER" = "127.0.0.1:$BK_PROSODY_C2S_PORT" ] || fail "server $BK_PROSODY_SERVER"
[ -f "$BK_PROSODY_CAFILE" ] || fail "no cafile"
port_open "$BK_PROSODY_C2S_PORT" localhost "$BK_PROSODY_CAFILE" ||
  fail "no TLS with the cafile on $BK_PROSODY_SERVER"
dir=$BK_PROSODY_DIR
kill "$BK_PROSODY_PID"
wait_gone "$BK_PROSODY_PID"
[ ! -e "$dir" ] || fail "$dir left behind"
echo "ok 1 one server"

eval "$("$run" --daemon --pair --user host:pw --user-b guest:pw --lifetime 60)"
[ "$BK_PROSODY_A_DOMAIN" = a.localhost ] || fail "a: $BK_PROSODY_A_DOMAIN"
[ "$BK_PROSODY_B_DOMAIN" = b.localhost ] || fail "b: $BK_PROSODY_B_DOMAIN"
port_open "$BK_PROSODY_A_C2S_PORT" a.localhost "$BK_PROSODY_A_CAFILE" || fail "a: no TLS"
port_open "$BK_PROSODY_B_C2S_PORT" b.localhost "$BK_PROSODY_A_CAFILE" || fail "b: no TLS"
kill "$BK_PROSODY_PID"
wait_gone "$BK_PROSODY_PID"
[ ! -e "$BK_PROSODY_A_DIR" ] && [ ! -e "$BK_PROSODY_B_DIR" ] || fail "directories left behind"
echo "ok 2 two servers"
echo "1..2"
