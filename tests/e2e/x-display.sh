#!/bin/bash
# tests/e2e/x-display.sh: the X display of the test run takes every client. An X server
# resets when its last client disconnects, unless started with -noreset, and a client that
# connects in that moment is dropped: GTK then says "cannot open display" and a test that
# had just asked the display whether it answers (another client) sees no window. The
# display tests start and end clients one after the other, so the display must not reset.
# Checked twice: a window name set on the root window by one client is still there for
# the next (a reset clears it), and 100 clients in a row all connect.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
source "$(dirname "$0")/e2e-lib.sh"
trap 'bk_e2e_end || exit 1' EXIT
bk_e2e_begin

fix="run the X server with -noreset (build-aux/check: xvfb-run -a -s '-screen 0 1280x800x24 -noreset')"

root=$(xdotool search --maxdepth 0 --name '' 2>/dev/null | head -n 1)
[ -n "$root" ] || { echo "not ok: no root window on ${DISPLAY:-}"; exit 1; }
probe="bk-x-display-$$-$RANDOM"
xdotool set_window --name "$probe" "$root"
# Time for the server to reset, if it does: it does so at once when the client goes.
sleep 0.5
name=$(xdotool getwindowname "$root" 2>/dev/null || true)
[ "$name" = "$probe" ] ||
  { echo "not ok: the X server reset when its last client left (the root window lost its name): $fix"; exit 1; }

refused=0
for ((i = 0; i < 100; i++)); do
  xdotool getdisplaygeometry >/dev/null 2>&1 || refused=$((refused + 1))
done
[ "$refused" -eq 0 ] || { echo "not ok: $refused of 100 clients in a row were refused: $fix"; exit 1; }
echo "ok: the display keeps its state between clients and took 100 clients in a row"
