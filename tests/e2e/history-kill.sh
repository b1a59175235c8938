#!/bin/bash
# tests/e2e/history-kill.sh BIERKOPF [ROUNDS]: each finished hand is in the history of hands
# exactly once, whatever a kill interrupts (issue 21). Starts the real game in the X display
# of the test run with a data folder of its own, plays random keys from outside (xdotool)
# while the computer players play, and kills it with SIGKILL at a bad moment: in odd rounds
# the moment history.sqlite-wal changes (a hand is being stored), in even rounds right
# after a save that holds a hand's last card (before the history has it). Then it starts
# the game again and checks the history against the save: one row per finished hand of the
# session (SELECT count(*), count(DISTINCT session||'/'||number)), all in one session.
#
# The number of finished hands comes from the save's state line ("hands H phase P": H hands
# dealt, phase 3 when the last one is over).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
rounds=${2:-20}
home=$(mktemp -d)
pid=
trap 'if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null || true; fi; [ -n "${BK_KILL_KEEP:-}" ] || rm -rf "$home"' EXIT

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
export BIERKOPF_TRACE_SAVES="$home/trace"
# No animations and quick computer players: many hands in little time.
export GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'EOF'
[io/github/bierkopf/Bierkopf]
animation-speed='off'
strength='anfaenger'
EOF
: > "$BIERKOPF_TRACE_SAVES"
db="$XDG_DATA_HOME/bierkopf/history.sqlite"
save="$XDG_DATA_HOME/bierkopf/session.bierkopf"

fail () { echo "not ok: $*"; tail -n 20 "$home/app.log" | sed 's/^/# /'; exit 1; }

# The finished hands the save holds.
finished () {
  [ -f "$save" ] || { echo 0; return; }
  sed -n 's/.* hands \([0-9]*\) phase \([0-9]*\).*/\1 \2/p' "$save" | head -n 1 | {
    read -r h p || { echo 0; return; }
    if [ "$p" = 3 ]; then echo "$h"; elif [ "$h" -gt 0 ]; then echo $((h - 1)); else echo 0; fi
  }
}

# "ROWS DISTINCT SESSIONS" of the history; an older history without the hand's number
# counts distinct records (to run this test against an older build).
counts () {
  [ -f "$db" ] || { echo "0 0 0"; return; }
  /usr/bin/python3 - "$db" <<'EOF'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True, timeout=5)
columns = [row[1] for row in db.execute("PRAGMA table_info(hands)")]
key = "session||'/'||number" if "number" in columns else "record"
print(*db.execute("SELECT count(*), count(DISTINCT %s), count(DISTINCT session) FROM hands"
                  % key).fetchone())
EOF
}

start_app () {
  local before
  before=$(wc -l < "$BIERKOPF_TRACE_SAVES")
  "$app" >> "$home/app.log" 2>&1 &
  pid=$!
  # The save is read on a worker thread; wait for the game to say what it loaded.
  for _ in $(seq 200); do
    tail -n +"$((before + 1))" "$BIERKOPF_TRACE_SAVES" | grep -q '^loaded ' && return 0
    kill -0 "$pid" 2>/dev/null || fail "the game died at start"
    sleep 0.05
  done
  fail "nothing was loaded"
}

# Waits until the history holds every finished hand of the save (the start stores those it
# lacks), then checks that each is there exactly once, in one session. Right after a
# restart the history may be one hand ahead of the save (its commit came before the save
# of the hand's last card): that card is played again and its hand replaces the first.
# With "exact", the history must hold the save's hands and no more.
check () {
  local want rows distinct sessions ahead=1
  [ "${2:-}" = exact ] && ahead=0
  want=$(finished)
  # What the kill left, before the start stored what was missing.
  read -r rows _ <<< "$(counts)"
  if [ "$rows" -lt "$want" ]; then missing=$((missing + 1)); fi
  if [ "$rows" -gt "$want" ]; then ahead_rounds=$((ahead_rounds + 1)); fi
  for _ in $(seq 100); do
    read -r rows distinct sessions <<< "$(counts)"
    [ "$rows" -ge "$want" ] && break
    sleep 0.05
  done
  echo "# $1: $want finished hands in the save; history: $rows rows, $distinct distinct," \
    "$sessions session(s)"
  [ "$rows" -ge "$want" ] ||
    fail "$1: $rows hands in the history, $want finished in the save"
  [ "$rows" -le $((want + ahead)) ] ||
    fail "$1: $rows hands in the history, $want finished in the save"
  [ "$distinct" = "$rows" ] ||
    fail "$1: a hand is in the history twice ($rows rows, $distinct hands)"
  [ "$sessions" -le 1 ] || fail "$1: $sessions sessions for one saved session"
}

press_keys () {
  local window= w
  for w in $(xdotool search --onlyvisible --pid "$pid" 2>/dev/null || true); do
    [ -n "$window" ] && [ "$(xdotool getwindowname "$w" 2>/dev/null)" = Bierkopf ] && continue
    window=$w
  done
  [ -z "$window" ] || xdotool windowfocus "$window" 2>/dev/null || true
  # Return and the five card keys in a random order: a random legal card, a dialog answered.
  xdotool key $(printf '%s\n' Return 1 2 3 4 5 | shuf | tr '\n' ' ') 2>/dev/null || true
}

RANDOM=${BK_KILL_SEED:-$$}
echo "# seed $RANDOM, in $home"
hit=0
missing=0
ahead_rounds=0

for round in $(seq "$rounds"); do
  start_app
  [ "$round" = 1 ] || check "round $((round - 1)) restarted"

  if [ $((round % 2)) = 1 ]; then moment=wal; else moment=save; fi
  # The start opens the history and stores what it lacks: the moment to aim at comes after.
  sleep 0.7
  # The watcher kills at the moment; the keys go on until it is done (at most 15 s).
  /usr/bin/python3 "$(dirname "$0")/history-kill-watch.py" "$moment" "$pid" "$db-wal" "$save" \
    "$BIERKOPF_TRACE_SAVES" 15 > "$home/how" &
  watcher=$!
  while kill -0 "$watcher" 2>/dev/null; do
    press_keys
    sleep 0.0$((RANDOM % 10))
  done
  wait "$watcher" || fail "round $round: the watcher failed"
  how=$(cat "$home/how")
  wait "$pid" 2>/dev/null || true
  pid=
  [ "$how" = "$moment" ] && hit=$((hit + 1))
  echo "# round $round: killed at $how (aimed at $moment)"
done

# The last start: the hand in progress is played to its end, then the game quits.
start_app
check "round $rounds restarted"
end=$(( $(date +%s%N) + 30000000000 ))
while [ "$(date +%s%N)" -lt "$end" ]; do
  read -r rows _ <<< "$(counts)"
  grep -q ' phase 3 ' "$save" 2>/dev/null && [ "$rows" = "$(finished)" ] && break
  press_keys
  sleep 0.05
done
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
pid=
check "finished, after SIGTERM" exact

read -r rows _ <<< "$(counts)"
# The rounds must have played and hit their moments, or the test proves nothing.
[ "$rows" -ge $((rounds / 2)) ] || fail "only $rows hands finished in $rounds rounds"
[ "$hit" -ge $((rounds * 3 / 4)) ] || fail "only $hit of $rounds kills came at their moment"
echo "# $rows hands, $hit of $rounds kills at their moment; $missing restarts found the history" \
  "lacking a finished hand (the start stored it), $ahead_rounds found it a hand ahead of the save"
echo "ok: $rounds of $rounds rounds with each finished hand stored exactly once"
