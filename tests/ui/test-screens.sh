#!/bin/sh
# test-screens.sh BUILDDIR: the screenshot harness (screens.c) renders a few of its states
# twice, and both times to the same bytes; every state it lists has a unique name. The
# whole list is compared by build-aux/compare-screens.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
build=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-screens-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
states="bierkopf-talk-en-bavarian-light-1280x800 bierkopf-result-en-french-dark-360x640
herzla-sheet-de-bavarian-light-1280x800 herzla-table-en-french-dark-360x640"
n=0

echo "1..3"
"$build/tests/ui/screens" --list >"$tmp/list"
count=$(wc -l <"$tmp/list")
if [ "$count" -ge 24 ] && [ "$(sort -u "$tmp/list" | wc -l)" -eq "$count" ]; then
  echo "ok 1 - $count states, each named once"
else
  echo "not ok 1 - $count states, or a name twice"
fi
for run in a b; do
  # shellcheck disable=SC2086
  "$here/screens.sh" "$build" "$tmp/$run" $states >"$tmp/$run.log" 2>&1 ||
    sed 's/^/# /' "$tmp/$run.log"
done
for state in $states; do
  [ -f "$tmp/a/$state.png" ] && [ -f "$tmp/b/$state.png" ] && n=$((n + 1))
done
if [ "$n" -eq 4 ]; then
  echo "ok 2 - 4 states rendered twice"
else
  echo "not ok 2 - $n of 4 states rendered twice"
fi
differ=
for state in $states; do
  cmp -s "$tmp/a/$state.png" "$tmp/b/$state.png" || differ="$differ $state"
done
if [ -z "$differ" ] && [ "$n" -eq 4 ]; then
  echo "ok 3 - the same bytes both times"
else
  echo "not ok 3 - rendered differently:$differ"
fi
