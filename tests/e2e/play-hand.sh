#!/bin/bash
# tests/e2e/play-hand.sh BIERKOPF SCREENSHOT_DIR: starts the real game in the X display
# of the test run and plays one full hand as a person would, with key presses sent from
# outside (xdotool): Return answers each dialog with its default, the number keys play
# cards. Screenshots of each stage go to SCREENSHOT_DIR. Passes when the game has saved
# a finished hand.
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
save="$XDG_DATA_HOME/bierkopf/session.bierkopf"

"$app" > "$home/app.log" 2>&1 &
pid=$!

# The window appears.
for _ in $(seq 100); do
  window=$(xdotool search --onlyvisible --name '^Bierkopf$' 2>/dev/null | head -n 1) && [ -n "$window" ] && break
  sleep 0.1
done
[ -n "${window:-}" ] || { echo "not ok: no window"; cat "$home/app.log"; exit 1; }
xdotool windowsize "$window" 1024 720
# The whole screen (dialogs are separate windows, unmanaged without a window manager),
# or only the game window.
shoot () { import -window root "$shots/$1.png"; echo "# screenshot $1"; }
shoot_window () { import -window "$window" "$shots/$1.png"; echo "# screenshot $1"; }

sleep 1.5
shoot seating-ceremony
sleep 6
shoot table-talk

# Play: answer dialogs with Return, offer every card number in turn; what is not allowed
# or not yet one's turn is refused by the game with a toast.
played=0
for round in $(seq 240); do
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key Return
  sleep 0.25
  for digit in 1 2 3 4 5; do
    xdotool key "$digit"
    sleep 0.05
  done
  # A quiet moment in the middle of the hand, once the messages have faded.
  if [ "$round" -eq 10 ]; then sleep 6; shoot_window mid-hand; fi
  if [ -f "$save" ] && grep -qE '^state .* phase 3( |$)' "$save"; then
    played=1
    break
  fi
  sleep 0.4
done
[ "$played" -eq 1 ] || { echo "not ok: no hand was finished"; tail -n 20 "$home/app.log"; exit 1; }

sleep 2
shoot hand-result
xdotool key Return
sleep 3
shoot_window coaster

# The house rules in Preferences.
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key ctrl+comma
sleep 1.5
prefs=$(xdotool search --onlyvisible --name '^Preferences$' 2>/dev/null | head -n 1 || true)
if [ -n "$prefs" ]; then
  eval "$(xdotool getwindowgeometry --shell "$prefs")"
  xdotool mousemove $((X + WIDTH * 58 / 100)) $((Y + 22)) click 1
  sleep 1
  import -window "$prefs" "$shots/house-rules.png"
  echo "# screenshot house-rules"
fi
kill "$pid"
wait "$pid" 2>/dev/null || true
# The first hand's cards: the game saves after every action (and on SIGTERM), so the next
# hand may have begun in the save.
first=$(awk '/^dealer / { hands++ } hands == 1 && /^play / { n++ } END { print n + 0 }' "$save")
[ "$first" -eq 20 ] || { echo "not ok: the saved hand has $first cards, not 20"; exit 1; }
echo "ok: one hand played from outside; screenshots in $shots"
