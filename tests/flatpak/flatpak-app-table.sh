#!/usr/bin/env bash
# tests/flatpak/flatpak-app-table.sh [BUILD_FOLDER]: the installed Flatpak's app window
# plays a hand at a table on the loopback server (issue 24). Needs build-aux/flatpak-local
# to have built and installed it into BUILD_FOLDER (default _flatpak/), and the host's
# build in BK_BUILD_DIR (default _build/) for the `net` suite's Prosody fixture
# (tests/net/bk-prosody-run) and the host's bierkopf-cli; not part of `meson test`,
# build-aux/check-flatpak runs it after tests/flatpak/flatpak-table.sh.
#
# On the host: Prosody on 127.0.0.1 (a free port, TLS with a self-signed certificate), a
# virtual X display (Xvfb -displayfd, openbox to place and focus the windows), a D-Bus
# session of the test's own with a gnome-keyring-daemon on it (unlocked, empty). The
# host's `bierkopf-cli table host` opens a table of Bierkopf with one chair for whoever
# comes by the link and three computer players. Then the sandboxed app
# (`flatpak run … --join URI`), as a person would:
#  1. its account is set up in the sandbox's own GSettings (the keyfile backend under
#     ~/.var/app/ID): the address and server, and the server's certificate trusted by its
#     SHA-256 fingerprint, as the Friends page's "Trust This Certificate" keeps it; the
#     keyring holds no password yet;
#  2. the app opens Preferences at its Friends page (no password in the keyring); the
#     password is typed there and Return signs in; the app keeps it in the keyring, from
#     the sandbox (the host's secret-tool finds it afterwards), and nowhere in
#     ~/.var/app;
#  3. the lobby: Alt+S takes the free chair; the whole hand is played by key presses
#     (Return answers each dialog with its default, the number keys offer cards);
#  4. the app says "Hand 1: deal and play verified", the host exits 0 with the hand's
#     results, and the host's record replays to them; a screenshot of the hand's end.
# The keyring: libsecret in the sandbox asks the Secret portal (xdg-desktop-portal) when
# there is one, else the Secret Service (org.freedesktop.secrets) on the session bus,
# which Flatpak's bus proxy hides from the app. These machines have no xdg-desktop-portal
# (not installed: on the test machines it would also be started by every libadwaita app of
# every other test, which reads its settings from the portal), so this test grants, on its
# own command line only, `flatpak run --talk-name=org.freedesktop.secrets`; the manifest's
# finish-args stay as they are (flatpak-e2e.sh checks them). That the grant is what lets
# the sandbox reach the keyring is checked first: without it the name is not there.
# The app runs with G_DEBUG=fatal-warnings and GSK_RENDERER=cairo. Every wait is bounded.
# Screenshots go to BUILD_FOLDER/app-table/screenshots. Prints "ok"/"not ok" lines and
# exits non-zero on the first failure.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/flatpak/flatpak-env.sh
source "$here/flatpak-env.sh"

out=${1:-${BK_FLATPAK_DIR:-$here/../../_flatpak}}
[ -d "$out" ] || bk_flatpak_fail "no build folder $out: run build-aux/flatpak-local first"
out=$(cd "$out" && pwd)
build=${BK_BUILD_DIR:-$here/../../_build}
cli=$build/src/cli/bierkopf-cli
prosody_run=$build/tests/net/bk-prosody-run
if [ ! -x "$cli" ] || [ ! -x "$prosody_run" ]; then
  bk_flatpak_fail "no $cli or $prosody_run: build the project with the network layer first (meson setup $build && meson compile -C $build)"
fi
cli=$(cd "$(dirname "$cli")" && pwd)/bierkopf-cli
prosody_run=$(cd "$(dirname "$prosody_run")" && pwd)/bk-prosody-run

dir=$out/app-table
shots=$dir/screenshots
rm -rf "$dir"
mkdir -p "$shots"
bk_flatpak_env "$out" "$dir/home"
export LANG=C.UTF-8 LANGUAGE=en G_DEBUG=fatal-warnings GSK_RENDERER=cairo GDK_BACKEND=x11 \
  GTK_A11Y=none
bk_flatpak_preflight flatpak prosody openssl timeout Xvfb openbox xdotool import dbus-daemon \
  gnome-keyring-daemon secret-tool
flatpak info --user "$BK_APP_ID" >/dev/null 2>&1 ||
  bk_flatpak_fail "$BK_APP_ID is not installed in $FLATPAK_USER_DIR: run build-aux/flatpak-local first"

