#!/bin/bash
# tests/e2e/guest-link.sh BIERKOPF DESKTOP_FILE SCREENSHOT_DIR (issue 32): a click on a
# friend's clickable link, as the desktop file runs it (`bierkopf bierkopf:xmpp:…`), for a
# person with no account and an empty keyring: the desktop file claims the game's own
# scheme (never xmpp:, the chat client's) and passes the link (%u); the app starts with
# the join dialog ("Join a Table", the name field); the same link clicked again while the
# app runs goes to that app (the second start ends 0) and, once the person agrees to leave
# his hand alone (Return), shows the dialog there again. No server is needed: the dialog
# comes before any login. Screenshots go to SCREENSHOT_DIR.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

app=$1
desktop=$2
shots=$3
mkdir -p "$shots"
work=$(mktemp -d)
source "$(dirname "$0")/e2e-lib.sh"
source "$(dirname "$0")/two-apps-lib.sh"
trap 'two_apps_stop; rm -rf "$work"; bk_e2e_end "# " || exit 1' EXIT
bk_e2e_begin
echo "1..3"
fail () {
  echo "not ok $*"
  for f in "$work"/guest.*.log "$work/guest.again.log"; do
    [ -f "$f" ] && sed "s|^|# $(basename "$f"): |" "$f" | tail -n 20
  done
  exit 1
}

link='bierkopf:xmpp:bierkopf-0@conference.example.org?join;password=abc;guests=guest.example.org'

# 1: the desktop file is the handler of bierkopf: links alone, and passes the link on
grep -qx 'MimeType=x-scheme-handler/bierkopf;' "$desktop" || fail "1 no bierkopf: handler"
grep -q 'x-scheme-handler/xmpp' "$desktop" && fail "1 the desktop file claims xmpp:"
grep -qx 'Exec=bierkopf %u' "$desktop" || fail "1 the Exec line passes no link"
echo "ok 1 the desktop file handles bierkopf: links and passes them on"

# 2: a fresh app (no account, an empty keyring on its own bus) started by the click
two_apps_display guest
cat > "$work/guest.account" <<EOF2
printf bk-test | G_DEBUG= gnome-keyring-daemon --foreground --unlock --components=secrets \
  > /dev/null 2>&1 &
G_DEBUG= gdbus wait --session --timeout 30 org.freedesktop.secrets
EOF2
two_apps_start guest "$app" "$link"
two_apps_window guest '^Join a Table$' 60 || fail "2 no join dialog at the start"
two_apps_find guest '^Your Name$' 30 > /dev/null || fail "2 the dialog has no name field"
sleep 1
two_apps_shoot guest started
echo "ok 2 the link clicked starts the app with the join dialog"

# 3: clicked again while the app runs: the running app takes it
dialog_shown () {
  DISPLAY="$guest_display" xdotool search --onlyvisible --name '^Join a Table$' \
    > /dev/null 2>&1
}
two_apps_key guest Escape
for _ in $(seq 50); do
  dialog_shown || break
  sleep 0.1
done
dialog_shown && fail "3 Escape did not close the join dialog"
code=0
two_apps_again guest 60 "$app" "$link" || code=$?
[ "$code" -eq 0 ] || fail "3 the second start exited $code"
kill -0 "$guest_pid" 2>/dev/null || fail "3 the running app went away"
for _ in $(seq 30); do
  two_apps_window guest '^Join a Table$' 1 && break
  # a hand alone in play is asked about first; Return answers Join
  two_apps_key guest Return
done
two_apps_window guest '^Join a Table$' 1 || fail "3 no join dialog in the running app"
two_apps_shoot guest running
echo "ok 3 the link clicked again opens the join dialog in the running app"
