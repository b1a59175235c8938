#!/bin/bash
# tests/e2e/sigterm-save.sh BIERKOPF: SIGTERM (a logout, a shutdown) right after the first
# start quits cleanly and leaves a save of the new session behind; SIGINT likewise after a
# restart, and the session then is the same one.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
home=$(mktemp -d)
pid=
source "$(dirname "$0")/e2e-lib.sh"
trap 'if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null || true; fi; rm -rf "$home"; bk_e2e_end || exit 1' EXIT
bk_e2e_begin

export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
save="$XDG_DATA_HOME/bierkopf/session.bierkopf"

start_and_stop () {
  local signal=$1 status
  "$app" >> "$home/app.log" 2>&1 &
  pid=$!
  window=
  for _ in $(seq 100); do
    window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -n 1 || true)
    [ -n "$window" ] && break
    sleep 0.05
  done
  [ -n "$window" ] || { echo "not ok: no window"; cat "$home/app.log"; exit 1; }
  kill "-$signal" "$pid"
  status=0
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  wait "$pid" || status=$?
  pid=
  [ "$status" -eq 0 ] || { echo "not ok: exit status $status after SIG$signal"; cat "$home/app.log"; exit 1; }
}

start_and_stop TERM
[ -s "$save" ] || { echo "not ok: no save after SIGTERM at the first start"; exit 1; }
grep -q '^seed ' "$save" || { echo "not ok: the save has no seed"; exit 1; }
seed=$(grep '^seed ' "$save")
echo "# saved after SIGTERM: $seed"

start_and_stop INT
[ "$(grep '^seed ' "$save")" = "$seed" ] || { echo "not ok: another session after SIGINT"; exit 1; }
echo "ok: SIGTERM and SIGINT save and quit cleanly"
