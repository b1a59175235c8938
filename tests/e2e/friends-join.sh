#!/bin/bash
# tests/e2e/friends-join.sh BIERKOPF BIERKOPF_CLI PROSODY_RUN SCREENSHOT_DIR (issue 24): a
# table hosted by `bierkopf-cli table host` on a loopback Prosody (the net suite's fixture)
# with three computer seats and one left for a person; the real app joins it with
# `bierkopf --join URI` as another account, its person takes the free chair in the lobby
# (Alt+S, "Sit Here") and plays the whole hand by key presses sent from outside
# (xdotool): Return answers each dialog with its default, the number keys play cards.
# Passes when the host has played the hand and exits 0. Screenshots of the lobby, the
# table and the result go to SCREENSHOT_DIR. The app's account is set up as a person's:
# the Friends settings (address, server, the server certificate's fingerprint trusted) in
# a keyfile, the password in a gnome-keyring-daemon on a private session bus the app runs on.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
cli=$2
prosody_run=$3
shots=$4
mkdir -p "$shots"
home=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
pid=
host=
BK_PROSODY_PID=
keyring=
bus=
cleanup () {
  for p in "$pid" "$host" "$BK_PROSODY_PID" "$keyring" "$bus"; do
    if [ -n "$p" ]; then kill "$p" 2>/dev/null || true; fi
  done
  # The app and the keyring write into $home until they are gone: wait for the children
  # (bounded by the kill above), then remove it.
  for p in "$pid" "$host" "$keyring"; do
    if [ -n "$p" ]; then wait "$p" 2>/dev/null || true; fi
  done
  rm -rf "$home" 2>/dev/null || { sleep 1; rm -rf "$home" || true; }
}
trap 'cleanup; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
echo "1..1"

bk_e2e_table_host "$cli" "$prosody_run" "$home" 200 180 ||
  { echo "not ok 1 no invitation from the host"; cat "$home/host.err"; exit 1; }

export HOME="$home" XDG_RUNTIME_DIR="$home/run"
export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GSETTINGS_BACKEND=keyfile GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
mkdir -p -m 700 "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME"

# The keyring on a bus of its own (never the person's), unlocked, and bob's password in it.
dbus-daemon --session --fork --print-address=3 --print-pid=4 3> "$home/bus" 4> "$home/bus.pid"
bus=$(cat "$home/bus.pid")
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$home/bus")
export DBUS_SESSION_BUS_ADDRESS
printf bk-test | G_DEBUG= gnome-keyring-daemon --foreground --unlock --components=secrets \
  > /dev/null 2>&1 &
keyring=$!
# on the bus before secret-tool asks for it (else the bus starts a second, locked one)
G_DEBUG= gdbus wait --session --timeout 30 org.freedesktop.secrets || true
stored=
for _ in $(seq 100); do
  if printf pw | G_DEBUG= secret-tool store --label=Bierkopf xdg:schema io.github.bierkopf.Bierkopf.Account \
       address "bob@$BK_PROSODY_DOMAIN" 2> /dev/null; then
    stored=1
    break
  fi
  sleep 0.1
done
[ -n "$stored" ] || { echo "not ok 1 the keyring took no password"; exit 1; }

# The account as the Friends page keeps it: the server's certificate trusted by fingerprint.
fingerprint=$(openssl x509 -noout -fingerprint -sha256 -in "$BK_PROSODY_CAFILE" | cut -d= -f2)
server=$(printf %s "$BK_PROSODY_SERVER" | tr '[:upper:]' '[:lower:]')
gsettings set io.github.bierkopf.Bierkopf.Friends address "bob@$BK_PROSODY_DOMAIN"
gsettings set io.github.bierkopf.Bierkopf.Friends server "$BK_PROSODY_SERVER"
gsettings set io.github.bierkopf.Bierkopf.Friends trusted-certificates \
  "{'$server': '$fingerprint'}"
"$app" --join "$uri" > "$home/app.log" 2>&1 &
pid=$!
shoot () { import -window root "$shots/$1.png"; echo "# screenshot $1"; }

# The lobby shows the chairs; the free one is taken by its mnemonic.
lobby=
for _ in $(seq 150); do
  lobby=$(xdotool search --onlyvisible --name '^Table with Friends$' 2>/dev/null | head -n 1) &&
    [ -n "$lobby" ] && break
  sleep 0.1
done
[ -n "$lobby" ] || { echo "not ok 1 no lobby"; cat "$home/app.log"; exit 1; }
sleep 2
shoot lobby
# On a busy machine a key sent before the lobby has the focus is lost: press Alt+S again
# until the lobby closes (it does when the hand is dealt, once the chair is taken); once
# seated the lobby has no Sit Here left, so a second press does nothing.
for _ in $(seq 30); do
  xdotool search --onlyvisible --name '^Table with Friends$' > /dev/null 2>&1 || break
  xdotool windowactivate --sync "$lobby" 2>/dev/null || true
  xdotool key alt+s
  sleep 1
done
sleep 1
shoot table

# The hand, by keys, until the host has played it (at most 120 rounds).
for _ in $(seq 120); do
  kill -0 "$host" 2>/dev/null || break
  xdotool key Return
  sleep 0.2
  for k in 1 2 3 4 5; do xdotool key "$k"; sleep 0.1; done
  sleep 0.3
done
shoot result
code=0
wait "$host" || code=$?
host=
if [ "$code" -ne 0 ] || ! grep -q '"winner"' "$home/host.out"; then
  echo "not ok 1 the host did not play the hand (exit $code)"
  sed 's/^/# /' "$home/host.err" | tail -n 20
  exit 1
fi
echo "# $(grep '"winner"' "$home/host.out" | head -n 1)"
echo "ok 1 the app joined by the link and played a hand at the host's table"