# A hand at a person's pace takes a minute or two; the bounds are for a busy machine.
TABLE_SECONDS=300
HOST_PASSWORD=host-pw
# Distinct enough to be looked for in the sandbox's files.
GUEST_PASSWORD=bk-sandboxed-guest-8142
# The grant of this test alone (see above).
GRANT=--talk-name=org.freedesktop.secrets
SCHEMA=io.github.bierkopf.Bierkopf

prosody_pid='' xvfb_pid='' openbox_pid='' bus_pid='' keyring_pid='' host_pid='' app_pid=''
fail () {
  echo "not ok - $*"
  [ -z "$xvfb_pid" ] || shoot failed || true
  for log in "$dir"/*.err "$dir"/*.log; do
    [ -s "$log" ] && sed "s|^|# $(basename "$log"): |" "$log" | tail -n 15
  done
  exit 1
}
cleanup () {
  local pid
  # The app first (its sandbox, then its `flatpak run`), while the bus and display are up.
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    flatpak kill "$BK_APP_ID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    kill "$app_pid" 2>/dev/null || true
  fi
  for pid in "$host_pid" "$keyring_pid" "$bus_pid" "$openbox_pid" "$xvfb_pid" "$prosody_pid"; do
    [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
shoot () { import -window root "$shots/$1.png"; echo "# screenshot $shots/$1.png"; }

# --- The host's side: the server, the display, the session bus and its keyring ---------
eval "$("$prosody_run" --daemon --user "host:$HOST_PASSWORD" --user "guest:$GUEST_PASSWORD" \
  --lifetime $((2 * TABLE_SECONDS)) 2>"$dir/prosody.err")" ||
  fail "the Prosody fixture did not start"
prosody_pid=$BK_PROSODY_PID
echo "ok - Prosody on the host at $BK_PROSODY_SERVER (TLS, $BK_PROSODY_DOMAIN, $BK_PROSODY_MUC)"

: >"$dir/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -noreset -nolisten tcp 3>"$dir/display" \
  >"$dir/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$dir/display" ] && break
  sleep 0.1
done
[ -s "$dir/display" ] || fail "no X display (Xvfb -displayfd)"
DISPLAY=":$(head -n 1 "$dir/display")"
export DISPLAY
unset WAYLAND_DISPLAY XAUTHORITY
openbox >"$dir/openbox.log" 2>&1 &
openbox_pid=$!

dbus-daemon --session --fork --print-address=3 --print-pid=4 3>"$dir/bus" 4>"$dir/bus.pid"
bus_pid=$(cat "$dir/bus.pid")
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$dir/bus")
export DBUS_SESSION_BUS_ADDRESS
printf bk-test | G_DEBUG='' gnome-keyring-daemon --foreground --unlock --components=secrets \
  >"$dir/keyring.log" 2>&1 &
keyring_pid=$!
# The keyring answers (and holds no password for the guest yet).
answered=
for _ in $(seq 100); do
  if secret-tool search --all xdg:schema "$SCHEMA.Account" >"$dir/keyring-before.txt" 2>/dev/null; then
    answered=1
    break
  fi
  sleep 0.1
done
[ -n "$answered" ] || fail "the keyring did not answer on the test's session bus"
[ ! -s "$dir/keyring-before.txt" ] || fail "the test's keyring is not empty"
echo "ok - a display ($DISPLAY, openbox) and a session bus with an empty gnome-keyring"

# The table: one chair for the link, three computer players, one hand.
printf '%s\n' "$HOST_PASSWORD" >"$dir/host.pw"
timeout $((TABLE_SECONDS + 30)) "$cli" table host --game bierkopf \
  --jid "host@$BK_PROSODY_DOMAIN" --password-file "$dir/host.pw" \
  --server "$BK_PROSODY_SERVER" --cafile "$BK_PROSODY_CAFILE" \
  --seats S=invite,W=heuristic,N=heuristic,E=heuristic --deals 1 \
  --record "$dir/table.record" --timeout "$TABLE_SECONDS" \
  >"$dir/host.out" 2>"$dir/host.err" &
host_pid=$!
for _ in $(seq 300); do
  [ -s "$dir/host.out" ] && break
  kill -0 "$host_pid" 2>/dev/null || break
  sleep 0.1
done
uri=$(head -n 1 "$dir/host.out" 2>/dev/null || true)
case $uri in
  "xmpp:"*"@$BK_PROSODY_MUC?join;password="*) ;;
  *) fail "the host gave no invitation: '$uri'" ;;
esac
echo "ok - the host's bierkopf-cli opened the table $uri"

# --- The sandbox --------------------------------------------------------------------
# The Secret Service is there for the app with the test's grant only.
ping=(gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets
  --method org.freedesktop.DBus.Peer.Ping)
if flatpak run --user --command=gdbus "$BK_APP_ID" "${ping[@]:1}" >/dev/null 2>"$dir/no-grant.log"; then
  fail "the sandbox reaches org.freedesktop.secrets without $GRANT: the test's grant would prove nothing"
fi
flatpak run --user "$GRANT" --command=gdbus "$BK_APP_ID" "${ping[@]:1}" >/dev/null 2>"$dir/grant.log" ||
  fail "the sandbox does not reach org.freedesktop.secrets even with $GRANT"
echo "ok - the sandbox reaches the keyring (org.freedesktop.secrets) with the test's $GRANT only"

# 1. The account in the sandbox's GSettings (the keyfile backend under ~/.var/app/ID).
fingerprint=$(openssl x509 -noout -fingerprint -sha256 -in "$BK_PROSODY_CAFILE" | cut -d= -f2)
server=$(printf %s "$BK_PROSODY_SERVER" | tr '[:upper:]' '[:lower:]')
flatpak run --user --command=sh "$BK_APP_ID" -c "
  gsettings set $SCHEMA.Friends address 'guest@$BK_PROSODY_DOMAIN' &&
  gsettings set $SCHEMA.Friends server '$BK_PROSODY_SERVER' &&
  gsettings set $SCHEMA.Friends trusted-certificates \"{'$server': '$fingerprint'}\"" \
  2>"$dir/gsettings.log" || fail "gsettings in the sandbox failed"
keyfile=$HOME/.var/app/$BK_APP_ID/config/glib-2.0/settings/keyfile
grep -qF "$fingerprint" "$keyfile" 2>/dev/null ||
  fail "the trusted fingerprint is not in the sandbox's keyfile $keyfile"
echo "ok - the account (guest@$BK_PROSODY_DOMAIN, $BK_PROSODY_SERVER, fingerprint $fingerprint) in $keyfile"

# activate WINDOW: focuses it (xdotool's --sync waits for ever where a modal dialog holds
# the focus: bounded).
activate () { timeout 5 xdotool windowactivate --sync "$1" >/dev/null 2>&1 || true; }

# window_of TITLE SECS: a visible window so titled, within SECS seconds.
window_of () {
  local i window
  for ((i = 0; i < $2 * 10; i++)); do
    window=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1) || true
    if [ -n "$window" ]; then
      echo "$window"
      return 0
    fi
    kill -0 "$app_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# 2. The app by the link; no password in the keyring: Preferences at its Friends page.
flatpak run --user "$GRANT" "$BK_APP_ID" --join "$uri" >"$dir/app.log" 2>&1 &
app_pid=$!
prefs=$(window_of '^Preferences$' 90) || fail "the app did not open Preferences to sign in"
sleep 2
shoot sign-in
echo "ok - the app asks to sign in: Preferences at the Friends page"
# The ninth stop of Tab from the window's start is the Password row (the page's tabs,
# the connection's row and its two buttons, the Address row before it); Return there
# signs in.
activate "$prefs"
xdotool key --delay 150 Tab Tab Tab Tab Tab Tab Tab Tab Tab
xdotool type --delay 60 "$GUEST_PASSWORD"
xdotool key Return
# Signed in, the app closes Preferences and shows the table's lobby.
lobby=$(window_of '^Table with Friends$' 90) ||
  fail "no lobby after signing in (the sandboxed app did not get online)"
xdotool search --onlyvisible --name '^Preferences$' >/dev/null 2>&1 &&
  fail "Preferences stayed open after signing in"
echo "ok - signed in from the sandbox: Preferences closed, the lobby is up"
# The password is in the keyring, put there by the sandboxed app, and in no file of its.
stored=$(secret-tool lookup xdg:schema "$SCHEMA.Account" address "guest@$BK_PROSODY_DOMAIN" 2>/dev/null) ||
  fail "the keyring has no password for guest@$BK_PROSODY_DOMAIN after signing in"
[ "$stored" = "$GUEST_PASSWORD" ] || fail "the keyring holds another password than the one typed"
if grep -rqF "$GUEST_PASSWORD" "$HOME/.var/app/$BK_APP_ID"; then
  fail "the password is in a file under ~/.var/app/$BK_APP_ID: $(grep -rlF "$GUEST_PASSWORD" "$HOME/.var/app/$BK_APP_ID")"
fi
echo "ok - the app kept the password in the keyring (the host's secret-tool finds it), in no file under ~/.var/app"
sleep 2
shoot lobby

# 3. The free chair, then the hand by keys. A key sent before the lobby has the focus is
# lost on a busy machine: Alt+S again until the lobby closes (it does once the hand is
# dealt); seated, the lobby has no Sit Here left, so another press does nothing.
for _ in $(seq 60); do
  xdotool search --onlyvisible --name '^Table with Friends$' >/dev/null 2>&1 || break
  activate "$lobby"
  xdotool key alt+s
  sleep 1
done
xdotool search --onlyvisible --name '^Table with Friends$' >/dev/null 2>&1 &&
  fail "the lobby is still open after a minute of Alt+S (no chair taken, or no deal)"
sleep 1
shoot table
echo "ok - sat in the free chair: the lobby closed, the hand is dealt"
verdict () { grep -m 1 -o 'Hand 1: .*' "$dir/app.log" 2>/dev/null || true; }
played=
for round in $(seq 240); do
  kill -0 "$app_pid" 2>/dev/null || fail "the app ended during the hand"
  if [ -n "$(verdict)" ] && ! kill -0 "$host_pid" 2>/dev/null; then
    played=1
    break
  fi
  # the focus is where openbox put it: on the table, or on the dialog it opened
  xdotool key Return
  sleep 0.2
  for k in 1 2 3 4 5; do
    xdotool key "$k"
    sleep 0.1
  done
  [ "$round" -ne 6 ] || shoot mid-hand
  sleep 0.3
done
[ -n "$played" ] || fail "the hand was not finished in $round rounds of keys: the app says '$(verdict)'"
# The hand's end: the result's dialog over the table (titled who won).
result=
for _ in $(seq 100); do
  result=$(xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | grep -vxF Bierkopf |
    head -n 1) || true
  [ -z "$result" ] || break
  sleep 0.1
done
sleep 0.5
shoot hand-end
[ -n "$result" ] || fail "no result's dialog after the hand"

# 4. The verdicts: the app's, the host's, and the host's record replayed.
[ "$(verdict)" = "Hand 1: deal and play verified" ] || fail "the app's verdict: '$(verdict)'"
echo "ok - the sandboxed app played the hand by keys: \"$(verdict)\", \"$result\" ($round rounds)"
code=0
wait "$host_pid" || code=$?
host_pid=
[ "$code" -eq 0 ] || fail "the host exited with $code"
grep -q '"winner"' "$dir/host.out" || fail "the host printed no hand's result"
"$cli" replay "$dir/table.record" >"$dir/replayed.out" 2>"$dir/replay.err" ||
  fail "bierkopf-cli replay of the host's record failed"
tail -n +2 "$dir/host.out" | cmp -s - "$dir/replayed.out" ||
  fail "the host's record replays to other results than it printed"
echo "ok - the host played the hand with the app's person at South: $(grep -m 1 '"winner"' "$dir/host.out")"

# The app ends on SIGTERM, cleanly (a guest's result dialog at a table whose host has
# gone comes back on Return and Escape, and holds Ctrl+Q: not what this test is about).
# (The app itself: the sandbox's first process, bubblewrap's pid 1, takes no SIGTERM.)
descendants () {
  local pid
  for pid in $(ps -o pid= --ppid "$1"); do
    echo "$pid"
    descendants "$pid"
  done
}
child=
for pid in $(descendants "$app_pid"); do
  if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = bierkopf ]; then
    child=$pid
    break
  fi
done
[ -n "$child" ] || fail "no process bierkopf under the app's flatpak run ($app_pid)"
kill -TERM "$child" 2>/dev/null || fail "the app's process $child is gone before SIGTERM"
for _ in $(seq 100); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$app_pid" 2>/dev/null && fail "the app did not end within 10 s of SIGTERM"
code=0
wait "$app_pid" || code=$?
app_pid=
[ "$code" -eq 0 ] || fail "the app exited with $code"
if grep -E 'CRITICAL|X Window System error|Segmentation' "$dir/app.log"; then
  fail "the app logged errors"
fi
echo "ok - the sandboxed app window played a hand at a table on the loopback server; screenshots in $shots"
