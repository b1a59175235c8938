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

# Issue 34.15: the shared view (everything under src/ui but a game's own folder) names no
# game's own action kinds; it asks the game's view (bk-game-view.h). BK_ACTION_PLAY is
# every game's.
games=$(ls -d "$root"/src/ui/*/ | while read -r d; do
          n=$(basename "$d")
          [ -f "$d/bk-$n-view.c" ] && printf '%s\n' "$n"
        done)
[ -n "$games" ] || { echo "no game view folders under $root/src/ui" >&2; exit 1; }
kinds=$(grep -rhoE '#define BK_ACTION_[A-Z_]+' "$root/src/engine" | sed 's/#define //' |
        grep -vx BK_ACTION_PLAY | sort -u)
[ -n "$kinds" ] || { echo "no game action kinds found in $root/src/engine" >&2; exit 1; }
pattern=$(printf '%s\n' $kinds | paste -sd'|')
found=$(grep -rnwE "$pattern" "$root/src/ui" --include='*.c' --include='*.h' |
        while IFS= read -r line; do
          rel=${line#"$root/src/ui/"}
          dir=${rel%%/*}
          printf '%s\n' "$games" | grep -qx "$dir" || printf '%s\n' "$line"
        done)
if [ -n "$found" ]; then
  echo "the shared view names a game's action; ask the game's view (bk-game-view.h):" >&2
  echo "$found" >&2
  exit 1
fi
exit 0
