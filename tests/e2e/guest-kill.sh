#!/bin/bash
# tests/e2e/guest-kill.sh BIERKOPF PROSODY_RUN SCREENSHOT_DIR (issue 32): a person with no
# account plays a hand with the host's window by the link alone, and his app killed mid-hand
# takes its chair back. Two real app processes (two-apps-lib.sh: each its own home, X
# display and D-Bus session) on a loopback Prosody with its anonymous VirtualHost beside the
# MUC (the net suite's fixture, TLS on). The host's app (alice's account) opens a Table with
# Friends by keys; its clickable link (bierkopf:xmpp:…;guests=guest.DOMAIN) is read from its
# lobby through AT-SPI. The guest's app is fresh: empty home and settings, an empty keyring;
# it learns only the loopback port of the guest domain's server ($BIERKOPF_GUEST_SERVER, as
# DNS would say it) and trusts the fixture's certificate as a system CA ($SSL_CERT_FILE).
# It starts with `bierkopf --join LINK`, the person types a name and presses Return (Join)
# and sits; the host starts, both play by keys with two computer chairs. Mid-hand the
# guest's app is killed (SIGKILL) and started again with the same link: Return takes the
# last name, the app logs in anonymously under a new JID and claims its chair with the
# token it kept (guest-chair.keep); the host's log says the seat moved from the old JID to
# the new one, the seat the guest sat at; the hand ends and both apps say "Hand 1: deal and
# play verified". Nothing of an account is kept in the guest's settings or its keyring.
# Screenshots of both displays at each stage go to SCREENSHOT_DIR; with BK_TWO_APPS_LOGS=DIR
# the run's logs go there too.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
prosody_run=$2
shots=$3
mkdir -p "$shots"
work=$(mktemp -d)
name=Vroni
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
BK_PROSODY_PID=
status=1
cleanup () {
  two_apps_stop
  [ -z "$BK_PROSODY_PID" ] || kill "$BK_PROSODY_PID" 2>/dev/null || true
  [ -z "${BK_TWO_APPS_LOGS:-}" ] ||
    { mkdir -p "$BK_TWO_APPS_LOGS"; cp "$work"/*.log "$BK_TWO_APPS_LOGS"/ 2>/dev/null || true; }
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

eval "$("$prosody_run" --daemon --user alice:pw --lifetime 280)"
two_apps_display host
two_apps_display guest
two_apps_account host "alice@$BK_PROSODY_DOMAIN"
# The guest: a keyring of its own, empty; no settings at all.
cat > "$work/guest.account" <<EOF2
printf bk-test | G_DEBUG= gnome-keyring-daemon --foreground --unlock --components=secrets \
  > /dev/null 2>&1 &
G_DEBUG= gdbus wait --session --timeout 30 org.freedesktop.secrets
export BIERKOPF_GUEST_SERVER='$BK_PROSODY_SERVER' SSL_CERT_FILE='$BK_PROSODY_CAFILE'
EOF2

# The host: its window, then the chooser (Ctrl+N) and "Table with Friends" (Alt+F).
two_apps_start host "$app"
two_apps_find host '^Bierkopf$' 30 > /dev/null || fail "no host window"
sleep 1
two_apps_focus host
two_apps_key host ctrl+n
sleep 1
two_apps_key host alt+f
uri=$(two_apps_find host '^bierkopf:xmpp:[^ ]+\?join;password=[^ ]+;guests=[^ ]+$' 60) ||
  { two_apps_shoot host no-link; fail "no guest link in the host's lobby"; }
echo "# the link, $SECONDS s after the test's start: $uri"
sleep 1
two_apps_shoot host lobby

# guest_join: the guest's app from the link, the name (typed, or the last one kept), Join.
guest_join () {
  two_apps_start guest "$app" --join "$uri"
  two_apps_window guest '^Join a Table$' 60 ||
    { two_apps_shoot guest no-dialog; fail "no join dialog in the guest's app ($1)"; }
  two_apps_find guest '^Your Name$' 30 > /dev/null || fail "the join dialog has no name field"
  sleep 1
  if [ "$1" = first ]; then
    two_apps_key guest ctrl+a BackSpace
    DISPLAY="$guest_display" xdotool type --delay 60 "$name"
  fi
  two_apps_shoot guest "join-$1"
  two_apps_key guest Return
}

started=$SECONDS
guest_join first
two_apps_find host "^$name" 60 > /dev/null ||
  { two_apps_shoot guest not-seated; fail "the host does not see the guest sit"; }
sat=$(grep -ho "^.*$name ([^)]*) sits at seat [0-9]*" "$work"/host.0.log | tail -n 1) ||
  fail "the host's log does not say where the guest sits"
first_jid=$(sed 's/.*(\([^)]*\)) sits at seat.*/\1/' <<< "$sat")
first_seat=${sat##* }
echo "# the guest sits: $first_jid at seat $first_seat, $((SECONDS - started)) s after its start"
echo "#   (the app's start, the dialog, the name typed, Join, the anonymous login, the chair)"
[[ "$first_jid" == *"@guest.$BK_PROSODY_DOMAIN"* ]] ||
  fail "the guest is not an anonymous login of guest.$BK_PROSODY_DOMAIN: $first_jid"
[ -s "$work/guest/data/bierkopf/guest-chair.keep" ] || fail "the guest's app keeps no chair"
two_apps_shoot host seated
two_apps_shoot guest seated
two_apps_focus host
two_apps_key host alt+s
sleep 3
two_apps_shoot host table
two_apps_shoot guest table

verdict () { grep -h 'Hand 1: ' "$@" 2>/dev/null | head -n 1; }
# two_apps_focus, bounded: with a dialog over the window, `windowactivate --sync` waited up
# to half a minute on a busy machine
round_focus () {
  local display_var="${1}_display" window
  window=$(DISPLAY="${!display_var}" xdotool search --onlyvisible --name '^Bierkopf$' \
    2>/dev/null | head -n 1) || true
  [ -z "$window" ] || DISPLAY="${!display_var}" timeout 3 xdotool windowactivate --sync \
    "$window" >/dev/null 2>&1 || true
}
round () {
  local who
  for who in host guest; do
    round_focus "$who"
    two_apps_key "$who" Return 1 2 3 4 5
  done
}

# The hand, by keys, in both windows (at most 150 rounds); once the host has played a card
# (its hand, as the guest sees it, holds fewer than dealt) the guest's app is killed and
# comes back.
hand_size () {
  local shown
  shown=$(two_apps_find guest '^alice’s hand, [0-9]+ cards?$' "$1") || return 1
  shown=${shown#*, }
  echo "${shown%% *}"
}
dealt=$(hand_size 30) || { two_apps_shoot guest no-table; fail "the guest shows no table"; }
rejoined=0
for r in $(seq 150); do
  kill -0 "$host_pid" 2>/dev/null || fail "the host's app died"
  kill -0 "$guest_pid" 2>/dev/null || fail "the guest's app died"
  if [ -n "$(verdict "$work"/host.*.log)" ] && [ -n "$(verdict "$work"/guest.1.log)" ]; then
    break
  fi
  # (asked every other round from the 4th: a look through the tree takes seconds on a busy
  # machine, and the table talk before the first card takes a few rounds)
  if [ "$rejoined" -eq 0 ] && [ "$r" -ge 4 ] && [ $((r % 2)) -eq 0 ] && before=$(hand_size 10) &&
     [ "$before" -lt "$dealt" ]; then
    two_apps_shoot guest before-kill
    echo "# the kill, $SECONDS s after the test's start, in round $r"
    kill -KILL "$guest_pid"
    killed=$SECONDS
    sleep 2
    two_apps_shoot host guest-away
    guest_join again
    # Its hand where it was: fewer cards than dealt, some already on the table.
    left=$(hand_size 60) ||
      { two_apps_shoot guest no-table-again; fail "the restarted guest does not show the table"; }
    [ "$left" -le "$before" ] ||
      fail "the restarted guest shows the hand from its deal: $left cards, $before before the kill"
    sleep 2
    two_apps_shoot guest rejoined
    two_apps_shoot host rejoined
    echo "# alice's hand: $dealt cards dealt, $before before the kill, $left after the restart"
    echo "#   (the table shown again $((SECONDS - killed)) s after the kill)"
    rejoined=1
  fi
  round
  sleep 0.3
done
two_apps_shoot host result
two_apps_shoot guest result
[ "$rejoined" -eq 1 ] || fail "the hand ended before the guest was killed"

# The chair came back by its token under the new address (bk-table-host-tokens.c).
moved=$(grep -h "^.*Seat [0-9]* moves from [^ ]* to [^ ]* (.*) by its token" \
  "$work"/host.0.log | tail -n 1) || fail "the host's log shows no chair taken back by its token"
echo "# $moved"
moved=${moved#*Seat }
[ "${moved%% *}" = "$first_seat" ] || fail "the guest came back at another seat: $moved"
old_jid=$(sed 's/^[0-9]* moves from \([^ ]*\) to.*/\1/' <<< "$moved")
new_jid=$(sed 's/^[0-9]* moves from [^ ]* to \([^ ]*\) (.*/\1/' <<< "$moved")
[ "$old_jid" = "$first_jid" ] || fail "the seat moved from $old_jid, not from $first_jid"
[ "$new_jid" != "$old_jid" ] || fail "the guest came back under the same JID $new_jid"
[[ "$new_jid" == *"@guest.$BK_PROSODY_DOMAIN"* ]] ||
  fail "the guest came back not as an anonymous login: $new_jid"

host_verdict=$(verdict "$work"/host.*.log)
guest_verdict=$(verdict "$work"/guest.1.log)
echo "# host: $host_verdict"
echo "# guest (started again): $guest_verdict"
[ -n "$host_verdict" ] && [ -n "$guest_verdict" ] || fail "the hand was not finished in both apps"
[[ "$host_verdict" == *"deal and play verified" ]] || fail "the host's hand was not verified"
[[ "$guest_verdict" == *"deal and play verified" ]] || fail "the guest's hand was not verified"
# no account was made: nothing of one in the guest's settings, nothing in its keyring (kept
# on disk in its data folder, the same for both starts)
! grep -qs '^address=' "$work/guest/config/glib-2.0/settings/keyfile" ||
  fail "the guest's app keeps an account"
in_keyring=$(DBUS_SESSION_BUS_ADDRESS="$(cat "$work/guest.bus")" G_DEBUG= timeout 20 \
  secret-tool search --all xdg:schema io.github.bierkopf.Bierkopf.Account 2>/dev/null) || true
[ -z "$in_keyring" ] || fail "the guest's app put an account into its keyring"
status=0
echo "# the test's time: $SECONDS s"
echo "ok 1 a guest without an account played a hand, killed and back at seat $first_seat"
