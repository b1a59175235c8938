#!/bin/bash
# tests/ui/test-a11y.sh BIERKOPF: runs test-a11y.py in a D-Bus session of its own. The TAP
# lines go out on fd 3, since the session's accessibility services write to stdout. The
# session's bus, AT-SPI's bus and registry are clients of the test run's display: none may
# outlive the test (tests/e2e/e2e-lib.sh).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
exec 3>&1
for tool in dbus-run-session xdotool; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is missing"; exit 1; }
done
/usr/bin/python3 -c 'import dogtail' 2>/dev/null ||
  { echo "Bail out! dogtail is missing (Debian: python3-dogtail)"; exit 1; }
source "$(dirname "$0")/../e2e/e2e-lib.sh"
bk_e2e_begin
status=0
BK_TAP_FD=3 dbus-run-session -- /usr/bin/python3 "$(dirname "$0")/test-a11y.py" "$1" >&2 || status=$?
# As TAP comments.
bk_e2e_end "# " || status=1
exit "$status"
