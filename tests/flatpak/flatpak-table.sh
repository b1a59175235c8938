#!/usr/bin/env bash
# tests/flatpak/flatpak-table.sh [BUILD_FOLDER]: the installed Flatpak plays at a table on
# the loopback server (issue 24). Needs build-aux/flatpak-local to have built and installed
# it into BUILD_FOLDER (default _flatpak/), and the host's build in BK_BUILD_DIR (default
# _build/) for the `net` suite's Prosody fixture (tests/net/bk-prosody-run) and the host's
# bierkopf-cli; not part of `meson test`, build-aux/check-flatpak runs it.
#
# On the host: Prosody on 127.0.0.1, a free port, TLS with a self-signed certificate.
#  1. The host's `bierkopf-cli table host` opens a table of Bierkopf with one chair for
#     guest@localhost and three computer players; the sandboxed app's bierkopf-cli
#     (flatpak run --command=bierkopf-cli) joins it by the invitation and plays that chair
#     as a computer player. One hand: the guest in the sandbox says "deal and play
#     verified", and the host's record replays to the results it printed.
#  2. The reverse: the sandboxed app hosts (the room made on the service it finds), the
#     host's bierkopf-cli joins it; the same checks.
# Before that, the two permissions it takes are shown to be what lets it: with the
# network taken away at run time (flatpak run --unshare=network) the sandboxed guest
# cannot reach the server, and without the certificate's --filesystem it gets no secure
# connection (exit 3 both times, "the server refused us").
# The certificate to trust is readable in the sandbox through a --filesystem of this run
# only (read-only, a folder holding that file alone), never the manifest's; the guest's
# password file is in the sandbox's own folder (~/.var/app/ID). Both sides run with
# G_DEBUG=fatal-warnings. Every wait is bounded.
# Prints "ok"/"not ok" lines and exits non-zero on the first failure.
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

dir=$out/table
rm -rf "$dir"
mkdir -p "$dir"
bk_flatpak_env "$out" "$dir/home"
export LANG=C.UTF-8 LANGUAGE=en G_DEBUG=fatal-warnings
bk_flatpak_preflight flatpak prosody openssl timeout python3
flatpak info --user "$BK_APP_ID" >/dev/null 2>&1 ||
  bk_flatpak_fail "$BK_APP_ID is not installed in $FLATPAK_USER_DIR: run build-aux/flatpak-local first"

# A table's hand takes seconds; the bounds are for a busy machine.
TABLE_SECONDS=240
PASSWORD=table-pw

