# tests/e2e/e2e-lib.sh: sourced by the scripts that drive the real game in the X display
# of the test run (tests/e2e/*.sh, tests/ui/test-a11y.sh).
#
#   bk_e2e_begin   marks every process started from here on (an environment variable
#                  they inherit) and fails unless the display answers;
#   bk_e2e_end     fails if a marked process outlives the script: a game, a D-Bus or
#                  AT-SPI service left behind would still be a client of the display
#                  when the next test starts. Call it last (e.g. at the end of the EXIT
#                  trap); it returns 1 after killing what it found. Its optional argument
#                  goes before each line it prints ("# " in a TAP test).
#   bk_e2e_table_host CLI PROSODY_RUN DIR LIFETIME TIMEOUT
#                  a loopback Prosody (alice and bob, password "pw"; LIFETIME seconds)
#                  and a table hosted on it by alice with `CLI table host` (S invited,
#                  the others computers, one deal, its --timeout TIMEOUT), its output in
#                  DIR/host.out and DIR/host.err; sets host (its pid) and uri (its
#                  invitation); returns 1 when no invitation came.
#
# SPDX-License-Identifier: GPL-3.0-or-later

bk_e2e_begin () {
  export BK_E2E_MARK="${0##*/}-$$-$RANDOM"
  # One try, no waiting: xvfb-run has the server up before the tests start, and a server
  # started with -noreset never refuses a client (tests/e2e/x-display.sh).
  xdotool getdisplaygeometry >/dev/null 2>&1 ||
    { echo "not ok: the X display ${DISPLAY:-(none)} does not answer"; exit 1; }
}

# bk_e2e_marked: the marked processes other than this shell, in the array bk_e2e_left.
# Builtins only, so that the scan starts no marked process of its own.
bk_e2e_marked () {
  local environ pid var vars
  bk_e2e_left=()
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    [ "$pid" != "$$" ] || continue
    mapfile -d '' -t vars 2>/dev/null < "$environ" || continue
    for var in "${vars[@]}"; do
      if [ "$var" = "BK_E2E_MARK=$BK_E2E_MARK" ]; then
        bk_e2e_left+=("$pid")
        break
      fi
    done
  done
}

bk_e2e_end () {
  local prefix=${1:-} i pid
  [ -n "${BK_E2E_MARK:-}" ] || return 0
  # What the script just stopped may take a moment to quit (the game saves on SIGTERM).
  for ((i = 0; i < 50; i++)); do
    bk_e2e_marked
    [ ${#bk_e2e_left[@]} -gt 0 ] || return 0
    sleep 0.1
  done
  echo "${prefix}not ok: processes outlive the test:"
  for pid in "${bk_e2e_left[@]}"; do
    echo "${prefix}#   $pid $(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)"
  done
  kill -9 "${bk_e2e_left[@]}" 2>/dev/null || true
  return 1
}

bk_e2e_table_host () {
  local cli=$1 prosody_run=$2 dir=$3 lifetime=$4 timeout=$5
  eval "$("$prosody_run" --daemon --user alice:pw --user bob:pw --lifetime "$lifetime")"
  echo pw > "$dir/pw"
  "$cli" table host --jid "alice@$BK_PROSODY_DOMAIN" --password-file "$dir/pw" \
    --server "$BK_PROSODY_SERVER" --cafile "$BK_PROSODY_CAFILE" \
    --seats S=invite,W=heuristic,N=heuristic,E=heuristic --deals 1 --timeout "$timeout" \
    > "$dir/host.out" 2> "$dir/host.err" &
  host=$!
  for _ in $(seq 100); do
    [ -s "$dir/host.out" ] && break
    sleep 0.1
  done
  uri=$(head -n 1 "$dir/host.out")
  case "$uri" in
    xmpp:*) ;;
    *) return 1 ;;
  esac
}
