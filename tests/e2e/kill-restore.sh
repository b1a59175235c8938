#!/bin/bash
# tests/e2e/kill-restore.sh BIERKOPF [ROUNDS]: nothing is lost on a kill. Starts the real
# game in the X display of the test run with a data folder of its own, plays random keys
# from outside (xdotool: Return answers a dialog, the number keys offer cards) while the
# computer players play, kills it with SIGKILL at a random moment, starts it again and
# checks that it resumed exactly the last action that was saved.
#
# The game reports through BIERKOPF_TRACE_SAVES: "saved ACTIONS SHA256" once a save is on
# disk, "loaded ACTIONS SHA256 REPLAYED-SHA256" (or "loaded none") once it has read one.
# After a restart the loaded save must be the last traced one, or a newer one (a save that
# reached the disk in the moment between its rename and its trace line), never an older
# one; and the game replayed from it must save to the very same text.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
rounds=${2:-20}
home=$(mktemp -d)
pid=
source "$(dirname "$0")/e2e-lib.sh"
trap 'if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null || true; fi; [ -n "${BK_KILL_KEEP:-}" ] || rm -rf "$home"; bk_e2e_end || exit 1' EXIT
bk_e2e_begin

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
export BIERKOPF_TRACE_SAVES="$home/trace"
# No animations and quick computer players: many actions in little time.
export GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'EOF'
[io/github/bierkopf/Bierkopf]
animation-speed='off'
strength='anfaenger'
EOF
: > "$BIERKOPF_TRACE_SAVES"

fail () { echo "not ok: $*"; echo "# trace:"; sed 's/^/# /' "$BIERKOPF_TRACE_SAVES" | tail -n 20; exit 1; }

RANDOM=${BK_KILL_SEED:-$$}
echo "# seed $RANDOM, in $home"
newer=0
total_actions=0

for round in $(seq "$rounds"); do
  # What was on disk before the start: the last save traced.
  last=$(grep '^saved ' "$BIERKOPF_TRACE_SAVES" | tail -n 1 || true)
  before=$(wc -l < "$BIERKOPF_TRACE_SAVES")

  "$app" >> "$home/app.log" 2>&1 &
  pid=$!

  # The save is read on a worker thread; wait for the game to say what it loaded.
  loaded=
  for _ in $(seq 200); do
    loaded=$(tail -n +"$((before + 1))" "$BIERKOPF_TRACE_SAVES" | grep '^loaded ' | head -n 1 || true)
    [ -n "$loaded" ] && break
    kill -0 "$pid" 2>/dev/null || fail "round $round: the game died at start"
    sleep 0.05
  done
  [ -n "$loaded" ] || fail "round $round: nothing was loaded"

  read -r _ l_actions l_sum l_replayed <<< "$loaded"
  if [ "$loaded" = "loaded none" ]; then
    [ -z "$last" ] || fail "round $round: the save was lost (last: $last)"
    echo "# round $round: a new session (nothing saved yet)"
  else
    read -r _ s_actions s_sum <<< "${last:-saved 0 -}"
    [ "$l_sum" = "$l_replayed" ] || fail "round $round: the replayed game differs from the save"
    if [ "$l_sum" != "$s_sum" ]; then
      [ "$l_actions" -gt "$s_actions" ] ||
        fail "round $round: loaded $l_actions actions, the last save had $s_actions"
      newer=$((newer + 1))
    fi
    echo "# round $round: resumed at $l_actions actions (last saved $s_actions)"
  fi

  # Play for a random moment, then kill. The keys go to the game's newest window: a talk,
  # doubling or result dialog if one is open, else the table.
  end=$(( $(date +%s%N) + (300 + RANDOM % 2700) * 1000000 ))
  while [ "$(date +%s%N)" -lt "$end" ]; do
    window=
    for w in $(xdotool search --onlyvisible --pid "$pid" 2>/dev/null || true); do
      [ -n "$window" ] && [ "$(xdotool getwindowname "$w" 2>/dev/null)" = Bierkopf ] && continue
      window=$w
    done
    [ -z "$window" ] || xdotool windowfocus "$window" 2>/dev/null || true
    # Return and the five card keys in a random order: the first legal one counts, so the
    # card played is a random legal one.
    xdotool key $(printf '%s\n' Return 1 2 3 4 5 | shuf | tr '\n' ' ') 2>/dev/null || true
    sleep 0.0$((RANDOM % 10))
  done
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
done

total_actions=$(grep '^saved ' "$BIERKOPF_TRACE_SAVES" | tail -n 1 | cut -d' ' -f2)
saves=$(grep -c '^saved ' "$BIERKOPF_TRACE_SAVES")
# The rounds must have played, or the test proves nothing.
[ "${total_actions:-0}" -ge 10 ] || fail "only ${total_actions:-0} actions in $rounds rounds"
echo "# $saves saves, $total_actions actions, $newer restarts found a save newer than its trace"
echo "ok: $rounds of $rounds kills resumed the last saved action"
