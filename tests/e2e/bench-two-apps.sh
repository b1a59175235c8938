#!/bin/bash
# tests/e2e/bench-two-apps.sh BIERKOPF PROSODY_RUN [N] (issue 24, figures; a benchmark,
# not a test): two real app processes on a loopback Prosody as in friends-two-apps.sh.
#   join: from the guest's app started with `bierkopf --join URI` to its lobby showing the
#         chairs (the app's start included), N times;
#   card: from a card played in one window (the window hands it to the table) to the same
#         card on the other window's table (the other window's game takes it; the frame
#         that draws it follows), both ways, over four hands; the same for every move
#         (talk, doubling, cards).
# The times come from the apps' own debug lines (G_MESSAGES_DEBUG, milliseconds). A move
# is matched by its hand and its number in the hand, never by its text (issue 31, finding
# 8); it is on the other window's table when its line is shown there or when that window
# takes the hand again with it. Prints the joins' median, quartiles and extremes, and the
# moves' median, p90 and max, with the moves never shown.
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
uri=$(two_apps_find host '^(bierkopf:)?xmpp:[^ ]+\?join;password=[^ ]+$' 30) || fail "no link"

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
# A move is named by its hand and its number in the hand (src/ui/friends logs both), never
# by its text alone: a card's text comes again in later hands (issue 31, finding 8: "play S
# EK" of hand 1 was matched to the same text shown in hand 3, 188 s later).
PLAYS = re.compile(STAMP + r"Chair \d+ plays “(.+)” \(hand (\d+), move (\d+)\)")
SHOWS = re.compile(STAMP + r"Chair \d+ shows “(.+)” \(hand (\d+), move (\d+)\)")
TAKEN = re.compile(STAMP + r"Hand (\d+) shown from seat \d+ \(chair \d+\) at move (\d+)")

def plays(path):
    out = []
    for line in open(path, errors="replace"):
        m = PLAYS.search(line)
        if m:
            out.append((ms(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))))
    return out

# When each move is first on the window's table: its line shown, or its hand taken whole
# with it (the window takes the hand again when a line does not fit its guessed hands).
def first_shown(path):
    first = {}
    for line in open(path, errors="replace"):
        m = SHOWS.search(line)
        if m:
            first.setdefault((int(m.group(3)), int(m.group(4))),
                             (ms(m.group(1)), "line", m.group(2)))
            continue
        m = TAKEN.search(line)
        if m:
            hand, upto = int(m.group(2)), int(m.group(3))
            for move in range(1, upto + 1):
                first.setdefault((hand, move), (ms(m.group(1)), "hand", None))
    return first

def figures(what, values):
    values = sorted(values)
    if not values:
        print(f"{what}: n=0")
        return
    p90 = values[min(len(values) - 1, -(-len(values) * 9 // 10) - 1)]
    print(f"{what}: n={len(values)} median={statistics.median(values):.0f} ms "
          f"p90={p90:.0f} ms max={values[-1]:.0f} ms")

cards, moves, by_hand, lost, misread = [], [], 0, [], []
logs = sys.argv[2:4]
for a, b in ((0, 1), (1, 0)):
    shown = first_shown(logs[b])
    for t, text, hand, move in plays(logs[a]):
        seen = shown.get((hand, move))
        if seen is None:
            lost.append(f"{text} (hand {hand}, move {move})")
            continue
        u, how, other = seen
        if other is not None and other != text:
            misread.append(f"{text} (hand {hand}, move {move}) shown as {other}")
        moves.append(u - t)
        if text.startswith("play "):
            cards.append(u - t)
            by_hand += how == "hand"
figures("card → other window", cards)
figures("any move → other window", moves)
print(f"cards shown with their hand taken again: {by_hand} of {len(cards)}")
for what, which in (("never shown in the other window", lost), ("shown as another move", misread)):
    if which:
        print(f"{what}: {len(which)}: " + "; ".join(which))
if len(cards) < int(sys.argv[4]):
    print(f"only {len(cards)} cards matched")
PY
