#!/bin/bash
# tests/e2e/lesson-keys.sh BIERKOPF SCREENSHOT_DIR: the first Bierkopf lesson by keys
# alone in the real app (issue 33), sent from outside with xdotool: F10 opens the main
# menu, Y is Learn to Pla_y; Return is Next; the number keys choose cards (5 a wrong one,
# the Zehn, whose explanation the panel shows; 4 the Sau, the right one). Passes when the
# app's settings record the lesson as done.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
shots=$2
mkdir -p "$shots"
home=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
pid=
trap 'if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
      rm -rf "$home"; bk_e2e_end || exit 1' EXIT
bk_e2e_begin

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
# Settings in a file, so that the progress can be read from here.
export GSETTINGS_BACKEND=keyfile GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
keyfile="$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"

"$app" > "$home/app.log" 2>&1 &
pid=$!

find_window () {
  local found=
  for _ in $(seq 100); do
    found=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1) &&
      [ -n "$found" ] && break
    sleep 0.1
  done
  echo "$found"
}
shoot () { import -window "$1" "$shots/lesson-$2.png"; echo "# screenshot lesson-$2"; }

window=$(find_window '^Bierkopf$')
[ -n "$window" ] || { echo "not ok: no window"; cat "$home/app.log"; exit 1; }
sleep 1

# The first start offers the lessons once.
for _ in $(seq 50); do
  grep -q 'lessons-offered=true' "$keyfile" 2>/dev/null && break
  sleep 0.1
done
grep -q 'lessons-offered=true' "$keyfile" || { echo "not ok: no offer at the first start"; exit 1; }

xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key F10
sleep 0.8
xdotool key y
lessons=$(find_window '^Learn to Play$')
[ -n "$lessons" ] ||
  { echo "not ok: Learn to Play did not open"; tail -n 20 "$home/app.log"; exit 1; }
xdotool windowsize "$lessons" 1024 720
xdotool windowfocus --sync "$lessons" 2>/dev/null || true
sleep 1
shoot "$lessons" keys-1-read

# Step 1 is read: Return on Next. Step 2: the Zehn (5th card) is wrong, the Sau (4th) right.
xdotool key Return
sleep 0.8
grep -q "lesson-at='bierkopf-cards:1'" "$keyfile" || { echo "not ok: Next did not go on"; exit 1; }
xdotool key 5
sleep 0.8
shoot "$lessons" keys-2-wrong
xdotool key 4
sleep 1.5
shoot "$lessons" keys-3-right
xdotool key Return
sleep 0.8
grep -q "lessons-done=\['bierkopf-cards'\]" "$keyfile" ||
  { echo "not ok: the lesson is not recorded as done"; cat "$keyfile"; exit 1; }
echo "ok: the first lesson by keys"