fail () {
  echo "not ok - $*"
  for log in "$dir"/*.err; do
    [ -s "$log" ] && sed "s|^|# $(basename "$log"): |" "$log" | tail -n 15
  done
  exit 1
}

prosody_pid=
pids=()
cleanup () {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -n "$prosody_pid" ]; then kill "$prosody_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

eval "$("$prosody_run" --daemon --user "host:$PASSWORD" --user "guest:$PASSWORD" \
  --lifetime $((4 * TABLE_SECONDS)) 2>"$dir/prosody.err")" ||
  fail "the Prosody fixture did not start"
prosody_pid=$BK_PROSODY_PID
echo "ok - Prosody on the host at $BK_PROSODY_SERVER (TLS, $BK_PROSODY_DOMAIN, $BK_PROSODY_MUC)"

# The certificate alone in a folder the sandbox may read, for this run only.
ca=$dir/ca
mkdir -p "$ca"
cp "$BK_PROSODY_CAFILE" "$ca/cafile.pem"
# Inside the sandbox ~/.var/app/ID is at the same path; the password files live there, for
# the sandboxed side, and next to the test's files, for the host's side.
var=$HOME/.var/app/$BK_APP_ID
mkdir -p "$var/config"
for user in host guest; do
  printf '%s\n' "$PASSWORD" >"$var/config/$user.pw"
  printf '%s\n' "$PASSWORD" >"$dir/$user.pw"
done
sandboxed=(flatpak run --user "--filesystem=$ca:ro" --command=bierkopf-cli "$BK_APP_ID")
# The sandbox sees the certificate, and no more of the test's files than that.
flatpak run --user "--filesystem=$ca:ro" --command=sh "$BK_APP_ID" -c \
  "test -r '$ca/cafile.pem' && test ! -e '$dir/host.pw' && test ! -e '$BK_PROSODY_DIR'" ||
  fail "the sandbox does not read $ca/cafile.pem, or sees the test's other files"
echo "ok - the sandbox reads the certificate through --filesystem=$ca:ro and nothing else of the test's"

# refused NAME WHAT [FLATPAK_RUN_OPTION...]: the sandboxed guest, run with these options
# (WHAT says which), is refused at once (exit 3) and says why.
refused () {
  local name=$1 what=$2 code=0
  shift 2
  timeout 60 flatpak run --user "$@" --command=bierkopf-cli "$BK_APP_ID" table join \
    --jid "guest@$BK_PROSODY_DOMAIN" --password-file "$var/config/guest.pw" \
    --server "$BK_PROSODY_SERVER" --cafile "$ca/cafile.pem" \
    --room "xmpp:nobody@$BK_PROSODY_MUC?join;password=none" --seat W --level heuristic \
    --timeout 30 >"$dir/$name.out" 2>"$dir/$name.err" || code=$?
  if [ "$code" -ne 3 ] || [ -s "$dir/$name.out" ]; then
    fail "$what: the sandboxed guest exited with $code, not 3 (refused)"
  fi
  echo "ok - $what: the sandboxed guest is refused: $(grep -m 1 'bierkopf-cli' "$dir/$name.err")"
}
refused no-network "without the network (--unshare=network)" "--filesystem=$ca:ro" --unshare=network
refused no-cafile "without the certificate's --filesystem"

# wait_line FILE PID: the first line of FILE (the host's invitation), while PID runs.
wait_line () {
  local _
  for _ in $(seq $((TABLE_SECONDS * 10))); do
    if [ -s "$1" ] && [ "$(wc -l <"$1")" -ge 1 ]; then
      head -n 1 "$1"
      return 0
    fi
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# play NAME HOST_SIDE GUEST_SIDE: HOST_SIDE (sandbox or host) opens a table of one hand
# with guest@localhost at W, GUEST_SIDE joins it and plays W as a computer player.
play () {
  local name=$1 host_side=$2 guest_side=$3
  local host_pw guest_pw cafile record host_pid guest_pid invitation
  local -a host_cmd guest_cmd
  local -a room=()
  if [ "$host_side" = sandbox ]; then
    host_cmd=("${sandboxed[@]}") host_pw=$var/config/host.pw cafile=$ca/cafile.pem
    record=$var/data/$name.record
    mkdir -p "$var/data"
  else
    host_cmd=("$cli") host_pw=$dir/host.pw cafile=$BK_PROSODY_CAFILE
    record=$dir/$name.record
    room=(--room "$name@$BK_PROSODY_MUC")
  fi
  timeout $((TABLE_SECONDS + 30)) "${host_cmd[@]}" table host --game bierkopf \
    --jid "host@$BK_PROSODY_DOMAIN" --password-file "$host_pw" \
    --server "$BK_PROSODY_SERVER" --cafile "$cafile" "${room[@]}" \
    --seats "S=heuristic,W=guest@$BK_PROSODY_DOMAIN,N=heuristic,E=heuristic" \
    --deals 1 --record "$record" --timeout "$TABLE_SECONDS" \
    >"$dir/$name-host.out" 2>"$dir/$name-host.err" &
  host_pid=$!
  pids+=("$host_pid")
  invitation=$(wait_line "$dir/$name-host.out" "$host_pid") ||
    fail "$name: the host ($host_side) gave no invitation"
  case $invitation in
    "xmpp:"*"@$BK_PROSODY_MUC?join;password="*) ;;
    *) fail "$name: the host's first line is no invitation: $invitation" ;;
  esac
  echo "ok - $name: the host ($host_side) opened the table $invitation"

  if [ "$guest_side" = sandbox ]; then
    guest_cmd=("${sandboxed[@]}") guest_pw=$var/config/guest.pw cafile=$ca/cafile.pem
  else
    guest_cmd=("$cli") guest_pw=$dir/guest.pw cafile=$BK_PROSODY_CAFILE
  fi
  timeout $((TABLE_SECONDS + 30)) "${guest_cmd[@]}" table join \
    --jid "guest@$BK_PROSODY_DOMAIN" --password-file "$guest_pw" \
    --server "$BK_PROSODY_SERVER" --cafile "$cafile" --room "$invitation" \
    --seat W --level heuristic --timeout "$TABLE_SECONDS" \
    >"$dir/$name-guest.out" 2>"$dir/$name-guest.err" &
  guest_pid=$!
  pids+=("$guest_pid")

  wait "$guest_pid" || fail "$name: the guest ($guest_side) exited with $?"
  wait "$host_pid" || fail "$name: the host ($host_side) exited with $?"
  python3 - "$dir/$name-guest.out" <<'PY' || fail "$name: the guest ($guest_side) did not verify the hand"
import json, sys
report = json.load(open(sys.argv[1]))
hands = report.get("hands", [])
assert report.get("verified") is True, report
assert [h.get("hand") for h in hands] == [1], report
assert all(h.get("verified") is True and h.get("message") == "deal and play verified"
           for h in hands), report
PY
  echo "ok - $name: the guest ($guest_side) played its chair; the hand: \"$(python3 -c \
    'import json, sys; print(json.load(open(sys.argv[1]))["hands"][0]["message"])' "$dir/$name-guest.out")\""
  # The host's record replays to the results the host printed after its invitation.
  [ -f "$record" ] || fail "$name: the host ($host_side) kept no record in $record"
  "$cli" replay "$record" >"$dir/$name-replayed.out" 2>"$dir/$name-replay.err" ||
    fail "$name: bierkopf-cli replay of the host's record failed"
  tail -n +2 "$dir/$name-host.out" | cmp -s - "$dir/$name-replayed.out" ||
    fail "$name: the host's record replays to other results than it printed: $(diff <(tail -n +2 "$dir/$name-host.out") "$dir/$name-replayed.out" | head -n 5)"
  echo "ok - $name: the host's record replays to the results it printed ($(grep -c . "$dir/$name-replayed.out") lines)"
}

play sandboxed-guest host sandbox
play sandboxed-host sandbox host
echo "ok - the sandboxed app played a hand at a table on the loopback server, as guest and as host"
