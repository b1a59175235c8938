#!/bin/bash
# tests/e2e/herzla-hand.sh BIERKOPF SCREENSHOT_DIR: starts the real game in the X display of
# the test run and plays a hand of Herzla as a person would, with key presses sent from
# outside (xdotool): Ctrl+N, Down and Space choose Herzla, Alt+N starts it; Return answers
# each dialog with its default (weiter, the next hand), the number keys play cards, "a"
# opens the ledger. Screenshots of each stage go to SCREENSHOT_DIR. Passes when Herzla's
# own save holds a finished hand and Bierkopf's session was kept.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
shots=$2
mkdir -p "$shots"
home=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
pid=
trap 'if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$home"; bk_e2e_end || exit 1' EXIT
bk_e2e_begin

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
bierkopf_save="$XDG_DATA_HOME/bierkopf/session.bierkopf"
save="$XDG_DATA_HOME/bierkopf/session-herzla.bierkopf"

"$app" > "$home/app.log" 2>&1 &
pid=$!

for _ in $(seq 100); do
  window=$(xdotool search --onlyvisible --name '^Bierkopf$' 2>/dev/null | head -n 1) && [ -n "$window" ] && break
  sleep 0.1
done
[ -n "${window:-}" ] || { echo "not ok: no window"; cat "$home/app.log"; exit 1; }
xdotool windowsize "$window" 1024 720
shoot () { import -window root "$shots/$1.png"; echo "# screenshot $1"; }
shoot_window () { import -window "$window" "$shots/$1.png"; echo "# screenshot $1"; }

# Bierkopf's session is on disk before the switch.
for _ in $(seq 50); do [ -s "$bierkopf_save" ] && break; sleep 0.1; done
[ -s "$bierkopf_save" ] || { echo "not ok: no Bierkopf save"; exit 1; }
sleep 1
bierkopf_seed=$(grep '^seed ' "$bierkopf_save")

# Ctrl+N: the game chooser; the second game is Herzla for four.
# The keys go to the chooser only once it is shown and has the focus: wait for a second
# window of the game (on a busy machine it can take longer than any fixed pause).
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key ctrl+n
chooser=
for _ in $(seq 100); do
  for w in $(xdotool search --onlyvisible --pid "$pid" 2>/dev/null || true); do
    [ "$w" = "$window" ] || chooser=$w
  done
  [ -n "$chooser" ] && break
  sleep 0.1
done
[ -n "$chooser" ] || { echo "not ok: no game chooser after Ctrl+N"; tail -n 20 "$home/app.log"; exit 1; }
echo "# the game chooser: window $chooser"
# A window is found as soon as it is mapped, before the dialog has its size (its buttons
# may still wrap under each other): keys sent then were lost on a busy machine. Wait
# until its size holds still for half a second and it has the focus.
last=
stable=0
for _ in $(seq 100); do
  geometry=$(xdotool getwindowgeometry "$chooser" 2>/dev/null | sed -n 's/.*Geometry: //p')
  if [ -n "$geometry" ] && [ "$geometry" = "$last" ]; then
    stable=$((stable + 1))
  else
    stable=0
  fi
  last=$geometry
  [ "$stable" -ge 5 ] && [ "$(xdotool getwindowfocus 2>/dev/null)" = "$chooser" ] && break
  [ "$stable" -ge 5 ] && xdotool windowfocus --sync "$chooser" 2>/dev/null || true
  sleep 0.1
done
echo "# the chooser holds still at $last"
xdotool key Down
sleep 0.2
xdotool key space
sleep 0.5
shoot game-chooser
xdotool key alt+n
for _ in $(seq 100); do
  xdotool search --onlyvisible --name '^Herzla$' >/dev/null 2>&1 && break
  sleep 0.1
done
xdotool search --onlyvisible --name '^Herzla$' >/dev/null 2>&1 ||
  { echo "not ok: the window is not Herzla's"; tail -n 20 "$home/app.log"; exit 1; }
for _ in $(seq 50); do [ -f "$save" ] && break; sleep 0.1; done
[ -f "$save" ] && grep -q '^game herzla$' "$save" || { echo "not ok: no Herzla save"; exit 1; }
sleep 2
shoot bidding

played=0
for round in $(seq 240); do
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key Return
  sleep 0.25
  for digit in 1 2 3 4 5 6 7 8; do
    xdotool key "$digit"
    sleep 0.05
  done
  if [ "$round" -eq 3 ]; then sleep 2; shoot_window mid-hand; fi
  if grep -qE '^state .* phase 3( |$)' "$save"; then
    played=1
    break
  fi
  sleep 0.3
done
[ "$played" -eq 1 ] || { echo "not ok: no hand was finished"; tail -n 20 "$home/app.log"; exit 1; }

# A broken contract is told first, then the result sheet; Return goes on from each.
sleep 2
shoot hand-end
xdotool key Return
sleep 1.5
shoot result-sheet
xdotool key Return
sleep 1.5
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key a
sleep 1.5
shoot ledger
xdotool key Escape
sleep 0.5

kill "$pid"
wait "$pid" 2>/dev/null || true
cards=$(awk '/^dealer / { hands++ } hands == 1 && /^play / { n++ } END { print n + 0 }' "$save")
[ "$cards" -ge 4 ] || { echo "not ok: the saved hand has $cards cards"; exit 1; }
[ "$(grep '^seed ' "$bierkopf_save")" = "$bierkopf_seed" ] ||
  { echo "not ok: Bierkopf's session was not kept"; exit 1; }
echo "ok: a hand of Herzla played from outside ($cards cards); screenshots in $shots"
