#!/bin/bash
# tests/e2e/bench-join-running.sh BIERKOPF BIERKOPF_CLI PROSODY_RUN [N] (issue 24, figures;
# a benchmark, not a test): "click Join in a running app → the lobby". A table hosted by
# `bierkopf-cli table host` on a loopback Prosody (TLS, the net suite's fixture) with a
# free chair; the app runs in its own home, display and bus (two-apps-lib.sh), signed in
# already (its account is online after the first join). N times, by keys as a person
# does: Ctrl+N, Alt+J (the chooser's Join a Table), the link typed into the lobby's
# Invitation link, then Return, the row's Join: from that key press to the lobby showing
# the table's chairs (the app's debug line, G_MESSAGES_DEBUG); the lobby is closed
# (Alt+F4, openbox) before the next. Prints the median, the quartiles and the extremes;
# the first join (the account signing in) is reported apart.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
cli=$2
prosody_run=$3
count=${4:-20}
work=$(mktemp -d)
shots=$work
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
host=
BK_PROSODY_PID=
trap 'two_apps_stop_table; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
fail () {
  echo "bench-join-running: $*" >&2
  tail -n 20 "$work"/guest.0.log >&2 || true
  exit 1
}
export G_MESSAGES_DEBUG=bk-friends

bk_e2e_table_host "$cli" "$prosody_run" "$work" 590 580 ||
  fail "no invitation from the host"

two_apps_running guest "bob@$BK_PROSODY_DOMAIN" "$app" || fail "no window"
shown () { grep -c 'The lobby shows' "$guest_log" 2>/dev/null || true; }

: > "$work/joins"
for i in $(seq 0 "$count"); do
  two_apps_focus guest
  two_apps_key guest ctrl+n
  sleep 0.5
  two_apps_key guest alt+j
  lobby=
  for _ in $(seq 100); do
    lobby=$(two_apps_lobby guest) && [ -n "$lobby" ] && break
    sleep 0.1
  done
  [ -n "$lobby" ] || fail "join $i: no lobby"
  DISPLAY="$guest_display" xdotool windowactivate --sync "$lobby" 2>/dev/null || true
  sleep 0.5
  DISPLAY="$guest_display" xdotool type --delay 5 "$uri"
  sleep 0.3
  before=$(shown)
  clicked=$(date +%H:%M:%S.%N)
  two_apps_key guest Return
  for _ in $(seq 300); do
    [ "$(shown)" -gt "$before" ] && break
    sleep 0.02
  done
  [ "$(shown)" -gt "$before" ] || fail "join $i: the lobby shows no chairs"
  at=$(grep 'The lobby shows' "$guest_log" | tail -n 1 |
    grep -oE '[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}' | head -n 1)
  echo "$i $clicked $at" >> "$work/joins"
  # the lobby closed (the room left) before the next join
  DISPLAY="$guest_display" xdotool windowactivate --sync "$lobby" 2>/dev/null || true
  two_apps_key guest alt+F4
  for _ in $(seq 50); do
    [ -z "$(two_apps_lobby guest)" ] && break
    sleep 0.1
  done
  [ -z "$(two_apps_lobby guest)" ] || fail "join $i: the lobby did not close"
  kill -0 "$guest_pid" 2>/dev/null || fail "join $i: the app went away"
  sleep 0.5
done

/usr/bin/python3 - "$work/joins" <<'PY'
import statistics
import sys

def ms(stamp):
    h, m, s = stamp.split(":")
    return (int(h) * 3600 + int(m) * 60 + float(s)) * 1000

first, joins = None, []
for line in open(sys.argv[1]):
    i, clicked, shown = line.split()
    t = ms(shown) - ms(clicked[:12])
    if i == "0":
        first = t
    else:
        joins.append(t)
joins.sort()
q = statistics.quantiles(joins, n=4) if len(joins) > 1 else joins * 3
print(f"click Join → lobby (running app, signed in): n={len(joins)} "
      f"median={statistics.median(joins):.0f} ms quartiles={q[0]:.0f}/{q[2]:.0f} ms "
      f"min={joins[0]:.0f} max={joins[-1]:.0f} ms")
print(f"the first join (the account signing in first): {first:.0f} ms")
PY
