#!/bin/bash
# tests/e2e/friends-join-running.sh BIERKOPF BIERKOPF_CLI PROSODY_RUN SCREENSHOT_DIR
# (issue 24): `bierkopf --join URI` sent to the app already running on the same session
# bus. A table hosted by `bierkopf-cli table host` on a loopback Prosody; the app runs (a
# hand alone dealt) in its own home, display and bus (two-apps-lib.sh); a second
# `bierkopf --join URI` in that session hands its command line to the running app and
# exits 0; the running app asks first (a hand alone is in play), Return answers Join, and
# its lobby shows the table's chairs; closed before sitting, and a --join sent again: the
# new lobby shows the chairs again; the person sits (Alt+S) and the lobby closes.
# Before, the second start's --join was lost: the running app only came to the front.
# Screenshots of the question and the lobby go to SCREENSHOT_DIR.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
cli=$2
prosody_run=$3
shots=$4
mkdir -p "$shots"
work=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
host=
BK_PROSODY_PID=
trap 'two_apps_stop_table; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
echo "1..1"
fail () {
  echo "not ok 1 $*"
  for f in "$work"/guest.*.log "$work/guest.again.log" "$work/host.err"; do
    [ -f "$f" ] && sed "s|^|# $(basename "$f"): |" "$f" | tail -n 20
  done
  exit 1
}

export G_MESSAGES_DEBUG=bk-friends
bk_e2e_table_host "$cli" "$prosody_run" "$work" 200 180 ||
  fail "no invitation from the host"

# The app as the person left it: running, a hand alone dealt.
two_apps_running guest "bob@$BK_PROSODY_DOMAIN" "$app" || fail "no window"

shown () { grep -c 'The lobby shows' "$work/guest.0.log" 2>/dev/null || true; }

# Twice: the second time after the first lobby was closed before its person sat (its room
# is left first; before, the new join shared the old occupant and showed no chairs).
for round in 1 2; do
  before=$(shown)
  # The second start hands its --join to the running app and ends.
  code=0
  two_apps_again guest 60 "$app" --join "$uri" || code=$?
  [ "$code" -eq 0 ] || fail "the second bierkopf --join exited $code"
  kill -0 "$guest_pid" 2>/dev/null || fail "the running app went away"
  echo "# round $round: the second bierkopf --join ended (0)"

  # The hand alone in play: asked first; Return answers Join.
  two_apps_find guest '^Join the Table\?$' 30 > /dev/null || fail "the running app did not ask"
  sleep 1
  [ "$round" -eq 2 ] || two_apps_shoot guest join-asked
  # the question has the focus (it is modal over the window): Return is its default, Join
  for _ in $(seq 10); do
    two_apps_key guest Return
    sleep 1
    two_apps_window guest '^Table with Friends$' 1 && break
  done
  two_apps_window guest '^Table with Friends$' 60 || fail "no lobby in the running app"
  for _ in $(seq 300); do
    [ "$(shown)" -gt "$before" ] && break
    sleep 0.1
  done
  [ "$(shown)" -gt "$before" ] || fail "round $round: the lobby shows no chairs"
  two_apps_find guest 'Sit at ' 60 > /dev/null || fail "the lobby shows no free chair"
  [ "$round" -eq 2 ] && break
  two_apps_shoot guest join-lobby
  # closed before sitting (Alt+F4, openbox's close)
  lobby=$(two_apps_lobby guest)
  DISPLAY="$guest_display" xdotool windowactivate --sync "$lobby" 2>/dev/null || true
  two_apps_key guest alt+F4
  for _ in $(seq 50); do
    [ -z "$(two_apps_lobby guest)" ] && break
    sleep 0.1
  done
  [ -z "$(two_apps_lobby guest)" ] || fail "the lobby did not close"
done

# The person sits: the host deals (the table starts with its one person chair taken).
for _ in $(seq 30); do
  DISPLAY="$guest_display" xdotool search --onlyvisible --name '^Table with Friends$' \
    > /dev/null 2>&1 || break
  DISPLAY="$guest_display" xdotool search --onlyvisible --name '^Table with Friends$' \
    windowactivate --sync 2>/dev/null || true
  two_apps_key guest alt+s
  sleep 1
done
DISPLAY="$guest_display" xdotool search --onlyvisible --name '^Table with Friends$' \
  > /dev/null 2>&1 && fail "the lobby did not close once seated"
echo "ok 1 a bierkopf --join sent to the running app opened its lobby there"
