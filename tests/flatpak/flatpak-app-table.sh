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
# session of the test's own with a gnome-keyring-daemon on it (unlocked, empty) and the
# Secret portal (tests/flatpak/secret-portal.py, below). The host's `bierkopf-cli table
# host` opens a table of Bierkopf with one chair for whoever comes by the link and three
# computer players. Then the sandboxed app (`flatpak run … --join URI`), as a person
# would:
#  1. its account is set up in the sandbox's own GSettings (the keyfile backend under
#     ~/.var/app/ID): the address and server, and the server's certificate trusted by its
#     SHA-256 fingerprint, as the Friends page's "Trust This Certificate" keeps it; the
#     keyring holds no password yet;
#  2. the app opens Preferences at its Friends page (no password in the keyring); the
#     password is typed there and Return signs in; the app keeps it through the Secret
#     portal: in the sandbox's own keyring file (~/.var/app/ID/data/keyrings), encrypted
#     with the app's secret that gnome-keyring gave the portal; nowhere in plain text, and
#     not in the Secret Service itself (which the sandbox cannot reach);
#  3. the lobby: Alt+S takes the free chair; the whole hand is played by key presses
#     (Return answers each dialog with its default, the number keys offer cards);
#  4. the app says "Hand 1: deal and play verified", its result's dialog is up (a
#     screenshot of the hand's end), the host exits 0 with the hand's results, and the
#     host's record replays to them; the app ends on SIGTERM with 0;
#  5. started again by the link of a second table, the app signs in by itself (the
#     password from its keyring file): the lobby, no Preferences.
# The keyring: libsecret in a Flatpak asks the Secret portal of xdg-desktop-portal
# (org.freedesktop.portal.Secret) for the app's secret and keeps the passwords in a file of
# the sandbox; the Secret Service (org.freedesktop.secrets) is hidden from the app by
# Flatpak's bus proxy (checked first). These machines have no xdg-desktop-portal (not
# installed: there it would also be started by every libadwaita app of every other test,
# which reads its settings from the portal), so tests/flatpak/secret-portal.py stands in
# for its front end and asks the real back end, gnome-keyring-daemon's
# org.freedesktop.impl.portal.Secret, as xdg-desktop-portal does. The app runs with
# exactly the manifest's finish-args: the test grants nothing.
# The app runs with G_DEBUG=fatal-warnings and GSK_RENDERER=cairo. Every wait is bounded.
# Screenshots (sign-in, lobby, table, mid-hand, hand-end, second-start) go to
# BUILD_FOLDER/app-table/screenshots. Prints "ok"/"not ok" lines and exits non-zero on the
# first failure.
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
bk_flatpak_preflight flatpak prosody openssl timeout Xvfb openbox xdotool import dbus-daemon gdbus \
  gnome-keyring-daemon secret-tool /usr/bin/python3
flatpak info --user "$BK_APP_ID" >/dev/null 2>&1 ||
  bk_flatpak_fail "$BK_APP_ID is not installed in $FLATPAK_USER_DIR: run build-aux/flatpak-local first"

# A hand at a person's pace takes a minute or two; the bounds are for a busy machine.
TABLE_SECONDS=300
HOST_PASSWORD=host-pw
# Distinct enough to be looked for in the sandbox's files.
GUEST_PASSWORD=bk-sandboxed-guest-8142
SCHEMA=io.github.bierkopf.Bierkopf

prosody_pid='' xvfb_pid='' openbox_pid='' bus_pid='' keyring_pid='' portal_pid='' host_pid=''
app_pid=''
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
  for pid in "$host_pid" "$portal_pid" "$keyring_pid" "$bus_pid" "$openbox_pid" "$xvfb_pid" "$prosody_pid"; do
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
# The keyring owns its name (asked without starting it: D-Bus would start another one,
# not unlocked, before this one is up), then answers and holds no password yet.
owned=
for _ in $(seq 100); do
  if gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
       --method org.freedesktop.DBus.NameHasOwner org.freedesktop.secrets 2>/dev/null |
       grep -q true; then
    owned=1
    break
  fi
  kill -0 "$keyring_pid" 2>/dev/null || break
  sleep 0.1
done
[ -n "$owned" ] || fail "gnome-keyring-daemon did not take org.freedesktop.secrets on the test's bus"
secret-tool search --all xdg:schema "$SCHEMA.Account" >"$dir/keyring-before.txt" 2>/dev/null ||
  fail "the keyring did not answer on the test's session bus"
[ ! -s "$dir/keyring-before.txt" ] || fail "the test's keyring is not empty"
"$here/secret-portal.py" >"$dir/portal.out" 2>"$dir/portal.log" &
portal_pid=$!
for _ in $(seq 100); do
  grep -qx ready "$dir/portal.out" 2>/dev/null && break
  kill -0 "$portal_pid" 2>/dev/null || break
  sleep 0.1
done
grep -qx ready "$dir/portal.out" 2>/dev/null || fail "the Secret portal (secret-portal.py) did not start"
echo "ok - a display ($DISPLAY, openbox), a session bus with an empty gnome-keyring and the Secret portal"

