#!/bin/sh
# screens.sh: renders the screenshot harness's states (tests/ui/screens.c) of the build in
# BUILDDIR into OUTDIR, under a private Xvfb larger than the largest window, the pointer
# parked outside every window, with the build's schemas and translations.
#
#   tests/ui/screens.sh BUILDDIR OUTDIR [NAME…]
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILDDIR OUTDIR [NAME…]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
out=$2
shift 2
mkdir -p "$out"

export GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=test NO_AT_BRIDGE=1
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data"
export BIERKOPF_LOCALEDIR="$build/po" LANG=C.UTF-8 TZ=UTC
export G_DEBUG=fatal-criticals
unset LANGUAGE LC_ALL

exec xvfb-run -a -s '-screen 0 1600x1000x24 -noreset' \
  sh -c 'xdotool mousemove 1599 999 >/dev/null 2>&1 || true; exec "$0" "$@"' \
  "$build/tests/ui/screens" "$out" "$@"
