#!/usr/bin/env bash
# tests/flatpak/flatpak-e2e.sh [BUILD_FOLDER]: plays the installed Flatpak, not the build
# tree. Needs build-aux/flatpak-local to have built and installed it into BUILD_FOLDER
# (default _flatpak/); not part of `meson test`, build-aux/check-flatpak runs it.
#
#  1. The installed app asks for exactly the manifest's finish-args; inside its sandbox
#     the network is the host's (--share=network, for a table with friends), there is no
#     host folder, and the app links the runtime's libstrophe (the local build swaps
#     Debian's in for the manifest's module; /app holds none).
#  2. Under a virtual X display and a private session bus: start the app, play one
#     Bierkopf hand by keys (as tests/e2e/play-hand.sh does), quit with Ctrl+Q; the save is
#     in the sandbox's own data folder, ~/.var/app/io.github.bierkopf.Bierkopf/data.
#  3. Start again: the same session is resumed from there (same seed, the hand kept).
#     The translations of po/LINGUAS are in the sandbox, and fonts for Japanese and Korean
#     (fc-list :lang=ja, :lang=ko) that are the runtime's own.
#  5. Japanese and Korean: a screenshot of each (ja-table, ko-table).
#  4. Choose German in the app's settings (gsettings inside the sandbox, the keyfile
#     backend under ~/.var/app) with the system language English: the Preferences window
#     is called "Einstellungen", from the app's Locale extension.
# Screenshots go to BUILD_FOLDER/e2e/screenshots. Prints TAP-like "ok"/"not ok" lines and
# exits non-zero on the first failure.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/flatpak/flatpak-env.sh
source "$here/flatpak-env.sh"

if [ "${1:-}" != --inner ]; then
  out=${1:-${BK_FLATPAK_DIR:-$here/../../_flatpak}}
  [ -d "$out" ] || bk_flatpak_fail "no build folder $out: run build-aux/flatpak-local first"
  out=$(cd "$out" && pwd)
  rm -rf "$out/e2e"
  mkdir -p "$out/e2e/screenshots"
  bk_flatpak_env "$out" "$out/e2e/home"
  bk_flatpak_preflight flatpak xvfb-run dbus-run-session xdotool import python3
  flatpak info --user "$BK_APP_ID" >/dev/null 2>&1 ||
    bk_flatpak_fail "$BK_APP_ID is not installed in $FLATPAK_USER_DIR: run build-aux/flatpak-local first"

  # 1. Permissions: exactly the finish-args, nothing more.
  flatpak info --user --show-permissions "$BK_APP_ID" >"$out/e2e/permissions.txt"
  python3 - "$out/e2e/permissions.txt" "${BK_FINISH_ARGS[@]}" <<'PY'
import configparser, sys
path, *finish = sys.argv[1:]
expected = {}
for arg in finish:
    option, value = arg[2:].split("=")
    key = {"share": "shared", "socket": "sockets", "device": "devices"}[option]
    expected.setdefault(("Context", key), set()).add(value)
# Flatpak stores --socket=fallback-x11 as "x11;fallback-x11": X11 only where there is no
# Wayland.
if "fallback-x11" in expected.get(("Context", "sockets"), set()):
    expected[("Context", "sockets")].add("x11")
cp = configparser.ConfigParser(interpolation=None)
cp.optionxform = str
cp.read(path)
got = {(section, key): {v for v in value.split(";") if v}
       for section in cp.sections() for key, value in cp[section].items()}
got = {k: v for k, v in got.items() if v}
if got != expected:
    sys.exit("not ok - permissions: expected %s, the installed app has %s:\n%s"
             % (sorted(expected.items()), sorted(got.items()), open(path).read()))
