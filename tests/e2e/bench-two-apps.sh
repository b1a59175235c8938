#!/bin/bash
# tests/e2e/bench-two-apps.sh BIERKOPF PROSODY_RUN [N] (issue 24, figures; a benchmark,
# not a test): two real app processes on a loopback Prosody as in friends-two-apps.sh.
#   join: from the guest's app started with `bierkopf --join URI` to its lobby showing the
#         chairs (the app's start included), N times;
#   card: from a card played in one window (the window hands it to the table) to the same
#         card on the other window's table (the other window's game takes it; the frame
#         that draws it follows), both ways, over four hands; the same for every move
#         (talk, doubling, cards).
# The times come from the apps' own debug lines (G_MESSAGES_DEBUG, milliseconds); prints
# the median, the quartiles and the extremes.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
prosody_run=$2
count=${3:-20}
shots=$(mktemp -d)
work=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
BK_PROSODY_PID=
cleanup () {
  two_apps_stop
  [ -z "$BK_PROSODY_PID" ] || kill "$BK_PROSODY_PID" 2>/dev/null || true
  rm -rf "$work" "$shots"
}
trap 'cleanup; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
fail () { echo "bench-two-apps: $*" >&2; exit 1; }
export G_MESSAGES_DEBUG=bk-friends

eval "$("$prosody_run" --daemon --user alice:pw --user bob:pw --lifetime 590)"
two_apps_display host
two_apps_display guest
two_apps_account host "alice@$BK_PROSODY_DOMAIN"
two_apps_account guest "bob@$BK_PROSODY_DOMAIN"
two_apps_start host "$app"
two_apps_find host '^Bierkopf$' 30 > /dev/null || fail "no host window"
sleep 1
two_apps_focus host
two_apps_key host ctrl+n
sleep 1
two_apps_key host alt+f
uri=$(two_apps_find host '^xmpp:[^ ]+\?join;password=[^ ]+$' 30) || fail "no link"

# The joins: each guest app quits (SIGTERM) before the next starts.
: > "$work/joins"
for i in $(seq "$count"); do
  started=$(date +%H:%M:%S.%N)
  two_apps_start guest "$app" --join "$uri"
  for _ in $(seq 300); do
    grep -q 'The lobby shows' "$guest_log" && break
    sleep 0.1
  done
  shown=$(grep -m 1 'The lobby shows' "$guest_log" | grep -oE '[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}' | head -n 1) ||
    fail "join $i: no lobby"
  echo "$started $shown" >> "$work/joins"
  kill "$guest_pid"
  for _ in $(seq 100); do kill -0 "$guest_pid" 2>/dev/null || break; sleep 0.1; done
  sleep 0.5
done

# The cards: the last guest sits, the host starts, both play four hands by keys.
two_apps_start guest "$app" --join "$uri"
two_apps_find guest 'Sit at ' 60 > /dev/null || fail "no free chair"
two_apps_key guest alt+s space
two_apps_find host '^bob' 30 > /dev/null || fail "the host does not see the guest"
two_apps_key host alt+s
hands () { grep -c 'Hand [0-9]*: ' "$1" 2>/dev/null || true; }
for _ in $(seq 500); do
  [ "$(hands "$host_log")" -ge 4 ] && [ "$(hands "$guest_log")" -ge 4 ] && break
  for who in host guest; do
    two_apps_focus "$who"
    two_apps_key "$who" Return 1 2 3 4 5
  done
  sleep 0.3
done

/usr/bin/python3 - "$work/joins" "$host_log" "$guest_log" "$count" <<'PY'
import re
import statistics
import sys

def ms(stamp):
    h, m, s = stamp.split(":")
    return (int(h) * 3600 + int(m) * 60 + float(s)) * 1000

def report(what, values):
    values = sorted(values)
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    print(f"{what}: n={len(values)} median={statistics.median(values):.0f} ms "
          f"quartiles={q[0]:.0f}/{q[2]:.0f} ms min={values[0]:.0f} max={values[-1]:.0f} ms")

joins = []
for line in open(sys.argv[1]):
    started, shown = line.split()
    joins.append(ms(shown) - ms(started[:12]))
report("join → lobby", joins)

STAMP = r"(\d\d:\d\d:\d\d\.\d{3}): "
def events(path, verb):
    out = []
    for line in open(path, errors="replace"):
        m = re.search(STAMP + r"Chair \d+ " + verb + r" “(.+)”", line)
        if m:
            out.append((ms(m.group(1)), m.group(2)))
    return out

cards, moves = [], []
logs = sys.argv[2:4]
for a, b in ((0, 1), (1, 0)):
    shown = events(logs[b], "shows")
    for t, text in events(logs[a], "plays"):
        later = [u for u, other in shown if other == text and u >= t]
        if later:
            moves.append(later[0] - t)
            if text.startswith("play "):
                cards.append(later[0] - t)
report("card → other window", cards)
report("any move → other window", moves)
if len(cards) < int(sys.argv[4]):
    print(f"only {len(cards)} cards matched")
PY
