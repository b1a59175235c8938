# tests/e2e/two-apps-lib.sh: sourced by the tests with two real app processes at one table
# (issue 24): each app has its own home, its own X display (Xvfb -displayfd, with openbox
# to place and focus its windows) and its own D-Bus session (so that both can run, and so
# that AT-SPI can read each one). Needs e2e-lib.sh sourced first and $work, a temp dir.
#
#   two_apps_display NAME          starts a display, sets NAME_display (":N")
#   two_apps_account NAME JID      the account NAME's app plays with, set up as a person
#                                  does (settings and the keyring)
#   two_apps_start NAME ARGS…      starts the app as NAME (again, after a kill), sets
#                                  NAME_pid (the app itself) and NAME_log
#   two_apps_running NAME JID APP  NAME's display, its account JID (two_apps_account) and
#                                  APP started there with its main window shown (returns 1
#                                  without one), a moment to settle
#   two_apps_again NAME SECS ARGS… the app started once more in NAME's session (its bus,
#                                  home and display), as a second start by the person:
#                                  waits up to SECS for it to end, returns its exit status
#                                  (124 when it did not end); its output in $work/NAME.again.log
#   two_apps_find NAME REGEX SECS  the first text of NAME's AT-SPI tree matching REGEX
#   two_apps_key NAME KEYS…        key presses to NAME's focused window
#   two_apps_focus NAME            focuses NAME's main window
#   two_apps_shoot NAME STAGE      a screenshot of NAME's display as $shots/STAGE-NAME.png
#   two_apps_stop                  stops everything started here (the EXIT trap)
#   two_apps_stop_table            two_apps_stop, then the table's host ($host) and server
#                                  ($BK_PROSODY_PID, bk_e2e_table_host) too; $work removed
#   two_apps_lobby NAME            the id of NAME's shown lobby window, if any
#   two_apps_backtraces            the stack of each app that dumped core (with gdb), for
#                                  a failed test's log
#
# SPDX-License-Identifier: GPL-3.0-or-later

two_apps_pids=()
two_apps_sessions=()

two_apps_display () {
  local name=$1 fd_file="$work/$1.display" n=
  : > "$fd_file"
  Xvfb -displayfd 3 -screen 0 1280x800x24 -noreset -nolisten tcp 3> "$fd_file" \
    > "$work/$name.xvfb.log" 2>&1 &
  two_apps_pids+=($!)
  for _ in $(seq 100); do
    n=$(head -n 1 "$fd_file")
    [ -n "$n" ] && break
    sleep 0.1
  done
  [ -n "$n" ] || { echo "not ok: no X display for $name"; exit 1; }
  printf -v "${name}_display" ':%s' "$n"
  DISPLAY=":$n" openbox > "$work/$name.openbox.log" 2>&1 &
  two_apps_pids+=($!)
  sleep 0.5
}

# The account as a person sets it up (src/ui/friends/bk-account.c): the Friends settings
# (address, server, the server certificate's fingerprint trusted) in NAME's keyfile, and
# the password ("pw" for every account of the test's server) in a gnome-keyring-daemon on
# NAME's own session bus, started with the app (two_apps_start runs $work/NAME.account).
two_apps_account () {
  local name=$1 jid=$2 fingerprint server
  fingerprint=$(openssl x509 -noout -fingerprint -sha256 -in "$BK_PROSODY_CAFILE" | cut -d= -f2)
  server=$(printf %s "$BK_PROSODY_SERVER" | tr '[:upper:]' '[:lower:]')
  cat > "$work/$name.account" <<EOF2
printf bk-test | G_DEBUG= gnome-keyring-daemon --foreground --unlock --components=secrets \
  > /dev/null 2>&1 &
# the keyring on the bus before secret-tool asks for it: else the bus starts a second,
# locked one that prompts (and, with the session's G_DEBUG, secret-tool and the prompter
# trap: the app never started, on a busy machine)
G_DEBUG= gdbus wait --session --timeout 30 org.freedesktop.secrets
for _ in \$(seq 100); do
  printf pw | G_DEBUG= secret-tool store --label=Bierkopf xdg:schema io.github.bierkopf.Bierkopf.Account \
    address '$jid' 2> /dev/null && break
  sleep 0.1
done
gsettings set io.github.bierkopf.Bierkopf.Friends address '$jid'
gsettings set io.github.bierkopf.Bierkopf.Friends server '$BK_PROSODY_SERVER'
gsettings set io.github.bierkopf.Bierkopf.Friends trusted-certificates "{'$server': '$fingerprint'}"
EOF2
}
two_apps_start () {
  local name=$1 display_var="${1}_display" home="$work/$1"
  local language_var="${1}_language" n=0
  shift
  while [ -e "$work/$name.$n.log" ]; do n=$((n + 1)); done
  printf -v "${name}_log" '%s' "$work/$name.$n.log"
  rm -f "$work/$name.pid" "$work/$name.bus"
  mkdir -p "$home/run"
  chmod 700 "$home/run"
  env HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" \
    XDG_CACHE_HOME="$home/cache" XDG_RUNTIME_DIR="$home/run" DISPLAY="${!display_var}" \
    G_DEBUG=fatal-warnings GSETTINGS_BACKEND=keyfile GDK_BACKEND=x11 GSK_RENDERER=cairo LANG=C.UTF-8 \
    LANGUAGE="${!language_var:-en}" \
    dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" > "$0.bus"
      . "$0.account"
      # a crash leaves a core in its home, for two_apps_backtraces
      ulimit -c unlimited 2> /dev/null || true
      cd "$HOME"
      "$@" & echo $! > "$0.pid"; wait $!' "$work/$name" "$@" \
    > "$work/$name.$n.log" 2>&1 &
  two_apps_pids+=($!)
  two_apps_sessions+=($!)
  # the account's set-up (the keyring, the settings) runs first: on a busy machine that
  # takes a while, so wait up to a minute
  for _ in $(seq 600); do
    [ -s "$work/$name.pid" ] && [ -s "$work/$name.bus" ] && break
    sleep 0.1
  done
  printf -v "${name}_pid" '%s' "$(cat "$work/$name.pid")"
  two_apps_pids+=("$(cat "$work/$name.pid")")
}