print("ok - the installed app's permissions are exactly", " ".join(finish))
PY
  # The German translation comes in the app's Locale extension, as from Flathub.
  flatpak info --user "$BK_APP_ID.Locale" >/dev/null 2>&1 ||
    { echo "not ok - the Locale extension $BK_APP_ID.Locale is not installed"; exit 1; }
  echo "ok - the Locale extension is installed"
  # Inside the sandbox: the host's network interfaces (--share=network; without it only
  # the loopback of a namespace of its own), and neither the project nor the host's home.
  list_ifaces="tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sort | tr '\n' ' '"
  ifaces=$(flatpak run --user --command=sh "$BK_APP_ID" -c "$list_ifaces" 2>"$out/e2e/sandbox.err") ||
    { cat "$out/e2e/sandbox.err"; bk_flatpak_fail "flatpak run failed"; }
  host_ifaces=$(sh -c "$list_ifaces")
  [ "$ifaces" = "$host_ifaces" ] ||
    { echo "not ok - network interfaces in the sandbox: $ifaces, on the host: $host_ifaces"; exit 1; }
  echo "ok - the sandbox has the host's network (interfaces: $ifaces)"
  # The network layer is in the app, on the runtime's libstrophe (Debian's, swapped in for
  # the manifest's module by build-aux/flatpak-local), the file itself (/lib is a link to
  # /usr/lib).
  strophe=$(flatpak run --user --command=sh "$BK_APP_ID" -c \
    'ldd /app/bin/bierkopf /app/bin/bierkopf-cli | sed -n "s/^.*libstrophe.* => \([^ ]*\) .*$/\1/p" |
     xargs -r readlink -f | sort -u' \
    2>>"$out/e2e/sandbox.err" || true)
  copies=$(flatpak run --user --command=find "$BK_APP_ID" /app -name 'libstrophe*' 2>>"$out/e2e/sandbox.err" || true)
  # One line, so that the pattern cannot match across two.
  case $strophe in
    /usr/lib/*/libstrophe.so.*) [ "$(printf '%s\n' "$strophe" | wc -l)" -eq 1 ] && [ -z "$copies" ] ;;
    *) false ;;
  esac || { echo "not ok - the app's libstrophe is not the runtime's alone: '$strophe', in /app: '$copies'"; exit 1; }
  echo "ok - the app links the runtime's $strophe, and /app has no libstrophe"
  # (The folders above HOME exist in the sandbox, empty: Flatpak makes the path to HOME.)
  flatpak run --user --command=sh "$BK_APP_ID" -c \
    "test ! -e '$here/flatpak-e2e.sh' && test ! -e '$out/e2e/permissions.txt' &&
     test ! -e /usr/bin/flatpak && test -x /app/bin/bierkopf &&
     test -f /app/share/locale/de/LC_MESSAGES/bierkopf.mo" ||
    { echo "not ok - the sandbox sees host files, or /app lacks the app or its German"; exit 1; }
  echo "ok - the sandbox sees /app/bin/bierkopf and neither the project nor the host's files"
  # Issue 25: each language of po/LINGUAS from the Locale extension, and fonts for Japanese
  # and Korean inside the sandbox (the runtime's own, not the host's).
  for lang in $(grep -v '^#' "$here/../../po/LINGUAS"); do
    flatpak run --user --command=test "$BK_APP_ID" -f "/app/share/locale/$lang/LC_MESSAGES/bierkopf.mo" ||
      { echo "not ok - /app/share/locale/$lang/LC_MESSAGES/bierkopf.mo is not in the sandbox"; exit 1; }
  done
  echo "ok - the sandbox has the translations of $(grep -v '^#' "$here/../../po/LINGUAS" | tr '\n' ' ')"
  for lang in ja ko; do
    # Line-buffered: in this sandbox fontconfig's tools abort in FcFini() as they end
    # ("FcCacheFini: Assertion `fcCacheChains[i] == NULL' failed"; the app never calls it),
    # which would lose a buffered answer.
    fonts=$(flatpak run --user --command=stdbuf "$BK_APP_ID" -oL fc-list ":lang=$lang" file family \
      2>>"$out/e2e/sandbox.err" || true)
    font=$(printf '%s\n' "$fonts" | grep -v '^/run/host/' | sort | head -n 1 || true)
    [ -n "$font" ] || { echo "not ok - no font for :lang=$lang in the sandbox (fc-list)"; exit 1; }
    echo "ok - a font for :lang=$lang in the sandbox: $font"
  done
  # The font the app's italics come from is a file the sandbox has (ae31138: with the
  # host's font list, fontconfig answered with a host path that is not there).
  oblique=$(flatpak run --user --command=sh "$BK_APP_ID" -c \
    'f=$(stdbuf -oL fc-match -f "%{file}\n" "DejaVu Sans:oblique" 2>/dev/null); test -e "$f" && echo "$f"' \
    2>>"$out/e2e/sandbox.err" || true)
  case $oblique in
    /usr/share/fonts/*) echo "ok - DejaVu Sans oblique comes from $oblique, in the sandbox" ;;
    *) echo "not ok - DejaVu Sans oblique is not a file in the sandbox: '$oblique'"; exit 1 ;;
  esac

  exec xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- "$0" --inner "$out"
fi

# --- Inside the virtual display and the session bus -----------------------------------
out=$2
shots=$out/e2e/screenshots
bk_flatpak_env "$out" "$out/e2e/home"
export GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none LANG=C.UTF-8 LANGUAGE=en
var=$HOME/.var/app/$BK_APP_ID
save=$var/data/bierkopf/session.bierkopf
keyfile=$var/config/glib-2.0/settings/keyfile
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null || true' EXIT

fail () { echo "not ok - $*"; [ -f "$out/e2e/app.log" ] && tail -n 20 "$out/e2e/app.log" | sed 's/^/# /'; exit 1; }
shoot () { import -window root "$shots/$1.png"; echo "# screenshot $shots/$1.png"; }

# The main window's title, in the language the app speaks.
title=Bierkopf

# start NAME: runs the installed app, waits for its window (in $window).
start () {
  flatpak run --user "$BK_APP_ID" >>"$out/e2e/app.log" 2>&1 &
  pid=$!
  window=
  for _ in $(seq 600); do
    window=$(xdotool search --onlyvisible --name "^$title\$" 2>/dev/null | head -n 1) && [ -n "$window" ] && break
    kill -0 "$pid" 2>/dev/null || fail "$1: the app exited before showing its window"
    sleep 0.1
  done
  [ -n "$window" ] || fail "$1: no window within 60 s"
  xdotool windowsize "$window" 1024 720
  echo "ok - $1: the window is up"
}

# quit NAME: Ctrl+Q, which closes the window (saving the session) and ends the app. A
# dialog of the game (the talk, a hand's result) holds the keys while it is open, so it
# is answered with Return first; the next one may open meanwhile, hence the retries.
quit () {
  kill -0 "$pid" 2>/dev/null || fail "$1: the app ended before Ctrl+Q"
  for _ in $(seq 8); do
    if xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | grep -qvxF "$title"; then
      xdotool windowfocus --sync "$window" 2>/dev/null || true
      xdotool key Return
      sleep 1
    fi
    xdotool windowfocus --sync "$window" 2>/dev/null || true
    xdotool key ctrl+q
    for _ in $(seq 30); do
      kill -0 "$pid" 2>/dev/null || break 2
      sleep 0.1
    done
  done
  if kill -0 "$pid" 2>/dev/null; then
    fail "$1: the app did not quit on Ctrl+Q"
  fi
  wait "$pid" 2>/dev/null || fail "$1: the app exited with an error"
  pid=
  if grep -E 'CRITICAL|X Window System error|Segmentation' "$out/e2e/app.log"; then
    fail "$1: the app logged errors"
  fi
  echo "ok - $1: quit with Ctrl+Q"
}

# 2. One hand, played by keys.
start "first start"
sleep 1.5
shoot first-start
played=0
for round in $(seq 240); do
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key Return
  sleep 0.25
  for digit in 1 2 3 4 5; do
    xdotool key "$digit"
    sleep 0.05
  done
  if [ "$round" -eq 10 ]; then shoot mid-hand; fi
  if [ -f "$save" ] && grep -qE '^state .* phase 3( |$)' "$save"; then
    played=1
    break
  fi
  sleep 0.4
done
[ "$played" -eq 1 ] || fail "no hand was finished (no finished hand in $save)"
echo "ok - one hand played by keys, saved in the sandbox's data folder $save"
sleep 2
shoot hand-result
quit "first run"
[ -f "$save" ] || fail "no save file in $save after quitting"
seed=$(grep '^seed ' "$save") || fail "the save file has no seed line"
plays=$(grep -c '^play ' "$save" || true)
[ "$plays" -ge 20 ] || fail "the saved session has $plays cards played, not 20"
# No save may land outside the sandbox's own folder.
[ ! -e "$XDG_DATA_HOME/bierkopf" ] || fail "the app wrote to the host's $XDG_DATA_HOME/bierkopf"
if ! grep -qs '^window-width=' "$keyfile"; then
  fail "the window size was not stored through the keyfile backend in $keyfile"
fi
echo "ok - settings stored through the keyfile backend in $keyfile"

# 3. Resumed.
start "second start"
sleep 3
shoot resumed
grep -q 'damaged' "$out/e2e/app.log" && fail "the save was found damaged"
quit "second run"
grep -qxF "$seed" "$save" || fail "a new session was started instead of resuming ($seed)"
plays2=$(grep -c '^play ' "$save" || true)
[ "$plays2" -ge "$plays" ] || fail "the resumed session lost cards: $plays2 < $plays"
echo "ok - the session was resumed from $save ($seed, $plays2 cards)"

# 4. German, from the app's own setting, while the system language is English.
flatpak run --user --command=gsettings "$BK_APP_ID" set "$BK_APP_ID" language de ||
  fail "gsettings in the sandbox failed"
grep -q "^language='de'" "$keyfile" || fail "the language setting is not in $keyfile"
start "German start"
sleep 2
# A dialog of the game (the resumed session's talk or doubling, by its seed) holds the keys
# while it is open: it is answered with Return first, as in quit().
prefs=
for _ in $(seq 8); do
  if xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | grep -qvxF "$title"; then
    xdotool windowfocus --sync "$window" 2>/dev/null || true
    xdotool key Return
    sleep 1
  fi
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key ctrl+comma
  for _ in $(seq 20); do
    prefs=$(xdotool search --onlyvisible --name '^Einstellungen$' 2>/dev/null | head -n 1) && [ -n "$prefs" ] && break 2
    sleep 0.1
  done
done
shoot german-preferences
[ -n "$prefs" ] || fail "no window called 'Einstellungen' (the German for Preferences): $(xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | tr '\n' '|')"
echo "ok - German: the Preferences window is called 'Einstellungen'"
# Escape closes the Preferences (xdotool windowclose would destroy the X window under
# GTK's feet).
xdotool windowfocus --sync "$prefs" 2>/dev/null || true
xdotool key Escape
sleep 1
xdotool search --onlyvisible --name '^Einstellungen$' >/dev/null 2>&1 && fail "Escape did not close the Preferences"
shoot german-table
quit "German run"

# 5. Japanese and Korean on screen, in the runtime's own fonts (the screenshots are for the
# eye: no tofu boxes).
for lang in ja ko; do
  flatpak run --user --command=gsettings "$BK_APP_ID" set "$BK_APP_ID" language "$lang" ||
    fail "gsettings in the sandbox failed"
  title=$(sed -n '/^msgid "Bierkopf"$/{n;s/^msgstr "\(.*\)"$/\1/p}' "$here/../../po/$lang.po")
  start "$lang start"
  sleep 2
  shoot "$lang-table"
  quit "$lang run"
done
flatpak run --user --command=gsettings "$BK_APP_ID" reset "$BK_APP_ID" language
title=Bierkopf
echo "ok - the installed Flatpak played, resumed, spoke German, Japanese and Korean; screenshots in $shots"
