#!/bin/bash
# tests/e2e/friends-two-apps.sh BIERKOPF PROSODY_RUN SCREENSHOT_DIR MODE [GUEST_LANGUAGE]
# (issue 24): two real app processes at one table on a loopback Prosody (the net suite's
# fixture, TLS on), each with its own home, X display and D-Bus session
# (two-apps-lib.sh). The host's app opens a Table with Friends by keys (Ctrl+N, Alt+F);
# its invitation link is read from its lobby through AT-SPI, as a screen reader reads
# it; the guest's app starts with `bierkopf --join URI` and takes a chair (Alt+S, "Sit
# Here", the first free one); the host starts (Alt+S), the two free chairs take computer players and both
# play the whole hand by keys (Return answers each dialog with its default, the number
# keys offer cards). Passes when both apps say "Hand 1: deal and play verified".
# MODE "rejoin": the guest's app is killed (SIGKILL) mid-hand, started again with the
# link, is taken back to its kept chair and finds the hand where it was (the others' hands hold
# no more cards than before the kill).
# Screenshots of both displays at each stage go to SCREENSHOT_DIR; with BK_TWO_APPS_LOGS=DIR
# the run's logs go there too.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
prosody_run=$2
shots=$3
mode=$4
guest_language=${5:-en}
mkdir -p "$shots"
work=$(mktemp -d)
# The guest's words and keys in its language (po/de.po): a free chair's accessible name,
# its button's mnemonic, the verdict. GTK 4.8 names the button by its accessible label
# followed by its mnemonic label's text ("Sit at West Sit Here"), so a name is matched
# from its start only.
sit_name='^Sit at [^ ]+( |$)' sit_key=alt+s guest_ok="deal and play verified"
if [ "$guest_language" = de ]; then
  sit_name='^Sich nach [^ ]+ setzen( |$)' sit_key=alt+h guest_ok="Geben und Spiel geprüft"
fi
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
BK_PROSODY_PID=
status=1
cleanup () {
  two_apps_stop
  [ -z "$BK_PROSODY_PID" ] || kill "$BK_PROSODY_PID" 2>/dev/null || true
  # BK_TWO_APPS_LOGS=DIR keeps every log of the run (the apps' with G_MESSAGES_DEBUG)
  [ -z "${BK_TWO_APPS_LOGS:-}" ] || { mkdir -p "$BK_TWO_APPS_LOGS"; cp "$work"/*.log "$BK_TWO_APPS_LOGS"/ 2>/dev/null || true; }
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log; do
      echo "# --- ${log##*/}"
      tail -n 15 "$log" | sed 's/^/# /'
    done
    two_apps_backtraces
  fi
  rm -rf "$work"
}
trap 'cleanup; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
echo "1..1"
fail () { echo "not ok 1 $*"; exit 1; }

eval "$("$prosody_run" --daemon --user alice:pw --user bob:pw --lifetime 280)"
two_apps_display host
two_apps_display guest
two_apps_account host "alice@$BK_PROSODY_DOMAIN"
two_apps_account guest "bob@$BK_PROSODY_DOMAIN"

# The host: its window, then the chooser (Ctrl+N) and "Table with Friends" (Alt+F).
two_apps_start host "$app"
two_apps_find host '^Bierkopf$' 30 > /dev/null || fail "no host window"
sleep 1
two_apps_focus host
two_apps_key host ctrl+n
sleep 1
two_apps_key host alt+f
uri=$(two_apps_find host '^(bierkopf:)?xmpp:[^ ]+\?join;password=[^ ]+$' 30) || fail "no link in the host's lobby"
echo "# the link: $uri"
sleep 1
two_apps_shoot host lobby

# The guest: by the link; its lobby; the first free chair.
join_started=$(date +%s%N)
two_apps_start guest "$app" --join "$uri"
two_apps_find guest "$sit_name" 60 > /dev/null ||
  { two_apps_shoot guest no-lobby; fail "no free chair in the guest's lobby"; }
echo "# lobby with its chairs $(( ($(date +%s%N) - join_started) / 1000000 )) ms after the start"
sleep 1
two_apps_shoot guest lobby
# several chairs share the mnemonic: Alt+S focuses the first, space presses it
two_apps_key guest "$sit_key" space
two_apps_find host '^bob' 30 > /dev/null || fail "the host does not see the guest sit"
two_apps_shoot host seated
two_apps_key host alt+s
sleep 3
two_apps_shoot host table
two_apps_shoot guest table

verdict () { grep -h 'Hand 1: ' "$@" 2>/dev/null | head -n 1; }
round () {
  local who
  for who in host guest; do
    two_apps_focus "$who"
    two_apps_key "$who" Return 1 2 3 4 5
  done
}

# The hand, by keys, in both windows (at most 150 rounds); in "rejoin", the guest is
# killed after a few rounds and comes back.
rejoined=0
for r in $(seq 150); do
  kill -0 "$host_pid" 2>/dev/null || fail "the host's app died"
  kill -0 "$guest_pid" 2>/dev/null || fail "the guest's app died"
  if [ -n "$(verdict "$work"/host.*.log)" ] && [ -n "$(verdict "$work"/guest.*.log)" ]; then
    break
  fi
  if [ "$mode" = rejoin ] && [ "$rejoined" -eq 0 ] && [ "$r" -eq 5 ]; then
    before=$(two_apps_find guest '^alice’s hand, [0-9]+ cards?$' 10) ||
      fail "the guest does not show the table before the kill"
    two_apps_shoot guest before-kill
    kill -KILL "$guest_pid"
    sleep 2
    two_apps_shoot host guest-away
    two_apps_start guest "$app" --join "$uri"
    # Its kept chair takes it back by itself (issue 34.8: no Sit Here on its own chair),
    # with its hand where it was: fewer cards than dealt, some already on the table.
    left=$(two_apps_find guest '^alice’s hand, [0-9]+ cards?$' 90) ||
      fail "the restarted guest does not show the table"
    [ "${left//[^0-9]/}" -le "${before//[^0-9]/}" ] ||
      fail "the restarted guest shows the hand from its deal: $left, before the kill $before"
    sleep 2
    two_apps_shoot guest rejoined
    echo "# before the kill: $before; after the restart: $left"
    rejoined=1
  fi
  round
  sleep 0.3
done
two_apps_shoot host result
two_apps_shoot guest result
host_verdict=$(verdict "$work"/host.*.log)
guest_verdict=$(verdict "$work"/guest.*.log)
echo "# host: $host_verdict"
echo "# guest: $guest_verdict"
[ -n "$host_verdict" ] && [ -n "$guest_verdict" ] || fail "the hand was not finished in both apps"
[[ "$host_verdict" == *"deal and play verified" ]] || fail "the host's hand was not verified"
[[ "$guest_verdict" == *"$guest_ok" ]] || fail "the guest's hand was not verified"
[ "$mode" != rejoin ] || [ "$rejoined" -eq 1 ] || fail "the hand ended before the guest was killed"
status=0
echo "ok 1 two apps played a hand at one table ($mode, guest in $guest_language)"