two_apps_again () {
  local name=$1 secs=$2 display_var="${1}_display" home="$work/$1"
  local language_var="${1}_language"
  shift 2
  env HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" \
    XDG_CACHE_HOME="$home/cache" XDG_RUNTIME_DIR="$home/run" DISPLAY="${!display_var}" \
    DBUS_SESSION_BUS_ADDRESS="$(cat "$work/$name.bus")" G_DEBUG=fatal-warnings \
    GSETTINGS_BACKEND=keyfile GDK_BACKEND=x11 GSK_RENDERER=cairo LANG=C.UTF-8 \
    LANGUAGE="${!language_var:-en}" timeout "$secs" "$@" >> "$work/$name.again.log" 2>&1
}

two_apps_find () {
  local display_var="${1}_display"
  DISPLAY="${!display_var}" DBUS_SESSION_BUS_ADDRESS="$(cat "$work/$1.bus")" \
    timeout $(($3 + 10)) /usr/bin/python3 "$(dirname "$0")/atspi-find.py" "$2" "$3" 2>/dev/null
}

# two_apps_window NAME TITLE SECS: waits for a visible window of NAME's display so titled.
two_apps_window () {
  local display_var="${1}_display" i
  for ((i = 0; i < $3 * 10; i++)); do
    DISPLAY="${!display_var}" xdotool search --onlyvisible --name "$2" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

two_apps_key () {
  local display_var="${1}_display"
  shift
  DISPLAY="${!display_var}" xdotool key --delay 60 "$@"
}

two_apps_focus () {
  local display_var="${1}_display" window
  window=$(DISPLAY="${!display_var}" xdotool search --onlyvisible --name '^Bierkopf$' \
    2>/dev/null | head -n 1) || true
  [ -z "$window" ] || DISPLAY="${!display_var}" xdotool windowactivate --sync "$window" \
    >/dev/null 2>&1 || true
}

two_apps_shoot () {
  local display_var="${1}_display"
  DISPLAY="${!display_var}" import -window root "$shots/$2-$1.png"
  echo "# screenshot $2-$1"
}

# The apps first: each D-Bus session (and its AT-SPI bus) ends when its app has quit.
two_apps_stop () {
  local i pid alive
  for pid in "${host_pid:-}" "${guest_pid:-}"; do
    [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  done
  for ((i = 0; i < 50; i++)); do
    alive=0
    for pid in "${two_apps_sessions[@]}"; do
      ! kill -0 "$pid" 2>/dev/null || alive=1
    done
    [ "$alive" -eq 1 ] || break
    sleep 0.1
  done
  for ((i = ${#two_apps_pids[@]} - 1; i >= 0; i--)); do
    kill "${two_apps_pids[$i]}" 2>/dev/null || true
  done
}

two_apps_stop_table () {
  local p
  two_apps_stop
  for p in "$host" "$BK_PROSODY_PID"; do
    [ -z "$p" ] || kill "$p" 2>/dev/null || true
  done
  [ -z "$host" ] || wait "$host" 2>/dev/null || true
  rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work" || true; }
}

two_apps_lobby () {
  local display_var="${1}_display"
  DISPLAY="${!display_var}" xdotool search --onlyvisible --name '^Table with Friends$' \
    2>/dev/null | head -n 1
}

two_apps_running () {
  two_apps_display "$1"
  two_apps_account "$1" "$2"
  two_apps_start "$1" "$3"
  two_apps_window "$1" '^Bierkopf$' 60 || return 1
  sleep 2
}

# An app that dies of a fatal warning (G_DEBUG=fatal-warnings: SIGTRAP) or a crash leaves
# a core in its home (where two_apps_start runs it, when the kernel's core_pattern is a
# plain file name); its stack says where, which a log's last lines do not.
two_apps_backtraces () {
  local core
  command -v gdb > /dev/null || return 0
  for core in "$work"/*/core*; do
    [ -f "$core" ] || continue
    echo "# --- the stack of ${core#"$work"/}"
    timeout 60 gdb -batch -nx -ex 'bt 40' "$app" "$core" 2>&1 |
      grep -E '^#[0-9]' | sed 's/^/# /' || true
  done
}
