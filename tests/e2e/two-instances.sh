#!/bin/bash
# tests/e2e/two-instances.sh BIERKOPF: without a session bus to make the application
# unique, a second start says the game is already open, shows no table and never writes
# the save the first one plays (issue 21).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
home=$(mktemp -d)
first=
second=
trap 'for p in $first $second; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$home"' EXIT

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
unset DBUS_SESSION_BUS_ADDRESS
save="$XDG_DATA_HOME/bierkopf/session.bierkopf"

fail () { echo "not ok: $*"; sed 's/^/# /' "$home"/*.log; exit 1; }

"$app" > "$home/first.log" 2>&1 &
first=$!
for _ in $(seq 200); do
  [ -s "$save" ] && break
  sleep 0.05
done
[ -s "$save" ] || fail "the first instance saved nothing"

BIERKOPF_TRACE_SAVES="$home/second.trace" "$app" > "$home/second.log" 2>&1 &
second=$!
for _ in $(seq 200); do
  grep -q "already open" "$home/second.log" && break
  sleep 0.05
done
grep -q "already open" "$home/second.log" || fail "the second instance did not say it"
kill -0 "$first" 2>/dev/null || fail "the first instance went away"

# Its message window closes on SIGTERM as any window does; it has saved nothing.
kill -TERM "$second"
for _ in $(seq 100); do
  kill -0 "$second" 2>/dev/null || break
  sleep 0.05
done
kill -0 "$second" 2>/dev/null && fail "the second instance did not quit"
wait "$second" || true
second=
[ ! -s "$home/second.trace" ] || fail "the second instance touched the save: $(cat "$home/second.trace")"

kill -TERM "$first"
wait "$first" || true
first=
echo "ok: the second instance said the game is open and saved nothing"