# open_table NAME: the host's bierkopf-cli opens a table (one chair for the link, three
# computer players, one hand) into $host_pid, its invitation into $uri.
printf '%s\n' "$HOST_PASSWORD" >"$dir/host.pw"
open_table () {
  timeout $((TABLE_SECONDS + 30)) "$cli" table host --game bierkopf \
    --jid "host@$BK_PROSODY_DOMAIN" --password-file "$dir/host.pw" \
    --server "$BK_PROSODY_SERVER" --cafile "$BK_PROSODY_CAFILE" \
    --seats S=invite,W=heuristic,N=heuristic,E=heuristic --deals 1 \
    --record "$dir/$1.record" --timeout "$TABLE_SECONDS" \
    >"$dir/$1.out" 2>"$dir/$1-host.err" &
  host_pid=$!
  for _ in $(seq 300); do
    [ -s "$dir/$1.out" ] && break
    kill -0 "$host_pid" 2>/dev/null || break
    sleep 0.1
  done
  uri=$(head -n 1 "$dir/$1.out" 2>/dev/null || true)
  case $uri in
    "xmpp:"*"@$BK_PROSODY_MUC?join;password="*) ;;
    *) fail "$1: the host gave no invitation: '$uri'" ;;
  esac
  echo "ok - $1: the host's bierkopf-cli opened the table $uri"
}
open_table table

# --- The sandbox --------------------------------------------------------------------
# The sandbox sees the Secret portal, and not the Secret Service itself.
ping () {
  flatpak run --user --command=gdbus "$BK_APP_ID" call --session --dest "$1" \
    --object-path "$2" --method org.freedesktop.DBus.Peer.Ping >/dev/null 2>>"$dir/ping.log"
}
ping org.freedesktop.secrets /org/freedesktop/secrets &&
  fail "the sandbox reaches the Secret Service (org.freedesktop.secrets) beyond the finish-args"
ping org.freedesktop.portal.Desktop /org/freedesktop/portal/desktop ||
  fail "the sandbox does not reach the Secret portal (org.freedesktop.portal.Desktop)"
echo "ok - the sandbox reaches the Secret portal, not the Secret Service"

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

# stop_app LOG: ends the app by SIGTERM, which it takes as a quit (leaving a table that
# ended by keys is ui/friends-table's /friends/table-ended); it must end at once, with 0,
# and have logged no error. The
# SIGTERM goes to the app itself: the sandbox's first process, bubblewrap's pid 1, takes
# none.
# (From /proc: a fresh Debian root may have no procps.)
descendants () {
  local stat pid rest
  for stat in /proc/[0-9]*/stat; do
    # (the error first: a process gone since the glob leaves no file to read)
    read -r pid rest 2>/dev/null <"$stat" || continue
    # the parent's pid is the second field after the command's ")"
    rest=${rest##*) }
    rest=${rest#* }
    if [ "${rest%% *}" = "$1" ]; then
      echo "$pid"
      descendants "$pid"
    fi
  done
}
stop_app () {
  local pid child='' code=0
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
  wait "$app_pid" || code=$?
  app_pid=
  [ "$code" -eq 0 ] || fail "the app exited with $code"
  if grep -E 'CRITICAL|X Window System error|Segmentation' "$1"; then
    fail "the app logged errors ($1)"
  fi
}

# 2. The app by the link; no password in the keyring: Preferences at its Friends page.
flatpak run --user "$BK_APP_ID" --join "$uri" >"$dir/app.log" 2>&1 &
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
# The password went through the portal: the app's secret asked for and given by
# gnome-keyring, the sandbox's keyring file written (libsecret writes it when it stores a
# password), the password in no file in plain text and not in the Secret Service.
var=$HOME/.var/app/$BK_APP_ID
grep -q "RetrieveSecret for $BK_APP_ID (.*): response 0" "$dir/portal.log" ||
  fail "the app did not get its secret from the Secret portal"
[ -s "$var/data/keyrings/default.keyring" ] ||
  fail "no keyring file in the sandbox ($var/data/keyrings/default.keyring): the password was not kept"
if grep -rqF "$GUEST_PASSWORD" "$var"; then
  fail "the password is in plain text in $(grep -rlF "$GUEST_PASSWORD" "$var")"
fi
if secret-tool lookup xdg:schema "$SCHEMA.Account" address "guest@$BK_PROSODY_DOMAIN" >/dev/null 2>&1; then
  fail "the password is in the Secret Service itself, past the portal"
fi
echo "ok - the app kept the password through the Secret portal, encrypted in $var/data/keyrings/default.keyring"
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
grep -q '"winner"' "$dir/table.out" || fail "the host printed no hand's result"
"$cli" replay "$dir/table.record" >"$dir/replayed.out" 2>"$dir/replay.err" ||
  fail "bierkopf-cli replay of the host's record failed"
tail -n +2 "$dir/table.out" | cmp -s - "$dir/replayed.out" ||
  fail "the host's record replays to other results than it printed"
echo "ok - the host played the hand with the app's person at South: $(grep -m 1 '"winner"' "$dir/table.out")"

stop_app "$dir/app.log"
echo "ok - the app ended on SIGTERM, cleanly"

# 5. The next start signs in by itself, with the password from the sandbox's keyring
# file: the link opens the lobby, no Preferences.
open_table second
flatpak run --user "$BK_APP_ID" --join "$uri" >"$dir/app-second.log" 2>&1 &
app_pid=$!
window_of '^Table with Friends$' 90 >/dev/null ||
  fail "the second start shows no lobby: $(xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | tr '\n' '|')"
xdotool search --onlyvisible --name '^Preferences$' >/dev/null 2>&1 &&
  fail "the second start asks to sign in again: the keyring kept no password"
sleep 1
shoot second-start
[ "$(grep -c "RetrieveSecret for $BK_APP_ID .*: response 0" "$dir/portal.log")" -eq 2 ] ||
  fail "the second start did not ask the Secret portal for the app's secret"
echo "ok - the second start signed in by itself (the password from its keyring file, the secret from the portal)"
stop_app "$dir/app-second.log"
kill "$host_pid" 2>/dev/null || true
host_pid=
echo "ok - the sandboxed app window played a hand at a table on the loopback server; screenshots in $shots"
