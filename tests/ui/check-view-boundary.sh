#!/bin/sh
# The view asks the session through bk-game-query.h and BkGame's getters and reads no
# hand state (issue 13): fails if a file under src/ui names BkHandState, its functions or
# bk_bierkopf_game_get_state() again, and says where.
#
# Usage: check-view-boundary.sh SOURCE_ROOT
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
root=${1:?usage: check-view-boundary.sh SOURCE_ROOT}

[ -d "$root/src/ui" ] || { echo "no $root/src/ui" >&2; exit 1; }
found=$(grep -rnE 'BkHandState|bk_bierkopf_game_get_state|bk_hand_state_|state->' "$root/src/ui" \
        --include='*.c' --include='*.h')
if [ -n "$found" ]; then
  echo "src/ui reads the hand state; ask through bk-game-query.h instead:" >&2
  echo "$found" >&2
  exit 1
fi
exit 0
